"""The default detector: deterministic rules over the claims of two entries.

Each rule family looks at the two analyses in both directions and returns a
verdict when it finds a conflict; the first family that fires wins. Families
that need more evidence come first (an order swap or a clash of values is more
specific than a shared topic with opposite polarity).

Two claims that hold in different places never clash (`_apart`): "detailed on
technical questions" and "concise, except on technical questions"; nor does a
plain statement clash with the exception of a qualified entry that states it
as its general case ("prefers concise replies" vs "concise in general, but
detailed on technical questions": a refinement, not a contradiction).

Claims compete only when they speak of the same time and person: a past state
never clashes with a present one (unless a lifelong "has never" denies it), and
a fact about the user's sister never clashes with one about the user. A claim
marked as the general case ("usually", "平时") admits another entry's scoped
exception ("过年时喝一点").
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterator

from . import abilities, activities, amounts, antonyms, bridge, conditions, frequency, lexicon, observed, states
from . import terms as t
from .analysis import (COMPLETED, LEFT_BEHIND, Analysis, Claim, Habit, Pole, analyse, broader_of, claim_region,
                       strip_subject, units)
from .base import Label, Verdict
from .binding import pair_home, parts
from .holders import HomeHolders
from .contexts import setting_names
from . import gazetteer, slots, spoken_languages
from .slots import Slot, clash
from .text import is_cjk, normalize, stem, lazy_compile

# How much of a denied topic the affirmed statement must cover.
_COVERAGE = 0.75
_SLOT_LABELS = {"residence": "lives in", "employer": "works at", "job": "works as",
                "reply language": "replies in"}


class RuleDetector:
    """Pure-stdlib contradiction detector for English and Chinese memory entries.

    Claims are held by someone (see `binding.py`): the holders of the home the entries live in,
    when the store passes them (`in_home`), else those the two entries name between them."""

    name = "rules"

    def __init__(self, holders: HomeHolders | None = None):
        self.holders = holders

    def in_home(self, holders: HomeHolders) -> RuleDetector:
        """This detector for the entries of a home whose holders are `holders`."""
        return RuleDetector(holders)

    def compare(self, a: str, b: str) -> Verdict:
        if analyse(a).key == analyse(b).key:
            return Verdict(Label.COMPATIBLE, 0.95, "same statement")
        home = self.holders if self.holders is not None else pair_home(a, b)
        verdict = None
        for first in parts(a, home):
            for second in parts(b, home):
                found = self._compare_parts(first, second, bridge.mixed(a, b))
                if found.label is Label.CONTRADICTION:
                    return found
                if found.label is Label.UNRELATED and first.holder and first.holder == second.holder:
                    found = Verdict(Label.COMPATIBLE, 0.6, f"compatible: both about {first.holder.split(':')[-1]}")
                verdict = verdict if verdict is not None and verdict.label is not Label.UNRELATED else found
        return verdict

    def _compare_parts(self, first: Analysis, second: Analysis, mixed: bool) -> Verdict:
        verdict = self._compare(first.text, second.text, first, second)
        if verdict.label is not Label.CONTRADICTION and mixed:
            # an English entry and a Chinese one: read the Chinese words the lexicon does not know
            # in English ("古典" classical, "经理" manager) and look again; the rules that know a
            # Chinese word themselves have had their say with it as written
            bridged = (_bridged(first) if is_cjk(first.text) else first, _bridged(second) if is_cjk(second.text) else second)
            if bridged[0] is not first or bridged[1] is not second:
                again = self._compare(first.text, second.text, *bridged)
                if again.label is Label.CONTRADICTION:
                    return again
        return verdict

    @staticmethod
    def _compare(a: str, b: str, first: Analysis, second: Analysis) -> Verdict:
        apart = _times_apart(first.text, second.text) or _settings_apart(first.text, second.text)
        for rule in _RULES:
            if apart and rule not in _TIMED_RULES:
                continue
            verdict = rule(first, second) or _swapped(rule(second, first))
            if verdict:
                return verdict
        return _relatedness(first, second)


@functools.lru_cache(maxsize=4096)
def _bridged(analysis: Analysis) -> Analysis:
    return bridge.bridge_analysis(analysis)


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


def _settings_apart(a: str, b: str) -> bool:
    """Do the entries hold in different settings ("at work" / "at home", "with
    colleagues" / "with family")? Orders and habits then refine each other:
    "tea over coffee at work" / "coffee over tea at home"."""
    settings_a, settings_b = _setting_names(a), _setting_names(b)
    return bool(settings_a and settings_b and not settings_a & settings_b)


def _with_days(scope: frozenset[str]) -> frozenset[str]:
    """A scope with its days spelled out: "weekend" meets "saturday"."""
    days = _TIME_FAMILIES["day"]
    return frozenset(unit for unit in scope if unit not in days).union(
        *(days[unit] for unit in scope if unit in days))


_ANY_TIME = lazy_compile("|".join(re.escape(form) for unit in set().union(*_TIME_FAMILIES.values())
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


def _times_apart(a: str, b: str) -> bool:
    """Do the entries name times of one family that do not meet?"""
    times_a, times_b = _time_scopes(a), _time_scopes(b)
    return any(family in times_b and not times & times_b[family] for family, times in times_a.items())


def _swapped(verdict: Verdict | None) -> Verdict | None:
    """A verdict found with the entries swapped, its reason put back in a↔b order."""
    if verdict is None:
        return None
    head, _, body = verdict.reason.partition(": ")
    left, arrow, right = body.partition("↔")
    reason = f"{head}: {right}↔{left}" if arrow else verdict.reason
    data = dict(verdict.reason_data)
    data["a"], data["b"] = verdict.reason_data.get("b", ""), verdict.reason_data.get("a", "")
    for key in _PAIRED_KEYS:
        if key in data:
            data[key] = list(reversed(data[key]))
    return Verdict(verdict.label, verdict.score, reason, verdict.kind, verdict.source, data)


# reason_data values that come as [first entry's, second entry's]
_PAIRED_KEYS = ("values", "levels", "words", "sequence")


def _contradiction(kind: str, score: float, left: str, right: str, **details) -> Verdict:
    """A rule's verdict; `details` go into its structured reason (see `Verdict`)."""
    data = {"kind": kind, "source": "rule", "a": left, "b": right}
    data.update(details)
    return Verdict(Label.CONTRADICTION, score, f"{kind}: {left}↔{right}", kind, "rule", data)


def _claim_pairs(a: Analysis, b: Analysis) -> Iterator[tuple[Claim, Claim]]:
    for left in a.claims:
        for right in b.claims:
            yield left, right


def _rival_pairs(a: Analysis, b: Analysis) -> Iterator[tuple[Claim, Claim]]:
    """Claims that can disagree: a past state ("used to live in Berlin", "以前是
    老师") says nothing of the present one, nor a claim about the user's husband
    of the user."""
    for left, right in _claim_pairs(a, b):
        if left.holder == right.holder and (left.past == right.past or _lifelong(left, right)):
            yield left, right


def _lifelong(left: Claim, right: Claim) -> bool:
    """"Has never been to Japan" denies "lived in Japan as a child" too."""
    return (left.lifetime and left.sign < 0 and right.past) or (
        right.lifetime and right.sign < 0 and left.past)


def _overlaps(x: frozenset[str], y: frozenset[str]) -> bool:
    return bool(x and y) and len(x & y) / min(len(x), len(y)) >= 0.5


def _apart(left: Claim, right: Claim, a: Analysis, b: Analysis, axis: str | None = None) -> bool:
    """Do the claims hold in different places, so that opposite polarities agree?
    Explicit scopes must be disjoint; what a clause is about ("技术问题要讲透")
    only counts where one entry is qualified."""
    if left.scope and right.scope and not _overlaps(_with_days(left.scope), _with_days(right.scope)):
        return True  # "short answers in the morning" / "long answers in the evening"
    if left.settings and right.settings and not left.settings & right.settings:
        return True  # "在工作场合说话很正式" / "和朋友聊天时很随意"
    region_l, region_r = claim_region(left, axis), claim_region(right, axis)
    if (a.qualified or b.qualified) and region_l and region_r and not _overlaps(region_l, region_r):
        return True  # "formal at work, casual with friends" / "casual tone with friends"
    if _overlaps(region_l, right.excepted) or _overlaps(region_r, left.excepted):
        return True  # "detailed on technical questions" / "concise except on technical questions"
    if axis is None and (_overlaps(left.topic, right.excepted) or _overlaps(right.topic, left.excepted)):
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
               and _overlaps(region, general.excepted) and _agree(general, plain, axis)
               for general in owner.claims)


