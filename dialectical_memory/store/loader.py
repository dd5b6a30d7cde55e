"""Read one target from disk and reconcile the ``.md`` text with its metadata.

The ``.md`` file is the source of truth. A person may edit it in an editor: new text gets fresh
metadata, an edited entry that is clearly the same one keeps its id (``original_text`` recorded),
removed text goes to the archive. A damaged sidecar is moved aside and rebuilt; recovery never
writes the ``.md`` file.
"""

from __future__ import annotations

import os
import weakref
from typing import Any, NamedTuple

import orjson

from ..storage import hermes_format
from ..core.gc_pause import collector_paused
from .restated import checked_wordings
from .screening import screen
from ..core.beliefs import (
    LATEST_PLAUSIBLE_TIME,
    MAX_COUNT,
    SIDECAR_VERSION,
    SOURCE_AUTHORITY,
    EntryMeta,
    SidecarDocument,
    SourceKind,
    clamp_edge,
    clamp_numbers,
    edges_from,
    format_version,
    plausible_time,
    text_hash,
)
from .state import ArchivedEntry, Change, TargetState, summary
from ..storage.files import TargetPaths, file_stamp, metadata_stamps, quarantine, read_md_stable, read_records, read_sidecar

SAME_ENTRY_SIMILARITY = 0.6
RECONCILE_ACTOR = "person"
# New texts a load reads the knowledge type of (the newest; ~25 µs each). A file of more that arrives
# whole, never loaded before, keeps the default (``belief``) for its older ones, never read later:
# reading all 100,000 of one took its first load from 5 to 8 s.
TYPED_AT_ONCE = 20_000


class LoadResult(NamedTuple):
    state: TargetState
    reconcile: Change
    quarantined: str | None
    rescanned: bool  # every entry was safety-checked again: write the sidecar
    restored_history: list[dict[str, Any]]  # see _lost_history

    @property
    def arrived(self) -> list[str]:
        return arrived(self.reconcile)

    @property
    def needs_write(self) -> bool:
        """Whether only a locked load may keep this result: it found something to write."""
        return not self.reconcile.empty or bool(self.quarantined or self.rescanned or self.restored_history)


def arrived(reconcile: Change) -> list[str]:
    """Ids of entries whose text came new or edited from the ``.md`` file (Hermes, an editor, a sync)."""
    return [record["entry_id"] for record in reconcile.history if record["action"] in ("add", "edit")]


def load_target(paths: TargetPaths, now: float, *, locked: bool = True, origins=None) -> LoadResult:
    """Read the files of one target and reconcile them in memory.

    With ``locked=False`` (the caller holds no lock) nothing on disk is touched: a damaged sidecar is
    reported in ``quarantined`` but left where it is, for a locked load to move aside. ``origins``
    (target → {text: Origin}) names who wrote text that reconciling finds new; the state keeps it for
    later refreshes.
    """
    with collector_paused():
        return _load_target(paths, now, locked, origins)


def _load_target(paths: TargetPaths, now: float, locked: bool, origins=None) -> LoadResult:
    state = TargetState(paths)
    state.arrival_origins = _held_weakly(origins)
    state.meta_stamps = metadata_stamps(paths)
    _read_md(state)
    unchecked: list[EntryMeta] = []  # the entries whose shape does not show their values sound
    quarantined = _read_sidecar(state, now, locked, unchecked)
    restored_history = _by_id(_lost_from_tail(state) + _replay_journal(state, unchecked))
    unchecked = [meta for meta in unchecked if state.doc.entries.get(meta.entry_id) is meta]  # a later put replaced the rest
    _texts_from_hashes(state, unchecked)
    _read_archive(state)
    _plausible_times(state, now, unchecked)
    _check_wordings(state, unchecked, state.paths.sidecar.name)
    change = Change(now=now, actor=RECONCILE_ACTOR)
    reconcile(state, change)
    rescanned = screen(state, change)
    _drop_dangling_edges(state)
    return LoadResult(state, change, quarantined, rescanned, restored_history)


