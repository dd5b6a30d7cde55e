"""The same fact said again: is a new entry a restatement of one already kept?

:func:`compare` decides, offline and without a model, whether a later text restates an earlier one:
``SAME`` (absorbed at the add), ``POSSIBLE`` (named to the agent, left to a judge; nothing absorbed)
or ``DIFFERENT``. Precision first: the pairs that matter are each note's nearest neighbour, mostly
two facts about one holder and topic. ``SAME`` needs strong word evidence (words of stance or
feeling, ``soft``, count less; words of an ``alike`` group count as one) *and* no guard: another
holder, a denial, a number, a plan against its fulfilment, the past against the present, how often,
a liking against a doing, a question, one event against a habit, a comparison turned round, one
word swapped for another, a dated event said long after, support the other way round. One relation
of support between the holder and one other person told on another occasion is ``SAME`` from a
lower score (``SUPPORT_SCORE``): the occasions differ in words, the relation is the fact.
Each rule with its look-alike is in ``docs/detection.md`` ("The same fact said again"); the cue
words are language data (``lang/<code>/restatement.json``). Pure functions of their arguments.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable
from typing import NamedTuple

from ..core.regex_code import compile_fixed
from ..core.regex_cues import LazyPattern
from . import languages, lexicon
from .holders import entry_holder
from .lexical import bridged, words
from .text import is_cjk, lazy_compile, normalize, stem

# A later text restates the earlier one when the overlap's score reaches this (on labelled real
# notes, each a note and its nearest neighbour, at most 1 % of distinct pairs do).
SURE_SCORE = 0.56
# …and has this many words at least (fewer say too little to tell: across the languages, the
# bridge's English words of a short Chinese text may be all it has in common: 住 "live").
SURE_MIN_WORDS = 3
# A later text with this many words of substance the earlier lacks says something new ("…; the
# choir gives a winter concert"): possibly the same fact told with more, never absorbed at the add.
NEW_WORDS_AT_MOST = 2
# Below it but at or above these, the pair is named to the agent and left to the reflection layer.
POSSIBLE_JACCARD = 0.3
POSSIBLE_COVER = 0.6
# A later text holding this much of the earlier one and more is ``fuller``.
FULLER_COVER = 0.9
# One event against a habit or a view needs more.
SURE_EVENT_SCORE = 0.7
# A word of stance or feeling counts this much of a word that names what the fact is about.
SOFT_WEIGHT = 0.3
# A dated event said again more than this many days after the earlier entry may be another event.
DATED_EVENT_DAYS = 7.0
# Two texts telling of one relation of support between the holder and one other person (both
# "supports Ana", or both "grateful for Ana's support") are the same fact from this score: the
# occasion each names ("through setbacks", "in her new job") is the support's, not another fact.
SUPPORT_SCORE = 0.3

TABLES = "restatement"  # lang/<code>/restatement.json: filler words and the guards' patterns


@functools.cache
def _cue(key: str) -> LazyPattern:
    """The guard ``key``'s patterns of every language, as one expression (read on first use; compiled
    for the first text that holds one of its cues, see ``text.lazy_compile``)."""
    return lazy_compile("|".join(f"(?:{pattern})" for pattern in languages.words(TABLES, key)))


@functools.cache
def _word_set(key: str) -> frozenset[str]:
    return frozenset(languages.words(TABLES, key))


@functools.cache
def _filler() -> frozenset[str]:
    """The filler words as written and as stems."""
    return frozenset({stem(word) for word in _word_set("filler")} | _word_set("filler"))


@functools.lru_cache(maxsize=16384)  # per text and guard: an add compares one text with each candidate
def _says(key: str, text: str) -> bool:
    """Whether ``text`` (normalized) has a cue of the guard ``key``."""
    return bool(_cue(key).search(text))


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _normalized(text: str) -> str:
    return normalize(text)


@functools.lru_cache(maxsize=4096)
def _holder(text: str) -> str:
    return entry_holder(text)


class Sameness(enum.Enum):
    SAME = "same"
    POSSIBLE = "possible"
    DIFFERENT = "different"


class Restatement(NamedTuple):
    """What :func:`compare` decided, and why (a short reason a person can read)."""

    sameness: Sameness
    score: float
    reason: str
    # the later text says everything the earlier did and more (it could become the entry's text)
    fuller: bool = False

    @property
    def sure(self) -> bool:
        """The same fact beyond doubt: what an add absorbs (a POSSIBLE one is only named)."""
        return self.sameness is Sameness.SAME


def compare(earlier: str, later: str, *, days_apart: float = 0.0) -> Restatement:
    """Is ``later`` the fact ``earlier`` states, said again? ``days_apart``: how long after the
    earlier entry the later text is written (a dated event said long after may be another one)."""
    if _normalized(earlier) == _normalized(later):
        return Restatement(Sameness.SAME, 1.0, "the same text")
    mine, theirs = _weights(earlier, later, is_cjk(earlier) != is_cjk(later))
    if not mine or not theirs:
        return Restatement(Sameness.DIFFERENT, 0.0, "nothing to compare")
    return _judged(earlier, later, days_apart, mine, theirs)


def _weights(earlier: str, later: str, across: bool) -> tuple[_Weights, _Weights]:
    """Both texts' weighted words (``across`` the languages, their English stems: all that meets)."""
    return (_english_weighted(earlier), _english_weighted(later)) if across else (_weighted(earlier), _weighted(later))


