"""Never or rarely, against often or every day: "rarely drinks coffee" / "drinks coffee every
morning", "从不熬夜" / "经常熬夜" (the frequency words of a claim; rates of habits are `habits.py`'s).
"""

from __future__ import annotations

from .analysis import Analysis, Claim
from .base import Verdict
from .family import Family, contradiction
from .pairing import apart, covers, one_occasion, rival_pairs


def _frequency_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"never/rarely X" vs "often/every day X"."""
    for left, right in rival_pairs(a, b):
        if (_is_rare(left) and right.frequency == "high" and right.sign > 0 and covers(left, right)
                and not apart(left, right, a, b)
                and not one_occasion(a, b, never=left.frequency == "never", rare_side=a if left in a.claims else b)):
            return contradiction("frequency", 0.8, left.frequency_word, right.frequency_word)
    return None


def _is_rare(claim: Claim) -> bool:
    return (claim.frequency == "low" and claim.sign > 0) or (
        claim.frequency == "never" and claim.sign < 0)


def _says_rarely(analysis: Analysis) -> bool:
    return any(_is_rare(claim) for claim in analysis.claims)


FAMILY = Family("frequency words", kinds=("frequency",), priority=50, compare=_frequency_conflict,
                cue=_says_rarely)
