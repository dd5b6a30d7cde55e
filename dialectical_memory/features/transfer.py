"""Export a memory home to one portable document, and import such a document without losing anything.

The document (``format`` ``dialectical-memory-export``, ``version`` 1) holds per target the active
entries in file order (their full metadata, text included), the contradiction edges, the archive and
the history. It is plain JSON: ``dmem export`` writes it, ``dmem import`` and the dashboard read it.

Import keeps ids. With ``merge`` (the default) it adds what is new and keeps everything here: an
entry whose id exists here with a *different* text is added under a new id and linked to the local
one as a contradiction, for a person to resolve. With ``replace`` the home ends up with the export's
active entries; every local entry that leaves (or whose text the export changes) is archived first.
Nothing is written until the whole document has been checked, and a dry run writes nothing at all.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from ..core.version import __version__
from ..core.errors import InvalidInputError
from ..core.beliefs import BeliefStatus, ContradictionEdge, EntryMeta, MaturityLevel, new_id
from ..store.state import ArchivedEntry, Change, TargetState, summary
from ..storage.files import TARGET_FILES

FORMAT = "dialectical-memory-export"
VERSION = 1
MODES = ("merge", "replace")
CONFLICT_REASON = "import: another text under the same id"


# ---------------------------------------------------------------- export


def export_document(store, targets=tuple(TARGET_FILES)) -> dict[str, Any]:
    """Everything of ``targets`` as one JSON-ready document, from fresh state (reloaded if another process wrote)."""
    now = store.now()
    document = {
        "format": FORMAT,
        "version": VERSION,
        "generator": f"dmem {__version__}",
        "exported_at": now,
        "exported_at_utc": datetime.fromtimestamp(now, timezone.utc).isoformat(timespec="seconds"),
        "targets": {},
    }
    for target in targets:
        state = store._read_state(store._target(target))
        document["targets"][target] = {
            "entries": [state.entries[state.id_for_text(text)].to_dict() for text in state.texts],
            "contradictions": [edge.to_dict() for edge in state.doc.contradictions],
            "archive": [
                {"meta": item.meta.to_dict(), "reason": item.reason, "at": item.at, "actor": item.actor}
                for item in state.archive.values()
            ],
            "history": list(reversed(store.history(target))),
        }
    return document


def to_json(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def to_markdown(document: dict[str, Any]) -> str:
    """A readable report of an export (for people; import reads the JSON form)."""
    lines = ["# Dialectical memory export", "", f"Exported {document['exported_at_utc']} by {document['generator']}."]
    for target, section in document["targets"].items():
        texts = {m["entry_id"]: m["text"] for m in section["entries"]}
        texts.update({a["meta"]["entry_id"]: a["meta"]["text"] for a in section["archive"]})
        lines += ["", f"## {target} ({TARGET_FILES[target]}.md): {len(section['entries'])} entries", ""]
        for meta in section["entries"]:
            level = MaturityLevel(meta["maturity"]).name
            lines.append(f"- **{level}** · {meta['status']} · {meta['source_kind']} · `{meta['entry_id'][:8]}`  ")
            lines.append(f"  {_one_line(meta['text'])}")
        open_edges = [e for e in section["contradictions"] if not e["resolved"]]
        lines += ["", f"### Unresolved contradictions: {len(open_edges)}", ""]
        for edge in open_edges:
            a, b = (_one_line(texts.get(edge[k], "?")) for k in ("from_id", "to_id"))
            lines.append(f"- {a} ⟷ {b} ({edge['reason']})")
        lines += ["", f"### Archive: {len(section['archive'])} entries", ""]
        lines += [f"- {_one_line(a['meta']['text'])} ({a['reason']})" for a in section["archive"]]
        lines += ["", f"History: {len(section['history'])} changes."]
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- reading a document


def read_document(raw: str | bytes) -> dict[str, Any]:
    """Parse and check an export; every problem is one clear :class:`InvalidInputError`."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInputError("the file is not UTF-8 text; expected a JSON export from dmem export") from None
    if raw.lstrip().startswith("# Dialectical memory export"):
        raise InvalidInputError("this is a Markdown export, which is for reading; import the JSON export (dmem export --format json)")
    try:
        document = json.loads(raw)
    except json.JSONDecodeError as error:
        raise InvalidInputError(f"not a JSON export: {error.msg} at line {error.lineno}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise InvalidInputError(f"not a dialectical memory export (expected \"format\": \"{FORMAT}\")")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InvalidInputError("the export has no valid version number")
    if version > VERSION:
        raise InvalidInputError(f"the export is version {version}; this dmem reads up to version {VERSION} (upgrade dmem)")
    targets = document.get("targets")
    if not isinstance(targets, dict) or not targets or not set(targets) <= set(TARGET_FILES):
        raise InvalidInputError("the export's \"targets\" must name memory and/or user")
    for target, section in targets.items():
        _check_section(target, section)
    return document


def _check_section(target: str, section) -> None:
    if not isinstance(section, dict):
        raise InvalidInputError(f"{target}: expected an object")
    for key in ("entries", "contradictions", "archive", "history"):
        items = section.setdefault(key, [])
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise InvalidInputError(f"{target}.{key}: expected a list of objects")
    for number, meta in enumerate(section["entries"], start=1):
        if not isinstance(meta.get("entry_id"), str) or not meta["entry_id"] or not isinstance(meta.get("text"), str):
            raise InvalidInputError(f"{target}.entries[{number}]: every entry needs an entry_id and a text")
    for number, item in enumerate(section["archive"], start=1):
        meta = item.get("meta")
        if not isinstance(meta, dict) or not isinstance(meta.get("entry_id"), str) or not isinstance(meta.get("text"), str):
            raise InvalidInputError(f"{target}.archive[{number}]: every archived entry needs meta with an entry_id and a text")
    for number, edge in enumerate(section["contradictions"], start=1):
        if not all(isinstance(edge.get(key), str) and edge.get(key) for key in ("edge_id", "from_id", "to_id")):
            raise InvalidInputError(f"{target}.contradictions[{number}]: needs edge_id, from_id and to_id")
    ids = [meta["entry_id"] for meta in section["entries"]]
    if len(set(ids)) != len(ids):
        raise InvalidInputError(f"{target}: the same entry id appears twice among the entries")


# ---------------------------------------------------------------- import


@dataclass
class TargetPlan:
    """What an import does (or would do) to one target; lists hold entry or edge ids."""

    target: str
    added: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    conflicts: list[dict[str, str]] = field(default_factory=list)
    same_text_elsewhere: list[str] = field(default_factory=list)
    kept_archived: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    restored: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    archive_added: list[str] = field(default_factory=list)
    edges_added: list[str] = field(default_factory=list)
    edges_skipped: list[str] = field(default_factory=list)
    history_added: int = 0

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class ImportPlan:
    mode: str
    dry_run: bool
    targets: dict[str, TargetPlan]

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "dry_run": self.dry_run, "targets": {t: p.to_dict() for t, p in self.targets.items()}}

    def summary(self) -> str:
        head = "Dry run: nothing written. It would do this:" if self.dry_run else f"Imported ({self.mode}):"
        lines = [head]
        for target, plan in self.targets.items():
            parts = [
                (len(plan.added), "new entries"), (len(plan.unchanged), "already here"),
                (len(plan.conflicts), "conflicting texts added as contradictions"),
                (len(plan.same_text_elsewhere), "same text here under another id (kept)"),
                (len(plan.kept_archived), "archived here (kept archived)"), (len(plan.replaced), "replaced (old version archived)"),
                (len(plan.restored), "restored from the archive"), (len(plan.archived), "local entries archived"),
                (len(plan.archive_added), "archived entries added"), (len(plan.edges_added), "contradictions added"),
                (plan.history_added, "history records added"),
            ]  # fmt: skip
            done = ", ".join(f"{n} {label}" for n, label in parts if n)
            lines.append(f"  {target}: {done or 'nothing to import'}")
        return "\n".join(lines)


