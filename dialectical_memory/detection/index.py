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

import heapq
import math

from .analysis import analyse
from .text import PIECE, chinese_bigrams, normalize, stem

# What `index_terms` gives for a text; bump it whenever that changes, so a
# stored index built by an older version is rebuilt instead of trusted.
# 2: bilingual concepts, antonym words and habits of issue 11.
TERMS_VERSION = 2

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


def index_terms(text: str) -> frozenset[str]:
    """Words plus the detector's features, prefixed so they never meet a word."""
    analysis = analyse(text)
    features = {f"#{unit}" for claim in analysis.claims for unit in claim.reach}
    features.update(f"@{pole.axis}" for claim in analysis.claims for pole in claim.poles)
    features.update(f"${slot.name}" for slot in analysis.slots)
    for order in analysis.orders:
        features.update(f"#{unit}" for unit in order.preferred | order.other)
    return (frozenset(tokenize(text)) - _SUBJECT_TERMS) | features


SEED_FACTOR = 8  # candidates gathered per requested one before common terms stop adding more


class CandidateIndex:
    """Entry ids by term; `candidates` ranks entries by IDF-weighted shared terms."""

    def __init__(self) -> None:
        self._postings: dict[str, set[str]] = {}
        self._terms: dict[str, frozenset[str]] = {}

    def __len__(self) -> int:
        return len(self._terms)

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self._terms

    def add(self, entry_id: str, text: str) -> None:
        """Index `text` under `entry_id`, replacing what was indexed under it before."""
        if entry_id in self._terms:
            self.remove(entry_id)
        terms = index_terms(text)
        self._terms[entry_id] = terms
        for term in terms:
            self._postings.setdefault(term, set()).add(entry_id)

    def remove(self, entry_id: str) -> None:
        """Forget `entry_id`; unknown ids are ignored."""
        for term in self._terms.pop(entry_id, ()):
            posting = self._postings[term]
            posting.discard(entry_id)
            if not posting:
                del self._postings[term]

    def candidates(self, text: str, limit: int = 32, exclude: str | None = None) -> list[str]:
        """Up to `limit` entry ids sharing terms with `text`, best first."""
        scores = self._scores(index_terms(text), seed_cap=SEED_FACTOR * limit)
        scores.pop(exclude, None)
        best = heapq.nlargest(limit, scores.items(), key=self._ranking)
        return [entry_id for entry_id, _ in best]

    def _scores(self, query: frozenset[str], seed_cap: int) -> dict[str, float]:
        """Summed IDF of shared terms. Rare terms go first; a term found in a
        large share of the entries, or met once rarer terms already found
        ``seed_cap`` candidates, only re-scores entries found through rarer
        terms, which keeps a query cheap and its candidates relevant."""
        total = len(self._terms)
        broad = max(64, total // 8)
        postings = sorted((self._postings[term] for term in query if term in self._postings), key=len)
        scores: dict[str, float] = {}
        for posting in postings:
            weight = math.log(1 + total / len(posting))
            if len(posting) > broad or len(scores) >= seed_cap:
                for entry_id in scores:
                    if entry_id in posting:
                        scores[entry_id] += weight
            else:
                for entry_id in posting:
                    scores[entry_id] = scores.get(entry_id, 0.0) + weight
        return scores

    def _ranking(self, item: tuple[str, float]) -> float:
        """Score damped by entry length, so a long entry does not win by size alone."""
        entry_id, score = item
        return score / math.sqrt(len(self._terms[entry_id]))
