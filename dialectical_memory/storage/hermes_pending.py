"""Hermes' write-approval queue on disk, and the origins of the writes it held.

With ``memory.write_approval: true`` in its ``config.yaml``, hermes-agent 0.19.0 does not apply a
memory write from a gateway, a script or its background review: ``tools.write_approval.stage_write``
keeps it as ``$HERMES_HOME/pending/memory/<id>.json``::

    {"id": "1a2b3c4d", "subsystem": "memory", "action": "add", "summary": "add to memory: …",
     "origin": "foreground" | "background_review", "created_at": 1760000000.0,
     "payload": {"action": "add", "target": "user", "content": "…", "old_text": null}}

(a batch has ``"payload": {"action": "batch", "target": …, "operations": [{action, content,
old_text}, …]}``). ``/memory approve ID`` replays the payload (``tools.memory_tool.
apply_memory_pending``) and deletes the file; ``/memory reject ID`` deletes it.

Anyone who can write that folder can put a file there, so the files are untrusted input: this
module reads them strictly — a regular file (never through a symbolic link), at most
``MAX_FILE_BYTES``, JSON of the shape and types Hermes writes, an id as Hermes makes them (8 hex
digits, the file's name) — and says in one line why a file is refused. A path is only ever built
from an id that passed that check. The texts are screened by the caller
(``features.hermes_pending``), as every text arriving from elsewhere is.

**Origins.** Hermes forgets a staged write once it applies it, so the entry that then appears in
``MEMORY.md`` would look like any hand edit. Whoever reads the queue (``dmem hermes pending``, the
dashboard, the Hermes provider) remembers each staged text and its origin in the memory home's
``.hermes-origins.json`` (:class:`OriginLedger`); the store's loader asks it about new text it
reconciles, so what Hermes' background review guessed gets that source, not a person's.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import re
import stat
from pathlib import Path
from typing import Any, Iterable, NamedTuple

import orjson

from ..core.beliefs import SourceKind, clean_provenance
from ..core.errors import InvalidInputError, NotFoundError, StorageError
from .files import FlockLock, atomic_write, ensure_home, file_stamp
from .hermes_format import normalise_entry

ID = re.compile(r"[0-9a-f]{8}")  # uuid.uuid4().hex[:8], as tools.write_approval.stage_write makes them
TARGETS = ("memory", "user")
OPERATIONS = ("add", "replace", "remove")
ORIGINS = ("foreground", "background_review")
# What a staged write's origin makes of its texts: a foreground write keeps the source a write from
# Hermes always had (a person's, or the entry's own for a replacement); a background review's guess
# gets its own, lower authority.
ORIGIN_SOURCE = {"foreground": None, "background_review": SourceKind.BACKGROUND_REVIEW}
MAX_FILE_BYTES = 64 * 1024  # one staged memory write is a few hundred bytes
MAX_TEXT_CHARS = 8000  # the store's longest entry
MAX_SUMMARY_CHARS = 2000
MAX_OPERATIONS = 100
MAX_FILES = 1000  # read at most this many files of one queue
LEDGER_NAME = ".hermes-origins.json"
LEDGER_MAX_BYTES = 4 * 1024 * 1024
LEDGER_MAX_WRITES = 1000
LEDGER_KEEP_GONE_SECONDS = 30 * 86400  # a write Hermes applied shows up in the .md long before this


log = logging.getLogger(__name__)


class PendingWriteError(InvalidInputError):
    """A staged write that cannot be read, applied or discarded; the message says why, in one line."""


class PendingNotFound(PendingWriteError, NotFoundError):
    """No staged write has this id (any more)."""


class StagedOperation(NamedTuple):
    action: str  # add, replace or remove
    content: str | None = None
    old_text: str | None = None

    def to_dict(self) -> dict[str, str]:
        """The operation as the store's batch takes it (Hermes ignores ``old_text`` of an add)."""
        data = {"action": self.action}
        if self.action != "remove":
            data["content"] = self.content
        if self.action != "add":
            data["old_text"] = self.old_text
        return data


