"""How many of one thing in one period: "caps himself at two beers a week" / "drinks six or seven
beers a week", "每周去三次健身房" / "每周只去一次健身房", "sleeps eight hours a night" / "每晚只睡五个小时".

Two counts of one thing in one period, said of one holder, clash when they cannot both hold: their
ranges do not meet once a cap ("at most four"), a floor ("at least two"), a range ("three or four",
"三四杯") and an approximation ("about ten", "十杯左右") are read as the ranges they say. The
frequency scale (`frequency.py`) compares periods ("every day" / "once a month"); this compares
counts within one.

A thing is a noun ("coffees", "杯咖啡", the same across the languages through the bridge); a
count of times, hours, pages or kilometres is of a habit, and the two sides must then do the same
thing ("goes to the gym three times a week" / "goes to the gym once a week", not "goes swimming").
Left open, as look-alikes: a count in the past ("used to smoke twenty a day"), a plan or advice
("plans to cut down to one a day", "the doctor says two a day"), a denial, a scope ("during exam
season", "周末"), a single day (no period: "had four yesterday"), another period, another holder,
another thing, or two verbs that do different things with it ("sells" / "drinks").

The words are per language, in `lang/<code>/counts.json`.
"""

from __future__ import annotations

import functools
import math
import re
from typing import NamedTuple

from ..core.regex_code import compile_fixed
from . import languages
from .amounts import zh_value
from .base import Verdict
from .family import Family, contradiction
from .lexical import bridged, words
from .text import normalize, stem

TABLES = "counts"
_ABOUT_WIDTH = 0.25  # "about ten" is 7.5 to 12.5
READ_CHARS = 2_000  # what the analysis reads of an entry (analysis.ANALYSED_CHARS)
MOST_COUNTS = 16
CONTEXT_CHARS = 80  # of the clause before and after a count, read for the past, a plan, a scope
_CLOSE = 0.25  # counts closer than this share of the larger are one count loosely said
_LEAST_GAP = {"hour": 2.0}  # … and hours closer than two


class Count(NamedTuple):
    """One count per period as an entry says it."""

    period: str  # day, week, month, year
    low: float
    high: float  # float("inf") for a floor
    things: frozenset[str]  # what is counted, as keys both languages share; empty for a habit's count
    unit: str  # a generic unit ("time", "hour", …) or "" for a thing
    topic: frozenset[str]  # for a generic unit: what the habit does, as words and bridged stems
    verb: frozenset[str]  # the verb said before the count, when it says more than "has"
    open: bool  # in the past, a plan, advice, denied or scoped: compared with nothing
    surface: str


def _either(items) -> str:
    return "|".join(f"(?:{item})" for item in sorted(items, key=len, reverse=True))


def _language(code: str):
    """One language's table reader, its period phrases (phrase → period) and generic units (form → unit)."""
    def table(key: str):
        return languages.data(code, TABLES)[key]

    periods = {phrase: period for period, phrases in table("periods").items() for phrase in phrases}
    generic = {form: unit for unit, forms in table("generic").items() for form in forms}
    return table, periods, generic


@functools.cache
def _english() -> dict:
    table, periods, generic = _language("en")
    numbers = table("numbers")
    number = rf"\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?|{_either(re.escape(word) for word in numbers)}"
    mods = _either([*table("cap"), *table("floor"), *table("about")])
    # a thing is no number, no period and no vague quantity ("a few times a week" counts no one time)
    thing_word = (rf"(?!(?:{number}|{_either(periods)}|{_either(table('vague'))}|{_either(table('spans'))})\b)"
                  r"[a-z][a-z'-]*")
    pattern = compile_fixed(
        rf"(?:\b(?P<mod>{mods})\s+)?\b(?P<n1>{number})(?:\s*(?:{_either(map(re.escape, table('range')))})\s*(?P<n2>{number}))?"
        rf"(?:\s+(?:(?:{_either(table('units'))})\s+of))?"
        rf"(?:\s+(?P<thing>(?:{thing_word}\s+)?{thing_word}))?"
        rf"\s+(?P<period>{_either(periods)})\b")
    return {
        "pattern": pattern, "numbers": numbers, "periods": periods, "times": frozenset(table("times")),
        "generic": [(compile_fixed(rf"(?:{form})$"), unit) for form, unit in generic.items()],
        "cap": compile_fixed(rf"^(?:{_either(table('cap'))})$"), "floor": compile_fixed(rf"^(?:{_either(table('floor'))})$"),
        "generic_verbs": compile_fixed(rf"^(?:{_either(table('generic_verbs'))})$"),
        "past": compile_fixed(rf"\b(?:{_either(table('past'))})\b"), "plan": compile_fixed(rf"\b(?:{_either(table('plan'))})\b"),
        "negation": compile_fixed(rf"\b(?:{_either(table('negation'))})\b|n't\b"),
        "scope": compile_fixed(rf"\b(?:{_either(table('scope'))})\b"),
        "next_part": compile_fixed(rf"\s+(?:{_either(table('next_part'))})\s+"),
    }


