"""The dashboard's only door to the core: the store of this app and small helpers over its API."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import abort, current_app

from dialectical_memory import MemoryStore, NotFoundError, StaleEntryError

from .forms import FormError

if TYPE_CHECKING:
    from dialectical_memory.views import Entry


def store() -> MemoryStore:
    return current_app.extensions["dmem_store"]


def entry_or_404(target: str, entry_id: str) -> Entry:
    try:
        return store().get_entry(target, entry_id)
    except NotFoundError:
        abort(404, f"No entry {entry_id!r} in {target}.")


def check_etags(target: str, expected: dict[str, str]) -> None:
    """Refuse (StaleEntryError) when an entry changed since the form was rendered.

    For the bulk promotion form: every ticked row is checked before any is decided.
    """
    for entry_id, etag in expected.items():
        entry = store().get_entry(target, entry_id)
        if entry.etag != etag:
            raise StaleEntryError(f"this entry changed since you loaded it ({entry.text[:50]!r}); review it again")


def find_entry(target: str, id_or_text: str, label: str) -> Entry:
    """An active entry named by its id or by a piece of its text that only it contains."""
    needle = (id_or_text or "").strip()
    if not needle:
        raise FormError(f"{label}: give an entry id or a piece of its text.")
    try:
        entry = store().get_entry(target, needle)
    except NotFoundError:
        entry = None
    if entry is not None and not entry.archived:
        return entry
    page = store().query_entries(target, search=needle, limit=6)
    if page.total == 1:
        return page.items[0]
    if page.total == 0:
        raise FormError(f"{label}: no active entry has the id or contains {needle!r}.")
    previews = "; ".join(f"“{item.text[:40]}”" for item in page.items[:3])
    raise FormError(f"{label}: {page.total} entries contain {needle!r} ({previews}…); be more specific.")


def counts(target: str) -> dict:
    return store().counts(target)
