"""Inverted index that finds the entries a new entry might contradict.

Entries are indexed by their words (English stems, Chinese character bigrams)
and by what the rule detector understands of them: concepts and what they are
a kind of ("steak" → meat), axes ("concise" and "verbose" both → length) and
slots ("lives in Paris" → residence). So "User is vegetarian" finds "User ate
a steak" although they share no word. Candidates are ranked by the summed IDF
weight of shared terms; the subject word ("user", "用户") is not indexed, and
any word found in a large share of the entries only re-ranks candidates that
rarer terms found.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
from array import array
from collections.abc import Sequence

from . import registry, scripts
from .analysis import analyse
from .binding import entry_introductions
from .bridge import english_topics
from .holders import HomeHolders
from .text import PIECE, chinese_bigrams, normalize, stem

_STOPWORDS = frozenset(
    "a an the is are was were be been being am do does did to of in on at for with and or "
    "but so as by from about it its this that these those their his her they them he she i me "
    "my very really just also not no never than then there here has have had will would can "
    "could should".split()
)
# The subject of nearly every entry: shared by all, it tells nothing about a pair.
_SUBJECT_TERMS = frozenset(("user", "用户"))


def tokenize(text: str) -> list[str]:
    """English words lowercased, stemmed and without stop words; Chinese runs as
    character bigrams (a lone character stands for itself). Order is kept."""
    tokens: list[str] = []
    for match in PIECE.finditer(normalize(text)):
        cjk, word = match.groups()
        if cjk:
            tokens.extend(chinese_bigrams(cjk))
        elif word not in _STOPWORDS:
            tokens.append(stem(word))
    return tokens


@functools.lru_cache(maxsize=256)  # an add asks twice: for its candidates, then to index itself
def index_terms(text: str) -> frozenset[str]:
    """Words plus the detector's features, prefixed so they never meet a word."""
    analysis = analyse(text)
    features = {f"#{unit}" for claim in analysis.claims for unit in claim.reach}
    # what each rule family links entries by: slots ($residence), axes (@length), orders, habits…
    features.update(registry.index_terms(analysis))
    # a Chinese topic word read in English, to meet an English entry: "博物馆" / "museum"
    features.update(f"#{unit}" for unit in english_topics(analysis))
    # words in a script no language reads ("мясо", "고기를"): the rules leave such a pair open, the
    # judge is asked about it, and it can only be asked about what the index finds
    features.update(scripts.unread_words(text))
    return (frozenset(tokenize(text)) - _SUBJECT_TERMS) | features


def relevance_terms(text: str) -> frozenset[str]:
    """What a text is about, for recall: its index terms without the ones marked "~", which only
    bring candidates to the detector and say nothing of a topic: the antonym axes its words sit on
    ("~n": "last month") and the places a home is compared by ("~place:…", slots.place_keys)."""
    return frozenset(term for term in index_terms(text) if not term.startswith("~"))


# Entries missing from an index analysed at once when it is opened or synced (~0.85 ms each): more
# are left pending (``CandidateIndex.pending``) for maintenance to analyse a batch at a time
# (store/maintenance.py), so neither a first load nor an add of a home of 100,000 entries waits
# minutes. A cold build (no usable index file) is done at once up to COLD_AT_ONCE entries: ~8.5 s
# at 10,000, the most a first load waits (at 20,000 it took 17 s); an add while entries are
# pending says how many it was not compared with.
AT_ONCE = 2_000
COLD_AT_ONCE = 10_000
SEED_FACTOR = 8  # candidates gathered per requested one before common terms stop adding more
# What the rules read (a slot, an axis, a concept) says more about a possible contradiction than a
# shared word: such terms count this many times their IDF (which also brings them forward among
# the terms that seed candidates).
FEATURE_WEIGHT = 3.0
_FEATURE_PREFIXES = ("#", "@", "$")


# Slots on disk are packed as unsigned 32-bit numbers (index_file.py)
SLOT_TYPE = "I" if array("I").itemsize == 4 else "L"


