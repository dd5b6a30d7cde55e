"""``MemoryStore``: the action layer over the files of a memory home.

Every mutation runs under the target's cross-process lock on fresh state (reloaded when another
process changed the files), validates everything before it changes anything, and commits in one
ordered write: archive records, the ``.md`` file, one journal line, history. A failure at any point
discards the in-memory state, so the next call rereads what is really on disk.
"""

from __future__ import annotations

import errno
import os
import threading
import time
import warnings
import weakref
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

import orjson

from ..storage import hermes_format
from . import read_models
from ..storage import files
from ..storage import spare as spare_files
from ..core.errors import (
    AmbiguousMatchError,
    CharLimitError,
    ConflictError,
    DialecticalMemoryError,
    InvalidInputError,
    NotFoundError,
    StaleEntryError,
    StorageError,
    echo,
)
from .screening import MAX_ENTRY_CHARS, admit_entry, admit_reason, blocked_mark, clean_reason, quoted, screen_entries
from ..storage.hermes_config import hermes_limits
from ..core.gc_pause import collector_paused
from ..core.validation import parse_enum
from .loader import RECONCILE_ACTOR, arrived, knowledge_type_of, load_target, merge_foreign, refresh
from ..core.beliefs import (
    SOURCE_AUTHORITY,
    ContradictionEdge,
    ContradictionMode,
    EntryMeta,
    KnowledgeType,
    SourceKind,
    clean_provenance,
    record_observed_behavior,
    record_restatement,
)
from ..core.beliefs import record_hit as hit_signal
from ..core.beliefs import record_ignore as ignore_signal
from ..core.beliefs import record_surface as surface_signal
from ..storage.paths import resolve_home
from ..core.results import MutationResult
from .state import Change, TargetState, summary
from ..storage.files import (
    TARGET_FILES,
    CommitPlan,
    FlockLock,
    TargetPaths,
    dumps_sidecar,
    ensure_home,
    history_tail,
    json_lines,
    leftover_temp_files,
    md_identity,
    metadata_stamps,
    read_md_stable,
    remove_leftover_temp_files,
    restamped,
    write_target,
)
from .drafts import DraftReview
from .operations import checked_operations, numbered
from .pattern_review import PatternReview
from .reads import StoreReads
from .review import ReviewActions
from .staged import StagedWrites

if TYPE_CHECKING:
    from ..storage.hermes_pending import Origin, OriginLedger

ACTORS = ("agent", "person", "maintenance", "cli", "sync")
DEFAULT_LIMITS = {"memory": 2200, "user": 1375}
FAST_CHECK_CANDIDATES = 24
NEIGHBOURS_SHOWN = 5  # nearest entries an add compared and did not flag, shown to the agent to judge
NAMED_ENTRY_CHARS = 120  # an entry named in a result message: its words, this long at most
RECENT_NEIGHBOURS = 32  # entries whose neighbours a store remembers for the agent
SMALL_STORE_ENTRIES = 200
PREPARE_ADDS_FROM = 50_000  # a load of a target this large prepares the first add itself (load_from_disk)
COMPACT_AFTER_JOURNAL_LINES = 500
# … or once the journal holds more than an eighth of the sidecar's bytes (and at least this many):
# a load replays it entry by entry, several times slower a byte than it reads the sidecar
COMPACT_AFTER_JOURNAL_SHARE = 8
COMPACT_JOURNAL_MIN_BYTES = 256 * 1024
TAIL_RECORDS = 1_000  # history records a rewritten sidecar carries at most (see _commit)
RECONCILE_CHECK_BUDGET = 32  # entries arriving from disk checked per load; maintenance checks the rest
MAX_FOREIGN_MERGES = 8
LOCK_REFRESH_ATTEMPTS = 5  # the first without a look before the locks: four refreshes, as ever
UNLOCKED_LOAD_ATTEMPTS = 3  # a load that raced a writer is retried without a lock first
MTIME_TICK_NS = 200_000_000  # far beyond any file-system timestamp granularity
EXPECTED_ORIGINS = 256


def _clean_data(data) -> dict[str, Any]:
    """What a verdict found, as data: its strings pass the gate like its reason (a judge's words
    are a host model's output, not trusted text)."""
    if not isinstance(data, dict):
        return {}
    return {str(k)[:64]: clean_reason(v) if isinstance(v, str) else v for k, v in list(data.items())[:32]}


