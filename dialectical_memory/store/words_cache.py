"""The words a search reads each entry as, kept beside the home (``.X.words.json``) for the next process.

Reading an entry's text into its search terms (``lexical.document_tokens``: stems, Chinese pieces,
the bridge) is most of a first search's cost: ~0.06 ms an entry, 1.2 s at 20,000 entries, and a
one-shot ``dmem search`` pays it on every call. The terms are kept by the hash of the text they were
read from, so a text edited, added or removed since simply misses (and is read again); a change of
the code or the tables that read texts (:func:`fingerprint`) discards the whole file.

The file is untrusted derived data, like the index and embedding files: read only up to
``MAX_BYTES``, every record checked (a 32-digit hex key, a list of at most ``MAX_TERMS`` strings of
at most ``MAX_TERM_CHARS`` each); anything else reads as an empty cache, with a warning, and the next
save replaces it. What it holds only ranks a home's own entries: it is never shown, never sent out,
and never reaches a prompt. It is written atomically and not synced (losing it costs time only), by
the search that read what it lacked (at least ``SAVE_AFTER`` texts), never while a write waits.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from pathlib import Path

import orjson

try:  # hashlib's blake2b without the OpenSSL its import loads (~2 ms), as the index file's
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

VERSION = 1
MAX_BYTES = 256 * 1024 * 1024
MAX_TERMS = 8_192  # an entry's terms (an entry is at most a few thousand characters)
MAX_TERM_CHARS = 256
SAVE_AFTER = 64  # texts read since the file was read or written: fewer are not worth a rewrite
# the lexical tables a text's terms come from, beside the detector's code and language data
_TABLES = ("search_words.tsv", "search_bridge.tsv", "bridge.tsv")


def words_path(home: Path, stem: str) -> Path:
    return home / f".{stem}.words.json"


@functools.cache
def fingerprint() -> str:
    """Changes whenever the way a text becomes its search terms may have changed."""
    from ..detection import bundled
    from ..detection.index_file import analysis_fingerprint

    digest = blake2b(analysis_fingerprint().encode(), digest_size=16)
    folder = os.path.dirname(os.path.realpath(bundled.__file__))
    for name in _TABLES:
        with open(os.path.join(folder, name), "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def text_key(text: str) -> str:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class WordsCache:
    """The terms of texts by their hash: read from the file once, added to as texts are read, saved
    when enough were read (:meth:`save_if_due`). Safe to share between the threads of one search
    index: a lookup or an addition is one dict operation."""

    def __init__(self, path: Path):
        self.path = path
        self._terms: dict[str, list[str]] = {}
        self._read_since = 0

    @classmethod
    def opened(cls, path: Path) -> WordsCache:
        cache = cls(path)
        cache._terms = _read(path)
        return cache

    def terms(self, text: str) -> list[str]:
        """``text``'s search terms: from the cache, else read now (and kept)."""
        key = text_key(text)
        found = self._terms.get(key)
        if found is None:
            from ..detection.lexical import document_tokens

            found = self._terms[key] = document_tokens(text)
            self._read_since += 1
        return found

    def save_if_due(self, texts: Iterable[str]) -> bool:
        """Write the terms of ``texts`` (the home's now: those of texts gone are left out) once
        ``SAVE_AFTER`` texts were read since the file was; a home that cannot be written goes without."""
        if self._read_since < SAVE_AFTER:
            return False
        held = dict(self._terms)  # one copy in C: a reader thread may add meanwhile
        words = {key: held[key] for key in map(text_key, texts) if key in held}
        data = orjson.dumps({"version": VERSION, "fingerprint": fingerprint(), "words": words})
        try:
            from ..storage.files import write_temp

            os.replace(write_temp(self.path, data, sync=False), self.path)  # a torn file reads as damaged
        except OSError as error:
            _log().info("the words cache %s was not written (%s)", self.path.name, error)
            return False
        self._read_since = 0
        return True


def _read(path: Path) -> dict[str, list[str]]:
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            data = handle.read(MAX_BYTES + 1) if size <= MAX_BYTES else b""  # a larger one is discarded unread
    except FileNotFoundError:
        return {}
    except OSError as error:
        _log().warning("the words cache %s cannot be read (%s); searches read the texts again", path.name, error)
        return {}
    try:
        if max(size, len(data)) > MAX_BYTES:  # (read: it grew past the bound since)
            raise ValueError(f"larger than {MAX_BYTES:,} bytes")
        return _checked(data)
    except ValueError as error:
        _log().warning("the words cache %s is discarded (%s); the next search that reads the texts replaces it",
                       path.name, error)
        return {}


def _checked(data: bytes) -> dict[str, list[str]]:
    """The records of a cache file's bytes, each checked; raises ValueError on anything unexpected."""
    document = orjson.loads(data)  # orjson.JSONDecodeError is a ValueError
    if not isinstance(document, dict) or document.get("version") != VERSION:
        raise ValueError("another version")
    if document.get("fingerprint") != fingerprint():
        raise ValueError("written by other code or tables")
    words = document.get("words")
    if not isinstance(words, dict):
        raise ValueError("no words")
    for key, terms in words.items():
        if len(key) != 32 or not _HEX.issuperset(key):
            raise ValueError("a key that is no text's hash")
        if type(terms) is not list or len(terms) > MAX_TERMS or not _STR.issuperset(map(type, terms)):
            raise ValueError("terms that are no list of strings")
        if terms and max(map(len, terms)) > MAX_TERM_CHARS:
            raise ValueError("a term too long")
    return words


def _log():
    import logging  # on demand: a search whose file reads well never loads it (~3 ms)

    return logging.getLogger(__name__)


_HEX = frozenset("0123456789abcdef")
_STR = frozenset((str,))
