"""Export a memory home to one portable document, and import such a document without losing anything.

The document (``format`` ``dialectical-memory-export``, ``version`` 1) holds per target the active
entries in file order (their full metadata, text included), the contradiction edges, the archive and
the history. It is plain JSON: ``dmem export`` writes it, ``dmem import`` and the dashboard read it.

Import keeps ids. With ``merge`` (the default) it adds what is new and keeps everything here: an
entry whose id exists here with a *different* text is added under a new id and linked to the local
one as a contradiction, for a person to resolve. With ``replace`` the home ends up with the export's
active entries; every local entry that leaves (or whose text the export changes) is archived first.
Nothing is written until the whole document has been checked — every target, before the first is
written — and a dry run writes nothing at all. The file is not trusted: its size, nesting and
numbers are bounded, ids follow :data:`ID_PATTERN`, numbers are clamped into range, and every text
(archived ones too) passes the gate of an add; a refusal is one line that names the entry.
"""

from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from ..core.version import __version__
from ..core.errors import InvalidInputError, UnsafeContentError
from ..core.beliefs import BeliefStatus, ContradictionEdge, EntryMeta, MaturityLevel, clamp_numbers, new_id, plausible_time
from ..storage import hermes_format
from ..store.screening import admit_entry, clean_reason, shape_problem
from ..store.state import ArchivedEntry, Change, TargetState, summary
from ..storage.files import TARGET_FILES

FORMAT = "dialectical-memory-export"
VERSION = 1
MODES = ("merge", "replace")
CONFLICT_REASON = "import: another text under the same id"

# Bounds of what an import reads: whatever a file holds, reading it costs bounded time and memory,
# and a value out of range is refused (a wrong type) or clamped (a number), never stored as given.
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 32  # an export nests 6 deep; history details a few more
MAX_NUMBER_DIGITS = 40
MAX_ITEMS = 200_000  # entries, edges, archived entries or history records of one target
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")  # uuids and the like: usable in a URL
UNIT_FIELDS = ("authority", "conviction", "importance", "confidence")
COUNT_FIELDS = ("hit_count", "surface_count", "ignore_count", "observed_behavior_count", "contradiction_count")
TIME_FIELDS = ("created_at", "updated_at", "last_validated_at")
ID_LIST_FIELDS = ("contradiction_ids", "parent_ids", "child_ids")


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
        state = store.current_state(target)
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
    document = _parse(raw)
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


class _Refused(ValueError):
    """A value the parser will not build (a number too long, NaN, infinity)."""


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _Refused(f"a number of {len(digits.lstrip('-')):,} digits (at most {MAX_NUMBER_DIGITS})")
    return int(digits)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS + 10 or not math.isfinite(value := float(text)):
        raise _Refused(f"the number {text[:20]}{'…' if len(text) > 20 else ''} (too large)")
    return value


def _no_constant(name: str):
    raise _Refused(f"{name}, which is not a JSON number")


