"""The same fact said again: is a new entry a restatement of one already kept?

An assistant that keeps notes writes the same fact many times in other words: shorter, longer with
nothing new, in the other language. Kept side by side, the copies never reinforce one another, so
nothing matures and every copy waits for its own re-verification. :func:`compare` decides, offline
and without a model, whether a later text restates an earlier one:

* ``SAME``: the later text is the earlier fact said again, sure enough to be absorbed at the add;
* ``POSSIBLE``: close, but the words alone cannot tell (a judge in the reflection layer, or the
  agent, may say); nothing is absorbed;
* ``DIFFERENT``: not the same fact.

**Precision first.** The pairs that matter are each note's nearest neighbour: most of them share
their holder and topic and are still two facts (two events of one kind, a plan and its fulfilment,
a denial). So ``SAME`` needs near-total overlap of the content words *and* no guard that tells two
facts apart; everything else close is at most ``POSSIBLE``. The guards, each a fact two look-alike
sentences can differ by while sharing most words:

* the **holder** (``holders.entry_holder``, and a relation named on one side only): the user's
  sister is not the user;
* **polarity**: a denial ("not", "never", 不, 没) on one side only;
* a **number** the later text brings or changes ("2 dogs" / "3 dogs");
* **plan against fulfilment**: "plans to", "will", 打算 on one side only;
* **past against present**: "used to", 以前 on one side only;
* **how often or when**: "on Sundays", 每周 on one side only;
* **a comparison in another order**: "tea over coffee" / "coffee over tea";
* **a dated event against an older entry**: "last week", 昨天 in the later text, written more than a
  week after the earlier entry, may be another event of the same kind.

Words are the search terms of ``lexical.words`` (English stems, Chinese bigrams) without the
holder's own name; across the languages the bridge's English stems of the Chinese side meet the
English side's stems. The cue words and patterns are language data (``lang/<code>/restatement.json``,
read through ``languages`` on first use). Pure functions of their arguments.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from . import languages
from .holders import entry_holder
from .lexical import bridged, words
from .text import is_cjk, normalize, stem

# A later text restates the earlier one when (nearly) all of its content words are in it…
SURE_COVER = 0.9
# …and it has enough words for that to mean something.
SURE_MIN_WORDS = 3
# Or when the two share most of their words (Jaccard over content words).
SURE_JACCARD = 0.6
# …with at least this much of the later text in the earlier one.
SURE_JACCARD_COVER = 0.8
# Below SURE but at or above these, the pair is named to the agent and left to the reflection layer.
POSSIBLE_JACCARD = 0.3
POSSIBLE_COVER = 0.6
# A dated event said again more than this many days after the earlier entry may be another event.
DATED_EVENT_DAYS = 7.0

TABLES = "restatement"  # lang/<code>/restatement.json: filler words and the guards' patterns


@functools.cache
def _cue(key: str) -> re.Pattern:
    """The guard ``key``'s patterns of every language, as one expression (read on first use)."""
    return re.compile("|".join(f"(?:{pattern})" for pattern in languages.words(TABLES, key)))


@functools.cache
def _word_set(key: str) -> frozenset[str]:
    return frozenset(languages.words(TABLES, key))


@functools.cache
def _filler() -> frozenset[str]:
    """The filler words as written and as stems."""
    return frozenset({stem(word) for word in _word_set("filler")} | _word_set("filler"))


@functools.cache
def _cjk_relations() -> tuple[str, ...]:
    return tuple(word for word in _word_set("relations") if is_cjk(word))


@functools.lru_cache(maxsize=16384)  # per text and guard: an add compares one text with each candidate
def _says(key: str, text: str) -> bool:
    """Whether ``text`` (normalized) has a cue of the guard ``key``."""
    return bool(_cue(key).search(text))


@functools.lru_cache(maxsize=4096)
def _holder(text: str) -> str:
    return entry_holder(text)


class Sameness(enum.Enum):
    SAME = "same"
    POSSIBLE = "possible"
    DIFFERENT = "different"