class StagedWrite(NamedTuple):
    """One valid pending file: a single operation, or a batch (``action == "batch"``)."""

    pending_id: str
    target: str
    action: str
    origin: str
    created_at: float
    summary: str
    operations: tuple[StagedOperation, ...]

    @property
    def batch(self) -> bool:
        return self.action == "batch"

    @property
    def texts(self) -> list[str]:
        """The texts it would write (adds and replacements)."""
        return [op.content for op in self.operations if op.action != "remove" and op.content]

    @property
    def source_kind(self) -> SourceKind | None:
        return ORIGIN_SOURCE[self.origin]

    @property
    def fingerprint(self) -> str:
        """Twelve hex digits over everything a person is shown of this write and everything its
        approval applies: a page or a terminal that showed it passes it back, and an approval of a
        file rewritten since is refused (:func:`features.hermes_pending.approve`)."""
        shown = [self.pending_id, self.target, self.action, self.origin, self.summary,
                 [op.to_dict() for op in self.operations]]
        return hashlib.sha256(json.dumps(shown, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()[:12]


class RefusedFile(NamedTuple):
    """A file in the queue that is not a staged write this module accepts, and why."""

    name: str
    reason: str

    @property
    def pending_id(self) -> str | None:
        stem = self.name.removesuffix(".json")
        return stem if self.name.endswith(".json") and ID.fullmatch(stem) else None


def pending_dir(hermes_home: Path) -> Path:
    return Path(hermes_home) / "pending" / "memory"


def check_id(pending_id) -> str:
    """``pending_id`` if it is an id Hermes makes; anything else (a path, ``..``, ``all``) is refused."""
    if not isinstance(pending_id, str) or not ID.fullmatch(pending_id):
        shown = pending_id if isinstance(pending_id, str) and len(pending_id) <= 40 else type(pending_id).__name__
        raise PendingWriteError(f"{shown!r} is not a pending write id (Hermes makes them of 8 hex digits)")
    return pending_id


# ---------------------------------------------------------------- reading the queue


def read_queue(hermes_home: Path) -> tuple[list[StagedWrite], list[RefusedFile]]:
    """Every staged memory write, oldest first (as ``/memory pending`` lists them), and the files
    that were refused. A missing queue is an empty one."""
    try:
        names = sorted(entry.name for entry in os.scandir(pending_dir(hermes_home)) if entry.name.endswith(".json"))
    except (FileNotFoundError, NotADirectoryError):
        return [], []
    except OSError as error:
        return [], [RefusedFile(str(pending_dir(hermes_home)), f"the queue cannot be read ({error.strerror})")]
    writes, refused = [], []
    for name in names[:MAX_FILES]:
        stem = name.removesuffix(".json")
        if not ID.fullmatch(stem):
            refused.append(RefusedFile(name, "its name is not a pending write id (Hermes makes them of 8 hex digits)"))
            continue
        try:
            writes.append(read_staged(hermes_home, stem))
        except PendingWriteError as error:
            refused.append(RefusedFile(name, str(error)))
    if len(names) > MAX_FILES:
        refused.append(RefusedFile(f"{len(names) - MAX_FILES} more files", f"only the first {MAX_FILES} files of the queue are read"))
    writes.sort(key=lambda write: (write.created_at, write.pending_id))
    return writes, refused


def read_staged(hermes_home: Path, pending_id: str) -> StagedWrite:
    """The staged write ``pending_id``, validated; PendingWriteError says why it cannot be used."""
    path = pending_dir(hermes_home) / f"{check_id(pending_id)}.json"
    return parse_staged(_read_bytes(path), pending_id)


def _read_bytes(path: Path) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise PendingNotFound(f"no pending memory write {path.stem} (already approved or rejected?)") from None
    except OSError as error:
        if os.path.islink(path):
            raise PendingWriteError("it is a symbolic link, not a file Hermes wrote") from None
        raise PendingWriteError(f"it cannot be read ({error.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise PendingWriteError("it is not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise PendingWriteError(f"it is {st.st_size:,} bytes; a staged memory write is at most {MAX_FILE_BYTES:,}")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_FILE_BYTES:
            raise PendingWriteError(f"it grew past {MAX_FILE_BYTES:,} bytes while it was read")
        return b"".join(chunks)
    except OSError as error:
        raise PendingWriteError(f"it cannot be read ({error.strerror})") from None
    finally:
        os.close(fd)


def _no_constants(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def parse_staged(data: bytes, pending_id: str) -> StagedWrite:
    """A pending file's bytes as a :class:`StagedWrite`, or PendingWriteError with the first problem."""
    try:
        record = json.loads(data.decode("utf-8"), parse_constant=_no_constants)
    except UnicodeDecodeError:
        raise PendingWriteError("it is not UTF-8 text") from None
    except (ValueError, RecursionError) as error:
        raise PendingWriteError(f"it is not valid JSON ({str(error).splitlines()[0][:80]})") from None
    if not isinstance(record, dict):
        raise PendingWriteError(f"it holds a JSON {_kind(record)}, not the object Hermes writes")
    if record.get("id") != pending_id:
        raise PendingWriteError(f"its id {_short(record.get('id'))} is not its file name {pending_id}")
    if record.get("subsystem") != "memory":
        raise PendingWriteError(f"its subsystem is {_short(record.get('subsystem'))}, not 'memory'")
    # Only a write that says it is the person's own counts as theirs: a missing or unknown origin
    # is the lower authority of a background review, never the user's own words.
    origin = "foreground" if record.get("origin") == "foreground" else "background_review"
    created = record.get("created_at")
    if type(created) not in (int, float) or not math.isfinite(created) or created < 0:
        raise PendingWriteError(f"its created_at is {_short(created)}, not a time in seconds")
    summary = record.get("summary", "")
    if not isinstance(summary, str) or len(summary) > MAX_SUMMARY_CHARS:
        raise PendingWriteError(f"its summary is not a string of at most {MAX_SUMMARY_CHARS} characters")
    payload = record.get("payload")
    if not isinstance(payload, dict):
        raise PendingWriteError(f"its payload is a {_kind(payload)}, not an object")
    action = payload.get("action")
    if record.get("action", action) != action:
        raise PendingWriteError(f"its action {_short(record.get('action'))} is not its payload's {_short(action)}")
    target = payload.get("target", "memory")
    if target not in TARGETS:
        raise PendingWriteError(f"its target {_short(target)} is neither 'memory' nor 'user'")
    if action == "batch":
        operations = _batch(payload.get("operations"))
    elif action in OPERATIONS:
        operations = (_operation(payload, None),)
    else:
        raise PendingWriteError(f"its action {_short(action)} is not add, replace, remove or batch")
    return StagedWrite(pending_id, target, action, origin, float(created), summary, operations)


def _batch(operations) -> tuple[StagedOperation, ...]:
    if not isinstance(operations, list) or not operations:
        raise PendingWriteError("its batch has no list of operations")
    if len(operations) > MAX_OPERATIONS:
        raise PendingWriteError(f"its batch has {len(operations)} operations; at most {MAX_OPERATIONS} are read")
    return tuple(_operation(op, number) for number, op in enumerate(operations, 1))


def _operation(op, number: int | None) -> StagedOperation:
    """One operation, with what Hermes' tool requires before it stages one (and its batch before it
    applies one): content for add and replace, old_text for replace and remove."""
    where = f"operation {number}" if number else "it"
    if not isinstance(op, dict):
        raise PendingWriteError(f"{where} is a {_kind(op)}, not an object")
    action = op.get("action")
    if action not in OPERATIONS:
        raise PendingWriteError(f"{where}: the action {_short(action)} is not add, replace or remove")
    values = {}
    for key in ("content", "old_text"):
        value = op.get(key)
        if value is not None and not isinstance(value, str):
            raise PendingWriteError(f"{where} ({action}): {key} is a {_kind(value)}, not a string")
        if value is not None and len(value) > MAX_TEXT_CHARS:
            raise PendingWriteError(f"{where} ({action}): {key} is {len(value):,} characters; an entry has at most {MAX_TEXT_CHARS:,}")
        values[key] = value.strip() if value is not None else None
    if action != "remove" and not values["content"]:
        raise PendingWriteError(f"{where} ({action}): content is empty")
    if action != "add" and not values["old_text"]:
        raise PendingWriteError(f"{where} ({action}): old_text is empty")
    return StagedOperation(action, values["content"] if action != "remove" else None, values["old_text"] if action != "add" else None)


def _kind(value) -> str:
    return {dict: "object", list: "list", str: "string", bool: "boolean", type(None): "null"}.get(type(value), "number")


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=True) if value is None or isinstance(value, (str, int, float, bool)) else _kind(value)
    return text if len(text) <= 40 else text[:39] + "…"


def discard(hermes_home: Path, pending_id: str) -> bool:
    """Delete the pending file ``pending_id`` as ``/memory reject`` does; False if it was not there."""
    path = pending_dir(hermes_home) / f"{check_id(pending_id)}.json"
    try:
        path.unlink()
        return True
    except FileNotFoundError:
        return False
    except OSError as error:
        raise PendingWriteError(f"the pending file {path.name} cannot be removed ({error.strerror})") from None


def queue_stamp(hermes_home: Path) -> int | None:
    """Changes whenever a file is staged or removed (the folder's mtime): cheap enough to poll."""
    try:
        return os.stat(pending_dir(hermes_home)).st_mtime_ns
    except OSError:
        return None


# ---------------------------------------------------------------- the origins ledger


class Origin(NamedTuple):
    """What the loader gives an entry whose text a staged write (or Hermes' hook) announced: its
    source (None: the one it would get anyway) and its provenance."""

    source_kind: SourceKind | None
    provenance: dict[str, str]


class OriginLedger:
    """``<memory home>/.hermes-origins.json``: the texts of staged writes seen in Hermes' queue, by
    pending id, with their target and origin, kept until 30 days after the file left the queue.

    Written under its own lock, atomically; read (and trusted only as far as its types go: it sits
    in the home with everything else) when the store reconciles new text."""

    def __init__(self, memory_home: Path):
        self.path = Path(memory_home) / LEDGER_NAME
        self._lock = Path(memory_home) / f"{LEDGER_NAME}.lock"
        self._cached: tuple[Any, dict[str, dict[str, Origin]]] = (None, {})

    def remember(self, writes: Iterable[StagedWrite], present: Iterable[str], now: float) -> bool:
        """Note ``writes`` (from a full read of the queue) and which ids are still ``present``;
        forget writes long gone. Returns whether the file changed. Best effort: a home that cannot
        be written keeps the ledger as it was."""
        lock = FlockLock(self._lock)
        try:
            ensure_home(self.path.parent)  # Hermes makes its memories folder on its first load too
            lock.acquire()
        except (OSError, StorageError):
            return False
        try:
            records = self._records()
            before = json.dumps(records, sort_keys=True)
            present = set(present)
            for write in writes:
                known = records.get(write.pending_id)
                texts = write.texts
                if known is None or known.get("texts") != texts:
                    records[write.pending_id] = {"target": write.target, "origin": write.origin, "texts": texts,
                                                 "created_at": write.created_at, "seen_at": now, "gone_at": None}  # fmt: skip
            for pending_id, record in list(records.items()):
                if pending_id in present:
                    record["gone_at"] = None
                elif record.get("gone_at") is None:
                    record["gone_at"] = now
                elif now - record["gone_at"] > LEDGER_KEEP_GONE_SECONDS:
                    del records[pending_id]
            payload = _ledger_bytes(_within_bounds(records))
            if json.dumps(records, sort_keys=True) == before:
                return False
            atomic_write(self.path, payload)
            return True
        except OSError:
            return False
        finally:
            lock.release()

    def origins(self, target: str) -> dict[str, Origin]:
        """Text → origin for the staged writes to ``target`` this ledger knows (re-read when the file changed)."""
        stamp = file_stamp(self.path)
        if stamp != self._cached[0]:
            by_target: dict[str, dict[str, Origin]] = {name: {} for name in TARGETS}
            for pending_id, record in sorted(self._records().items(), key=lambda item: item[1]["seen_at"]):
                provenance = clean_provenance({"origin": record["origin"], "pending_id": pending_id})
                for text in record["texts"]:
                    by_target[record["target"]][normalise_entry(text)] = Origin(ORIGIN_SOURCE[record["origin"]], provenance)
            self._cached = (stamp, by_target)
        return self._cached[1].get(target, {})

    def _records(self) -> dict[str, dict[str, Any]]:
        """The ledger's records that have the types this module writes; the rest is ignored."""
        try:
            if (file_stamp(self.path) or (0, 0))[1] > LEDGER_MAX_BYTES:
                log.warning("%s is larger than %d bytes; it is discarded and rebuilt from the queue", LEDGER_NAME, LEDGER_MAX_BYTES)
                return {}
            document = orjson.loads(self.path.read_bytes())
        except FileNotFoundError:
            return {}
        except (OSError, orjson.JSONDecodeError):
            log.warning("%s is damaged; it is discarded and rebuilt from the queue", LEDGER_NAME)
            return {}
        writes = document.get("writes") if isinstance(document, dict) else None
        if not isinstance(writes, dict):
            return {}
        return {pending_id: record for pending_id, record in writes.items() if ID.fullmatch(pending_id) and _ledger_record(record)}


LEDGER_BUDGET = LEDGER_MAX_BYTES * 3 // 4  # what it keeps, well inside what it reads back


def _ledger_bytes(records: dict[str, dict[str, Any]]) -> bytes:
    return orjson.dumps({"version": 1, "writes": records}, option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2)


def _within_bounds(records: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``records`` cut, oldest seen first, to LEDGER_MAX_WRITES and LEDGER_BUDGET bytes: a ledger
    that outgrew its read cap would read as empty, and every background write would then look
    like the user's own."""
    oldest_first = sorted(records, key=lambda i: (records[i]["seen_at"], records[i]["created_at"]))
    for pending_id in oldest_first[: max(0, len(records) - LEDGER_MAX_WRITES)]:
        del records[pending_id]
    sizes = {i: len(orjson.dumps(records[i], option=orjson.OPT_INDENT_2)) + 8 * (len(records[i]["texts"]) + 8)
             for i in records}
    total = sum(sizes.values())
    for pending_id in oldest_first:
        if total <= LEDGER_BUDGET:
            break
        if pending_id in records:
            total -= sizes[pending_id]
            del records[pending_id]
    return records


def _ledger_record(record) -> bool:
    return (
        isinstance(record, dict)
        and record.get("target") in TARGETS
        and record.get("origin") in ORIGINS
        and isinstance(record.get("texts"), list)
        and all(isinstance(text, str) for text in record["texts"])
        and all(type(record.get(key)) in (int, float) for key in ("created_at", "seen_at"))
        and (record.get("gone_at") is None or type(record.get("gone_at")) in (int, float))
    )