def import_document(store, document: dict[str, Any], *, mode: str = "merge", dry_run: bool = False, actor: str = "person") -> ImportPlan:
    """Bring ``document`` (from :func:`read_document`) into the store; see the module docstring."""
    if mode not in MODES:
        raise InvalidInputError(f"import mode must be one of {', '.join(MODES)}")
    plans = {}
    for target, section in document["targets"].items():
        if dry_run:
            state = store._read_state(store._target(target))
            plans[target] = _Importer(store, state, None, section, mode).plan()
            continue
        with store._mutation(target, actor) as (state, change):
            plans[target] = _Importer(store, state, change, section, mode).run()
    return ImportPlan(mode, dry_run, plans)


class _Importer:
    """One target's import: :meth:`plan` decides and checks everything, :meth:`run` then applies it."""

    def __init__(self, store, state: TargetState, change: Change | None, section: dict, mode: str):
        self.store, self.state, self.change, self.section, self.mode = store, state, change, section, mode
        self.result = TargetPlan(state.target)
        self.incoming = [self._meta(d) for d in section["entries"]]
        self.incoming_ids = {m.entry_id for m in self.incoming}

    def _meta(self, data: dict) -> EntryMeta:
        meta = EntryMeta.from_dict(dict(data))
        meta.text = self.store._content(data["text"], f"imported entry {data['entry_id'][:8]}")
        return meta

    # -------------------------------------------------------- deciding

    def plan(self) -> TargetPlan:
        state, result = self.state, self.result
        leaving = [m.text for i, m in state.entries.items() if self.mode == "replace" and i not in self.incoming_ids]
        arriving = []
        for meta in self.incoming:
            local = state.entries.get(meta.entry_id)
            if local is not None and local.text == meta.text:
                (result.replaced if self.mode == "replace" and local.to_dict() != meta.to_dict() else result.unchanged).append(meta.entry_id)
            elif local is not None and state.id_for_text(meta.text) and self.mode == "merge":
                result.same_text_elsewhere.append(meta.entry_id)
            elif local is not None:
                if self.mode == "replace":
                    result.replaced.append(meta.entry_id)
                    leaving.append(local.text)
                else:
                    result.conflicts.append({"local_id": local.entry_id, "imported_id": meta.entry_id, "new_id": ""})
                arriving.append(meta.text)
            elif meta.entry_id in state.archive:
                (result.restored if self.mode == "replace" else result.kept_archived).append(meta.entry_id)
                arriving += [meta.text] if self.mode == "replace" else []
            elif (other := state.id_for_text(meta.text)) and not (self.mode == "replace" and other not in self.incoming_ids):
                result.same_text_elsewhere.append(meta.entry_id)
            else:
                result.added.append(meta.entry_id)
                arriving.append(meta.text)
        if self.mode == "replace":
            result.archived = [i for i in state.entries if i not in self.incoming_ids]
        self._check_texts(arriving)
        self.store._check_limit(state, arriving, leaving)
        self._plan_archive_edges_history()
        return result

    def _check_texts(self, arriving: list[str]) -> None:
        if len(set(arriving)) != len(arriving):
            raise InvalidInputError(f"{self.state.target}: the export holds the same text twice among its entries")

    def _plan_archive_edges_history(self) -> None:
        state, result = self.state, self.result
        for item in self.section["archive"]:
            entry_id = item["meta"]["entry_id"]
            if not state.known(entry_id) and entry_id not in self.incoming_ids and entry_id not in result.archive_added:
                result.archive_added.append(entry_id)
        known = {e.edge_id for e in state.doc.contradictions}
        reachable = set(state.entries) | set(state.archive) | self.incoming_ids | set(result.archive_added)
        for edge in self.section["contradictions"]:
            if edge["edge_id"] in known:
                continue
            ok = edge["from_id"] in reachable and edge["to_id"] in reachable and edge["from_id"] != edge["to_id"]
            (result.edges_added if ok else result.edges_skipped).append(edge["edge_id"])
        here = {_record_key(r) for r in self.store.history(state.target)}
        self.new_history = [r for r in self.section["history"] if _record_key(r) not in here]
        result.history_added = len(self.new_history)

    # -------------------------------------------------------- applying

    def run(self) -> TargetPlan:
        self.plan()
        state, change, result = self.state, self.change, self.result
        for entry_id in result.archived:
            self._archive_local(state.entries[entry_id], "replaced by an import")
        by_id = {m.entry_id: m for m in self.incoming}
        for entry_id in result.replaced:
            local = state.entries[entry_id]
            self._archive_local(local, "replaced by an import", keep_id=False)
            self._insert(by_id[entry_id], "import")
        for entry_id in result.restored:
            state.from_archive(change, entry_id)
            self._insert(by_id[entry_id], "import")
        for entry_id in result.added:
            self._insert(by_id[entry_id], "import")
        for conflict in result.conflicts:
            conflict["new_id"] = self._add_conflict(by_id[conflict["imported_id"]], conflict["local_id"])
        self._apply_archive()
        self._apply_edges()
        for entry_id in list(state.entries):
            state.settle_status(change, entry_id)
        change.history.extend(self.new_history)
        return result

    def _insert(self, meta: EntryMeta, action: str, **detail) -> None:
        meta.contradiction_ids = [i for i in meta.contradiction_ids if self.state.edge(i) or i in self.result.edges_added]
        meta.contradiction_count = len(meta.contradiction_ids)
        self.state.insert(self.change, meta)
        self.change.log(self.state.target, action, meta.entry_id, None, summary(meta), **detail)

    def _archive_local(self, meta: EntryMeta, reason: str, keep_id: bool = True) -> None:
        """Archive a local entry; with ``keep_id=False`` under a fresh id, because the import
        brings another version of the same id (the reason names the id it had)."""
        state, change = self.state, self.change
        if not keep_id:
            old_id = meta.entry_id
            state._index_remove(old_id)
            del state.entries[old_id]
            meta.entry_id = new_id()
            state.entries[meta.entry_id] = meta
            state.ids_by_text[meta.text] = meta.entry_id
            reason = f"{reason} (this version was {old_id})"
        before = summary(meta)
        state.to_archive(change, meta, reason)
        change.log(state.target, "archive", meta.entry_id, before, None, reason=reason)

    def _add_conflict(self, imported: EntryMeta, local_id: str) -> str:
        """The imported text under a new id, linked to the local entry as a contradiction."""
        original_id = imported.entry_id
        imported.entry_id = new_id()
        imported.contradiction_ids, imported.contradiction_count = [], 0
        if imported.status is BeliefStatus.CONTRADICTED:
            imported.status = BeliefStatus.ACTIVE
        self._insert(imported, "import", imported_as=original_id)
        edge = ContradictionEdge(from_id=local_id, to_id=imported.entry_id, reason=CONFLICT_REASON, confidence=1.0,
                                 author="import", created_at=self.change.now)  # fmt: skip
        self.state.add_edge(self.change, edge)
        self.change.log(self.state.target, "contradiction", imported.entry_id, detail_edge=edge.edge_id, other=local_id, reason=edge.reason)
        return imported.entry_id

    def _apply_archive(self) -> None:
        wanted = set(self.result.archive_added)
        for item in self.section["archive"]:
            meta = EntryMeta.from_dict(dict(item["meta"]))
            if meta.entry_id not in wanted:
                continue
            wanted.discard(meta.entry_id)
            reason, at, actor = str(item.get("reason", "imported")), float(item.get("at") or self.change.now), str(item.get("actor", ""))
            self.state.archive[meta.entry_id] = ArchivedEntry(meta, reason, at, actor)
            self.change.archive_records.append({"op": "archive", "at": at, "actor": actor, "reason": reason, "meta": meta.to_dict()})

    def _apply_edges(self) -> None:
        wanted = set(self.result.edges_added)
        for data in self.section["contradictions"]:
            if data["edge_id"] not in wanted:
                continue
            edge = ContradictionEdge.from_dict(dict(data))
            self.state.doc.contradictions.append(edge)
            self.change.touch_edge(edge)
            for entry_id in (edge.from_id, edge.to_id):
                meta = self.state.entries.get(entry_id)
                if meta is not None and edge.edge_id not in meta.contradiction_ids:
                    meta.contradiction_ids.append(edge.edge_id)
                    meta.contradiction_count += 1
                    if not edge.resolved and meta.status is BeliefStatus.ACTIVE:
                        meta.status = BeliefStatus.CONTRADICTED
                    self.change.touch(meta)
        self.state.invalidate_edge_index()


def _record_key(record: dict) -> str:
    return json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)


def export_filename(now: float | None = None) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    return f"dmem-export-{stamp}.json"
