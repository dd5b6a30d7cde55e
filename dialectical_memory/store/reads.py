"""Reads: entries, pages, queues, history and the system-prompt snapshot, never a write.

A mixin of ``MemoryStore``.
"""

from __future__ import annotations

import heapq
import itertools
from typing import TYPE_CHECKING, Any

from ..storage import hermes_format
from . import read_models
from ..core.errors import (
    InvalidInputError,
    NotFoundError,
    echo,
)
from ..core.validation import parse_enum
from ..core.beliefs import (
    ContradictionMode,
    EntryMeta,
    MaturityLevel,
    authority_weight,
    promotion_check,
    text_hash,
)
from . import history_log
from .screening import MAX_ENTRY_CHARS, one_line
from .state import TargetState
from ..storage.files import (
    TARGET_FILES,
    file_stamp,
)

if TYPE_CHECKING:
    from . import search as search_module

REVERIFY_HORIZON_DAYS = 7.0
COUNTS_MAX_AGE_SECONDS = 60


def _blocked_line(target: str, reason: str) -> str:
    """What the prompt shows instead of an entry that failed the safety check (as Hermes 0.19.0 does)."""
    name = f"{TARGET_FILES[target]}.md"
    return (
        f"[BLOCKED: {name} entry failed the safety check: {one_line(reason)}. Removed from the system prompt; "
        "a person can keep, edit or retire it on the dashboard.]"
    )


def _capped(text: str) -> str:
    """An entry in the prompt is capped like a write (a longer one reached the file by hand)."""
    if len(text) <= MAX_ENTRY_CHARS:
        return text
    return f"{text[:MAX_ENTRY_CHARS]} […{len(text) - MAX_ENTRY_CHARS:,} more characters not shown]"


def _render_prompt(target: str, texts: tuple[str, ...], ids: dict[str, str], marked: set[str], hidden: set[str], usage: dict, blocked: dict[str, str]) -> str:
    """``ids`` maps each text to its entry id; ``marked`` (contested), ``hidden`` and ``blocked``
    (id → reason) are by entry id."""
    lines = []
    for text in texts:
        entry_id = ids.get(text)
        if entry_id in hidden:
            continue
        shown = _capped(text)
        lines.append(_blocked_line(target, blocked[entry_id]) if entry_id in blocked else f"[contested] {shown}" if entry_id in marked else shown)
    if not lines:
        return ""
    title = "MEMORY (your personal notes)" if target == "memory" else "USER PROFILE (who the user is)"
    limit = f"{usage['percent']}% — {usage['chars']:,}/{usage['limit']:,} chars" if usage["limit"] else f"{usage['chars']:,} chars"
    return f"{'═' * 46}\n{title} [{limit}]\n{'═' * 46}\n" + hermes_format.ENTRY_DELIMITER.join(lines)