def _agree(x: Claim, y: Claim, axis: str | None) -> bool:
    if axis is not None:
        sides_x = {_effective_pole(x, pole)[0] for pole in x.poles if pole.axis == axis}
        sides_y = {_effective_pole(y, pole)[0] for pole in y.poles if pole.axis == axis}
        return bool(sides_x & sides_y)
    return x.sign == y.sign and bool(x.topic & y.reach or y.topic & x.reach)


# --- rule families --------------------------------------------------------------


def _order_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"prefers tea over coffee" vs "prefers coffee over tea"; also vs a plain
    "prefers coffee", which singles out the option the order puts second."""
    for left in a.orders:
        for right in b.orders:
            if (left.past == right.past and left.holder == right.holder
                    and _overlaps(left.preferred, right.other)
                    and _overlaps(left.other, right.preferred)):
                return _contradiction("order", 0.85, left.text, right.text, holder=left.holder,
                                      sequence=[left.text, right.text])
        for claim in b.claims:
            if (claim.past == left.past and claim.holder == left.holder and claim.sign > 0
                    and claim.stance in lexicon.PREFERENCE_VERBS and not claim.scope
                    and _overlaps(claim.topic, left.other)
                    and len(claim.topic & left.other) > len(claim.topic & left.preferred)):
                return _contradiction("order", 0.8, left.text, claim.text)
    return None


# Tools one may use one for one part of life and another for another: "工作上喜欢用Mac" /
# "打游戏的时候用Windows电脑" (a home or an employer is one, whatever the occasion).
_TOOL_SLOTS = frozenset(("os", "mobile os", "editor", "browser", "reply language", "notes app", "music service",
                         "password manager", "computer", "database", "cloud", "ci", "issue tracker", "frontend"))


def _value_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Two values of a single-valued slot: "lives in Berlin" vs "lives in Paris"."""
    for left in a.slots:
        for right in b.slots:
            if (left.name == right.name and left.holder == right.holder
                    and (clash(left, right) or _one_system(left, a.text, right, b.text))
                    and not (left.name in _TOOL_SLOTS and _settings_apart(a.text, b.text))):
                score = 0.9 if left.kind != "other" else 0.7
                return _contradiction("value", score, _slot_text(left), right.display, slot=left.name,
                                      holder=left.holder, values=[left.display, right.display],
                                      a=left.display, b=right.display)
    return None


def _one_system(left: Slot, text_a: str, right: Slot, text_b: str) -> bool:
    """A named machine runs one system: "quill runs Fedora 40" / "quill runs Ubuntu now", "basalt:
    Windows 11" / "basalt 上装的是 Windows 10" clash, where the user's "uses Linux" / "uses Ubuntu"
    name a family and one of it (the user may have several machines). A guest system or a second
    one ("WSL2 with Ubuntu", "dual-boots") is no other system."""
    if (left.name != "os" or left.value != right.value or "also" in (left.kind, right.kind)
            or not left.holder.startswith(("machine:", "thing:"))):
        return False
    (name_a, version_a), (name_b, version_b) = _system(left.display, text_a), _system(right.display, text_b)
    if not name_a or not name_b:
        return False
    return name_a != name_b or bool(version_a and version_b and version_a != version_b)


def _system(display: str, text: str) -> tuple[str, str]:
    """A system as named, with its major version when one follows ("ubuntu", "24"); no name for a
    family ("Linux")."""
    name = display.lower()
    version = re.search(rf"{re.escape(display)}\s*(\d+)", text, re.IGNORECASE)
    if lexicon.OPERATING_SYSTEMS.get(name) == name and not version:
        return "", ""  # "Linux", "Windows": a family, unless a version names one of it
    return name, version[1] if version else ""


def _preference_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One preferred time for one thing: "prefers morning meetings" vs "prefers
    afternoon meetings", "更喜欢周一开会" vs "更喜欢周五开会"."""
    for left, right in _rival_pairs(a, b):
        if (left.sign > 0 and right.sign > 0 and left.stance in lexicon.PREFERENCE_VERBS
                and right.stance in lexicon.PREFERENCE_VERBS and left.topic
                and left.topic == right.topic and _exclusive(left.scope, right.scope)):
            return _contradiction("value", 0.75, left.text, right.text)
    return None


def _exclusive(x: frozenset[str], y: frozenset[str]) -> bool:
    return bool(x and y) and not x & y and any(x | y <= family for family in lexicon.EXCLUSIVE_SCOPES)


def _slot_text(slot: Slot) -> str:
    """"lives in Berlin", "deadline Friday"; counts and versions read on their own."""
    if slot.name.startswith(("count:", "version:")):
        return slot.display
    label = _SLOT_LABELS.get(slot.name, slot.name)
    holder = slot.holder.split(":", 1)[-1]  # "person:anna" reads "anna"
    return f"{holder} {label} {slot.display}" if holder else f"{label} {slot.display}"


def _axis_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Opposite poles of one axis: concise vs detailed, early riser vs night owl."""
    for left, right in _rival_pairs(a, b):
        for pole_a in left.poles or _liked_poles(left):
            for pole_b in right.poles or _liked_poles(right):
                if (pole_a.axis == pole_b.axis and _poles_clash(left, pole_a, right, pole_b)
                        and (pole_a.axis in _TASTE_AXES or _wished(left) == _wished(right))
                        and not _wedding_then_ended(left, pole_a, right, pole_b)
                        and not _apart(left, right, a, b, pole_a.axis) and not _conditions_differ(a, b, {pole_a.axis}, axis=True)):
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


def _conditions_differ(a: Analysis, b: Analysis, predicate: set[str], axis: bool = False) -> bool:
    """Opposite predicates, each under its own condition: "short answers for simple
    questions" / "long answers for complex questions", "上班穿得很正式" / "周末穿得很随意".
    Not for qualified entries, whose conditions are their claims' regions (`_apart`)."""
    if a.qualified or b.qualified:
        return False
    return conditions.differ(conditions.condition(a.text), conditions.condition(b.text),
                             frozenset(predicate), axis)


def _poles_clash(left: Claim, pole_a: Pole, right: Claim, pole_b: Pole) -> bool:
    """Denying a pole leans to the other one, weakly: "not long-winded" agrees
    with "concise"; two weak leanings never clash."""
    if not _same_target(left, pole_a, right, pole_b):
        return False  # "long threads" / "concise replies": not the same thing
    side_a, strong_a = _effective_pole(left, pole_a)
    side_b, strong_b = _effective_pole(right, pole_b)
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


def _effective_pole(claim: Claim, pole: Pole) -> tuple[str, bool]:
    if claim.sign > 0 and claim.frequency not in ("low", "never"):
        return pole.pole, True
    # "很少生病", "rarely gets sick": a pole seldom held leans to the other one
    other = next(name for name in lexicon.AXES[pole.axis].strict if name != pole.pole)
    return other, False


def _axis_verdict(left: Claim, pole_a: Pole, right: Claim, pole_b: Pole) -> Verdict:
    both_strong = left.sign > 0 and right.sign > 0
    if left.scope != right.scope:
        return _contradiction("scoped", 0.7, left.text, right.text)
    if pole_a.pole == pole_b.pole:
        return _contradiction("negation", 0.85, left.text, right.text)
    kind = "implicit" if pole_a.implicit or pole_b.implicit else "antonym"
    return _contradiction(kind, 0.85 if both_strong else 0.7, pole_a.surface, pole_b.surface)