def _judged(earlier: str, later: str, days_apart: float, mine: _Weights, theirs: _Weights) -> Restatement:
    """:func:`compare` of two different texts with words to compare."""
    jaccard, cover_later, cover_earlier = _overlap(mine, theirs)
    overlap = _score(jaccard, cover_later)
    score = round(overlap, 3)
    sure = overlap >= SURE_SCORE and len(theirs) >= SURE_MIN_WORDS
    supported = (not sure and overlap >= SUPPORT_SCORE and len(theirs) >= SURE_MIN_WORDS
                 and _one_support(earlier, later))
    sure = sure or supported
    if not (sure or jaccard >= POSSIBLE_JACCARD or min(cover_later, cover_earlier) >= POSSIBLE_COVER):  # too few words in common
        return Restatement(Sameness.DIFFERENT, score, _TOO_FEW)
    guard = _guard(earlier, later, days_apart) or _other_support(earlier, later)
    if supported and (guard == _EVENT or guard.startswith(_PLAN) and _plans_are_theirs(earlier, later)):
        guard = ""  # one occasion of a lasting support, or the supported person's plan ("his dream of")
    fuller = cover_earlier >= FULLER_COVER and cover_later < FULLER_COVER
    if guard == _EVENT and overlap >= SURE_EVENT_SCORE:
        guard = ""  # nearly every word shared: the event and the habit are one fact said twice
    if not guard and (_swapped_characters(earlier, later) if is_cjk(earlier) and is_cjk(later) else _swapped_words(mine, theirs)):
        guard = _SWAPPED
    if guard:
        return Restatement(Sameness.POSSIBLE if guard in (_DATED, _SWAPPED, _ACTION) else Sameness.DIFFERENT, score, guard)
    if sure and not supported and _own(theirs, mine) > NEW_WORDS_AT_MOST:
        return Restatement(Sameness.POSSIBLE, score, _MORE, fuller=fuller)
    if supported:
        return Restatement(Sameness.SAME, score, "one relation of support between the same two people")
    if sure:
        return Restatement(Sameness.SAME, score, "says nothing the earlier entry does not")
    return Restatement(Sameness.POSSIBLE, score, "shares most of its words", fuller=fuller)


class _Weights(dict):
    """A text's words → their weight, with their total (read once per text)."""

    __slots__ = ("total",)

    def __init__(self, weights: dict[str, float]):
        super().__init__(weights)
        self.total = sum(self.values())


def _score(jaccard: float, cover_later: float) -> float:
    """The overlap's score: the mean of the Jaccard and of the share of the later text the earlier holds."""
    return (jaccard + cover_later) / 2


def _overlap(mine: _Weights, theirs: _Weights, most: bool = False) -> tuple[float, float, float]:
    """The shared weight over the weight of either and over each text's; ``most``: the most it
    could be, each word in common weighing 1.0 at most."""
    common = mine.keys() & theirs.keys()
    shared = (min(len(common), mine.total, theirs.total) if most  # else the minima, in the set's order:
              else sum(map(min, map(mine.__getitem__, common), map(theirs.__getitem__, common))))
    return shared / (mine.total + theirs.total - shared), shared / theirs.total, shared / mine.total


