"""The package's fixed patterns, built from their generated programs instead of compiled.

Compiling a regular expression in CPython is a parse and a code generation written in Python: a
process's first add compiles a hundred of the detector's and the safety check's patterns (~30 ms of
a one-shot ``dmem add``), the warm-up of a long-lived process over two hundred (~100 ms). What the
engine runs is a list of integers that depends only on the pattern, its flags and the engine: the
same program every time. ``tools/make_pattern_cues.py`` writes each fixed pattern's program into
``pattern_code.json`` beside this module, and :func:`compile_fixed` builds the pattern from it with
``_sre.compile`` (the call ``re.compile`` ends with) in a few microseconds.

The table names the engine it was made for (implementation, Python version to its last digit,
``_sre.MAGIC``, code size, repeat and group limits). On another engine, for a pattern the table lacks, or when the
engine refuses a program (it checks every program it is handed), the pattern is compiled as before:
the same pattern, only slower. ``DMEM_PATTERN_CODE=0`` reads the table as empty. The table is part
of the package, as its code is: it is never read from a home, a cache or anything a write from
elsewhere reaches.
"""

from __future__ import annotations

import _sre  # the engine re itself runs on (re imported it already)
import array
import binascii
import os
import re
import sys
import zlib
from pathlib import Path

import orjson

try:  # hashlib's blake2b without the OpenSSL its import loads (~2 ms; a read never needs it)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

TABLE_NAME = "pattern_code.json"
# Programs are kept as 32-bit words; an engine with another code size is another engine.
_WORD = "I"


def engine() -> list:
    """What a program is valid for: the table is used only where this is what it names. The
    version to its last digit: a bug fix of the compiler in a patch release makes other programs
    for the same engine, and a program must be what this Python's ``re.compile`` would make."""
    from re import _constants

    return [sys.implementation.name, *sys.version_info[:3], _sre.MAGIC, _sre.CODESIZE,
            _constants.MAXREPEAT, _constants.MAXGROUPS]


def pattern_key(pattern: str, flags: int) -> str:
    """What the table knows a pattern by: a hash of it and its flags (the pattern itself is in the
    caller's hand, and in the cue tables; the program table need not hold it a second time)."""
    return blake2b(f"{int(flags)}\x00{pattern}".encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def program(pattern: str, flags: int) -> tuple[list, list[int]]:
    """A pattern's row without its place in the words (``[key, flags the pattern ends with,
    groups, group names, names by group]``) and its program's words, made as ``re.compile`` makes
    them (``re._compiler.compile``, step by step). For the generator only."""
    from re import _compiler, _parser

    tree = _parser.parse(pattern, flags)
    code = _compiler._code(tree, flags)
    names = tree.state.groupdict
    by_group = [None] * tree.state.groups
    for name, group in names.items():
        by_group[group] = name
    return [pattern_key(pattern, flags), tree.state.flags | flags, tree.state.groups - 1, dict(names), by_group], code


def table_document(patterns, source: str) -> dict:
    """The table of ``patterns`` ((pattern, flags) pairs) for this engine: each row ``[key, flags,
    groups, group names, names by group, start, length]`` places its program in ``programs``, every
    program's 32-bit little-endian words, zlib-compressed together (the detector's classes of CJK
    characters and its word lists recur from pattern to pattern), in base64."""
    rows, words = [], array.array(_WORD)
    if words.itemsize != 4:  # pragma: no cover - a platform whose unsigned int is not 32 bits
        raise ValueError("programs are written as 32-bit words")
    for pattern, flags in sorted({(pattern, int(flags)) for pattern, flags in patterns}):
        row, code = program(pattern, flags)
        rows.append([*row, len(words), len(code)])
        words.extend(code)
    packed = binascii.b2a_base64(zlib.compress(_little_endian(words).tobytes(), 9), newline=False).decode("ascii")
    return {"source": source, "engine": engine(), "programs": packed, "patterns": sorted(rows)}


def _little_endian(words: array.array) -> array.array:
    if sys.byteorder != "little":  # pragma: no cover - big-endian hosts
        words = array.array(_WORD, words)
        words.byteswap()
    return words


# A table larger than this is not a table this package wrote (it is about 240 KB): not read.
MAX_TABLE_BYTES = 8 * 1024 * 1024


class ProgramTable:
    """The generated programs of one package file, read on first use; :meth:`pattern` builds one."""

    def __init__(self, path: Path):
        self.path = path
        self._rows: dict[str, list] | None = None
        self._words: array.array | None = None

    def pattern(self, pattern: str, flags: int) -> re.Pattern | None:
        """``pattern`` built from its program, or None when the table has none this engine runs."""
        if self._rows is None:
            self._rows, self._words = self._read()
        if not self._rows:
            return None
        key = pattern_key(pattern, flags)
        row = self._rows.get(key)
        if row is None:
            return None
        try:
            final_flags, groups, names, by_group, start, length = row
            code = self._words[start:start + length].tolist()
            if len(code) != length:
                raise ValueError("a program past the end of the words")
            return _sre.compile(pattern, final_flags, code, groups, names, tuple(by_group))
        except Exception:  # a program the engine refuses, or a damaged row: compiled as before
            self._rows.pop(key, None)
            return None

    def _read(self) -> tuple[dict[str, list], array.array | None]:
        if os.environ.get("DMEM_PATTERN_CODE", "1") == "0":
            return {}, None
        try:
            if self.path.stat().st_size > MAX_TABLE_BYTES:
                return {}, None
            document = orjson.loads(self.path.read_bytes())
            if document.get("engine") != engine():
                return {}, None
            words = array.array(_WORD)
            words.frombytes(zlib.decompress(binascii.a2b_base64(document["programs"], strict_mode=True)))
            rows = {row[0]: row[1:] for row in document["patterns"]}
            return rows, _little_endian(words)
        except (OSError, ValueError, TypeError, KeyError, IndexError, zlib.error, binascii.Error):  # missing or damaged: compiled as before
            return {}, None


_TABLE = ProgramTable(Path(__file__).with_name(TABLE_NAME))
_ASKED: dict[tuple[str, int], None] = {}  # every pattern asked of compile_fixed, for the generator


def compile_fixed(pattern: str, flags: int = 0) -> re.Pattern:
    """``re.compile(pattern, flags)`` for a pattern the package's source or data fixes (never one
    made of a home's text: that would only miss the table), built from its generated program when
    the table has it."""
    _ASKED[(pattern, int(flags))] = None
    built = _TABLE.pattern(pattern, flags)
    return built if built is not None else re.compile(pattern, flags)


def asked_patterns() -> list[tuple[str, int]]:
    """Every (pattern, flags) :func:`compile_fixed` was asked for in this process (what the generator tables)."""
    return list(_ASKED)
