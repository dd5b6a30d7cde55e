"""Why two entries contradict, in plain words (English, or Chinese when the entries are Chinese),
and who found it; what a promotion was proposed on, how stale a belief is and what to ask of it: what a person reads, on the dashboard and in the
terminal (``dmem contradictions``, ``dmem review``).

Built from the verdict's contract, ``edge["reason_data"]`` (detection/contract.py: kind, holder,
predicate, both phrases, language, and for a change over time which side says it ended, the days
each was written and which is current), never from the reason string. An edge written before that
contract has only its string; :func:`reason_contract` reads it the one documented way.
"""

from __future__ import annotations

import re

EN = {
    "value": "They give different answers: “{a}” vs “{b}”.",
    "value_topic": "Both say {topic}: {a} vs {b}.",
    "antonym": "Opposite preferences: “{a}” vs “{b}”.",
    "negation": "One says it, the other denies it: “{a}” vs “{b}”.",
    "implicit": "One rules the other out: “{a}” vs “{b}”.",
    "order": "Opposite order of preference: {a} vs {b}.",
    "frequency": "They disagree on how often: “{a}” vs “{b}”.",
    "scoped": "They disagree about the same situation: “{a}” vs “{b}”.",
    "temporal": "A change over time: “{a}” vs “{b}”.",
    "temporal_ended": "One says it is over, the other that it holds: “{ended}” vs “{holds}”.",
    "current": " The later entry ({date}) says “{phrase}”.",
    "update": "This changed over time: first “{earlier}” ({earlier_date}), now “{later}” ({later_date}).",
    "judge": "In the model's words: {text}",
    "semantic": "Close in meaning, yet they look incompatible: “{a}” vs “{b}”.",
    "pair": "“{a}” vs “{b}”.",
    "as_written": "As noted: {text}",
    "stated_observed": "What the user said differs from what was observed.",
    "by_hand": "Linked by hand: {text}",
    "by_hand_plain": "Linked by hand.",
    "holder": "About {holder}: ",
    "user": "the user",
    "relative": "the user's {relation}",
    "holder_topic": "{holder}'s {topic}",
    "over": " over ",
    "vs": " vs ",
}
ZH = {
    "value": "两条给出不同的答案：“{a}”与“{b}”。",
    "value_topic": "两条都说了{topic}：{a} 与 {b}。",
    "antonym": "偏好相反：“{a}”与“{b}”。",
    "negation": "一条肯定，一条否定：“{a}”与“{b}”。",
    "implicit": "一条排除了另一条：“{a}”与“{b}”。",
    "order": "偏好的先后相反：{a} 与 {b}。",
    "frequency": "频率说法不同：“{a}”与“{b}”。",
    "scoped": "同一情境下说法不同：“{a}”与“{b}”。",
    "temporal": "前后发生了变化：“{a}”与“{b}”。",
    "temporal_ended": "一条说已经结束，一条说仍然如此：“{ended}”与“{holds}”。",
    "current": "较新的一条（{date}）说“{phrase}”。",
    "update": "情况前后变了：先是“{earlier}”（{earlier_date}），现在是“{later}”（{later_date}）。",
    "judge": "模型的说法：{text}",
    "semantic": "意思相近，却像是互相矛盾：“{a}”与“{b}”。",
    "pair": "“{a}”与“{b}”。",
    "as_written": "记录的说法：{text}",
    "stated_observed": "用户说的与观察到的不一致。",
    "by_hand": "手动标记：{text}",
    "by_hand_plain": "手动标记。",
    "holder": "关于{holder}：",
    "user": "用户",
    "relative": "用户的{relation}",
    "holder_topic": "{holder}的{topic}",
    "over": "优先于",
    "vs": " 与 ",
}
# What a value's slot is about, in words (any other slot is named as the detector names it).
TOPICS = {
    "residence": ("where {holder} lives", "{holder}住在哪里"),
    "employer": ("where {holder} works", "{holder}在哪里工作"),
    "job": ("{holder}'s job", "{holder}的职业"),
    "name": ("{holder}'s name", "{holder}的名字"),
    "age": ("{holder}'s age", "{holder}的年龄"),
    "os": ("which operating system {holder} uses", "{holder}用的操作系统"),
    "school": ("where {holder} studies", "{holder}在哪里上学"),
    "hometown": ("{holder}'s hometown", "{holder}的家乡"),
    "birthday": ("{holder}'s birthday", "{holder}的生日"),
}
# The people a claim may be held by, as the detector names them, in the Chinese a page reads.
RELATIONS_ZH = {
    "husband": "丈夫", "wife": "妻子", "partner": "伴侣", "spouse": "配偶", "sister": "姐妹", "brother": "兄弟",
    "sibling": "兄弟姐妹", "mother": "母亲", "father": "父亲", "parent": "父母", "son": "儿子", "daughter": "女儿",
    "child": "孩子", "friend": "朋友", "manager": "上司", "colleague": "同事", "roommate": "室友",
    "boyfriend": "男朋友", "girlfriend": "女朋友", "family": "家人", "neighbour": "邻居", "doctor": "医生",
    "dog": "狗", "cat": "猫", "pet": "宠物", "client": "客户", "landlord": "房东", "teacher": "老师",
}
HAND_MADE = ("marked by a person", "")
KIND_WORDED = frozenset(("value", "antonym", "negation", "implicit", "order", "frequency", "scoped", "temporal",
                         "update", "judge", "semantic"))


