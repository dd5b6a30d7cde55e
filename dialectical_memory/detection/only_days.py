"""A habit kept "only" on some days of the week denies it on the others: "only works on weekends" /
"works Monday to Friday", "只在周末工作" / "每周一上班". Timed: the days are what it compares.
"""

from __future__ import annotations

from .analysis import Analysis, Claim
from .base import Verdict
from .family import Family, Said, contradiction
from .pairing import rival_pairs
from .text import lazy_compile


_WORKWEEK = ("monday", "tuesday", "wednesday", "thursday", "friday")
_WEEK_DAYS = {"weekday": frozenset(_WORKWEEK), "weekend": frozenset(("saturday", "sunday")),
              **{day: frozenset([day]) for day in _WORKWEEK + ("saturday", "sunday")}}
# "only works on weekends", "works only on Mondays", "只在周末工作", "仅周一上班"
_ONLY_TIME = lazy_compile(
    r"(?<!not )\bonly\s+(?:[a-z]+\s+){0,2}?(?:on|during|at)?\s*(?:the\s+)?"
    r"(?:weekends?|weekdays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)\b|"
    r"(?<![不])(?:只|仅|仅仅)(?:有|是)?(?:在|于)?(?:周|星期|礼拜|工作日|双休日|平日)")


def _days(claim: Claim) -> frozenset[str]:
    return frozenset().union(*(_WEEK_DAYS.get(unit, frozenset()) for unit in claim.scope))


def _only_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A habit kept "only" on some days of the week denies it on the others:
    "only works on weekends" vs "works Monday to Friday"."""
    for only, other in rival_pairs(a, b):
        if (only.sign > 0 < other.sign and only.topic and only.topic <= other.reach
                and not other.occasional and not other.derived and _ONLY_TIME.search(only.text)):
            kept, stated = _days(only), _days(other)
            if kept and stated and not stated <= kept:
                return contradiction("scoped", 0.75, only.text, other.text)
    return None


FAMILY = Family("only on some days", kinds=("scoped",), priority=80, compare=_only_conflict,
                cue=Said(("only", "只", "仅"), in_claims=True), patterns=(_ONLY_TIME,), timed=True)