def _other_support(earlier: str, later: str) -> str:
    """A relation of support on both sides, the other way round or with another person ("grateful
    for Ana's support" / "supports Ana"), or ''."""
    one, other = _supports(earlier), _supports(later)
    return "support the other way round or of another person" if one and other and one[:2] != other[:2] else ""


def _one_support(earlier: str, later: str) -> bool:
    """Do both texts tell of the holder's support for one other person, or both of that person's
    support for the holder, naming at most one thing supported, or the same thing?"""
    one, other = _supports(earlier), _supports(later)
    if not one or not other:
        return False
    direction, person, thing = one
    return (direction, person) == other[:2] and (not thing or not other[2] or bool(thing & other[2]))


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _supports(text: str) -> tuple[str, str, frozenset[str]] | None:
    """("gives" or "receives", the other person, the content words of what is supported) of the one
    relation of support a text tells of between its holder and another person; None for none or two."""
    if not _says("support_cue", text.lower()):  # most texts: none of the relation's words, no pattern run
        return None
    holder = _person(_holder(text))[0]
    found = set()
    for direction, key in (("gives", "supports"), ("receives", "supported_by")):
        for pattern in _support_patterns(key):
            for match in pattern.finditer(text):
                person = match.group("other").lower()
                if person != holder and person not in _filler():
                    thing = match.groupdict().get("object") or ""
                    found.add((direction, person, frozenset(_content(thing)) if thing else frozenset()))
    relations = {(direction, person) for direction, person, _thing in found}
    if len(relations) != 1:
        return None
    return max(found, key=lambda relation: len(relation[2]))


def _plans_are_theirs(earlier: str, later: str) -> bool:
    """Does every plan word of two texts of one relation of support come after the person
    supported ("encourages Ana, assuring her she'll get there": Ana's plan, not the holder's)?"""
    person = _supports(earlier)[1]
    for text in (earlier, later):
        plain = _normalized(text)
        named = plain.find(person)
        if named < 0 or any(cue.start() < named for cue in _cue("plan").finditer(plain)):
            return False
    return True


@functools.cache
def _support_patterns(key: str) -> tuple[re.Pattern, ...]:
    """The relation of support ``key``'s patterns of every language, ``{other}`` a name (a
    capitalised word) or a word for a person (``people``, the lexicon's)."""
    people = "|".join(sorted((re.escape(word) for word in _people()), key=lambda word: (-len(word), word)))  # one order in every process
    other = f"(?P<other>[A-Z][\\w-]*|{people})"
    return tuple(compile_fixed(pattern.replace("{other}", other)) for pattern in languages.words(TABLES, key))


def _swapped_characters(earlier: str, later: str) -> bool:
    """Chinese has no word boundaries to count: is the one difference of the two texts a short run
    of characters put in the place of another (北京 / 上海, 早上 / 晚上)?"""
    import difflib  # on demand: Chinese only

    one, other = (_CHARACTERS.sub("", _normalized(text)) for text in (earlier, later))
    edits = [op for op in difflib.SequenceMatcher(None, one, other, autojunk=False).get_opcodes() if op[0] != "equal"]
    return len(edits) == 1 and edits[0][0] == "replace" and max(edits[0][2] - edits[0][1], edits[0][4] - edits[0][3]) <= 4


_CHARACTERS = lazy_compile(r"[\W_]+")


def _swapped_words(mine: dict[str, float], theirs: dict[str, float]) -> bool:
    """Does each side have exactly one word of substance the other lacks ("morning" / "evening")?"""
    return _own(mine, theirs) == 1 == _own(theirs, mine)


def _own(mine: dict[str, float], theirs: dict[str, float]) -> int:
    """How many words of substance (not ``soft``) ``mine`` has that ``theirs`` lacks."""
    return sum(1 for word, weight in mine.items() if weight == 1.0 and word not in theirs)


def closeness(earlier: str, later: str) -> float:
    """How close two texts' words are, every word counting one (the larger of the Jaccard and of
    the smaller cover): how the reflection layer orders the neighbours a judge is asked about."""
    mine, theirs = _weights(earlier, later, is_cjk(earlier) != is_cjk(later))  # their words, each counting one
    if not mine or not theirs:
        return 0.0
    shared = len(mine.keys() & theirs.keys())
    return max(shared / len(mine.keys() | theirs.keys()), shared / max(len(mine), len(theirs)))


