"""Paging of long review lists: a plain Previous / Next pager that works without JavaScript.

A page is a window ``[offset, end)`` of a ranked list. When htmx removes a row after an action, the
rows below it move up by one, so the pager is swapped out-of-band with its ``end`` one less: the
Next link then starts at the first row not yet shown, and nothing is skipped. The pager carries its
window in two hidden inputs that the row forms include (``hx-include``) for exactly that purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

from flask import request, url_for

from .forms import whole_number


@dataclass(frozen=True)
class Pager:
    """One window of a ranked list and the links to its neighbours."""

    dom_id: str
    label: str
    endpoint: str
    offset: int
    end: int
    total: int
    size: int
    noun: tuple[str, str] = ("item", "items")
    args: dict = field(default_factory=dict)

    @property
    def next_offset(self) -> int | None:
        return self.end if self.end < self.total else None

    @property
    def previous_offset(self) -> int | None:
        return max(0, self.offset - self.size) if self.offset > 0 else None

    @property
    def total_label(self) -> str:
        return f"{self.total:,} {self.noun[0] if self.total == 1 else self.noun[1]}"

    @property
    def range_label(self) -> str:
        if self.end <= self.offset:
            return "none left on this page"
        return f"showing {self.offset + 1:,}–{self.end:,}"

    def url(self, offset: int) -> str:
        args = dict(self.args)
        if offset:
            args["offset"] = offset
        return url_for(self.endpoint, **args)


def clamp_offset(offset: int, total: int, size: int) -> int:
    """An offset past the end (rows were resolved since the link was made) shows the last page."""
    if offset < total or total == 0:
        return offset
    return (total - 1) // size * size


def offset_arg(value: str | None) -> int:
    return whole_number(value) or 0


def posted_offset() -> int:
    """The page a plain form post came from: the ``offset`` in its ``next`` field, else 0."""
    query = urlsplit(request.form.get("next", "")).query
    return offset_arg((parse_qs(query).get("offset") or [""])[0])


def posted_window() -> tuple[int, int] | None:
    """The window the page showed when an htmx action was sent (``pager_offset`` / ``pager_end``)."""
    offset, end = whole_number(request.form.get("pager_offset")), whole_number(request.form.get("pager_end"))
    if offset is None or end is None or end < offset:
        return None
    return offset, end
