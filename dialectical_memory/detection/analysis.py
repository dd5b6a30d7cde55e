"""Read a memory entry into claims: what it is about, with which polarity.

"User does not like long-winded replies" becomes one claim with sign -1, the
pole `length=long` and no topic words; "User avoids sugar" becomes sign -1 on
the topic {sugar}. The rules in `rules.py` compare these claims.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from . import lexicon
from . import terms as t
from .slots import Slot, extract_slots
from .text import chinese_bigrams, normalize, parse_number


@dataclass(frozen=True)
class Pole:
    axis: str
    pole: str
    surface: str
    implicit: bool = False


@dataclass(frozen=True)
class Claim:
    """One clause: its polarity, what it is about, and where it applies."""

    text: str
    sign: int  # +1 affirms, -1 denies (after negation and stance verbs)
    negated: bool = False  # a negation word flipped the sign ("not", "no longer", "从不")
    stance: str = ""  # the stance verb, as listed in the lexicon ("like", "hate")
    frequency: str = ""  # "", "high", "low" or "never"
    frequency_word: str = ""
    topic: frozenset[str] = frozenset()
    broader: frozenset[str] = frozenset()  # concepts the topic is a kind of
    scope: frozenset[str] = frozenset()  # "on technical questions", "在工作上"
    poles: tuple[Pole, ...] = ()
    implicit: bool = False  # polarity comes from an allergy, a diet, ...

    @property
    def reach(self) -> frozenset[str]:
        """Topic plus everything it is a kind of."""
        return self.topic | self.broader

    @property
    def subjects(self) -> frozenset[str]:
        """Everything the claim speaks about: topic, scope, broader concepts, axes."""
        return self.reach | self.scope | {pole.axis for pole in self.poles}


@dataclass(frozen=True)
class Order:
    """A preference of one option over another ("tea over coffee")."""

    preferred: frozenset[str]
    other: frozenset[str]
    text: str


@dataclass(frozen=True)
class Analysis:
    key: str  # the statement without subject or punctuation, for identity
    claims: tuple[Claim, ...]
    orders: tuple[Order, ...]
    slots: tuple[Slot, ...]


_CLAUSE_SPLIT = re.compile(r"[,;:!?，；：。！？、]+|\.(?!\d)|\s+but\s+|\s+whereas\s+|但是|可是|不过|但")
_SUBJECT = re.compile(r"^\s*(?:the\s+)?user(?:'s)?\s+|^\s*(?:该|这位)?用户", re.IGNORECASE)
_ORDER_PATTERNS = tuple(re.compile(p) for p in (
    r"\bprefer\w*\s+(?P<x>.+?)\s+(?:over|to|rather than|instead of|more than)\s+(?P<y>.+)",
    r"\b(?:like|love|enjoy)\w*\s+(?P<x>.+?)\s+(?:more than|better than|over)\s+(?P<y>.+)",
    r"\bwould rather\s+(?P<x>.+?)\s+than\s+(?P<y>.+)",
    r"\b(?:choose|chooses|chose|pick|picks)\s+(?P<x>.+?)\s+over\s+(?P<y>.+)",
    r"(?:更喜欢|更爱|更偏好|偏好|喜欢|选择|偏爱)(?P<x>.+?)(?:而不是|而非|胜过|多于|超过)(?P<y>.+)",
    r"(?:比起|相比于?|与其)(?P<y>.+?)[,，]?(?:更喜欢|更爱|更偏好|更倾向于?|更想|不如|宁愿)(?P<x>.+)",
    r"宁[愿可](?P<x>.+?)[,，]?也不(?:要|想|愿意?)?(?P<y>.+)",
))
_WAKE_TIME = (
    re.compile(r"\b(?:wake|woke|wakes|waking|get|gets|got|getting|rise|rises)\s+up\s+"
               r"(?:at|around|by|before|after)\s+(?:(?P<noon>noon|midday)|(?P<hour>\d{1,2})"
               r"(?::\d\d)?\s*(?P<half>am|pm|a\.m\.|p\.m\.)?)"),
    re.compile(r"(?P<part>凌晨|早上|早晨|上午|中午|下午)?(?P<hour>\d{1,2}|[一二两三四五六七八九十]{1,3})点"
               r"(?:钟|半|多)?(?:才|就)?(?:起床|起来|醒)"),
    re.compile(r"(?P<noon>中午|下午)才?(?:起床|起来|醒)"),
)


def strip_subject(text: str) -> str:
    return _SUBJECT.sub("", text, count=1).strip()


@functools.lru_cache(maxsize=8192)
def analyse(text: str) -> Analysis:
    original = unicodedata.normalize("NFKC", text)
    sentence = normalize(strip_subject(original))
    domains = _domains(sentence)
    orders, clause_source = _orders(sentence)
    claims: list[Claim] = []
    inherited_sign = 1
    for clause in _clauses(clause_source):
        claim, extra, inherited_sign = _read_clause(clause, inherited_sign, domains)
        claims.append(claim)
        claims.extend(extra)
    claims.extend(_wake_time_claims(sentence))
    key = "".join(ch for ch in sentence if ch.isalnum())
    # A fact stated under negation ("no longer lives in Paris") is not a current value.
    affirmative = all(claim.sign > 0 or claim.implicit for claim in claims)
    slots = extract_slots(original) if affirmative else ()
    return Analysis(key=key, claims=tuple(claims), orders=orders, slots=slots)


def _clauses(sentence: str) -> list[str]:
    return [part.strip() for part in _CLAUSE_SPLIT.split(sentence) if part.strip()]


def _domains(sentence: str) -> frozenset[str]:
    return frozenset(term.value for term in t.terms(sentence) if term.role == t.DOMAIN)


def units(text: str) -> frozenset[str]:
    """The topic units of a phrase (concepts, English stems, Chinese bigrams)."""
    found: set[str] = set()
    for term in t.terms(text):
        if term.role in (t.CONCEPT, t.CONTENT):
            found.add(term.value)
        elif term.role == t.CJK_RUN:
            found.update(chinese_bigrams(term.value))
        elif term.role == t.POLE:
            found.add(f"{term.value}={term.pole}")
    return frozenset(found)


def _orders(sentence: str) -> tuple[tuple[Order, ...], str]:
    """Preference orders in the sentence, and the text left to read as claims
    (only the preferred option is affirmed)."""
    for pattern in _ORDER_PATTERNS:
        match = pattern.search(sentence)
        if not match:
            continue
        preferred, other = units(match["x"]), units(match["y"])
        if preferred and other:
            text = f"{match['x'].strip()}>{match['y'].strip()}"
            return (Order(preferred, other, text),), match["x"]
    return (), sentence


def _read_clause(clause: str, inherited_sign: int, domains: frozenset[str]):
    """One clause → (claim, claims implied by identities, stance sign for the next clause)."""
    clause_terms = t.terms(clause)
    scoped = _zh_scope_positions(clause_terms)
    flips, verb_sign, implicit = 1, None, False
    frequency = frequency_word = stance_word = ""
    topic: list[str] = []
    scope: list[str] = []
    poles: list[Pole] = []
    abstentions: list[t.Term] = []
    in_scope = False
    for position, term in enumerate(clause_terms):
        role = term.role
        if role in (t.NEGATION, t.CESSATION, t.NEVER):
            flips = -flips
            if role == t.NEVER:
                frequency, frequency_word = "never", term.surface
        elif role == t.VERB:
            verb_sign = (verb_sign or 1) * term.sign
            implicit = implicit or term.implicit
            stance_word = stance_word or term.surface
        elif role == t.FREQUENCY:
            frequency, frequency_word = term.value, term.surface
        elif role == t.SCOPE:
            in_scope = in_scope or bool(topic or poles)
        elif role == t.POLE:
            if term.strict or domains.intersection(lexicon.AXES[term.value].domains):
                poles.append(Pole(term.value, term.pole, term.surface))
        elif role == t.ABSTAIN:
            abstentions.append(term)
        elif role in (t.CONCEPT, t.CONTENT, t.CJK_RUN) or term.unit:
            found = chinese_bigrams(term.value) if role == t.CJK_RUN else [term.unit or term.value]
            (scope if in_scope or position in scoped else topic).extend(found)
    stance = verb_sign if verb_sign is not None else inherited_sign
    sign = flips * stance
    topic_set = frozenset(topic)
    claim = Claim(clause, sign, flips < 0, stance_word, frequency, frequency_word, topic_set,
                  _broader(topic_set), frozenset(scope), tuple(poles), implicit)
    extra = [Claim(clause, -flips, topic=frozenset([concept]), implicit=True,
                   broader=_broader(frozenset([concept])))
             for term in abstentions for concept in term.abstains]
    return claim, extra, stance


def _zh_scope_positions(clause_terms: list[t.Term]) -> set[int]:
    """Positions between 在 and a closing 上/里/中/时 ("在技术问题上")."""
    positions: set[int] = set()
    for start, term in enumerate(clause_terms):
        if term.surface != lexicon.ZH_SCOPE_OPEN:
            continue
        for end in range(start + 1, len(clause_terms)):
            if clause_terms[end].surface in lexicon.ZH_SCOPE_CLOSERS:
                positions.update(range(start + 1, end))
                break
    return positions


def _broader(topic: frozenset[str]) -> frozenset[str]:
    found: set[str] = set()
    pending = list(topic)
    while pending:
        for parent in lexicon.BROADER.get(pending.pop(), ()):
            if parent not in found:
                found.add(parent)
                pending.append(parent)
    return frozenset(found)


def _wake_time_claims(sentence: str) -> list[Claim]:
    """"Wakes up at noon" / "早上五点起床" place the user on the chronotype axis."""
    for pattern in _WAKE_TIME:
        match = pattern.search(sentence)
        if match:
            hour = _wake_hour(match)
            pole = "late" if hour >= 10 else "early" if hour <= 7 else ""
            if pole:
                return [Claim(match.group(0), 1,
                              poles=(Pole("chronotype", pole, match.group(0), implicit=True),))]
    return []


def _wake_hour(match: re.Match) -> int:
    groups = match.groupdict()
    if groups.get("noon"):
        return 12
    hour = parse_number(groups["hour"]) or 8  # unparsable: a neutral hour
    if groups.get("half") in ("pm", "p.m.") or groups.get("part") in ("中午", "下午"):
        hour += 12 if hour < 12 else 0
    return hour

