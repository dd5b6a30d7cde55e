"""``MemoryStore``: the action layer over the files of a memory home.

Every mutation runs under the target's cross-process lock on fresh state (reloaded when another
process changed the files), validates everything before it changes anything, and commits in one
ordered write: archive records, the ``.md`` file, one journal line, history. A failure at any point
discards the in-memory state, so the next call rereads what is really on disk.
"""

from __future__ import annotations

import itertools
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from . import hermes_format, views
from .errors import (
    AmbiguousMatchError,
    CharLimitError,
    ConflictError,
    InvalidInputError,
    NotFoundError,
    StaleEntryError,
    StorageError,
)
from .loader import load_target
from .model import (
    BeliefStatus,
    ContradictionEdge,
    ContradictionMode,
    EntryMeta,
    KnowledgeType,
    MaturityLevel,
    SourceKind,
    SOURCE_AUTHORITY,
    apply_promotion,
    authority_weight,
    promotion_check,
    record_hit as hit_signal,
    record_ignore as ignore_signal,
    record_observed_behavior,
    record_surface as surface_signal,
    revalidate,
    synthesize as synthesize_meta,
)
from .paths import resolve_home
from .safety import check_content
from .state import Change, TargetState, summary
from .storage import (
    TARGET_FILES,
    TargetPaths,
    append_records,
    atomic_write,
    dumps_sidecar,
    ensure_home,
    file_stamp,
    fsync_dir,
    locked,
    read_records,
    remove_leftover_temp_files,
    stamps,
    target_lock,
)

ACTORS = ("agent", "person", "maintenance", "cli")
DEFAULT_LIMITS = {"memory": 2200, "user": 1375}
MAX_ENTRY_CHARS = 8000
FAST_CHECK_CANDIDATES = 24
SMALL_STORE_ENTRIES = 200
COMPACT_AFTER_JOURNAL_LINES = 500
REVERIFY_HORIZON_DAYS = 7.0
COUNTS_MAX_AGE_SECONDS = 60


@dataclass
class MutationResult:
    """What a mutation did; ``to_dict()`` is what the agent tool returns."""

    action: str
    target: str
    entry_id: str | None
    message: str
    success: bool = True
    reinforced: bool = False
    contradictions: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "success": self.success,
            "action": self.action,
            "target": self.target,
            "entry_id": self.entry_id,
            "message": self.message,
            "usage": self.usage,
        }
        if self.reinforced:
            data["reinforced"] = True
        if self.contradictions:
            data["contradictions"] = self.contradictions
        data.update(self.extra)
        return data


def _parse_enum(enum_type, value, what: str):
    if isinstance(value, enum_type):
        return value
    try:
        return views.enum_filter(enum_type, value)
    except (KeyError, ValueError, TypeError):
        allowed = ", ".join(str(m.value if not isinstance(m, MaturityLevel) else m.name) for m in enum_type)
        raise InvalidInputError(f"unknown {what} {value!r}; expected one of: {allowed}") from None


@contextmanager
def _storage_errors(home: Path):
    """An operating-system error while reading or writing is a StorageError that names the file."""
    try:
        yield
    except OSError as error:
        raise StorageError(f"cannot access {error.filename or home}: {error.strerror or error}") from error


def _render_prompt(target: str, texts: tuple[str, ...], marked: set[str], hidden: set[str], usage: dict) -> str:
    lines = [f"[contested] {text}" if text in marked else text for text in texts if text not in hidden]
    if not lines:
        return ""
    title = "MEMORY (your personal notes)" if target == "memory" else "USER PROFILE (who the user is)"
    limit = f"{usage['percent']}% — {usage['chars']:,}/{usage['limit']:,} chars" if usage["limit"] else f"{usage['chars']:,} chars"
    return f"{'═' * 46}\n{title} [{limit}]\n{'═' * 46}\n" + hermes_format.ENTRY_DELIMITER.join(lines)


