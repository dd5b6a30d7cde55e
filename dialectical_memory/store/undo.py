"""Undo of a person's review action (or of a model's decision, ``MODEL_DECISIONS``: a judge's fold
of a fact said again, whoever ran maintenance): a snapshot taken before it, put back by a new change.

Before an undoable action changes anything, :func:`take` copies the metadata of the entries it
names, of every contradiction touching them and of the entries at the other end of those. After
the action, :func:`payload` adds what the action created (a synthesis, newly detected edges), which
fields of each entry it changed (their values after it), and a fingerprint of how things stood
afterwards. The payload rides in the action's history record.

:func:`apply` reverses it as a *new* change: archived entries come back, edited ones get their old
text, created entries go to the archive (reason "undone"), created edges are resolved as "undone".
Only what the action changed is put back: a field that moved since (a hit, an observation, a
validation recorded after the action) keeps its newer value, and counters are never rolled back.
History is never rewritten: the undo is one more record.

The payload comes from a file that may have arrived from elsewhere, so it is data to check, not a
script to run: an undo is refused unless its shape is what :func:`payload` writes, the entries
and edges it names are as the fingerprint says, every text it would put back is the text this
store holds for that entry (or, for an edit, the history record's own ``before``), and that text
passes the gate of an add.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.beliefs import ContradictionEdge, EntryMeta
from ..core.errors import ConflictError
from .screening import admit_stored, clean_reason
from .state import Change, TargetState

UNDONE = "undone"
UNDOABLE_ACTIONS = frozenset({
    "edit", "archive", "synthesize", "dismiss", "supersede", "contradiction", "promote",
    "reject_promotion", "confirm", "revise", "retire", "make_room", "merge", "restated",
})  # fmt: skip
MODEL_DECISIONS = frozenset({"restated"})  # a judge's fold: a person may undo it whoever ran maintenance
WORDINGS = "restated"  # an entry's absorbed wordings: an undo takes out only those its action added
TEXT_ACTIONS = frozenset({"edit", "revise", "promote"})  # their undo may put back another text
COUNTERS = frozenset({
    "hit_count", "surface_count", "ignore_count", "observed_behavior_count", "noise_context",
    "contradiction_ids", "contradiction_count",
})  # fmt: skip
NEVER_RESTORED = frozenset({"entry_id", "text", "blocked", "safety_kept", "keep_marks", "deep_checked"})
MAX_PAYLOAD_ITEMS = 2000


class Snapshot(NamedTuple):
    entries: dict[str, dict[str, Any]]  # id -> {"position", "meta"}
    edges: dict[str, dict[str, Any]]


def take(state: TargetState, entry_ids) -> Snapshot:
    """The entries named, their contradictions and the entries at the other end, as they are now."""
    snap = Snapshot({}, {})

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


def payload(state: TargetState, change: Change, snap: Snapshot, created: list[str] = (), edges_before=()) -> dict[str, Any]:
    """What the history record keeps so :func:`apply` can put the snapshot back; ``edges_before``:
    the edges ``change`` held before the action (another step's, which its undo leaves alone)."""
    created_edges = [edge_id for edge_id in change.edges if edge_id not in snap.edges and edge_id not in edges_before]
    data = {
        "entries": snap.entries,
        "edges": snap.edges,
        "created": [i for i in created if i not in snap.entries],
        "created_edges": created_edges,
        "changed": _changed(state, snap),
    }
    data["after"] = fingerprint(state, data)
    return data


def _changed(state: TargetState, snap: Snapshot) -> dict[str, dict[str, Any]]:
    """Per entry, the fields the action changed and their values after it."""
    changed = {}
    for entry_id, saved in snap.entries.items():
        meta = state.meta_anywhere(entry_id)
        if meta is None:
            continue
        now = meta.to_dict()
        changed[entry_id] = {k: v for k, v in now.items() if k not in NEVER_RESTORED and saved["meta"].get(k) != v}
    return changed


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


# ------------------------------------------------------------------ checking a payload


def problem(data) -> str | None:
    """Why ``data`` is not the shape :func:`payload` writes (None when it is)."""
    if not isinstance(data, dict):
        return "not an object"
    entries, edges = data.get("entries"), data.get("edges")
    if not isinstance(entries, dict) or not isinstance(edges, dict):
        return "entries and edges must be objects"
    if len(entries) + len(edges) > MAX_PAYLOAD_ITEMS:
        return "too many entries or edges"
    for entry_id, saved in entries.items():
        if not (isinstance(saved, dict) and isinstance(saved.get("meta"), dict) and type(saved.get("position")) is int):
            return "an entry without position and metadata"
        if saved["meta"].get("entry_id") != entry_id or not isinstance(saved["meta"].get("text"), str) or saved["position"] < 0:
            return "an entry whose metadata names another id or has no text"
    for edge_id, saved in edges.items():
        if not (isinstance(saved, dict) and saved.get("edge_id") == edge_id and isinstance(saved.get("from_id"), str) and isinstance(saved.get("to_id"), str)):
            return "an edge without its ids"
    for key in ("created", "created_edges"):
        items = data.get(key)
        if not isinstance(items, list) or len(items) > MAX_PAYLOAD_ITEMS or not all(isinstance(i, str) for i in items):
            return f"{key} must be a list of ids"
    after = data.get("after")
    if not (isinstance(after, dict) and isinstance(after.get("entries"), dict) and isinstance(after.get("edges"), dict)):
        return "no fingerprint of how things stood after"
    changed = data.get("changed", {})
    if not isinstance(changed, dict) or not all(isinstance(v, dict) for v in changed.values()):
        return "changed must map entry ids to fields"
    return None


def check_record(record: dict[str, Any], undoable_actors) -> dict[str, Any]:
    """The payload of ``record`` if this store could have written it, else ConflictError saying why."""
    data = record.get("undo")
    action = record.get("action", "?")
    if not data:
        raise ConflictError(f"“{str(action).replace('_', ' ')}” cannot be undone")
    if action not in UNDOABLE_ACTIONS or (record.get("actor") not in undoable_actors and action not in MODEL_DECISIONS):
        raise ConflictError(f"this history record ({action} by {record.get('actor')}) is not a person's action this store can undo")
    shape = problem(data)
    if shape:
        raise ConflictError(f"this history record's undo data is not usable ({shape}); nothing was changed")
    entry_id = record.get("entry_id")
    if entry_id is not None and entry_id not in data["entries"] and entry_id not in data["created"]:
        raise ConflictError("this history record's undo data does not cover the entry it names; nothing was changed")
    return data


# ------------------------------------------------------------------ putting it back


def apply(state: TargetState, change: Change, data: dict[str, Any], record: dict[str, Any] | None = None) -> None:
    """Put the snapshot back (caller holds the lock and commits ``change``); ``record`` is the
    history record it came in, whose ``before`` an edit's old text must match."""
    try:
        current = fingerprint(state, data)
    except (KeyError, TypeError, AttributeError):
        current = None
    if current != data["after"]:
        raise ConflictError("these entries changed since; undo the later changes first (see History)")
    ordered = sorted(data["entries"].items(), key=lambda item: item[1]["position"])
    texts = {entry_id: _text_to_restore(state, entry_id, saved, record or {}) for entry_id, saved in ordered}
    _check_edges(state, data)
    for entry_id in data["created"]:
        meta = state.entries.get(entry_id)
        if meta is not None:
            state.to_archive(change, meta, UNDONE)
    for edge_id in data["created_edges"]:
        edge = state.edge(edge_id)
        if edge is not None and not edge.resolved:
            state.resolve(change, edge, UNDONE, None)
    _check_texts_free(state, texts)
    changed = data.get("changed")
    for entry_id, saved in ordered:
        fields = changed.get(entry_id, {}) if changed is not None else None
        _restore_entry(state, change, entry_id, saved, texts[entry_id], fields)
    for edge_id, saved in data["edges"].items():
        edge = state.edge(edge_id)
        if edge is not None:
            before = ContradictionEdge.from_dict(dict(saved))
            before.reason = clean_reason(before.reason)
            edge.__dict__.update(before.__dict__)
            change.touch_edge(edge)


def _text_to_restore(state: TargetState, entry_id: str, saved: dict[str, Any], record: dict[str, Any]) -> str:
    """The text an entry will have after the undo: the one this store holds for it, unless the
    action changed that entry's text (then the record's own ``before``); either way through the gate."""
    meta = state.meta_anywhere(entry_id)
    if meta is None:
        raise ConflictError("the undo names an entry this store does not know; nothing was changed")
    text = saved["meta"]["text"]
    if text != meta.text:
        before = record.get("before") or {}
        if not (record.get("action") in TEXT_ACTIONS and record.get("entry_id") == entry_id and before.get("text") == text):
            raise ConflictError("the undo data does not match what this store recorded; nothing was changed")
    if text != meta.text or entry_id not in state.entries:
        return admit_stored(text, "the text this undo would bring back")
    return text


def _check_edges(state: TargetState, data: dict[str, Any]) -> None:
    for edge_id, saved in data["edges"].items():
        edge = state.edge(edge_id)
        if edge is not None and (edge.from_id, edge.to_id) != (saved["from_id"], saved["to_id"]):
            raise ConflictError("the undo data names a contradiction between other entries; nothing was changed")


def _check_texts_free(state: TargetState, texts: dict[str, str]) -> None:
    for entry_id, text in texts.items():
        owner = state.id_for_text(text)
        if owner is not None and owner != entry_id:
            raise ConflictError("another active entry now has the same text as one that would come back")


def _restore_entry(state: TargetState, change: Change, entry_id: str, saved: dict[str, Any], text: str, fields) -> None:
    """``fields``: what the action changed (name → value after it), put back where it still has
    that value; None for a payload written before that was recorded: every field but counters."""
    before = EntryMeta.from_dict(dict(saved["meta"]))
    if entry_id in state.entries:
        meta = state.entries[entry_id]
    else:
        meta = state.from_archive(change, entry_id)
        state.insert(change, meta, min(saved["position"], len(state.texts)))
    if meta.text != text:
        state.set_text(change, meta, text)
    if fields and isinstance(fields.get(WORDINGS), list):  # the wordings it added go; any kept since stay
        added = [item for item in fields[WORDINGS] if item not in before.restated]
        meta.restated = [item for item in meta.restated if item not in added]
    now = meta.to_dict()
    names = [n for n in before.__dict__ if n not in COUNTERS and n not in NEVER_RESTORED and n != WORDINGS] if fields is None else [
        n for n, after in fields.items() if n in before.__dict__ and n not in NEVER_RESTORED and n != WORDINGS and now.get(n) == after
    ]
    for name in names:
        setattr(meta, name, getattr(before, name))
    change.touch(meta)