@functools.cache
def _chinese() -> dict:
    table, periods, generic = _language("zh")
    digits = table("digits")
    number = rf"\d+|[{''.join(digits)}]+"
    counted = _either([*table("containers"), *generic])
    before = _either([*table("cap"), *table("floor"), *table("about")])
    pattern = compile_fixed(
        rf"(?P<period>{_either(periods)})(?P<mid>[^，,。；;！？!?\d{''.join(digits)}几半]{{0,6}}?)"
        rf"(?P<n1>{number})(?:(?:{_either(map(re.escape, languages.table(TABLES, 'range')))})(?P<n2>{number}))?"
        rf"(?P<counted>{counted})(?P<after>{_either([*table('cap_after'), *table('floor_after'), *table('about_after')])})?"
        rf"(?P<thing>[\u4e00-\u9fff]{{0,4}})")
    return {
        "pattern": pattern, "digits": digits, "one_day": tuple(table("one_day")),
        "holder_end": compile_fixed(rf"(?:{_either(table('holders'))})$"), "not_things": frozenset(table("not_things")),
        "periods": [(compile_fixed(rf"(?:{phrase})$"), period) for phrase, period in periods.items()],
        "generic": [(compile_fixed(rf"(?:{form})$"), unit) for form, unit in generic.items()],
        "before": compile_fixed(before), "cap": compile_fixed(_either(table("cap"))), "floor": compile_fixed(_either(table("floor"))),
        "cap_after": frozenset(table("cap_after")), "floor_after": frozenset(table("floor_after")),
        "about_after": frozenset(table("about_after")),
        "filler": compile_fixed(_either(table("filler"))),
        "past": compile_fixed(_either(table("past"))), "plan": compile_fixed(_either(table("plan"))),
        "negation": compile_fixed(_either(table("negation"))), "scope": compile_fixed(_either(table("scope"))),
    }


@functools.lru_cache(maxsize=4096)
def counts(text: str) -> tuple[Count, ...]:
    """Every count per period ``text`` says (its first ``READ_CHARS``), clause by clause, at most
    ``MOST_COUNTS`` of them."""
    lowered = normalize(text[:READ_CHARS])
    if not _mentions_a_period(lowered):
        return ()
    found: list[Count] = []
    for clause in _clauses().split(lowered):
        if not clause.isascii():
            found.extend(_chinese_counts(clause))
        if any("a" <= char <= "z" for char in clause):
            found.extend(_english_counts(clause))
        if len(found) >= MOST_COUNTS:
            return tuple(found[:MOST_COUNTS])
    return tuple(found)


def _mentions_a_period(text: str) -> bool:
    return _period_cue().search(text) is not None


@functools.cache
def _clauses() -> re.Pattern:
    """Where a clause ends: its punctuation, or a word of contrast ("but") of any language."""
    contrast = _either(languages.words(TABLES, "contrast"))
    return compile_fixed(rf"[.;!?。；！？]+|，|,(?=\s)|\s+(?:{contrast})\s+")


@functools.cache
def _period_cue() -> re.Pattern:
    """Any period phrase of any language (a cheap test before the readers)."""
    return compile_fixed(_either(phrase for code in languages.LANGUAGES for phrase in _language(code)[1]))


def _english_counts(clause: str) -> list[Count]:
    english = _english()
    found = []
    for match in english["pattern"].finditer(clause):
        low = _english_number(match["n1"], english["numbers"])
        high = _english_number(match["n2"], english["numbers"]) if match["n2"] else low
        if low is None or high is None or high < low:
            continue
        thing = (match["thing"] or "").split() or (["times"] if match["n1"] in english["times"] else [])
        unit = next((unit for form, unit in english["generic"] if thing and form.match(thing[-1])), "")
        if not thing:
            continue  # "two a day": two of what, the entry does not say
        low, high = _modified(low, high, match["mod"] or "", english["cap"], english["floor"])
        before = clause[max(0, match.start() - CONTEXT_CHARS): match.start()]
        after = english["next_part"].split(clause[match.end(): match.end() + CONTEXT_CHARS], maxsplit=1)[0]
        verb_words = before.split()[-1:] if not (match["mod"] or unit) else []  # a habit's count: its topic
        verb = frozenset(stemmed for word in verb_words if not english["generic_verbs"].match(word) for stemmed in words(word))
        rest = before + " " + (" ".join(thing[:-1]) if unit else "") + " " + after
        topic = frozenset(words(rest)) if unit else frozenset()
        opened = bool(english["past"].search(before) or english["plan"].search(before)
                      or english["negation"].search(before) or english["scope"].search(before + " " + after))
        found.append(Count(english["periods"][match["period"]], low, high,
                           frozenset() if unit else frozenset((stem(thing[-1]),)), unit, topic, verb, opened,
                           match.group(0).strip()))
    return found


