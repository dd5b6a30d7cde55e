"""States of a life that exclude one another, read from the whole entry.

Each family names a state that has ended and the ongoing state it ended, or two
levels of one thing that cannot both hold now:

- **employment** — retired, unemployed, laid off ("已经退休了", "is between jobs")
  against going to work ("每天去公司上班", "works at Google"); quitting a job
  ("辞职了", "quit their job") only against a job still held ("还在腾讯上班"), since
  a new job may have followed;
- **relationship** — broke up ("分手了") against still dating; single against a
  partner or a marriage held now;
- **skill** — a beginner ("零基础", "complete beginner") against a master of the
  same thing ("考过十级", "plays professionally", "JLPT N1");
- **nights** — an early sleeper ("从不熬夜", "goes to bed early") against what is
  seen at 2 a.m. ("凌晨两点还在发消息", "still online at 2 a.m.").

Both sides must be the same holder's, held now (no "used to", "以前"), and not
planned ("plans to retire", "打算辞职"); an entry that states both sides of a
family says nothing against the other entry. Together they are one rule family
(`FAMILY`, at the end), which runs where an entry names an ended side.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from ..core.regex_cues import reads_only_where
from . import languages, lexicon
from .analysis import Analysis, units
from .base import Verdict
from .family import Family as RuleFamily
from .family import contradiction
from .text import normalize, lazy_compile


class Family(NamedTuple):
    name: str
    ended: re.Pattern  # the state that excludes the other
    ongoing: re.Pattern
    needs_still: re.Pattern | None = None  # ended forms that clash only with a state "still" held
    topical: bool = False  # both sides must speak of the same thing (a skill)
    observed: bool = False  # the ongoing side is a record of behaviour, a lapse ("sit unanswered", "没回")
    exempt: re.Pattern | None = None  # ongoing clauses that keep to the stated habit ("sugar-free")
    ever: bool = False  # the ended side is lifelong ("never had a job"): a past other side clashes too


def _compile(*parts: str) -> re.Pattern:
    return lazy_compile("|".join(parts))


# What a family is beyond its words (its patterns are each language's: lang/*/states.json, which
# also lists, as "exempt" of a sense, the ways of speaking of a thing without doing it).
TOPICAL = frozenset(("skill", "finished"))  # both sides must speak of the same thing
OBSERVED = frozenset(("sugar", "phone use", "gaming", "replies", "breakfast", "workouts", "online shopping"))
EVER = frozenset(("work history", "sea"))  # the ended side is lifelong


@functools.cache
def families() -> tuple[Family, ...]:
    """The state families, in the order they are tried, their patterns every language's."""
    return tuple(_family(name, sides) for name, sides in languages.table("states", "families").items())


def _family(name: str, sides: dict[str, list[str]]) -> Family:
    def pattern(side: str) -> re.Pattern | None:
        return _compile(*sides[side]) if sides.get(side) else None

    return Family(name, pattern("ended"), pattern("ongoing"), needs_still=pattern("needs_still"),
                  topical=name in TOPICAL, observed=name in OBSERVED, exempt=pattern("exempt"), ever=name in EVER)


def cues() -> dict[str, tuple[str, ...]]:
    """Family → words one of which every side of it contains (lang/*/states.json): most entries have
    none, and substring tests are much cheaper than the patterns (tested: test_state_cues)."""
    return languages.word_map("states", "cues")



# Families whose other side may be stated of someone else: "User's ex-husband lives in Boston".
ANY_HOLDER = frozenset(("marriage history",))

# The state is not held now: gone by, planned, wished for, denied.
_NOT_NOW = lazy_compile(
    r"\b(?:used\s+to|formerly|previously|before|once|as\s+a\s+(?:child|kid|student)|in\s+college|"
    r"will|plans?|planning|going\s+to|wants?\s+to|hopes?|considering|thinking\s+(?:of|about)|soon|"
    r"not|never|no\s+longer|until|looking\s+for|applying|searching)\b|n't|找工作|求职|面试|"
    r"以前|之前|曾|过去|原来|小时候|上学时|大学时|将|打算|准备|计划|想|要是|如果|快要?|明年|下个月|没|不再|还没", re.IGNORECASE)