def contains_cjk(text: str) -> bool:
    """Whether ``text`` has a Chinese (CJK) character: such text is marked ``lang="zh"`` on a page
    and its contradiction reasons are written in Chinese."""
    return any("\u3000" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" for char in text or "")


def reason_contract(edge: dict) -> dict:
    """What the detector said of an edge, as the verdict contract (detection/contract.py): its
    ``reason_data``, or for an edge written before the contract what its reason string carries."""
    data = edge.get("reason_data")
    if isinstance(data, dict) and data.get("kind"):
        return data
    from ..detection.contract import from_reason_text

    return {**from_reason_text(str(edge.get("reason") or "")), **(data if isinstance(data, dict) else {})}


def plain_reason(edge: dict) -> str:
    """One sentence a person can read; the detector's own words stay in ``edge["reason"]``."""
    chinese = contains_cjk(edge.get("from_text") or "") and contains_cjk(edge.get("to_text") or "")
    words = ZH if chinese else EN  # a mixed pair reads in the dashboard's English
    reason = str(edge.get("reason") or "").strip()
    if edge.get("author") == "person":
        return words["by_hand_plain"] if reason in HAND_MADE else words["by_hand"].format(text=reason)
    data = reason_contract(edge)
    kind = str(data.get("kind") or "")
    if kind not in KIND_WORDED or (kind != "judge" and not (data.get("a") and data.get("b"))):
        return _unstructured(reason, words)
    texts = (str(edge.get("from_text") or ""), str(edge.get("to_text") or ""))
    data = {**data, "holder": _as_written(str(data.get("holder") or ""), texts)}
    prefix, sentence = _holder_prefix(data, kind, words), _sentence(kind, data, words)
    return prefix + (sentence[:1].lower() + sentence[1:] if prefix and words is EN else sentence)


def _sentence(kind: str, data: dict, words: dict) -> str:
    a, b = str(data.get("a", "")).strip(), str(data.get("b", "")).strip()
    if kind == "judge":
        return words["judge"].format(text=str(data.get("text") or "").strip() or "—")
    if kind == "value":
        topic = _topic(data, words)
        return words["value_topic"].format(topic=topic, a=a, b=b) if topic else words["value"].format(a=a, b=b)
    if kind == "order":
        a, b = a.replace(">", words["over"]), b.replace(">", words["over"])
    if kind == "temporal":
        return _change(data, a, b, words)
    if kind == "update":
        return _update(data, a, b, words)
    return words[kind].format(a=a, b=b)


def _change(data: dict, a: str, b: str, words: dict) -> str:
    """A change over time: which side says the state is over, and which side was written later."""
    ended = data.get("ended")
    if ended not in ("a", "b"):
        sentence = words["temporal"].format(a=a, b=b)
    else:
        sentence = words["temporal_ended"].format(ended=a if ended == "a" else b, holds=b if ended == "a" else a)
    current, dates = data.get("current"), data.get("dates")
    if current in ("a", "b") and isinstance(dates, list) and len(dates) == 2 and dates[0] != dates[1]:
        sentence += words["current"].format(date=dates[0 if current == "a" else 1], phrase=a if current == "a" else b)
    return sentence


def _update(data: dict, a: str, b: str, words: dict) -> str:
    """A state that changed: the earlier side, then the later one, each with its date."""
    current, dates = data.get("current"), data.get("dates")
    if current not in ("a", "b") or not (isinstance(dates, list) and len(dates) == 2):
        return words["temporal"].format(a=a, b=b)
    later = 0 if current == "a" else 1
    sides, days = (a, b), [str(day) for day in dates]
    return words["update"].format(earlier=sides[1 - later], earlier_date=days[1 - later],
                                  later=sides[later], later_date=days[later])


def _topic(data: dict, words: dict) -> str:
    slot = str(data.get("slot") or "")
    if not slot:
        return ""
    holder = _holder_name(data, words) or words["user"]
    known = TOPICS.get(slot)
    if known:
        return known[1 if words is ZH else 0].format(holder=holder)
    return words["holder_topic"].format(holder=holder, topic=_slot_words(slot))


def _slot_words(slot: str) -> str:
    """"count:child" → "number of child", "version:python" → "python version", "product:browser" → "browser"."""
    head, colon, rest = slot.partition(":")
    if not colon:
        return slot
    return {"count": f"number of {rest}", "version": f"{rest} version"}.get(head, rest)


def _holder_prefix(data: dict, kind: str, words: dict) -> str:
    holder = _holder_name(data, words)
    if not holder or (kind == "value" and data.get("slot")):
        return ""  # the user's own claim, or a value whose topic names the holder already
    return words["holder"].format(holder=holder)


def _as_written(holder: str, texts: tuple[str, ...]) -> str:
    """A holder key whose name the entries write ("person:ada" in "Ada lost her job") with the
    name as they write it ("person:Ada"): the key is lowercase, a reader expects "About Ada"."""
    kind, colon, rest = holder.partition(":")
    name, slash, relation = rest.partition("/")
    if not colon or not name:
        return holder
    for text in texts:
        found = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)
        if found:
            return f"{kind}:{found.group(0)}{slash}{relation}"
    return holder


