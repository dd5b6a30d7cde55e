"""Files of one target on disk: the ``.md`` text, the sidecar and its journal, history, archive.

Every write is atomic (unique temp file in the same folder, fsync, rename, fsync of the folder) or
an fsynced append of whole JSON lines; a torn last line left by a killed writer is skipped on read
and never glued to the next record. Cross-process exclusion is two locks per target, always taken in
this order: the store's own ``.MEMORY.lock`` (between stores), then Hermes' ``MEMORY.md.lock``
(between everything that writes ``MEMORY.md``, exactly as the Hermes agent's memory tool takes it).
A :class:`CommitPlan` makes a group of writes all-or-nothing: files are replaced by exchanging them
with a prepared temp file (the displaced file is kept until the end) and appends are truncated back,
so a failure at any point leaves every file as it was. Nothing in this module decides *what* to
write; :mod:`dialectical_memory.store.memory_store` does.
"""

from __future__ import annotations

import errno
import functools
import fcntl
import operator
import os
import re
import stat
import threading
import time
from dataclasses import dataclass
from contextlib import suppress
from pathlib import Path
from typing import Any, Callable

import orjson

from ..core.errors import StorageError
from .paths import TARGET_FILES

LOCK_TIMEOUT_SECONDS = 30.0


@dataclass(frozen=True)
class TargetPaths:
    """Where the files of one target live (each path built once: they are asked for on every call)."""

    home: Path
    target: str

    @property
    def stem(self) -> str:
        return TARGET_FILES[self.target]

    @functools.cached_property
    def md(self) -> Path:
        return self.home / f"{self.stem}.md"

    @functools.cached_property
    def sidecar(self) -> Path:
        return self.home / f"{self.stem}.meta.json"

    @functools.cached_property
    def journal(self) -> Path:
        return self.home / f"{self.stem}.meta.journal"

    @functools.cached_property
    def history(self) -> Path:
        return self.home / f"{self.stem}.history.jsonl"

    @functools.cached_property
    def archive(self) -> Path:
        return self.home / f"{self.stem}.archive.jsonl"

    @functools.cached_property
    def lock(self) -> Path:
        return self.home / f".{self.stem}.lock"

    @functools.cached_property
    def md_lock(self) -> Path:
        """Hermes' lock: ``path.with_suffix(path.suffix + ".lock")`` of the unresolved ``.md`` path."""
        return self.home / f"{self.stem}.md.lock"

    def watched(self) -> tuple[Path, ...]:
        """Files whose change means another process wrote: reload before trusting memory."""
        return (self.md, *self.store_written)

    @functools.cached_property
    def store_written(self) -> tuple[Path, ...]:
        """The watched files only stores write, always under the store's lock."""
        return (self.sidecar, self.journal, self.archive)


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def metadata_stamps(paths: TargetPaths) -> tuple:
    """Stamps of the files only stores write (always under the store's lock); the ``.md`` file,
    which Hermes and editors write too, is checked by content (see :func:`read_md_stable`)."""
    return tuple(map(file_stamp, paths.store_written))


def restamped(paths: TargetPaths, earlier: tuple, written: tuple[bool, ...]) -> tuple:
    """:func:`metadata_stamps` after a commit under the store's lock that wrote only some of those
    files (``written``: a flag for each of ``paths.store_written``): the others keep their
    ``earlier`` stamps (only stores write them, under that lock), and are not looked at again."""
    if len(earlier) != len(paths.store_written):
        return metadata_stamps(paths)
    return tuple(file_stamp(path) if wrote else stamp for path, stamp, wrote in zip(paths.store_written, earlier, written))


