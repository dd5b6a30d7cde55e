"""Files of one target on disk: the ``.md`` text, the sidecar and its journal, history, archive.

Every write is atomic (unique temp file in the same folder, fsync, ``os.replace``, fsync of the
folder) or an fsynced append of whole JSON lines; a torn last line left by a killed writer is
skipped on read and never glued to the next record. Cross-process exclusion is a lock file per
target. Nothing in this module decides *what* to write; :mod:`dialectical_memory.store` does.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from filelock import FileLock, Timeout

from .errors import StorageError

TARGET_FILES = {"memory": "MEMORY", "user": "USER"}
LOCK_TIMEOUT_SECONDS = 30.0


@dataclass(frozen=True)
class TargetPaths:
    """Where the files of one target live."""

    home: Path
    target: str

    @property
    def stem(self) -> str:
        return TARGET_FILES[self.target]

    @property
    def md(self) -> Path:
        return self.home / f"{self.stem}.md"

    @property
    def sidecar(self) -> Path:
        return self.home / f"{self.stem}.meta.json"

    @property
    def journal(self) -> Path:
        return self.home / f"{self.stem}.meta.journal"

    @property
    def history(self) -> Path:
        return self.home / f"{self.stem}.history.jsonl"

    @property
    def archive(self) -> Path:
        return self.home / f"{self.stem}.archive.jsonl"

    @property
    def lock(self) -> Path:
        return self.home / f".{self.stem}.lock"

    def watched(self) -> tuple[Path, ...]:
        """Files whose change means another process wrote: reload before trusting memory."""
        return (self.md, self.sidecar, self.journal, self.archive)


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def stamps(paths: TargetPaths) -> tuple:
    return tuple(file_stamp(p) for p in paths.watched())


def ensure_home(home: Path) -> None:
    if home.exists() and not home.is_dir():
        raise StorageError(f"memory home {home} exists and is not a directory")
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(f"cannot create memory home {home}: {error.strerror}") from error


def target_lock(paths: TargetPaths) -> FileLock:
    return FileLock(str(paths.lock), timeout=LOCK_TIMEOUT_SECONDS)


def locked(lock: FileLock):
    """Acquire ``lock`` or fail with a message that names the lock file."""
    try:
        return lock.acquire()
    except Timeout as error:
        raise StorageError(
            f"another process holds {lock.lock_file} for more than {LOCK_TIMEOUT_SECONDS:.0f}s"
        ) from error


def fsync_dir(directory: Path) -> None:
    """Make renames in ``directory`` durable (one call covers every rename made before it)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, *, sync_dir: bool = True) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never a mix.

    With ``sync_dir=False`` the caller promises a :func:`fsync_dir` before it reports success.
    """
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    if sync_dir:
        fsync_dir(path.parent)


def remove_leftover_temp_files(paths: TargetPaths) -> list[Path]:
    """Delete temp files a killed writer left behind. Call with the target's lock held: then no
    writer is mid-write, and a temp file never holds the only copy of anything (the rename that
    would have published it did not happen)."""
    removed = []
    for candidate in paths.home.glob(f".{paths.stem}.*.tmp"):
        try:
            candidate.unlink()
            removed.append(candidate)
        except FileNotFoundError:
            continue
    return removed


def _json_line(record: dict[str, Any]) -> bytes:
    return orjson.dumps(record, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)


def append_records(path: Path, records: list[dict[str, Any]]) -> None:
    """Append whole JSON lines and fsync. A torn tail from a crash is fenced off with a newline."""
    if not records:
        return
    payload = b"".join(_json_line(r) for r in records)
    with open(path, "ab+") as handle:
        handle.seek(0, os.SEEK_END)
        if handle.tell() > 0:
            handle.seek(-1, os.SEEK_END)
            if handle.read(1) != b"\n":
                payload = b"\n" + payload
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())


def read_records(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """JSON-lines records and warnings about lines that could not be parsed (they are skipped)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], []
    records, warnings = [], []
    lines = data.split(b"\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
            if not isinstance(record, dict):
                raise ValueError("not an object")
        except (ValueError, orjson.JSONDecodeError):
            torn_tail = number == len(lines) and not data.endswith(b"\n")
            what = "an unfinished last line (interrupted write)" if torn_tail else "an unreadable line"
            warnings.append(f"{path.name}: skipped {what} at line {number}")
            continue
        records.append(record)
    return records, warnings


def dumps_sidecar(document: dict[str, Any]) -> bytes:
    """Deterministic JSON: sorted keys, two-space indent, UTF-8, so one change is a small diff."""
    return orjson.dumps(document, option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)


def read_sidecar(path: Path) -> dict[str, Any] | None:
    """The sidecar document, None when missing; raises ValueError when it is not a JSON object."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    document = orjson.loads(data)
    if not isinstance(document, dict):
        raise ValueError("sidecar is not a JSON object")
    return document


def quarantine(path: Path, now: float) -> Path:
    """Move a damaged file aside (never delete it) and return where it went."""
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now))
    destination = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while destination.exists():
        destination = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    os.replace(path, destination)
    return destination