def _frequency_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"never/rarely X" vs "often/every day X"."""
    for left, right in _rival_pairs(a, b):
        if (_is_rare(left) and right.frequency == "high" and right.sign > 0 and _covers(left, right)
                and not _apart(left, right, a, b)
                and not _one_occasion(a, b, never=left.frequency == "never", rare_side=a if left in a.claims else b)):
            return _contradiction("frequency", 0.8, left.frequency_word, right.frequency_word)
    return None


def _is_rare(claim: Claim) -> bool:
    return (claim.frequency == "low" and claim.sign > 0) or (
        claim.frequency == "never" and claim.sign < 0)


def _negation_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One entry denies what the other affirms, possibly through a broader
    concept: "avoids sugar" vs "eats dessert", "has no pets" vs "has a cat"."""
    for denial, claim in _rival_pairs(a, b):
        if (denial.sign < 0 < claim.sign and claim.frequency not in ("low", "reduced")
                and (_covers(denial, claim) or _aversion_to(denial, claim) or _ended_after(denial, claim)
                     or _allergic_to_part(denial, claim) or _handles_the_carrier(denial, claim, b.text + a.text)
                     or _averse_to_gear(denial, claim)
                     or _same_occasion_attended(denial, claim)
                     or _stated_against_observed(denial, claim, a, b) or _lacks_what_it_needs(denial, claim)
                     or _uses_own_thing(denial, claim) or _refuses_the_use(denial, claim))
                and not _learning_only(claim, denial)
                and not (claim.frequency == "high" and observed.one_day(denial.text))
                and not (denial.implicit and (_spares_the_allergy(claim, a.text) or _wished(claim)))
                and not (denial.lifetime and _wished(claim))  # "has never flown" / "wants to fly one day"
                and not (_PLAN_DENIED.search(denial.text) and not _wished(claim))  # "no plans to retire" / "still works"
                and not (denial.frequency == "never" and _UNTIL_THEN.search(denial.text))  # "never … before 2020"
                and not _place_left(denial)  # a home left meets only a residence (_moved_away_conflict)
                and not _works_there(denial, b)
                and not (_INABILITY.search(denial.text) and _not_doing_it(claim))
                and not _only_watched(denial, claim) and not _handled_not_consumed(denial, claim)
                and not _access_without_owning(denial, claim)
                and not _apart(denial, claim, a, b)
                and not _denial_within(denial, claim) and not _names_the_denial(denial, claim)
                and not _occasions_differ(a, b, denial.topic & claim.topic | _gear_for(denial, claim))):
            return _denial_verdict(denial, claim)
    return None


# What an allergy is to may be a part of the thing ("cat hair", "狗毛", "horse dander"):
# whoever keeps or handles the thing meets the part.
_PARTS = frozenset(("hair", "fur", "dander", "saliva", "feather", "毛", "毛发", "皮屑", "唾液", "羽毛"))
# A product made free of what one cannot have: "lactose-free milk", "hypoallergenic cat".
_FREE_OF = lazy_compile(r"\b[a-z]+[- ]free\b|\bhypoallergenic\b|低敏|无(?:乳糖|麸质|糖|毛)")


# Pictures of a thing are not the thing: "对猫过敏" / "喜欢看猫的视频".
_MEDIA = frozenset(("video", "photography", "pictur", "film", "documentary", "cartoon", "comic", "show", "book",
                    "poster", "mem", "emoji", "视频", "照片", "图片", "节目", "动画", "漫画", "表情包"))
# An allergy lived with: "takes antihistamines", "吃抗过敏药", "脱敏治疗".
_MANAGED = lazy_compile(r"\bantihistamine|\ballergy\s+(?:pills?|meds|medication|shots|tablets)|\bimmunotherapy\b|"
                        r"\bdesensiti[sz]|抗过敏药|抗组胺|脱敏治疗|过敏药")


def _spares_the_allergy(claim: Claim, denial_entry: str) -> bool:
    """What the claim affirms does not meet what an allergy or diet rules out: a
    product free of it, pictures of it, or an allergy the entry says is treated."""
    return bool(_FREE_OF.search(claim.text) or claim.topic & _MEDIA or _MANAGED.search(denial_entry))


# Riding along is not driving: "不会开车" / "每天坐老公的车上班".
_PASSENGER = lazy_compile(r"坐[^，,。；;]{0,6}车|搭[^，,。；;]{0,6}车|蹭车|\b(?:gets?|got)\s+a\s+lift\b|"
                          r"\bpassenger\b|\bdriven\s+by\b|\brides?\s+with\b")


def _not_doing_it(claim: Claim) -> bool:
    """What an inability leaves open: watching it ("cooking shows"), riding along."""
    return bool(claim.topic & _MEDIA or _PASSENGER.search(claim.text))


# Not eating or drinking a thing leaves handling it open: "never drinks energy drinks" /
# "collects Red Bull cans", "watches Red Bull air races", "不吃肉" / "在菜市场卖肉".
_CONSUMING = lazy_compile(r"\b(?:eats?|ate|eating|(?<!energy\s)(?<!soft\s)(?<!fizzy\s)(?<!sports\s)drinks?|drank|drinking|smokes?|smoked|smoking|touch(?:es)?)\b|[吃喝抽碰]")
_HANDLING = lazy_compile(r"\b(?:collect\w*|sells?|sold|selling|stocks?|serv(?:es|ed|ing)|sponsor\w*|watch\w*|"
                         r"photograph\w*|paints?|draws?|designs?|advertis\w*|markets?|delivers?|brews?\s+for)\b|"
                         r"收集|收藏|卖|出售|销售|代言|赞助|送货|拍摄")


def _handled_not_consumed(denial: Claim, claim: Claim) -> bool:
    return bool(_CONSUMING.search(denial.text) and _HANDLING.search(claim.text)
                and not _CONSUMING.search(claim.text))


# Watching a sport is not playing it: "doesn't exercise" / "watches basketball every night".
_SPECTATING = lazy_compile(r"\bwatch\w*|\bspectat\w*|\bon\s+tv\b|\bfollows\b|观看|观赛|看[^，,。；;]{0,6}(?:比赛|球|直播|电视)|"
                           r"球赛|比赛直播")


def _only_watched(denial: Claim, claim: Claim) -> bool:
    """The claim watches a sport the denial says the user does not do (watching a
    streaming service is using it: that stays a denial)."""
    return ("exercise" in claim.reach and bool(_SPECTATING.search(claim.text))
            and not _SPECTATING.search(denial.text))


# Owning denied: "doesn't own a car", "没有电视" (a bare "no X" denies having it too).
_OWNING_DENIED = lazy_compile(r"\b(?:own|owns|have|has|possess\w*)\b|\bno\b|没有|没|无")
# Using what is hired or borrowed: "rents a car", "borrowed a laptop", "租车", "借朋友的车".
_HIRED = lazy_compile(r"\b(?:rent\w*|hir(?:e|es|ed|ing)|leas(?:e|es|ed|ing)|borrow\w*)\b|租|借")
# Someone else's or a shared one, right before the thing: "the office laptop", "a friend's TV",
# "公司的电脑"; `_access_without_owning` checks the next word is the thing denied.
_OWNED_BY_OTHERS = lazy_compile(
    r"\b(?:office|work|company|school|library|hotel|gym|shared|public|communal|friend|neighbou?r|parent|"
    r"sister|brother|colleague|roommate|flatmate|partner|mum|mom|dad)(?:'s|s'|s)?\s+([a-z]+)|"
    r"(?:公司|单位|学校|朋友|别人|同事|邻居|酒店|父母|爸妈|共享|公用)的?([\u4e00-\u9fff]{1,2})")


_USE_UNITS = frozenset(stem(verb) for verb in lexicon.USE_VERBS)


def _refuses_the_use(denial: Claim, claim: Claim) -> bool:
    """A liking of a thing meets a refusal of its usual use: "adores horror novels" /
    "refuses to read horror novels", "likes jazz" / "won't listen to jazz". Only a bare
    liking: "writes novels" says nothing of reading them."""
    uses = denial.topic & _USE_UNITS
    rest = denial.topic - uses
    return bool(uses and rest and claim.stance and claim.topic and not claim.topic & _USE_UNITS
                and not denial.scope and rest <= claim.reach)  # "not while working" leaves the rest


