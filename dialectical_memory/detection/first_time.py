"""New to a thing, against having done it long before: "has been playing the cello for only a month"
/ "used to play the cello as a child", "第一次吃寿司" / "小时候常吃寿司". Being new to it says it
was not done before; the other entry says it was. What is shared must be the thing itself, not
only the verb ("playing the cello for only a month" / "played the piano as a child" are two
instruments; lexicon "activity_verbs").
"""

from __future__ import annotations

import functools

from . import lexicon
from .analysis import Analysis
from .base import Verdict
from .family import Family, Said, contradiction
from .text import is_cjk, lazy_compile, stem

_NEW = lazy_compile(r"\bfor\s+(?:only|just)\s+(?:a|one|two|three|a\s+few|\d+)\s+(?:days?|weeks?|months?)\b|"
                    r"\b(?:just|recently)\s+(?:started|took\s+up|picked\s+up|began)\s+(?:(?:learning|playing|doing|practi[cs]ing)\s+)?"
                    r"(?:the\s+|an?\s+)?(?P<started>[a-z]+)|\bfor\s+the\s+first\s+time\b|"
                    r"第一次|刚(?:开始|学)")
_BEFORE = lazy_compile(r"\bused\s+to\b|\bwhen\s+(?:he|she|they|i|we)\s+(?:was|were)\s+(?:younger|little|small|young|"
                       r"a\s+(?:kid|child|boy|girl|teen(?:ager)?))\b|\bas\s+a\s+(?:kid|child|boy|girl|teen(?:ager)?)\b|"
                       r"\bin\s+(?:his|her|their|my)\s+youth\b|\bgrowing\s+up\b|小时候|年轻(?:的)?时|以前(?:常|经常|一直)")
# Taken up again: "picked up the guitar again", "got back into running", "重新开始弹琴".
_RESUMED = lazy_compile(r"\bagain\b|\bback\s+(?:in)?to\b|重新|又")
_NEW_WORDS = ("only", "just", "recently", "first", "第一次", "刚")


def _new_but_done_before(a: Analysis, b: Analysis) -> Verdict | None:
    """`a` is new to the thing (`_NEW`), `b` did it long before (`_BEFORE`)."""
    new = _NEW.search(a.text)
    if (a.holder != b.holder or not new or not _BEFORE.search(b.text) or _BEFORE.search(a.text)
            or _NEW.search(b.text) or _RESUMED.search(a.text)):
        return None
    shared = _things(a) & _things(b)
    if new["started"]:  # what was started is the thing: "just started a course on gaming" is new to a course
        shared &= {stem(new["started"])}
    if not shared:
        return None
    thing = sorted(shared)[0]
    return contradiction("implicit", 0.7, _claim_on(a, thing), _claim_on(b, thing), holder=a.holder, family=thing)


def _claim_on(analysis: Analysis, unit: str) -> str:
    return next(claim.text for claim in analysis.claims if unit in claim.topic)


def _things(analysis: Analysis) -> set[str]:
    """What the claims are about, without their holder's name and the verbs of doing anything."""
    name = analysis.holder.split(":")[-1]
    return {unit for claim in analysis.claims for unit in claim.topic} - {name} - _activity_verbs()


def _held_things(analysis: Analysis) -> frozenset[tuple[str, str]]:
    """What both sides must share for `_new_but_done_before` to compare them: a holder and a thing."""
    return frozenset((analysis.holder, thing) for thing in _things(analysis))


@functools.cache
def _activity_verbs() -> frozenset[str]:
    return frozenset(word if is_cjk(word) else stem(word) for word in lexicon.ACTIVITY_VERBS)


FAMILY = Family("new to it, done before", kinds=("implicit",), priority=139, compare=_new_but_done_before,
                cue=Said(_NEW_WORDS), patterns=(_NEW,), keys=_held_things)
