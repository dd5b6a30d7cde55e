"""Text that reaches the store from disk passes the same safety check as an add.

Hermes, an editor or a sync tool can put anything in ``MEMORY.md``. Such an entry is never rewritten
or dropped (nothing is lost): it stays in the file, its metadata says why it is ``blocked``, the
system prompt shows ``[BLOCKED: …]`` in its place, and a person keeps, edits or retires it.
"""

from __future__ import annotations

from ..core.safety import unsafe_reason
from .state import Change, TargetState

# Bump when the checker refuses more: every entry of an older sidecar is checked again, once.
SAFETY_VERSION = 1


def screen(state: TargetState, change: Change) -> bool:
    """Check what reconciliation adopted (or every entry, after a checker upgrade); True if it rescanned all."""
    adopted = {r["entry_id"] for r in change.history if r["action"] in ("add", "edit")}
    rescan = state.safety_version != SAFETY_VERSION and any(i not in adopted for i in state.entries)
    for entry_id in adopted:
        if entry_id in state.entries:
            state.entries[entry_id].safety_kept = False  # a person kept other words; these are new
    screen_entries(state, change, list(state.entries) if rescan else adopted)
    state.safety_version = SAFETY_VERSION
    return rescan


def screen_entries(state: TargetState, change: Change, entry_ids, via: str | None = None) -> None:
    """Mark each entry blocked (or no longer blocked) by the safety check; a person's keep stands."""
    for entry_id in entry_ids:
        meta = state.entries.get(entry_id)
        if meta is None:
            continue
        reason = None if meta.safety_kept else unsafe_reason(meta.text)
        if reason != meta.blocked:
            meta.blocked = reason
            change.touch(meta)
            if reason:
                change.log(state.target, "blocked", entry_id, reason=reason, via=via or state.paths.md.name)
