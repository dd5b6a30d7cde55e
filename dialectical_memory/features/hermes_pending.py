"""Hermes' write-approval queue, reviewed here: list, approve, reject.

hermes-agent 0.19.0 stages memory writes in ``$HERMES_HOME/pending/memory/`` when
``memory.write_approval`` is on (see ``storage/hermes_pending.py`` for the files). Its own
``/memory pending`` lists them by a one-line summary; here each staged write shows what it would do
before anyone approves it — the contradictions it would raise, the entry it replaces or removes, the
characters used after it — and approving applies it through the store under both locks (so the
contradiction check, the archive and history happen as for any write), then removes the file as
Hermes does. Rejecting removes the file. Both are history records. Hermes and this module read the
same files, so ``/memory pending`` and ``dmem hermes pending`` always list the same writes.

The files are untrusted: each is validated (``storage.hermes_pending``) and its texts pass
:func:`screen`, the safety check every text arriving from elsewhere passes, before it is shown as
approvable or applied. Reading the queue also remembers each staged text and its origin (the
ledger), so a write Hermes' own ``/memory approve`` applies later is known by its text when the
store reconciles it: a background review's guess gets ``SourceKind.BACKGROUND_REVIEW``.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import DialecticalMemoryError, InvalidInputError, StorageError, echo
from ..storage.hermes_config import HERMES_DEFAULT_LIMITS, hermes_home_for, hermes_limits
from ..storage.hermes_pending import (
    OriginLedger,
    PendingNotFound,
    PendingWriteError,
    RefusedFile,
    StagedWrite,
    check_id,
    discard,
    queue_stamp,
    read_queue,
    read_staged,
)
from ..store.memory_store import MemoryStore
from ..store.screening import entry_problem
from ..store.staged import WritePreview

log = logging.getLogger(__name__)

WATCH_INTERVAL_SECONDS = 1.0
WATCH_FULL_READ_SECONDS = 30.0  # a change inside one mtime tick of the folder is caught by then

__all__ = [
    "PendingWriteError", "PendingNotFound", "PendingItem", "PendingQueue", "Decision", "QueueWatcher",
    "hermes_home_of", "limits_of", "screen", "pending", "waiting", "approve", "reject",
]  # fmt: skip


def hermes_home_of(store: MemoryStore, explicit: str | Path | None = None) -> Path:
    """The Hermes home whose queue applies to ``store``: ``explicit``, else the one whose
    ``memories`` folder the store's home is (as for Hermes' character limits). Hermes applies its
    queue to ``<Hermes home>/memories``; any other memory home is refused."""
    if explicit is not None:
        home = Path(explicit).expanduser()
        if (home / "memories").resolve() != Path(store.home).resolve():
            raise InvalidInputError(f"Hermes applies {home}'s queue to {home / 'memories'}, not to the memory home {store.home}")
        return home
    found = hermes_home_for(store.home)
    if found is None:
        raise InvalidInputError(
            f"{store.home} is not the memories folder of a Hermes home ($HERMES_HOME/memories or "
            "~/.hermes/memories); give the Hermes home (--hermes-home DIR)"
        )
    return found


def limits_of(store: MemoryStore, hermes_home: Path) -> dict[str, int]:
    """The character limits Hermes applies in ``hermes_home`` (its ``config.yaml``), which a staged
    write is held to here too, whatever limits the store itself was opened with."""
    found = hermes_limits(store.home, {"HERMES_HOME": str(hermes_home)})
    return dict(found.limits) if found is not None else dict(HERMES_DEFAULT_LIMITS)


def screen(write: StagedWrite) -> str | None:
    """Why the texts of ``write`` must not reach the memory, or None. The one place staged text is
    screened: the store's gate for every arriving text (``store.screening.entry_problem``: the add
    path's checks, the safety scan among them)."""
    for number, op in enumerate(write.operations, 1):
        reason = entry_problem(op.content) if op.content else None
        if reason:
            return f"operation {number} ({op.action}): {reason}" if write.batch else reason
    return None


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class PendingItem:
    """A staged write with what it would do now. ``refused``: why approving it would be refused."""

    write: StagedWrite
    age_seconds: float
    preview: WritePreview | None
    refused: str | None

    @property
    def pending_id(self) -> str:
        return self.write.pending_id

    @property
    def contradictions(self) -> list[dict[str, Any]]:
        return self.preview.contradictions if self.preview else []

    def to_dict(self) -> dict[str, Any]:
        write = self.write
        return {
            "id": write.pending_id, "fingerprint": write.fingerprint, "action": write.action, "target": write.target, "origin": write.origin,
            "source_kind": write.source_kind.value if write.source_kind else None,
            "created_at": write.created_at, "age_seconds": round(self.age_seconds, 1), "summary": write.summary,
            "operations": [op.to_dict() for op in write.operations], "refused": self.refused,
            "contradictions": self.contradictions,
            "preview": self.preview.to_dict() if self.preview else None,
        }  # fmt: skip