_NOT_NOW_OBSERVED = lazy_compile(
    r"\b(?:used\s+to|formerly|previously|once|as\s+a\s+(?:child|kid|student)|in\s+college|last\s+year|"
    r"will|plans?|planning|going\s+to|wants?\s+to|hopes?|considering)\b|"
    r"以前|之前|曾|过去|原来|小时候|上学时|大学时|打算|准备|计划|想要|要是|如果|去年", re.IGNORECASE)
# A job that never was: planned, wished for, sought, denied (a past one was).
_NOT_EVER = lazy_compile(
    r"\b(?:will|plans?|planning|going\s+to|wants?\s+to|hopes?|dreams?|considering|thinking\s+(?:of|about)|"
    r"would\s+like|not|never|looking\s+for|applying|applied|searching|volunteer\w*|unpaid)\b|n't|"
    r"找工作|求职|面试|打算|准备|计划|想|希望|梦想|要是|如果|没|不|志愿|义工", re.IGNORECASE)
# An ending that was not: "hasn't retired", "没有辞职", "还没退休".
_NEGATED_END = lazy_compile(r"\b(?:not|never|no)\s+(?:\w+\s+)?$|n't\s+(?:\w+\s+)?$|(?:没|没有|还没|未|不)$", re.IGNORECASE)
_STILL = lazy_compile(r"\b(?:still|currently|now)\b|还|仍|依然|一直|目前|现在")
_NEW = lazy_compile(r"\bnew\b|新")
# A skill's level words are not the skill: what else the two entries share.
_LEVEL_WORDS = lazy_compile(r"beginner|novice|newbie|complete|total|absolute|grandmaster|professional\w*|fluent\w*|"
                          r"expert|interpreter|translator|player|level|rated|works?|learn\w*|play\w*|studi\w*|"
                          r"years?|user|passed|has|have|the|and|at|in|a|as|is|on|of")