# One's own thing named: "their own laptop", "their living-room TV", "自家电视", "自己的车".
_OWN_THING = lazy_compile(r"\b(?:their|his|her|my|own)\s+(?:own\s+)?(?:[a-z]+[- ]){0,2}([a-z]+)\b|"
                          r"(?:自己的|自家的?|家里的?|自己)([\u4e00-\u9fff]{1,3})")


def _uses_own_thing(denial: Claim, claim: Claim) -> bool:
    """Having a thing denied, the other entry does something with one's own one:
    "doesn't have a TV" / "watches the news on their living-room TV"."""
    if denial.scope or not denial.topic or not _OWNING_DENIED.search(denial.text):
        return False
    for english, chinese in _OWN_THING.findall(claim.text):
        if english and stem(english) in denial.topic:
            return True
        if chinese and any(thing in chinese for thing in denial.topic if is_cjk(thing)):
            return True
    return False


# At someone else's place: "at a friend's (place)", "at grandma's", "在朋友家", "去邻居家".
_AT_OTHERS_PLACE = lazy_compile(r"\bat\s+(?:a\s+|his\s+|her\s+|their\s+|my\s+)?[a-z]+'s\b|"
                                r"在(?:朋友|邻居|同学|同事|亲戚|父母|爸妈|奶奶|姥姥|外婆|爷爷|别人)家")


def _access_without_owning(denial: Claim, claim: Claim) -> bool:
    """Not owning a thing leaves using one that is hired or someone else's:
    "doesn't own a car" / "rents a car for holidays", "没有电脑" / "用公司的电脑"."""
    if not _OWNING_DENIED.search(denial.text) or _HIRED.search(denial.text):
        return False
    if _HIRED.search(claim.text) or _AT_OTHERS_PLACE.search(claim.text):
        return True
    return any(stem(english) in denial.topic if english else bool(units(chinese) & denial.topic)
               for english, chinese in _OWNED_BY_OTHERS.findall(claim.text))


def _allergic_to_part(denial: Claim, claim: Claim) -> bool:
    """"对猫毛过敏" / "养了三只猫": an allergy to a part covers keeping the whole."""
    whole = denial.topic - _PARTS
    return (denial.implicit and whole != denial.topic and bool(whole) and not claim.stance  # loving cats is no cat
            and _covers(dataclasses.replace(denial, topic=whole), claim))


# Buying or giving a thing is brief contact with it: "buys flowers for his wife".
_GIVEN = lazy_compile(r"\b(?:buys?|bought|sends?|sent|gives?|gave|orders?|ordered|gifts?)\b|买|送|订")


def _handles_the_carrier(denial: Claim, claim: Claim, both_entries: str) -> bool:
    """"对花粉过敏" / "开了一家花店，每天和鲜花打交道", "allergic to feathers" / "sleeps on a
    goose-down pillow": a thing that carries the allergen, handled or used (not loved,
    not with the allergy treated)."""
    if not denial.implicit or claim.stance or _MANAGED.search(both_entries) or _GIVEN.search(claim.text):
        return False
    carriers = {carrier for allergen in denial.topic for carrier in lexicon.ALLERGEN_CARRIERS.get(allergen, ())}
    return bool(carriers & (claim.reach | claim.scope))


# Learning or practising something does not affirm it: "can't swim" and "is
# learning to swim", "不会游泳" and "正在学游泳" agree.
_LEARNING_UNITS = frozenset(("学", "学习", "learn", "lesson", "课"))
_INABILITY = lazy_compile(r"不会|不能|没学会|还不会|不太会|不怎么会|不大会|不是很会|can'?t|can\s*not|unable|(?:do|does)\s*(?:n'?t|not)\s+know\s+how",
                        re.IGNORECASE)


def _learning_only(claim: Claim, denial: Claim) -> bool:
    """An inability ("不会游泳") against learning it ("在学游泳", "上游泳课"), or one of
    degree ("can't cook very well", "不太会做饭") against doing it."""
    if not _INABILITY.search(denial.text):
        return False
    return bool(claim.topic & _LEARNING_UNITS) and not denial.topic & _LEARNING_UNITS or bool(
        abilities.BY_DEGREE.search(denial.text))


# "doesn't install themes in VS Code": what is denied sits in the thing, it is not the thing.
_WITHIN = lazy_compile(r"\s(?:in|inside|within|into|on)\s|在(?=[^，,。；;]{1,12}?[里上中内])")


def _denial_within(denial: Claim, claim: Claim) -> bool:
    """A denial of something done inside what the claim affirms: "uses VS Code" /
    "doesn't install themes in VS Code", "用 Excel" / "不在 Excel 里写宏". The part
    before the preposition names no unit of the claim, the part after names them all."""
    cut = _WITHIN.search(denial.text)
    if not cut or not claim.topic:
        return False
    head, place = _things(denial.text[:cut.start()]), units(denial.text[cut.end():])
    return bool(head - claim.reach) and not head & claim.topic and claim.topic <= place


def _things(text: str) -> frozenset[str]:
    """Topic units with the domain words ("themes", "plugins") units() leaves out."""
    return units(text) | {term.surface for term in t.terms(text) if term.role == t.DOMAIN}


def _names_the_denial(denial: Claim, claim: Claim) -> bool:
    """The affirmed claim speaks of the denial itself: "is allergic to peanuts" /
    "peanut allergy is severe", "对猫过敏" / "对猫过敏很严重" elaborate, they do not clash."""
    if denial.negated or not denial.stance:
        return False  # "doesn't drink coffee" / "drinks coffee": the verb is the claim's too
    word = stem(denial.stance.split()[-1])
    if not word.isascii():
        return len(word) >= 2 and word in claim.text
    return len(word) >= 5 and any(unit[:5] == word[:5] for unit in claim.topic)


_TIME_UNITS = frozenset(lexicon.SCOPE_NOUNS)
# Going to an occasion says nothing but the occasion: "最怕参加聚会" / "loves going to parties".
_ATTENDING = frozenset(("参加", "出席", "参与", "去", "going", "go", "goe", "attend", "join", "show"))
_OCCASIONS = frozenset(("party", "wedding", "birthday", "dinner party"))


def _same_occasion_attended(denial: Claim, claim: Claim) -> bool:
    """An aversion to attending an occasion the other entry loves attending: the
    occasion, a scope noun, is what both are about."""
    return (denial.scope == claim.scope and bool(denial.scope) and denial.scope <= _OCCASIONS
            and bool(denial.topic) and bool(claim.topic) and (denial.topic | claim.topic) <= _ATTENDING)
# An ending and what brought it about: "stopped playing tennis after a knee injury".
_ENDED_AFTER = lazy_compile(r"^(?:stopped|quit|gave\s+up|has\s+given\s+up)\b[^,;]*?\b(?:after|since|following|"
                            r"because\s+of|due\s+to)\s")


_CLOCK_OR_MEAL = lazy_compile(r"\d|\b(?:noon|midday|midnight|dark|sunset|sundown|\w*day|morning|afternoon|evening|night|"
                              r"lunch|dinner|breakfast|meals?|work|school|bed|bedtime|\w+\s+o'clock)\b")


def _ended_after(denial: Claim, claim: Claim) -> bool:
    """An ending dated by an event: the event is when it ended, not where it holds, so
    the ending covers the claim ("plays tennis twice a week") as a plain one would.
    A time is still a scope: "stopped drinking coffee after 3 pm"."""
    cause = _ENDED_AFTER.search(denial.text)
    return (bool(cause) and bool(denial.topic) and denial.topic <= claim.reach and not denial.scope & _TIME_UNITS
            and not _CLOCK_OR_MEAL.search(denial.text, cause.end()))


def _occasions_differ(a: Analysis, b: Analysis, predicate: set[str]) -> bool:
    """A denial and a claim, each under its own occasion: "uses Vim for code" / "for
    reading PDFs, not Vim". Times are left to the scope rules ("not on weekdays" still
    covers Tuesday evenings)."""
    if a.qualified or b.qualified:
        return False
    x, y = (conditions.condition(side.text) - _TIME_UNITS for side in (a, b))
    return conditions.differ(x, y, frozenset(predicate), axis=True)


