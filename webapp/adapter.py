"""The dashboard's only door to the core: the store of this app and small helpers over its API.

The web layer is an adapter beside the CLI and the MCP server. Like them it drives the memory
through the store's API (``MemoryStore``'s methods, the errors they raise, the enums and read
models they take and return) and never through the core's internals. Every other web module takes
those names from here, so this file is the whole of what the dashboard depends on: the core can
rearrange its modules without touching the dashboard, and a new dependency shows up in the list
below first.
"""

from __future__ import annotations

from flask import abort, current_app

# ---------------------------------------------------------------- passed through from the core
from dialectical_memory.core.beliefs import BeliefStatus, KnowledgeType, MaturityLevel, SourceKind
from dialectical_memory.core.errors import (
    AmbiguousMatchError,
    CharLimitError,
    ConflictError,
    DialecticalMemoryError,
    InvalidInputError,
    NotFoundError,
    StaleEntryError,
)
from dialectical_memory.store.reason_words import contains_cjk, found_by, plain_reason, promotion_evidence, reason_contract, reverify_question, reverify_state
from dialectical_memory.core.install_hint import install_hint
from dialectical_memory.features import hermes_pending, transfer
from dialectical_memory.store import decisions
from dialectical_memory.store.memory_store import MemoryStore
from dialectical_memory.store.read_models import Entry

from .forms import FormError

__all__ = [
    # the core's API, as the web layer uses it
    "MemoryStore", "Entry", "transfer", "hermes_pending", "decisions",
    "BeliefStatus", "KnowledgeType", "MaturityLevel", "SourceKind",
    "DialecticalMemoryError", "AmbiguousMatchError", "CharLimitError", "ConflictError",
    "InvalidInputError", "NotFoundError", "StaleEntryError", "install_hint",
    "plain_reason", "found_by", "reason_contract", "contains_cjk", "promotion_evidence", "reverify_question", "reverify_state",
    # helpers over that API
    "store", "entry_or_404", "full_id", "full_entry_id", "check_etags", "find_entry", "counts", "hermes_home",
    "review_inbox", "detector_kinds",
]  # fmt: skip


# ---------------------------------------------------------------- helpers over the store's API


def store() -> MemoryStore:
    return current_app.extensions["dmem_store"]


def entry_or_404(target: str, entry_id: str) -> Entry:
    try:
        return store().get_entry(target, entry_id)
    except NotFoundError:
        abort(404, f"No entry {entry_id!r} in {target}.")


MIN_PREFIX = 4


def full_id(prefix: str, known) -> str:
    """The one id in ``known`` that starts with ``prefix`` (at least 4 characters), else ``prefix``."""
    if len(prefix) < MIN_PREFIX:
        return prefix
    matches = [i for i in known if i.startswith(prefix)]
    return matches[0] if len(matches) == 1 else prefix


def full_entry_id(target: str, entry_id: str) -> str:
    """An entry id as typed in a URL: a unique prefix names the entry (as in ``dmem show``)."""
    try:
        store().get_entry(target, entry_id)
        return entry_id
    except NotFoundError:
        ids = [e.entry_id for e in store().entries(target)] + [e.entry_id for e in store().archived(target)]
        return full_id(entry_id, ids)


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


def hermes_home():
    """The Hermes home whose write-approval queue applies to this memory home (``HERMES_HOME`` in
    the app's config, else the one whose ``memories`` folder it is), or None."""
    try:
        return hermes_pending.hermes_home_of(store(), current_app.config.get("HERMES_HOME"))
    except InvalidInputError:
        return None


def review_inbox() -> "decisions.Inbox":
    """Every decision waiting, in both files, and the next one: the store's kinds, then Hermes'
    write-approval queue (a kind above the store: it needs the Hermes home)."""
    return decisions.waiting(store(), extra=(hermes_decisions(),))


def hermes_decisions() -> "decisions.DecisionKind":
    """Hermes' staged writes as one kind of decision, counted once (under the agent notes)."""
    home = hermes_home()

    def count(store_, target: str) -> int:
        return hermes_pending.waiting(store_, home) if home and target == "memory" else 0

    def first(store_, target: str):
        items = hermes_pending.pending(store_, home, limit=1).items if home else []
        return decisions.Decision("hermes", target, items[0].pending_id, items[0]) if items else None

    return decisions.DecisionKind("hermes", count, first)


# ---------------------------------------------------------------- what a contradiction says


def said_again_ids(edge: dict) -> list[str]:
    """The entries named on an edge as saying its contradiction again, as the store reads them back
    from an untrusted sidecar (well-formed ids, bounded: ``store/corroboration.py``)."""
    from dialectical_memory.store.corroboration import said_by

    return said_by(edge.get("reason_data"))


def detector_kinds() -> tuple[str, ...]:
    """Every kind a rule verdict may carry (the registry's), a change the store dated (`update`) and a judge's: what the pages word."""
    from dialectical_memory.detection.registry import KINDS

    return (*KINDS, "update", "judge")
