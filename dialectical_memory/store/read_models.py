"""Read-only views of a target for the CLI and the dashboard: entries, pages, graph, queues."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, NamedTuple

from ..core.beliefs import (
    DECAY,
    MATURITY_FLOOR,
    REVERIFY_THRESHOLD,
    SECONDS_PER_DAY,
    BeliefStatus,
    ContradictionEdge,
    EntryMeta,
    KnowledgeType,
    MaturityLevel,
    PromotionCheck,
    SourceKind,
    authority_weight,
    days_until_reverification,
    decayed_confidence,
    promotion_check,
    raw_decayed_confidence,
    text_hash,
)
from ..core.errors import InvalidInputError
from ..core.validation import parse_enum
from .state import TargetState


def entry_filters(maturity=None, status=None, source_kind=None, knowledge_type=None) -> dict[str, Any]:
    """The filters of a listing or a search, each parsed (an unknown value is refused), None when not asked."""
    return {
        "maturity": parse_enum(MaturityLevel, maturity, "maturity") if maturity not in (None, "") else None,
        "status": parse_enum(BeliefStatus, status, "status") if status else None,
        "source_kind": parse_enum(SourceKind, source_kind, "source_kind") if source_kind else None,
        "knowledge_type": parse_enum(KnowledgeType, knowledge_type, "knowledge_type") if knowledge_type else None,
    }


def check_paging(search, offset, limit) -> None:
    """Refuse a page that is not ``offset`` ≥ 0 and ``limit`` 1–1000, or a search that is not a string."""
    if not isinstance(offset, int) or not isinstance(limit, int) or offset < 0 or not 0 < limit <= 1000:
        raise InvalidInputError("offset must be ≥ 0 and limit between 1 and 1000")
    if search is not None and not isinstance(search, str):
        raise InvalidInputError("search must be a string")


@dataclass
class Entry:
    """One entry as a reader sees it. ``meta`` belongs to the store: read it, never mutate it."""

    target: str
    meta: EntryMeta
    archived: bool
    now: float
    unresolved_edges: int = 0
    archive_reason: str | None = None
    archived_at: float | None = None

    @property
    def entry_id(self) -> str:
        return self.meta.entry_id

    @property
    def text(self) -> str:
        return self.meta.text

    @property
    def contested(self) -> bool:
        return self.unresolved_edges > 0

    @cached_property
    def etag(self) -> str:
        """Changes whenever the text or any metadata change: guards against stale overwrites."""
        return text_hash(json.dumps(self.meta.to_dict(), sort_keys=True, ensure_ascii=False))

    @cached_property
    def effective_confidence(self) -> float:
        return decayed_confidence(self.meta, self.now)

    @cached_property
    def raw_confidence(self) -> float:
        return raw_decayed_confidence(self.meta, self.now)

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "entry_id": self.entry_id,
            "text": self.text,
            "archived": self.archived,
            "contested": self.contested,
            "effective_confidence": round(self.effective_confidence, 4),
            "etag": self.etag,
            "meta": self.meta.to_dict(),
        }


def entry_view(state: TargetState, entry_id: str, now: float) -> Entry | None:
    if entry_id in state.entries:
        return Entry(state.target, state.entries[entry_id], False, now, len(state.unresolved_edges_of(entry_id)))
    archived = state.archive.get(entry_id)
    if archived is None:
        return None
    return Entry(state.target, archived.meta, True, now, 0, archived.reason, archived.at)


def active_entries(state: TargetState, now: float) -> list[Entry]:
    ordered = [state.id_for_text(text) for text in state.texts]
    return [entry_view(state, entry_id, now) for entry_id in ordered if entry_id]


class Page(NamedTuple):
    items: list[Entry]
    total: int
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


def _matching_ids(state: TargetState, filters: dict[str, Any], search: str | None) -> list[str]:
    """Ids of active entries in file order that pass every filter (one tight pass)."""
    checks = [(key, wanted) for key, wanted in filters.items() if wanted is not None]
    needle = search.casefold() if search else None
    entries, ids = state.entries, state.ids_by_text
    ordered = [ids[text] for text in state.texts]
    if not checks and needle is None:
        return ordered

    def keep(meta: EntryMeta) -> bool:
        return all(getattr(meta, key) == wanted for key, wanted in checks) and (
            needle is None or (not meta.blocked and needle in meta.text.casefold())  # search never matches blocked text
        )

    return [entry_id for entry_id in ordered if keep(entries[entry_id])]


def query(state: TargetState, now: float, filters: dict[str, Any], search: str | None, offset: int, limit: int) -> Page:
    hits = _matching_ids(state, filters, search)
    page_ids = hits[offset : offset + limit]
    return Page([entry_view(state, i, now) for i in page_ids], len(hits), offset, limit)


def derived(state: TargetState, name: str, extra, compute: Callable[[], Any]) -> Any:
    """``compute()``, kept on the state until its files move (every change of an entry or an edge
    is a commit or a refresh, and both move them) or ``extra`` changes. For what a view derives
    from every entry or edge: shared between calls, so read it, never change it."""
    key = derived_key(state, extra)
    cached = state.derived.get(name)
    if cached is not None and cached[0] == key:
        return cached[1]
    value = compute()
    state.derived[name] = (key, value)
    return value


def derived_key(state: TargetState, extra=None) -> tuple:
    """What a value :func:`derived` keeps is kept for: the state's files as they are now, and ``extra``."""
    return (state.meta_stamps, state.journal_seq, state.md_ident, len(state.texts), len(state.doc.contradictions), extra)