class MemoryStore:
    """Memories of one home: ``MEMORY.md`` (target ``memory``) and ``USER.md`` (target ``user``).

    ``memory_char_limit`` / ``user_char_limit`` are Hermes' parameters (``0`` = unlimited);
    ``clock`` returns epoch seconds and exists so tests and demos can move time.
    """

    def __init__(
        self,
        home: str | Path | None = None,
        *,
        memory_char_limit: int = DEFAULT_LIMITS["memory"],
        user_char_limit: int = DEFAULT_LIMITS["user"],
        detector=None,
        promotion_policy: str = "review",
        contradiction_mode: ContradictionMode | str = ContradictionMode.SURFACE,
        clock: Callable[[], float] = time.time,
    ):
        self.home = resolve_home(home)
        self.limits = {"memory": self._limit(memory_char_limit), "user": self._limit(user_char_limit)}
        self._detector = detector
        if promotion_policy not in ("review", "auto"):
            raise InvalidInputError("promotion_policy must be 'review' or 'auto'")
        self.promotion_policy = promotion_policy
        self.contradiction_mode = _parse_enum(ContradictionMode, contradiction_mode, "contradiction mode")
        self.clock = clock
        self._states: dict[str, TargetState] = {}
        self._snapshots: dict[str, str | tuple] = {}
        self._history_cache: dict[str, tuple] = {}
        self._counts_cache: dict[str, tuple] = {}
        self._thread_locks = {target: threading.RLock() for target in TARGET_FILES}

    @staticmethod
    def _limit(value) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidInputError("character limits must be integers ≥ 0 (0 = unlimited)")
        return value

    @property
    def detector(self):
        if self._detector is None:
            from .detection import RuleDetector

            self._detector = RuleDetector()
        return self._detector

    def now(self) -> float:
        return float(self.clock())

    # ------------------------------------------------------------ loading and freshness

    def load_from_disk(self) -> None:
        """Read both targets and freeze the system-prompt snapshot for this session."""
        for target in TARGET_FILES:
            self._states.pop(target, None)
            state = self._read_state(target)
            self._snapshots[target] = self._prompt_inputs(state, self.contradiction_mode)

    def warnings(self, target: str) -> list[str]:
        return list(self._read_state(self._target(target)).warnings)

    def paths(self, target: str) -> TargetPaths:
        return TargetPaths(self.home, self._target(target))

    def _target(self, target) -> str:
        if target not in TARGET_FILES:
            raise InvalidInputError(f"unknown target {target!r}; expected 'memory' or 'user'")
        return target

    def _read_state(self, target: str) -> TargetState:
        """Current state for reading: cached unless another process changed the files."""
        with self._thread_locks[target]:
            paths = TargetPaths(self.home, target)
            cached = self._states.get(target)
            if cached is not None and cached.stamps == stamps(paths):
                return cached
            if not self.home.is_dir():
                if self.home.exists():
                    raise StorageError(f"memory home {self.home} is not a directory")
                return TargetState(paths)
            with _storage_errors(self.home), self._file_lock(paths):
                return self._fresh_state(target)

    def _fresh_state(self, target: str) -> TargetState:
        """Caller holds the lock: reload if needed and persist what reconciliation found."""
        paths = TargetPaths(self.home, target)
        cached = self._states.get(target)
        if cached is not None and cached.stamps == stamps(paths):
            return cached
        self._states.pop(target, None)
        if paths.home.is_dir():
            remove_leftover_temp_files(paths)
        loaded = load_target(paths, self.now())
        state = loaded.state
        if state.md_writable and (not loaded.reconcile.empty or loaded.quarantined):
            self._commit(state, loaded.reconcile, force_compact=bool(loaded.quarantined))
        self._states[target] = state
        return state

    @contextmanager
    def _file_lock(self, paths: TargetPaths):
        lock = target_lock(paths)
        locked(lock)
        try:
            yield
        finally:
            lock.release()

    # ------------------------------------------------------------ commit

    @contextmanager
    def _mutation(self, target, actor: str):
        """Lock, fresh state, a Change to fill; commit on success, forget the state on failure."""
        target = self._target(target)
        if actor not in ACTORS:
            raise InvalidInputError(f"unknown actor {actor!r}; expected one of {', '.join(ACTORS)}")
        with self._thread_locks[target]:
            paths = TargetPaths(self.home, target)
            ensure_home(self.home)
            with _storage_errors(self.home), self._file_lock(paths):
                try:
                    state = self._fresh_state(target)
                    change = Change(now=self.now(), actor=actor)
                    yield state, change
                    if change.md_dirty and not state.md_writable:
                        raise StorageError(
                            f"{paths.md.name} {state.md_problem}; fix the file "
                            "by hand before writing to it (nothing was changed)"
                        )
                    self._commit(state, change)
                except BaseException:
                    self._states.pop(target, None)
                    raise

    def _commit(self, state: TargetState, change: Change, force_compact: bool = False) -> None:
        paths = state.paths
        if change.empty and not force_compact:
            return
        ensure_home(paths.home)
        append_records(paths.archive, change.archive_records)
        if change.md_dirty:
            atomic_write(paths.md, state.md_bytes(), sync_dir=False)
        batch = {
            "seq": state.journal_seq + 1,
            "at": change.now,
            "put": [m.to_dict() for i, m in change.put.items() if i in state.entries],
            "drop": sorted(change.dropped),
            "edges": [e.to_dict() for e in change.edges.values()],
        }
        state.journal_seq += 1
        small = len(state.entries) <= SMALL_STORE_ENTRIES
        if small or force_compact or state.journal_lines + 1 >= COMPACT_AFTER_JOURNAL_LINES:
            self._write_sidecar(state)  # its folder fsync also makes the .md rename durable
        else:
            append_records(paths.journal, [batch])
            state.journal_lines += 1
            if change.md_dirty:
                fsync_dir(paths.home)
        append_records(paths.history, change.history)
        state.stamps = stamps(paths)

    def _write_sidecar(self, state: TargetState) -> None:
        """Write the whole sidecar (it now includes every journal batch), then empty the journal."""
        document = state.sidecar_document().to_dict()
        document["journal_seq"] = state.journal_seq
        atomic_write(state.paths.sidecar, dumps_sidecar(document))
        if state.journal_lines or state.paths.journal.exists():
            atomic_write(state.paths.journal, b"")
        state.journal_lines = 0

    def compact(self, target: str) -> None:
        """Fold the journal into the sidecar now (maintenance does this too)."""
        with self._mutation(target, "maintenance") as (state, _change):
            self._write_sidecar(state)

    # ------------------------------------------------------------ validation helpers

    def _content(self, content, what: str = "content") -> str:
        if not isinstance(content, str):
            raise InvalidInputError(f"{what} must be a string, not {type(content).__name__}")
        text = hermes_format.normalise_entry(content)
        if not text:
            raise InvalidInputError(f"{what} is empty")
        if len(text) > MAX_ENTRY_CHARS:
            raise InvalidInputError(f"{what} is {len(text):,} characters; one entry may have at most {MAX_ENTRY_CHARS:,}")
        if hermes_format.ENTRY_DELIMITER in f"\n{text}\n":
            raise InvalidInputError(f"{what} contains a line with only '§', which separates entries")
        check_content(text)
        return text

    def _usage(self, state: TargetState) -> dict[str, Any]:
        chars, limit = state.usage(), self.limits[state.target]
        return {"chars": chars, "limit": limit, "percent": round(100 * chars / limit, 1) if limit else None}

    def _check_limit(self, state: TargetState, added: list[str], removed: list[str] = ()) -> None:
        limit = self.limits[state.target]
        if not limit:
            return
        leaving = set(removed)
        usage = hermes_format.usage([t for t in state.texts if t not in leaving] + list(added))
        if usage > limit:
            current = state.usage()
            raise CharLimitError(
                f"{state.target} would be at {usage:,}/{limit:,} chars (now {current:,}); "
                "replace or remove existing entries first",
                usage=current,
                limit=limit,
            )

    def _find_by_substring(self, state: TargetState, old_text) -> EntryMeta:
        if not isinstance(old_text, str) or not old_text.strip():
            raise InvalidInputError("old_text must be a non-empty string")
        needle = old_text.strip()
        matches = [text for text in state.texts if needle in text]
        if not matches:
            raise NotFoundError(f"no {state.target} entry contains {needle!r}")
        if len(matches) > 1:
            previews = [m[:60] + ("…" if len(m) > 60 else "") for m in matches[:5]]
            raise AmbiguousMatchError(
                f"{len(matches)} {state.target} entries contain {needle!r}; be more specific", previews
            )
        return state.entries[state.id_for_text(matches[0])]

    def _active(self, state: TargetState, entry_id, expected_etag=None) -> EntryMeta:
        if not isinstance(entry_id, str) or entry_id not in state.entries:
            if isinstance(entry_id, str) and entry_id in state.archive:
                raise ConflictError(f"entry {entry_id} is archived; restore it first")
            raise NotFoundError(f"no active {state.target} entry with id {entry_id!r}")
        meta = state.entries[entry_id]
        self._check_etag(state, meta, expected_etag)
        return meta

    def _check_etag(self, state: TargetState, meta: EntryMeta, expected_etag) -> None:
        if expected_etag is None:
            return
        current = views.entry_view(state, meta.entry_id, self.now()).etag
        if expected_etag != current:
            raise StaleEntryError(
                f"this entry changed since you loaded it ({meta.text[:50]!r}); review it again"
            )

    def _no_duplicate(self, state: TargetState, text: str, allowed_id: str | None = None) -> None:
        existing = state.id_for_text(text)
        if existing and existing != allowed_id:
            raise ConflictError(f"an active {state.target} entry with exactly this text already exists")

    def _result(self, state, action, entry_id, message, **kwargs) -> MutationResult:
        return MutationResult(action, state.target, entry_id, message, usage=self._usage(state), **kwargs)

    # ------------------------------------------------------------ contradiction detection

    def _detect(self, state: TargetState, change: Change, meta: EntryMeta, limit: int) -> list[ContradictionEdge]:
        """Fast check on the action path: only candidates from the index reach the detector."""
        from .detection import Label

        found = []
        for candidate_id in state.ensure_index().candidates(meta.text, limit=limit, exclude=meta.entry_id):
            other = state.entries.get(candidate_id)
            if other is None or state.edge_between(candidate_id, meta.entry_id):
                continue
            verdict = self.detector.compare(other.text, meta.text)
            if verdict.label is not Label.CONTRADICTION:
                continue
            edge = ContradictionEdge(
                from_id=candidate_id,
                to_id=meta.entry_id,
                reason=verdict.reason,
                confidence=round(float(verdict.score), 3),
                author=f"detector:{getattr(self.detector, 'name', 'custom')}",
                created_at=change.now,
            )
            state.add_edge(change, edge)
            change.log(state.target, "contradiction", meta.entry_id, detail_edge=edge.edge_id, other=candidate_id, reason=edge.reason)
            found.append(edge)
        return found

    def _edge_dicts(self, state, edges) -> list[dict[str, Any]]:
        now = self.now()
        return [views.edge_dict(state, e, now) for e in edges]

    # ------------------------------------------------------------ action layer (agent)

    def add(self, target: str, content, *, source_kind=SourceKind.USER_EXPLICIT, knowledge_type=None, actor: str = "agent") -> MutationResult:
        """Add an entry; re-adding existing text reinforces it; contradictions are flagged, not fatal."""
        text = self._content(content)
        source = _parse_enum(SourceKind, source_kind, "source_kind")
        kind = _parse_enum(KnowledgeType, knowledge_type, "knowledge_type") if knowledge_type else None
        with self._mutation(target, actor) as (state, change):
            existing_id = state.id_for_text(text)
            if existing_id:
                return self._reinforce(state, change, state.entries[existing_id], source)
            self._check_limit(state, [text])
            meta = EntryMeta.new(change.now, source_kind=source, text=text, knowledge_type=kind or KnowledgeType.BELIEF)
            state.insert(change, meta)
            change.log(state.target, "add", meta.entry_id, None, summary(meta))
            edges = self._detect(state, change, meta, FAST_CHECK_CANDIDATES)
            message = "Entry added." if not edges else f"Entry added; it contradicts {len(edges)} existing entr{'y' if len(edges) == 1 else 'ies'} (both kept)."
            return self._result(state, "add", meta.entry_id, message, contradictions=self._edge_dicts(state, edges))

    def _reinforce(self, state, change, meta: EntryMeta, source: SourceKind) -> MutationResult:
        before = summary(meta)
        if source is SourceKind.OBSERVED:
            record_observed_behavior(meta, change.now)
        else:
            hit_signal(meta, change.now)
        change.touch(meta)
        change.log(state.target, "reinforce", meta.entry_id, before, summary(meta), source=source.value)
        return self._result(state, "add", meta.entry_id, "Entry already exists; reinforced it.", reinforced=True)

    def replace(self, target: str, old_text, new_content, *, source_kind=None, actor: str = "agent") -> MutationResult:
        text = self._content(new_content)
        source = _parse_enum(SourceKind, source_kind, "source_kind") if source_kind else None
        with self._mutation(target, actor) as (state, change):
            meta = self._find_by_substring(state, old_text)
            if text == meta.text:
                return self._result(state, "replace", meta.entry_id, "Entry already has this text; nothing changed.")
            self._no_duplicate(state, text, meta.entry_id)
            self._check_limit(state, [text], [meta.text])
            edges = self._change_text(state, change, meta, text, "replace", source)
            return self._result(state, "replace", meta.entry_id, "Entry replaced.", contradictions=self._edge_dicts(state, edges))

    def _change_text(self, state, change, meta: EntryMeta, text: str, action: str, source=None) -> list:
        before = summary(meta)
        if meta.original_text is None:
            meta.original_text = meta.text
        state.set_text(change, meta, text)
        meta.updated_at = change.now
        if source is not None:
            meta.source_kind = source
            meta.authority = max(meta.authority, SOURCE_AUTHORITY[source])
        change.log(state.target, action, meta.entry_id, before, summary(meta))
        return self._detect(state, change, meta, FAST_CHECK_CANDIDATES)

    def remove(self, target: str, old_text, *, actor: str = "agent") -> MutationResult:
        with self._mutation(target, actor) as (state, change):
            meta = self._find_by_substring(state, old_text)
            self._archive(state, change, meta, f"removed by {actor}", "remove")
            return self._result(state, "remove", meta.entry_id, "Entry removed (kept in the archive).")

    def _archive(self, state, change, meta: EntryMeta, reason: str, action: str) -> None:
        before = summary(meta)
        state.to_archive(change, meta, reason)
        change.log(state.target, action, meta.entry_id, before, None, reason=reason)

    # ------------------------------------------------------------ person edits

    def edit_text(self, target: str, entry_id, new_text, *, expected_etag=None, actor: str = "person") -> MutationResult:
        text = self._content(new_text, "text")
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if text == meta.text:
                return self._result(state, "edit", meta.entry_id, "Text unchanged.")
            self._no_duplicate(state, text, meta.entry_id)
            self._check_limit(state, [text], [meta.text])
            edges = self._change_text(state, change, meta, text, "edit")
            return self._result(state, "edit", meta.entry_id, "Entry edited.", contradictions=self._edge_dicts(state, edges))

    def archive_entry(self, target: str, entry_id, *, expected_etag=None, reason: str = "archived by a person", actor: str = "person") -> MutationResult:
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            self._archive(state, change, meta, reason, "archive")
            return self._result(state, "archive", meta.entry_id, "Entry archived.")

    def restore(self, target: str, entry_id, *, actor: str = "person") -> MutationResult:
        with self._mutation(target, actor) as (state, change):
            archived = state.archive.get(entry_id) if isinstance(entry_id, str) else None
            if archived is None:
                raise NotFoundError(f"no archived {state.target} entry with id {entry_id!r}")
            text = archived.meta.text
            self._no_duplicate(state, text)
            self._check_limit(state, [text])
            meta = state.from_archive(change, entry_id)
            if meta.status in (BeliefStatus.SUPERSEDED, BeliefStatus.SYNTHESIZED, BeliefStatus.CONTRADICTED):
                meta.status = BeliefStatus.ACTIVE
            meta.superseded_by = None
            meta.updated_at = change.now
            state.insert(change, meta)
            state.reopen_archived_edges(change, meta.entry_id)
            change.log(state.target, "restore", meta.entry_id, None, summary(meta))
            return self._result(state, "restore", meta.entry_id, "Entry restored.")

    # ------------------------------------------------------------ signals

    def _signal(self, target, entry_id, actor, action, apply) -> MutationResult:
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id)
            before = summary(meta)
            apply(meta, change.now)
            change.touch(meta)
            change.log(state.target, action, meta.entry_id, before, summary(meta))
            return self._result(state, action, meta.entry_id, f"Recorded {action.replace('_', ' ')}.")

    def record_hit(self, target: str, entry_id, *, actor: str = "agent") -> MutationResult:
        return self._signal(target, entry_id, actor, "hit", hit_signal)

    def record_observed(self, target: str, entry_id, *, actor: str = "agent") -> MutationResult:
        return self._signal(target, entry_id, actor, "observed", record_observed_behavior)

    def record_surface(self, target: str, entry_id, *, actor: str = "agent") -> MutationResult:
        return self._signal(target, entry_id, actor, "surface", lambda meta, now: surface_signal(meta))

    def record_ignore(self, target: str, entry_id, reason: str = "agent_skipped", *, actor: str = "agent") -> MutationResult:
        if not isinstance(reason, str) or not reason or len(reason) > 64:
            raise InvalidInputError("ignore reason must be a short non-empty string")
        return self._signal(target, entry_id, actor, "ignore", lambda meta, now: ignore_signal(meta, now, reason))

    # ------------------------------------------------------------ contradictions

    def get_contradictions(self, target: str, *, include_resolved: bool = False, mode=None) -> list[dict[str, Any]]:
        """Unresolved edges (both sides). ``mode="filter"`` keeps only edges and names the side shown."""
        state = self._read_state(self._target(target))
        edges = views.contradictions(state, self.now(), include_resolved)
        if mode is not None:
            chosen = _parse_enum(ContradictionMode, mode, "contradiction_mode")
            for edge in edges:
                edge["shown"] = [edge["preferred_id"]] if chosen is ContradictionMode.FILTER else [edge["from_id"], edge["to_id"]]
        return edges

    def _edge(self, state: TargetState, edge_id) -> ContradictionEdge:
        edge = state.edge(edge_id) if isinstance(edge_id, str) else None
        if edge is None:
            raise NotFoundError(f"no {state.target} contradiction with id {edge_id!r}")
        return edge

    def synthesize(self, target: str, entry_ids, text, *, knowledge_type=None, expected_etags: dict | None = None, actor: str = "person") -> MutationResult:
        """Resolve contradicting entries with a person's synthesis; the parents go to the archive."""
        content = self._content(text, "synthesis text")
        kind = _parse_enum(KnowledgeType, knowledge_type, "knowledge_type") if knowledge_type else None
        if not isinstance(entry_ids, (list, tuple)) or len(set(entry_ids)) < 2:
            raise InvalidInputError("a synthesis needs at least two different entries")
        with self._mutation(target, actor) as (state, change):
            parents = [self._active(state, i, (expected_etags or {}).get(i)) for i in dict.fromkeys(entry_ids)]
            parent_ids = {p.entry_id for p in parents}
            self._no_duplicate(state, content)
            self._check_limit(state, [content], [p.text for p in parents])
            befores = {p.entry_id: summary(p) for p in parents}
            position = min(state.texts.index(p.text) for p in parents)
            edges = [e for p in parents for e in state.unresolved_edges_of(p.entry_id) if e.pair() <= parent_ids]
            synthesis = synthesize_meta(parents, content, change.now, kind, edges=[])
            for edge in {e.edge_id: e for e in edges}.values():
                state.resolve(change, edge, "synthesis", synthesis.entry_id)
            for parent in parents:
                state.to_archive(change, parent, f"synthesized into {synthesis.entry_id}")
                change.log(state.target, "synthesized", parent.entry_id, befores[parent.entry_id], None, synthesis=synthesis.entry_id)
            state.insert(change, synthesis, position)
            change.log(state.target, "synthesize", synthesis.entry_id, None, summary(synthesis), parents=sorted(parent_ids))
            found = self._detect(state, change, synthesis, FAST_CHECK_CANDIDATES)
            return self._result(
                state, "synthesize", synthesis.entry_id, f"Synthesis written; {len(parents)} entries resolved.",
                contradictions=self._edge_dicts(state, found),
            )

    def dismiss_contradiction(self, target: str, edge_id, *, actor: str = "person") -> MutationResult:
        """A false alarm: the edge is resolved as dismissed and the pair is never flagged again."""
        with self._mutation(target, actor) as (state, change):
            edge = self._edge(state, edge_id)
            if edge.resolved:
                raise ConflictError("this contradiction is already resolved")
            state.resolve(change, edge, "dismissed", None)
            change.log(state.target, "dismiss", edge.to_id, detail_edge=edge.edge_id, other=edge.from_id)
            return self._result(state, "dismiss", None, "Marked as not a contradiction.", extra={"edge_id": edge.edge_id})

    def supersede(self, target: str, keep_id, drop_id, *, expected_etags: dict | None = None, actor: str = "person") -> MutationResult:
        """Keep one side; the other becomes SUPERSEDED and goes to the archive."""
        with self._mutation(target, actor) as (state, change):
            if keep_id == drop_id:
                raise InvalidInputError("an entry cannot supersede itself")
            etags = expected_etags or {}
            keep, drop = self._active(state, keep_id, etags.get(keep_id)), self._active(state, drop_id, etags.get(drop_id))
            before = summary(drop)
            for edge in state.unresolved_edges_of(drop.entry_id):
                if edge.touches(keep.entry_id):
                    state.resolve(change, edge, "superseded", keep.entry_id)
            drop.status = BeliefStatus.SUPERSEDED
            drop.superseded_by = keep.entry_id
            drop.updated_at = change.now
            state.to_archive(change, drop, f"superseded by {keep.entry_id}")
            change.log(state.target, "supersede", drop.entry_id, before, None, kept=keep.entry_id)
            return self._result(state, "supersede", keep.entry_id, "Kept one side; the other is archived as superseded.")

    def mark_contradiction(self, target: str, from_id, to_id, *, reason: str = "", actor: str = "person") -> MutationResult:
        if not isinstance(reason, str) or len(reason) > 500:
            raise InvalidInputError("reason must be a string of at most 500 characters")
        with self._mutation(target, actor) as (state, change):
            if from_id == to_id:
                raise InvalidInputError("an entry cannot contradict itself")
            a, b = self._active(state, from_id), self._active(state, to_id)
            if any(not e.resolved for e in state.edges_of(a.entry_id) if e.touches(b.entry_id)):
                raise ConflictError("these entries are already marked as contradicting")
            edge = ContradictionEdge(
                from_id=a.entry_id, to_id=b.entry_id, reason=reason.strip() or "marked by a person",
                confidence=1.0, author=actor, created_at=change.now,
            )
            state.add_edge(change, edge)
            change.log(state.target, "contradiction", b.entry_id, detail_edge=edge.edge_id, other=a.entry_id, reason=edge.reason)
            return self._result(state, "mark_contradiction", None, "Linked as contradicting.", contradictions=self._edge_dicts(state, [edge]))

    # ------------------------------------------------------------ promotions

    def approve_promotion(self, target: str, entry_id, *, principle_text=None, expected_etag=None, actor: str = "person") -> MutationResult:
        compressed = self._content(principle_text, "principle text") if principle_text not in (None, "") else None
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if meta.pending_promotion is None:
                raise ConflictError("this entry has no pending promotion")
            before = summary(meta)
            if compressed and compressed != meta.text:
                self._no_duplicate(state, compressed, meta.entry_id)
                self._check_limit(state, [compressed], [meta.text])
                original = meta.original_text if meta.original_text is not None else meta.text
                state.set_text(change, meta, compressed)
                meta.original_text = original
                meta.principle_text = compressed
            apply_promotion(meta, MaturityLevel(meta.pending_promotion), change.now)
            change.touch(meta)
            change.log(state.target, "promote", meta.entry_id, before, summary(meta))
            return self._result(state, "promote", meta.entry_id, f"Promoted to {meta.maturity.name}.")

    def reject_promotion(self, target: str, entry_id, *, expected_etag=None, actor: str = "person") -> MutationResult:
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if meta.pending_promotion is None:
                raise ConflictError("this entry has no pending promotion")
            proposed = MaturityLevel(meta.pending_promotion).name
            meta.pending_promotion = None
            meta.rejected_promotion_hits = meta.hit_count + meta.observed_behavior_count
            change.touch(meta)
            change.log(state.target, "reject_promotion", meta.entry_id, detail_to=proposed)
            return self._result(state, "reject_promotion", meta.entry_id, f"Promotion to {proposed} rejected.")

    # ------------------------------------------------------------ re-verification

    def confirm(self, target: str, entry_id, *, expected_etag=None, actor: str = "person") -> MutationResult:
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            before = summary(meta)
            revalidate(meta, change.now)
            change.touch(meta)
            change.log(state.target, "confirm", meta.entry_id, before, summary(meta))
            state.settle_status(change, meta.entry_id)
            return self._result(state, "confirm", meta.entry_id, "Confirmed: still true.")

    def revise(self, target: str, entry_id, new_text, *, expected_etag=None, actor: str = "person") -> MutationResult:
        """The belief changed: new text from the person, counted as a user correction."""
        text = self._content(new_text, "revised text")
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if text != meta.text:
                self._no_duplicate(state, text, meta.entry_id)
                self._check_limit(state, [text], [meta.text])
            revalidate(meta, change.now)
            edges = []
            if text != meta.text:
                edges = self._change_text(state, change, meta, text, "revise", SourceKind.USER_CORRECTION)
            else:
                meta.source_kind = SourceKind.USER_CORRECTION
                meta.authority = max(meta.authority, SOURCE_AUTHORITY[SourceKind.USER_CORRECTION])
                change.touch(meta)
                change.log(state.target, "revise", meta.entry_id)
            return self._result(state, "revise", meta.entry_id, "Revised.", contradictions=self._edge_dicts(state, edges))

    def retire(self, target: str, entry_id, *, expected_etag=None, actor: str = "person") -> MutationResult:
        with self._mutation(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            self._archive(state, change, meta, "retired: no longer true", "retire")
            return self._result(state, "retire", meta.entry_id, "Retired (kept in the archive).")

    # ------------------------------------------------------------ reflection layer

    def run_maintenance(self, target: str, *, policy: str | None = None, actor: str = "maintenance") -> dict[str, Any]:
        """Decay, promotions, ignore-ratio supersede, demotion, deeper contradiction checks."""
        from .maintenance import maintain

        chosen = policy or self.promotion_policy
        if chosen not in ("review", "auto"):
            raise InvalidInputError("policy must be 'review' or 'auto'")
        with self._mutation(target, actor) as (state, change):
            report = maintain(state, change, chosen, self._detect)
            report["changed"] = not change.empty
            return report

    # ------------------------------------------------------------ reads

    def get_entry(self, target: str, entry_id) -> views.Entry:
        state = self._read_state(self._target(target))
        entry = views.entry_view(state, entry_id, self.now()) if isinstance(entry_id, str) else None
        if entry is None:
            raise NotFoundError(f"no {target} entry with id {entry_id!r}")
        return entry

    def get_entry_meta(self, target: str, text_or_id: str) -> EntryMeta | None:
        state = self._read_state(self._target(target))
        if text_or_id in state.entries:
            return state.entries[text_or_id]
        entry_id = state.id_for_text(hermes_format.normalise_entry(text_or_id))
        return state.entries.get(entry_id) if entry_id else None

    def entries(self, target: str) -> list[views.Entry]:
        return views.active_entries(self._read_state(self._target(target)), self.now())

    def query_entries(self, target: str, *, maturity=None, status=None, source_kind=None, knowledge_type=None, search=None, offset: int = 0, limit: int = 50) -> views.Page:
        """One page of active entries in file order that pass the filters."""
        filters = self._filters(maturity=maturity, status=status, source_kind=source_kind, knowledge_type=knowledge_type)
        self._check_paging(search, offset, limit)
        state = self._read_state(self._target(target))
        return views.query(state, self.now(), filters, search or None, offset, limit)

    def query_by_tier(self, target: str, *, status=None, source_kind=None, knowledge_type=None, search=None, limit: int = 20) -> dict[MaturityLevel, views.Page]:
        """The first page of each maturity tier, from one pass (the dashboard's four columns)."""
        filters = self._filters(status=status, source_kind=source_kind, knowledge_type=knowledge_type)
        self._check_paging(search, 0, limit)
        state = self._read_state(self._target(target))
        return views.query_by_tier(state, self.now(), filters, search or None, limit)

    @staticmethod
    def _filters(maturity=None, status=None, source_kind=None, knowledge_type=None) -> dict[str, Any]:
        return {
            "maturity": _parse_enum(MaturityLevel, maturity, "maturity") if maturity not in (None, "") else None,
            "status": _parse_enum(BeliefStatus, status, "status") if status else None,
            "source_kind": _parse_enum(SourceKind, source_kind, "source_kind") if source_kind else None,
            "knowledge_type": _parse_enum(KnowledgeType, knowledge_type, "knowledge_type") if knowledge_type else None,
        }

    @staticmethod
    def _check_paging(search, offset, limit) -> None:
        if not isinstance(offset, int) or not isinstance(limit, int) or offset < 0 or not 0 < limit <= 1000:
            raise InvalidInputError("offset must be ≥ 0 and limit between 1 and 1000")
        if search is not None and not isinstance(search, str):
            raise InvalidInputError("search must be a string")

    def contradiction_graph(self, target: str, *, max_resolved: int = 200) -> dict[str, Any]:
        return views.graph(self._read_state(self._target(target)), self.now(), max_resolved)

    def reverification_queue(self, target: str, *, horizon_days: float = REVERIFY_HORIZON_DAYS, offset: int = 0, limit: int | None = None) -> list[views.QueueItem]:
        """Expired and soon-expiring beliefs, most important first; ``counts()["reverify"]`` is the total."""
        if limit is not None:
            self._check_paging(None, offset, limit)
        return views.reverification_queue(self._read_state(self._target(target)), self.now(), horizon_days, offset, limit)

    def pending_promotions(self, target: str, *, offset: int = 0, limit: int | None = None) -> list[views.PromotionItem]:
        """Proposed promotions, highest tier first; ``counts()["pending_promotions"]`` is the total."""
        if limit is not None:
            self._check_paging(None, offset, limit)
        return views.pending_promotions(self._read_state(self._target(target)), self.now(), offset, limit)

    def promotion_check(self, target: str, entry_id: str):
        return promotion_check(self.get_entry(target, entry_id).meta, self.now())

    def archived(self, target: str) -> list[views.Entry]:
        state = self._read_state(self._target(target))
        now = self.now()
        items = [views.entry_view(state, entry_id, now) for entry_id in state.archive]
        return sorted(items, key=lambda e: -(e.archived_at or 0))

    def counts(self, target: str) -> dict[str, Any]:
        """Counts per tier and status and the review work waiting.

        Cached until the target changes (any process) or a minute passes: between writes only slow
        decay moves these numbers, and every dashboard page shows them.
        """
        state = self._read_state(self._target(target))
        key = (id(state), state.journal_seq, int(self.now() // COUNTS_MAX_AGE_SECONDS))
        cached = self._counts_cache.get(target)
        if cached is None or cached[0] != key:
            data = views.counts(state, self.now(), REVERIFY_HORIZON_DAYS)
            data["usage"] = self._usage(state)
            cached = self._counts_cache[target] = (key, data)
        return dict(cached[1])

    def confidence_series(self, target: str, entry_id: str, *, past_days: float = 90, future_days: float = 180) -> views.ConfidenceSeries:
        return views.confidence_series(self.get_entry(target, entry_id).meta, self.now(), past_days, future_days)

    def history(self, target: str | None = None, *, entry_id=None, actor=None, action=None, limit: int | None = None) -> list[dict[str, Any]]:
        """Mutations newest first, optionally filtered; ``target=None`` merges both targets."""
        targets = [self._target(target)] if target else list(TARGET_FILES)
        records = [record for name in targets for record in self._history_records(name)]
        if len(targets) > 1:
            records.sort(key=lambda r: r.get("at", 0), reverse=True)
        wanted = {"entry_id": entry_id, "actor": actor, "action": action}
        selected = (r for r in records if all(v is None or r.get(k) == v for k, v in wanted.items()))
        return list(itertools.islice(selected, limit)) if limit is not None else list(selected)

    def _history_records(self, target: str) -> list[dict[str, Any]]:
        """The target's history newest first, parsed again only when the log file changed."""
        path = TargetPaths(self.home, target).history
        stamp = file_stamp(path)
        cached = self._history_cache.get(target)
        if cached is None or cached[0] != stamp:
            records, _warnings = read_records(path)
            ordered = sorted(enumerate(records), key=lambda pair: (pair[1].get("at", 0), pair[0]), reverse=True)
            cached = self._history_cache[target] = (stamp, [record for _position, record in ordered])
        return cached[1]

    # ------------------------------------------------------------ system prompt

    def format_for_system_prompt(self, target: str, mode=None) -> str:
        """The frozen snapshot taken at ``load_from_disk`` (or rendered now in another ``mode``)."""
        target = self._target(target)
        if mode is None and target in self._snapshots:
            frozen = self._snapshots[target]
            if not isinstance(frozen, str):
                frozen = self._snapshots[target] = _render_prompt(*frozen)
            return frozen
        chosen = _parse_enum(ContradictionMode, mode, "contradiction_mode") if mode else self.contradiction_mode
        return _render_prompt(*self._prompt_inputs(self._read_state(target), chosen))

    def _prompt_inputs(self, state: TargetState, mode: ContradictionMode) -> tuple:
        """Everything the prompt shows, copied: cheap to take at load, rendered when first asked."""
        now = self.now()
        marked, hidden = set(), set()
        for edge in state.doc.contradictions:
            if edge.resolved:
                continue
            if mode is ContradictionMode.SURFACE:
                marked.update(state.entries[i].text for i in (edge.from_id, edge.to_id) if i in state.entries)
            elif (preferred := views.preferred_side(state, edge, now)) and edge.other(preferred) in state.entries:
                hidden.add(state.entries[edge.other(preferred)].text)
        return state.target, tuple(state.texts), marked, hidden, self._usage(state)

    def snapshot(self, target: str) -> str:
        return self.format_for_system_prompt(target)

    def authority_weight(self, target: str, entry_id: str) -> float:
        return authority_weight(self.get_entry(target, entry_id).meta, self.now())