def _holder_name(data: dict, words: dict) -> str:
    """Whose claim it is, as a reader says it: "person:sam/partner" → "sam", "machine:quill" →
    "quill", "manager" → "the user's manager", "" (the user) → ""."""
    holder = str(data.get("holder") or "").split("/")[0]
    kind, colon, name = holder.rpartition(":")
    if colon:
        return name
    relation = RELATIONS_ZH.get(holder, holder) if words is ZH else holder
    return words["relative"].format(relation=relation) if holder else ""


def _unstructured(text: str, words: dict) -> str:
    """A reason no contract reads: a stated↔observed pair, or a custom detector's own words."""
    vs = words["vs"]
    head, _, detail = text.partition(":")
    if head.replace(" ", "") in ("stated↔observed", "observed↔stated"):
        said = words["stated_observed"]
        if not detail.strip():
            return said
        return said[:-1] + (": " if words is EN else "：") + " ".join(detail.replace("↔", vs).split()) + said[-1]
    left, arrow, right = text.partition("↔")
    if arrow and left.strip() and right.strip() and ":" not in left:
        return words["pair"].format(a=left.strip(), b=right.strip())
    if not text:
        return words["pair"].format(a="—", b="—")
    return words["as_written"].format(text=" ".join(text.replace("↔", vs).split()))


FINDERS = {"person": "you, by hand", "agent": "the agent", "maintenance": "maintenance", "sync": "a sync (edited on two devices)", "cli": "the command line"}


def found_by(edge: dict) -> str:
    """Who flagged the pair, in plain words (``detector:rules`` is the automatic check)."""
    author = str(edge.get("author") or "")
    if author.startswith("detector:"):
        return "the automatic check"
    if author.startswith("judge:"):
        return f"the model {author.removeprefix('judge:')}"
    return FINDERS.get(author, author or "someone")


def promotion_evidence(check) -> str:
    """What a promotion was proposed on, against SPEC §4's thresholds (a ``PromotionCheck``):
    "used or seen 2 times (needs 2), 5 days old (needs 3), confidence 0.56 (needs 0.50)"."""
    need = check.threshold
    return (f"used or seen {check.hits} time{'' if check.hits == 1 else 's'} (needs {need.hits}), "
            f"{check.age_days:.0f} days old (needs {need.age_days}), "
            f"confidence {check.confidence:.2f} (needs {need.confidence:.2f})")


def reverify_state(item) -> str:
    """How stale a belief waiting for re-verification is (a ``QueueItem``): "expired, 1220 days
    since anyone checked it", "expires in 3 days, 58 days since anyone checked it"."""
    when = "expired" if item.days_left <= 0 else f"expires in {item.days_left:.0f} days"
    return f"{when}, {item.days_since_validation:.0f} days since anyone checked it"


# What re-verifying asks of an entry, by its knowledge type: a past event does not stop being true, a
# situation stops holding, a rule stops applying; a fact never comes to be asked (it does not decay).
REVERIFY_QUESTIONS = {
    "memory": "Still worth remembering?",
    "state": "Is this still the case?",
    "rule": "Does this rule still apply?",
}
REVERIFY_QUESTION = "Is this still true?"  # a belief's (and any other's)


def reverify_question(knowledge_type) -> str:
    """The question an entry waiting for re-verification puts to a person, by its knowledge type
    (a ``KnowledgeType`` or its value): "Still worth remembering?" for a dated event."""
    return REVERIFY_QUESTIONS.get(getattr(knowledge_type, "value", knowledge_type), REVERIFY_QUESTION)
