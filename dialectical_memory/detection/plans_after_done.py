"""A venture one runs, later spoken of as only planned: "runs her own bakery", then "is saving up to
open her own bakery", "开了自己的咖啡店" / "打算开自己的咖啡店". The later plan says the thing is not
there yet, which the earlier entry said it was. The other way round is a plan fulfilled ("plans
to open her own bakery", then "runs her own bakery"): progress, never a clash, so the family
compares in the order the entries were written (`Family.ordered`).
"""

from __future__ import annotations

from .analysis import Analysis
from .base import Verdict
from .family import Family, Said, contradiction
from .text import lazy_compile, stem

_THING = r"([a-z]+(?:\s+(?!(?:and|to|in|at|for|with|that|which|but|on|from|of)\b)[a-z]+){0,2})"
_HELD = lazy_compile(r"\b(?:runs?|running|owns?|owning|has|manages?|opened|founded|launched|started)\s+"
                     rf"(?:his|her|their|my)\s+own\s+{_THING}|\b(?:opened|founded|launched)\s+an?\s+{_THING}|"
                     r"(?:开了|开着|经营着?|创办了)(?:自己的|一家)([\u4e00-\u9fff]{2,4})")
_PLANNED = lazy_compile(r"\b(?:prep(?:s|ping|ares?|aring)?|getting\s+ready|plan(?:s|ning)?|hop(?:es|ing)|dream(?:s|ing)?|"
                        r"sav(?:es|ing)(?:\s+up)?|working\s+towards?|wants?|looking)\s+(?:(?:for|of|to|on|towards?)\s+)?"
                        r"(?:(?:open|start|launch|found|set\s+up|run)(?:ing)?\s+)?"
                        rf"(?:(?:his|her|their|my)\s+own|an?(?!\s+(?:second|third|new|another|bigger|larger)\b))\s+{_THING}|"
                        r"(?:打算|计划|准备|想)(?:开|创办)(?:自己的|一家)([\u4e00-\u9fff]{2,4})")
_HELD_WORDS = ("own", "opened", "founded", "launched", "开了", "开着", "经营", "创办了")


def _planned_after_done(a: Analysis, b: Analysis) -> Verdict | None:
    """`a`, written first, runs the venture; `b`, written later, only plans it."""
    if a.holder != b.holder:
        return None
    held, planned = _HELD.search(a.text), _PLANNED.search(b.text)
    if not held or not planned or _HELD.search(b.text) or not _one_venture(_words(held), _words(planned)):
        return None
    return contradiction("implicit", 0.7, held.group(0), planned.group(0), holder=a.holder)


def _one_venture(held: list[str], planned: list[str]) -> bool:
    """One side's head noun is named by the other: "bakery downtown" / "bakery", not "dance studio" /
    "dance school"."""
    return held[-1] in planned or planned[-1] in held


def _words(match) -> list[str]:
    """The venture's words, stemmed ("dance studio"), or its Chinese name."""
    thing = next(group for group in match.groups() if group)
    return [thing] if not thing.isascii() else [stem(word) for word in thing.lower().split()]


def _held_venture(analysis: Analysis) -> frozenset[tuple[str, str]]:
    """The holder and the words of the venture `analysis` runs: `_one_venture` needs one of them named
    by the plan of the later entry (`_planned_venture`)."""
    held = _HELD.search(analysis.text)
    return frozenset((analysis.holder, word) for word in _words(held)) if held else frozenset()


def _planned_venture(analysis: Analysis) -> frozenset[tuple[str, str]]:
    """The holder and the words of the venture `analysis` only plans (none where it runs one too)."""
    planned = _PLANNED.search(analysis.text)
    if not planned or _HELD.search(analysis.text):
        return frozenset()
    return frozenset((analysis.holder, word) for word in _words(planned))


FAMILY = Family("a plan after it was done", kinds=("implicit",), priority=138, compare=_planned_after_done,
                cue=Said(_HELD_WORDS), patterns=(_HELD,), ordered=True, keys=_held_venture, sought=_planned_venture)