def _held_weakly(origins):
    """``origins`` as the state keeps it: a store's method is held weakly, so that the states a store
    keeps do not keep the store alive. That cycle left a dropped store, and every entry it had
    loaded, to the next full collection (a process loading a 100,000-entry home three times held
    three copies: +225 MB each)."""
    if not hasattr(origins, "__self__"):
        return origins
    method = weakref.WeakMethod(origins)

    def while_the_store_lives(target: str):
        store_method = method()
        return {} if store_method is None else store_method(target)

    return while_the_store_lives


def _read_md(state: TargetState) -> None:
    data, state.md_ident = read_md_stable(state.paths.md)
    state.disk_md = data
    if data is None:
        return
    text, warnings = hermes_format.decode(data)
    state.warnings.extend(f"{state.paths.md.name}: {w}" for w in warnings)
    _set_texts_read(state, text, data, warnings)
    if any("not valid UTF-8" in w for w in warnings):
        state.md_writable, state.md_problem = False, "contains bytes that are not valid UTF-8"
    elif any("§" in text for text in state.texts) and hermes_format.loads(hermes_format.dumps(state.texts)) != state.texts:
        # An entry ending in a line with only "§" (e.g. "x\n§ \n§\ny"): rewriting would split it.
        state.md_writable, state.md_problem = False, "has an entry whose last line is only '§'"
        state.warnings.append(f"{state.paths.md.name}: {state.md_problem}; it is read-only until fixed by hand")


def _set_texts_read(state: TargetState, text: str, data: bytes, warnings: list[str]) -> None:
    """The entries of ``text``, decoded from ``data``. When the entries joined again are ``text``
    itself (``loads`` dropped nothing: no blank or repeated entry, no stripped space, no CRLF; same
    length is enough, as it only removes), ``data`` is the file they make and is kept for the next
    write (encoding 100,000 entries again cost the first add after a load ~10 ms)."""
    texts = hermes_format.loads(text)
    canonical = not warnings and hermes_format.usage(texts) == len(text)
    state.set_texts(texts, data if canonical else None)


def _read_sidecar(state: TargetState, now: float, locked: bool, unchecked: list[EntryMeta]) -> str | None:
    path = state.paths.sidecar
    try:
        document = read_sidecar(path)
        if document is not None:
            _check_version(state, path.name, document.get("version", SIDECAR_VERSION))
            stored_edges = document.get("contradictions")
            state.doc = SidecarDocument.from_dict(document, owned=True, unchecked=unchecked)
            skipped = len(stored_edges) - len(state.doc.contradictions) if isinstance(stored_edges, list) else 0
            if skipped:
                state.warnings.append(f"{path.name}: skipped {skipped} unusable contradiction edge(s)")
            state.journal_seq = _sequence(state, path.name, document.get("journal_seq", 0))
            state.safety_version = document.get("safety_version", 0)
            state.history_tail = _tail(document.get("history_tail"))
        return None
    except (ValueError, TypeError, AttributeError, UnicodeDecodeError) as error:
        if not locked:
            state.warnings.append(f"{path.name} is unreadable ({type(error).__name__}); it is used as if empty")
            state.doc = SidecarDocument()
            return path.name
        moved = quarantine(path, now)
        state.warnings.append(
            f"{path.name} was unreadable ({type(error).__name__}); moved to {moved.name} and rebuilt"
        )
        state.doc = SidecarDocument()
        return moved.name


def _check_version(state: TargetState, name: str, value) -> None:
    """A file of a newer format is shown read-only (writing it back would drop what this version
    does not know); an implausible version number is damage: read as this version, with a warning."""
    version = format_version(value)
    if version is None:
        state.warnings.append(f"{name}: its format version {str(value)[:40]!r} is out of range; read as version {SIDECAR_VERSION}")
    elif version > SIDECAR_VERSION and state.newer_format is None:
        state.newer_format = (
            f"{name} was written by a newer dialectical memory (format {version}; this version reads format "
            f"{SIDECAR_VERSION}): it is shown read-only and never rewritten; upgrade dmem to change it"
        )
        state.warnings.append(state.newer_format)