def best_restated(later: str, earlier: Iterable[tuple[str, str, float]]) -> tuple[str, Restatement] | None:
    """The earlier entry ``later`` most likely restates, from ``(id, text, days_apart)`` candidates:
    the best ``SAME``, else the best ``POSSIBLE``, else ``None``."""
    best: tuple[str, Restatement] | None = None
    plain, cjk = _normalized(later), is_cjk(later)
    for entry_id, text, days_apart in earlier:
        if _normalized(text) == plain:
            found = compare(text, later, days_apart=days_apart)  # the same text
        else:
            mine, theirs = _weights(text, later, is_cjk(text) != cjk)
            if not mine or not theirs:
                continue
            jaccard, cover_later, _ = _overlap(mine, theirs, most=True)  # too far apart for any verdict but
            if _score(jaccard, cover_later) < SUPPORT_SCORE - 1e-9:  # DIFFERENT (a close pair scores more): most
                continue  # of an add's candidates (1e-9: room for a rounding)
            found = _judged(text, later, days_apart, mine, theirs)
        if found.sameness is Sameness.DIFFERENT:
            continue
        if best is None or _rank(found) > _rank(best[1]):
            best = (entry_id, found)
    return best


def _rank(found: Restatement) -> tuple[bool, float]:
    return (found.sameness is Sameness.SAME, found.score)


_TOO_FEW = "too few words in common"
_EVENT = "one event against a habit or a view"
_PLAN = "a plan against what was done"
_ACTION = "another action on the same thing (paddles a kayak / rents a kayak)"
_MORE = "says more than the earlier entry: words of substance it does not have"
_SWAPPED = "one word of substance swapped for another may be another fact of one kind"
_DATED = "a dated event written long after the earlier entry may be another event of the same kind"


def _guard(earlier: str, later: str, days_apart: float) -> str:
    """The first fact the two texts differ by that words in common cannot outweigh, or ''."""
    a, b = _normalized(earlier), _normalized(later)
    if not _same_holder(earlier, later) or _subject_relations(a) != _subject_relations(b):
        return "about a different holder"
    if _names(later) - _names(earlier) - _capitalised(a):
        return "names someone the earlier entry does not"
    counted = _same_counts(earlier, later)
    if counted is False:
        return "another count of the same thing in the same period"
    if counted is None and _counts_a_period(earlier) != _counts_a_period(later) and (
            _cue("dated").search(a) or _cue("dated").search(b)):  # "three times a week" / "… last week"
        return "how often or when, said on one side only"
    for name, key in (("a denial", "denial"), (_PLAN, "plan"),
                      ("the past against the present", "past"), ("how often or when, said", "scope")):
        if _says(key, a) != _says(key, b) and not (counted and key == "scope"):  # "a day" / "every day"
            return f"{name} on one side only"
    if _likes(a) != _likes(b):
        return "a liking against a doing"  # "likes hiking" / "goes hiking": a preference, a habit
    if _says("question", a) or _says("question", b):
        return "a question asked states no fact to say again"
    if _one_event(earlier) != _one_event(later):
        return _EVENT
    if _other_action(earlier, later):
        return _ACTION
    if _turned_round(earlier, later):
        return "a comparison in another order"
    mine, theirs = _stated_numbers(a, b)
    if not counted and (theirs - mine or (mine and theirs and mine != theirs)):  # counted: "three" is "3"
        return "a number the earlier entry does not have"
    if days_apart > DATED_EVENT_DAYS and _cue("dated").search(b):
        return _DATED
    return ""


def _same_counts(earlier: str, later: str) -> bool | None:
    """The counts per period both texts state: the same (True), another (False), none to compare."""
    from .counts import same_counts  # on demand: the family's reader, loaded with its first count

    return same_counts(earlier, later)


def _counts_a_period(text: str) -> bool:
    from .counts import states_a_count

    return states_a_count(text)