def _clause(text: str, match: re.Match) -> str:
    """The clause a match sits in."""
    start = max(text.rfind(mark, 0, match.start()) for mark in ",;，；。.") + 1
    ends = [i for i in (text.find(mark, match.end()) for mark in ",;，；。") if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def _held(pattern: re.Pattern, text: str, ended: bool, family: Family | None = None) -> re.Match | None:
    """The first match of `pattern` in a clause that holds now. An observed lapse is
    worded as a negation ("sit unanswered", "一周都没回"): only a past or a plan makes
    it not hold now."""
    not_now = _NOT_NOW_OBSERVED if family and family.observed else _NOT_EVER if family and family.ever else _NOT_NOW
    for match in pattern.finditer(text):
        clause = _clause(text, match)
        if not ended and family and family.exempt and family.exempt.search(clause):
            continue
        if ended:
            if _NEGATED_END.search(text[:match.start()]) or re.search(
                    r"\b(?:will|plans?|planning|going\s+to|wants?\s+to|hopes?|considering|thinking)\b|"
                    r"打算|准备|计划|想|快要?|明年|下个月|将", clause, re.IGNORECASE):
                continue
        elif not_now.search(clause):
            continue
        return match
    return None


_FamilyWords = tuple[tuple[Family, tuple[str, ...]], ...]


@functools.cache
def _cue_words() -> tuple[_FamilyWords, _FamilyWords]:
    """Each family with its cue words, in the order the families are tried; and with those of its
    words an ASCII text can hold (a Chinese word cannot be in it)."""
    words = cues()
    every = tuple((family, tuple(words[family.name])) for family in families())
    return every, tuple((family, tuple(word for word in said if word.isascii())) for family, said in every)


@reads_only_where(lambda: (word for _family, words in _cue_words()[0] for word in words))
def _named_families(lowered: str) -> tuple[Family, ...]:
    """The families one of whose cue words the text says (most say none: one test for all)."""
    named = []
    for family, words in _cue_words()[lowered.isascii()]:
        for word in words:
            if word in lowered:
                named.append(family)
                break
    return tuple(named)


@functools.lru_cache(maxsize=8192)
def _sides(text: str) -> tuple[str, frozenset[str], frozenset[str]]:
    """The text normalised, the families whose ended state it names, and those whose
    ongoing state it names: read once per entry, whatever it is compared with."""
    lowered = normalize(text)
    named = _named_families(lowered)
    return (lowered, frozenset(f.name for f in named if f.ended.search(lowered)),
            frozenset(f.name for f in named if f.ongoing.search(lowered)))


def conflict(a_text: str, b_text: str) -> tuple[str, str, str] | None:
    """(family, ended side, ongoing side) when `a_text` states an ended state
    `b_text` still holds (a skill's two entries must be about the same thing
    besides their level words)."""
    a, ended_a, ongoing_a = _sides(a_text)
    b, ended_b, ongoing_b = _sides(b_text)
    candidates = (ended_a & ongoing_b) - ongoing_a - ended_b
    if not candidates:
        return None
    for family in families():
        if family.name not in candidates:
            continue
        end = _held(family.ended, a, ended=True)
        if not end:
            continue
        going = _held(family.ongoing, b, ended=False, family=family)
        if not going or family.ongoing.search(a) or family.ended.search(b):
            continue
        if family.needs_still and family.needs_still.search(end.group(0)) and not _STILL.search(b):
            continue  # "辞职了" / "在字节跳动上班": a new job may have followed
        if family.name == "relationship" and _NEW.search(b):
            continue
        if family.topical and not _same_thing(family, a, b):
            continue
        return family.name, end.group(0), going.group(0)
    return None


_FORM_CONCEPT = {form: concept for concept, forms in lexicon.CONCEPTS.items() for form in forms}


def _same_thing(family: Family, a: str, b: str) -> bool:
    def about(text: str) -> frozenset[str]:
        rest = family.ongoing.sub(" ", family.ended.sub(" ", text))
        levels = " ".join(match.group(0) for pattern in (family.ended, family.ongoing)
                          for match in pattern.finditer(text))
        named = {concept for form, concept in _FORM_CONCEPT.items()  # "grandmaster" is chess
                 if form in levels and re.search(rf"(?<![a-z]){re.escape(form)}(?![a-z])", levels)}
        return frozenset(unit for unit in units(rest) | named if not _LEVEL_WORDS.fullmatch(unit))
    x, y = about(a), about(b)  # one names all the other does: "student loans" is not "car loan"
    return bool(x and y and (x <= y or y <= x))


def state_terms(analysis: Analysis) -> set[str]:
    """Index terms: the sides of a family share no word ("已经退休了" / "每天去公司上班")."""
    _, ended, ongoing = _sides(analysis.text)
    return {f"${name}" for name in ended | ongoing}


_STATE_KINDS = {"employment": "temporal", "relationship": "temporal", "marriage": "temporal", "studies": "temporal", "skill": "implicit", "nights": "implicit",
                "finished": "temporal", "parents' home": "temporal", "remote": "implicit", "eyesight": "implicit",
                "colour vision": "implicit", "marriage history": "implicit", "sugar": "implicit",
                "phone use": "implicit", "gaming": "implicit", "replies": "implicit", "breakfast": "implicit",
                "workouts": "implicit", "online shopping": "implicit", "sight": "implicit", "hearing": "implicit",
                "junk food": "implicit", "work history": "implicit", "sea": "implicit"}


def _state_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """An ended state the other entry still holds, or two levels of one thing
    (the families above): "已经退休了" / "每天去公司上班", "complete beginner at chess" /
    "FIDE-rated grandmaster", "从不熬夜" / "凌晨两点还在发消息"."""
    found = conflict(a.text, b.text)
    if found and a.holder != b.holder and found[0] not in ANY_HOLDER:
        return None
    if not found:
        return None
    family, ended, ongoing = found
    return contradiction(_STATE_KINDS[family], 0.7, ended, ongoing, holder=a.holder, family=family)


def _ends_a_state(analysis: Analysis) -> bool:
    return bool(_sides(analysis.text)[1])


# One rule family (family.py) for all the state families above: its cue is an ended side named.
FAMILY = RuleFamily("state", kinds=tuple(sorted(set(_STATE_KINDS.values()))), priority=200,
                    compare=_state_conflict, cue=_ends_a_state, index_terms=state_terms)