def keep_derived(state: TargetState, name: str, key: tuple, value) -> None:
    """Keep ``value``, derived on another thread from the state as it was at ``key``, as
    :func:`derived` would have, if the state is still so and nothing is kept for it yet."""
    cached = state.derived.get(name)
    if derived_key(state, key[-1]) == key and (cached is None or cached[0] != key):
        state.derived[name] = (key, value)


def _tier_buckets(state: TargetState, filters: dict[str, Any], search: str | None) -> dict[MaturityLevel, list[str]]:
    """Matching ids by tier; the unfiltered board (what the tiers page opens on) is kept (``derived``)."""

    def bucket() -> dict[MaturityLevel, list[str]]:
        buckets: dict[MaturityLevel, list[str]] = {level: [] for level in MaturityLevel}
        for entry_id in _matching_ids(state, filters, search):
            buckets[state.entries[entry_id].maturity].append(entry_id)
        return buckets

    if search is None and all(value is None for value in filters.values()):
        return derived(state, "tier_buckets", None, bucket)
    return bucket()


def query_by_tier(state: TargetState, now: float, filters: dict[str, Any], search: str | None, limit: int) -> dict[MaturityLevel, Page]:
    """The first page of every maturity tier from one pass over the entries."""
    buckets = _tier_buckets(state, filters, search)
    return {
        level: Page([entry_view(state, i, now) for i in ids[:limit]], len(ids), 0, limit)
        for level, ids in buckets.items()
    }


# ---------------------------------------------------------------- contradictions


def preferred_side(state: TargetState, edge: ContradictionEdge, now: float) -> str | None:
    """Behaviour first: the side with the higher authority × confidence; ties go to the newer."""
    a, b = state.meta_anywhere(edge.from_id), state.meta_anywhere(edge.to_id)
    if a is None or b is None:
        return None
    key_a = (round(authority_weight(a, now), 9), a.created_at)
    key_b = (round(authority_weight(b, now), 9), b.created_at)
    return a.entry_id if key_a > key_b else b.entry_id


def found_by(edge: ContradictionEdge) -> str:
    """Who found a contradiction, in words: the rules (and their family), the embedding classifier,
    a model (by name), the agent, a person."""
    author = str(edge.author)
    if author.startswith("judge:"):
        return f"the model {author.removeprefix('judge:')}"
    if author.startswith("detector:") or author == "detector":
        if edge.kind == "semantic" or author == "detector:semantic" and edge.kind in ("", "semantic"):
            return "the embedding classifier"
        return f"the rules ({edge.kind})" if edge.kind else "the rules"
    return {"person": "you (linked by hand)", "agent": "the agent", "maintenance": "maintenance",
            "cli": "the command line", "sync": "a sync"}.get(author, author)


def edge_dict(state: TargetState, edge: ContradictionEdge, now: float) -> dict[str, Any]:
    a, b = state.meta_anywhere(edge.from_id), state.meta_anywhere(edge.to_id)
    return {
        **edge.to_dict(),
        "found_by": found_by(edge),
        "from_text": a.text if a else None,
        "to_text": b.text if b else None,
        "from_source": a.source_kind.value if a else None,
        "to_source": b.source_kind.value if b else None,
        "preferred_id": preferred_side(state, edge, now),
        # what agent views need to show a side safely: blocked, or archived (its text never screened since)
        "from_blocked": a.blocked if a else None,
        "to_blocked": b.blocked if b else None,
        "from_active": edge.from_id in state.entries,
        "to_active": edge.to_id in state.entries,
    }


