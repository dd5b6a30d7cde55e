"""One preferred time for one thing: "prefers morning meetings" / "prefers afternoon meetings",
"更喜欢周一开会" / "更喜欢周五开会". Timed: the times are what it compares.
"""

from __future__ import annotations

from . import lexicon
from .analysis import Analysis
from .base import Verdict
from .family import Family, contradiction
from .pairing import rival_pairs


def _preference_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One preferred time for one thing: "prefers morning meetings" vs "prefers
    afternoon meetings", "更喜欢周一开会" vs "更喜欢周五开会"."""
    for left, right in rival_pairs(a, b):
        if (left.sign > 0 and right.sign > 0 and left.stance in lexicon.PREFERENCE_VERBS
                and right.stance in lexicon.PREFERENCE_VERBS and left.topic
                and left.topic == right.topic and _exclusive(left.scope, right.scope)):
            return contradiction("value", 0.75, left.text, right.text)
    return None


def _exclusive(x: frozenset[str], y: frozenset[str]) -> bool:
    return bool(x and y) and not x & y and any(x | y <= family for family in lexicon.EXCLUSIVE_SCOPES)


def _prefers_at_a_time(analysis: Analysis) -> bool:
    return any(claim.sign > 0 and claim.stance in lexicon.PREFERENCE_VERBS and claim.scope
               for claim in analysis.claims)


FAMILY = Family("preferred time", kinds=("value",), priority=30, compare=_preference_conflict,
                cue=_prefers_at_a_time, timed=True)
