"""Words for search, and Okapi BM25 over them.

A text becomes *terms*: English words lowercased and lightly stemmed (``text.stem``: "drinks" and
"drink" meet), Chinese as character unigrams and bigrams of each stretch between function words
(no segmenter decides where a word ends, so a question and an entry cut differently still meet;
``benchmarks/retrieval`` measured jieba's words against this), and the words a search question
carries without saying what it looks for ("what", "does", "the", "用户", "什么", "吗") left out
(``search_words.tsv``). Only whole words meet: "tea" is one term and "steak" another.

Across the languages, the bundled bridge (``bridge.tsv``, CC-CEDICT) adds to every Chinese text
the English stems of the words it knows: "乌龙茶" adds "oolong" and "tea", so an English question
finds a Chinese entry and a Chinese question (bridged the same way) an English one;
``search_bridge.tsv`` adds the everyday words questions ask with that the bridge's one gloss per
word misses ("住" live, "喝" drink, "驾照" driving licence).

:class:`BM25` is the scoring of bm25s's default ("lucene": idf ``ln(1 + (N − df + .5)/(df + .5))`` × ``tf/(tf + k1·(1 − b + b·len/avg))``,
k1 = 1.5, b = 0.75; a test holds its scores to bm25s's), kept as an inverted index that takes one
entry in or out at a time: a home changes by one entry per write, and bm25s re-indexes the whole
corpus and needs numpy, which the core does not install. Pure Python, no work at import.
"""

from __future__ import annotations

import functools
import math
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable

from ..core.regex_code import compile_fixed
from . import bundled
from .text import CJK_RANGE, PIECE, lazy_compile, normalize, stem

K1 = 1.5
B = 0.75
_CJK_RUN = lazy_compile(f"[{CJK_RANGE}]+")
_LONGEST_STOP = 4


@bundled.read_once
def _stop_words() -> tuple[frozenset[str], frozenset[str]]:
    """(English, Chinese) words a question carries that name nothing it looks for."""
    english, chinese = set(), set()
    for language, words in bundled.rows("search_words.tsv"):
        (english if language == "en" else chinese).update(words.split())
    return frozenset(english), frozenset(chinese)


@bundled.read_once
def _everyday() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(Chinese word, English stems) of ``search_bridge.tsv``: the everyday words of questions."""
    return tuple((word, tuple(stem(w) for w in english.split()))
                 for words, english in bundled.rows("search_bridge.tsv") for word in words.split())


@bundled.read_once
def anchors() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(English, Chinese) ordinary entries about nothing in particular (``search_anchors.tsv``):
    what the search reads a question's closeness to an entry against."""
    rows = bundled.rows("search_anchors.tsv")
    return tuple(t for lang, t in rows if lang == "en"), tuple(t for lang, t in rows if lang == "zh")


def _chinese_pieces(run: str, stops: frozenset[str]) -> list[str]:
    """The stretches of a Chinese run between its function words (longest match first)."""
    return [piece for piece in _stop_pattern(stops).split(run) if piece]


@functools.lru_cache(maxsize=4)
def _stop_pattern(stops: frozenset[str]) -> re.Pattern:
    """The function words longest first: at each position the longest there is cut out (in C)."""
    return compile_fixed("|".join(map(re.escape, sorted((w for w in stops if 0 < len(w) <= _LONGEST_STOP), key=lambda w: (-len(w), w)))) or "(?!)")


def _chinese_terms(piece: str) -> list[str]:
    """Every character and every pair of neighbouring characters."""
    return [*piece, *(piece[i : i + 2] for i in range(len(piece) - 1))]


@functools.lru_cache(maxsize=8192)
def words(text: str, everything: bool = False) -> tuple[str, ...]:
    """The text's own terms, in order (see the module doc), without the question's function words
    unless ``everything`` (what an entry is indexed by: a question of function words only, "user",
    still finds the entries that hold them); no bridge."""
    english_stops, chinese_stops = _stop_words()
    if everything:
        english_stops, chinese_stops = frozenset(), frozenset()
    found: list[str] = []
    for match in PIECE.finditer(normalize(text)):
        cjk, word = match.groups()
        if cjk:
            for piece in _chinese_pieces(cjk, chinese_stops):
                found.extend(_chinese_terms(piece))
        elif word not in english_stops and (len(word) > 1 or word.isdigit()):
            found.append(stem(word))
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def bridged(text: str) -> tuple[tuple[str, str], ...]:
    """``(english stem, chinese word)`` for each Chinese word of ``text`` the bridge knows."""
    if not _CJK_RUN.search(text):
        return ()
    from .bridge import english_words  # the bridge table loads on the first Chinese text

    english_stops, chinese_stops = _stop_words()
    found = []
    for word, stems, _covered in english_words(text):
        if word in chinese_stops:
            continue
        found.extend((s, word) for s in stems if s not in english_stops and len(s) > 1)
    known = {english for english, _word in found}
    for word, stems in _everyday():
        if word in text:
            found.extend((s, word) for s in stems if s not in known)
            known.update(stems)
    return tuple(found)