def _english_number(raw: str, numbers: dict) -> float | None:
    raw = raw.strip()
    if raw in numbers:
        return float(numbers[raw])
    try:
        return float(raw.replace(",", ""))
    except ValueError:
        return None


def _modified(low: float, high: float, mod: str, cap: re.Pattern, floor: re.Pattern) -> tuple[float, float]:
    if not mod:
        return low, high
    return _ranged(low, high, "cap" if cap.match(mod) else "floor" if floor.match(mod) else "about")


def _ranged(low: float, high: float, kind: str) -> tuple[float, float]:
    """The range a count says with a cap ("at most"), a floor ("at least") or "about"."""
    if kind == "cap":
        return 0.0, high
    if kind == "floor":
        return low, math.inf
    return low * (1 - _ABOUT_WIDTH), high * (1 + _ABOUT_WIDTH)


def _chinese_counts(clause: str) -> list[Count]:
    chinese = _chinese()
    found = []
    for match in chinese["pattern"].finditer(clause):
        low, high = _chinese_range(match["n1"], match["n2"], chinese["digits"])
        if low is None:
            continue
        counted = match["counted"]
        unit = next((unit for form, unit in chinese["generic"] if form.match(counted)), "")
        thing = _chinese_thing(match["thing"])
        before = clause[max(0, match.start() - CONTEXT_CHARS): match.start()]
        if not unit and not thing:  # the thing as the clause's topic, before the period: "咖啡每天喝一杯"
            thing = _topic_thing(before, chinese)
        if not unit and not thing:
            continue  # "每天喝两杯": two of what, the entry does not say
        mid, after = match["mid"], match["after"] or ""
        if before.endswith(chinese["one_day"]):
            continue  # "有一天喝了四杯": one day, no period
        if chinese["cap"].search(mid) or after in chinese["cap_after"]:
            low, high = _ranged(low, high, "cap")
        elif chinese["floor"].search(mid) or after in chinese["floor_after"]:
            low, high = _ranged(low, high, "floor")
        elif chinese["before"].search(mid) or after in chinese["about_after"]:
            low, high = _ranged(low, high, "about")
        verb_text = chinese["filler"].sub("", chinese["before"].sub("", mid))
        rest = clause[match.end(): match.end() + CONTEXT_CHARS]
        done = verb_text + (match["thing"] or "")  # what the habit does, with its object
        topic = frozenset(_chinese_keys(done) | set(words(done))) if unit else frozenset()
        verb = frozenset() if unit else frozenset(_chinese_keys(verb_text) or ({verb_text} if verb_text else set()))
        scoped_text = before + mid + rest
        opened = bool(chinese["past"].search(before + mid) or chinese["plan"].search(before + mid)
                      or chinese["negation"].search(chinese["cap"].sub("", before + mid)) or chinese["scope"].search(scoped_text))
        period = next(period for form, period in chinese["periods"] if form.match(match["period"]))
        found.append(Count(period, low, high, frozenset() if unit else thing, unit, topic, verb, opened,
                           match.group(0)))
    return found


def _chinese_range(first: str, second: str | None, digits: dict) -> tuple[float | None, float | None]:
    low = _chinese_number(first, digits)
    if second:
        return low, _chinese_number(second, digits)
    if len(first) == 2 and all(char in digits and digits[char] < 10 for char in first):
        a, b = digits[first[0]], digits[first[1]]
        if b == a + 1 or (a, b) == (1, 2):  # "三四杯", "一两次": a range
            return float(a), float(b)
    return low, low


def _chinese_number(raw: str, digits: dict) -> float | None:
    """"四" 4, "十二" 12, "两百" 200, "一万五" 15000 (`amounts.zh_value`)."""
    if raw.isdigit():
        return float(raw)
    return zh_value(raw) if all(char in digits for char in raw) else None


def _chinese_thing(text: str) -> frozenset[str]:
    """The noun after a measure word, as keys the languages share: "咖啡就睡不着" → {coffe, 咖啡}."""
    known = _known_word(text, at_end=False)
    if known:
        return known[1]
    return frozenset((text[:2],)) if text else frozenset()