class StoredPostings:
    """Postings as read from disk: every term's slots a run of one packed array (``offsets[i]`` to
    ``offsets[i + 1]`` for the ``i``-th term), cut out when the term is first asked for. Opening
    them costs one dictionary of the terms, whatever the number of slots they list."""

    def __init__(self, terms: Sequence[str] = (), offsets: Sequence[int] = (), slots: Sequence[int] = ()) -> None:
        self._where = dict(zip(terms, range(len(terms))))
        self._offsets, self._slots = offsets, slots

    def __contains__(self, term: object) -> bool:
        return term in self._where

    def __iter__(self):
        return iter(list(self._where))

    def take(self, term: str) -> Sequence[int]:
        """The slots stored for ``term``, no longer held here."""
        return self._run(self._where.pop(term))

    def runs(self):
        """(term, its slots) for every term still held."""
        return ((term, self._run(at)) for term, at in self._where.items())

    def _run(self, at: int) -> Sequence[int]:
        """The ``at``-th run; empty when it lies outside the array (a damaged or planted file: the
        slots themselves are checked by the caller)."""
        start, end = (self._offsets[at], self._offsets[at + 1]) if at + 1 < len(self._offsets) else (0, 0)
        return self._slots[start:end] if 0 <= start <= end <= len(self._slots) else ()


def _introductions_well_formed(names: list, live_slots) -> bool:
    """Whether every live slot's names are a list of introductions (strings of three words at least,
    as holders.py makes them): the usual case, checked in C loops (a Python loop took ~20 ms at
    10,000 entries)."""
    live = list(map(names.__getitem__, live_slots))
    if not set(map(type, live)) <= {list}:
        return False
    items = list(itertools.chain.from_iterable(live))
    return set(map(type, items)) <= {str} and min(map(str.count, items, itertools.repeat(" ")), default=2) >= 2