@dataclass(frozen=True)
class PendingQueue:
    """The queue, or one window of it: ``items`` are the valid writes from ``offset`` on (each
    with its preview); ``total`` counts every valid write, shown or not."""

    hermes_home: Path
    items: list[PendingItem]
    unreadable: list[RefusedFile] = field(default_factory=list)
    offset: int = 0
    total: int | None = None

    @property
    def writes(self) -> int:
        return len(self.items) if self.total is None else self.total

    @property
    def count(self) -> int:
        return self.writes + len(self.unreadable)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hermes_home": str(self.hermes_home), "count": self.count,
            "items": [item.to_dict() for item in self.items],
            "unreadable": [{"file": f.name, "id": f.pending_id, "reason": f.reason} for f in self.unreadable],
        }  # fmt: skip


def pending(store: MemoryStore, hermes_home: Path, *, offset: int = 0, limit: int | None = None) -> PendingQueue:
    """Every staged memory write, oldest first, each with its preview (``offset``/``limit``: only
    that window is previewed, the rest only counted); files that are not valid staged writes with
    the reason. Remembers the texts' origins (see the module's docstring)."""
    writes, unreadable = read_queue(hermes_home)
    remember(store, hermes_home, writes, unreadable)
    now, limits = store.now(), limits_of(store, hermes_home)
    shown = writes[offset:] if limit is None else writes[offset : offset + limit]
    return PendingQueue(hermes_home, [_item(store, write, now, limits) for write in shown], unreadable,
                        offset, len(writes))


def waiting(store: MemoryStore, hermes_home: Path | None) -> int:
    """How many files wait in the queue (valid or not: a person must look at each). Cheap: no preview."""
    if hermes_home is None:
        return 0
    writes, unreadable = read_queue(hermes_home)
    if writes or unreadable:
        remember(store, hermes_home, writes, unreadable)
    return len(writes) + len(unreadable)


def remember(store: MemoryStore, hermes_home: Path, writes: list[StagedWrite], unreadable: list[RefusedFile]) -> None:
    present = [write.pending_id for write in writes] + [f.pending_id for f in unreadable if f.pending_id]
    OriginLedger(store.home).remember(writes, present, store.now())


def _item(store: MemoryStore, write: StagedWrite, now: float, limits: dict[str, int]) -> PendingItem:
    age = max(0.0, now - write.created_at)
    reason = screen(write)
    if reason:
        return PendingItem(write, age, None, reason)
    operations = [op.to_dict() for op in write.operations]
    preview = store.preview_write(write.target, operations, single=not write.batch, limit=limits[write.target])
    return PendingItem(write, age, preview, preview.refused)


# ---------------------------------------------------------------- deciding


@dataclass(frozen=True)
class Decision:
    """What approve or reject did: the write, the store's result (approve), and a warning when the
    file could not be removed after the write was applied."""

    action: str
    write: StagedWrite | None
    pending_id: str
    result: Any = None
    warning: str | None = None

    @property
    def message(self) -> str:
        if self.action == "reject":
            return f"Rejected staged write {self.pending_id}; Hermes will not apply it."
        text = f"Approved staged write {self.pending_id}: {self.result.message}"
        return f"{text} {self.warning}" if self.warning else text

    def to_dict(self) -> dict[str, Any]:
        return {
            "success": True, "action": self.action, "id": self.pending_id, "message": self.message,
            "warning": self.warning, "result": self.result.to_dict() if self.result is not None else None,
            "write": None if self.write is None else {"target": self.write.target, "origin": self.write.origin},
        }  # fmt: skip