def md_identity(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def read_md_stable(path: Path, attempts: int = 50) -> tuple[bytes | None, tuple | None]:
    """The bytes of ``path`` and their identity, read so that an in-place save in progress (truncate,
    then write) is never taken for the file: the identity must be the same before and after the read
    and match the length read. ``(None, None)`` when the file does not exist. (Read through the
    descriptor itself: a buffered file object adds four system calls to every read, and a write
    makes four of these reads.)"""
    for _ in range(attempts):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            try:
                before = os.fstat(fd)
                data = _read_all(fd, before.st_size)
                after = os.fstat(fd)
            finally:
                os.close(fd)
            current = os.stat(path)
        except FileNotFoundError:
            return None, None
        if md_identity(before) == md_identity(after) == md_identity(current) and len(data) == after.st_size:
            return data, md_identity(after)
        time.sleep(0.002)
    raise StorageError(f"{path.name} kept changing while it was read; try again")


def _read_all(fd: int, size: int) -> bytes:
    """Everything left to read from ``fd`` (``size`` is a hint: the file may have grown). A read
    that returns less than it asked for met the end of the file (a regular file's reads are short
    only there): no second read to learn it. A file that grows meanwhile is caught by the
    caller's identity check, which compares the length read with the size after the read."""
    chunks = []
    wanted = max(size + 1, 65536)
    while True:
        chunk = os.read(fd, wanted)
        chunks.append(chunk)
        if len(chunk) < wanted:
            return b"".join(chunks)


def ensure_home(home: Path) -> None:
    """The home exists as a folder (made, with its parents, if missing). One ``stat`` when it does:
    every write checks it."""
    try:
        if stat.S_ISDIR(os.stat(home).st_mode):
            return
    except FileNotFoundError:
        pass
    except OSError as error:
        raise StorageError(f"cannot use memory home {home}: {error.strerror}") from error
    else:
        raise StorageError(f"memory home {home} exists and is not a directory")
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(f"cannot create memory home {home}: {error.strerror}") from error


class FlockLock:
    """``fcntl.flock(LOCK_EX)`` on a lock file that is never deleted: the protocol of the Hermes agent's
    memory tool on ``X.md.lock``, and ours on ``.X.lock``. Polled (not blocking) so a stuck holder
    becomes a clear error after ``timeout`` seconds instead of a hang. Each acquisition opens its own
    descriptor, so two holders in one process exclude each other as two processes do."""

    def __init__(self, path: Path, timeout: float | None = None):
        self.path, self.fd = path, None
        self.timeout = LOCK_TIMEOUT_SECONDS if timeout is None else timeout

    def acquire(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
        deadline, pause = time.monotonic() + self.timeout, 0.0005
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self.fd = fd
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    os.close(fd)
                    raise StorageError(
                        f"another process holds {self.path.name} for more than {self.timeout:.0f}s"
                    ) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.01)

    def release(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            os.close(fd)  # closing the only descriptor releases the flock


def fsync_path(path: Path) -> None:
    """fsync a file or folder by its path: a folder's renames, or a file's earlier unsynced writes."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_at_once(fds: list[int], removing: list[Path] = ()) -> None:
    """fsync every descriptor, the first in this thread and the others on worker threads at the
    same time (fsync releases the GIL, and the file system commits them together): one wait, not
    one per file. A worker is handed ``os.fsync`` and a descriptor, opened here: it takes the GIL
    once to start and once to end, not around an open and a close too. Every worker is waited
    for (a descriptor is closed by the caller only after); the first failure is raised.
    ``removing``: files unlinked on the workers meanwhile (see :meth:`CommitPlan.remove_at_end`).

    The hand-over is a queue and a lock, both in C (a thread pool's futures cost ~20 µs of Python
    per file, on every write)."""
    handed = [(os.fsync, fd) for fd in fds[1:]]
    if removing:
        handed += [(_unlink_quietly, path) for path in removing]
    queue = _fsync_queue() if handed else None
    pending = []
    for call, argument in handed:
        done = threading.Lock()
        done.acquire()  # released by the worker when its call returned
        failure: list[BaseException] = []
        queue.put((call, argument, done, failure))
        pending.append((done, failure))
    try:
        if fds:
            os.fsync(fds[0])
    finally:
        for done, _failure in pending:
            done.acquire()
    for _done, failure in pending:
        if failure:
            raise failure[0]


def fsync_dir(directory: Path) -> None:
    """Make renames in ``directory`` durable (one call covers every rename made before it)."""
    fsync_path(directory)


# ---------------------------------------------------------------- exchange and commit plans

_RENAME_NOREPLACE, _RENAME_EXCHANGE, _AT_FDCWD = 1, 2, -100
_UNLOADED = object()
_renameat2 = _UNLOADED  # looked up on the first exchange, not at import


def _load_renameat2():
    """libc's ``renameat2``, or None (not glibc ≥ 2.28 / not Linux)."""
    global _renameat2
    if _renameat2 is _UNLOADED:
        import ctypes

        try:
            function = ctypes.CDLL(None, use_errno=True).renameat2
            function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            _renameat2 = function
        except (AttributeError, OSError):
            _renameat2 = None
    return _renameat2


def _rename2(src: Path, dst: Path, flags: int) -> None:
    if _load_renameat2()(_AT_FDCWD, os.fsencode(src), _AT_FDCWD, os.fsencode(dst), flags) != 0:
        import ctypes

        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code), str(dst))


