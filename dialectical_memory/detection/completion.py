"""A course of study finished, still under way in the other entry: "finished their PhD last summer"
/ "is still working on their PhD thesis", "研究生毕业了" / "目前还在读研二".
"""

from __future__ import annotations

from .analysis import COMPLETED, Analysis
from .base import Verdict
from .family import Family, contradiction
from .text import lazy_compile


# Still in the middle of something: "still working on their PhD thesis", "目前还在读研二".
_ONGOING = lazy_compile(r"\b(?:still|currently|now)\b|还在|仍在|目前在|正在|在读|读研[一二三]|研[一二三]|大[一二三四]")


def _completion_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A course of study finished, still under way in the other entry: "finished
    their PhD last summer" / "is still working on their PhD thesis"."""
    if a.holder != b.holder or not _ONGOING.search(b.text):
        return None
    for done in a.claims:
        if done.stance != COMPLETED:
            continue
        for claim in b.claims:
            if claim.sign > 0 and not claim.past and done.topic <= claim.reach | claim.scope:
                return contradiction("temporal", 0.75, done.text, claim.text, holder=a.holder)
    return None


def _finished_something(analysis: Analysis) -> bool:
    return any(claim.stance == COMPLETED for claim in analysis.claims)


FAMILY = Family("completion", kinds=("temporal",), priority=140, compare=_completion_conflict,
                cue=_finished_something)