def approve(store: MemoryStore, hermes_home: Path, pending_id: str, *, actor: str = "cli",
            expect: str | None = None) -> Decision:
    """Apply staged write ``pending_id`` through the store (all or nothing, both locks), then remove
    its file, as Hermes' ``/memory approve`` does. A refusal raises, with the reason, and leaves the
    file and the memory as they were (a replace whose ``old_text`` no longer matches, say).

    ``expect`` is the fingerprint of the write as it was shown (``StagedWrite.fingerprint``): when
    the file says anything else now, nothing is applied. Without it, what the file holds now is
    applied (the caller shows what that was: the decision carries the write)."""
    try:
        write = read_staged(hermes_home, pending_id)
    except PendingNotFound:
        raise
    except PendingWriteError as error:
        raise PendingWriteError(f"staged write {pending_id} cannot be approved: {error}") from None
    if expect is not None and write.fingerprint != expect.strip().lower():
        raise PendingWriteError(f"staged write {pending_id} changed since it was shown (it is {write.fingerprint} now, "
                                f"not {echo(expect)}); nothing was applied: look at it again")
    reason = screen(write)
    if reason:
        raise PendingWriteError(f"staged write {pending_id} cannot be approved: {reason}")
    approved_by = "dashboard" if actor == "person" else "cli"
    provenance = {"origin": write.origin, "pending_id": write.pending_id, "approved_by": approved_by}
    try:
        result = store.apply_staged(
            write.target, [op.to_dict() for op in write.operations], single=not write.batch,
            source_kind=write.source_kind, provenance=provenance, limit=limits_of(store, hermes_home)[write.target], actor=actor,
            record={"pending_id": write.pending_id, "origin": write.origin, "staged_action": write.action, "from": "hermes"},
        )  # fmt: skip
    except StorageError:
        raise
    except DialecticalMemoryError as error:  # a refusal (no match, a limit): the file stays, as in Hermes
        raise PendingWriteError(f"staged write {pending_id} was not applied: {error}") from error
    return Decision("approve", write, pending_id, result, _discard_applied(hermes_home, write))


def _discard_applied(hermes_home: Path, write: StagedWrite) -> str | None:
    """Remove the applied write's file, unless it was rewritten meanwhile (then it stays, for a
    person to look at): a warning when the file could not be removed, else None."""
    pending_id = write.pending_id
    try:
        now = read_staged(hermes_home, pending_id)
    except PendingNotFound:
        return None
    except PendingWriteError:
        now = None
    if now is None or now.fingerprint != write.fingerprint:
        return f"It was applied, but its file changed meanwhile and was left in the queue: look at {pending_id} again."
    try:
        discard(hermes_home, pending_id)
    except PendingWriteError as error:
        return f"It was applied, but {error}: reject it in Hermes (/memory reject {pending_id}) or remove the file."
    return None


def reject(store: MemoryStore, hermes_home: Path, pending_id: str, *, actor: str = "cli") -> Decision:
    """Remove staged write ``pending_id`` as Hermes' ``/memory reject`` does, and record it. A file
    that is not a valid staged write can be rejected too (that is how one gets rid of it)."""
    check_id(pending_id)
    try:
        write = read_staged(hermes_home, pending_id)
    except PendingWriteError as error:
        write, why = None, str(error)
    if not discard(hermes_home, pending_id):
        raise PendingNotFound(f"no pending memory write {pending_id} (already approved or rejected?)")
    detail: dict[str, Any] = {"pending_id": pending_id, "from": "hermes"}
    if write is None:
        detail["unreadable"] = why
    else:
        detail.update(origin=write.origin, staged_action=write.action)
        if screen(write) is None:  # the words of a rejected write are worth keeping, unless unsafe
            detail["texts"] = " | ".join(write.texts)[:500] or None
            detail["old_text"] = next((op.old_text for op in write.operations if op.old_text), None)
    target = write.target if write is not None else "memory"
    store.record_staged_decision(target, "reject_staged", actor=actor, **{k: v for k, v in detail.items() if v is not None})
    return Decision("reject", write, pending_id)


# ---------------------------------------------------------------- while Hermes runs


class QueueWatcher:
    """Remembers what Hermes stages while it runs (a thread of the provider's): Hermes' own
    ``/memory approve`` tells no provider what it applied, so the texts must be known before."""

    def __init__(self, store: MemoryStore, hermes_home: Path, interval: float = WATCH_INTERVAL_SECONDS):
        self.store, self.hermes_home, self.interval = store, Path(hermes_home), interval
        self._stamp: int | None = None
        self._since_full = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def check(self, force: bool = False) -> None:
        """Read the queue if it changed since the last look (or ``force``) and remember its texts."""
        stamp = queue_stamp(self.hermes_home)
        if stamp is None or (stamp == self._stamp and not force):
            return
        self._stamp = stamp
        writes, unreadable = read_queue(self.hermes_home)
        remember(self.store, self.hermes_home, writes, unreadable)

    def start(self) -> None:
        self.check(force=True)
        self._thread = threading.Thread(target=self._run, name="dmem-hermes-queue", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2 * self.interval)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._since_full += self.interval
            try:
                self.check(force=self._since_full >= WATCH_FULL_READ_SECONDS)
            except Exception as error:  # noqa: BLE001 - a watcher must never take Hermes down
                log.warning("dialectical memory: reading Hermes' write-approval queue failed: %s", error)
            if self._since_full >= WATCH_FULL_READ_SECONDS:
                self._since_full = 0.0
