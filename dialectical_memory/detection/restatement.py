"""The same fact said again: is a new entry a restatement of one already kept?

An assistant that keeps notes writes the same fact many times in other words: shorter, longer with
nothing new, in the other language. Kept side by side, the copies never reinforce one another, so
nothing matures and every copy waits for its own re-verification. :func:`compare` decides, offline
and without a model, whether a later text restates an earlier one:

* ``SAME``: the later text is the earlier fact said again, sure enough to be absorbed at the add;
* ``POSSIBLE``: close, but the words alone cannot tell (a judge in the reflection layer, or the
  agent, may say); nothing is absorbed;
* ``DIFFERENT``: not the same fact.

**Precision first.** The pairs that matter are each note's nearest neighbour: most of them share
their holder and topic and are still two facts (two events of one kind, a plan and its fulfilment,
a denial). So ``SAME`` needs near-total overlap of the content words *and* no guard that tells two
facts apart; everything else close is at most ``POSSIBLE``. The guards, each a fact two look-alike
sentences can differ by while sharing most words:

* the **holder** (``holders.entry_holder``, and a relation named on one side only): the user's
  sister is not the user;
* **polarity**: a denial ("not", "never", 不, 没) on one side only;
* a **number** the later text brings or changes ("2 dogs" / "3 dogs");
* **plan against fulfilment**: "plans to", "will", 打算 on one side only;
* **past against present**: "used to", 以前 on one side only;
* **how often or when**: "on Sundays", 每周 on one side only;
* **a comparison in another order**: "tea over coffee" / "coffee over tea";
* **a dated event against an older entry**: "last week", 昨天 in the later text, written more than a
  week after the earlier entry, may be another event of the same kind.

Words are the search terms of ``lexical.words`` (English stems, Chinese bigrams) without the
holder's own name; across the languages the bridge's English stems of the Chinese side meet the
English side's stems. Pure functions of their arguments; the cue words load on first use.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .holders import entry_holder
from .lexical import bridged, words
from .text import is_cjk, normalize, stem

# A later text restates the earlier one when (nearly) all of its content words are in it…
SURE_COVER = 0.9
# …and it has enough words for that to mean something.
SURE_MIN_WORDS = 3
# Or when the two share most of their words (Jaccard over content words).
SURE_JACCARD = 0.6
# …with at least this much of the later text in the earlier one.
SURE_JACCARD_COVER = 0.8
# Below SURE but at or above these, the pair is named to the agent and left to the reflection layer.
POSSIBLE_JACCARD = 0.3
POSSIBLE_COVER = 0.6
# A dated event said again more than this many days after the earlier entry may be another event.
DATED_EVENT_DAYS = 7.0

# Function words the search keeps (they can be what a question asks about) but a restatement
# freely adds or drops. Issue 37 moves word tables like these under detection/lang/<code>/.
_FILLER_EN = frozenset(
    "her his him she he they them their it its is are was were be been being has have had do does did "
    "and or but to of in on at for with about from by as that this these those which who also really "
    "very so much lot lots some any own one".split()
)
_FILLER_ZH = frozenset("的 了 是 在 和 也 都 很 她 他 它 们 对 把 被 就 还 又 与 及".split())
_DENIAL_EN = re.compile(r"\b(?:not|no|never|none|nothing|neither|nor|without|cannot|can't|won't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|\w+n't)\b")
_DENIAL_ZH = re.compile(r"不(?![耐错久同断仅但过少停然太])|没有|没(?![有])|从未|未曾|别再|勿|无法")
_PLAN_EN = re.compile(r"\b(?:plan|plans|planning|planned|will|going to|gonna|intends?|intending|hopes? to|hoping to|wants? to|wanting to|considering|thinking about|thinking of|would like to|about to|aims? to|aiming to|dreams? of)\b")
_PLAN_ZH = re.compile(r"打算|计划|准备|想要|想去|希望|将要|将会|要去|考虑")
_PAST_EN = re.compile(r"\b(?:used to|formerly|no longer|anymore|any more|previously|once was)\b")
_PAST_ZH = re.compile(r"以前|曾经|过去|不再|原来")
_SCOPE_EN = re.compile(r"\b(?:every|each|daily|weekly|monthly|yearly|often|usually|always|sometimes|rarely|seldom|weekends?|weekdays?|mornings|evenings|nights|twice|once a|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b")
_SCOPE_ZH = re.compile(r"每天|每周|每月|每年|每次|经常|常常|通常|总是|有时|偶尔|很少|周末|平时|早上|晚上")
_ORDER_EN = re.compile(r"\b(?:over|than|rather|instead|before|after|prefers?|preferred|favou?rite)\b")
_ORDER_ZH = re.compile(r"比|胜过|而不是|不如|宁可|更喜欢|之前|之后|偏好")
_DATED_EN = re.compile(
    r"\b(?:yesterday|today|tonight|last (?:week|weekend|month|year|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|this (?:week|weekend|month|morning|afternoon|evening)|ago|recently|just now|the other day"
    r"|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b"
)
_DATED_ZH = re.compile(r"昨天|前天|今天|上周|上个?星期|上个?月|去年|最近|刚才|刚刚|前几天|周末|那天")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?|[一二两三四五六七八九十百千万]+")
_RELATIONS_EN = frozenset(
    "sister sisters brother brothers mother mom mum father dad parent parents son sons daughter daughters "
    "child children kid kids wife husband partner boyfriend girlfriend friend friends colleague colleagues "
    "coworker coworkers boss manager neighbour neighbor neighbours neighbors grandmother grandfather grandma "
    "grandpa aunt uncle cousin cousins niece nephew roommate team teammate teammates dog dogs cat cats pet pets".split()
)
_RELATIONS_ZH = ("妹妹", "姐姐", "哥哥", "弟弟", "妈妈", "母亲", "爸爸", "父亲", "父母", "儿子", "女儿", "孩子", "妻子",
                 "老婆", "丈夫", "老公", "男朋友", "女朋友", "朋友", "同事", "老板", "领导", "邻居", "奶奶", "爷爷",
                 "外婆", "外公", "室友", "队友", "狗", "猫", "宠物")
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve twenty thirty hundred thousand first second third".split())


class Sameness(enum.Enum):
    SAME = "same"
    POSSIBLE = "possible"
    DIFFERENT = "different"


@dataclass(frozen=True)
class Restatement:
    """What :func:`compare` decided, and why (a short reason a person can read)."""

    sameness: Sameness
    score: float
    reason: str
    # the later text says everything the earlier did and more (it could become the entry's text)
    fuller: bool = False


def compare(earlier: str, later: str, *, days_apart: float = 0.0) -> Restatement:
    """Is ``later`` the fact ``earlier`` states, said again? ``days_apart``: how long after the
    earlier entry the later text is written (a dated event said long after may be another one)."""
    if normalize(earlier) == normalize(later):
        return Restatement(Sameness.SAME, 1.0, "the same text")
    guard = _guard(earlier, later, days_apart)
    mine, theirs = _content(earlier), _content(later)
    if is_cjk(earlier) != is_cjk(later):  # across the languages only the bridge's English stems meet
        mine, theirs = _english(mine), _english(theirs)
    if not mine or not theirs:
        return Restatement(Sameness.DIFFERENT, 0.0, "nothing to compare")
    shared = mine & theirs
    jaccard = len(shared) / len(mine | theirs)
    cover_later = len(shared) / len(theirs)
    cover_earlier = len(shared) / len(mine)
    score = round(max(jaccard, min(cover_later, cover_earlier)), 3)
    sure = (jaccard >= SURE_JACCARD and cover_later >= SURE_JACCARD_COVER) or (
        cover_later >= SURE_COVER and len(theirs) >= SURE_MIN_WORDS)
    fuller = cover_earlier >= SURE_COVER and cover_later < SURE_COVER
    if guard and (sure or _close(jaccard, cover_later, cover_earlier)):
        return Restatement(Sameness.POSSIBLE if guard == _DATED else Sameness.DIFFERENT, score, guard)
    if sure:
        return Restatement(Sameness.SAME, score, "says nothing the earlier entry does not")
    if _close(jaccard, cover_later, cover_earlier):
        return Restatement(Sameness.POSSIBLE, score, "shares most of its words", fuller=fuller)
    return Restatement(Sameness.DIFFERENT, score, "too few words in common")


def best_restated(later: str, earlier: Iterable[tuple[str, str, float]]) -> tuple[str, Restatement] | None:
    """The earlier entry ``later`` most likely restates, from ``(id, text, days_apart)`` candidates:
    the best ``SAME``, else the best ``POSSIBLE``, else ``None``."""
    best: tuple[str, Restatement] | None = None
    for entry_id, text, days_apart in earlier:
        found = compare(text, later, days_apart=days_apart)
        if found.sameness is Sameness.DIFFERENT:
            continue
        if best is None or _rank(found) > _rank(best[1]):
            best = (entry_id, found)
    return best


def _rank(found: Restatement) -> tuple[bool, float]:
    return (found.sameness is Sameness.SAME, found.score)


def _close(jaccard: float, cover_later: float, cover_earlier: float) -> bool:
    return jaccard >= POSSIBLE_JACCARD or min(cover_later, cover_earlier) >= POSSIBLE_COVER


_DATED = "a dated event written long after the earlier entry may be another event of the same kind"


def _guard(earlier: str, later: str, days_apart: float) -> str:
    """The first fact the two texts differ by that words in common cannot outweigh, or ''."""
    a, b = normalize(earlier), normalize(later)
    if entry_holder(earlier) != entry_holder(later) or _relations(a) != _relations(b):
        return "about a different holder"
    for name, cues in (("a denial", (_DENIAL_EN, _DENIAL_ZH)), ("a plan against what was done", (_PLAN_EN, _PLAN_ZH)),
                       ("the past against the present", (_PAST_EN, _PAST_ZH)),
                       ("how often or when, said on one side only", (_SCOPE_EN, _SCOPE_ZH))):
        if _has(a, cues) != _has(b, cues):
            return f"{name} on one side only"
    if (_has(a, (_ORDER_EN, _ORDER_ZH)) or _has(b, (_ORDER_EN, _ORDER_ZH))) and _order(earlier) != _order(later):
        return "a comparison in another order"
    if _numbers(b) - _numbers(a) or (_numbers(a) and _numbers(b) and _numbers(a) != _numbers(b)):
        return "a number the earlier entry does not have"
    if days_apart > DATED_EVENT_DAYS and _has(b, (_DATED_EN, _DATED_ZH)):
        return _DATED
    return ""


def _order(text: str) -> list[str]:
    """The text's own terms in the order written (what a comparison's two sides are told apart by)."""
    return [word for word in words(text) if not is_cjk(word) or len(word) == 1]


def _relations(text: str) -> frozenset[str]:
    """The people and animals a text names by their relation to its holder ("sister", 妹妹)."""
    found = {stem(word) for word in re.findall(r"[a-z]+", text) if word in _RELATIONS_EN}
    found.update(word for word in _RELATIONS_ZH if word in text)
    return frozenset(found)


def _has(text: str, cues) -> bool:
    return any(cue.search(text) for cue in cues)


def _numbers(text: str) -> frozenset[str]:
    found = set(_NUMBER.findall(text))
    found.update(word for word in re.findall(r"[a-z]+", text) if word in _NUMBER_WORDS)
    return frozenset(found)


def _content(text: str) -> frozenset[str]:
    """The words a restatement keeps: English stems, Chinese bigrams and the bridge's English
    stems of them, without filler and without the holder's own name."""
    holder = entry_holder(text)
    names = set(holder.split(":", 1)[-1].split("/")) if holder.startswith("person:") else set()
    filler = {stem(word) for word in _FILLER_EN} | _FILLER_EN | _FILLER_ZH
    found = {w for w in words(text) if w not in filler and w not in names}
    if is_cjk(text):
        found = {w for w in found if not is_cjk(w) or len(w) > 1}
        found.update(english for english, _word in bridged(text))
    return frozenset(found)


def _english(terms: frozenset[str]) -> frozenset[str]:
    return frozenset(term for term in terms if not is_cjk(term))