def _topic_thing(before: str, chinese: dict) -> frozenset[str]:
    """The noun said just before the period, a holder's word between them left out ("咖啡她一天
    最多喝两杯" → 咖啡), when the bridge knows it and it is no time, habit or person word."""
    known = _known_word(chinese["holder_end"].sub("", before), at_end=True)
    return known[1] if known and known[0] not in chinese["not_things"] else frozenset()


def _known_word(text: str, at_end: bool) -> tuple[str, frozenset[str]] | None:
    """The longest word of at most four characters the bridge knows at the start (or ``at_end``)
    of ``text``: (the word, its English stems and the word itself)."""
    for length in range(min(4, len(text)), 0, -1):
        piece = text[-length:] if at_end else text[:length]
        glosses = [english for english, word in bridged(piece) if word == piece]
        if glosses:
            return piece, frozenset((*glosses, piece))
    return None


def _chinese_keys(text: str) -> set[str]:
    return {english for english, _chinese in bridged(text)} if text else set()


def clash(a: Count, b: Count) -> bool:
    """Counts of one thing (or one habit) in one period whose ranges do not meet."""
    if a.open or b.open or not _one_thing(a, b):  # "sells 200 coffees a day" / "drinks one coffee a day"
        return False
    return _apart(a, b)


def _apart(a: Count, b: Count) -> bool:
    """Ranges that do not meet, by more than a loose wording moves a count: a quarter of the larger
    count, and for hours two of them, as the routine durations of `slots.py` ("seven hours" /
    "eight hours" is one habit said twice)."""
    gap = max(a.low - b.high, b.low - a.high)
    larger = max(end for end in (a.low, a.high, b.low, b.high) if end != math.inf)
    return gap > 0 and gap >= max(_LEAST_GAP.get(a.unit, 0.0), _CLOSE * larger)


def same_counts(earlier: str, later: str) -> bool | None:
    """For the same-fact matcher (`restatement.py`): do two texts state the same counts per period
    ("two coffees a day" / "2 coffees every day" / "每天喝两杯咖啡")? True when each count of
    either meets one of the other of one thing in one period and equal; False when two such counts
    differ at all ("once a week" / "twice a week"); None when they state none to compare."""
    mine, theirs = _comparable(earlier), _comparable(later)
    if not mine or not theirs:
        return None
    met = [(a, b) for a in mine for b in theirs if _one_thing(a, b)]
    if not met:
        return None
    if any((a.low, a.high) != (b.low, b.high) for a, b in met):
        return False
    matched_mine, matched_theirs = {a for a, _b in met}, {b for _a, b in met}
    return True if len(matched_mine) == len(mine) and len(matched_theirs) == len(theirs) else None


def states_a_count(text: str) -> bool:
    """Does ``text`` say how many of something in a period, as now ("goes to the gym three times a
    week"; not "went three times last week", nor "used to go three times a week")?"""
    return bool(_comparable(text))


def _comparable(text: str) -> list[Count]:
    return [count for count in counts(text) if not count.open]


def _one_thing(a: Count, b: Count) -> bool:
    """One thing (or one habit) counted in one period, by the same verb when both say one."""
    if a.period != b.period or a.unit != b.unit:
        return False
    if a.unit:
        if not _same_habit(a.topic, b.topic):
            return False
    elif a.things.isdisjoint(b.things):
        return False
    return not (a.verb and b.verb and a.verb.isdisjoint(b.verb))


def _same_habit(x: frozenset[str], y: frozenset[str]) -> bool:
    from .pairing import ANY_OBJECT_VERBS

    x, y = x - ANY_OBJECT_VERBS - _GOING, y - ANY_OBJECT_VERBS - _GOING
    shared = x & y  # more than half of the shorter: "spends … on books" / "spends … on rent" share a verb only
    return bool(shared) and len(shared) * 2 > min(len(x), len(y))


_GOING = frozenset(("go", "goe", "去", "到", "come", "user", "用户", "用", "户"))


def _count_conflict(a, b) -> Verdict | None:
    if a.holder != b.holder:
        return None
    for left in counts(a.text):
        for right in counts(b.text):
            if clash(left, right):
                return contradiction("value", 0.75, left.surface, right.surface, holder=a.holder)
    return None


def _says_a_count(analysis) -> bool:
    return states_a_count(analysis.text)


def _periods(analysis) -> set[str]:
    return {count.period for count in _comparable(analysis.text)}


def count_terms(analysis) -> set[str]:
    """Index terms: "一杯咖啡" and "four coffees" share no word. A habit's count (times, hours) is
    linked by the habit's own words, which the index holds already."""
    return {f"$count:{count.period}:{key}" for count in _comparable(analysis.text) for key in count.things}


FAMILY = Family("count per period", kinds=("value",), priority=125, compare=_count_conflict, cue=_says_a_count,
                index_terms=count_terms, keys=_periods)