def _sequence(state: TargetState, name: str, value) -> int:
    if type(value) is int and 0 <= value <= MAX_COUNT:
        return value
    if value not in (None, 0):
        state.warnings.append(f"{name}: journal_seq {str(value)[:40]!r} is out of range; read as 0 (every journal batch is applied)")
    return 0


def _replay_journal(state: TargetState, unchecked: list[EntryMeta]) -> list[dict[str, Any]]:
    """Apply journal batches newer than the sidecar: the sidecar is their compacted prefix (the
    entries they put join ``unchecked``). Returns the history records those batches carry that the
    history file lost."""
    records, warnings = read_records(state.paths.journal)
    state.warnings.extend(warnings)
    compacted = state.journal_seq
    _apply_batches(state, records, unchecked)
    state.journal_lines = len(records)
    replayed = [b for b in records if isinstance(b.get("seq"), int) and compacted < b["seq"] <= state.journal_seq]
    return _lost_history(state, replayed)


def _lost_history(state: TargetState, batches: list[dict]) -> list[dict[str, Any]]:
    """A journaled commit appends its history records unsynced and syncs them in its journal line.
    A power loss can take them from the end of the history file; they are put back from there."""
    ends = [b["history_end"] for b in batches if type(b.get("history_end")) is int]
    if not ends:
        return []
    stamp = file_stamp(state.paths.history)
    if stamp is not None and stamp[1] >= max(ends):
        return []
    carried = [record for batch in batches if isinstance(batch.get("history"), list) for record in batch["history"]]
    return _not_in_history(state, carried, "the journal")


def _not_in_history(state: TargetState, carried: list, source: str) -> list[dict[str, Any]]:
    """The records ``source`` carries that the history file lacks (by id), with a warning: what a
    power loss took from the file's end, to be put back."""
    present = {record.get("id") for record in read_records(state.paths.history)[0]}
    lost = [record for record in carried if isinstance(record, dict) and record.get("id") not in present]
    if lost:
        state.warnings.append(f"{state.paths.history.name}: put back {len(lost)} record(s) lost from its end, from {source}")
    return lost


def _tail(value) -> dict | None:
    """The sidecar's ``history_tail`` (a JSON object written as one string), or None."""
    try:
        tail = orjson.loads(value) if isinstance(value, str) else None
    except orjson.JSONDecodeError:
        return None
    return tail if isinstance(tail, dict) else None


def _lost_from_tail(state: TargetState) -> list[dict[str, Any]]:
    """A compacting commit appends its history records unsynced and carries them in the sidecar it
    writes (``history_tail``). When the history file, still the same file, ends inside the range
    that append filled, a power loss took it: the records not in the file are put back. A tail
    from another device or a hand edit names another file or range, and is left alone."""
    tail = state.history_tail
    if not (isinstance(tail, dict) and isinstance(tail.get("records"), list)
            and all(type(tail.get(key)) is int for key in ("start", "end", "inode"))):
        return []
    try:
        st = os.stat(state.paths.history)
        size, inode = st.st_size, st.st_ino
    except FileNotFoundError:
        size, inode = 0, 0
    if not (tail["start"] <= size < tail["end"]) or (tail["inode"] and inode != tail["inode"]):
        return []
    carried = [record for record in tail["records"] if isinstance(record, dict) and isinstance(record.get("id"), str)]
    return _not_in_history(state, carried, state.paths.sidecar.name)