@dataclass(frozen=True)
class Restatement:
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
    if normalize(earlier) == normalize(later):
        return Restatement(Sameness.SAME, 1.0, "the same text")
    guard = _guard(earlier, later, days_apart)
    mine, theirs = _content(earlier), _content(later)
    if is_cjk(earlier) != is_cjk(later):  # across the languages only the bridge's English stems meet
        mine, theirs = _english(mine), _english(theirs)
    if not mine or not theirs:
        return Restatement(Sameness.DIFFERENT, 0.0, "nothing to compare")
    shared = mine & theirs
    jaccard = len(shared) / len(mine | theirs)
    cover_later = len(shared) / len(theirs)
    cover_earlier = len(shared) / len(mine)
    score = round(max(jaccard, min(cover_later, cover_earlier)), 3)
    sure = (jaccard >= SURE_JACCARD and cover_later >= SURE_JACCARD_COVER) or (
        cover_later >= SURE_COVER and len(theirs) >= SURE_MIN_WORDS)
    fuller = cover_earlier >= SURE_COVER and cover_later < SURE_COVER
    if guard and (sure or _close(jaccard, cover_later, cover_earlier)):
        return Restatement(Sameness.POSSIBLE if guard == _DATED else Sameness.DIFFERENT, score, guard)
    if sure:
        return Restatement(Sameness.SAME, score, "says nothing the earlier entry does not")
    if _close(jaccard, cover_later, cover_earlier):
        return Restatement(Sameness.POSSIBLE, score, "shares most of its words", fuller=fuller)
    return Restatement(Sameness.DIFFERENT, score, "too few words in common")


def best_restated(later: str, earlier: Iterable[tuple[str, str, float]]) -> tuple[str, Restatement] | None:
    """The earlier entry ``later`` most likely restates, from ``(id, text, days_apart)`` candidates:
    the best ``SAME``, else the best ``POSSIBLE``, else ``None``."""
    best: tuple[str, Restatement] | None = None
    for entry_id, text, days_apart in earlier:
        found = compare(text, later, days_apart=days_apart)
        if found.sameness is Sameness.DIFFERENT:
            continue
        if best is None or _rank(found) > _rank(best[1]):
            best = (entry_id, found)
    return best


def _rank(found: Restatement) -> tuple[bool, float]:
    return (found.sameness is Sameness.SAME, found.score)


def _close(jaccard: float, cover_later: float, cover_earlier: float) -> bool:
    return jaccard >= POSSIBLE_JACCARD or min(cover_later, cover_earlier) >= POSSIBLE_COVER


_DATED = "a dated event written long after the earlier entry may be another event of the same kind"


def _guard(earlier: str, later: str, days_apart: float) -> str:
    """The first fact the two texts differ by that words in common cannot outweigh, or ''."""
    a, b = normalize(earlier), normalize(later)
    if _holder(earlier) != _holder(later) or _relations(a) != _relations(b):
        return "about a different holder"
    if _names(later) - _names(earlier):
        return "names someone the earlier entry does not"
    for name, key in (("a denial", "denial"), ("a plan against what was done", "plan"),
                      ("the past against the present", "past"), ("how often or when, said", "scope")):
        if _says(key, a) != _says(key, b):
            return f"{name} on one side only"
    if (_says("order", a) or _says("order", b)) and _order(earlier) != _order(later):
        return "a comparison in another order"
    if _numbers(b) - _numbers(a) or (_numbers(a) and _numbers(b) and _numbers(a) != _numbers(b)):
        return "a number the earlier entry does not have"
    if days_apart > DATED_EVENT_DAYS and _cue("dated").search(b):
        return _DATED
    return ""


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
    """The people and animals a text names by their relation to its holder ("sister", 妹妹)."""
    relations = _word_set("relations")
    found = {stem(word) for word in re.findall(r"[a-z]+", text) if word in relations}
    found.update(word for word in _cjk_relations() if word in text)
    return frozenset(found)


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _numbers(text: str) -> frozenset[str]:
    found = set(_cue("number").findall(text))
    found.update(word for word in re.findall(r"[a-z]+", text) if word in _word_set("number_words"))
    return frozenset(found)


@functools.lru_cache(maxsize=4096)  # per text: an add compares one text with each of its candidates
def _content(text: str) -> frozenset[str]:
    """The words a restatement keeps: English stems, Chinese bigrams and the bridge's English
    stems of them, without filler and without the holder's own name."""
    holder = _holder(text)
    names = set(holder.split(":", 1)[-1].split("/")) if holder.startswith("person:") else set()
    filler = _filler()
    alike = _alike()
    found = {alike.get(w, w) for w in words(text) if w not in filler and w not in names}
    if is_cjk(text):
        found = {w for w in found if not is_cjk(w) or len(w) > 1}
        found.update(english for english, _word in bridged(text))
    return frozenset(found)


def _english(terms: frozenset[str]) -> frozenset[str]:
    return frozenset(term for term in terms if not is_cjk(term))
