"""Opposite poles of one axis of the lexicon: concise / detailed, early riser / night owl, formal /
casual, spicy / mild (`lexicon.AXES`, read into each claim's poles by `analysis.py`).

Denying a pole leans to the other one, weakly ("not long-winded" agrees with "concise"); two weak
leanings never clash. A taste held as a liking of what a pole names ("likes spicy food") is on
the axis too. Poles held in different scopes, or under different conditions, refine each other.
"""

from __future__ import annotations

import functools
import re

from . import lexicon
from .analysis import Analysis, Claim, Pole
from .base import Verdict
from .family import Family, contradiction
from .pairing import apart, conditions_differ, effective_pole, rival_pairs, wished
from .text import lazy_compile


def _axis_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Opposite poles of one axis: concise vs detailed, early riser vs night owl."""
    for left, right in rival_pairs(a, b):
        for pole_a in left.poles or _liked_poles(left):
            for pole_b in right.poles or _liked_poles(right):
                if (pole_a.axis == pole_b.axis and _poles_clash(left, pole_a, right, pole_b)
                        and (pole_a.axis in _TASTE_AXES or wished(left) == wished(right))
                        and not _wedding_then_ended(left, pole_a, right, pole_b)
                        and not apart(left, right, a, b, pole_a.axis) and not conditions_differ(a, b, {pole_a.axis}, axis=True)):
                    return _axis_verdict(left, pole_a, right, pole_b)
    return None


@functools.lru_cache(maxsize=4096)
def _liked_poles(claim: Claim) -> tuple[Pole, ...]:
    """A taste held as a liking of a thing the pole names: "likes spicy food" is on the spice
    axis as "爱吃辣" and "不爱吃辣的东西" are (the lexicon reads the first as a topic, the
    others as poles). Only for a claim with a stance, no pole of its own, and nothing but that
    thing as its topic: "the numbing taste of Sichuan peppercorns" is one spice, not all, and
    "avoids spicy food before exams" is said of a time, not of a taste."""
    if not claim.stance or claim.poles or claim.scope or claim.settings or len(claim.topic) != 1:
        return ()
    (unit,) = claim.topic
    head = unit.split(" ")[0]
    return tuple(Pole(axis, name, unit) for axis in claim.broader & _TASTE_AXES
                 for name, words in lexicon.AXES[axis].strict.items() if " " in unit and head in words)


# Axes of taste, where wanting a pole is holding it ("wants concise replies"); on the
# others a wish is no state ("单身" / "想明年结婚", "wants to work remotely").
_TASTE_AXES = frozenset(("length", "formality", "theme", "units", "format", "spice"))


# A wedding is an event, and a divorce or a death ends what it began: "got married in
# 2010" / "is divorced" tell one story ("is married" / "is divorced" still clash).
_WEDDING = lazy_compile(r"\b(?:got|get|gets|getting)\s+married\b|\bmarried\s+(?:in|on|at|last|\w+\s+years?\s+ago)\b|"
                        r"\bwedding\b|结婚了|结的婚|年结婚|结过婚|办了婚礼")
_MARRIAGE_ENDED = frozenset(("divorced", "widowed", "离婚", "离异", "丧偶"))


def _wedding_then_ended(left: Claim, pole_a: Pole, right: Claim, pole_b: Pole) -> bool:
    if pole_a.axis != "marital":
        return False
    return any(pole.surface in _MARRIAGE_ENDED and _WEDDING.search(other.text)
               for pole, other in ((pole_a, right), (pole_b, left)))


def _poles_clash(left: Claim, pole_a: Pole, right: Claim, pole_b: Pole) -> bool:
    """Denying a pole leans to the other one, weakly: "not long-winded" agrees
    with "concise"; two weak leanings never clash."""
    if not _same_target(left, pole_a, right, pole_b):
        return False  # "long threads" / "concise replies": not the same thing
    side_a, strong_a = effective_pole(left, pole_a)
    side_b, strong_b = effective_pole(right, pole_b)
    if side_a == side_b or not (strong_a or strong_b):
        return False
    if lexicon.AXES[pole_a.axis].contextual:
        return (bool(left.reach & right.reach) or not (left.topic and right.topic)
                or bool(_EVERYWHERE.search(left.text) or _EVERYWHERE.search(right.text)))
    return True


# A claim said of every context meets each one: "dark mode everywhere" / "PDF 用浅色".
_EVERYWHERE = lazy_compile(r"\b(?:everywhere|everything|all\s+(?:apps|devices|tools|programs|software|editors))\b|"
                           r"所有|全部|一律|到处|都设", re.IGNORECASE)


def _same_target(left: Claim, pole_a: Pole, right: Claim, pole_b: Pole) -> bool:
    """Do the poles describe the same thing? Replies are what a length or tone
    speaks of by default ("" target); "short code reviews" also meets "concise
    except for code reviews", which names them."""
    if pole_a.target == pole_b.target:
        return True
    if pole_a.target and not pole_b.target:
        return pole_a.target in right.scope | right.topic | right.excepted
    if pole_b.target and not pole_a.target:
        return pole_b.target in left.scope | left.topic | left.excepted
    return False


def _axis_verdict(left: Claim, pole_a: Pole, right: Claim, pole_b: Pole) -> Verdict:
    both_strong = left.sign > 0 and right.sign > 0
    if left.scope != right.scope:
        return contradiction("scoped", 0.7, left.text, right.text)
    if pole_a.pole == pole_b.pole:
        return contradiction("negation", 0.85, left.text, right.text)
    kind = "implicit" if pole_a.implicit or pole_b.implicit else "antonym"
    return contradiction(kind, 0.85 if both_strong else 0.7, pole_a.surface, pole_b.surface)


def _on_an_axis(analysis: Analysis) -> bool:
    """A claim with a pole, or one that may hold a taste as a liking (`_liked_poles`)."""
    return any(claim.poles or (claim.stance and not claim.scope and not claim.settings and len(claim.topic) == 1)
               for claim in analysis.claims)


def _holder_axes(analysis: Analysis) -> frozenset[tuple[str, str]]:
    """What two rival claims must share for `_axis_conflict` to find poles of one axis in them: a
    holder, and an axis a pole of each (or a taste liked, `_liked_poles`) is on."""
    return frozenset((claim.holder, pole.axis) for claim in analysis.claims
                     for pole in claim.poles or _liked_poles(claim))


def _axis_index_terms(analysis: Analysis) -> set[str]:
    """Both poles of an axis name it: "concise" meets "verbose" (@length)."""
    return {f"@{pole.axis}" for claim in analysis.claims for pole in claim.poles}


FAMILY = Family("axis", kinds=("antonym", "implicit", "negation", "scoped"), priority=40, compare=_axis_conflict,
                cue=_on_an_axis, index_terms=_axis_index_terms, keys=_holder_axes)