def contradictions(state: TargetState, now: float, include_resolved: bool, entry_id: str | None = None, edge_id: str | None = None) -> list[dict[str, Any]]:
    """Edges as dicts; ``entry_id`` keeps that entry's, ``edge_id`` that one (only those are built)."""
    if edge_id is not None:
        edges = [e for e in (state.edge(edge_id),) if e is not None]
    elif entry_id is not None:
        edges = state.edges_of(entry_id)
    else:
        edges = state.doc.contradictions
    return [edge_dict(state, e, now) for e in edges if include_resolved or not e.resolved]


def _node(state: TargetState, entry_id: str, now: float) -> dict[str, Any]:
    meta = state.meta_anywhere(entry_id)
    return {
        "entry_id": entry_id,
        "text": meta.text,
        "maturity": int(meta.maturity),
        "maturity_name": meta.maturity.name,
        "authority": meta.authority,
        "status": meta.status.value,
        "source_kind": meta.source_kind.value,
        "archived": entry_id not in state.entries,
        "contested": bool(state.unresolved_edges_of(entry_id)),
        "effective_confidence": decayed_confidence(meta, now),
        "observed_count": meta.observed_behavior_count,
    }


def connected_groups(edges: list[ContradictionEdge]) -> list[list[str]]:
    """Entries linked by ``edges``, each group in first-seen order, largest group first (merging the
    smaller list into the larger: linear in practice, unlike a union-find of Python calls)."""
    group_of: dict[str, list[str]] = {}
    for edge in edges:
        a, b = group_of.get(edge.from_id), group_of.get(edge.to_id)
        if a is None and b is None:
            group_of[edge.from_id] = group_of[edge.to_id] = [edge.from_id, edge.to_id] if edge.from_id != edge.to_id else [edge.from_id]
        elif a is None:
            b.append(edge.from_id)
            group_of[edge.from_id] = b
        elif b is None:
            a.append(edge.to_id)
            group_of[edge.to_id] = a
        elif a is not b:
            small, large = (a, b) if len(a) < len(b) else (b, a)
            large.extend(small)
            for entry_id in small:
                group_of[entry_id] = large
    first_seen: dict[str, int] = {}
    for edge in edges:  # the order members are listed in: each edge's "to" side, then its "from" side
        first_seen.setdefault(edge.to_id, len(first_seen))
        first_seen.setdefault(edge.from_id, len(first_seen))
    groups = [sorted(group, key=first_seen.__getitem__) for group in {id(g): g for g in group_of.values()}.values()]
    return sorted(groups, key=lambda g: (-len(g), g[0]))


def contradiction_groups(state: TargetState) -> list[dict[str, Any]]:
    """The entries linked to one another by unresolved contradictions, one group each (largest
    first): a stale entry and every entry that changed it are one group, counted once and listed once
    by every door. Each names its entries, its edges, their kinds and the entry written last."""
    open_edges = [edge for edge in state.doc.contradictions if not edge.resolved]
    edges_of: dict[str, list[ContradictionEdge]] = {}
    for edge in open_edges:
        edges_of.setdefault(edge.from_id, []).append(edge)
    groups = []
    for members in connected_groups(open_edges):
        edges = [edge for entry_id in members for edge in edges_of.get(entry_id, ())]
        written = {entry_id: getattr(state.entries.get(entry_id), "created_at", 0.0) for entry_id in members}
        groups.append({
            "entry_ids": members,
            "edge_ids": [edge.edge_id for edge in edges],
            "kinds": sorted({edge.kind or "" for edge in edges} - {""}),
            "newest_id": max(members, key=lambda entry_id: (written[entry_id], members.index(entry_id))),
        })
    return groups


