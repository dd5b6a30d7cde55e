"""One habit at two frequencies far apart on the scale (`frequency.py`): "runs every day" / "runs
about once a month", "用户每天都写日记" / "only a few times a year", or a tool of the habit left
unused ("每天都学英语" / "背单词软件两个月没打开过"). Rungs one step apart clash only for counted
habits; an occasion (a trip, a holiday) or a scope keeps a habit apart from the general one.
"""

from __future__ import annotations

from . import activities, frequency, lexicon
from .analysis import Analysis, Habit, units
from .base import Verdict
from .family import Family, contradiction
from .pairing import ANY_OBJECT_VERBS, on_occasion, one_occasion
from .text import lazy_compile


def _rate_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One habit at two frequencies far apart on the scale: "runs every day" /
    "runs about once a month", "用户每天都写日记" / "only a few times a year"."""
    for left in a.habits:
        for right in b.habits:
            if (left.holder == right.holder and left.past == right.past
                    and frequency.clash(left.rate, right.rate)
                    and (_same_habit(left.topic, right.topic) or _tool_lies_unused(left, right, a.text + b.text)
                         or _tool_lies_unused(right, left, a.text + b.text))
                    and not (frequency.only_by_count(left.rate, right.rate) and (
                        _scoped(a) or _scoped(b) or on_occasion(a.text) or on_occasion(b.text)
                        or left.topic - _GOING != right.topic - _GOING))
                    and not one_occasion(a, b, never=min(left.rate.high, right.rate.high) == frequency.NEVER,
                                         rare_side=a if left.rate.high < right.rate.high else b)
                    and not (frequency.NEVER in (left.rate.high, right.rate.high) and (_scoped(a) or _scoped(b)))):
                return contradiction("frequency", 0.75, f"{left.rate.surface} ({left.rate.label})",
                                     f"{right.rate.surface} ({right.rate.label})", holder=left.holder,
                                     levels=[left.rate.label, right.rate.label])
    return None


# Going somewhere is the habit of being there: "visits the dentist" / "goes to the dentist", "回老家".
_GOING = frozenset(("visit", "go", "goe", "回", "去", "到", "come"))


def _scoped(analysis: Analysis) -> bool:
    """"Never" said within a scope or with exceptions ("never runs in the rain", "runs every
    day unless it rains") is left to the claim rules, which weigh the scopes."""
    return analysis.qualified or any(claim.scope or claim.excepted for claim in analysis.claims)


_OTHER_MEANS = lazy_compile(r"\b(?:tutor|teacher|class|classes|course|lessons?|instead|switched|textbook)\b|"
                           r"老师|上课|网课|课程|改用|换成|改成|课本|教材")


def _tool_lies_unused(stated: Habit, seen: Habit, both_entries: str) -> bool:
    """"每天都学英语" / "背单词软件两个月没打开过": the record is a lapse (at most monthly)
    on a tool of the stated activity."""
    if _OTHER_MEANS.search(both_entries):
        return False  # "with a tutor", "现在改上网课": the activity goes on without the tool
    return seen.rate.high <= frequency.MONTHLY and any(
        stated.topic & set(activities.TOOL_OF[tool][0]) and stated.topic & set(activities.TOOL_OF[tool][1])
        for tool in units(seen.text) if tool in activities.TOOL_OF)  # the habit's topic drops "软件", "app"


def _same_habit(x: frozenset[str], y: frozenset[str]) -> bool:
    shared = x & y  # a verb said of anything is no habit by itself: "checks email" / "checks the weather"
    return bool(shared - ANY_OBJECT_VERBS) and len(shared) / min(len(x), len(y)) >= 0.5


def _has_habits(analysis: Analysis) -> bool:
    return bool(analysis.habits)


def _habit_terms(analysis: Analysis) -> set[str]:
    """What a habit is done to, in either language ("plays chess every night" / "几乎从不下棋"), and
    the tool of an activity ("背单词软件" / "学英语")."""
    found = {f"#tool:{tool}" for claim in analysis.claims for tool, uses in activities.TOOL_OF.items()
             if tool in claim.reach or claim.frequency and claim.topic & set(uses[0])}
    found.update(f"#{unit}" for habit in analysis.habits for unit in habit.topic if unit in lexicon.CONCEPTS)
    return found


FAMILY = Family("habit rate", kinds=("frequency",), priority=120, compare=_rate_conflict, cue=_has_habits,
                index_terms=_habit_terms)