def _other_action(earlier: str, later: str) -> bool:
    """Do the two texts tell of different actions of their holder, neither a word of stance or
    feeling (those are said many ways: "values" / "believes in")?"""
    one, other = _action(earlier), _action(later)
    soft = _soft()
    return bool(one and other) and one != other and one not in soft and other not in soft


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _action(text: str) -> str:
    """The stem of an English text's main verb, the word after its holder ("User rents…", "Ada
    often paddles…"), as its ``alike`` group; '' when the word there is filler (a form of be or have: what
    follows tells the fact), the text does not start with its holder, or it is Chinese."""
    if is_cjk(text):
        return ""
    found = re.findall(r"[a-z'-]+", normalize(text))
    holder = _holder(text)
    name = holder.removeprefix("person:").partition("/")[0] if holder.startswith("person:") else "user"
    at = 2 if found[:2] == ["the", name] else 1 if found[:1] == [name] else 0
    if not at:  # the text does not start with its holder ("Every afternoon the user…", "User's laptop…")
        return ""
    at = _progressive_verb_at(found, _past_adverbs(found, at))
    if at >= len(found) or found[at] in _word_set("filler"):
        return ""
    return _alike().get(stem(found[at]), stem(found[at]))


def _past_adverbs(found: list[str], at: int) -> int:
    """The first word from ``at`` on that is no adverb ("often", "recently", "carefully")."""
    skipped = _word_set("before_action")
    while at < len(found) and (found[at] in skipped or found[at].endswith("ly")):
        at += 1
    return at


def _progressive_verb_at(found: list[str], at: int) -> int:
    """Where the verb stands after a progressive's auxiliaries ("is paddling", "has been making"),
    adverbs between them included; ``at`` itself when no -ing form follows them (a form of be or
    have tells the fact with what follows it: "is supportive", "has a kayak")."""
    auxiliaries, verb = _word_set("progressive"), at
    while verb < len(found) and found[verb] in auxiliaries:
        verb = _past_adverbs(found, verb + 1)
    progressive = verb > at and verb < len(found) and found[verb].endswith("ing") and len(found[verb]) > 4
    return verb if progressive else at


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _likes(plain: str) -> bool:
    """Does a normalised text's head say a liking?"""
    return bool(_cue("liking").search(_head(plain)))


def _head(plain: str) -> str:
    """A normalised text's head, where its main verb stands: four words, or eight Chinese characters."""
    return plain[:8] if is_cjk(plain) else " ".join(plain.split()[:4])


@functools.lru_cache(maxsize=4096)  # an add asks it of each of its candidates
def _one_event(text: str) -> bool:
    """Does the text tell of one event (a dated one, or one past doing; not a report of what was said)?"""
    from .knowledge_types import tells_of_one_happening  # the type reader loads with the first guard

    return tells_of_one_happening(text)


def _same_holder(earlier: str, later: str) -> bool:
    """One holder? A name one side reads as its holder counts on the other side only when that text
    starts with it ("Anna went…" is read as the user's): "The user loves Anna's cooking" is not Anna's."""
    one, other = _holder(earlier), _holder(later)
    if one == other:
        return True
    if not all(holder == "" or holder.startswith("person:") for holder in (one, other)):
        return False
    (name_one, relative_one), (name_other, relative_other) = _person(one), _person(other)
    return relative_one == relative_other and _starts_with(later, name_one) and _starts_with(earlier, name_other)


def _person(holder: str) -> tuple[str, str]:
    """("anna", "sister") of "person:anna/sister"; ("", "") of the user."""
    name, _, relative = holder.removeprefix("person:").partition("/")
    return name, relative


