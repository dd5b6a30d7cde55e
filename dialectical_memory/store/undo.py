"""Undo of a person's review action: a snapshot taken before it, put back by a new change.

Before an undoable action changes anything, :func:`take` copies the metadata of the entries it
names, of every contradiction touching them and of the entries at the other end of those. After
the action, :func:`payload` adds what the action created (a synthesis, newly detected edges) and a
fingerprint of how things stood afterwards. The payload rides in the action's history record.

:func:`apply` reverses it as a *new* change: archived entries come back with their old metadata,
edited ones get their old text, created entries go to the archive (reason "undone"), created edges
are resolved as "undone". History is never rewritten: the undo is one more record. An undo is
refused when any of those entries or edges changed since (the fingerprint no longer matches), so
it never silently throws away later work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import ConflictError
from ..core.beliefs import ContradictionEdge, EntryMeta
from .state import Change, TargetState

UNDONE = "undone"


@dataclass
class Snapshot:
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> {"position", "meta"}
    edges: dict[str, dict[str, Any]] = field(default_factory=dict)


def take(state: TargetState, entry_ids) -> Snapshot:
    """The entries named, their contradictions and the entries at the other end, as they are now."""
    snap = Snapshot()

    def keep(entry_id: str) -> None:
        meta = state.entries.get(entry_id)
        if meta is not None and entry_id not in snap.entries:
            snap.entries[entry_id] = {"position": state.texts.index(meta.text), "meta": meta.to_dict()}

    for entry_id in entry_ids:
        keep(entry_id)
        for edge in state.edges_of(entry_id):
            snap.edges.setdefault(edge.edge_id, edge.to_dict())
            keep(edge.other(entry_id))
    return snap


def payload(state: TargetState, change: Change, snap: Snapshot, created: list[str] = ()) -> dict[str, Any]:
    """What the history record keeps so :func:`apply` can put the snapshot back."""
    created_edges = [edge_id for edge_id in change.edges if edge_id not in snap.edges]
    data = {
        "entries": snap.entries,
        "edges": snap.edges,
        "created": [i for i in created if i not in snap.entries],
        "created_edges": created_edges,
    }
    data["after"] = fingerprint(state, data)
    return data


def fingerprint(state: TargetState, data: dict[str, Any]) -> dict[str, list]:
    """How the entries and edges of a payload stand: active or not, text, status, maturity; edge state."""
    entries = {}
    for entry_id in [*data["entries"], *data["created"]]:
        meta = state.meta_anywhere(entry_id)
        active = entry_id in state.entries
        entries[entry_id] = [active, meta.text, meta.status.value, int(meta.maturity)] if meta else None
    edges = {}
    for edge_id in [*data["edges"], *data["created_edges"]]:
        edge = state.edge(edge_id)
        edges[edge_id] = [edge.resolved, edge.resolution] if edge else None
    return {"entries": entries, "edges": edges}


def apply(state: TargetState, change: Change, data: dict[str, Any]) -> None:
    """Put the snapshot back (caller holds the lock and commits ``change``)."""
    if fingerprint(state, data) != data["after"]:
        raise ConflictError("these entries changed since; undo the later changes first (see History)")
    for entry_id in data["created"]:
        meta = state.entries.get(entry_id)
        if meta is not None:
            state.to_archive(change, meta, UNDONE)
    for edge_id in data["created_edges"]:
        edge = state.edge(edge_id)
        if edge is not None and not edge.resolved:
            state.resolve(change, edge, UNDONE, None)
    ordered = sorted(data["entries"].items(), key=lambda item: item[1]["position"])
    _check_texts_free(state, ordered)
    for entry_id, saved in ordered:
        _restore_entry(state, change, entry_id, saved)
    for edge_id, saved in data["edges"].items():
        edge = state.edge(edge_id)
        if edge is not None:
            edge.__dict__.update(ContradictionEdge.from_dict(saved).__dict__)
            change.touch_edge(edge)


def _check_texts_free(state: TargetState, ordered) -> None:
    for entry_id, saved in ordered:
        owner = state.id_for_text(saved["meta"]["text"])
        if owner is not None and owner != entry_id:
            raise ConflictError("another active entry now has the same text as one that would come back")


def _restore_entry(state: TargetState, change: Change, entry_id: str, saved: dict[str, Any]) -> None:
    before = EntryMeta.from_dict(dict(saved["meta"]))
    if entry_id in state.entries:
        meta = state.entries[entry_id]
        if meta.text != before.text:
            state.set_text(change, meta, before.text)
        meta.__dict__.update(before.__dict__)
        change.touch(meta)
    elif entry_id in state.archive:
        meta = state.from_archive(change, entry_id)
        meta.__dict__.update(before.__dict__)
        state.insert(change, meta, min(saved["position"], len(state.texts)))
