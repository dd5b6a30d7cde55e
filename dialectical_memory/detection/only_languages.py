""""Only speaks English" leaves no room for another spoken language ("is fluent in Spanish",
"只会说普通话" / "粤语说得很流利").
"""

from __future__ import annotations

from . import lexicon
from .analysis import Analysis
from .base import Verdict
from .family import Family, Said, contradiction
from .pairing import apart, rival_pairs
from .text import lazy_compile


_LANGUAGE_UNITS = frozenset(lexicon.NATURAL_LANGUAGES)
_ONLY_SPEAKS = lazy_compile(r"\bonly\s+(?:speaks?|knows?)\b|\bspeaks?\s+only\b|只会(?:说|讲)?|只(?:说|讲|懂)")
_SPEAKS = lazy_compile(r"\bspeak|\bfluent|\bnative|说|讲|流利|母语")


def _only_language_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"Only speaks English" leaves no room for another spoken language."""
    for only, other in rival_pairs(a, b):
        if only.sign > 0 < other.sign and _ONLY_SPEAKS.search(only.text) and _SPEAKS.search(other.text):
            mine = {unit for unit in only.topic if unit in _LANGUAGE_UNITS}
            theirs = {unit for unit in other.topic if unit in _LANGUAGE_UNITS}
            if mine and theirs and not mine & theirs and not apart(only, other, a, b):
                return contradiction("value", 0.75, only.text, other.text)
    return None


FAMILY = Family("only one language", kinds=("value",), priority=90, compare=_only_language_conflict,
                cue=Said(("only", "只"), in_claims=True), patterns=(_ONLY_SPEAKS,))
