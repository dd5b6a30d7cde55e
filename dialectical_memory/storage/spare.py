"""A spare copy of a target's ``.md`` file, kept in step with it by a long-lived store, that an
add completes and exchanges into place instead of writing the whole file again.

An add to a large home appends one entry. Writing the whole ``.md`` again for it costs ~2 ms at
100,000 entries on a quiet disk and 20–50 ms when the kernel must find fresh pages for 5.8 MB, and
its fsync flushes all of them. With a copy beside the file (``.MEMORY.md.spare-<pid>-<store>.tmp``),
the add appends its entry to the copy, fsyncs it and exchanges it with the ``.md``: a reader still sees
the old file or the new one, never a mix (RELIABILITY.md). The file the exchange displaced holds
the old bytes; once the commit has ended and its identity proves nothing was saved into it since,
the same entry is appended to it and it is the next add's copy.

A copy is used only when everything proves it holds what the store last read or wrote: its
identity (inode, size, modification time backdated as :func:`~.files.backdate` does) is the one
this process gave it, it has one link (a hard link elsewhere, a backup made with ``cp -al``, is
never written into), its mode is the ``.md``'s. Otherwise the add writes the whole file, as it
always did. A copy is never the only copy of anything: removing it at any time loses nothing.
It ends in ``.tmp`` (a sync ignores it) but its name is none of a commit's temp files, which a load
removes as a killed write's leftovers: a store removes its copy when it is collected or the process
ends, and another store removes it once that process is gone (:func:`sweep`).
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import NamedTuple

from .files import backdate, md_identity, write_all

_OPEN_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_OPEN_APPEND = os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC


class Spare(NamedTuple):
    path: Path
    ident: tuple  # (inode, size, backdated mtime) as this process left it
    holds: tuple | None  # the identity of the .md whose bytes it holds, as the store last read or wrote it
    pid: int  # the process that made it: a forked child never uses (or removes) its parent's


def new_owner() -> str:
    """A name for one store's copies, unique among the stores of this process (two stores of one
    process over one home each keep their own)."""
    return os.urandom(4).hex()


def spare_path(md: Path, owner: str) -> Path:
    """Where the store named ``owner`` (:func:`new_owner`) keeps its copy of ``md``: the process's
    id first, which tells :func:`sweep` whether the copy's maker is gone."""
    return md.with_name(f".{md.name}.spare-{os.getpid()}-{owner}.tmp")


def make(md: Path, owner: str, data: bytes | bytearray, mode: int | None, holds: tuple | None) -> Spare | None:
    """A new copy of ``data`` (the bytes of ``md``, whose identity is ``holds``) beside ``md``, for
    the store named ``owner``, unsynced (the add that uses it fsyncs it). None when the file system
    keeps no backdated time (the identity could not prove the bytes) or it could not be written."""
    path = spare_path(md, owner)
    _remove(path)
    try:
        fd = os.open(path, _OPEN_NEW, 0o600)
    except OSError:
        return None
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        write_all(fd, data)
        stamped = backdate(fd)
    except OSError:
        stamped = None
    finally:
        os.close(fd)
    if stamped is None:
        _remove(path)
        return None
    return Spare(path, md_identity(stamped), holds, os.getpid())


def usable(spare: Spare, md: Path, mode: int | None, holds: tuple | None) -> bool:
    """Whether ``spare`` still provably holds the bytes of the ``.md`` at ``md`` whose identity,
    when last read or written, was ``holds``, and may be written into and published there."""
    if spare.pid != os.getpid() or spare.holds != holds or holds is None or spare.path.parent != md.parent:
        return False
    try:
        st = os.lstat(spare.path)
    except OSError:
        return False
    return (stat.S_ISREG(st.st_mode) and st.st_nlink == 1 and md_identity(st) == spare.ident
            and (mode is None or stat.S_IMODE(st.st_mode) == mode))


def written_since(spare: Spare) -> bool:
    """Whether something was saved into this process's copy since it left it: an editor that opened
    the ``.md`` before an exchange made that file the copy, and saved into it in place after."""
    if spare.pid != os.getpid():
        return False
    try:
        st = os.lstat(spare.path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and md_identity(st) != spare.ident


def extend(path: Path, tail: bytes, ident: tuple | None = None) -> tuple[bool, os.stat_result | None]:
    """Append ``tail`` to the file at ``path`` and backdate it. Returns whether it was written and
    its status after (None: the file system kept no backdated time). Nothing is written into a file
    whose identity is not ``ident`` (when given) or that has another link."""
    fd = os.open(path, _OPEN_APPEND)
    try:
        st = os.fstat(fd)
        if st.st_nlink != 1 or (ident is not None and md_identity(st) != ident):
            return False, None
        write_all(fd, tail)
        return True, backdate(fd)
    finally:
        os.close(fd)


def discard(spare: Spare | None) -> None:
    """Remove this process's copy (a forked child leaves its parent's alone)."""
    if spare is not None and spare.pid == os.getpid():
        _remove(spare.path)


def keep_aside(spare: Spare) -> Path | None:
    """Keep this process's copy, when something was saved into it since (:func:`written_since`),
    under a new name beside the ``.md`` (:func:`late_save_path`); returns that name, else None."""
    if not written_since(spare):
        return None
    md_name = spare.path.name[1:].rsplit(".spare-", 1)[0]
    kept = late_save_path(spare.path.with_name(md_name))
    try:
        os.replace(spare.path, kept)
    except OSError:
        return None
    return kept


def release(spare: Spare) -> None:
    """Remove this process's copy, or keep it aside when something was saved into it since."""
    if keep_aside(spare) is None:
        discard(spare)


def discard_all(spares: dict) -> None:
    """:func:`release` every copy in ``spares`` (a store's, when it is collected or the process exits)."""
    for spare in list(spares.values()):
        release(spare)
    spares.clear()


def late_save_path(md: Path) -> Path:
    """Where a save that landed in a file no longer the ``.md`` is kept: a new name beside it."""
    base = f"{md.name}.late-save-{int(time.time())}"
    path, number = md.with_name(base), 1
    while os.path.lexists(path):
        number += 1
        path = md.with_name(f"{base}-{number}")
    return path


def sweep(md: Path) -> list[Path]:
    """Remove the copies beside ``md`` left by processes that are gone (killed before they could
    remove theirs). A process alive, or one this process may not signal, keeps its copy."""
    removed = []
    prefix, suffix = f".{md.name}.spare-", ".tmp"
    try:
        names = os.listdir(md.parent)
    except OSError:
        return removed
    for name in names:
        number = name[len(prefix) : -len(suffix)].split("-", 1)[0] if name.startswith(prefix) and name.endswith(suffix) else ""
        if not number.isdigit() or int(number) == os.getpid() or _alive(int(number)):
            continue
        path = md.with_name(name)
        if _remove(path):
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def _remove(path: Path) -> bool:
    """Unlink ``path``; whether it was there to remove (a copy that cannot be removed is left)."""
    try:
        os.unlink(path)
    except OSError:
        return False
    return True
