"""The Hermes agent's memory file format: entries joined by ``"\\n§\\n"``.

Reading splits on the full three-character delimiter (a bare ``§`` inside an entry is legal),
strips each piece, drops empty pieces and keeps the first of duplicates. Writing joins with the
delimiter, no trailing newline; no entries is the empty file. CRLF files are read as LF so that an
entry written on Windows is the same entry.
"""

from __future__ import annotations

ENTRY_DELIMITER = "\n§\n"
BOM = "\ufeff"


def loads(text: str) -> list[str]:
    """Entries of a memory file, in order, exactly as Hermes would read them."""
    text = text.removeprefix(BOM).replace("\r\n", "\n")
    unique = dict.fromkeys(map(str.strip, text.split(ENTRY_DELIMITER)))  # the first of each, in order (C loops: 100,000 entries)
    unique.pop("", None)
    return list(unique)


def dumps(entries: list[str]) -> str:
    """The file content for ``entries``; ``loads(dumps(e)) == e`` for normalised entries."""
    return ENTRY_DELIMITER.join(entries)


def usage(entries: list[str]) -> int:
    """Characters the entries use against a limit: the length of the joined file (without joining)."""
    return sum(map(len, entries)) + len(ENTRY_DELIMITER) * max(0, len(entries) - 1)


def normalise_entry(text: str) -> str:
    """The form an entry takes once written and read back (what ``loads`` would give)."""
    return text.replace("\r\n", "\n").strip()


def decode(data: bytes) -> tuple[str, list[str]]:
    """Decode file bytes; returns the text and warnings. Invalid UTF-8 is kept, never dropped.

    Undecodable bytes become U+FFFD only in the returned text; callers that write the file back must
    refuse to do so while warnings are present, so the original bytes survive on disk.
    """
    warnings: list[str] = []
    if data.startswith(BOM.encode("utf-8")):
        warnings.append("file starts with a UTF-8 byte-order mark; it is ignored on read")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        warnings.append(f"file is not valid UTF-8 (first bad byte at offset {error.start})")
        text = data.decode("utf-8", errors="replace")
    return text, warnings
