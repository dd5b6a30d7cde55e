"""The candidate index on disk: a derived cache beside the sidecar, so a new process does not
analyse every entry again before its first add.

``.MEMORY.index.json`` (and ``.USER.index.json``) holds, per slot, the entry id, the exact text
that was analysed and its postings. Its layout (format 3): a JSON header line; a JSON body of the
slots (``ids``, ``texts``, ``sizes``, ``names``) and the ``terms``, ``body`` bytes long; then
``terms + 1`` offsets and the postings, unsigned 32-bit little-endian numbers: the ``i``-th term's
slots are ``postings[offsets[i]:offsets[i + 1]]``. Opening it decodes the body and copies the two
arrays; a term's slots become a set only when an add or a query first asks for that term. It is
never a source of truth:

* a header names the file format and a fingerprint of the analysis code (the source of this
  package) and carries a checksum of the rest; another format or fingerprint, a bad checksum or any
  malformed part → rebuilt;
* every slot is checked against the entries just loaded by *text equality*, so an entry changed by
  another process, a hand edit or a failed write costs one analysis, and a stale slot is never used;
* it is written without fsync (temp file + rename): after a crash it is old, torn or missing, and
  each of those only means more analysis.

A few new analyses are not worth rewriting the whole file (~1.7 MB at 10,000 entries): they are
appended to its tail, ``.MEMORY.index.tail``, one line per entry (``crc32 record``; the record
names the file it extends by :func:`_identity` of its header, and carries the entry's id, text,
terms and introductions). Opening the file applies the tail's records that extend it; a line torn
by a crash, with a bad checksum, malformed, or made for another file is skipped; a tail larger
than any we write is ignored whole. Past TAIL_MAX lines the file is rewritten with them and the
tail removed (after the rename: a crash between leaves lines that extend a file no longer there).
Removed entries need no record: the check against the entries drops them.

It is local to one machine and must never be synced (ignore ``.*.index.*``).
"""

from __future__ import annotations

import functools
import os
import sys
import zlib
from array import array
from collections.abc import Callable

try:  # hashlib's blake2b without the OpenSSL its import loads (~2 ms)
    from _blake2 import blake2b
except ImportError:
    from hashlib import blake2b
from pathlib import Path

import orjson

from ..core.gc_pause import collector_paused
from .index import AT_ONCE, COLD_AT_ONCE, SLOT_TYPE, CandidateIndex, StoredPostings

FORMAT = 3  # 2: the names each slot introduces (holders.py); 3: postings packed after the body
SAVE_AFTER = 32  # analyses not yet on disk before they are saved (save_index)
MAX_FILE_BYTES = 256 * 1024 * 1024  # far above a 10,000-entry home's index; larger is not ours
TAIL_MAX = 64  # lines in the tail before the file is rewritten with them: each costs ~0.02 ms to apply when
# the file is opened, a rewrite ~14 ms at 10,000 entries (64: a long-lived store rewrites every third save)
MAX_TAIL_BYTES = 4 * 1024 * 1024  # far above TAIL_MAX records; larger is not ours
_PACKAGE = os.path.dirname(os.path.realpath(__file__))


def index_path(home: Path, stem: str) -> Path:
    return home / f".{stem}.index.json"


def tail_path(path: Path) -> Path:
    return path.with_name(path.name.removesuffix(".json") + ".tail")


