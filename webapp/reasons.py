"""Why two entries contradict, in plain words (English, or Chinese when the entries are Chinese).

Built from the detector's kind and values. Today an edge carries them in its reason string
(``"value: lives in Berlin↔Paris"``); an edge that carries them as data (``reason_kind`` /
``kind`` and ``reason_values`` / ``values``, or a ``reason_data`` mapping) is read the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from .text import contains_cjk

KINDS = ("value", "antonym", "negation", "implicit", "order", "frequency", "scoped")

# A single-valued slot the detector names by its verb: what the two sides both talk about.
SLOTS = (
    ("lives in", "where the user lives", "用户住在哪里"),
    ("moved to", "where the user lives", "用户住在哪里"),
    ("works at", "where the user works", "用户在哪里工作"),
    ("works for", "where the user works", "用户在哪里工作"),
    ("works as", "the user's job", "用户的职业"),
    ("studies at", "where the user studies", "用户在哪里上学"),
    ("is called", "the user's name", "用户的名字"),
    ("name is", "the user's name", "用户的名字"),
    ("speaks", "which language the user speaks", "用户说什么语言"),
    ("uses", "what the user uses", "用户用什么"),
    ("drives", "what the user drives", "用户开什么车"),
    ("is", "what the user is", "用户是什么"),
)

EN = {
    "value_topic": "Both say {topic}: {left} vs {right}.",
    "value": "They give different answers: “{left}” vs “{right}”.",
    "antonym": "Opposite preferences: “{left}” vs “{right}”.",
    "negation": "One says it, the other denies it: “{left}” vs “{right}”.",
    "implicit": "One rules the other out: “{left}” vs “{right}”.",
    "order": "Opposite order of preference: {left} vs {right}.",
    "frequency": "They disagree on how often: “{left}” vs “{right}”.",
    "scoped": "They disagree about the same situation: “{left}” vs “{right}”.",
    "pair": "“{left}” vs “{right}”.",
    "stated_observed": "What the user said differs from what was observed.",
    "by_hand": "Linked by hand: {reason}",
    "by_hand_plain": "Linked by hand.",
    "over": " over ",
}
ZH = {
    "value_topic": "两条都说了{topic}：{left} 与 {right}。",
    "value": "两条给出不同的答案：“{left}”与“{right}”。",
    "antonym": "偏好相反：“{left}”与“{right}”。",
    "negation": "一条肯定，一条否定：“{left}”与“{right}”。",
    "implicit": "一条排除了另一条：“{left}”与“{right}”。",
    "order": "偏好的先后相反：{left} 与 {right}。",
    "frequency": "频率说法不同：“{left}”与“{right}”。",
    "scoped": "同一情境下说法不同：“{left}”与“{right}”。",
    "pair": "“{left}”与“{right}”。",
    "stated_observed": "用户说的与观察到的不一致。",
    "by_hand": "手动标记：{reason}",
    "by_hand_plain": "手动标记。",
    "over": "优先于",
}
HAND_MADE = ("marked by a person", "")


@dataclass(frozen=True)
class Reason:
    kind: str
    left: str
    right: str


def parse(edge: dict) -> Reason | None:
    """The detector's kind and the two values, from structured fields or the reason string."""
    data = edge.get("reason_data") if isinstance(edge.get("reason_data"), dict) else {}
    kind = edge.get("reason_kind") or edge.get("kind") or data.get("kind")
    values = edge.get("reason_values") or edge.get("values") or data.get("values")
    if not values and "left" in data:
        values = [data.get("left"), data.get("right")]
    if kind in KINDS and isinstance(values, (list, tuple)) and len(values) == 2:
        return Reason(kind, str(values[0]), str(values[1]))
    head, colon, body = (edge.get("reason") or "").partition(": ")
    left, arrow, right = body.partition("↔")
    if colon and arrow and head in KINDS:
        return Reason(head, left.strip(), right.strip())
    return None


def plain_reason(edge: dict) -> str:
    """One sentence a person can read; the detector's own words stay in ``edge["reason"]``."""
    chinese = contains_cjk(edge.get("from_text") or "") and contains_cjk(edge.get("to_text") or "")
    words = ZH if chinese else EN  # a mixed pair reads in the dashboard's English
    reason = parse(edge)
    if reason is None:
        return _unstructured(edge, words)
    left, right = reason.left, reason.right
    if reason.kind == "value":
        return _value(left, right, words)
    if reason.kind == "order":
        left, right = left.replace(">", words["over"]), right.replace(">", words["over"])
    return words[reason.kind].format(left=left, right=right)


def _value(left: str, right: str, words: dict) -> str:
    for verb, topic_en, topic_zh in SLOTS:
        if left.startswith(verb + " ") and not right.startswith(verb + " "):
            topic = topic_zh if words is ZH else topic_en
            return words["value_topic"].format(topic=topic, left=left[len(verb) + 1 :].strip(), right=right)
    return words["value"].format(left=left, right=right)


def _unstructured(edge: dict, words: dict) -> str:
    text = (edge.get("reason") or "").strip()
    vs = " vs " if words is EN else " 与 "
    head, _, detail = text.partition(":")
    if head.replace(" ", "") in ("stated↔observed", "observed↔stated"):
        said = words["stated_observed"]
        return said[:-1] + (": " if words is EN else "：") + detail.strip().replace("↔", vs.strip()).replace("  ", " ") + said[-1] if detail.strip() else said
    left, arrow, right = text.partition("↔")
    if arrow and left.strip() and right.strip() and ":" not in left:
        return words["pair"].format(left=left.strip(), right=right.strip())
    if text in HAND_MADE:
        return words["by_hand_plain"]
    return words["by_hand"].format(reason=" ".join(text.replace("↔", vs).split()))


BEHAVIOUR_SOURCES = ("observed", "user_correction")


def behaviour_side(sides: list[dict]) -> dict | None:
    """The one side that is observed behaviour or a correction, when exactly one is."""
    marked = [s for s in sides if _source(s) in BEHAVIOUR_SOURCES]
    return marked[0] if len(marked) == 1 else None


def _source(side: dict) -> str:
    kind = side["entry"].meta.source_kind
    return getattr(kind, "value", kind)


FINDERS = {"person": "you, by hand", "agent": "the agent", "maintenance": "maintenance", "sync": "a sync (edited on two devices)", "cli": "the command line"}


def found_by(edge: dict) -> str:
    """Who flagged the pair, in plain words (``detector:rules`` is the automatic check)."""
    author = str(edge.get("author") or "")
    if author.startswith("detector:"):
        return "the automatic check"
    if author.startswith("judge:"):
        return f"the model {author.removeprefix('judge:')}"
    return FINDERS.get(author, author or "someone")