def _by_id(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each record once (a record both the sidecar and the journal carry is put back once)."""
    seen, kept = set(), []
    for record in records:
        key = record.get("id")
        if not isinstance(key, str):
            kept.append(record)  # the history reader judges it
        elif key not in seen:
            seen.add(key)
            kept.append(record)
    return kept


def _apply_batches(state: TargetState, records: list[dict], put: list[EntryMeta] | None = None) -> None:
    """Apply journal batches newer than ``state.journal_seq``; the entries they put are appended to ``put``."""
    entries, edges = state.doc.entries, {e.edge_id: e for e in state.doc.contradictions}
    for batch in records:
        seq = batch.get("seq")
        if type(seq) is not int or seq <= state.journal_seq or seq > MAX_COUNT:
            continue
        if "version" in batch:
            _check_version(state, state.paths.journal.name, batch["version"])
        try:
            for data in batch.get("put", []):
                if entries.hold_sound(data):  # nothing for the loader to check: built when asked for
                    continue
                meta = EntryMeta.from_dict(data, owned=True)
                if clamp_numbers(meta):
                    state.warnings.append(f"{state.paths.journal.name}: values out of range were clamped (seq {seq})")
                entries[meta.entry_id] = meta
                if put is not None:
                    put.append(meta)
            for entry_id in batch.get("drop", []):
                entries.pop(entry_id, None)
            batch_edges, skipped = edges_from(batch.get("edges") or [])
            for edge in batch_edges:
                edges[edge.edge_id] = edge
            if skipped:
                state.warnings.append(f"{state.paths.journal.name}: skipped {skipped} unusable edge(s) (seq {seq})")
        except (TypeError, AttributeError, ValueError):
            state.warnings.append(f"{state.paths.journal.name}: skipped a malformed batch (seq {seq})")
            continue
        state.journal_seq = seq
        state.safety_version = batch.get("safety_version", state.safety_version)
    state.doc.contradictions = list(edges.values())


def refresh(state: TargetState, now: float) -> Change | None:
    """Bring ``state`` up to date with what other stores appended since it was read — the journal
    and archive tails and the new ``.md`` — instead of loading everything again (a foreign write of
    one entry costs the work of that entry). Returns what reconciling the new ``.md`` changed (to
    commit under the locks when not empty), or None when that is not enough (the sidecar was
    compacted, a file was replaced or damaged): then ``state`` may be half updated and must be
    dropped for a full load."""
    paths = state.paths
    current = metadata_stamps(paths)
    if not state.meta_stamps or current[0] != state.meta_stamps[0]:
        return None
    tails = []
    for new, old, path in zip(current[1:], state.meta_stamps[1:], (paths.journal, paths.archive)):
        if new == old:
            tails.append([])
            continue
        if new is None or (old is not None and (new[2] != old[2] or new[1] < old[1])):
            return None
        records = _read_tail(path, 0 if old is None else old[1], new[1])
        if records is None:
            return None
        tails.append(records)
    data, ident = read_md_stable(paths.md)
    text, warnings = hermes_format.decode(data or b"")
    if warnings:
        return None
    put: list[EntryMeta] = []
    _apply_batches(state, tails[0], put)
    _check_wordings(state, put, paths.journal.name)
    state.journal_lines += len(tails[0])
    _apply_archive_records(state, tails[1])
    _set_texts_read(state, text, data or b"", warnings)
    state.disk_md, state.md_ident, state.md_verified = data, ident, False
    state.meta_stamps = current
    change = Change(now=now, actor=RECONCILE_ACTOR)
    state.invalidate_edge_index()
    reconcile(state, change)
    screen(state, change)
    return change


def _read_tail(path, start: int, end: int) -> list[dict] | None:
    """Whole JSON lines between two offsets of an append-only file, or None if any is not whole."""
    try:
        with open(path, "rb") as handle:
            handle.seek(start)
            data = handle.read(end - start)
    except FileNotFoundError:
        return None
    if len(data) != end - start or (data and not data.endswith(b"\n")):
        return None
    try:
        records = [orjson.loads(line) for line in data.split(b"\n") if line.strip()]
    except orjson.JSONDecodeError:
        return None
    return records if all(isinstance(r, dict) for r in records) else None


def _plausible_times(state: TargetState, now: float, unchecked: list[EntryMeta]) -> None:
    """Timestamps in milliseconds become seconds; impossible ones (±1e18, before 1970) become the
    load time, with a warning: a damaged time must not break a page or the CLI. Counters past
    2**53, scores outside 0…1 and the like are clamped, with a warning: such a value would break
    every later write (JSON writers refuse integers past 64 bits). Of the entries, only those
    ``unchecked`` need it: the shape of every other one showed its values sound."""
    fixed = clamped = 0
    metas = unchecked + [archived.meta for archived in state.archive.values()]
    for meta in metas:
        values = meta.__dict__
        if not (0 <= values["created_at"] <= LATEST_PLAUSIBLE_TIME and 0 <= values["updated_at"] <= LATEST_PLAUSIBLE_TIME
                and 0 <= values["last_validated_at"] <= LATEST_PLAUSIBLE_TIME):  # fmt: skip
            for name in ("created_at", "updated_at", "last_validated_at"):
                value = values[name]
                if not 0 <= value <= LATEST_PLAUSIBLE_TIME:
                    values[name] = plausible_time(value, now)
                    fixed += 1
        clamped += clamp_numbers(meta)
    clamped += sum(clamp_edge(edge) for edge in state.doc.contradictions)
    if fixed:
        state.warnings.append(f"{state.paths.sidecar.name}: {fixed} timestamp(s) out of range were corrected")
    if clamped:
        state.warnings.append(f"{state.paths.sidecar.name}: {clamped} value(s) out of range were clamped")


def _texts_from_hashes(state: TargetState, unchecked: list[EntryMeta]) -> None:
    """A SPEC §2 sidecar keeps no text per entry, only ``text_to_id`` (first 16 hex chars of the
    SHA-256 of the text → id): give such entries the ``.md`` text whose hash names them (an entry
    with a text is never ``unchecked`` for want of one)."""
    missing = {meta.entry_id for meta in unchecked if not meta.text}
    if not missing or not state.doc.text_to_id:
        return
    for text in state.texts:
        entry_id = state.doc.text_to_id.get(text_hash(text))
        if entry_id in missing:
            state.doc.entries[entry_id].text = text
            missing.discard(entry_id)


def _read_archive(state: TargetState) -> None:
    records, warnings = read_records(state.paths.archive)
    state.warnings.extend(warnings)
    _apply_archive_records(state, records)


def _apply_archive_records(state: TargetState, records: list[dict]) -> None:
    if not records:
        return
    read = []  # the archived entries these records hold
    for record in records:
        try:
            if record.get("op") == "archive":
                meta = EntryMeta.from_dict(record["meta"], owned=True)
                clamp_numbers(meta)
                read.append(meta.entry_id)
                at = plausible_time(record.get("at", 0), None)
                if at is None:
                    raise ValueError("an archive record's time is not a time")
                state.archive[meta.entry_id] = ArchivedEntry(meta, str(record.get("reason", "")), at, str(record.get("actor", "")))
            elif record.get("op") == "restore":
                state.archive.pop(record.get("entry_id"), None)
        except (KeyError, TypeError, ValueError, AttributeError):
            state.warnings.append(f"{state.paths.archive.name}: skipped a malformed record")
    for entry_id in list(state.archive):
        if entry_id in state.doc.entries:
            del state.archive[entry_id]
    _check_wordings(state, [state.archive[i].meta for i in read if i in state.archive], state.paths.archive.name)


def _check_wordings(state: TargetState, metas: list[EntryMeta], source: str) -> None:
    """The wordings a stored entry absorbed (``EntryMeta.restated``), read as untrusted: each through
    the gate of an add and the caps, the rest dropped with a warning (``store.restated``)."""
    dropped = 0
    for meta in metas:
        if meta.restated:
            meta.restated, bad = checked_wordings(state, meta.restated)
            dropped += bad
    if dropped:
        state.warnings.append(f"{source}: dropped {dropped} restated wording(s) that were damaged, too long or failed the safety check")


def reconcile(state: TargetState, change: Change) -> None:
    """Make the metadata describe exactly the entries of the ``.md`` file."""
    doc = state.doc
    by_text = {text: entry_id for entry_id, text in doc.entries.texts().items() if text}  # builds no entry
    if len(by_text) == len(doc.entries) == len(state.texts) and all(map(by_text.__contains__, state.texts)):
        state.ids_by_text = by_text  # the usual case: file and metadata agree one to one
        return
    matched: set[str] = set()
    unmatched_texts: list[str] = []
    for text in state.texts:
        entry_id = by_text.get(text)
        if entry_id and entry_id not in matched:
            matched.add(entry_id)
        else:
            unmatched_texts.append(text)
    orphans = [doc.entries[entry_id] for entry_id in doc.entries if entry_id not in matched]
    state.ids_by_text = {text: entry_id for text, entry_id in by_text.items() if entry_id in matched}
    if not unmatched_texts and not orphans:
        return
    known = state.arrival_origins(state.target) if unmatched_texts and state.arrival_origins else {}
    edited = _pair_edits(orphans, unmatched_texts)
    for meta, new_text in edited:
        _adopt_edit(state, change, meta, new_text, known.get(new_text))
    paired_texts = {text for _meta, text in edited}
    paired_ids = {meta.entry_id for meta, _text in edited}
    new_texts = [text for text in unmatched_texts if text not in paired_texts]
    untyped = len(new_texts) - TYPED_AT_ONCE
    for position, text in enumerate(new_texts):
        _adopt_new(state, change, text, known.get(text), typed=position >= untyped)
    for meta in orphans:
        if meta.entry_id not in paired_ids:
            _archive_removed(state, change, meta)


def _similarity(a: str, b: str) -> float:
    import difflib  # on demand: edits only

    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < SAME_ENTRY_SIMILARITY or matcher.quick_ratio() < SAME_ENTRY_SIMILARITY:
        return 0.0
    return matcher.ratio()


def _pair_edits(orphans: list[EntryMeta], texts: list[str]) -> list[tuple[EntryMeta, str]]:
    """Greedy best-first pairing of vanished entries with new text that is clearly the same one."""
    scored = [
        (score, i, j)
        for i, meta in enumerate(orphans)
        if meta.text
        for j, text in enumerate(texts)
        if (score := _similarity(meta.text, text)) >= SAME_ENTRY_SIMILARITY
    ]
    scored.sort(reverse=True)
    used_orphans, used_texts, pairs = set(), set(), []
    for _score, i, j in scored:
        if i not in used_orphans and j not in used_texts:
            used_orphans.add(i)
            used_texts.add(j)
            pairs.append((orphans[i], texts[j]))
    return pairs


def _adopt_edit(state: TargetState, change: Change, meta: EntryMeta, new_text: str, origin=None) -> None:
    """An edit that keeps the entry's id; a known ``origin`` sets its source as a replace does."""
    before = summary(meta)
    if meta.original_text is None:
        meta.original_text = meta.text
    meta.text = new_text
    meta.updated_at = change.now
    meta.says_again = None  # its new words are checked afresh (the check after Hermes' write)
    if origin is not None:
        if origin.source_kind is not None:
            meta.source_kind = origin.source_kind
            meta.authority = max(meta.authority, SOURCE_AUTHORITY[origin.source_kind])
        meta.provenance = dict(origin.provenance)
    state.ids_by_text[new_text] = meta.entry_id
    change.touch(meta)
    change.log(state.target, "edit", meta.entry_id, before, summary(meta), by=_written_by(origin), via=state.paths.md.name,
               **_origin_detail(origin))


def _adopt_new(state: TargetState, change: Change, text: str, origin=None, typed: bool = True) -> None:
    """New text: fresh metadata, a person's by default, or from the program a known ``origin`` names;
    when ``typed``, its knowledge type read from its words, as an add reads it when the writer gives
    none (Hermes' own tool, an editor and a file that arrives give none)."""
    source = origin.source_kind if origin is not None and origin.source_kind is not None else SourceKind.USER_EXPLICIT
    meta = EntryMeta.new(change.now, source_kind=source, text=text)
    if typed:
        meta.knowledge_type = knowledge_type_of(text)
    if origin is not None:
        meta.provenance = dict(origin.provenance)
    state.doc.entries[meta.entry_id] = meta
    state.ids_by_text[text] = meta.entry_id
    change.touch(meta)
    change.log(state.target, "add", meta.entry_id, None, summary(meta), by=_written_by(origin), via=state.paths.md.name,
               **_origin_detail(origin))


def knowledge_type_of(text: str):
    """The knowledge type ``text`` states (``detection.knowledge_types``, loaded on first use: a store
    that only reads never loads the detector); an add and an adoption both read it here."""
    from ..detection.knowledge_types import read_knowledge_type

    return read_knowledge_type(text)


def _written_by(origin) -> str | None:
    """``agent`` when the program a known ``origin`` names wrote the text on its own (Hermes' memory
    tool or its background review: ``write_origin``), not a staged write a person approved; else
    None, the reconcile's actor (a hand edit is a person's)."""
    if origin is None or "origin" not in origin.provenance or "pending_id" in origin.provenance:
        return None
    return "agent"


def _origin_detail(origin) -> dict[str, str]:
    return {} if origin is None else {key: origin.provenance[key] for key in ("origin", "pending_id") if key in origin.provenance}


def _archive_removed(state: TargetState, change: Change, meta: EntryMeta) -> None:
    """Text that vanished from the file goes to the archive (it was in the sidecar's copy)."""
    del state.doc.entries[meta.entry_id]
    change.put.pop(meta.entry_id, None)
    change.dropped.add(meta.entry_id)
    state.archive[meta.entry_id] = ArchivedEntry(meta, f"removed from {state.paths.md.name}", change.now, change.actor)
    change.archive_records.append(
        {
            "op": "archive",
            "at": change.now,
            "actor": change.actor,
            "reason": f"removed from {state.paths.md.name}",
            "meta": meta.to_dict(),
        }
    )
    change.log(state.target, "archive", meta.entry_id, summary(meta), None, via=state.paths.md.name)
    for edge in state.unresolved_edges_of(meta.entry_id):
        state.resolve(change, edge, "archived", None)


def _drop_dangling_edges(state: TargetState) -> None:
    """Edges whose ends are unknown cannot be shown or resolved; they are metadata, not memory."""
    entries, archive = state.doc.entries, state.archive  # state.known, inlined: twice per edge
    kept = [e for e in state.doc.contradictions
            if (e.from_id in entries or e.from_id in archive) and (e.to_id in entries or e.to_id in archive)]
    if len(kept) != len(state.doc.contradictions):
        state.warnings.append(f"dropped {len(state.doc.contradictions) - len(kept)} edge(s) to unknown entries")
        state.doc.contradictions = kept
    state.invalidate_edge_index()


def merge_foreign(state: TargetState, change: Change, base: bytes | None, foreign: bytes | None) -> None:
    """A foreign writer (Hermes, an editor) replaced the ``.md`` file while this store was writing
    it: ``base`` is what this store read, ``foreign`` what it found instead. Keep both sides — the
    foreign additions join this store's texts, the foreign removals and edits leave them — and
    reconcile the metadata as on load (new text → fresh metadata, edits keep their id, removed text →
    archive). Raises StorageError when the foreign file cannot be rewritten safely."""
    from ..core.errors import StorageError

    def entries(data: bytes | None) -> list[str]:
        if data is None:
            return []
        text, warnings = hermes_format.decode(data)
        if any("not valid UTF-8" in w for w in warnings):
            raise StorageError(f"{state.paths.md.name} was replaced by a file that is not valid UTF-8; nothing was changed")
        return hermes_format.loads(text)

    base_texts, foreign_texts = entries(base), entries(foreign)
    base_set, foreign_set = set(base_texts), set(foreign_texts)
    ours = [t for t in state.texts if t not in base_set or t in foreign_set]
    ours_set = set(ours)
    merged = ours + [t for t in foreign_texts if t not in base_set and t not in ours_set]
    before = state.doc.entries.texts()
    sub = Change(now=change.now, actor=RECONCILE_ACTOR)
    state.set_texts(merged)
    reconcile(state, sub)
    screen(state, sub)
    state.reindex_changed(before)
    state.invalidate_edge_index()
    sub.md_dirty = True
    change.absorb(sub)