def exchange(src: Path, dst: Path) -> str:
    """Put ``src`` at ``dst`` atomically. Returns ``"exchanged"`` (the previous ``dst`` is now at
    ``src``), ``"created"`` (there was no ``dst``; ``src`` is gone) or ``"replaced"`` (the system has
    no atomic exchange: plain ``os.replace``, the previous file is gone)."""
    global _renameat2
    while _load_renameat2() is not None:
        try:
            _rename2(src, dst, _RENAME_EXCHANGE)
            return "exchanged"
        except OSError as error:
            if error.errno == errno.ENOENT and src.exists():
                try:
                    _rename2(src, dst, _RENAME_NOREPLACE)
                    return "created"
                except FileExistsError:
                    continue  # someone created dst meanwhile: exchange with it
            if error.errno in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
                _renameat2 = None  # file system without RENAME_EXCHANGE
                break
            raise
    os.replace(src, dst)
    return "replaced"


def exchange_unavailable() -> bool:
    return _load_renameat2() is None


_TEMP_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"  # mkstemp's: what _OWN_TEMP matches
_per_process: dict[str, Any] = {}  # made on first use; a forked child forgets them and makes its own
_fork_hook: list[bool] = []


def _of_this_process(name: str, make):
    """The object ``make()`` made for this process: a fork's child gets a new one (a thread pool's
    threads do not survive a fork, and a child must not draw its parent's temp names). Without a
    ``getpid`` per call: a hook registered on first use clears them in the child."""
    made = _per_process.get(name)
    if made is None:
        if not _fork_hook:
            os.register_at_fork(after_in_child=_per_process.clear)
            _fork_hook.append(True)
        made = _per_process[name] = make()
    return made


def _temp_names():
    import random  # on demand: writes only

    return random.Random()


