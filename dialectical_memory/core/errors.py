"""Every failure the core reports. Each one is raised before anything is written."""

from __future__ import annotations

ECHO_CHARS = 80


def echo(value) -> str:
    """``repr(value)`` cut to about 80 characters: an error names the input, it never repeats all of it."""
    text = repr(value)
    return text if len(text) <= ECHO_CHARS else f"{text[: ECHO_CHARS - 1]}… ({len(text):,} characters)"


class DialecticalMemoryError(Exception):
    """Base class: a clear, one-line message a person or an agent can act on."""


class InvalidInputError(DialecticalMemoryError, ValueError):
    """An argument has the wrong type, is empty, unknown or out of range."""


class UnsafeContentError(InvalidInputError):
    """Memory text that looks like a prompt injection, an exfiltration command or a secret."""


class CharLimitError(DialecticalMemoryError):
    """The target file would exceed its character limit."""

    def __init__(self, message: str, usage: int, limit: int, *, target: str | None = None, needed: int = 0):
        super().__init__(message)
        self.usage = usage
        self.limit = limit
        self.target = target  # which file refused
        self.needed = needed  # characters the write needed freed


class NotFoundError(DialecticalMemoryError, LookupError):
    """No entry, edge or archive record matches."""


class AmbiguousMatchError(DialecticalMemoryError):
    """``old_text`` matches several different entries."""

    def __init__(self, message: str, previews: list[str]):
        super().__init__(message)
        self.previews = previews


class StaleEntryError(DialecticalMemoryError):
    """The entry changed since the caller last saw it; nothing was overwritten."""


class ConflictError(DialecticalMemoryError):
    """The operation does not fit the entry's current state (e.g. approving with nothing pending)."""


class DecidedByPersonError(ConflictError):
    """An agent (or a model) asked to undo what a person decided, e.g. relink a pair the person
    dismissed as not a contradiction; nothing was written."""


class StorageError(DialecticalMemoryError):
    """The files cannot be read or written safely; the message names the file."""