def _stated_against_observed(denial: Claim, claim: Claim, a: Analysis, b: Analysis) -> bool:
    """A stated denial meets what the user is seen doing where it denies:
    "says they don't use social media" / "posts on Instagram several times a day".
    Only across a stated and an observed entry: two plain entries ("doesn't drink
    coffee" / "reads in coffee shops") name a place, not a use."""
    return (a.reported != b.reported and not denial.scope and bool(denial.topic)
            and denial.topic <= claim.scope | broader_of(claim.scope))


def _lacks_what_it_needs(denial: Claim, claim: Claim) -> bool:
    """"Has no driving licence" / "drives to work every day": what the claim does needs
    what the denial lacks."""
    needed = {need for concept in claim.topic for need in lexicon.REQUIRES.get(concept, ())}
    return bool(needed) and bool(denial.topic) and denial.topic <= needed and not denial.scope


def _inability_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A lasting inability against a habit or a role that needs the skill (see
    `abilities.py`): "can't swim" / "is a swimming coach", "不会开车" / "每天自己开车"."""
    if not abilities.names_inability(a.text):
        return None
    for denial, claim in _rival_pairs(a, b):
        if (claim.sign <= 0 or claim.negated or claim.stance or claim.frequency in ("low", "reduced", "never")
                or not abilities.unable(denial.text) or abilities.INABILITY.search(claim.text)):
            continue
        skill = {abilities.SKILL_VERBS.get(unit, unit) for unit in denial.topic - abilities.ABILITY_WORDS
                 - _ANY_OBJECT_VERBS}
        if (skill and skill <= abilities.skills_of(claim.text, claim.reach)
                and denial.scope <= claim.reach | claim.scope  # "can't code in Rust" / "a Python developer"
                and abilities.does_regularly(claim.text) and not _not_doing_it(claim)
                and not _apart(denial, claim, a, b)):
            return _contradiction("implicit", 0.75, denial.text, claim.text)
    return None


def _denial_verdict(denial: Claim, claim: Claim) -> Verdict:
    if denial.implicit or not denial.topic & claim.topic:
        return _contradiction("implicit", 0.7, denial.text, claim.text)
    if not denial.negated and denial.stance and claim.stance:
        return _contradiction("antonym", 0.85, denial.stance, claim.stance)
    return _contradiction("negation", 0.85, denial.text, claim.text)


_CONCEPT_UNITS = frozenset(lexicon.CONCEPTS)
# Aversions that take a thing as their object ("嫌停车难" is a complaint about parking, not the car).
_ZH_AVERSIONS = frozenset(("受不了", "不能忍受", "忍受不了", "拒绝", "推掉", "推辞", "拒收", "讨厌", "厌恶",
                           "反感", "排斥", "抵触", "回避", "避免", "想吐", "恶心", "反胃", "受够",
                           "敬而远之", "避之不及", "接受不了", "嫌弃"))
# Sensing a thing is meeting it: "闻到香菜的味道就想吐", "一看到榴莲就反胃".
_SENSES = frozenset(("闻", "闻到", "味道", "气味", "味", "看到", "看见", "一看到", "听到", "想到", "一想到",
                     "提到", "一提到", "看", "听", "smell", "sight", "thought"))
# After the thing: its smell or taste ("的膻味", "味"), or nothing more.
_ATTRIBUTE_OF = lazy_compile(r"^(?:的?[\u4e00-\u9fff]?[味气]|[。.!！]?$|[，,；;])")


def _aversion_to(denial: Claim, claim: Claim) -> bool:
    """A Chinese aversion verb aimed at the very thing the other entry affirms, or
    at its smell or taste: "受不了羊肉的膻味" / "爱吃羊肉", "推掉同事聚餐" / "喜欢同事聚餐".
    English modifiers narrow the thing ("refuses cheap wine"), so they must be covered."""
    if (not denial.stance or denial.stance not in _ZH_AVERSIONS or denial.negated or denial.excepted
            or not denial.scope <= claim.scope or not claim.topic or not claim.topic <= denial.topic):
        return False
    extra = denial.topic - claim.topic
    if extra <= _SENSES:
        return True  # "闻到香菜的味道就想吐" / "喜欢香菜"
    if not claim.topic <= _CONCEPT_UNITS:
        return False
    return all(not unit.isascii() for unit in extra) and all(
        _ATTRIBUTE_OF.search(denial.text.split(form, 1)[1]) for concept in claim.topic
        for form in lexicon.CONCEPTS[concept] if not form.isascii() and form in denial.text)


_GEAR_USES = frozenset(map(stem, lexicon.GEAR_USES))


def _averse_to_gear(denial: Claim, claim: Claim) -> bool:
    """An aversion to the gear of the activity the other entry affirms: "refuses to sleep
    in a tent ever again" / "keen on camping", "讨厌瑜伽垫" / "is into yoga". A plain lack
    ("doesn't own a tent") is no aversion: it needs a stance verb."""
    gear = {unit for unit in denial.topic if unit in lexicon.GEAR}
    if not gear or not denial.stance or denial.scope or denial.topic - gear - _GEAR_USES:
        return False
    activities = {lexicon.GEAR[unit] for unit in gear}
    return bool(claim.topic) and claim.topic <= activities and not claim.scope


def _gear_for(denial: Claim, claim: Claim) -> set[str]:
    """The denial's gear for an activity of the claim, and that activity: one predicate,
    not a place ("sleep in a tent" is camping, not somewhere camping is done)."""
    found = {unit for unit in denial.topic if lexicon.GEAR.get(unit) in claim.topic}
    return found | {lexicon.GEAR[unit] for unit in found}


def _covers(general: Claim, specific: Claim) -> bool:
    """Does `general` speak about everything `specific` is about?"""
    if not general.topic & specific.reach:
        return False
    scope, within = _with_days(general.scope), _with_days(specific.scope)
    days, days_within = scope & _DAY_NAMES, within & _DAY_NAMES
    if days and days_within and days_within <= days:
        scope = scope - days  # "never drinks on weekdays" covers Tuesday and Wednesday evenings
    target = general.topic | scope
    pool = specific.reach | within | _times_named(specific.text)  # "every morning" names the morning
    return len(target & pool) / len(target) >= _COVERAGE


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
    for only, other in _rival_pairs(a, b):
        if (only.sign > 0 < other.sign and only.topic and only.topic <= other.reach
                and not other.occasional and not other.derived and _ONLY_TIME.search(only.text)):
            kept, stated = _days(only), _days(other)
            if kept and stated and not stated <= kept:
                return _contradiction("scoped", 0.75, only.text, other.text)
    return None


_LANGUAGE_UNITS = frozenset(lexicon.NATURAL_LANGUAGES)
_ONLY_SPEAKS = lazy_compile(r"\bonly\s+(?:speaks?|knows?)\b|\bspeaks?\s+only\b|只会(?:说|讲)?|只(?:说|讲|懂)")
_SPEAKS = lazy_compile(r"\bspeak|\bfluent|\bnative|说|讲|流利|母语")


def _only_language_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"Only speaks English" leaves no room for another spoken language."""
    for only, other in _rival_pairs(a, b):
        if only.sign > 0 < other.sign and _ONLY_SPEAKS.search(only.text) and _SPEAKS.search(other.text):
            mine = {unit for unit in only.topic if unit in _LANGUAGE_UNITS}
            theirs = {unit for unit in other.topic if unit in _LANGUAGE_UNITS}
            if mine and theirs and not mine & theirs and not _apart(only, other, a, b):
                return _contradiction("value", 0.75, only.text, other.text)
    return None


