"""What the rule families ask of two claims before comparing them.

Claims compete only when they speak of the same time and holder (`rival_pairs`): a past state
never clashes with a present one (unless a lifelong "has never" denies it), and a fact about the
user's sister never clashes with one about the user. Two claims that hold in different places never
clash (`apart`): "detailed on technical questions" and "concise, except on technical questions";
nor does a plain statement clash with the exception of a qualified entry that states it as its
general case ("prefers concise replies" vs "concise in general, but detailed on technical
questions": a refinement, not a contradiction). A claim marked as the general case ("usually",
"平时") admits another entry's scoped exception ("过年时喝一点").

Whole entries can be apart too: naming disjoint times of one family (`times_apart`: weekdays and
the weekend, morning and evening, summer and winter) or different settings (`settings_apart`: at
work, at home); the runner then runs only the families whose times are their subject.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from . import conditions, lexicon
from . import terms as t
from .analysis import Analysis, Claim, Pole, claim_region
from .contexts import setting_names
from .text import lazy_compile, normalize


# How much of a denied topic the affirmed statement must cover.
_COVERAGE = 0.75


# Times of the week, day and year, each a family whose members exclude each other:
# "runs every day in summer" / "rarely runs in winter", "coffee over tea in the
# morning" / "tea over coffee in the afternoon", "meat only on weekends" /
# "vegetarian on weekdays" speak of different times and never clash.
_TIME_FAMILIES: dict[str, dict[str, frozenset[str]]] = {
    "day": {**{day: frozenset([day]) for day in ("monday", "tuesday", "wednesday", "thursday", "friday",
                                                 "saturday", "sunday")},
            "weekday": frozenset(("monday", "tuesday", "wednesday", "thursday", "friday")),
            "weekend": frozenset(("saturday", "sunday"))},
    "part of day": {"morning": frozenset(["morning"]), "breakfast": frozenset(["morning"]),
                    "afternoon": frozenset(["afternoon"]), "lunch": frozenset(["midday"]),
                    "evening": frozenset(["evening"]), "dinner": frozenset(["evening"]),
                    "night": frozenset(["night"]), "bedtime": frozenset(["night"])},
    "season": {"summer": frozenset(["summer"]), "winter": frozenset(["winter"])},
}


@functools.lru_cache(maxsize=4096)
def _time_scopes(text: str) -> dict[str, frozenset[str]]:
    """The times an entry names, by family: {"day": {"saturday", "sunday"}}."""
    lowered = normalize(text)
    if not _ANY_TIME.search(lowered):
        return {}  # no time word at all: skip reading the terms
    named = {term.value for term in t.terms(lowered) if term.role == t.SCOPE_NOUN}
    found = {}
    for family, members in _TIME_FAMILIES.items():
        times = frozenset().union(*(members[unit] for unit in named if unit in members))
        if times:
            found[family] = times
    return found


_DAY_NAMES = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))


@functools.lru_cache(maxsize=4096)
def _setting_names(text: str) -> frozenset[str]:
    """Settings ("at work") and the occasions an activity opens ("写代码时", "when gaming")."""
    return setting_names(text) | conditions.occasions(text)


def settings_apart(a: str, b: str) -> bool:
    """Do the entries hold in different settings ("at work" / "at home", "with
    colleagues" / "with family")? Orders and habits then refine each other:
    "tea over coffee at work" / "coffee over tea at home"."""
    settings_a, settings_b = _setting_names(a), _setting_names(b)
    return bool(settings_a and settings_b and not settings_a & settings_b)


def with_days(scope: frozenset[str]) -> frozenset[str]:
    """A scope with its days spelled out: "weekend" meets "saturday"."""
    days = _TIME_FAMILIES["day"]
    return frozenset(unit for unit in scope if unit not in days).union(
        *(days[unit] for unit in scope if unit in days))


_ANY_TIME = lazy_compile("|".join(re.escape(form) for unit in sorted(set().union(*_TIME_FAMILIES.values()))
                                for form in lexicon.SCOPE_NOUNS.get(unit, ())))


@functools.lru_cache(maxsize=8192)
def _times_named(text: str) -> frozenset[str]:
    """The scope nouns a clause names anywhere, also inside a frequency ("every morning")."""
    lowered = normalize(text)
    if not _ANY_TIME.search(lowered):
        return frozenset()
    found = set()
    for term in t.terms(lowered):
        if term.role == t.SCOPE_NOUN:
            found.add(term.value)
        elif term.role == t.FREQUENCY:  # "every morning", "每天早上"
            found.update(unit for form, unit in _SCOPE_FORMS.items() if form in term.surface)
    return frozenset(found)


_SCOPE_FORMS = {form: unit for unit, forms in lexicon.SCOPE_NOUNS.items() for form in forms}


def times_apart(a: str, b: str) -> bool:
    """Do the entries name times of one family that do not meet?"""
    times_a = _time_scopes(a)
    if not times_a:  # most entries name no time: no generator to make for every pair
        return False
    times_b = _time_scopes(b)
    return any(family in times_b and not times & times_b[family] for family, times in times_a.items())


def claim_pairs(a: Analysis, b: Analysis) -> Iterator[tuple[Claim, Claim]]:
    for left in a.claims:
        for right in b.claims:
            yield left, right


def rival_pairs(a: Analysis, b: Analysis) -> Iterator[tuple[Claim, Claim]]:
    """Claims that can disagree: a past state ("used to live in Berlin", "以前是
    老师") says nothing of the present one, nor a claim about the user's husband
    of the user."""
    for left, right in claim_pairs(a, b):
        if left.holder == right.holder and (left.past == right.past or _lifelong(left, right)):
            yield left, right


def _lifelong(left: Claim, right: Claim) -> bool:
    """"Has never been to Japan" denies "lived in Japan as a child" too."""
    return (left.lifetime and left.sign < 0 and right.past) or (
        right.lifetime and right.sign < 0 and left.past)


def overlaps(x: frozenset[str], y: frozenset[str]) -> bool:
    return bool(x and y) and len(x & y) / min(len(x), len(y)) >= 0.5


def apart(left: Claim, right: Claim, a: Analysis, b: Analysis, axis: str | None = None) -> bool:
    """Do the claims hold in different places, so that opposite polarities agree?
    Explicit scopes must be disjoint; what a clause is about ("技术问题要讲透")
    only counts where one entry is qualified."""
    if left.scope and right.scope and not overlaps(with_days(left.scope), with_days(right.scope)):
        return True  # "short answers in the morning" / "long answers in the evening"
    if left.settings and right.settings and not left.settings & right.settings:
        return True  # "在工作场合说话很正式" / "和朋友聊天时很随意"
    region_l, region_r = claim_region(left, axis), claim_region(right, axis)
    if (a.qualified or b.qualified) and region_l and region_r and not overlaps(region_l, region_r):
        return True  # "formal at work, casual with friends" / "casual tone with friends"
    if overlaps(region_l, right.excepted) or overlaps(region_r, left.excepted):
        return True  # "detailed on technical questions" / "concise except on technical questions"
    if axis is None and (overlaps(left.topic, right.excepted) or overlaps(right.topic, left.excepted)):
        return True  # "eats salmon" / "vegetarian except for fish"
    if _general_case(left, right, axis) or _general_case(right, left, axis):
        return True  # "平时不喝酒" / "过年时会喝一点酒"
    return _refined(left, right, b, axis) or _refined(right, left, a, axis)


_AXIS_UNITS = {axis: frozenset(nouns) for axis, nouns in lexicon.AXIS_NOUNS.items()}


def _general_case(general: Claim, other: Claim, axis: str | None) -> bool:
    """A claim marked as the general case ("usually", "in general", "平时") admits
    exceptions: another entry's claim that holds only somewhere is one ("long
    answers for code reviews", "过年时喝一点")."""
    region = claim_region(other, axis) - _AXIS_UNITS.get(axis, frozenset()) if axis else other.scope
    if not region and axis is None and general.default:
        region = conditions.condition(other.text)  # "吃火锅时…": an occasion named by a clause
    return (general.default and not claim_region(general, axis) and bool(region)
            and not other.default)


def _refined(plain: Claim, scoped: Claim, owner: Analysis, axis: str | None) -> bool:
    """`plain` states without condition what `owner` states as its general case,
    and `scoped` is one of the exceptions `owner` makes to it."""
    region = claim_region(scoped, axis)
    if not region or plain.excepted or claim_region(plain, axis):
        return False
    return any(general is not scoped and general.excepted and not claim_region(general, axis)
               and overlaps(region, general.excepted) and _agree(general, plain, axis)
               for general in owner.claims)


def _agree(x: Claim, y: Claim, axis: str | None) -> bool:
    if axis is not None:
        sides_x = {effective_pole(x, pole)[0] for pole in x.poles if pole.axis == axis}
        sides_y = {effective_pole(y, pole)[0] for pole in y.poles if pole.axis == axis}
        return bool(sides_x & sides_y)
    return x.sign == y.sign and bool(x.topic & y.reach or y.topic & x.reach)


def conditions_differ(a: Analysis, b: Analysis, predicate: set[str], axis: bool = False) -> bool:
    """Opposite predicates, each under its own condition: "short answers for simple
    questions" / "long answers for complex questions", "上班穿得很正式" / "周末穿得很随意".
    Not for qualified entries, whose conditions are their claims' regions (`apart`)."""
    if a.qualified or b.qualified:
        return False
    return conditions.differ(conditions.condition(a.text), conditions.condition(b.text),
                             frozenset(predicate), axis)


def effective_pole(claim: Claim, pole: Pole) -> tuple[str, bool]:
    if claim.sign > 0 and claim.frequency not in ("low", "never"):
        return pole.pole, True
    # "很少生病", "rarely gets sick": a pole seldom held leans to the other one
    other = next(name for name in lexicon.AXES[pole.axis].strict if name != pole.pole)
    return other, False


def covers(general: Claim, specific: Claim) -> bool:
    """Does `general` speak about everything `specific` is about?"""
    if not general.topic & specific.reach:
        return False
    scope, within = with_days(general.scope), with_days(specific.scope)
    days, days_within = scope & _DAY_NAMES, within & _DAY_NAMES
    if days and days_within and days_within <= days:
        scope = scope - days  # "never drinks on weekdays" covers Tuesday and Wednesday evenings
    target = general.topic | scope
    pool = specific.reach | within | _times_named(specific.text)  # "every morning" names the morning
    return len(target & pool) / len(target) >= _COVERAGE


# "had never left the country before 2020": a lifelong claim cut off at a date says nothing after it.
UNTIL_THEN = lazy_compile(r"\b(?:before|until|till|prior\s+to)\s+(?:\d{4}|last|this|that|then|[a-z]+\s+\d{4})|"
                          r"\d{4}\s*年?(?:以前|之前)|(?:去年|前年|上大学|工作|结婚)(?:以前|之前)")


def one_occasion(a: Analysis, b: Analysis, never: bool, rare_side: Analysis) -> bool:
    """One entry's habit holds on an occasion (a trip, a holiday, "出差时") and the other's
    in general: "rarely drinks" / "drinks every day on business trips", "exercises every
    day" / "barely exercised while on holiday". Only "never" admits no occasion."""
    scoped_a, scoped_b = on_occasion(a.text), on_occasion(b.text)
    if scoped_a == scoped_b:
        return False
    return not (never and not on_occasion(rare_side.text))


@functools.lru_cache(maxsize=4096)
def on_occasion(text: str) -> bool:
    return bool(conditions.occasions(text)) or "travel" in setting_names(normalize(text))


ANY_OBJECT_VERBS = frozenset(("check", "plai", "play", "watch", "read", "do", "doe", "make", "get", "take", "have",
                              "us", "use", "看", "玩", "做", "打", "用"))


_WISHES = frozenset(("想", "想要", "希望", "打算", "计划", "准备", "want", "wish", "hope", "plan"))


# Hoping and planning: "hopes to get married someday", "打算明年结婚".
WISH_WORDS = lazy_compile(r"\b(?:hopes?|hoping|plans?|planning|wants?|wishes|would\s+like|someday|one\s+day|"
                          r"dreams?\s+of|intends?|intending|aims?\s+to|looking\s+to|sav(?:e|es|ing)\s+(?:up\s+)?(?:to|for)|"
                          # weighing it up: "is shopping around for a car", "thinking about getting a rabbit"
                          r"shopping\s+(?:around\s+)?for|(?:thinking|thinks)\s+(?:about|of)\s+\w+ing|"
                          r"consider(?:s|ing)?\s+\w+ing|looking\s+(?:at|into)\s+\w+ing|"
                          # about to: "is excited to adopt a kitten", "a dream car"
                          r"(?:excited|eager|about)\s+to|going\s+to\s+(?:get|buy|adopt|start|try|move|sell|open|learn|visit|have)|"
                          r"dream\s+(?!of\b)\w+)\b|"
                          r"想|打算|计划|希望|准备|攒钱|考虑|即将|将要|(?:下周|下个月|明年)要")


def wished(claim: Claim) -> bool:
    return claim.stance in _WISHES or bool(WISH_WORDS.search(claim.text))