@functools.cache
def analysis_fingerprint() -> str:
    """Changes whenever the code that turns a text into index terms may have changed: its source,
    and the words of every language (lang/<code>/*.json) it reads."""
    digest = blake2b(digest_size=16)
    for parts in _analysis_sources():
        digest.update("/".join(parts).encode())
        with open(os.path.join(_PACKAGE, *parts), "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def _analysis_sources() -> list[tuple[str, ...]]:
    """The package's ``*.py`` and ``lang/*/*.json`` (as glob finds them: no hidden names), as paths
    relative to it, in the order of their parts; listed with os, not pathlib (a third of the time
    of the fingerprint, which the first add of every process pays)."""
    found = [(name,) for name in _listed(_PACKAGE) if name.endswith(".py")]
    for code in _listed(os.path.join(_PACKAGE, "lang")):
        if os.path.isdir(folder := os.path.join(_PACKAGE, "lang", code)):
            found += [("lang", code, name) for name in _listed(folder) if name.endswith(".json")]
    return sorted(found)


def _listed(folder: str) -> list[str]:
    return [name for name in os.listdir(folder) if not name.startswith(".")]


def _checksum(rest: bytes | memoryview) -> str:
    """Of everything after the header line: against a torn or damaged file, not a planted one."""
    return f"{zlib.crc32(rest):08x}"


def _identity(header: bytes) -> str:
    """Names one written file for the records of its tail: its header holds the format, the
    analysis fingerprint and the checksum and sizes of the rest."""
    return blake2b(header, digest_size=8).hexdigest()


def open_index(path: Path, texts: dict[str, str] | Callable[[], dict[str, str]],
               previous: CandidateIndex | None = None, ids_by_text: dict[str, str] | None = None) -> CandidateIndex:
    """An index over ``texts`` (entry id → text, or a function that makes them), from the cheapest
    valid source: ``previous`` (the index of this process before a reload), else the file, else a
    full build; too many texts to analyse are left pending (``CandidateIndex.pending``). With
    ``ids_by_text`` (the same entries by text, kept up to date by the caller), an index that holds
    them, or holds only them and leaves the rest pending, is taken without making ``texts`` or
    comparing entry by entry in Python (:meth:`CandidateIndex.sync_by_text`). Saves the file when it
    was missing, stale or rebuilt."""
    index = previous if previous is not None else read_index(path)
    cold = index is None
    if cold:
        index = CandidateIndex()
        index.unsaved = SAVE_AFTER  # nothing usable on disk: write what we build
    at_once = COLD_AT_ONCE if cold else AT_ONCE  # more missing are left pending (see index.AT_ONCE)
    if ids_by_text is not None and index.sync_by_text(ids_by_text, at_once):
        caught_up = 0
    else:
        caught_up = index.sync(texts() if callable(texts) else texts, at_once)
    # Texts the file lacked (entries other processes wrote since it was saved: one-shot `dmem add`s,
    # Hermes): see save_caught_up.
    index.caught_up = caught_up if previous is None else 0
    index.first_commit_saves = previous is None
    save_if_due(path, index)
    return index


def save_caught_up(path: Path, index: CandidateIndex) -> None:
    """Save the analyses of texts the file lacked when it was opened. Called after a write commits
    (never for one refused: a failing call writes nothing). Without it every later process would
    analyse them again, up to SAVE_AFTER of them: appended to the tail, they cost each later process
    ~0.02 ms apiece instead of ~1 ms, with the patterns they compile. The first commit of a process
    that opened the file also keeps what it analysed itself (an add may open the index before its
    own entry is in it: a one-shot `dmem add` would leave its entry for every later process)."""
    first, index.first_commit_saves = index.first_commit_saves, False
    if index.caught_up or (first and index.unsaved):
        save_index(path, index)
        index.caught_up = 0  # written, or unwritable: tried once


def save_if_due(path: Path, index: CandidateIndex) -> None:
    if index.unsaved >= SAVE_AFTER:
        save_index(path, index)


def save_index(path: Path, index: CandidateIndex) -> None:
    """Keep what was analysed since the last save: appended to the tail of the file ``index``
    was read from or last wrote, or, when there is none or its tail is full, a rewrite."""
    records = index.unsaved_records()  # none when what was analysed is gone again
    if index.saved_as is None or index.tail_records + len(records) > TAIL_MAX:
        write_index(path, index)
    elif not records or _append_tail(path, index.saved_as, records):
        index.tail_records += len(records)
        index.mark_saved()
    else:
        write_index(path, index)


def _append_tail(path: Path, identity: str, records: list[tuple[str, str, list[str], list[str]]]) -> bool:
    """One write, without fsync, never through a symlink; the leading newline ends a line a crash
    tore, so that only that line is lost."""
    lines = []
    for entry_id, text, terms, names in records:
        record = orjson.dumps({"of": identity, "id": entry_id, "text": text, "terms": terms, "names": names})
        lines.append(_checksum(record).encode() + b" " + record)
    data = b"\n" + b"\n".join(lines) + b"\n"
    try:
        fd = os.open(tail_path(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            return os.write(fd, data) == len(data)
        finally:
            os.close(fd)
    except OSError:
        return False


def read_index(path: Path) -> CandidateIndex | None:
    """The index stored at ``path``, or None when it is missing, foreign, stale or damaged."""
    with collector_paused():
        index = _read_index(path)
        if index is not None:
            _apply_tail(path, index)
        return index


def _read_index(path: Path) -> CandidateIndex | None:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:  # a planted file is not read whole: rebuilt instead
            return None
        data = path.read_bytes()
        start = data.find(b"\n") + 1
        header, rest = orjson.loads(data[: max(start - 1, 0)]), memoryview(data)[start:]
        body_size, term_count = header.get("body"), header.get("terms")
        if header != {"format": FORMAT, "analysis": analysis_fingerprint(), "checksum": _checksum(rest),
                      "body": body_size, "terms": term_count} or not type(body_size) is type(term_count) is int:
            return None
        arrays = start + body_size + 4 * (term_count + 1)  # where the offsets end and the postings start
        if not (0 <= body_size and 0 <= term_count and arrays <= len(data)):
            return None
        body = orjson.loads(rest[:body_size])
        ids, texts, sizes, terms = body["ids"], body["texts"], body["sizes"], body["terms"]
        if not (type(ids) is type(texts) is type(sizes) is type(terms) is list and len(terms) == term_count):
            return None
        if not len(ids) == len(texts) == len(sizes) or not set(map(type, terms)) <= {str}:
            return None
        offsets, slots = _numbers(data[start + body_size : arrays]), _numbers(data[arrays:])
        index = CandidateIndex.from_stored(ids, texts, sizes, StoredPostings(terms, offsets, slots), body.get("names"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # an unhashable id is a TypeError too
        return None
    index.saved_as = _identity(data[: start - 1])
    return index


def _apply_tail(path: Path, index: CandidateIndex) -> None:
    """Index the records of the tail that extend the file ``index`` was read from, in order."""
    try:
        with open(tail_path(path), "rb") as handle:
            data = handle.read(MAX_TAIL_BYTES + 1)
    except OSError:  # none (the usual case after a rewrite), or unreadable
        return
    if len(data) > MAX_TAIL_BYTES:
        index.tail_records = TAIL_MAX + 1  # not ours: the next save rewrites the file and removes it
        return
    lines = [line for line in data.split(b"\n")[:-1] if line]  # after the last newline: torn, or nothing
    index.tail_records = len(lines)
    for line in lines:
        record = _tail_record(line, index.saved_as)
        if record is not None:
            index.add(record["id"], record["text"], analysed=(frozenset(record["terms"]), record["names"]))


def _tail_record(line: bytes, identity: str | None) -> dict | None:
    """The record of one tail line when it is whole, well formed and extends the file ``identity``
    names; else None."""
    checksum, _, data = line.partition(b" ")
    if checksum != _checksum(data).encode():
        return None
    try:
        record = orjson.loads(data)
    except ValueError:
        return None
    if type(record) is not dict or record.get("of") != identity:
        return None
    entry_id, text, terms, names = (record.get(key) for key in ("id", "text", "terms", "names"))
    if not (type(entry_id) is type(text) is str and type(terms) is type(names) is list):
        return None
    if not set(map(type, terms)) | set(map(type, names)) <= {str} or any(name.count(" ") < 2 for name in names):
        return None
    return record


def _numbers(packed: bytes) -> array:
    """Unsigned 32-bit little-endian numbers (a ValueError when ``packed`` cannot be them)."""
    numbers = array(SLOT_TYPE)
    numbers.frombytes(packed)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


def encode(document: dict) -> bytes:
    """The file for ``document`` (:meth:`CandidateIndex.stored`: the slots' lists, and ``postings``:
    term → its slots)."""
    postings = document["postings"]
    offsets, slots = array(SLOT_TYPE, [0]), array(SLOT_TYPE)
    for posting in postings.values():
        slots.extend(posting)
        offsets.append(len(slots))
    if sys.byteorder == "big":
        offsets.byteswap()
        slots.byteswap()
    body = orjson.dumps({**{key: document[key] for key in ("ids", "texts", "sizes", "names")}, "terms": list(postings)})
    rest = body + offsets.tobytes() + slots.tobytes()
    header = {"format": FORMAT, "analysis": analysis_fingerprint(), "checksum": _checksum(rest),
              "body": len(body), "terms": len(postings)}
    return orjson.dumps(header) + b"\n" + rest


def write_index(path: Path, index: CandidateIndex) -> None:
    """Replace the file with ``index`` (atomically, without fsync: it is a cache)."""
    data = encode(index.stored())
    try:
        import tempfile  # on demand: a rewrite is rare, and a one-shot add need not import it

        fd, tmp = tempfile.mkstemp(prefix=path.name.removesuffix(".json") + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            raise
    except OSError:
        return  # a cache that cannot be written is rebuilt next time; the write it serves goes on
    try:
        os.unlink(tail_path(path))  # its records extend the file just replaced, and are in this one
    except OSError:
        pass  # none; or left, and skipped: they name the file replaced
    index.saved_as, index.tail_records = _identity(data[: data.index(b"\n")]), 0
    index.mark_saved()