def _change_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A state a change left behind, still held by the other entry: "left Google
    to join Spotify" / "currently works at Google" (where "at Google" is a place
    the work happens, which the plain denial rule does not reach)."""
    for left, right in _rival_pairs(a, b):
        if (left.stance == LEFT_BEHIND and right.sign > 0 and not right.derived
                and left.topic <= right.reach | right.scope and not _apart(left, right, a, b)
                and not _place_left(left)):
            return _contradiction("temporal", 0.75, left.text, right.text, holder=left.holder)
    return _moved_away_conflict(a, b)


# Leaving a home: "moved out of Berlin", "从北京搬走了", "搬离了上海", "left Shenzhen", "离开了深圳".
_MOVED_HOME = lazy_compile(r"\bmov(?:ed|es|e|ing)\s+(?:out\s+of|away\s+from)\b|搬|\bleft\b|离开")


def _works_there(denial: Claim, other: Analysis) -> bool:
    """What is denied is only the place the other entry works at: "不吃垃圾食品" / "在肯德基打工",
    "不喝酒" / "在酒吧上班" (working at a bar is not drinking)."""
    return any(slot.name == "employer" and denial.topic <= units(normalize(slot.display))
               for slot in other.slots)


def _place_left(claim: Claim) -> bool:
    """A home left ("从北京搬走了", "left Shenzhen"): a change whose topic is a known place."""
    return (claim.stance == LEFT_BEHIND and bool(_MOVED_HOME.search(claim.text))
            and all(slots.known_place(unit) for unit in claim.topic))


def _moved_away_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A place left, where the other entry still lives: only a residence meets it
    ("从北京搬走了" / "现在还住在北京"; a trip back there, "下个月去北京出差", does not)."""
    for left in a.claims:
        if left.past or not _place_left(left):
            continue
        for slot in b.slots:
            if (slot.name == "residence" and slot.holder == left.holder and not slot.scope
                    and any(slots.same_place(unit, slot.value) for unit in left.topic)):
                return _contradiction("temporal", 0.75, left.text, slot.display, holder=left.holder)
    return None


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
                return _contradiction("temporal", 0.75, done.text, claim.text, holder=a.holder)
    return None


_RENTED_OUT = lazy_compile(r"\brents?\s+out|\blet(?:s|ting)?\s+out|出租|租出去|租给")


_LIVING = frozenset(("住", "liv", "live"))


def _held_states(claim: Claim) -> frozenset[str]:
    """What a claim holds; where one lives is held too ("住在自己买的房子里")."""
    return claim.reach | claim.scope if claim.topic & _LIVING else claim.reach


def _exclusive_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Two states one cannot hold at once, affirmed now: "bought a flat and moved in" /
    "is still renting" (not "rents out the old flat")."""
    if _RENTED_OUT.search(a.text) or _RENTED_OUT.search(b.text):
        return None
    for left, right in _rival_pairs(a, b):
        if (left.sign > 0 < right.sign and not left.derived and not right.derived
                and not _wished(left) and not _wished(right)):  # "saving to buy a flat" / "rents a flat"
            held_l, held_r = _held_states(left), _held_states(right)
            for one, other in lexicon.EXCLUSIVE_CONCEPTS:
                if one in held_l and other in held_r and other not in held_l:
                    return _contradiction("implicit", 0.7, left.text, right.text, holder=left.holder)
    return None


# "has lived in Singapore all their life" / "grew up in Norway"
# "has lived in Singapore their whole life", "has spent her entire life in Ireland", "一辈子都住在成都"
_LIFETIME = r"(?:(?:all|for\s+all)\s+(?:of\s+)?(?:their|his|her|my)|(?:for\s+)?(?:their|his|her|my)\s+(?:whole|entire))\s+li(?:fe|ves)"
_LIFELONG_HOME = lazy_compile(rf"\blived\s+in\s+(?P<x>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)\s+{_LIFETIME}|"
                            rf"\bspent\s+{_LIFETIME}\s+in\s+(?P<s>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                            r"(?:一直|从小到大(?:都|一直)?|(?:这|一)辈子都?)住在(?P<z>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)")
_GREW_UP = lazy_compile(r"\b(?:grew\s+up|was\s+born|was\s+raised|was\s+born\s+and\s+raised)\s+in\s+"
                      r"(?P<y>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                      r"在(?P<w>[\u4e00-\u9fff]{2,4}?)(?:长大|出生)")


def _lifelong_home_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Having lived in one place all one's life leaves no other place to grow up in."""
    home, elsewhere = _LIFELONG_HOME.search(a.text), _GREW_UP.search(b.text)
    if not home or not elsewhere or a.holder != b.holder:
        return None
    place, other = home["x"] or home["s"] or home["z"], elsewhere["y"] or elsewhere["w"]
    if slots.places_apart(place, other):  # a lifelong home in Chengdu leaves no Guangzhou to grow up in
        return _contradiction("implicit", 0.75, home.group(0), elsewhere.group(0), holder=a.holder,
                              values=[place, other])
    return None


_STAYED = lazy_compile(r"\b(?:has|have)\s+never\s+(?:left|been\s+outside(?:\s+of)?)\s+(?:the\s+)?(?P<x>[A-Za-z][\w ]*?)"
                     r"(?=[,.;]|$|\s+(?:and|but|in|before)\b)|"
                     r"(?:从来|从|一直)?(?:没|未)(?:有)?离开过(?P<z>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)")