def graph(state: TargetState, now: float, max_resolved: int = 200, select=None) -> dict[str, Any]:
    """Nodes and edges of the contradiction graph; resolved edges are capped (newest first).

    ``groups`` (connected entries, largest first) and ``links`` (``(edge_id, from_id, to_id,
    resolved)`` of every shown edge: unresolved first, then resolved, newest first) are cheap and
    always complete. ``nodes`` and ``edges`` (the full dicts) cost a lookup and a confidence
    computation each, so a caller that shows one page passes ``select(outline) -> (entry_ids,
    edge_ids)``: then only those entries, the edges between them and the named edges are built.
    """
    shown, outline = _outline(state, max_resolved)
    if select is None:
        return {
            **outline,
            "nodes": [_node(state, i, now) for group in outline["groups"] for i in group],
            "edges": [edge_dict(state, e, now) for e in shown],
        }
    entry_ids, edge_ids = select(outline)
    entry_ids, edge_ids = set(entry_ids), set(edge_ids)
    return {
        **outline,
        "nodes": [_node(state, i, now) for group in outline["groups"] for i in group if i in entry_ids],
        "edges": [
            edge_dict(state, e, now)
            for e in shown
            if e.edge_id in edge_ids or (e.from_id in entry_ids and e.to_id in entry_ids)
        ],
    }


def _outline(state: TargetState, max_resolved: int) -> tuple[list[ContradictionEdge], dict[str, Any]]:
    """The shown edges and the graph's outline (kept: ``derived``); grouping thousands of edges is
    most of a graph page's time at 10k entries. Callers may keep what they derive from it in ``memo``."""

    def build() -> tuple[list[ContradictionEdge], dict[str, Any]]:
        unresolved = [e for e in state.doc.contradictions if not e.resolved]
        resolved = sorted((e for e in state.doc.contradictions if e.resolved), key=lambda e: -(e.resolved_at or 0))
        shown = unresolved + resolved[:max_resolved]
        return shown, {
            "groups": connected_groups(shown),
            "links": [(e.edge_id, e.from_id, e.to_id, e.resolved) for e in shown],
            "resolved_hidden": max(0, len(resolved) - max_resolved),
            "memo": {},  # for callers' own derivations of this outline (the dashboard's page plan)
        }

    return derived(state, "graph_outline", max_resolved, build)


# ---------------------------------------------------------------- review queues


class QueueItem(NamedTuple):
    entry: Entry
    reason: str
    days_since_validation: float
    raw_confidence: float
    days_left: float


def _days_left(state: TargetState, meta: EntryMeta, now: float, horizon_days: float) -> float | None:
    """0 for an expired (DECAYED) belief, days until expiry when within the horizon, else None. An
    active entry with a pending promotion is one decision, in the promotion queue: approving it
    restarts its decay (and it loses the proposal to this queue once it expires); an expired entry
    an open contradiction links is one decision too, its group's (here again if the group leaves it);
    a line Hermes keeps that says a kept entry again is re-verified with that entry (here again if
    that one goes)."""
    if meta.says_again is not None and state.said_first(meta.entry_id) != meta.entry_id:
        return None
    if meta.status is BeliefStatus.DECAYED:
        return None if state.unresolved_edges_of(meta.entry_id) else 0.0
    if meta.status is not BeliefStatus.ACTIVE or meta.pending_promotion is not None:
        return None
    left = days_until_reverification(meta, now)
    return left if left is not None and left <= horizon_days else None


def _queue_item(state: TargetState, meta: EntryMeta, now: float, days_left: float) -> QueueItem:
    since = (now - meta.last_validated_at) / SECONDS_PER_DAY
    raw = raw_decayed_confidence(meta, now)
    why = "expired" if days_left == 0 else f"expires in {days_left:.1f} days"
    reason = (
        f"{why}: a {meta.knowledge_type.value} entry, {since:.0f} days since validation, "
        f"raw confidence {raw:.2f} (re-verify below {REVERIFY_THRESHOLD})"
    )
    return QueueItem(entry_view(state, meta.entry_id, now), reason, since, raw, days_left)


def reverification_queue(state: TargetState, now: float, horizon_days: float, offset: int = 0, limit: int | None = None) -> list[QueueItem]:
    """Expired beliefs first, then those about to expire; most important (importance × authority) first."""
    ranked = _ranked_for_reverification(state, now, horizon_days)
    window = ranked[offset : None if limit is None else offset + limit]
    items = []
    for _soon, _weight, ranked_left, entry_id in window:
        meta = state.entries[entry_id]
        left = _days_left(state, meta, now, horizon_days)
        items.append(_queue_item(state, meta, now, ranked_left if left is None else left))
    return items


RANKING_REUSE_SECONDS = 30.0


