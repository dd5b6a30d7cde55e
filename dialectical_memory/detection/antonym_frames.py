"""The same statement with one word replaced by its antonym: "a quiet working environment" / "a
noisy working environment", "口味偏淡" / "口味很重".

The antonyms are WordNet's and the bilingual table's (`antonyms.py`); the rest of what the two
claims say (their frame) must be the same, or a trait said of the person ("性格很急躁" / "很有耐心的
人"). A wish is no state ("单身" / "想明年结婚").
"""

from __future__ import annotations

import functools
import re

from ..core.regex_code import compile_fixed
from . import antonyms, lexicon
from . import terms as t
from .analysis import Analysis, Claim
from .base import Verdict
from .family import Family, contradiction
from .memo import kept
from .pairing import apart, conditions_differ, rival_pairs, wished
from .text import normalize, stem


# A word on more WordNet axes than this is too general to link entries by ("good", "soft"):
# only the bilingual table's axes, few and chosen, name it then.
_AXES_PER_WORD = 4


def _axis_terms(claim: Claim) -> set[str]:
    """Both poles of an antonym axis name it, so "loud" finds "soft-spoken" and "说话嗓门很大"."""
    found = set()
    for word, _frame in pole_words(claim):
        axes = antonyms.axes_of(word) if "=" not in word else frozenset()
        general = len(axes) > _AXES_PER_WORD
        found.update(f"~{axis}" for axis in axes if not general or antonyms.is_bilingual_axis(axis))
    return found


def _opposite_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """The same statement with one word replaced by its antonym: "a quiet working
    environment" / "a noisy working environment", "口味偏淡" / "口味很重"."""
    for left, right in rival_pairs(a, b):
        if left.sign != right.sign or left.derived or right.derived:
            continue
        if kept(left, _said_to_someone) or kept(right, _said_to_someone):
            continue  # "reminds her son that his hard work matters" / "… his good work …": what was said
        for word_a, frame_a in pole_words(left):
            for word_b, frame_b in pole_words(right):
                if (antonyms.opposed(word_a, word_b)
                        and _same_frame(_describing(frame_a, word_b), _describing(frame_b, word_a))
                        and not apart(left, right, a, b)
                        and not conditions_differ(a, b, {word_a, word_b})
                        and wished(left) == wished(right)):  # "单身" / "想明年结婚": a wish is no state
                    return contradiction("antonym", 0.75, left.text, right.text, holder=left.holder,
                                         words=[_word(left.text, word_a), _word(right.text, word_b)])
    return None


def _said_to_someone(claim: Claim) -> bool:
    """A claim that puts words to someone ("reminds her son that his hard work matters", "提醒他早点
    睡"): its words are what was said, no state of anyone (lexicon "speech_acts")."""
    return bool(_speech_act().search(claim.text))


@functools.cache
def _speech_act() -> re.Pattern:
    english = "|".join(re.escape(word) for word in lexicon.SPEECH_ACTS if word.isascii())
    chinese = "|".join(re.escape(word) for word in lexicon.SPEECH_ACTS if not word.isascii())
    return compile_fixed(rf"\b(?:{english})\s+(?:\w+\s+){{1,3}}?(?:to|that)\b|(?:{chinese})", re.IGNORECASE)


def _describing(frame: frozenset[str], other: str) -> frozenset[str]:
    """A frame without the words that say the same as its pole ("chaotic" beside
    "disorganised", both opposed to "organised"): they describe, they frame nothing."""
    return frozenset(unit for unit in frame if not antonyms.opposed(unit, other))


def pole_words(claim: Claim) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each word of the claim that sits on an antonym axis, with the rest of what
    the claim is about (its frame). Kept with the claim: a claim meets many others."""
    return kept(claim, _read_pole_words)


def _read_pole_words(claim: Claim) -> tuple[tuple[str, frozenset[str]], ...]:
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


def _says_a_pole_word(analysis: Analysis) -> bool:
    return any(not claim.derived and pole_words(claim) for claim in analysis.claims)


def _held_poles(analysis: Analysis) -> frozenset[tuple]:
    """What `_opposite_conflict` opposes in a rival claim of another entry: a holder and a sign
    (rival claims of one sign) and the side of an axis a pole word is on, or the axis of one of the
    analysis' own units ("length=long", `antonyms.opposed`)."""
    return frozenset((claim.holder, claim.sign, *pole) for claim, word in _claim_poles(analysis)
                     for pole in _sides(word))


def _sought_poles(analysis: Analysis) -> frozenset[tuple]:
    """The other side of each axis a pole word is on: what a rival claim must hold to oppose it."""
    return frozenset((claim.holder, claim.sign, axis, side if isinstance(side, str) else 1 - side)
                     for claim, word in _claim_poles(analysis) for axis, side in _sides(word))


def _claim_poles(analysis: Analysis):
    return ((claim, word) for claim in analysis.claims if not claim.derived for word, _frame in pole_words(claim))


def _sides(unit: str) -> frozenset[tuple]:
    own = frozenset([(unit.split("=", 1)[0], "=")]) if "=" in unit else frozenset()
    return own | antonyms.poles_of(unit)


def _antonym_axis_terms(analysis: Analysis) -> set[str]:
    return {term for claim in analysis.claims for term in _axis_terms(claim)}


FAMILY = Family("antonym in one frame", kinds=("antonym",), priority=100, compare=_opposite_conflict,
                cue=_says_a_pole_word, index_terms=_antonym_axis_terms,
                keys=_held_poles, sought=_sought_poles)