def is_keyword(text: str) -> bool:
    """Is ``text`` one word ("tea", "Berlin", "绿茶": a filter), rather than a question or a phrase?"""
    pieces = PIECE.findall(normalize(text))
    return len(pieces) == 1 and (not pieces[0][0] or len(pieces[0][0]) <= 3)


def surface(text: str) -> dict[str, str]:
    """Each English term of ``text`` → the word it was written as ("liv" → "lives"), to show a match."""
    english_stops, _chinese = _stop_words()
    shown: dict[str, str] = {}
    for match in PIECE.finditer(normalize(text)):
        word = match.group(2)
        if word and word not in english_stops:
            shown.setdefault(stem(word), word)
    return shown


def tokens(text: str) -> list[str]:
    """What a question is searched by: its own terms, then the bridge's English stems; its function
    words only when it has nothing else."""
    return [*(words(text) or words(text, everything=True)), *(english for english, _word in bridged(text))]


def document_tokens(text: str) -> list[str]:
    """What an entry is indexed by: every term of it, then the bridge's English stems."""
    return [*words(text, everything=True), *(english for english, _word in bridged(text))]


class BM25:
    """Okapi BM25 over documents added and removed one at a time (see the module doc)."""

    def __init__(self, k1: float = K1, b: float = B):
        self.k1, self.b = k1, b
        self._postings: dict[str, dict[str, int]] = {}  # term → doc → term frequency
        self._lengths: dict[str, int] = {}
        self._length_counts: Counter[int] = Counter()  # length → documents of that length
        self._terms_of: dict[str, tuple[str, ...]] = {}
        self._texts: dict[str, str] = {}  # what sync() indexed, doc → text
        self._total = 0
        self._reading: tuple[dict[str, str], list[str]] | None = None  # see sync(): (texts, docs still missing)

    def __len__(self) -> int:
        return len(self._lengths)

    def __contains__(self, doc: str) -> bool:
        return doc in self._lengths

    def add(self, doc: str, terms: Iterable[str]) -> None:
        if doc in self._lengths:
            self.remove(doc)
        # one string object per distinct term, shared by every document holding it: at 100,000
        # entries each document's own copies of its terms were 86 MB
        counts = Counter(map(sys.intern, terms))
        postings = self._postings
        for term, count in counts.items():
            posting = postings.get(term)
            if posting is None:
                postings[term] = {doc: count}
            else:
                posting[doc] = count
        length = sum(counts.values())
        self._lengths[doc] = length
        self._length_counts[length] += 1
        self._total += length
        self._terms_of[doc] = tuple(counts)

    def remove(self, doc: str) -> None:
        length = self._lengths.pop(doc, None)
        if length is None:
            return
        self._total -= length
        self._length_counts[length] -= 1
        if not self._length_counts[length]:
            del self._length_counts[length]
        for term in self._terms_of.pop(doc):
            posting = self._postings[term]
            del posting[doc]
            if not posting:
                del self._postings[term]

    def terms_of(self, doc: str) -> frozenset[str]:
        return frozenset(self._terms_of.get(doc, ()))

    def idf(self, term: str) -> float:
        df = len(self._postings.get(term, ()))
        return math.log(1 + (len(self._lengths) - df + 0.5) / (df + 0.5))

    def scores(self, query: Iterable[str]) -> dict[str, float]:
        """Each document sharing a term with ``query`` → its BM25 score (a repeated query term counts once)."""
        if not self._lengths:
            return {}
        average = self._total / len(self._lengths) or 1.0
        k1, b, lengths = self.k1, self.b, self._lengths
        # a document's length normalisation depends on its length alone: one per length met
        # (a few dozen), not one per posting (a common term at 100,000 entries: tens of thousands)
        norms = {length: k1 * (1 - b + b * length / average) for length in self._length_counts}
        result: dict[str, float] = {}
        found = result.get
        for term in dict.fromkeys(query):
            posting = self._postings.get(term)
            if not posting:
                continue
            idf = self.idf(term)
            for doc, tf in posting.items():
                result[doc] = found(doc, 0.0) + idf * tf / (tf + norms[lengths[doc]])
        return result

    def sync(self, texts: dict[str, str], deadline: float | None = None, at_least: int = 0,
             read: Callable[[str], list[str]] = document_tokens) -> int:
        """Hold exactly the documents of ``texts`` (doc → text), re-reading only those that changed
        (their terms: ``read(text)``); with a ``deadline`` (``time.monotonic()``), the missing ones
        are read last first (the newest entries) until it passes, ``at_least`` of them whatever the
        time. Returns how many are still missing. ``texts`` is read, never changed: called again
        with the very same mapping (a read continued a part at a time), it goes on where it stopped
        instead of comparing every document again."""
        missing, known = self._missing(texts), self._texts
        count = 0
        while missing:
            if deadline is not None and count >= at_least and time.monotonic() > deadline:
                return len(missing)
            doc = missing.pop()
            if doc not in known:
                self.add(doc, read(texts[doc]))
                known[doc] = texts[doc]
                count += 1
        self._reading = None  # read whole: the texts are not kept alive for nothing
        return 0

    def read_newest(self, texts: Iterable[tuple[str, str]], deadline: float, at_least: int) -> None:
        """Hold the documents of ``texts`` ((doc, text), newest first) not held yet, until
        ``deadline`` passes, ``at_least`` of them whatever the time: what :meth:`sync` reads first,
        without the whole mapping (a first search of 100,000 entries reads a few hundred)."""
        known, count = self._texts, 0
        for doc, text in texts:
            if count >= at_least and time.monotonic() > deadline:
                return
            if doc not in known:
                self.add(doc, document_tokens(text))
                known[doc] = text
                count += 1

    def unread(self, texts: dict[str, str], count: int) -> list[tuple[str, str]]:
        """Up to ``count`` documents of ``texts`` not held yet, newest first, as (doc, text), for
        a reader to find their terms without holding anything and :meth:`put_read` them; those no
        longer in ``texts`` are dropped first (as :meth:`sync` does). [] when it holds them all."""
        missing, known = self._missing(texts), self._texts
        while missing and missing[-1] in known:
            missing.pop()
        if not missing:
            self._reading = None
            return []
        return [(doc, texts[doc]) for doc in reversed(missing[-count:]) if doc not in known]

    def put_read(self, texts: dict[str, str], read: Iterable[tuple[str, str, list[str]]]) -> None:
        """Hold the documents :meth:`unread` gave for ``texts``, (doc, text, its terms) each, those
        whose text ``texts`` still holds and that nothing read since."""
        known = self._texts
        for doc, text, terms in read:
            if doc not in known and texts.get(doc) == text:
                self.add(doc, terms)
                known[doc] = text

    def _missing(self, texts: dict[str, str]) -> list[str]:
        """The documents of ``texts`` still to read (newest last), those no longer there dropped; the
        list is kept while ``texts`` is the same mapping, so a read goes on where it stopped."""
        known = self._texts
        if self._reading is None or self._reading[0] is not texts:
            self._reading = None
            if known == texts:
                return []
            if not known.items() <= texts.items():  # some gone, or another text now (compared in C)
                for doc, _text in known.items() - texts.items():
                    self.remove(doc)
                    del known[doc]
            self._reading = (texts, _unknown_in_order(texts, known))
        return self._reading[1]


def _unknown_in_order(texts: dict[str, str], known: dict[str, str]) -> list[str]:
    """The documents of ``texts`` not in ``known`` (all of whose are in ``texts``), in the order of
    ``texts``: found from its end when they are few (an add's new entry is its last), so a home
    of 100,000 entries is not walked for one."""
    count = len(texts) - len(known)
    if not known:
        return list(texts)
    if count * 64 > len(texts):
        return [doc for doc in texts if doc not in known]
    found = []
    for doc in reversed(texts):
        if len(found) == count:
            break
        if doc not in known:
            found.append(doc)
    return found[::-1]