def _starts_with(text: str, name: str) -> bool:
    """Is ``name`` the text's first word (no name: nothing to find)?"""
    return not name or re.match(rf"\s*{re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _subject_relations(text: str) -> frozenset[str]:
    """The relatives the subject of a text is ("Her dog sleeps…", 用户的妹妹…); one named later is
    what the fact is about ("spends time with her kids")."""
    head = _cue("subject").match(text)
    return _relations(head.group(0)) if head else frozenset()


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _capitalised(text: str) -> frozenset[str]:
    """Every word of a normalised text, capitalised ("Dance is…" / "…finds dance…": no one new)."""
    return frozenset(word.capitalize() for word in re.findall(r"[a-z]+", text))


def _turned_round(earlier: str, later: str) -> bool:
    """Did a comparison's sides change places ("tea over coffee" / "coffee over tea")?"""
    sides = [_sides(text) for text in (earlier, later)]
    if None in sides:
        return False
    (before_one, after_one), (before_other, after_other) = sides
    return bool(before_one & after_other) and bool(after_one & before_other)


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _sides(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The terms before and after a text's last comparison word, or None."""
    plain = normalize(text)
    found = list(_cue("order").finditer(plain))
    if not found:
        return None
    last = found[-1]
    return frozenset(_order(plain[:last.start()])), frozenset(_order(plain[last.end():]))


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _order(text: str) -> tuple[str, ...]:
    """The text's own terms in the order written (what a comparison's two sides are told apart by)."""
    return tuple(word for word in words(text) if not is_cjk(word) or len(word) == 1)


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _names(text: str) -> frozenset[str]:
    """The capitalised words after a text's first word (names: "… that Tomasz loves"; a letter
    that tells two things apart: "Agent A" / "Agent B")."""
    return frozenset(re.findall(r"(?<=[\w,;:'] )[A-Z][A-Za-z]*", text))


@functools.cache
def _alike() -> dict[str, str]:
    """Each word a restatement swaps for another of its group ("values" / "cherishes") → the
    group's first word: the words count as one in the overlap."""
    found = {}
    for group in languages.table(TABLES, "alike"):
        for word in group:
            found[stem(word)] = found[word] = stem(group[0])
    return found


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _relations(text: str) -> frozenset[str]:
    """The people and animals a text names by their relation to its holder ("sisters", 妹妹), by
    the lexicon's words for people (``en_people``, ``zh_people``) and this module's own."""
    people = _people()
    found = {word.removesuffix("ren").removesuffix("s") for word in re.findall(r"[a-z-]+", text)
             if word in people or word.removesuffix("s") in people or word.removesuffix("ren") in people}
    found.update(word for word in people if is_cjk(word) and word in text)
    return frozenset(found)


@functools.cache
def _people() -> frozenset[str]:
    return frozenset((*lexicon.EN_PEOPLE, *lexicon.ZH_PEOPLE, *_word_set("people")))


def _stated_numbers(a: str, b: str) -> tuple[frozenset[str], frozenset[str]]:
    """The numbers each text states. A one that is an article (``article``: the 一 of 一杯, English's
    "a cup") counts only when another number is said on either side ("一个孩子" against "两个孩子")."""
    mine, theirs = _numbers(a, False), _numbers(b, False)
    return (_numbers(a, True), _numbers(b, True)) if mine or theirs else (mine, theirs)


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _numbers(text: str, articles: bool = True) -> frozenset[str]:
    """The numbers a text states; a numeral that is none is left out first (``not_number``: 一直
    "always", 十分 "very"), and an article's one unless ``articles``."""
    if languages.has(TABLES, "not_number"):
        text = _cue("not_number").sub(" ", text)
    if not articles and languages.has(TABLES, "article"):
        text = _cue("article").sub(" ", text)
    found = set(_cue("number").findall(text))
    found.update(word for word in re.findall(r"[a-z]+", text) if word in _word_set("number_words"))
    return frozenset(found)


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _content(text: str) -> frozenset[str]:
    """The words a restatement keeps: English stems, Chinese bigrams and the bridge's English
    stems of them, each word of an ``alike`` group as its group, without filler and without the
    holder's own name."""
    holder = _holder(text)
    names = set(holder.split(":", 1)[-1].split("/")) if holder.startswith("person:") else set()
    filler = _filler()
    alike = _alike()
    found = {alike.get(w, w) for w in words(text) if w not in filler and w not in names}
    if is_cjk(text):
        found = {w for w in found if not is_cjk(w) or len(w) > 1}
        found.update(alike.get(english, english) for english, _word in bridged(text))
    return frozenset(found)


@functools.lru_cache(maxsize=4096)  # an add compares its text with each of its candidates
def _weighted(text: str) -> _Weights:
    """Each content word with its weight (a ``soft`` word of stance or feeling: ``SOFT_WEIGHT``)."""
    soft = _soft()
    return _Weights({word: SOFT_WEIGHT if word in soft else 1.0 for word in _content(text)})


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _english_weighted(text: str) -> _Weights:
    """The text's weighted words in English: what meets a text of the other language."""
    return _Weights({term: weight for term, weight in _weighted(text).items() if not is_cjk(term)})


@functools.cache
def _soft() -> frozenset[str]:
    alike = _alike()
    return frozenset(alike.get(stem(word), stem(word)) for word in _word_set("soft")) | _word_set("soft")