def _ranked_for_reverification(state: TargetState, now: float, horizon_days: float) -> list[tuple]:
    """The queue's order over every entry, kept (``derived``) within one half-minute of the clock (a
    pass over 10,000 entries is most of the page's time); the window's days are computed fresh."""

    def rank() -> list[tuple]:
        ranked = []
        for meta in state.entries.values():
            left = _days_left(state, meta, now, horizon_days)
            if left is not None:
                ranked.append((left > 0, -meta.importance * meta.authority, left, meta.entry_id))
        ranked.sort()
        return ranked

    return derived(state, "reverification", (horizon_days, now // RANKING_REUSE_SECONDS), rank)


class PromotionItem(NamedTuple):
    entry: Entry
    check: PromotionCheck


def pending_promotions(state: TargetState, now: float, offset: int = 0, limit: int | None = None) -> list[PromotionItem]:
    """Proposed promotions, highest tier and most evidence first; views built only for the window."""
    ranked = sorted(
        (-meta.maturity, -(meta.hit_count + meta.observed_behavior_count), meta.entry_id)
        for meta in state.entries.values()
        if meta.pending_promotion is not None
    )
    window = ranked[offset : None if limit is None else offset + limit]
    return [
        PromotionItem(entry_view(state, entry_id, now), promotion_check(state.entries[entry_id], now))
        for _tier, _hits, entry_id in window
    ]


# ---------------------------------------------------------------- counts


def _reverify_counts(state: TargetState, now: float, horizon_days: float) -> dict[str, int]:
    """``reverify``: the expired beliefs, what waits for a person (SPEC §1: expired beliefs must be
    re-verified); ``reverify_soon``: those expiring within the horizon, a warning shown apart (the
    re-verification page lists both, expired first)."""
    lefts = [_days_left(state, meta, now, horizon_days) for meta in state.entries.values()]
    return {"reverify": sum(1 for left in lefts if left == 0), "reverify_soon": sum(1 for left in lefts if left)}


def counts(state: TargetState, now: float, horizon_days: float) -> dict[str, Any]:
    metas = state.entries.values()
    by_maturity = Counter(meta.maturity for meta in metas)
    by_status = Counter(meta.status for meta in metas)
    return {
        "total": len(state.entries),
        "by_maturity": {level.name: by_maturity[level] for level in MaturityLevel},
        "by_status": {status.value: by_status[status] for status in BeliefStatus},
        "archived": len(state.archive),
        "unresolved_contradictions": sum(1 for e in state.doc.contradictions if not e.resolved),
        "contradiction_groups": len(derived(state, "contradiction_groups", None, lambda: contradiction_groups(state))),
        **_reverify_counts(state, now, horizon_days),
        "pending_promotions": sum(1 for meta in metas if meta.pending_promotion is not None),
        "usage_chars": state.usage(),
    }


# ---------------------------------------------------------------- confidence over time


class ConfidenceSeries(NamedTuple):
    past: list[tuple[float, float]]
    future: list[tuple[float, float]]
    type_floor: float
    maturity_floor: float
    reverify_line: float
    now: float
    raw_future: list[tuple[float, float]]


def confidence_series(meta: EntryMeta, now: float, past_days: float, future_days: float, steps: int = 60) -> ConfidenceSeries:
    """Effective confidence sampled from creation (or ``past_days`` back) to ``future_days`` ahead.

    The past is what the formula gives for the stored values: signals are not replayed.
    """
    start = max(meta.created_at, now - past_days * SECONDS_PER_DAY)
    end = now + future_days * SECONDS_PER_DAY

    def samples(t0: float, t1: float, fn) -> list[tuple[float, float]]:
        if t1 <= t0:
            return [(t0, fn(t0))]
        return [(t0 + (t1 - t0) * k / steps, fn(t0 + (t1 - t0) * k / steps)) for k in range(steps + 1)]

    def effective(t: float) -> float:
        return decayed_confidence(meta, max(t, meta.updated_at))

    _rate, type_floor = DECAY[meta.knowledge_type]
    return ConfidenceSeries(
        past=samples(start, now, effective),
        future=samples(now, end, effective),
        type_floor=type_floor,
        maturity_floor=MATURITY_FLOOR[meta.maturity],
        reverify_line=REVERIFY_THRESHOLD,
        now=now,
        raw_future=samples(now, end, lambda t: raw_decayed_confidence(meta, t)),
    )