class CandidateIndex:
    """Entry ids by term; `candidates` ranks entries by IDF-weighted shared terms.

    Internally every indexed text has a *slot* (an int): postings are sets of slots, which are
    cheap to store, load and intersect. Slots are never reused; removing an entry retires its
    slot. An index read back from disk (:mod:`.index_file`) keeps its postings packed as it read
    them (:class:`StoredPostings`) and turns one into a set only when a query or a change first
    needs that term, so opening a 10,000-entry index costs little more than parsing its slots.

    An index may be partial: entries :meth:`sync` left to analyse later are ``pending`` (and found
    by no query) until :meth:`add` indexes them; ``complete`` says none are.
    """

    def __init__(self) -> None:
        self._ids: list[str | None] = []  # slot → entry id; None once retired
        self._texts: list[str | None] = []  # slot → the text indexed under it
        self._sizes: list[int] = []  # slot → number of terms (ranking damps long entries)
        self._slot: dict[str, int] = {}  # entry id → its live slot
        self._postings: dict[str, set[int]] = {}
        self._raw = StoredPostings()  # term → slots as read from disk, not yet needed
        self._terms: dict[int, frozenset[str]] = {}  # terms of slots analysed in this process
        self._names: list[list[str] | None] = []  # slot → the holders its text introduces (holders.py)
        self._census: dict[str, int] | None = None  # introduction → live slots making it, built when first asked
        self._holders: HomeHolders | None = None  # learnt from the census, until it changes
        self.unsaved = 0  # texts analysed since the index was last read or written
        self._unsaved_ids: dict[str, None] = {}  # the entries those texts were analysed for, in order
        self.saved_as: str | None = None  # the index file it was read from or last written as (index_file)
        self.tail_records = 0  # records of that file's tail, kept apart from it (index_file)
        self.caught_up = 0  # texts the index file lacked when it was opened (see index_file.save_caught_up)
        self.first_commit_saves = False  # opened in this process: its first commit keeps what it analysed
        self._pending: dict[str, str] = {}  # see pending
        self._pending_among: dict[str, str] | None = None  # or pending: what this (text → id) names, not indexed

    @property
    def pending(self) -> dict[str, str]:
        """Entry id → text not analysed yet, oldest first (listed when first asked for, after
        :meth:`sync_by_text` left them all pending: an add never asks)."""
        if self._pending_among is not None:
            among, self._pending_among, slots = self._pending_among, None, self._slot
            self._pending = {entry_id: text for text, entry_id in among.items() if entry_id not in slots}
        return self._pending

    @pending.setter
    def pending(self, pending: dict[str, str]) -> None:
        self._pending, self._pending_among = pending, None

    @property
    def complete(self) -> bool:
        return not self.pending

    def newest_pending(self, count: int) -> list[tuple[str, str]]:
        """Up to ``count`` pending (entry id, text), newest first: what maintenance indexes next."""
        return list(itertools.islice(reversed(self.pending.items()), count))

    def __len__(self) -> int:
        return len(self._slot)

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self._slot

    def text_of(self, entry_id: str) -> str | None:
        slot = self._slot.get(entry_id)
        return None if slot is None else self._texts[slot]

    def add(self, entry_id: str, text: str, analysed: tuple[frozenset[str], list[str]] | None = None) -> None:
        """Index `text` under `entry_id`, replacing what was indexed under it before. ``analysed``:
        its terms and introductions as saved on disk (index_file's tail), taken without analysing
        the text again and not counted unsaved."""
        slot = self._slot.get(entry_id)
        if slot is not None:
            if self._texts[slot] == text:
                return
            self.remove(entry_id)
        self._pending.pop(entry_id, None)  # one listed later is listed without it
        terms, names = (index_terms(text), list(entry_introductions(text))) if analysed is None else analysed
        slot = len(self._ids)
        self._ids.append(entry_id)
        self._texts.append(text)
        self._sizes.append(len(terms))
        self._slot[entry_id] = slot
        self._terms[slot] = terms
        self._names.append(names)
        self._count(names, 1)
        for term in terms:
            posting = self._posting(term)
            if posting is None:
                self._postings[term] = {slot}
            else:
                posting.add(slot)
        if analysed is None:
            self.unsaved += 1
            self._unsaved_ids[entry_id] = None

    def unsaved_records(self) -> list[tuple[str, str, list[str], list[str]]]:
        """(entry id, text, terms, introductions) of the entries analysed since the last save that
        are still indexed: what index_file keeps in the tail of the file."""
        records = []
        for entry_id in self._unsaved_ids:
            slot = self._slot.get(entry_id)
            if slot is not None and slot in self._terms:
                records.append((entry_id, self._texts[slot], sorted(self._terms[slot]), self._names[slot] or []))
        return records

    def mark_saved(self) -> None:
        self.unsaved = self.caught_up = 0
        self._unsaved_ids = {}

    def remove(self, entry_id: str) -> None:
        """Forget `entry_id`; unknown ids are ignored."""
        self._pending.pop(entry_id, None)
        slot = self._slot.pop(entry_id, None)
        if slot is None:
            return
        self._ids[slot] = self._texts[slot] = None
        self._count(self._names[slot], -1)
        self._names[slot] = None
        terms = self._terms.pop(slot, None)
        # A slot read from disk has no terms in memory: the postings still raw drop it when they
        # are first used; the ones already in use are searched for it.
        touched = terms if terms is not None else [t for t, p in self._postings.items() if slot in p]
        for term in touched:
            posting = self._postings.get(term)
            if posting is not None:
                posting.discard(slot)
                if not posting:
                    del self._postings[term]

    def sync_by_text(self, ids_by_text: dict[str, str], at_once: int = AT_ONCE) -> bool:
        """:meth:`sync` to the entries ``ids_by_text`` names (text → entry id, one to one, kept up to
        date by its owner) when C loops suffice: every entry the index holds is still there under
        its text, or a few are not (removed since, or changed: forgotten here, a changed one then
        missing), and either none is missing or so many are that all are left pending (listed when
        first asked for: maintenance asks, an add does not). False when entries must be compared or
        analysed one by one: then call :meth:`sync`."""
        held = list(map(ids_by_text.get, self._texts))
        if held != self._ids:  # an entry changed or went (retired slots: None on both sides)
            gone = [entry_id for entry_id, now in zip(self._ids, held) if entry_id != now and entry_id is not None]
            if len(gone) > at_once:
                return False
            for entry_id in gone:  # an entry removed since the file was written is not a reason to list every entry
                self.remove(entry_id)
        missing = len(ids_by_text) - len(self._slot)
        if not missing:
            self.pending = {}
        elif missing > at_once or self._pending or self._pending_among is not None:
            self._pending_among = ids_by_text
        else:
            return False  # a few to analyse now
        return True

    def sync(self, texts: dict[str, str], at_once: int = AT_ONCE) -> int:
        """Make the index hold exactly ``texts`` (entry id → text): entries whose text is unchanged
        cost a comparison, the others one analysis each, or, when more than ``at_once`` are
        missing, or while some are pending already, none: they are all left ``pending`` for
        maintenance. Returns how many were analysed."""
        before = self.unsaved
        for entry_id in [i for i, slot in self._slot.items() if texts.get(i) != self._texts[slot]]:
            self.remove(entry_id)
        slots = self._slot
        missing = dict(texts) if not slots else {entry_id: text for entry_id, text in texts.items() if entry_id not in slots}
        self.pending = missing if len(missing) > at_once or self.pending else {}
        for entry_id, text in () if self.pending else missing.items():
            self.add(entry_id, text)
        return self.unsaved - before

    def holders(self) -> HomeHolders:
        """The holders the indexed entries name between them (`holders.HomeHolders.learn`): what
        the detector binds claims to, passed in by the store. Kept in step entry by entry."""
        if self._census is None:
            census: dict[str, int] = {}
            for slot in self._slot.values():
                for item in self._names[slot] or ():
                    census[item] = census.get(item, 0) + 1
            self._census, self._holders = census, None
        if self._holders is None:
            self._holders = HomeHolders.learn(self._census)
        return self._holders

    def _count(self, names, step: int) -> None:
        if self._census is None or not names:
            return
        for item in names:
            count = self._census.get(item, 0) + step
            if count > 0:
                self._census[item] = count
            else:
                self._census.pop(item, None)
        self._holders = None

    def terms(self) -> dict[str, frozenset[str]]:
        """Entry id → indexed terms (every posting materialised): for tests and diagnostics."""
        for term in list(self._raw):
            self._posting(term)
        by_slot: dict[int, set[str]] = {slot: set() for slot in self._slot.values()}
        for term, posting in self._postings.items():
            for slot in posting:
                by_slot[slot].add(term)
        return {self._ids[slot]: frozenset(terms) for slot, terms in by_slot.items()}

    # ---------------------------------------------------------- stored form (see index_file)

    @classmethod
    def from_stored(cls, ids: list, texts: list, sizes: list, postings: StoredPostings,
                    names: list | None = None) -> CandidateIndex:
        """An index over lists read from disk (owned by it from now on). Slots whose id, text or
        size are malformed, and repeats of an id, are retired; postings are checked when used, and
        the names a slot introduces are read again from its text when they are malformed."""
        index = cls()
        index._slot = dict(zip(ids, range(len(ids))))
        index._slot.pop(None, None)  # retired slots
        optional_str = {str, type(None)}
        well_formed = set(map(type, ids)) | set(map(type, texts)) <= optional_str and set(map(type, sizes)) <= {int}
        if not well_formed or len(index._slot) != len(ids) - ids.count(None):  # usual case: C loops only
            index._slot = {}
            for slot, (entry_id, text, size) in enumerate(zip(ids, texts, sizes)):
                if type(entry_id) is str and type(text) is str and type(size) is int and entry_id not in index._slot:
                    index._slot[entry_id] = slot
                else:
                    ids[slot] = texts[slot] = None
        index._ids, index._texts, index._sizes, index._raw = ids, texts, sizes, postings
        if type(names) is not list or len(names) != len(ids):
            names = [None] * len(ids)
        if not _introductions_well_formed(names, index._slot.values()):
            for slot, (text, found) in enumerate(zip(texts, names)):
                if text is None:
                    names[slot] = None
                elif type(found) is not list or not all(type(item) is str and item.count(" ") >= 2 for item in found):
                    names[slot] = list(entry_introductions(text))
        index._names = names
        return index

    def stored(self) -> dict:
        """What :mod:`.index_file` writes and :meth:`from_stored` reads back (``postings``: term →
        its slots); retired slots are dropped first when they are a large share of all slots."""
        if len(self._ids) > 2 * len(self._slot) + 64:
            self._compact()
        postings: dict[str, Sequence[int]] = dict(self._postings)
        postings.update(self._raw.runs())
        return {"ids": self._ids, "texts": self._texts, "sizes": self._sizes, "postings": postings,
                "names": self._names}

    def _compact(self) -> None:
        """Number the live slots afresh (every posting materialised on the way)."""
        by_entry = self.terms()
        old_slots, old_texts, old_sizes, old_names = self._slot, self._texts, self._sizes, self._names
        self._ids, self._texts, self._sizes, self._slot, self._postings, self._terms = [], [], [], {}, {}, {}
        self._names = []
        for entry_id, old in old_slots.items():
            slot = len(self._ids)
            self._ids.append(entry_id)
            self._texts.append(old_texts[old])
            self._sizes.append(old_sizes[old])
            self._names.append(old_names[old])
            self._slot[entry_id] = slot
            self._terms[slot] = by_entry[entry_id]
            for term in by_entry[entry_id]:
                self._postings.setdefault(term, set()).add(slot)

    # ---------------------------------------------------------- queries

    def candidates(self, text: str, limit: int = 32, exclude: str | None = None, terms: frozenset[str] | None = None) -> list[str]:
        """Up to `limit` entry ids sharing terms with `text`, best first (ties: by id). ``terms`` are
        ``index_terms(text)`` when the caller has them already (an add asks twice: ~1 ms each)."""
        scores = self._scores(index_terms(text) if terms is None else terms, seed_cap=SEED_FACTOR * limit)
        if exclude is not None and exclude in self._slot:
            scores.pop(self._slot[exclude], None)
        ids, sizes = self._ids, self._sizes
        best = heapq.nlargest(limit, scores.items(), key=lambda item: (item[1] / math.sqrt(sizes[item[0]]), ids[item[0]]))
        return [ids[slot] for slot, _score in best]

    def entries_with(self, term: str) -> list[str]:
        """Ids of the entries indexed under ``term`` (a slot such as "$residence"): for the search."""
        ids = self._ids
        return [ids[slot] for slot in self._posting(term) or ()]

    def _posting(self, term: str) -> set[int] | None:
        """The live slots of ``term``, materialised from the raw list read from disk if need be."""
        posting = self._postings.get(term)
        if posting is None and term in self._raw:
            ids, count = self._ids, len(self._ids)
            posting = {s for s in self._raw.take(term) if s < count and ids[s] is not None}  # unsigned on disk
            if posting:
                self._postings[term] = posting
            else:
                posting = None
        return posting

    def _scores(self, query: frozenset[str], seed_cap: int) -> dict[int, float]:
        """Summed weighted IDF of shared terms. Weighty terms go first; a term found in a
        large share of the entries, or met once weightier terms already found
        ``seed_cap`` candidates, only re-scores entries found through weightier
        terms, which keeps a query cheap and its candidates relevant. The order
        (weight, then term) makes the scores a function of the indexed texts alone."""
        total = len(self._slot)
        broad = max(64, total // 8)
        found = []
        for term in query:
            if posting := self._posting(term):
                boost = FEATURE_WEIGHT if term.startswith(_FEATURE_PREFIXES) else 1.0
                found.append((math.log(1 + total / len(posting)) * boost, term, posting))
        found.sort(key=lambda item: (-item[0], item[1]))
        scores: dict[int, float] = {}
        for weight, _term, posting in found:
            if len(posting) > broad or len(scores) >= seed_cap:
                for slot in scores:
                    if slot in posting:
                        scores[slot] += weight
            else:
                for slot in posting:
                    scores[slot] = scores.get(slot, 0.0) + weight
        return scores