def _new_temp_beside(path: Path) -> tuple[int, str]:
    """``tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)`` without its
    per-call overhead (a ``getpid`` and the checks of its arguments, on two files every write): a
    new file, 0600, opened ``O_EXCL`` so that a name taken is never reused."""
    names = _of_this_process("temp names", _temp_names)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    folder, base = os.path.split(path)  # the strings, not a Path made for the parent on every write
    for _attempt in range(10_000):
        name = os.path.join(folder, f".{base}.{''.join(names.choices(_TEMP_NAME_CHARS, k=8))}.tmp")
        try:
            return os.open(name, flags, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no usable temporary name", str(path.parent))


def write_temp(path: Path, data: bytes, mode: int | None = None, *, sync: bool = True,
               kept_open: dict[Path, int] | None = None, backdated: dict[Path, os.stat_result] | None = None) -> Path:
    """A temp file beside ``path`` holding ``data``, fsynced unless ``sync`` is False (the caller
    then syncs it, see :meth:`CommitPlan.sync_files`); removed again if writing fails. With
    ``kept_open`` its descriptor is left open there, by the temp file's path, for that later
    fsync (no second open and close of the file). With ``backdated`` its modification time is
    set just before the one its write got (see :func:`backdate`) and, when the file system kept
    it so, its status is put there by the temp file's path."""
    fd, name = _new_temp_beside(path)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        tmp = Path(name)
        if backdated is not None and (stamped := backdate(fd)) is not None:
            backdated[tmp] = stamped
        if sync:
            os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(name)
        raise
    if kept_open is None:
        os.close(fd)
    else:
        kept_open[tmp] = fd
    return tmp


def backdate(fd: int) -> os.stat_result | None:
    """Set the modification time of the file open at ``fd`` just before the one the kernel gave
    its last write, and return its status; None when the file system did not keep it earlier.

    Every later write to the file (in place, by anyone) gets a modification time no earlier than
    that write's, so it changes the file's identity (:func:`md_identity`) even within one tick of
    the file system's clock: the identity alone then tells that the bytes are unchanged, with no
    read to compare them (a clock set back, or a tool that sets the time itself, is not covered:
    as with any identity). A time rounded to the file system's granularity stays earlier."""
    written = os.fstat(fd)
    os.utime(fd, ns=(written.st_atime_ns, written.st_mtime_ns - 1))
    stamped = os.fstat(fd)
    return stamped if stamped.st_mtime_ns < written.st_mtime_ns else None


def write_target(path: Path) -> tuple[Path, int | None]:
    """Where writes to ``path`` land and the mode the file has there (None: no file yet): a
    symlinked ``.md`` (dotfiles) is written through to its target, keeping the target's mode.
    One ``lstat`` when ``path`` is no symlink (every write asks)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path, None
    if stat.S_ISLNK(st.st_mode):
        path = Path(os.path.realpath(path))
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return path, None
    return path, stat.S_IMODE(st.st_mode)


class CommitPlan:
    """Writes that happen together or not at all.

    Use as a context manager: on an exception every step already taken is undone in reverse order
    (a replaced file is exchanged back, an append is truncated back to its old length, a temp file
    is removed), so a refused write (ENOSPC, EROFS, EACCES…) leaves the files byte-identical. Undoing
    needs no free space. On success the displaced old files are removed and each folder touched is
    fsynced once, which makes all the renames durable together.
    """

    def __init__(self, home: Path):
        self.home = home
        self._undo: list = []
        self._discard: list[Path] = []
        self._kept: list[Path] = []
        self._removed_at_end: list[Path] = []  # kept files unlinked with the plan's last fsyncs
        self._dirs: set[Path] = set()
        self._dirs_synced = False
        self._unsynced: dict[Path, int] = {}  # temp files written unsynced: their open descriptors
        self.backdated: dict[Path, os.stat_result] = {}  # temp files written backdated: their status

    def __enter__(self) -> CommitPlan:
        return self

    def __exit__(self, kind, error, trace) -> None:
        self._close_unsynced()
        if kind is None:
            self._finish()
            return
        for undo in reversed(self._undo):
            try:
                undo()
            except OSError:
                pass  # best effort: the next load reconciles whatever is left
        for path in self._discard + self._kept + self._removed_at_end:
            _unlink_quietly(path)

    def temp(self, path: Path, data: bytes, mode: int | None = None, *, sync: bool = True, backdated: bool = False) -> Path:
        """A temp file beside ``path``; one written unsynced stays open until :meth:`sync_files`;
        one written ``backdated`` (see :func:`backdate`) has its status in :attr:`backdated`."""
        tmp = write_temp(path, data, mode, sync=sync, kept_open=None if sync else self._unsynced,
                         backdated=self.backdated if backdated else None)
        self._discard.append(tmp)
        self._dirs.add(path.parent)
        return tmp

    def sync_files(self, paths: list[Path]) -> None:
        """fsync files written unsynced, all at once (see :func:`fsync_at_once`): the plan waits one
        fsync instead of one per file. A temp file of this plan is synced through the descriptor it
        was written with (no second open); another file is opened by its path. Any failure fails
        the plan."""
        opened: dict[Path, int] = {}
        try:
            for path in paths:
                if path not in self._unsynced:
                    opened[path] = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            fsync_at_once([opened[path] if path in opened else self._unsynced[path] for path in paths])
        finally:
            for path in paths:
                fd = opened.get(path, self._unsynced.pop(path, None))
                if fd is not None:
                    os.close(fd)

    def _close_unsynced(self) -> None:
        for fd in self._unsynced.values():
            with suppress(OSError):
                os.close(fd)
        self._unsynced.clear()

    def publish(self, tmp: Path, path: Path) -> str:
        """Move a prepared temp file into place; undone by putting the previous file back."""
        how = exchange(tmp, path)
        if how == "exchanged":
            self._undo.append(lambda: exchange(tmp, path))
        elif how == "created":
            self._discard.remove(tmp)
            self._undo.append(lambda: os.unlink(path))
        else:
            self._discard.remove(tmp)
        return how

    def adopt(self, prepared: Path) -> Path:
        """A file prepared outside the plan (a spare copy of the ``.md``: storage/spare.py) that the
        plan publishes, and removes should it fail, as one of its own temp files."""
        self._discard.append(prepared)
        self._dirs.add(prepared.parent)
        return prepared

    def keep(self, tmp: Path) -> None:
        """Leave a displaced file in place on success: the caller looks at it once more, then removes it."""
        self._discard.remove(tmp)
        self._kept.append(tmp)

    def remove_at_end(self, kept: Path, data: Callable[[], bytes], mode: int) -> None:
        """Remove a kept file (:meth:`keep`, holding ``data()``) on a worker thread while the plan's
        last fsyncs run, not after them: on ext4 the unlink of a file the size of a 10,000-entry
        ``.md`` waits about as long as an fsync (its blocks are freed in the journal). The plan
        still ends only once it is gone. Should that last fsync fail, the undo first writes the
        file back from ``data()`` (synced, with ``mode``), so that the exchange back finds it."""
        self._kept.remove(kept)
        self._removed_at_end.append(kept)
        self._undo.append(lambda: os.path.lexists(kept) or _write_back(kept, data(), mode))

    def replace(self, path: Path, data: bytes, mode: int | None = None) -> None:
        self.publish(self.temp(path, data, mode), path)

    def append(self, path: Path, records: list[dict[str, Any]], *, sync: bool = True, last: bool = False,
               lines: list[bytes] | None = None) -> int | None:
        """Append whole JSON lines; undone by truncating back to the old length. Returns the file's
        length after the append (None when there was nothing to append). ``lines``: the records
        already serialised (:func:`json_lines`), not serialised again.

        ``last``: this is the plan's last write, so its fsync and the folders' (which make the
        renames before it durable) run at once, on two threads: both must finish before the plan
        does, neither needs the other first, and the call waits one fsync instead of two."""
        if not records:
            return None
        fd, real, existed = open_append(path, self.home)
        try:
            start = os.lseek(fd, 0, os.SEEK_END)
            self._undo.append(lambda: _truncate(real, start) if existed else os.unlink(real))
            written = 0
            if start > 0 and os.pread(fd, 1, start - 1) != b"\n":
                written += write_all(fd, b"\n")
            if lines is not None:
                written += write_all(fd, b"".join(lines))
            else:
                for at in range(0, len(records), APPEND_CHUNK):  # 100,000 records are not held as bytes at once
                    written += write_all(fd, b"".join(_json_line(r) for r in records[at : at + APPEND_CHUNK]))
            self._dirs.add(path.parent)
            if sync and last:
                self._sync_with_folders([fd], self._removed_at_end)
                self._removed_at_end.clear()
            elif sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        return start + written

    def _sync_with_folders(self, fds: list[int], removing: list[Path]) -> None:
        """fsync ``fds`` and every folder touched so far, and remove ``removing``, at once; a
        failure fails the plan (undone by ``__exit__`` while the plan's body runs)."""
        folders: list[int] = []
        try:
            for directory in self._dirs:
                folders.append(os.open(directory, os.O_RDONLY | os.O_CLOEXEC))
            fsync_at_once([*fds, *folders], removing)
        finally:
            for folder in folders:
                os.close(folder)
        self._dirs_synced = True

    def sync(self, path: Path) -> None:
        """Make earlier unsynced appends to ``path`` durable (if it exists)."""
        with suppress(FileNotFoundError):
            fsync_path(path)

    def _finish(self) -> None:
        for path in self._discard:
            _unlink_quietly(path)
        if self._removed_at_end:
            self._sync_with_folders([], self._removed_at_end)
        elif not self._dirs_synced:
            for directory in self._dirs:
                fsync_dir(directory)


FSYNC_WORKERS = 2  # a commit syncs or removes at most three files at once: its own thread and two workers


def _fsync_queue():
    """The queue of the worker threads for the fsyncs a commit runs beside its own; made (with
    its threads) on first use, and again in a forked child (threads do not survive a fork)."""
    return _of_this_process("fsync queue", _start_fsync_workers)


def _start_fsync_workers():
    import queue

    requests = queue.SimpleQueue()
    for number in range(FSYNC_WORKERS):
        threading.Thread(target=_fsync_worker, args=(requests,), name=f"dmem-fsync-{number}", daemon=True).start()
    return requests


def _fsync_worker(requests) -> None:
    """Run fsyncs as they come; each request's failure, if any, goes back in its list, and its
    lock is released once the fsync returned. A daemon: a caller always waits for its requests,
    so none is in flight when the interpreter exits."""
    while True:
        fsync, fd, done, failure = requests.get()
        try:
            fsync(fd)
        except BaseException as error:  # handed to the caller, which raises it
            failure.append(error)
        finally:
            done.release()


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _write_back(path: Path, data: bytes, mode: int) -> None:
    """Put a removed file back at ``path`` (an undo: see :meth:`CommitPlan.remove_at_end`)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    try:
        os.fchmod(fd, mode)
        write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def _truncate(path: Path, length: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_NOFOLLOW)
    try:
        os.ftruncate(fd, length)
    finally:
        os.close(fd)


_APPEND_FLAGS = os.O_RDWR | os.O_APPEND | os.O_CLOEXEC | os.O_NOFOLLOW


def open_append(path: Path, home: Path) -> tuple[int, Path, bool]:
    """A descriptor for appending to ``path``, the file it opened and whether that file existed
    before: created 0600 (history and archive hold full text), and a symlink is followed only when
    it stays inside the home. One ``open`` when the file is there and no symlink (every write
    appends): ``O_NOFOLLOW`` refuses a symlink (ELOOP), which is then resolved and checked."""
    try:
        return os.open(path, _APPEND_FLAGS), path, True
    except FileNotFoundError:
        pass
    except OSError as error:
        if error.errno not in (errno.ELOOP, errno.EMLINK):  # EMLINK: the BSDs' answer
            raise
        resolved = Path(os.path.realpath(path))
        if not resolved.is_relative_to(Path(os.path.realpath(home))):
            raise StorageError(f"{path.name} is a symlink out of the memory home; refusing to append to it") from None
        existed = resolved.exists()
        return os.open(resolved, _APPEND_FLAGS | os.O_CREAT, 0o600), resolved, existed
    try:
        return os.open(path, _APPEND_FLAGS | os.O_CREAT | os.O_EXCL, 0o600), path, False
    except FileExistsError:  # made meanwhile (by a writer outside the store's lock): append to it
        return open_append(path, home)


def atomic_write(path: Path, data: bytes, *, sync_dir: bool = True) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never a mix.

    With ``sync_dir=False`` the caller promises a :func:`fsync_dir` before it reports success.
    """
    fd, tmp_name = _new_temp_beside(path)
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


# The temp files this package makes beside a target file: the .md, the sidecar, the journal and
# the candidate index (a cache: a write of it that loses its temp file here is skipped, see
# detection/index_file.write_index).
_OWN_TEMP = re.compile(r"\.(?:MEMORY|USER)\.(?:md|meta\.json|meta\.journal|index)\.[a-z0-9_]{8}\.tmp")


def leftover_temp_files(paths: TargetPaths) -> bool:
    return any(_OWN_TEMP.fullmatch(p.name) for p in paths.home.glob(f".{paths.stem}.*.tmp"))


def remove_leftover_temp_files(paths: TargetPaths) -> list[Path]:
    """Delete temp files a killed writer left behind. Call with the target's locks held: then no
    store is mid-write, and a temp file never holds the only copy of anything (the rename that
    would have published it did not happen). Only this module's own names (``mkstemp`` beside a
    target file) are touched: an editor's or Hermes' temp file is theirs."""
    removed = []
    for candidate in paths.home.glob(f".{paths.stem}.*.tmp"):
        if not _OWN_TEMP.fullmatch(candidate.name):
            continue
        try:
            candidate.unlink()
            removed.append(candidate)
        except FileNotFoundError:
            continue
    return removed


APPEND_CHUNK = 1_000  # records serialised and written at a time


def write_all(fd: int, data: bytes) -> int:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    return len(data)


def _json_line(record: dict[str, Any]) -> bytes:
    return orjson.dumps(record, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)


def json_lines(records: list[dict[str, Any]]) -> list[bytes]:
    """Each record as :meth:`CommitPlan.append` writes it (sorted keys, a newline): serialised once
    for a commit that both appends them and counts their bytes or carries them."""
    return [_json_line(r) for r in records]


TAIL_CARRIED_BYTES = 16_384  # what a sidecar carries of unsynced history appends, at most


def history_tail(path: Path, records: list[dict[str, Any]], earlier: dict | None = None,
                 lines: list[bytes] | None = None) -> tuple[dict[str, Any] | None, bool]:
    """What a rewritten sidecar carries of the history records appended unsynced to ``path``: the
    records, and where the appends start and end in which file (its inode; 0 when the append
    creates it). A load puts back the records when the file ends in that range: an append was
    lost (see ``store/loader.py``). Returns the tail and whether the file must be synced before
    the sidecar is replaced.

    ``earlier`` is the tail of the sidecar being replaced. While the file is still the one it
    names and ends where it ended, the new tail carries its records too, from where it began, so
    the file need not be synced for them (one fsync fewer per add), until the appends carried
    pass ``TAIL_CARRIED_BYTES``: then the file is synced, and the tail starts again at its end.
    ``lines``: the records already serialised (:func:`json_lines`)."""
    try:
        st = os.stat(path)
        size, inode = st.st_size, st.st_ino
    except FileNotFoundError:
        size, inode = 0, 0
    end = size + sum(map(len, lines if lines is not None else json_lines(records)))
    if _tail_ends_at(earlier, size, inode) and end - earlier["start"] <= TAIL_CARRIED_BYTES:
        return {"start": earlier["start"], "end": end, "inode": inode, "records": earlier["records"] + records}, False
    if not records:
        return earlier, True
    return {"start": size, "end": end, "inode": inode, "records": records}, True


def _tail_ends_at(tail: dict | None, size: int, inode: int) -> bool:
    """Is ``tail`` a well-formed record of appends to the file of ``inode`` that end at its ``size``?"""
    return (isinstance(tail, dict) and isinstance(tail.get("records"), list)
            and all(type(tail.get(key)) is int for key in ("start", "end", "inode"))
            and tail["start"] <= tail["end"] == size and tail["inode"] in (0, inode))


class TailText:
    """A sidecar's history tail as it writes it: one line of JSON (``orjson.dumps(tail)``) stored
    as a JSON string, each carried record serialised and escaped once (a tail of up to 16 KiB is
    written with every sidecar until the history file is synced, and only grows at its end). The
    records serialised last are recognised by identity (the tail's lists are new lists of the same,
    never changed, record objects); anything else is serialised whole."""

    _KEYS = ["start", "end", "inode", "records"]  # the order history_tail gives them

    def __init__(self):
        self._records: list = []
        self._escaped = b""  # the JSON of self._records, joined by commas, escaped as in a JSON string

    def written(self, tail: dict[str, Any]) -> orjson.Fragment:
        """``orjson.dumps(tail)`` as a JSON string, for the sidecar's ``history_tail``."""
        records = tail.get("records")
        if type(records) is not list or list(tail) != self._KEYS:
            return orjson.Fragment(orjson.dumps(orjson.dumps(tail).decode("utf-8")))
        known = self._records
        if len(records) < len(known) or not all(map(operator.is_, known, records)):
            known, self._escaped = [], b""
        if len(records) > len(known):
            added = b",".join(map(orjson.dumps, records[len(known) :]))
            self._escaped += _escaped(b"," + added if known else added)
        self._records = records
        head = orjson.dumps({**tail, "records": orjson.Fragment(b"[]")})[:-2]  # up to the records' "["
        return orjson.Fragment(b'"' + _escaped(head) + self._escaped + b']}"')


def _escaped(json: bytes) -> bytes:
    """``json`` as it reads inside a JSON string, without the quotes."""
    return orjson.dumps(json.decode("utf-8"))[1:-1]


def append_records(path: Path, records: list[dict[str, Any]]) -> None:
    """Append whole JSON lines and fsync; all or nothing. A torn tail from a crash is fenced off."""
    with CommitPlan(path.parent) as plan:
        plan.append(path, records)


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


READ_CHUNK_BYTES = 64 * 1024


def lines_from_end(path: Path, *, max_line: int, chunk: int = READ_CHUNK_BYTES):
    """The lines of an append-only file, last first, read a chunk at a time from its end: memory
    stays within ``max_line`` and a chunk whatever the file's size. Yields ``bytes`` for each
    line, or ``None`` for one longer than ``max_line`` (skipped without being held whole). The
    file's length is taken once, when reading starts: what is appended meanwhile is not read."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        return
    with handle:
        position = os.fstat(handle.fileno()).st_size
        tail: list[bytes] = []  # pieces of the line being assembled, last piece first
        held, oversized = 0, False
        while position > 0:
            start = max(0, position - chunk)
            handle.seek(start)
            data = handle.read(position - start)
            position = start
            pieces = data.split(b"\n")
            for piece in reversed(pieces[1:]):  # each of these ends a line (the newline after it)
                line = None if oversized or held + len(piece) > max_line else b"".join([piece, *tail])
                tail, held, oversized = [], 0, False
                if line is None or line.strip():
                    yield line
            first = pieces[0]
            if not oversized and held + len(first) <= max_line:
                tail.insert(0, first)
                held += len(first)
            else:
                tail, held, oversized = [], 0, True
        line = None if oversized else b"".join(tail)
        if line is None or line.strip():
            yield line


def lines_from(path: Path, offset: int, *, max_line: int, chunk: int = READ_CHUNK_BYTES):
    """Whole lines of an append-only file from ``offset`` on, first first, a chunk at a time;
    yields ``(end, line)``: the offset just past the line's newline, and the line (None when it
    is longer than ``max_line``). A last line without its newline (a write in progress) is not
    yielded; the caller reads it next time, from the last ``end``."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        return
    with handle:
        handle.seek(offset)
        pending: list[bytes] = []
        length, end = 0, offset  # length of the line being assembled; where the last whole line ended
        while data := handle.read(chunk):
            pieces = data.split(b"\n")
            for piece in pieces[:-1]:
                length += len(piece)
                line = b"".join([*pending, piece]) if length <= max_line else None
                end += length + 1
                pending, length = [], 0
                yield end, line
            rest = pieces[-1]
            length += len(rest)
            pending = [*pending, rest] if length <= max_line else []


SIDECAR_JSON = orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2


def dumps_sidecar(document: dict[str, Any]) -> bytes:
    """Deterministic JSON: sorted keys, two-space indent, UTF-8, so one change is a small diff."""
    return orjson.dumps(document, option=SIDECAR_JSON | orjson.OPT_APPEND_NEWLINE)


class StoredRecords:
    """Each entry's sidecar record as :func:`dumps_sidecar` writes it (an ``orjson.Fragment`` at the
    depth of ``entries``), serialised again only when the entry changed: a small home rewrites its
    whole sidecar on every add, and re-serialising every record was a quarter of the add.

    Nobody has to say that an entry changed: every field of the object, containers included, is
    serialised in C each time (an exact fingerprint, a fifth of the cost of the record) and compared
    with the bytes its cached record was made from. Any assignment, any change in place of a list
    or a dict, and any field added to the class later, makes the bytes differ. Two values that
    serialise alike (an int and an enum member of that number) are read back alike, so a record
    reused for either says the same."""

    def __init__(self):
        self._by_id: dict[str, tuple[bytes, orjson.Fragment]] = {}

    def fragment(self, entry_id: str, meta: Any) -> orjson.Fragment:
        """``meta.stored()`` as JSON, from the cache while ``meta`` serialises as it did."""
        fingerprint = orjson.dumps(meta.__dict__)
        cached = self._by_id.get(entry_id)
        if cached is not None and cached[0] == fingerprint:
            return cached[1]
        indented = orjson.dumps(meta.stored(), option=SIDECAR_JSON).replace(b"\n", b"\n    ")  # inside "entries"
        made = self._by_id[entry_id] = (fingerprint, orjson.Fragment(indented))
        return made[1]

    def keep_only(self, entry_ids) -> None:
        """Forget the records of entries no longer written (archived ones)."""
        if len(self._by_id) > len(entry_ids):
            self._by_id = {i: made for i, made in self._by_id.items() if i in entry_ids}


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