def _parse(raw: str) -> Any:
    """``json.loads`` with bounds: size, nesting, number length; each problem one line."""
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise InvalidInputError(f"the file is {len(raw):,} characters; an export may have at most {MAX_DOCUMENT_BYTES:,}")
    try:
        document = json.loads(raw, parse_int=_bounded_int, parse_float=_bounded_float, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InvalidInputError(f"not a JSON export: {error.msg} at line {error.lineno}") from None
    except _Refused as error:
        raise InvalidInputError(f"not a valid export: it holds {error}") from None
    except RecursionError:
        raise InvalidInputError(f"not a valid export: it nests deeper than {MAX_DEPTH} levels") from None
    if _depth(document) > MAX_DEPTH:
        raise InvalidInputError(f"not a valid export: it nests deeper than {MAX_DEPTH} levels")
    return document


def _depth(value) -> int:
    """Nesting depth, without recursion (a hostile file may nest thousands deep)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _check_section(target: str, section) -> None:
    if not isinstance(section, dict):
        raise InvalidInputError(f"{target}: expected an object")
    for key in ("entries", "contradictions", "archive", "history"):
        items = section.setdefault(key, [])
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise InvalidInputError(f"{target}.{key}: expected a list of objects")
        if len(items) > MAX_ITEMS:
            raise InvalidInputError(f"{target}.{key}: {len(items):,} items; at most {MAX_ITEMS:,}")
    for number, meta in enumerate(section["entries"], start=1):
        _check_meta(meta, f"{target}.entries[{number}]")
    for number, item in enumerate(section["archive"], start=1):
        where = f"{target}.archive[{number}]"
        if not isinstance(item.get("meta"), dict):
            raise InvalidInputError(f"{where}: every archived entry needs meta with an entry_id and a text")
        _check_meta(item["meta"], where)
        for key, kind in (("reason", str), ("actor", str), ("at", (int, float))):
            if key in item and (not isinstance(item[key], kind) or isinstance(item[key], bool)):
                raise InvalidInputError(f"{where} (id {item['meta']['entry_id']}): {key} has the wrong type")
    seen = set()
    for number, edge in enumerate(section["contradictions"], start=1):
        where = f"{target}.contradictions[{number}]"
        if not all(isinstance(edge.get(key), str) and edge.get(key) for key in ("edge_id", "from_id", "to_id")):
            raise InvalidInputError(f"{where}: needs edge_id, from_id and to_id")
        for key in ("edge_id", "from_id", "to_id"):
            _check_id(edge[key], f"{where} {key}")
        if edge["edge_id"] in seen:
            raise InvalidInputError(f"{where} (edge {edge['edge_id']}): the same edge id appears twice")
        seen.add(edge["edge_id"])
        for key, kind in (("reason", str), ("author", str), ("resolved", bool), ("confidence", (int, float))):
            if key in edge and not isinstance(edge[key], kind):
                raise InvalidInputError(f"{where} (edge {edge['edge_id']}): {key} has the wrong type")
    ids = [meta["entry_id"] for meta in section["entries"]]
    if len(set(ids)) != len(ids):
        duplicate = next(i for i in ids if ids.count(i) > 1)
        raise InvalidInputError(f"{target}: the entry id {duplicate} appears twice among the entries")


def _check_id(value, where: str) -> None:
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        shown = json.dumps(value, ensure_ascii=True)[:40] if isinstance(value, str) else type(value).__name__
        raise InvalidInputError(f"{where}: {shown} is not an id (letters, digits, '-' and '_', at most 64)")


def _check_meta(meta: dict, where: str) -> None:
    """An entry's record: an id by pattern, a text, and fields of the right types (numbers are
    clamped later, when the entry is built)."""
    _check_id(meta.get("entry_id"), f"{where} entry_id")
    where = f"{where} (id {meta['entry_id']})"
    if not isinstance(meta.get("text"), str) or not meta["text"].strip():
        raise InvalidInputError(f"{where}: every entry needs a text")
    for name in (*UNIT_FIELDS, *COUNT_FIELDS, *TIME_FIELDS):
        value = meta.get(name)
        if name in meta and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise InvalidInputError(f"{where}: {name} must be a number, not {type(value).__name__}")
        if name in COUNT_FIELDS and name in meta and not isinstance(value, int):
            raise InvalidInputError(f"{where}: {name} must be a whole number")
    for name in ID_LIST_FIELDS:
        if name in meta:
            if not isinstance(meta[name], list) or len(meta[name]) > MAX_ITEMS:
                raise InvalidInputError(f"{where}: {name} must be a list of ids")
            for item in meta[name]:
                _check_id(item, f"{where} {name}")
    for name in ("status", "maturity", "knowledge_type", "source_kind"):
        if name in meta and not isinstance(meta[name], (str, int)) or isinstance(meta.get(name), bool):
            raise InvalidInputError(f"{where}: {name} has the wrong type")


def entry_from(data: dict) -> EntryMeta:
    """An entry built from a checked record, its numbers brought into range: scores 0…1, counters
    0…2**53, times 1970…3000."""
    meta = EntryMeta.from_dict(dict(data))
    clamp_numbers(meta)
    for name in TIME_FIELDS:
        setattr(meta, name, plausible_time(getattr(meta, name), 0.0))
    meta.contradiction_ids = list(dict.fromkeys(meta.contradiction_ids))
    return meta


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
    readded: list[dict[str, str]] = field(default_factory=list)  # archived here with another text
    archived: list[str] = field(default_factory=list)
    archive_added: list[str] = field(default_factory=list)
    edges_added: list[str] = field(default_factory=list)
    edges_skipped: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)  # arriving entries whose text fails the scan
    history_added: int = 0
    local_texts: dict[str, str] = field(default_factory=dict)  # id → text here, of what changes
    imported_texts: dict[str, str] = field(default_factory=dict)  # id → text of the file

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def changes(self) -> list[tuple[str, str]]:
        """Exactly what the import changes, one ``(sign, text)`` each: ``+`` becomes an active
        entry, ``-`` leaves for the archive, ``~`` is replaced (old → new), ``a`` is added to the
        archive, ``!`` is added beside the text here as a contradiction, ``b`` becomes an entry that
        is blocked (its text failed the safety check: it stays out of every prompt)."""
        mine, theirs, blocked = self.local_texts, self.imported_texts, set(self.blocked)
        out = [("b" if i in blocked else "+", theirs[i]) for i in (*self.added, *self.restored)]
        out += [("b" if r["imported_id"] in blocked else "+", theirs[r["imported_id"]]) for r in self.readded]
        out += [("!", theirs[c["imported_id"]]) for c in self.conflicts]
        for entry_id in self.replaced:
            old, new = mine[entry_id], theirs[entry_id]
            out.append(("~", f"{old} → {new}" if old != new else f"{new} (its metadata)"))
        out += [("-", mine[i]) for i in self.archived]
        out += [("a", theirs[i]) for i in self.archive_added]
        return out


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
                (len(plan.restored), "restored from the archive"),
                (len(plan.readded), "added under a new id (the id is archived here with another text, which stays archived)"),
                (len(plan.archived), "local entries archived"),
                (len(plan.archive_added), "archived entries added"), (len(plan.edges_added), "contradictions added"),
                (plan.history_added, "history records added"),
                (len(plan.blocked), "entries blocked (their text failed the safety check: no model reads it until a person keeps it)"),
            ]  # fmt: skip
            done = ", ".join(f"{n} {label}" for n, label in parts if n)
            lines.append(f"  {target}: {done or 'nothing to import'}")
            if self.dry_run:
                lines += [f"    {sign} {_one_line(text) if sign != 'b' else '(blocked text, shown on the Blocked page)'}" for sign, text in plan.changes()]
        return "\n".join(lines)


def import_document(store, document: dict[str, Any], *, mode: str = "merge", dry_run: bool = False, actor: str = "person") -> ImportPlan:
    """Bring ``document`` (from :func:`read_document`) into the store; see the module docstring."""
    if mode not in MODES:
        raise InvalidInputError(f"import mode must be one of {', '.join(MODES)}")
    sections = document["targets"]
    checked = _plans(store, sections, mode)  # every target is checked before the first is written
    if dry_run:
        return ImportPlan(mode, True, checked)
    with store.exclusive():  # and again under every lock: nothing else writes until all are written
        _plans(store, sections, mode)
        plans = {}
        for target, section in sections.items():
            with store.unit_of_work(target, actor) as (state, change):
                plans[target] = _Importer(store, state, change, section, mode).run()
    return ImportPlan(mode, dry_run, plans)


def _plans(store, sections: dict, mode: str) -> dict[str, TargetPlan]:
    return {t: _Importer(store, store.current_state(t), None, s, mode).plan() for t, s in sections.items()}


class _Importer:
    """One target's import: :meth:`plan` decides and checks everything, :meth:`run` then applies it."""

    def __init__(self, store, state: TargetState, change: Change | None, section: dict, mode: str):
        self.store, self.state, self.change, self.section, self.mode = store, state, change, section, mode
        self.result = TargetPlan(state.target)
        self.incoming = [self._meta(d, f"{state.target}.entries[{n}]") for n, d in enumerate(section["entries"], start=1)]
        self.incoming_ids = {m.entry_id for m in self.incoming}

    def _meta(self, data: dict, where: str) -> EntryMeta:
        """An entry of the file through the gate of an add; a refusal names the entry.

        An entry the exporting home had blocked (text that reached its ``.md`` from outside and
        failed the safety check) arrives blocked, as a load of the ``.md`` takes it: kept, out of
        every prompt until a person on this device keeps, edits or retires it; the reason is decided
        here. Unsafe text the file does not say is blocked is a hostile or hand-made export and is
        refused, as before: nothing is imported."""
        meta = entry_from(data)
        meta.blocked = None
        try:
            meta.text = admit_entry(data["text"], "its text")
        except UnsafeContentError as error:
            if not data.get("blocked"):
                raise UnsafeContentError(f"{where} (id {data['entry_id']}): {error}; nothing was imported") from None
            meta.text = hermes_format.normalise_entry(data["text"])
            meta.blocked = str(error)
            self.result.blocked.append(meta.entry_id)
        except InvalidInputError as error:
            raise type(error)(f"{where} (id {data['entry_id']}): {error}; nothing was imported") from None
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
            elif meta.entry_id in state.archive and state.archive[meta.entry_id].meta.text != meta.text:
                result.readded.append({"imported_id": meta.entry_id, "new_id": ""})  # the archived text stays
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
        result.local_texts = {i: state.entries[i].text for i in (*result.archived, *result.replaced)}
        result.imported_texts = {m.entry_id: m.text for m in self.incoming}
        self._check_texts(arriving)
        self.store.check_limit(state, arriving, leaving)
        self._plan_archive_edges_history()
        return result

    def _check_texts(self, arriving: list[str]) -> None:
        if len(set(arriving)) != len(arriving):
            raise InvalidInputError(f"{self.state.target}: the export holds the same text twice among its entries")

    def _plan_archive_edges_history(self) -> None:
        state, result = self.state, self.result
        for number, item in enumerate(self.section["archive"], start=1):
            entry_id = item["meta"]["entry_id"]
            # The archive is where a person's retired (often blocked) texts live, so an unsafe one is
            # imported as it is: restore sends it through the gate again, and a model is shown an
            # archived text only after the scan. A text that could never be one entry is refused.
            problem = shape_problem(item["meta"]["text"])
            if problem:
                raise InvalidInputError(f"{state.target}.archive[{number}] (id {entry_id}): the archived text {problem}; nothing was imported")
            if not state.known(entry_id) and entry_id not in self.incoming_ids and entry_id not in result.archive_added:
                result.archive_added.append(entry_id)
        archived_texts = {item["meta"]["entry_id"]: item["meta"]["text"] for item in self.section["archive"]}
        result.imported_texts.update({i: archived_texts[i] for i in result.archive_added})
        known = {e.edge_id for e in state.doc.contradictions}
        renamed = {r["imported_id"] for r in result.readded}
        reachable = (set(state.entries) | set(state.archive) | self.incoming_ids | set(result.archive_added)) - renamed
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
        for readded in result.readded:
            meta = by_id[readded["imported_id"]]
            meta.entry_id, meta.contradiction_ids = new_id(), []
            readded["new_id"] = meta.entry_id
            self._insert(meta, "import", imported_as=readded["imported_id"])
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
            old_id = state.renumber(meta)
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
            meta = entry_from(item["meta"])
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
            edge.confidence = min(max(edge.confidence, 0.0), 1.0)
            edge.reason = clean_reason(edge.reason)
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