def _read_only_fs(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


class Displaced(NamedTuple):
    """The ``.md`` a commit's exchange displaced, kept at its temp name until the commit ends."""

    path: Path
    read: bytes | None  # what it holds, as read or as known (None: the state's disk_md, not copied out)
    ident: tuple | None  # the identity that proves it still holds ``read`` (files.backdate), if any
    mode: int | None
    tail: bytes | None = None  # appended to it, it holds what was written: the change only appended (kept as a spare)

    def unchanged(self) -> bool:
        """Does its identity still prove it holds ``read`` (nothing saved into it since)?"""
        try:
            return self.ident is not None and self.mode is not None and md_identity(os.stat(self.path)) == self.ident
        except FileNotFoundError:
            return False


def _journal_outgrew(state: TargetState) -> bool:
    """Whether the journal holds more than :data:`COMPACT_AFTER_JOURNAL_SHARE` of the sidecar's bytes
    (as last stamped under the lock): a first maintenance of 10,000 entries left 3.3 MB in 11 lines,
    and every later load replaying them took 127–237 ms instead of 71–82."""
    sidecar, journal = (state.meta_stamps + (None, None))[:2]
    if journal is None:
        return False
    return journal[1] > max(COMPACT_JOURNAL_MIN_BYTES, (sidecar[1] if sidecar else 0) // COMPACT_AFTER_JOURNAL_SHARE)


def _journal_may_exist(state: TargetState) -> bool:
    """Whether a compaction must empty the journal. The stamps the state was confirmed by under
    the locks tell it without a ``stat`` (only stores write the journal, and under them)."""
    known = state.meta_stamps
    if len(known) == len(state.paths.store_written):
        return known[1] is not None
    return state.paths.journal.exists()


@contextmanager
def _storage_errors(home: Path):
    """An operating-system error while reading or writing is a StorageError that names the file."""
    try:
        yield
    except OSError as error:
        raise StorageError(f"cannot access {error.filename or home}: {error.strerror or error}") from error


class MemoryStore(ReviewActions, PatternReview, DraftReview, StagedWrites, StoreReads):
    """Memories of one home: ``MEMORY.md`` (target ``memory``) and ``USER.md`` (target ``user``).

    ``memory_char_limit`` / ``user_char_limit`` are Hermes' parameters (``0`` = unlimited). In a
    Hermes home (``$HERMES_HOME/memories``, ``~/.hermes/memories``) the limits of Hermes'
    ``config.yaml`` cap them: passing ``0`` or more than Hermes allows gives Hermes' limit, so the
    file never grows past what the Hermes agent accepts. ``clock`` returns epoch seconds and exists so tests and demos can move time.
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
        judge=None,
        drafter=None,
    ):
        self.home = resolve_home(home)
        self._paths = {target: TargetPaths(self.home, target) for target in TARGET_FILES}
        self.judge = judge  # detection.judge.Judge, consulted by maintenance only
        self.drafter = drafter  # the model that drafts (detection.drafts); None: the judge; False: none
        self.hermes = hermes_limits(self.home)
        self.limits = {"memory": self._limit(memory_char_limit), "user": self._limit(user_char_limit)}
        if self.hermes is not None:
            for target, cap in self.hermes.limits.items():
                self.limits[target] = min(self.limits[target], cap) if self.limits[target] else cap
        self._detector = detector
        if promotion_policy not in ("review", "auto"):
            raise InvalidInputError("promotion_policy must be 'review' or 'auto'")
        self.promotion_policy = promotion_policy
        self.contradiction_mode = parse_enum(ContradictionMode, contradiction_mode, "contradiction mode")
        self.clock = clock
        self._states: dict[str, TargetState] = {}
        self._snapshots: dict[str, str | tuple] = {}
        self._undone_cache: dict[str, tuple] = {}  # target -> (inode, offset read to, undone ids)
        self._history_warned: dict[str, dict[str, None]] = {}  # target -> what reading its history skipped
        self._counts_cache: dict[str, tuple] = {}
        self._thread_locks = {target: threading.RLock() for target in TARGET_FILES}
        self._held: set[str] = set()  # targets whose lock file :meth:`exclusive` holds
        self._spare_index: dict[str, Any] = {}  # the index of a state dropped for a reload
        self._keeps_spares = False  # a long-lived store keeps a spare copy of a large .md (storage/spare.py)
        self._spares: dict[str, spare_files.Spare] = {}
        self._spares_finalizer = None
        self._spare_owner = spare_files.new_owner()
        self.max_lock_hold_seconds = 0.0  # longest this store held a target's locks (a measurement)
        self._origin_ledger: OriginLedger | None = None  # texts Hermes staged, by who staged them
        self._expected: dict[str, dict[str, Origin]] = {target: {} for target in TARGET_FILES}

    @staticmethod
    def _limit(value) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidInputError("character limits must be integers ≥ 0 (0 = unlimited)")
        return value

    @property
    def detector(self):
        if self._detector is None:
            from ..detection import RuleDetector

            self._detector = RuleDetector()
        return self._detector

    @property
    def detector_made(self):
        """The detector if one was given or made already, else None (asking makes none: the rule
        detector's import is a fifth of a second a search need not pay to learn it has no vectors)."""
        return self._detector

    def detector_in(self, state: TargetState):
        """The detector for the entries of ``state``: bound to the holders they name (a machine, a
        project, a relative: see detection/holders.py) when the detector takes them (``in_home``)."""
        bind = getattr(self.detector, "in_home", None)
        return bind(state.ensure_index().holders()) if bind is not None else self.detector

    def now(self) -> float:
        return float(self.clock())

    # ------------------------------------------------------------ loading and freshness

    def load_from_disk(self, *, prepare_adds: bool | None = None) -> None:
        """Read both targets and freeze the system-prompt snapshot for this session.

        ``prepare_adds``: also prepare, in this call, what the first add needs (the detector, for
        each target the bytes of its ``.md`` and its candidate index: what :meth:`warm_up` does on
        a thread), so that the first add costs what every add does. By default only when a target
        holds :data:`PREPARE_ADDS_FROM` entries or more: its load takes long enough (~0.6 s at
        100,000 entries) that this (~0.1 s once per process, then ~20 ms) is a small part of it,
        where below that it would be most of the load. A caller that never adds, or warms up on a
        thread after the load (:meth:`warm_up`), passes False."""
        for target in TARGET_FILES:
            self._states.pop(target, None)
            state = self._read_state(target)
            self._snapshots[target] = self._prompt_inputs(state, self.contradiction_mode)
        large = any(len(state.entries) >= PREPARE_ADDS_FROM for state in self._states.values())
        if prepare_adds or (prepare_adds is None and large):
            self._prepare_adds()

    def _prepare_adds(self) -> None:
        from .warm_up import prepare_once  # on demand: a small home's load never prepares

        self._keeps_spares = True
        try:
            # without full collections over the ~10^6 objects just loaded, which find nothing to free
            with collector_paused():
                prepare_once()
                self._prepare_targets()
        except Exception:  # an optimisation only: whatever it did not prepare, the add prepares itself
            pass

    def warm_up(self) -> None:
        """For a long-lived process, after :meth:`load_from_disk`: prepare on a background thread
        what its first add needs (:mod:`.warm_up`): the detector, then for each target loaded the
        bytes of its ``.md`` unless the load kept the file's own (a commit extends them instead of
        writing out every entry again: ~15 ms at 100,000 entries) and its candidate index when the index file is on disk (opening it checks
        every entry against it; a home never indexed is left to its first add, which builds what it
        needs under the lock); last, its words index for search (:func:`.search.read_words_ahead`)."""
        from .warm_up import start  # on demand: a one-shot command never warms up

        self._keeps_spares = True
        start(self._warm_targets)

    def close(self) -> None:
        """Remove what this store keeps on disk only for its own adds: the spare copies of large
        ``.md`` files (storage/spare.py). A long-lived process calls it when it stops; ``dmem``
        leaves with ``os._exit``, which runs no exit handler. The store stays usable: its next add
        writes the whole file, and keeps a copy again."""
        for target in list(self._spares):
            with self._thread_locks[target]:  # not while an add of this store completes it
                spare = self._spares.pop(target, None)
                if spare is not None:
                    spare_files.release(spare)

    def _warm_targets(self) -> None:
        """The warm-up's part of this store: on the state as loaded, never reloading it. A file that
        moved meanwhile is left to the next call, which reconciles it with the origins it is told
        (Hermes writes first and says who wrote after: reconciled by the warm-up in between, its
        entry read as a person's hand edit, without the agent's provenance)."""
        from .search import read_words_ahead

        loaded = self._prepare_targets()
        for target in loaded:  # then what a first search needs, with no lock held: an add goes on
            state = self._loaded_unchanged(target)
            if state is not None:
                with collector_paused():  # ~10^5 containers that stay alive, as a load builds them
                    read_words_ahead(self, target, state)

    def _prepare_targets(self) -> list[str]:
        """What the first add to each loaded target needs, under its thread lock, on the state as
        loaded: the bytes of its ``.md``, and its candidate index when the index file is on disk.
        Returns the targets loaded."""
        from ..detection.index_file import index_path

        loaded = [(target, paths) for target, paths in self._paths.items() if target in self._states]
        for target, paths in loaded:
            with self._thread_locks[target]:
                state = self._loaded_unchanged(target)
                if state is not None:
                    self._ensure_spare(state)  # from the bytes as read, before they become the buffer appends extend
                    state.prepare_appends()
                    if index_path(self.home, paths.stem).exists():
                        state.ensure_index()
        return [target for target, _paths in loaded]

    def _keeps_spare_of(self, state: TargetState) -> bool:
        return self._keeps_spares and len(state.entries) > SMALL_STORE_ENTRIES

    def _ensure_spare(self, state: TargetState) -> None:
        """Give a large target of a long-lived store its spare copy of the ``.md`` (storage/spare.py)
        if it has none that holds the file as loaded: its first add then writes one entry, not the
        whole file. Copies left by processes that are gone are removed first."""
        if not self._keeps_spare_of(state) or state.disk_md is None or not state.md_writable or state.read_only:
            return
        md, mode = write_target(state.paths.md)
        current = self._take_spare(state, md, mode)
        if current is not None:
            self._spares[state.target] = current
            return
        spare_files.sweep(md)
        self._keep_spare(state.target, spare_files.make(md, self._spare_owner, state.disk_md, mode, state.md_ident))

    def _keep_spare(self, target: str, spare: spare_files.Spare | None) -> None:
        if spare is None:
            return
        self._spares[target] = spare
        if self._spares_finalizer is None:  # removed when the store is collected or the process exits
            self._spares_finalizer = weakref.finalize(self, spare_files.discard_all, self._spares)

    def _take_spare(self, state: TargetState, md: Path, mode: int | None) -> spare_files.Spare | None:
        """The target's spare copy, taken from the store, if it provably holds the ``.md`` as last
        read or written; any other is removed (kept aside when something was saved into it)."""
        spare = self._spares.pop(state.target, None)
        if spare is None or spare_files.usable(spare, md, mode, state.md_ident):
            return spare
        kept = spare_files.keep_aside(spare)
        if kept is None:
            spare_files.discard(spare)
        else:
            warnings.warn(f"a save into {state.paths.md.name} that arrived after a write is kept in {kept.name}: "
                          "compare it with the file and copy over what is missing", stacklevel=3)
        return None

    def _loaded_unchanged(self, target: str) -> TargetState | None:
        """The state kept for ``target`` if its files are still what it was read from, else None."""
        cached = self._states.get(target)
        return cached if cached is not None and self._unchanged(cached) else None

    def warnings(self, target: str) -> list[str]:
        config = list(self.hermes.warnings) if self.hermes else []
        return config + list(self._read_state(self._target(target)).warnings) + self.history_warnings(target)

    def expect_origin(self, target: str, text: str, *, source_kind=None, provenance=None) -> None:
        """Say who wrote ``text``, which is about to appear in the ``.md`` file (Hermes' hook tells
        after its own write): when it is reconciled as new (or as an edit of an entry), it gets
        ``source_kind`` (None: the default) and ``provenance``. Remembered for this store's life,
        the last ``EXPECTED_ORIGINS`` per target."""
        source = parse_enum(SourceKind, source_kind, "source_kind") if source_kind is not None else None
        expected = self._expected[self._target(target)]
        key = hermes_format.normalise_entry(text) if isinstance(text, str) else ""
        if not key:
            return
        from ..storage.hermes_pending import Origin  # on demand, as the ledger

        expected.pop(key, None)
        expected[key] = Origin(source, clean_provenance(provenance))
        while len(expected) > EXPECTED_ORIGINS:
            expected.pop(next(iter(expected)))

    def _origins_for(self, target: str) -> dict[str, Origin]:
        """Who wrote text that reconciling finds new: staged writes seen in Hermes' queue (the
        ledger in the home), then what this store was told (:meth:`expect_origin`)."""
        if self._origin_ledger is None:
            from ..storage.hermes_pending import OriginLedger  # on demand: new text only

            self._origin_ledger = OriginLedger(self.home)
        known = self._origin_ledger.origins(target)
        return {**known, **self._expected[target]} if self._expected[target] else known

    def paths(self, target: str) -> TargetPaths:
        return self._paths[self._target(target)]

    def _target(self, target) -> str:
        if target not in TARGET_FILES:
            raise InvalidInputError(f"unknown target {echo(target)}; expected 'memory' or 'user'")
        return target

    def _read_state(self, target: str, *, home_made: bool = False) -> TargetState:
        """Current state for reading: cached unless another process changed the files.

        ``home_made``: the caller made sure the home is a folder (:func:`ensure_home`), so it is
        not looked at again.

        A reload first reads without any lock (a writer, maintenance included, never delays a
        reader); the result is kept when the files did not move during the read and nothing needs
        writing. Otherwise the load is redone under the locks, which also persists what
        reconciliation found. A home that cannot be written is read without locks, read-only.
        """
        with self._thread_locks[target]:
            paths = self._paths[target]
            cached = self._states.get(target)
            if not home_made and not self.home.is_dir():
                if self.home.exists():
                    raise StorageError(f"memory home {self.home} is not a directory")
                return TargetState(paths)
            with _storage_errors(self.home):
                if cached is not None and (self._unchanged(cached) or self._refreshed(cached, locked=False)):
                    return cached
                for _attempt in range(UNLOCKED_LOAD_ATTEMPTS):
                    loaded = load_target(paths, self.now(), locked=False, origins=self._origins_for)
                    settled = not loaded.needs_write and not leftover_temp_files(paths)
                    if settled and self._unchanged(loaded.state):
                        self._carry_index(cached, loaded.state)
                        cached = None
                        self._states[target] = loaded.state
                        return loaded.state
                    if loaded.needs_write:
                        break  # something must be written: only a locked load may do that
                if not os.access(self.home, os.W_OK) or _read_only_fs(self.home):
                    return self._keep_read_only(target, loaded.state)
                if loaded.state.newer_format:  # shown as it is: nothing of it may be written back
                    self._states[target] = loaded.state
                    return loaded.state
                if loaded.arrived and loaded.state.md_writable:
                    # Checking what arrived (and opening the index: seconds on a home never indexed)
                    # is done on this state before the locks; it is kept only if the files did not move.
                    self._carry_index(cached, loaded.state)
                    self._check_arrivals(loaded.state, loaded.reconcile, loaded.arrived)
                with self._file_lock(paths):
                    if not loaded.quarantined and not leftover_temp_files(paths) and self._unchanged(loaded.state):
                        return self._adopt_loaded(target, loaded, cached, checked=True)  # no second read (and rescan) under the lock
                    if loaded.state.index is not None:
                        self._spare_index[target] = loaded.state.index
                    return self._fresh_state(target)

    def _keep_read_only(self, target: str, state: TargetState) -> TargetState:
        state.read_only = True
        state.warnings.append(
            f"the memory home {self.home} is read-only: showing the files as they are; "
            "changes cannot be saved"
        )
        self._states[target] = state
        return state

    def _unchanged(self, state: TargetState) -> bool:
        """Whether the files still are what ``state`` was read from or last wrote.

        The sidecar, journal and archive are written only by stores under the store's lock: their
        stamps suffice. The ``.md`` file is also written by Hermes and by editors, and an in-place
        save can keep inode, size and even mtime (same clock tick): its identity must match and,
        until a comparison made after the file's clock tick has passed, its bytes too.
        """
        paths = state.paths
        if state.meta_stamps != metadata_stamps(paths):
            return False
        try:
            st = os.stat(paths.md)
        except FileNotFoundError:
            return state.disk_md is None
        if md_identity(st) != state.md_ident:
            return False
        if state.md_verified:
            return True
        data, ident = read_md_stable(paths.md)
        if data != state.disk_md or ident != state.md_ident:
            return False
        state.md_verified = time.time_ns() - st.st_mtime_ns > MTIME_TICK_NS
        return True

    def _fresh_state(self, target: str) -> TargetState:
        """Caller holds the locks: reload if needed and persist what reconciliation found."""
        paths = self._paths[target]
        cached = self._states.get(target)
        if cached is not None and (self._unchanged(cached) or self._refreshed(cached, locked=True)):
            return cached
        self._states.pop(target, None)
        if paths.home.is_dir():
            remove_leftover_temp_files(paths)
        return self._adopt_loaded(target, load_target(paths, self.now(), origins=self._origins_for), cached)

    def _adopt_loaded(self, target: str, loaded, cached: TargetState | None, *, checked: bool = False) -> TargetState:
        """Caller holds the locks and the files are as ``loaded`` read them: check what arrived
        (unless ``checked`` already), persist what reconciliation (or a safety rescan) found, and
        keep the state."""
        state = loaded.state
        self._carry_index(cached, state)
        if state.md_writable and not checked:
            self._check_arrivals(state, loaded.reconcile, loaded.arrived)
        if state.md_writable and loaded.needs_write and not state.newer_format:
            loaded.reconcile.compact = bool(loaded.quarantined) or loaded.rescanned
            loaded.reconcile.history.extend(loaded.restored_history)
            self._commit(state, loaded.reconcile)
        self._states[target] = state
        return state

    def _check_arrivals(self, state: TargetState, change: Change, arrived: list[str]) -> None:
        """Text that arrived from disk gets the add path's contradiction check, within a budget per load;
        entries beyond it stay unchecked (``deep_checked`` false) for maintenance to find. One another
        program wrote (a staged write Hermes' ``/memory approve`` applied: no hook tells of it) is
        linked to the entry it says again, as :meth:`check_entry` links it."""
        for entry_id in arrived[:RECONCILE_CHECK_BUDGET]:
            meta = state.entries.get(entry_id)
            if meta is not None:
                nearest = self._nearest(state, meta.text, exclude=meta.entry_id) if meta.provenance else None
                self._detect(state, change, meta, FAST_CHECK_CANDIDATES, nearest=nearest)
                if nearest is not None:
                    self._link_said_again(state, change, meta, nearest)

    def _refreshed(self, state: TargetState, *, locked: bool) -> bool:
        """Apply what other writers appended to ``state`` in place (see :func:`loader.refresh`) and
        persist what reconciling found; when that is not enough, forget ``state`` but keep its
        candidate index for the full load."""
        change = refresh(state, self.now())
        if change is not None and state.index is not None:
            state.adopt_index(state.index)
        if change is not None and state.md_writable:
            self._check_arrivals(state, change, arrived(change))
        if change is not None and state.newer_format:
            change = None  # a newer version's files are not written: load them afresh, read-only
        if change is not None and (change.empty or self._commit_reconciled(state, change, locked)):
            return True
        self._states.pop(state.target, None)
        self._spare_index[state.target] = state.index
        return False

    def _commit_reconciled(self, state: TargetState, change: Change, locked: bool) -> bool:
        if locked:
            self._commit(state, change)
            return True
        try:
            with self._file_lock(state.paths):
                if not self._unchanged(state):
                    return False
                self._commit(state, change)
                return True
        except OSError:
            return False  # e.g. a read-only home: the full load reports it

    def _carry_index(self, old: TargetState | None, new: TargetState) -> None:
        spare = self._spare_index.pop(new.target, None)
        if new.index is not None:
            return
        if old is not None and old.index is not None and old is self._states.get(new.target):
            new.adopt_index(old.index)
        elif spare is not None:
            new.adopt_index(spare)

    @contextmanager
    def _file_lock(self, paths: TargetPaths):
        """The store's lock, then Hermes' ``X.md.lock``: always in this order, so nothing deadlocks
        (Hermes takes only the second)."""
        if paths.target in self._held:  # inside exclusive(): this store already holds both
            yield
            return
        lock = FlockLock(paths.lock)
        lock.acquire()
        try:
            md_lock = FlockLock(paths.md_lock)
            md_lock.acquire()
            held_since = time.perf_counter()
            try:
                yield
            finally:
                md_lock.release()
                self.max_lock_hold_seconds = max(self.max_lock_hold_seconds, time.perf_counter() - held_since)
        finally:
            lock.release()

    @contextmanager
    def exclusive(self):
        """Hold every target's lock across several operations (``dmem sync``): other processes
        wait, while this store's own calls inside the block proceed."""
        with ExitStack() as stack:
            for target in TARGET_FILES:
                stack.enter_context(self._thread_locks[target])
                ensure_home(self.home)
                with _storage_errors(self.home):
                    stack.enter_context(self._file_lock(self._paths[target]))
                self._held.add(target)
                stack.callback(self._held.discard, target)
            yield self

    # ------------------------------------------------------------ the unit of work (docs/core-api.md) and its commit

    @contextmanager
    def reading(self, target):
        """The state of ``target`` as it is now, with this store's other threads held off while the
        block runs (other processes are not: nothing is locked on disk). For a look at several
        entries that must not see a write of this process half done (maintenance's scans, a plan)."""
        target = self._target(target)
        with self._thread_locks[target]:
            yield self._read_state(target)

    def current_state(self, target) -> TargetState:
        """The state of ``target`` as it is now (reloaded if another process wrote): for reading
        only, no lock held once it is returned."""
        return self._read_state(self._target(target))

    @contextmanager
    def unit_of_work(self, target, actor: str):
        """One write to ``target``: read its state, take the locks, mutate, commit.

        Takes this store's thread lock and the two file locks (the store's, then Hermes'), makes
        sure the state is fresh under them (one refresh per write), and yields ``(state, change)``:
        the block mutates ``state`` through its primitives (:class:`~.state.TargetState`: insert,
        set_text, to_archive, add_edge, …), which record what they did in ``change``. When the block
        ends, the change is committed in one ordered write (archive, ``.md``, one journal line,
        history); an empty change writes nothing.

        A refused call (a domain error raised before anything changed) keeps the cached state; any
        other failure forgets it, so the next call rereads what is really on disk.
        """
        target = self._target(target)
        if actor not in ACTORS:
            raise InvalidInputError(f"unknown actor {echo(actor)}; expected one of {', '.join(ACTORS)}")
        with self._thread_locks[target]:
            paths = self._paths[target]
            ensure_home(self.home)
            with _storage_errors(self.home), self._write_locks(paths, target) as confirmed:
                change = None
                try:
                    state = confirmed or self._fresh_state(target)
                    if state.newer_format:
                        raise StorageError(f"{state.newer_format} (nothing was changed)")
                    change = Change(now=self.now(), actor=actor)
                    yield state, change
                    if change.md_dirty and not state.md_writable:
                        raise StorageError(
                            f"{paths.md.name} {state.md_problem}; fix the file "
                            "by hand before writing to it (nothing was changed)"
                        )
                    self._commit(state, change)
                except BaseException as error:
                    refused = isinstance(error, DialecticalMemoryError) and not isinstance(error, StorageError)
                    if not (refused and change is not None and change.empty):
                        self._states.pop(target, None)
                    raise

    @contextmanager
    def _write_locks(self, paths: TargetPaths, target: str):
        """The locks for a write, taken when the cached state is fresh: a reload (hundreds of ms at
        10k entries) happens before them, never while they are held, unless another process keeps
        writing between every attempt.

        Yields the cached state once it is confirmed unchanged under the locks (the mutation works
        on it as it is: one look at the files per write, under the locks), or None when the last
        attempt found the files moved again (the mutation then loads under the locks). A cached
        state is not looked at before the first attempt: when another process wrote, the check
        under the locks finds it, the locks are let go, and the state is refreshed without them."""
        for attempt in range(LOCK_REFRESH_ATTEMPTS):
            if attempt or target not in self._states:
                self._read_state(target, home_made=True)  # reload, if another process wrote, without holding a lock
            with ExitStack() as stack:
                try:
                    stack.enter_context(self._file_lock(paths))
                except OSError as error:
                    if error.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
                        raise
                    raise StorageError(
                        f"the memory home {self.home} is read-only ({error.strerror}); nothing was changed"
                    ) from error
                cached = self._states.get(target)
                confirmed = cached is not None and self._unchanged(cached)
                if attempt + 1 < LOCK_REFRESH_ATTEMPTS and not confirmed:
                    continue
                yield cached if confirmed else None
                return

    def _commit(self, state: TargetState, change: Change) -> None:
        """Write one change all-or-nothing: the ``.md`` file first (its exchange is the commit point
        and catches a foreign write that landed meanwhile), then the archive records (before the
        metadata that drops their entries, so a kill in between never leaves a text nowhere), then
        history and one journal line or the whole sidecar. Any failure puts every file back as it
        was."""
        paths = state.paths
        if change.empty:
            return
        seq = state.journal_seq + (0 if change.only_compaction else 1)
        md_written = displaced = None
        merged = journal_emptied = False
        # A Hermes-sized home keeps its sidecar current (what a SPEC §2 reader or a hand edit sees);
        # a journal line per change instead would save an fsync and ~0.3 ms of an add at 20
        # entries, and leave that file up to COMPACT_AFTER_JOURNAL_LINES changes behind.
        small = len(state.entries) <= SMALL_STORE_ENTRIES
        # A change of many entries (a first load adopting a hand-written home) rewrites the sidecar:
        # as a journal line it was as large, and every later load replayed it.
        compact = (small or change.compact or state.journal_lines + 1 >= COMPACT_AFTER_JOURNAL_LINES
                   or len(change.put) > TAIL_RECORDS or _journal_outgrew(state))
        with CommitPlan(paths.home) as plan:
            # A rewritten sidecar's temp file is written beside the .md's, and both are fsynced at
            # once (one wait, not two); a foreign write merged while the .md is published changes
            # the state, and the sidecar is written again from it.
            sidecar_tmp = []
            # The rewritten sidecar carries this change's history records (a load puts back any a
            # power loss took from the history file), so they are appended unsynced; while the
            # appends carried stay small it carries those of the commits before it too (the file
            # still ends where they did): the history file is synced once in a dozen or two adds, in
            # the same wait as the temp files, before the sidecar that carried them is replaced.
            # A change of many records (a first load adopting 100,000 entries written by hand) is
            # appended synced instead: carried, it would double the sidecar, and every later load
            # would parse it again.
            carried = len(change.history) <= TAIL_RECORDS
            # the history records serialised once (counted, appended, carried), again after a merge
            lines = json_lines(change.history) if carried else None
            tail, sync_history = None, True
            if compact:
                tail, sync_history = history_tail(paths.history, change.history, state.history_tail, lines) if carried else (state.history_tail, True)

            def sidecar_beside() -> list[Path]:
                if not compact:
                    return sidecar_tmp
                sidecar_tmp.append(plan.temp(paths.sidecar, self._sidecar_bytes(state, seq, tail), sync=False))
                return sidecar_tmp + ([paths.history] if sync_history and paths.history.exists() else [])

            if change.md_dirty:
                md_written, displaced, merged = self._publish_md(state, change, plan, sidecar_beside)
            else:
                plan.sync_files(sidecar_beside())
            plan.append(paths.archive, change.archive_records)
            if merged and carried:  # a foreign write merged: the state and its history changed
                lines = json_lines(change.history)
            if compact:
                if merged:
                    if carried:
                        tail, sync_now = history_tail(paths.history, change.history, state.history_tail, lines)
                        if sync_now and not sync_history:
                            plan.sync(paths.history)
                    sidecar_tmp[:] = [plan.temp(paths.sidecar, self._sidecar_bytes(state, seq, tail))]
                plan.append(paths.history, change.history, sync=not carried, lines=lines)
                plan.publish(sidecar_tmp[0], paths.sidecar)
                journal_emptied = bool(state.journal_lines) or _journal_may_exist(state)
                if journal_emptied:
                    plan.replace(paths.journal, b"")
            else:
                batch = {
                    "seq": seq,
                    "at": change.now,
                    "put": [m.stored() for i, m in change.put.items() if i in state.entries],  # stored form, serialized at once below
                    "drop": sorted(change.dropped),
                    "edges": [e.to_dict() for e in change.edges.values()],
                    "safety_version": state.safety_version,
                }
                # One fsync fewer per add: the journal line carries the history records and is the
                # one synced; a load puts back any a power loss took from the history file.
                if change.history:
                    batch["history_end"] = plan.append(paths.history, change.history, sync=False, lines=lines)
                    # the lines appended, in the journal's line as they are (its keys are sorted too)
                    batch["history"] = change.history if lines is None else [orjson.Fragment(line[:-1]) for line in lines]
                displaced = self._remove_at_end(plan, state, displaced)
                plan.append(paths.journal, [batch], last=True)
        if displaced is not None and displaced.tail is not None and md_written is not None and self._made_spare(state, displaced, md_written[1]):
            displaced = None
        # the displaced file's bytes, if it is left to look at, taken before disk_md becomes what was written
        late_save = displaced and (displaced.path, state.disk_md if displaced.read is None else displaced.read, displaced.ident)
        state.journal_seq = seq
        state.journal_lines = 0 if compact else state.journal_lines + 1
        if compact:
            state.history_tail = tail
        if md_written is not None:
            state.disk_md, state.md_ident, state.md_verified = md_written
        # the sidecar, journal and archive: only those written are looked at again
        written = (compact, not compact or journal_emptied, bool(change.archive_records))
        state.meta_stamps = restamped(paths, state.meta_stamps, written)
        if late_save:
            self._catch_late_save(state, *late_save)
        state.save_caught_up_index()

    @staticmethod
    def _sidecar_bytes(state: TargetState, seq: int, tail: dict | None = None) -> bytes:
        small = len(state.entries) <= SMALL_STORE_ENTRIES  # rewritten on every change: each record kept serialised
        document = state.sidecar_document().to_json(state.stored_records().fragment if small else None)
        document["journal_seq"] = seq
        document["safety_version"] = state.safety_version
        if tail is not None:  # one line: a change stays a small diff of the sidecar (sync)
            document["history_tail"] = state.tail_text.written(tail)
        return dumps_sidecar(document)

    @staticmethod
    def _remove_at_end(plan: CommitPlan, state: TargetState, displaced: Displaced | None) -> Displaced | None:
        """Have the plan remove the displaced ``.md`` with its last fsyncs (a journal line's: a home
        of more than ``SMALL_STORE_ENTRIES``, whose ``.md`` takes long to free; a small one's is
        removed after them, as handing it to a worker costs more than it saves) when its identity
        proves nothing was saved into it since the exchange (looked at after every write but
        those fsyncs). Returns it when it is left to :meth:`_catch_late_save` instead."""
        if displaced is None or displaced.tail is not None or not displaced.unchanged():
            return displaced  # one with a tail becomes the next spare, if nothing was saved into it
        read = displaced.read
        plan.remove_at_end(displaced.path, (lambda: state.disk_md) if read is None else (lambda: read), displaced.mode)
        return None

    def _made_spare(self, state: TargetState, displaced: Displaced, holds: tuple) -> bool:
        """After a commit that only appended: append the same bytes to the ``.md`` it displaced,
        whose identity still proves nothing was saved into it since, and keep it as the next add's
        spare copy (storage/spare.py), holding the file written (identity ``holds``). False when
        that identity does not prove it (or the file has another link): the file is then left to
        :meth:`_catch_late_save`, as any displaced file."""
        try:
            wrote, stamped = spare_files.extend(displaced.path, displaced.tail, displaced.ident)
        except OSError:
            wrote, stamped = True, None  # part of the tail may be in it: it holds neither file
        if not wrote:
            return False
        path = spare_files.spare_path(write_target(state.paths.md)[0], self._spare_owner)
        try:
            if stamped is not None:  # its identity proves what it holds
                if displaced.path != path:  # a temp file's name would read as a killed write's leftover
                    os.replace(displaced.path, path)
                self._keep_spare(state.target, spare_files.Spare(path, md_identity(stamped), holds, os.getpid()))
                return True
        except OSError:
            pass
        with suppress(OSError):
            os.unlink(displaced.path)
        return True

    def _completed_spare(self, plan: CommitPlan, spare: spare_files.Spare, tail: bytes) -> Path | None:
        """The spare copy with the change's ``tail`` appended, adopted by ``plan`` as the ``.md``'s
        temp file; None (the copy removed) when it could not be written."""
        try:
            wrote, stamped = spare_files.extend(spare.path, tail, spare.ident)
        except OSError:
            wrote, stamped = False, None
        if not wrote:
            spare_files.discard(spare)
            return None
        plan.adopt(spare.path)
        if stamped is not None:
            plan.backdated[spare.path] = stamped
        return spare.path

    def _catch_late_save(self, state: TargetState, path: Path, read: bytes, ident: tuple | None = None) -> None:
        """An editor that opened the ``.md`` before the exchange and rewrites it in place saves into
        the displaced file, possibly after it was read. Look at it once more before removing it (the
        journal and history writes since make that window milliseconds wide) and merge what arrived,
        as a second commit. ``ident``: the identity that proves the file still holds ``read``
        (:func:`~..storage.files.backdate`), when it has one; then only a changed one is read. One
        that proves it unchanged after those writes never comes here (:meth:`_remove_at_end`)."""
        try:
            late = read if ident is not None and md_identity(os.stat(path)) == ident else read_md_stable(path)[0]
            if late is not None and late != read:
                follow = Change(now=self.now(), actor=RECONCILE_ACTOR)
                merge_foreign(state, follow, read, late)
                self._commit(state, follow)
        except (OSError, DialecticalMemoryError) as error:
            self._states.pop(state.target, None)
            kept = spare_files.late_save_path(path.with_name(state.paths.md.name))
            with suppress(OSError):
                os.replace(path, kept)
            warnings.warn(f"a save into {state.paths.md.name} that arrived during a write could not be merged ({error}); it is kept in {kept.name}", stacklevel=2)
            return
        with suppress(FileNotFoundError):
            os.unlink(path)

    def _publish_md(self, state: TargetState, change: Change, plan: CommitPlan,
                    beside: Callable[[], list[Path]] = list) -> tuple[tuple[bytes, tuple], Displaced | None, bool]:
        """Exchange the new ``.md`` into place; if the file displaced is not the one this store read,
        a foreign write landed in between: merge it in and write again (it is never overwritten).
        Its temp file is fsynced together with the temp files ``beside`` writes (unsynced) after it.
        Returns what was written, its identity and whether that identity proves its bytes (the file
        is backdated, see :func:`~..storage.files.backdate`), the displaced file kept for
        :meth:`_catch_late_save` with the bytes read from it, the identity that proves them (or
        None) and its mode, and whether a foreign write was merged.

        The displaced file is read only when its identity does not prove it is the file expected:
        a file this store wrote, or one compared after its clock tick had passed, changes its
        identity with any write."""
        md, mode = write_target(state.paths.md)
        # a large home's add in a long-lived store: the bytes it appends, written into the spare
        # copy of the file (when one holds the file) and then into the file it displaces
        tail = state.appended_since_disk() if self._keeps_spare_of(state) else None
        spare = self._take_spare(state, md, mode)
        if spare is not None and tail is None:  # not an append: the copy no longer holds the file once it is written
            spare_files.discard(spare)
            spare = None
        proof = state.md_ident if state.md_verified else None
        # the bytes the file should hold: copied out of the state only when compared (None while
        # the identity proves them: they are the state's disk_md)
        expected = None if proof is not None else state.disk_md
        merged = False
        for _attempt in range(MAX_FOREIGN_MERGES):
            data = state.md_bytes()
            tmp = spare and self._completed_spare(plan, spare, tail)  # the first attempt only
            spare = None
            tmp = tmp or plan.temp(md, data, mode, sync=False, backdated=True)
            plan.sync_files([tmp, *beside()])  # the .md's temp file with what is written beside it
            beside = list
            stamped = plan.backdated.get(tmp)
            written = (data, md_identity(stamped or os.stat(tmp)), stamped is not None)
            if files.exchange_unavailable():
                current, _ident = read_md_stable(md)  # no atomic exchange here: check just before
                expected = state.disk_md if proof is not None and expected is None else expected
                if current != expected:
                    merge_foreign(state, change, expected, current)
                    merged = True
                    expected, proof = current, None
                    continue
            how = plan.publish(tmp, md)
            proven = how == "exchanged" and proof is not None and md_identity(os.stat(tmp)) == proof
            if not proven:
                expected = state.disk_md if proof is not None and expected is None else expected
                displaced = read_md_stable(tmp)[0] if how == "exchanged" else None if how == "created" else expected
            if proven or displaced == expected:
                if how != "exchanged":
                    return written, None, merged
                plan.keep(tmp)
                kept_tail = None if merged or not proven else tail
                return written, Displaced(tmp, expected, proof if proven else None, mode, kept_tail), merged
            merge_foreign(state, change, expected, displaced)
            merged = True
            expected, proof = bytes(data), written[1] if written[2] else None  # data grows in place
        raise StorageError(f"{md.name} kept changing while it was written; nothing was changed")

    def compact(self, target: str) -> None:
        """Fold the journal into the sidecar now (`dmem maintain` does this too, and any change once
        the journal holds COMPACT_AFTER_JOURNAL_LINES lines or its share of the sidecar's bytes)."""
        with self.unit_of_work(target, "maintenance") as (_state, change):
            change.compact = True

    # ------------------------------------------------------------ validation helpers

    def _content(self, content, what: str = "content") -> str:
        """The gate of every text a caller hands in (see :mod:`.screening`)."""
        return admit_entry(content, what)

    def _usage(self, state: TargetState) -> dict[str, Any]:
        chars, limit = state.usage(), self.limits[state.target]
        return {"chars": chars, "limit": limit, "percent": round(100 * chars / limit, 1) if limit else None}

    def check_limit(self, state: TargetState, added: list[str], removed: list[str] = ()) -> None:
        """Inside a unit of work: refuse (CharLimitError) a write that would leave ``state`` with
        ``added`` in place of ``removed`` past the target's character limit."""
        limit = self.limits[state.target]
        if not limit:
            return
        leaving = set(removed)
        usage = hermes_format.usage([t for t in state.texts if t not in leaving] + list(added))
        if usage > limit:
            current = state.usage()
            source = f", Hermes' limit from {self.hermes.config}" if self.hermes else ""
            raise CharLimitError(
                f"{state.target} would be at {usage:,}/{limit:,} chars (now {current:,}{source}); "
                "replace or remove existing entries first",
                usage=current,
                limit=limit,
                target=state.target,
                needed=usage - limit,
            )

    def _find_by_substring(self, state: TargetState, old_text) -> EntryMeta:
        if not isinstance(old_text, str) or not old_text.strip():
            raise InvalidInputError("old_text must be a non-empty string")
        if len(old_text) > MAX_ENTRY_CHARS:
            raise InvalidInputError(f"old_text is {len(old_text):,} characters; at most {MAX_ENTRY_CHARS:,} (an entry is never longer)")
        needle = old_text.strip()
        entries, id_for = state.entries, state.id_for_text
        # a blocked entry is never matched (a probe must learn nothing): asked of the matches only,
        # not of every entry (a pass over 10,000 of them per remove)
        matches = [text for text in state.texts
                   if needle in text and ((meta := entries.get(id_for(text))) is None or not meta.blocked)]
        if not matches:
            raise NotFoundError(f"no {state.target} entry contains {echo(needle)}")
        if len(matches) > 1:
            previews = [m[:60] + ("…" if len(m) > 60 else "") for m in matches[:5]]
            raise AmbiguousMatchError(
                f"{len(matches)} {state.target} entries contain {echo(needle)}; be more specific", previews
            )
        return state.entries[state.id_for_text(matches[0])]

    def _active(self, state: TargetState, entry_id, expected_etag=None) -> EntryMeta:
        if not isinstance(entry_id, str) or entry_id not in state.entries:
            if isinstance(entry_id, str) and entry_id in state.archive:
                raise ConflictError(f"entry {entry_id} is archived; restore it first")
            raise NotFoundError(f"no active {state.target} entry with id {echo(entry_id)}")
        meta = state.entries[entry_id]
        self._check_etag(state, meta, expected_etag)
        return meta

    def _check_etag(self, state: TargetState, meta: EntryMeta, expected_etag) -> None:
        if expected_etag is None:
            return
        current = read_models.entry_view(state, meta.entry_id, self.now()).etag
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

    def _detect(self, state: TargetState, change: Change, meta: EntryMeta, limit: int = FAST_CHECK_CANDIDATES,
                compared: list[str] | None = None, nearest: list[str] | None = None,
                said_again: list[str] | None = None) -> list[ContradictionEdge]:
        """Fast check on the action path: only candidates from the index reach the detector. The ids
        it compared and did not flag are appended to ``compared`` (best first), for the agent to judge;
        those whose open contradiction the entry only says again (named on that edge, not flagged:
        ``flag_unless_said_again``) to ``said_again``."""
        from ..detection import Label

        found, unflagged = [], []
        detector = self.detector_in(state)
        # only a contradiction is flagged: a detector that can say just that (the rules) skips telling
        # how related the entries it does not flag are
        contradiction = getattr(detector, "contradiction", None) or detector.compare
        for candidate_id in self._candidate_ids(state, meta.text, meta.entry_id, limit, nearest):
            other = state.entries.get(candidate_id)
            if other is None or state.edge_between(candidate_id, meta.entry_id):
                continue
            verdict = contradiction(other.text, meta.text)
            if verdict is not None and verdict.label is Label.CONTRADICTION:
                edge = self.flag_unless_said_again(state, change, candidate_id, meta.entry_id, verdict)
                found.extend([edge] if edge is not None else [])
                if edge is None and said_again is not None:
                    said_again.append(candidate_id)
            else:
                unflagged.append(candidate_id)
        if compared is not None:
            compared.extend(unflagged)
        self._note_neighbours(state.target, meta.entry_id, unflagged[:NEIGHBOURS_SHOWN])
        return found

    def _note_neighbours(self, target: str, entry_id: str, ids: list[str]) -> None:
        """Remember, in this process, the nearest entries a check compared with a new entry and did
        not flag: the agent is shown them to judge (MCP's add_memory, the Hermes provider's prefetch)."""
        noted = self.__dict__.setdefault("_neighbours", {}).setdefault(target, {})
        noted.pop(entry_id, None)
        noted[entry_id] = list(ids)
        while len(noted) > RECENT_NEIGHBOURS:
            noted.pop(next(iter(noted)))

    def recent_neighbours(self, target: str, *, clear: bool = False) -> dict[str, list[str]]:
        """Entries checked lately by this store (oldest first) → the nearest entries it compared them
        with and did not flag; ``clear`` forgets them (each is named to the agent once)."""
        noted = self.__dict__.setdefault("_neighbours", {}).setdefault(self._target(target), {})
        found = {entry_id: ids for entry_id, ids in noted.items() if ids}
        if clear:
            noted.clear()
        return found

    def _candidate_ids(self, state: TargetState, text: str, exclude: str | None, limit: int = FAST_CHECK_CANDIDATES,
                       nearest: list[str] | None = None) -> list[str]:
        """The stored entries the add path compares ``text`` with: from the index, plus neighbours
        by meaning when the detector has them (``nearest``: the index's answer, if asked already)."""
        candidates = list(nearest) if nearest is not None else state.ensure_index().candidates(text, limit=limit, exclude=exclude)
        neighbours = getattr(self.detector, "semantic_neighbours", None)  # detection.semantic's optional hook
        if neighbours is not None:
            others = {i: e.text for i, e in state.entries.items() if i != exclude}
            cache = state.paths.home / f".{state.paths.stem}.embeddings.npz"
            candidates += [i for i in neighbours(others, text, limit, cache) if i not in candidates]
        return candidates

    def flag_unless_said_again(self, state: TargetState, change: Change, from_id: str, to_id: str, verdict, *,
                               author: str | None = None) -> ContradictionEdge | None:
        """Flag a rule's contradiction, unless it says again one an edge already shows (one stale
        entry and the entries that changed it, counted once: ``store/corroboration.py``); then the
        entry saying it again is named on that edge and ``None`` is returned."""
        from . import corroboration  # on demand: contradictions only

        said_again = corroboration.edge_said_again(state, from_id, to_id, verdict, self.detector_in(state))
        if said_again is not None:
            corroboration.record(state, change, *said_again)
            return None
        return self.flag_contradiction(state, change, from_id, to_id, verdict, author=author)

    def flag_contradiction(self, state: TargetState, change: Change, from_id: str, to_id: str, verdict, *,
                           author: str | None = None) -> ContradictionEdge:
        """Inside a unit of work: record a contradiction between two active entries as an edge (the
        detector's by default); a change over time is told when each side was written
        (detection/contract.py)."""
        from ..detection.contract import as_change, dated

        written = tuple(getattr(state.entries.get(i), "created_at", 0.0) for i in (from_id, to_id))
        data = as_change(getattr(verdict, "reason_data", None) or {}, written)  # a judge's kind is never a state's
        edge = ContradictionEdge(
            from_id=from_id,
            to_id=to_id,
            reason=clean_reason(verdict.reason),
            confidence=round(float(verdict.score), 3),
            author=author or f"detector:{getattr(self.detector, 'name', 'custom')}",
            created_at=change.now,
            kind=str(data.get("kind") or getattr(verdict, "kind", "")),
            reason_data=_clean_data(dated(data, written)),
        )
        state.add_edge(change, edge)
        change.log(state.target, "contradiction", to_id, detail_edge=edge.edge_id, other=from_id, reason=edge.reason)
        return edge

    def _edge_dicts(self, state, edges) -> list[dict[str, Any]]:
        now = self.now()
        return [read_models.edge_dict(state, e, now) for e in edges]

    def check_entry(self, target: str, entry_id, *, actor: str = "agent") -> MutationResult:
        """Run the add path's contradiction check on one entry now, for callers that know it just
        changed outside this store (Hermes wrote the file, an editor, a sync).

        The result lists every open contradiction of the entry; ``extra["new_edges"]`` counts those
        this call found. An entry another program wrote (``provenance``) that restates an earlier
        one reinforces that one in the sidecar (``extra["reinforced"]``: its id); the file is not
        rewritten for it.
        """
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id)
            nearest = self._nearest(state, meta.text, exclude=meta.entry_id)  # one query for both checks
            found = self._detect(state, change, meta, FAST_CHECK_CANDIDATES, nearest=nearest)
            open_edges = state.unresolved_edges_of(meta.entry_id)
            message = f"Checked; {len(open_edges)} open contradiction(s), {len(found)} new."
            extra: dict[str, Any] = {"new_edges": len(found)}
            earlier = self._link_said_again(state, change, meta, nearest)
            if earlier is not None:
                extra["reinforced"] = earlier
                message += f" The same fact as entry {earlier}: reinforced it (this entry left as written)."
            return self._result(state, "check", meta.entry_id, message,
                                contradictions=self._edge_dicts(state, open_edges), extra=extra)

    def _link_said_again(self, state, change, meta: EntryMeta, nearest: list[str]) -> str | None:
        """An entry another program (``provenance``: Hermes) wrote into its own file that restates an
        earlier one (the same-fact matcher, sure): that one is reinforced in the sidecar, the file
        stays as written, and the entry is marked as saying it again (checked twice, it counts
        once). Returns the earlier entry's id, or None."""
        if not meta.provenance:
            return None
        restated = self._restated(state, meta.text, change.now, nearest)
        earlier = state.entries[restated[0]] if restated and restated[1].sure else None
        if earlier is None or earlier.created_at > meta.created_at or earlier.entry_id == meta.entry_id:
            return None
        if meta.says_again != earlier.entry_id:
            self._reinforce(state, change, earlier, meta.source_kind, wording=meta.text, why=restated[1].reason,
                            absorbed=False)
            meta.says_again = earlier.entry_id
            change.touch(meta)
        self._note_neighbours(state.target, meta.entry_id, [i for i in self.recent_neighbours(state.target).get(
            meta.entry_id, []) if i != earlier.entry_id])  # the same fact: no pair for the agent to judge
        return earlier.entry_id

    # ------------------------------------------------------------ action layer (agent)

    def add(self, target: str, content, *, source_kind=SourceKind.USER_EXPLICIT, knowledge_type=None, actor: str = "agent") -> MutationResult:
        """Add an entry; re-adding existing text reinforces it; contradictions are flagged, not fatal."""
        text = self._content(content)
        source = parse_enum(SourceKind, source_kind, "source_kind")
        kind = parse_enum(KnowledgeType, knowledge_type, "knowledge_type") if knowledge_type else None
        with self.unit_of_work(target, actor) as (state, change):
            return self._add_in(state, change, text, source, kind)

    def _add_in(self, state, change, text: str, source: SourceKind, kind, check_limit: bool = True) -> MutationResult:
        existing_id = state.id_for_text(text)
        if existing_id:  # the fact said again in the same words (a line that says an entry again: that one)
            return self._reinforce(state, change, state.entries[state.said_first(existing_id)], source)
        # One query of the index for both checks below: the nearest entries before this one joins it
        # (its own terms then weigh a little less; an add asked twice, ~a tenth of an add at 100 entries)
        nearest = self._nearest(state, text)
        restated = self._restated(state, text, change.now, nearest)
        if restated is not None and restated[1].sure:
            return self._reinforce(state, change, state.entries[restated[0]], source, wording=text, why=restated[1].reason)
        if check_limit:
            self.check_limit(state, [text])
        meta = EntryMeta.new(change.now, source_kind=source, text=text, knowledge_type=kind or knowledge_type_of(text))
        state.insert(change, meta)
        change.log(state.target, "add", meta.entry_id, None, summary(meta))
        compared: list[str] = []
        said_again: list[str] = []
        edges = self._detect(state, change, meta, FAST_CHECK_CANDIDATES, compared, nearest, said_again)
        message = "Entry added." if not edges else f"Entry added; it contradicts {len(edges)} existing entr{'y' if len(edges) == 1 else 'ies'} (both kept)."
        # the type it was given (read from its words when the writer named none): an agent learns how it will decay
        extra: dict[str, Any] = {"knowledge_type": meta.knowledge_type.value, "compared": compared[:NEIGHBOURS_SHOWN]}
        if said_again:  # one contradiction, said again: named on its edge for a person, not flagged anew
            extra["said_again_against"] = said_again[:NEIGHBOURS_SHOWN]
            message += (f" It says again what the open contradiction of entry {said_again[0]} shows: named on"
                        " that contradiction, not flagged anew.")
        unindexed = len(state.entries) - len(state.index) if state.index is not None else 0
        if unindexed > 0:  # a large home whose index maintenance is still building: say what was not compared
            extra["not_indexed"] = unindexed
            message += (f" Compared only with the {len(state.index):,} entries indexed so far: {unindexed:,} older"
                        " ones wait for maintenance to index them (dmem maintain).")
        flagged = {edge.other(meta.entry_id) for edge in edges}
        if restated is not None and restated[0] not in flagged:  # uncertain: named to the agent, left to the
            extra["possibly_same"] = restated[0]  # reflection layer (never an entry it contradicts)
            message += f" Possibly the same as entry {restated[0]} {self._words_of(state, restated[0])} (kept apart)."
        return self._result(state, "add", meta.entry_id, message, contradictions=self._edge_dicts(state, edges), extra=extra)

    @staticmethod
    def _nearest(state, text: str, exclude: str | None = None) -> list[str]:
        """The index's nearest entries to ``text``: what the add path's checks compare it with."""
        return state.ensure_index().candidates(text, limit=FAST_CHECK_CANDIDATES, exclude=exclude)

    def _restated(self, state, text: str, now: float, nearest: list[str]):
        """The active entry ``text`` restates (``Sameness.SAME``) or may restate (``POSSIBLE``), by
        the same-fact matcher over the index's ``nearest`` entries: by their texts first, then by
        the wordings they absorbed (a plan said in five sessions in five wordings: the newest may
        restate any of them; an entry whose own text it restates comes first); ``None`` when none is close."""
        from ..detection.restatement import best_restated

        def days(at: float) -> float:
            return max(0.0, now - at) / 86400.0

        entries = state.entries
        metas = [meta for entry_id in nearest if (meta := entries.get(entry_id)) is not None]
        found = best_restated(text, [(meta.entry_id, meta.text, days(meta.created_at)) for meta in metas])
        if found is None or not found[1].sure:
            by_wording = best_restated(text, [(meta.entry_id, said["text"], days(said["at"]))
                                              for meta in metas for said in meta.restated])
            if by_wording is not None and (found is None or by_wording[1].sure or by_wording[1].score > found[1].score):
                found = by_wording
        # a line Hermes keeps that says an entry again stands for that entry: its sayings count there
        return None if found is None else (state.said_first(found[0]), found[1])

    def _reinforce(self, state, change, meta: EntryMeta, source: SourceKind, *, wording: str | None = None,
                   why: str = "", absorbed: bool = True) -> MutationResult:
        """A fact said again: a hit (or an observation) that re-verifies the entry (an expired one is
        active again); another wording of it is kept in the history record and, when the entry
        ``absorbed`` it (no entry of its own holds it), on the entry for search (``store.restated``);
        the entry's text is left as it is."""
        from .restated import keep_wording

        before = summary(meta)
        record_restatement(meta, change.now, observed=source is SourceKind.OBSERVED,
                           contested=bool(state.unresolved_edges_of(meta.entry_id)))
        if wording is not None and absorbed:
            keep_wording(state, meta, wording, change.now, source.value)
        change.touch(meta)
        detail = {"source": source.value}
        if wording is not None:
            detail.update(wording=wording, reason=why)
        change.log(state.target, "reinforce", meta.entry_id, before, summary(meta), **detail)
        message = ("Entry already exists; reinforced it." if wording is None
                   else f"Said again: the same fact as entry {meta.entry_id} {self._words_of(state, meta.entry_id)}; "
                        "reinforced it (this wording kept in its history).")
        return self._result(state, "add", meta.entry_id, message, reinforced=True)

    @staticmethod
    def _words_of(state, entry_id: str) -> str:
        """An entry named in a result's message by its words too (an agent reads the message, and a
        bare id tells it nothing to check): quoted, on one line, shortened; a blocked one by its mark."""
        meta = state.entries[entry_id]
        return blocked_mark(meta.blocked) if meta.blocked else quoted(meta.text, NAMED_ENTRY_CHARS)

    def replace(self, target: str, old_text, new_content, *, source_kind=None, actor: str = "agent") -> MutationResult:
        text = self._content(new_content)
        source = parse_enum(SourceKind, source_kind, "source_kind") if source_kind else None
        with self.unit_of_work(target, actor) as (state, change):
            return self._replace_in(state, change, old_text, text, source)

    def _replace_in(self, state, change, old_text, text: str, source, check_limit: bool = True) -> MutationResult:
        meta = self._find_by_substring(state, old_text)
        if text == meta.text:
            return self._result(state, "replace", meta.entry_id, "Entry already has this text; nothing changed.")
        self._no_duplicate(state, text, meta.entry_id)
        if check_limit:
            self.check_limit(state, [text], [meta.text])
        edges = self._change_text(state, change, meta, text, "replace", source)
        return self._result(state, "replace", meta.entry_id, "Entry replaced.", contradictions=self._edge_dicts(state, edges))

    def _change_text(self, state, change, meta: EntryMeta, text: str, action: str, source=None) -> list:
        before = summary(meta)
        if meta.original_text is None:
            meta.original_text = meta.text
        state.set_text(change, meta, text)
        meta.updated_at = change.now
        meta.says_again = None  # its new words are checked afresh
        if source is not None:
            meta.source_kind = source
            meta.authority = max(meta.authority, SOURCE_AUTHORITY[source])
        change.log(state.target, action, meta.entry_id, before, summary(meta))
        self._recheck_edges(state, change, meta)
        return self._detect(state, change, meta, FAST_CHECK_CANDIDATES)

    def remove(self, target: str, old_text, *, actor: str = "agent") -> MutationResult:
        with self.unit_of_work(target, actor) as (state, change):
            return self._remove_in(state, change, old_text)

    def _remove_in(self, state, change, old_text) -> MutationResult:
        meta = self._find_by_substring(state, old_text)
        self._archive(state, change, meta, f"removed by {change.actor}", "remove")
        return self._result(state, "remove", meta.entry_id, "Entry removed (kept in the archive).")

    def apply_batch(self, target: str, operations, *, source_kind=SourceKind.USER_EXPLICIT, actor: str = "agent") -> MutationResult:
        """Hermes' batch form: ``[{action, content, old_text}, …]`` applied in order, all or nothing.

        As in Hermes, the character limit applies to the final state only, so one batch can free room
        and add. Any failing operation raises (its number in the message) and nothing is written.
        """
        ops = checked_operations(operations)  # every operation, the safety check included, before anything is locked
        source = parse_enum(SourceKind, source_kind, "source_kind")
        with self.unit_of_work(target, actor) as (state, change):
            results = []
            for number, (action, text, old_text) in enumerate(ops, 1):
                try:
                    if action == "add":
                        results.append(self._add_in(state, change, text, source, None, check_limit=False))
                    elif action == "replace":
                        results.append(self._replace_in(state, change, old_text, text, None, check_limit=False))
                    else:
                        results.append(self._remove_in(state, change, old_text))
                except DialecticalMemoryError as error:
                    raise numbered(error, number, action) from None
            self._check_final_limit(state)
            edges = [edge for result in results for edge in result.contradictions]
            return self._result(
                state, "batch", None, f"Applied {len(results)} operation(s).", contradictions=edges,
                extra={"results": [result.to_dict() for result in results]},
            )

    def _check_final_limit(self, state: TargetState) -> None:
        limit = self.limits[state.target]
        if limit and state.usage() > limit:
            raise CharLimitError(
                f"after all operations {state.target} would be at {state.usage():,}/{limit:,} chars; "
                "remove or shorten more entries in the same batch (no operation was applied)",
                usage=state.usage(), limit=limit, target=state.target, needed=state.usage() - limit,
            )

    def _archive(self, state, change, meta: EntryMeta, reason: str, action: str) -> None:
        before = summary(meta)
        state.to_archive(change, meta, reason)
        change.log(state.target, action, meta.entry_id, before, None, reason=reason)

    # ------------------------------------------------------------ signals

    def _signal(self, target, entry_id, actor, action, apply) -> MutationResult:
        with self.unit_of_work(target, actor) as (state, change):
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
        reason = admit_reason(reason, "ignore reason", cap=64)
        return self._signal(target, entry_id, actor, "ignore", lambda meta, now: ignore_signal(meta, now, reason))

    # ------------------------------------------------------------ entries from another device

    def check_arrived(self, target: str, entry_ids, *, actor: str = "sync") -> MutationResult:
        """Entries that arrived from another device (``dmem sync``): run the fast contradiction
        check on each, against everything here, as an add does. Only what it finds is logged (the
        other device's history already tells how the entries came to be). Every entry passes the
        safety check again, not only those: the other device may run an older checker, and the
        metadata that came with the merge (a blocked mark cleared there, a keep made there) decides
        nothing here."""
        with self.unit_of_work(target, actor) as (state, change):
            screen_entries(state, change, list(state.entries), via="sync")
            found, folded = [], []
            for entry_id in dict.fromkeys(entry_ids):
                meta = state.entries.get(entry_id)
                if meta is None:
                    continue
                nearest = self._nearest(state, meta.text, exclude=meta.entry_id)  # one query for both checks
                found.extend(self._detect(state, change, meta, FAST_CHECK_CANDIDATES, nearest=nearest))
                folded.extend(self._fold_arrived(state, change, meta, nearest))
            message = f"{len(found)} contradiction(s) among what arrived."
            if folded:
                message += f" {len(folded)} said again what an entry here says: folded into it (undoable)."
            return self._result(state, "arrived", None, message, contradictions=self._edge_dicts(state, found),
                                extra={"folded": folded})

    def _fold_arrived(self, state, change, meta: EntryMeta, nearest: list[str]) -> list[str]:
        """An entry from another device that says again what an entry here says, as an add here would
        have found (the same-fact matcher, sure): the later of the two is folded into the earlier
        (``restated.fold_restatement``: a hit, its wording kept, undoable by a person). Returns the
        folded entry's id, if any."""
        if meta.blocked:
            return []
        restated = self._restated(state, meta.text, change.now, nearest)
        if restated is None or not restated[1].sure or restated[0] == meta.entry_id:
            return []
        from .restated import fold_restatement

        other = state.entries[restated[0]]
        if self.verdicts(state.target).person_said(other.text, meta.text):
            return []  # a person undid such a fold, or dismissed a contradiction of the two: that stands
        pair = (other.entry_id, other.text, meta.entry_id, meta.text)
        kept = fold_restatement(state, change, pair, f"said again on another device: {restated[1].reason}", "sync")
        if kept is None:
            return []
        return [meta.entry_id if kept == other.entry_id else other.entry_id]