class StoreReads:
    # ------------------------------------------------------------ contradictions

    def get_contradictions(self, target: str, *, include_resolved: bool = False, mode=None, entry_id: str | None = None, edge_id: str | None = None) -> list[dict[str, Any]]:
        """Unresolved edges (both sides). ``mode="filter"`` keeps only edges and names the side shown.
        ``entry_id`` / ``edge_id`` narrow the answer to one entry's edges or one edge (cheap at any size)."""
        state = self.current_state(target)
        edges = read_models.contradictions(state, self.now(), include_resolved, entry_id, edge_id)
        if mode is not None:
            chosen = parse_enum(ContradictionMode, mode, "contradiction_mode")
            for edge in edges:
                edge["shown"] = [edge["preferred_id"]] if chosen is ContradictionMode.FILTER else [edge["from_id"], edge["to_id"]]
        return edges

    def recorded_contradiction(self, record: dict[str, Any]) -> dict[str, Any] | None:
        """The contradiction a ``contradiction`` history record names, as :meth:`get_contradictions`
        lists it (who found it, both texts: the record's actor made the write that raised it, a person
        for a hand edit the detector checked); a record whose edge is gone, by its reason alone."""
        detail = record.get("detail") or {}
        if isinstance(detail.get("detail_edge"), str) and isinstance(record.get("target"), str):
            found = self.get_contradictions(record["target"], include_resolved=True, edge_id=detail["detail_edge"])
            if found:
                return found[0]
        return {"reason": detail["reason"]} if detail.get("reason") else None

    def contradiction_groups(self, target: str, *, entry_id: str | None = None) -> list[dict[str, Any]]:
        """Entries linked by unresolved contradictions, one group each (`read_models.contradiction_groups`):
        what every door counts and lists; ``entry_id`` narrows it to that entry's group."""
        state = self.current_state(target)
        groups = read_models.derived(state, "contradiction_groups", None, lambda: read_models.contradiction_groups(state))
        return [{key: list(value) if isinstance(value, list) else value for key, value in group.items()}
                for group in groups if entry_id is None or entry_id in group["entry_ids"]]

    def contradiction_links(self, target: str) -> list[tuple[str, str, str, bool]]:
        """``(edge_id, from_id, to_id, resolved)`` of every edge, in the order of
        :meth:`get_contradictions`: what navigation needs, without building thousands of edge dicts."""
        state = self.current_state(target)
        return [(e.edge_id, e.from_id, e.to_id, e.resolved) for e in state.doc.contradictions]

    # ------------------------------------------------------------ reads

    def get_entry(self, target: str, entry_id) -> read_models.Entry:
        state = self.current_state(target)
        entry = read_models.entry_view(state, entry_id, self.now()) if isinstance(entry_id, str) else None
        if entry is None:
            raise NotFoundError(f"no {target} entry with id {echo(entry_id)}")
        return entry

    def get_entry_meta(self, target: str, text_or_id: str) -> EntryMeta | None:
        state = self.current_state(target)
        if text_or_id in state.entries:
            return state.entries[text_or_id]
        entry_id = state.id_for_text(hermes_format.normalise_entry(text_or_id))
        return state.entries.get(entry_id) if entry_id else None

    def find_entry(self, target: str, old_text) -> read_models.Entry:
        """The active entry containing ``old_text`` (Hermes' rule: one match, else a clear error)."""
        state = self.current_state(target)
        return read_models.entry_view(state, self._find_by_substring(state, old_text).entry_id, self.now())

    def entries(self, target: str) -> list[read_models.Entry]:
        return read_models.active_entries(self.current_state(target), self.now())

    def query_entries(self, target: str, *, maturity=None, status=None, source_kind=None, knowledge_type=None, search=None, offset: int = 0, limit: int = 50) -> read_models.Page:
        """One page of active entries in file order that pass the filters."""
        filters = read_models.entry_filters(maturity=maturity, status=status, source_kind=source_kind, knowledge_type=knowledge_type)
        read_models.check_paging(search, offset, limit)
        state = self.current_state(target)
        return read_models.query(state, self.now(), filters, search or None, offset, limit)

    def query_by_tier(self, target: str, *, status=None, source_kind=None, knowledge_type=None, search=None, limit: int = 20) -> dict[MaturityLevel, read_models.Page]:
        """The first page of each maturity tier, from one pass (the dashboard's four columns); with
        ``search``, the entries :meth:`search` finds, best first in each tier."""
        filters = read_models.entry_filters(status=status, source_kind=source_kind, knowledge_type=knowledge_type)
        read_models.check_paging(search, 0, limit)
        if search and search.strip():  # ranked: each column lists its matches best first
            found = self.search(search, target, limit=1000, status=status, source_kind=source_kind, knowledge_type=knowledge_type)
            buckets: dict[MaturityLevel, list] = {level: [] for level in MaturityLevel}
            for hit in found.items:
                buckets[hit.entry.meta.maturity].append(hit.entry)
            return {level: read_models.Page(entries[:limit], len(entries), 0, limit) for level, entries in buckets.items()}
        state = self.current_state(target)
        return read_models.query_by_tier(state, self.now(), filters, search or None, limit)

    def search(self, query: str, target: str | None = None, *, limit: int = 20, offset: int = 0, maturity=None,
               status=None, source_kind=None, knowledge_type=None, semantic: bool | str | None = None,
               whole: bool = False) -> search_module.Results:
        """Active entries answering ``query``, best first, with a score and why they matched; both
        targets unless ``target`` is given. An empty query lists them in file order (see store/search.py).
        ``whole``: a home of more than 20,000 entries is read whole before the answer (a one-shot
        process), not answered from its newest entries while a thread reads the rest."""
        from . import search as search_module  # on first use: a write never searches

        return search_module.search(self, query, target, limit=limit, offset=offset, maturity=maturity, status=status,
                                    source_kind=source_kind, knowledge_type=knowledge_type, semantic=semantic,
                                    whole=whole)

    def recall(self, target: str, query: str, *, limit: int = 8) -> list[tuple[float, read_models.Entry]]:
        """``(score, entry)`` of the entries :meth:`search` finds for ``query`` in one target, best first."""
        return [(hit.score, hit.entry) for hit in self.search(query, target, limit=limit).items if hit.score is not None]

    def contradiction_graph(self, target: str, *, max_resolved: int = 200, select=None) -> dict[str, Any]:
        """The graph; ``select(outline) -> (entry_ids, edge_ids)`` builds only what one page shows
        (see :func:`read_models.graph`), from the same state as the outline."""
        return read_models.graph(self.current_state(target), self.now(), max_resolved, select)

    def reverification_queue(self, target: str, *, horizon_days: float = REVERIFY_HORIZON_DAYS, offset: int = 0, limit: int | None = None) -> list[read_models.QueueItem]:
        """Expired beliefs, then those expiring within ``horizon_days``, most important first; at the
        default horizon ``counts()["reverify"]`` (expired: what waits for a person) plus
        ``counts()["reverify_soon"]`` is the total, and ``horizon_days=0`` lists the expired only."""
        if limit is not None:
            read_models.check_paging(None, offset, limit)
        return read_models.reverification_queue(self.current_state(target), self.now(), horizon_days, offset, limit)

    def pending_promotions(self, target: str, *, offset: int = 0, limit: int | None = None) -> list[read_models.PromotionItem]:
        """Proposed promotions, highest tier first; ``counts()["pending_promotions"]`` is the total."""
        if limit is not None:
            read_models.check_paging(None, offset, limit)
        return read_models.pending_promotions(self.current_state(target), self.now(), offset, limit)

    def promotion_check(self, target: str, entry_id: str):
        return promotion_check(self.get_entry(target, entry_id).meta, self.now())

    def blocked_entries(self, target: str) -> list[read_models.Entry]:
        """Entries from disk that failed the safety check, in file order: a person keeps, edits or retires them."""
        state = self.current_state(target)
        now = self.now()
        return [read_models.entry_view(state, entry_id, now) for entry_id in state.entries.flagged("blocked")]

    def archived(self, target: str, *, offset: int = 0, limit: int | None = None) -> list[read_models.Entry]:
        """Archived entries, the most recently archived first; ``offset``/``limit`` build one page only."""
        if limit is not None:
            read_models.check_paging(None, offset, limit)
        state = self.current_state(target)
        now = self.now()
        order = read_models.derived(state, "archive_order", None, lambda: sorted(state.archive, key=lambda i: -(state.archive[i].at or 0)))
        window = order[offset : None if limit is None else offset + limit]
        return [read_models.entry_view(state, entry_id, now) for entry_id in window]

    def counts(self, target: str) -> dict[str, Any]:
        """Counts per tier and status and the review work waiting.

        Cached until the target changes (any process) or a minute passes: between writes only slow
        decay moves these numbers, and every dashboard page shows them.
        """
        state = self.current_state(target)
        key = (id(state), state.journal_seq, int(self.now() // COUNTS_MAX_AGE_SECONDS))
        cached = self._counts_cache.get(target)
        if cached is None or cached[0] != key:
            data = read_models.counts(state, self.now(), REVERIFY_HORIZON_DAYS)
            data["usage"] = self._usage(state)
            data["blocked"] = sum(1 for meta in state.entries.values() if meta.blocked)
            data["read_only"] = self._read_only_reason(state)
            cached = self._counts_cache[target] = (key, data)
        return dict(cached[1])

    def _read_only_reason(self, state: TargetState) -> str | None:
        """Why this target's files are shown but cannot be changed (a banner says it), or None."""
        if state.newer_format:
            return state.newer_format
        if state.read_only:
            return f"the memory home {self.home} is read-only: the files are shown as they are; changes cannot be saved"
        if not state.md_writable:
            return f"{state.paths.md.name} {state.md_problem}; it is read-only until fixed by hand"
        return None

    def confidence_series(self, target: str, entry_id: str, *, past_days: float = 90, future_days: float = 180) -> read_models.ConfidenceSeries:
        return read_models.confidence_series(self.get_entry(target, entry_id).meta, self.now(), past_days, future_days)

    def history(self, target: str | None = None, *, entry_id=None, actor=None, action=None, limit: int | None = None) -> list[dict[str, Any]]:
        """Mutations, last written first, optionally filtered; ``target=None`` merges both targets
        by time. Each file is read from its end, so ``limit`` records cost about that many, not the
        file; every record is validated on read, a bad one skipped (see :meth:`history_warnings`)."""
        if limit is not None and (type(limit) is not int or limit < 0):
            raise InvalidInputError("limit must be a whole number ≥ 0")
        targets = [self._target(target)] if target else list(TARGET_FILES)
        streams = [self._history_stream(name) for name in targets]
        records = streams[0] if len(streams) == 1 else heapq.merge(*streams, key=lambda r: -r["at"])
        wanted = {"entry_id": entry_id, "actor": actor, "action": action}
        selected = (r for r in records if all(v is None or r.get(k) == v for k, v in wanted.items()))
        return list(itertools.islice(selected, limit))

    def history_record(self, target: str, history_id: str) -> dict[str, Any]:
        """The one valid record whose id is ``history_id`` or starts with it."""
        target = self._target(target)
        matches = []
        for record in self._history_stream(target):
            if record["id"].startswith(history_id):
                matches.append(record)
                if record["id"] == history_id or len(matches) > 1:
                    break
        if not matches:
            raise NotFoundError(f"no {target} history record with id {echo(history_id)}")
        if len(matches) > 1:
            raise InvalidInputError(f"several {target} history records start with {echo(history_id)}; give more characters")
        return matches[0]

    def undone_ids(self, target: str) -> set[str]:
        """Ids of history records that were undone (so the dashboard offers Undo only once). The file
        is scanned once; later calls read only what was appended since."""
        target = self._target(target)
        path = self._paths[target].history
        stamp = file_stamp(path)
        if stamp is None:
            return set()
        cached = self._undone_cache.get(target)
        if cached is None or cached[0] != stamp[2] or stamp[1] < cached[1]:
            cached = (stamp[2], 0, set())
        inode, offset, undone = cached
        for end, record in history_log.from_offset(path, offset, target, self._history_warner(target), only=history_log.UNDO_LINE):
            offset = end
            if record is not None and record["action"] == "undo" and isinstance((record["detail"] or {}).get("undone"), str):
                undone.add(record["detail"]["undone"])
        self._undone_cache[target] = (inode, offset, undone)
        return set(undone)

    def history_warnings(self, target: str | None = None) -> list[str]:
        """What reading the history skipped or could not use, so far (each problem once)."""
        targets = [self._target(target)] if target else list(TARGET_FILES)
        return [w for name in targets for w in self._history_warned.get(name, {})]

    def _history_stream(self, target: str):
        return history_log.newest_first(self._paths[target].history, target, self._history_warner(target))

    def _history_warner(self, target: str):
        warned = self._history_warned.setdefault(target, {})
        return lambda message: warned.setdefault(message)

    def change_stamp(self) -> str:
        """A short token that changes whenever any process writes to either target's files.

        Only ``stat`` calls (no read, no lock): cheap enough for a dashboard to poll every second
        or two to notice what the agent, the CLI or an editor wrote.
        """
        parts = []
        for target in TARGET_FILES:
            paths = self._paths[target]
            parts.extend(file_stamp(p) for p in (*paths.watched(), paths.history))
        return text_hash(repr(parts))

    # ------------------------------------------------------------ system prompt

    def format_for_system_prompt(self, target: str, mode=None) -> str:
        """The frozen snapshot taken at ``load_from_disk`` (or rendered now in another ``mode``)."""
        target = self._target(target)
        if mode is None and target in self._snapshots:
            frozen = self._snapshots[target]
            if not isinstance(frozen, str):
                frozen = self._snapshots[target] = _render_prompt(*frozen)
            return frozen
        chosen = parse_enum(ContradictionMode, mode, "contradiction_mode") if mode else self.contradiction_mode
        return _render_prompt(*self._prompt_inputs(self.current_state(target), chosen))

    def _prompt_inputs(self, state: TargetState, mode: ContradictionMode) -> tuple:
        """Everything the prompt shows, copied: cheap to take at load (by entry id: no text is
        hashed), rendered when first asked."""
        now = self.now()
        open_edges = [edge for edge in state.doc.contradictions if not edge.resolved]
        marked, hidden = set(), set()
        if mode is ContradictionMode.SURFACE:
            marked = {edge.from_id for edge in open_edges} | {edge.to_id for edge in open_edges}
        else:
            for edge in open_edges:
                if preferred := read_models.preferred_side(state, edge, now):
                    hidden.add(edge.other(preferred))
        blocked = {entry_id: state.entries[entry_id].blocked for entry_id in state.entries.flagged("blocked")}
        return state.target, tuple(state.texts), dict(state.ids_by_text), marked, hidden, self._usage(state), blocked

    def snapshot(self, target: str) -> str:
        return self.format_for_system_prompt(target)

    def authority_weight(self, target: str, entry_id: str) -> float:
        return authority_weight(self.get_entry(target, entry_id).meta, self.now())
