"""The condition an entry's predicate is qualified by: "for simple questions",
"on short trips", "about tax questions", "when debugging", "问简单的问题时",
"对于技术问题", "上班".

Opposite predicates under different conditions do not clash: "short answers
for simple questions" / "long answers for complex questions", "packs light on
short trips" / "packs a lot on long trips". The condition is cut out of the
text by the phrase that introduces it before anything is compared, so an entry
without one ("desk is always tidy") keeps all of its words as predicate.
"""

from __future__ import annotations

import functools
import re

from .contexts import setting_names
from . import terms as t
from .text import normalize, lazy_compile

_EN_CONDITION = lazy_compile(
    r"\b(?:for|on|about|when|whenever|while|during|in|at|with|from|after|before|if)\s+"
    r"(?P<x>[^,.;!?]+?)(?=\s*(?:[,.;!?]|$|\b(?:and|but|user|he|she|they)\b))")
# Verbs whose prepositional object is what they are about, not a condition.
_EN_BOUND = lazy_compile(
    r"\b(?:rel(?:y|ies|ied)|depend\w*|focus\w*|work\w*|care\w*|talk\w*|think\w*|worr\w*|look\w*|"
    r"wait\w*|liv\w*|believ\w*|interest\w*|insist\w*|spend\w*|pa(?:y|ys|id)|ask\w*|"
    r"learn\w*|know\w*|read\w*|hear\w*|"
    r"specialis\w*|specializ\w*)\s+(?:\w+\s+)?$")
_ZH_CONDITION = lazy_compile(
    r"(?:对于|关于|至于|如果|要是)(?P<a>[^，,。；;！!？?]{1,14}?)(?:[，,]|的话|时|的时候)|"
    r"(?P<b>[^，,。；;！!？?]{1,14}?)(?:的时候|时候|时|期间|的话)|"
    # "在技术问题上", "在代码评审中"; not "在银行上班"
    r"在(?P<c>[^，,。；;！!？?]{1,10}?)(?:上(?![班学课网])|中|里|方面)|"
    r"^(?P<d>上班|下班后?|放假|工作日|周末|假期|出差)(?=[\u4e00-\u9fff])|"
    # "日常问题喜欢简短的回答", "专业话题上": the kind of question opening the predicate
    r"^(?P<f>[\u4e00-\u9fff]{2,4}?)(?:问题|话题|领域|场景)(?:上|里|中|时)?(?=[\u4e00-\u9fff])|"
    # "睡前", "运动后", "饭后": before or after an activity; "以前", "之后" alone are times
    r"(?<![以之])(?P<e>[\u4e00-\u9fff]{1,3}?)(?<![以之])(?:前|后)(?=[\u4e00-\u9fff])")
_SUBJECT = lazy_compile(r"^\s*(?:the\s+)?user(?:'s)?\s+|^\s*(?:该|这位)?用户", re.IGNORECASE)
# Heads that name a kind of occasion, not which one: "simple *questions*".
_GENERIC = frozenset(("question", "topic", "thing", "stuff", "matter", "issu", "task", "case", "time",
                      "occas", "situat", "answer", "repli", "respons", "问题", "事情", "事", "话题", "东西", "场合", "情况", "时候", "回答", "回复"))
_CLOCK = frozenset(("noon", "midnight", "midday"))
_KEPT_ROLES = frozenset((t.CONTENT, t.CONCEPT, t.DOMAIN, t.SCOPE_NOUN, t.CJK_RUN, t.ABSTAIN))


@functools.lru_cache(maxsize=4096)
def condition(text: str) -> frozenset[str]:
    """What the entry's condition phrase is about, as units ("length=short", "trip");
    empty when it names none."""
    sentence = _SUBJECT.sub("", normalize(text), count=1)
    phrases = [match["x"] for match in _EN_CONDITION.finditer(sentence)
               if not _EN_BOUND.search(sentence[:match.start()])]
    phrases += [next(group for group in match.groups() if group)
                for match in _ZH_CONDITION.finditer(sentence)]
    named = frozenset(f"setting:{name}" for name in setting_names(sentence))
    return named | frozenset(unit for phrase in phrases for unit in _units(phrase))


# The occasions an activity opens: "when coding", "while travelling", "during exams",
# "写代码时", "打游戏的时候", "考试期间". Unlike "for" or "in" phrases they never carry
# a value ("replies in English"), so two entries that each name one, and share no
# word of it, speak of different parts of the user's day.
_EN_OCCASION = lazy_compile(r"\b(?:when|whenever|while|during)\s+(?P<x>[^,.;!?]+?)"
                            r"(?=\s*(?:[,.;!?]|$|\b(?:and|but|user|he|she|they)\b))")
_ZH_OCCASION = lazy_compile(r"(?P<x>[^，,。；;！!？?]{1,10}?)(?:的时候|时候|(?<![小按准及同有平])时|期间)(?![间代刻])")


@functools.lru_cache(maxsize=4096)
def occasions(text: str) -> frozenset[str]:
    """"occasion:<unit>" for each word of the occasions the entry names."""
    sentence = _SUBJECT.sub("", normalize(text), count=1)
    if not (_OCCASION_CUE.search(sentence)):
        return frozenset()
    phrases = [match["x"] for pattern in (_EN_OCCASION, _ZH_OCCASION) for match in pattern.finditer(sentence)]
    return frozenset(f"occasion:{unit}" for phrase in phrases for unit in _units(_SUBJECT.sub("", phrase))
                     if "=" not in unit)


_OCCASION_CUE = lazy_compile(r"\b(?:when|whenever|while|during)\b|时|期间")


def _units(phrase: str) -> list[str]:
    units = []
    for term in t.terms(phrase):
        if term.role == t.POLE:
            units.append(f"{term.value}={term.pole}")
        elif term.role == t.SCOPE_NOUN and term.value in _CLOCK:
            continue
        elif term.role in _KEPT_ROLES:
            unit = term.surface if term.role == t.DOMAIN else term.value or term.surface
            if unit not in _GENERIC:
                units.append(unit)
    return units


def differ(x: frozenset[str], y: frozenset[str], predicate: frozenset[str] = frozenset(),
           axis: bool = False) -> bool:
    """Two conditions that name different occasions ("simple questions" / "complex
    questions", "short trips" / "long trips"). Units of the clashing predicate (with
    `axis`, of its axis) are no condition: "answers in bullet points" / "answers in
    full paragraphs" still clash."""
    if predicate and not axis and predicate <= x | y:
        return True  # the opposite words are the conditions': "for simple / complex questions"
    x, y = _without(x, predicate), _without(y, predicate)
    return bool(x and y) and x != y


def _without(units: frozenset[str], predicate: frozenset[str]) -> frozenset[str]:
    return frozenset(unit for unit in units
                     if unit not in predicate and unit.split("=", 1)[0] not in predicate)