# Being somewhere on an occasion: a trip ("backpacked through Vietnam", "去日本玩了"), or any
# past doing in a place ("went skiing in Japan", "spent a semester in Germany", "在东北滑雪").
_TRAVELLED = lazy_compile(r"\b(?:backpack\w*|travel\w*|went|flew|visit\w*|tour\w*|trip|vacation\w*|holiday\w*|"
                        r"spent|stayed|studied|worked|lived|drove|skied|hiked|moved)\b(?:\s+[a-z]+){0,4}?"
                        r"\s+(?:through|to|around|in|across)\s+(?:the\s+)?(?P<y>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                        r"\b(?:backpack\w*|travel\w*|went|flew|visit\w*|tour\w*)\s+(?P<u>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                        r"去(?:了|过)?(?P<w>(?:(?!去)[\u4e00-\u9fff]){2,4}?)(?:玩|旅游|旅行|出差|度假|留学|度(?:了)?蜜月|参加|开会|看展|读书)|"
                        r"在(?P<v>[\u4e00-\u9fff]{2,4}?)(?:读过书|留过学|留学|(?:工作|生活|住|待|呆)(?:过|了))|"
                        r"(?:去|到|飞|飞到|飞去|坐飞机去)了?(?P<t>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)|"
                        r"在(?P<s>[\u4e00-\u9fff]{2,4}?)(?=滑雪|玩|旅游|旅行|出差|度假|留学|读书|上学|工作|生活|徒步|爬山|潜水|冲浪)|"
                        # a trip done ("前年去了东京看樱花", "去过巴黎逛博物馆"): any purpose after the place
                        r"去(?:了|过)(?P<r>(?:(?!去)[\u4e00-\u9fff]){2,4}?)(?:看|赏|吃|逛|购物|买|拍|探亲|过年|跨年|滑雪|"
                        r"潜水|冲浪|爬|徒步|比赛|交流|考察|访问|学习|进修|参观)")
# "had never left the country before 2020": a lifelong claim cut off at a date says nothing after it.
_UNTIL_THEN = lazy_compile(r"\b(?:before|until|till|prior\s+to)\s+(?:\d{4}|last|this|that|then|[a-z]+\s+\d{4})|"
                           r"\d{4}\s*年?(?:以前|之前)|(?:去年|前年|上大学|工作|结婚)(?:以前|之前)")


# "从来没出过国", "从未出国": a Chinese entry's home country is China.
_NEVER_ABROAD = lazy_compile(r"(?:从来|从|一直|这辈子)?(?:没|没有|未)(?:有)?出(?:过)?国|从未出国|没去过国外")


def _place_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"Has never left the UK" / "backpacked through Vietnam", "从没离开过中国" /
    "去日本玩了一周": a trip to a place outside the only country one has been in."""
    stayed = _STAYED.search(a.text) or _NEVER_ABROAD.search(a.text)
    went = _TRAVELLED.search(b.text)
    if not stayed or not went or a.holder != b.holder or _UNTIL_THEN.search(a.text) or _WISH_WORDS.search(b.text):
        return None
    home = stayed.groupdict().get("x") or stayed.groupdict().get("z") or "中国"  # 没出过国: China left never
    place = next(found for found in (went[name] for name in "yuwvtsr") if found)
    if slots.place_outside(place, home):
        return _contradiction("implicit", 0.75, stayed.group(0), went.group(0), holder=a.holder,
                              values=[home, place])
    return None


# "has never been to Japan", "从来没去过英国": a country one has never set foot in.
_NEVER_VISITED = lazy_compile(r"\b(?:has|have)\s+never\s+(?:been\s+to|visited|set\s+foot\s+in|travel+ed\s+to)\s+"
                              r"(?:the\s+)?(?P<x>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                              r"(?:从来|从|一直|这辈子)?(?:没|未)(?:有)?(?:去|到)过(?P<z>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)")


def _is_country(name: str) -> bool:
    return lexicon.PLACES.get(name.lower(), ("", ""))[0] == "country" or bool(gazetteer.country_code(name))


def _never_visited_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"Has never been to Japan" / "在东京待了两周", in either language: a past stay in a city
    of a country one has never been to (the gazetteer and the place table know whose city it is)."""
    never = _NEVER_VISITED.search(a.text)
    went = never and _TRAVELLED.search(b.text)
    if not went or a.holder != b.holder or _UNTIL_THEN.search(a.text) or _WISH_WORDS.search(b.text):
        return None
    country = never["x"] or never["z"]
    place = next(found for found in (went[name] for name in "yuwvtsr") if found)
    if _is_country(country) and slots.known_place(place) and slots.same_place(place, country):
        return _contradiction("implicit", 0.75, never.group(0), went.group(0), holder=a.holder,
                              values=[country, place])
    return None


def _spoken_language_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"不会说英语" / "用英语给客户做汇报" (see `spoken_languages.py`)."""
    language = spoken_languages.not_spoken(a.text)
    if (not language or a.holder != b.holder or spoken_languages.spoken_in(b.text) != language
            or spoken_languages.not_spoken(b.text) or _UNTIL_THEN.search(a.text)):
        return None
    return _contradiction("implicit", 0.75, a.text, b.text, holder=a.holder, values=[language])


def relation_terms(analysis: Analysis) -> set[str]:
    """What the relation rules above can link this entry by, for the candidate index: the two
    sides of a relation share no word ("has no driving licence" / "drives to work", "never left
    the UK" / "backpacked through Vietnam"), so each side names the relation instead."""
    found = set()
    for claim in analysis.claims:
        found.update(f"#{need}" for unit in claim.reach for need in lexicon.REQUIRES.get(unit, ()))
        found.update(_carrier_terms(claim))
        found.update(f"#tool:{tool}" for tool, uses in activities.TOOL_OF.items()
                     if tool in claim.reach or claim.frequency and claim.topic & set(uses[0]))
        found.update(f"#{one}|{other}" for one, other in lexicon.EXCLUSIVE_CONCEPTS
                     if one in claim.reach or other in claim.reach)
        found.update(_axis_terms(claim))
    text = analysis.text
    if any(pattern.search(text) for pattern in (_LIFELONG_HOME, _GREW_UP, _STAYED, _TRAVELLED, _NEVER_ABROAD,
                                                     _NEVER_VISITED)):
        found.add("$whereabouts")
    found.update(states.family_terms(text))
    found.update(abilities.skill_terms(text, analysis.claims))
    found.update(spoken_languages.language_terms(text))
    found.update(amounts.amount_terms(text))
    # an employer named as a slot meets the company a change left ("离开了微软" / "works at Microsoft")
    found.update(f"#{slot.value}" for slot in analysis.slots if slot.name == "employer")
    # a home left meets the residence there in any language ("moved out of Berlin" / "住在柏林")
    for place in [slot.value for slot in analysis.slots if slot.name == "residence"] + [
            unit for claim in analysis.claims if _place_left(claim) for unit in claim.topic]:
        found.update(slots.place_keys(place))
    # an occasion attended is a scope noun, which the index reads no concept from ("聚会" / "parties")
    found.update(f"$occasion:{unit}" for claim in analysis.claims for unit in claim.scope & _OCCASIONS)
    return found


_CARRIED = {carrier: allergen for allergen, carriers in lexicon.ALLERGEN_CARRIERS.items() for carrier in carriers}


def _carrier_terms(claim: Claim) -> set[str]:
    """An allergen and what carries it index one term: "花粉过敏" meets "花店"."""
    found = {f"#carrier:{unit}" for unit in claim.topic if unit in lexicon.ALLERGEN_CARRIERS}
    return found | {f"#carrier:{_CARRIED[unit]}" for unit in claim.reach | claim.scope if unit in _CARRIED}


# A word on more WordNet axes than this is too general to link entries by ("good", "soft"):
# only the bilingual table's axes, few and chosen, name it then.
_AXES_PER_WORD = 4


def _axis_terms(claim: Claim) -> set[str]:
    """Both poles of an antonym axis name it, so "loud" finds "soft-spoken" and "说话嗓门很大"."""
    found = set()
    for word, _frame in _pole_words(claim):
        axes = antonyms.axes_of(word) if "=" not in word else frozenset()
        general = len(axes) > _AXES_PER_WORD
        found.update(f"~{axis}" for axis in axes if not general or antonyms.is_bilingual_axis(axis))
    return found


_STATE_KINDS = {"employment": "temporal", "relationship": "temporal", "marriage": "temporal", "studies": "temporal", "skill": "implicit", "nights": "implicit",
                "finished": "temporal", "parents' home": "temporal", "remote": "implicit", "eyesight": "implicit",
                "colour vision": "implicit", "marriage history": "implicit", "sugar": "implicit",
                "phone use": "implicit", "gaming": "implicit", "replies": "implicit", "breakfast": "implicit",
                "workouts": "implicit", "online shopping": "implicit", "sight": "implicit", "hearing": "implicit",
                "junk food": "implicit", "work history": "implicit", "sea": "implicit"}


def _state_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """An ended state the other entry still holds, or two levels of one thing
    (see `states.py`): "已经退休了" / "每天去公司上班", "complete beginner at chess" /
    "FIDE-rated grandmaster", "从不熬夜" / "凌晨两点还在发消息"."""
    found = states.conflict(a.text, b.text, units)
    if found and a.holder != b.holder and found[0] not in states.ANY_HOLDER:
        return None
    if not found:
        return None
    family, ended, ongoing = found
    return _contradiction(_STATE_KINDS[family], 0.7, ended, ongoing, holder=a.holder, family=family)


def _amount_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A daily amount stated, a record showing one far from it (see `amounts.py`):
    "walks 10,000 steps every day" / "step counter averages 1,500 a day"."""
    found = a.holder == b.holder and amounts.clash(a.text, b.text)
    if not found:
        return None
    measure, stated, seen = found
    return _contradiction("implicit", 0.7, f"{stated:g} {measure}", f"{seen:g} {measure}", holder=a.holder)


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
                        _scoped(a) or _scoped(b) or _on_occasion(a.text) or _on_occasion(b.text)
                        or left.topic - _GOING != right.topic - _GOING))
                    and not _one_occasion(a, b, never=min(left.rate.high, right.rate.high) == frequency.NEVER,
                                          rare_side=a if left.rate.high < right.rate.high else b)
                    and not (frequency.NEVER in (left.rate.high, right.rate.high) and (_scoped(a) or _scoped(b)))):
                return _contradiction("frequency", 0.75, f"{left.rate.surface} ({left.rate.label})",
                                      f"{right.rate.surface} ({right.rate.label})", holder=left.holder,
                                      levels=[left.rate.label, right.rate.label])
    return None


# Going somewhere is the habit of being there: "visits the dentist" / "goes to the dentist", "回老家".
_GOING = frozenset(("visit", "go", "goe", "回", "去", "到", "come"))


def _scoped(analysis: Analysis) -> bool:
    """"Never" said within a scope or with exceptions ("never runs in the rain", "runs every
    day unless it rains") is left to the claim rules, which weigh the scopes."""
    return analysis.qualified or any(claim.scope or claim.excepted for claim in analysis.claims)


def _one_occasion(a: Analysis, b: Analysis, never: bool, rare_side: Analysis) -> bool:
    """One entry's habit holds on an occasion (a trip, a holiday, "出差时") and the other's
    in general: "rarely drinks" / "drinks every day on business trips", "exercises every
    day" / "barely exercised while on holiday". Only "never" admits no occasion."""
    scoped_a, scoped_b = _on_occasion(a.text), _on_occasion(b.text)
    if scoped_a == scoped_b:
        return False
    return not (never and not _on_occasion(rare_side.text))


@functools.lru_cache(maxsize=4096)
def _on_occasion(text: str) -> bool:
    return bool(conditions.occasions(text)) or "travel" in setting_names(normalize(text))


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
    return bool(shared - _ANY_OBJECT_VERBS) and len(shared) / min(len(x), len(y)) >= 0.5


_ANY_OBJECT_VERBS = frozenset(("check", "plai", "play", "watch", "read", "do", "doe", "make", "get", "take", "have",
                               "us", "use", "看", "玩", "做", "打", "用"))


def _opposite_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """The same statement with one word replaced by its antonym: "a quiet working
    environment" / "a noisy working environment", "口味偏淡" / "口味很重"."""
    for left, right in _rival_pairs(a, b):
        if left.sign != right.sign or left.derived or right.derived:
            continue
        for word_a, frame_a in _pole_words(left):
            for word_b, frame_b in _pole_words(right):
                if (antonyms.opposed(word_a, word_b)
                        and _same_frame(_describing(frame_a, word_b), _describing(frame_b, word_a))
                        and not _apart(left, right, a, b)
                        and not _conditions_differ(a, b, {word_a, word_b})
                        and _wished(left) == _wished(right)):  # "单身" / "想明年结婚": a wish is no state
                    return _contradiction("antonym", 0.75, left.text, right.text, holder=left.holder,
                                          words=[_word(left.text, word_a), _word(right.text, word_b)])
    return None


_WISHES = frozenset(("想", "想要", "希望", "打算", "计划", "准备", "want", "wish", "hope", "plan"))


# Hoping and planning: "hopes to get married someday", "打算明年结婚".
_WISH_WORDS = lazy_compile(r"\b(?:hopes?|hoping|plans?|planning|wants?|wishes|would\s+like|someday|one\s+day|"
                           r"dreams?\s+of|intends?|intending|aims?\s+to|looking\s+to|sav(?:e|es|ing)\s+(?:up\s+)?(?:to|for))\b|"
                           r"想|打算|计划|希望|准备|攒钱")


# A plan denied says nothing of now: "has no plans to retire", "不打算搬家".
_PLAN_DENIED = lazy_compile(r"\bno\s+(?:plans?|intention)\s+(?:to|of)\b|\b(?:isn't|is\s+not|not)\s+planning\s+to\b|"
                            r"\b(?:doesn't|does\s+not|don't)\s+plan\s+to\b|没有[^，,。；;]{0,6}打算|不打算|没打算|不准备")


def _wished(claim: Claim) -> bool:
    return claim.stance in _WISHES or bool(_WISH_WORDS.search(claim.text))


def _morpheme_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One Chinese statement but for an antonym morpheme: "是个急性子" / "是个慢性子",
    "卧室朝北" / "卧室朝南" (`antonyms.zh_minimal_pair`)."""
    left, right = _chinese_body(a.text), _chinese_body(b.text)
    found = left and right and antonyms.zh_minimal_pair(left, right)
    if not found:
        return None
    return _contradiction("antonym", 0.75, a.text, b.text, holder=a.holder, words=list(found))


_HAN = lazy_compile(r"[\u4e00-\u9fff]")


@functools.lru_cache(maxsize=8192)
def _chinese_body(text: str) -> str:
    """A Chinese entry without its subject ("" for any other): what a minimal pair compares."""
    return strip_subject(text) if _HAN.search(text) else ""


def _describing(frame: frozenset[str], other: str) -> frozenset[str]:
    """A frame without the words that say the same as its pole ("chaotic" beside
    "disorganised", both opposed to "organised"): they describe, they frame nothing."""
    return frozenset(unit for unit in frame if not antonyms.opposed(unit, other))


@functools.lru_cache(maxsize=16384)
def _pole_words(claim: Claim) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each word of the claim that sits on an antonym axis, with the rest of what
    the claim is about (its frame). Cached: a claim meets many others."""
    units = claim.topic | claim.scope  # the lexicon's own poles are the axis rule's
    found = [(unit, units - {unit}) for unit in claim.topic
             if "=" in unit or antonyms.is_unit_on_axis(unit)]
    found.extend((stem(term.surface), units) for term in t.terms(normalize(claim.text))
                 # "a long commute": no reply to make it a length
                 if term.role == t.POLE and not term.strict and " " not in term.surface)
    found.extend((antonyms.gloss(word), frozenset(u for u in units if not set(word) & set(u)))
                 for word in antonyms.chinese_poles(claim.text))
    return tuple(found)


def _word(text: str, unit: str) -> str:
    """The word of `text` a unit was stemmed from ("noisi" → "noisy")."""
    return next((word for word in re.findall(r"[a-z]+", text.lower()) if stem(word) == unit), unit)


# What a trait is said of when it is the person's: "性格很急躁" / "很有耐心的人".
_PERSON_FRAME = frozenset(("性格", "脾气", "人", "为人", "person", "personality", "character", "guy",
                           # how the person goes about things: "花钱大手大脚" is a trait as "节俭" is
                           "花钱", "做事", "事", "处事", "待人", "说话", "办事", "平时", "一向", "向来",
                           "spend", "money", "spender", "way", "natur", "gener",
                           # how the person talks: "soft-spoken", "说话嗓门很大"
                           "spoken", "speak", "talk", "voic", "嗓门", "声音"))


def _same_frame(x: frozenset[str], y: frozenset[str]) -> bool:
    x, y = x - _PERSON_FRAME, y - _PERSON_FRAME
    if not x and not y:
        return True
    shared = x & y  # most of each side shared, and little beside: "piping hot" / "ice cold"
    return bool(shared) and len(shared) / min(len(x), len(y)) >= 0.5 and len(x ^ y) <= 2


_RULES: tuple[Callable[[Analysis, Analysis], Verdict | None], ...] = (
    _order_conflict, _value_conflict, _preference_conflict, _axis_conflict, _frequency_conflict,
    _negation_conflict, _inability_conflict, _only_conflict, _only_language_conflict, _opposite_conflict, _morpheme_conflict,
    _rate_conflict,
    _change_conflict, _completion_conflict, _place_conflict, _never_visited_conflict, _spoken_language_conflict, _exclusive_conflict,
    _lifelong_home_conflict, _state_conflict, _amount_conflict)

# Rules whose times are their subject: "only works on weekends", "deadline is Friday",
# "prefers morning meetings" / "prefers afternoon meetings".
_TIMED_RULES = (_only_conflict, _value_conflict, _preference_conflict)

# --- no conflict: same subject or not? ---------------------------------------------


def _relatedness(a: Analysis, b: Analysis) -> Verdict:
    shared = _shared_subject(a, b)
    if shared:
        return Verdict(Label.COMPATIBLE, 0.7, f"compatible: both about {shared}")
    return Verdict(Label.UNRELATED, 0.7, "unrelated: no shared subject")


def _shared_subject(a: Analysis, b: Analysis) -> str:
    """A topic, axis or slot both entries speak about, or ""."""
    slots = {slot.name for slot in a.slots} & {slot.name for slot in b.slots}
    if slots:
        return sorted(slots)[0]
    for left, right in _claim_pairs(a, b):
        shared = left.subjects & right.subjects
        if shared:
            return sorted(shared)[0]
    for orders, claims in ((a.orders, b.claims), (b.orders, a.claims)):
        for order in orders:
            if any((order.preferred | order.other) & claim.reach for claim in claims):
                return order.text
    return ""
