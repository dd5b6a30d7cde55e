"""In-memory state of one target and the primitive changes to it, recorded for a commit.

A :class:`TargetState` mirrors the files of one target. A :class:`Change` collects what one
operation did (entries put or dropped, edges touched, archive and history records) so the store can
write it in one commit: archive records first, then the ``.md`` file, then one journal line, then
history. Primitives here keep the invariants: every active entry has metadata, ``ids_by_text``
(hence the sidecar's ``text_to_id``) matches the text, every entry that leaves the active set
goes to the archive with its text.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..storage import hermes_format
from ..core.beliefs import (
    BeliefStatus,
    ContradictionEdge,
    EntryMeta,
    SidecarDocument,
    new_id,
    resolve_edge,
    text_hash,
)
from ..storage.files import StoredRecords, TailText, TargetPaths

_DELIMITER_BYTES = hermes_format.ENTRY_DELIMITER.encode("utf-8")
APPEND_ROOM = 4096  # bytes an .md buffer prepared for appends grows by at once (see TargetState.prepare_appends)
HISTORY_FIELDS = ("text", "status", "maturity", "knowledge_type", "source_kind", "confidence", "authority")


def summary(meta: EntryMeta | None) -> dict[str, Any] | None:
    """What the history log keeps of an entry's before/after state."""
    if meta is None:
        return None
    return {"text": meta.text, "status": meta.status.value, "maturity": int(meta.maturity),  # as to_dict() has them
            "knowledge_type": meta.knowledge_type.value, "source_kind": meta.source_kind.value,
            "confidence": meta.confidence, "authority": meta.authority}


def _replace_entry(md: bytes, old: str, new: str) -> bytes | None:
    """``md`` with the entry ``old`` swapped for ``new``, or None to rebuild from the texts.

    Entries never contain the delimiter, so ``delimiter + old + delimiter`` (or ``old`` at either
    end of the file) can only be that entry.
    """
    old_bytes, new_bytes = old.encode("utf-8"), new.encode("utf-8")
    if md == old_bytes:
        return new_bytes
    if md.startswith(old_bytes + _DELIMITER_BYTES):
        return new_bytes + md[len(old_bytes) :]
    if md.endswith(_DELIMITER_BYTES + old_bytes):
        return md[: len(md) - len(old_bytes)] + new_bytes
    at = md.find(_DELIMITER_BYTES + old_bytes + _DELIMITER_BYTES)
    if at < 0:
        return None
    start, end = at + len(_DELIMITER_BYTES), at + len(_DELIMITER_BYTES) + len(old_bytes)
    return md[:start] + new_bytes + md[end:]


class ArchivedEntry(NamedTuple):
    meta: EntryMeta
    reason: str
    at: float
    actor: str


@dataclass
class Change:
    """What one operation did, in the order the store must write it."""

    now: float
    actor: str
    md_dirty: bool = False
    put: dict[str, EntryMeta] = field(default_factory=dict)
    dropped: set[str] = field(default_factory=set)
    edges: dict[str, ContradictionEdge] = field(default_factory=dict)
    archive_records: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    op: str = field(default_factory=new_id)  # shared by every history record of this change
    compact: bool = False  # write the whole sidecar even with nothing else to write

    def absorb(self, other: Change) -> None:
        """Fold ``other`` (e.g. a reconciliation found mid-commit) into this change."""
        self.md_dirty = self.md_dirty or other.md_dirty
        for entry_id in other.dropped:
            self.put.pop(entry_id, None)
        self.put.update(other.put)
        self.dropped = (self.dropped - set(other.put)) | other.dropped
        self.edges.update(other.edges)
        self.archive_records.extend(other.archive_records)
        self.history.extend(other.history)

    def touch(self, meta: EntryMeta) -> None:
        self.put[meta.entry_id] = meta

    def touch_edge(self, edge: ContradictionEdge) -> None:
        self.edges[edge.edge_id] = edge

    def log(self, target: str, action: str, entry_id: str | None, before=None, after=None, *, by: str | None = None, **detail):
        """One history record of this change; ``by``: who did it, when not the change's actor (an
        agent's write a reconcile adopts)."""
        self.history.append(
            {
                "id": new_id(),
                "op": self.op,
                "at": self.now,
                "target": target,
                "actor": by or self.actor,
                "action": action,
                "entry_id": entry_id,
                "before": before,
                "after": after,
                "detail": detail or None,
            }
        )

    @property
    def empty(self) -> bool:
        return self.only_compaction and not self.compact

    @property
    def only_compaction(self) -> bool:
        """Nothing changed (a compaction, if asked for, rewrites the sidecar with the same content)."""
        return not (self.md_dirty or self.put or self.dropped or self.edges or self.archive_records or self.history)


SAID_AGAIN_LINKS = 8  # a chain of entries each saying the last again, followed this far (a sidecar may hold a loop)


class TargetState:
    """The entries, metadata, edges and archive of one target, as last read or written."""

    def __init__(self, paths: TargetPaths):
        self.paths = paths
        self.target = paths.target
        self.texts: list[str] = []
        self._md_bytes: bytes | bytearray | None = None  # the encoded .md file, kept in step with texts
        self._chars: int | None = None  # usage() of texts, kept in step with them
        self.ids_by_text: dict[str, str] = {}
        self.doc = SidecarDocument()
        self.archive: dict[str, ArchivedEntry] = {}
        self.journal_seq = 0
        self.journal_lines = 0
        self.safety_version = 0  # of the checker that last screened every entry (see screening.py)
        self.history_tail = None  # the sidecar's record of its commit's history append (storage.files.history_tail)
        self.tail_text = TailText()  # history_tail as the sidecar writes it, its records serialised once
        self.device_key: str | None = None  # this device's key, read when first needed ("" = none)
        self.newer_format: str | None = None  # why the files are shown read-only (a newer version wrote them)
        self.meta_stamps: tuple = ()  # sidecar, journal, archive: written only by stores, under the lock
        self._disk_md: bytes | bytearray | None = None  # see disk_md
        self._disk_md_length: int | None = None
        self.md_ident: tuple | None = None  # (inode, size, mtime_ns) of that file
        self.md_verified = False  # its identity proves its bytes: compared after its mtime tick had passed, or written backdated
        self.read_only = False  # the home cannot be written: reads work, writes are refused
        self.warnings: list[str] = []
        self.md_writable = True
        self.md_problem = ""  # why the .md file is not writable
        self.index = None
        self._edges_by_entry: dict[str, list[ContradictionEdge]] | None = None
        self.derived: dict[str, tuple] = {}  # what views derive from every entry or edge (views.derived)
        self.arrival_origins = None  # target → {text: Origin} of text another program announced (loader)
        self._stored_records: StoredRecords | None = None
        self._text_hashes: dict[str, str] = {}  # text -> text_hash(text), for the sidecar's text_to_id

    # ---------------------------------------------------------- lookups

    @property
    def entries(self) -> dict[str, EntryMeta]:
        return self.doc.entries

    def id_for_text(self, text: str) -> str | None:
        return self.ids_by_text.get(text)

    def said_first(self, entry_id: str) -> str:
        """The kept entry whose fact ``entry_id`` says again (``EntryMeta.says_again``, followed while
        the entry named is still kept, a few links at most), or ``entry_id`` itself."""
        for _ in range(SAID_AGAIN_LINKS):
            meta = self.doc.entries.get(entry_id)
            first = meta.says_again if meta is not None else None
            if first is None or first == entry_id or first not in self.doc.entries:
                break
            entry_id = first
        return entry_id

    def edge(self, edge_id: str) -> ContradictionEdge | None:
        return next((e for e in self.doc.contradictions if e.edge_id == edge_id), None)

    def edges_of(self, entry_id: str) -> list[ContradictionEdge]:
        if self._edges_by_entry is None:
            index: dict[str, list[ContradictionEdge]] = {}
            for edge in self.doc.contradictions:
                index.setdefault(edge.from_id, []).append(edge)
                index.setdefault(edge.to_id, []).append(edge)
            self._edges_by_entry = index
        return self._edges_by_entry.get(entry_id, [])

    def unresolved_edges_of(self, entry_id: str) -> list[ContradictionEdge]:
        return [e for e in self.edges_of(entry_id) if not e.resolved]

    def edge_between(self, a: str, b: str) -> ContradictionEdge | None:
        pair = frozenset((a, b))
        return next((e for e in self.edges_of(a) if e.pair() == pair), None)

    def known(self, entry_id: str) -> bool:
        return entry_id in self.doc.entries or entry_id in self.archive

    def meta_anywhere(self, entry_id: str) -> EntryMeta | None:
        if entry_id in self.doc.entries:
            return self.doc.entries[entry_id]
        archived = self.archive.get(entry_id)
        return archived.meta if archived else None

    def stored_records(self) -> StoredRecords:
        """Each entry's sidecar record, serialised once while it is unchanged (see StoredRecords)."""
        if self._stored_records is None:
            self._stored_records = StoredRecords()
        self._stored_records.keep_only(self.doc.entries)
        return self._stored_records

    def sidecar_document(self) -> SidecarDocument:
        """The sidecar to write: ``text_to_id`` derived from the texts, so it always matches them."""
        hashes = self._text_hashes
        if len(hashes) > 2 * len(self.ids_by_text) + 64:  # texts gone since: forget their hashes
            hashes = self._text_hashes = {}
        # a small home rewrites its sidecar on every change: each text is hashed once, not every time
        self.doc.text_to_id = {hashes.get(text) or hashes.setdefault(text, text_hash(text)): entry_id
                               for text, entry_id in self.ids_by_text.items()}
        return self.doc

    def set_texts(self, texts: list[str], md_bytes: bytes | None = None) -> None:
        """``md_bytes``: the ``.md`` file for ``texts``, when the caller has it (a file read back as
        written: the first add after a load extends it rather than encoding every entry again)."""
        self.texts = texts
        self._md_bytes, self._chars = md_bytes, None

    def usage(self) -> int:
        if self._chars is None:
            self._chars = hermes_format.usage(self.texts)
        return self._chars

    def md_bytes(self) -> bytes | bytearray:
        """The ``.md`` file for the current texts; an append extends the cached bytes in place."""
        if self._md_bytes is None:
            self._md_bytes = hermes_format.dumps(self.texts).encode("utf-8")
        return self._md_bytes

    @property
    def disk_md(self) -> bytes | None:
        """The ``.md`` bytes as last read or written by this store. After a commit they are the
        first bytes of the ``.md`` buffer, which only grows in place by appends after them (any
        other change makes a new buffer): copied out only when asked for (an add whose file's
        identity proves its bytes never asks)."""
        if self._disk_md_length is not None:
            self._disk_md = bytes(memoryview(self._disk_md)[: self._disk_md_length])
            self._disk_md_length = None
        return self._disk_md

    @disk_md.setter
    def disk_md(self, data: bytes | bytearray | None) -> None:
        self._disk_md = data
        self._disk_md_length = len(data) if isinstance(data, bytearray) else None

    def prepare_appends(self) -> None:
        """Make the ``.md`` buffer one that appends extend in place (see :attr:`disk_md`): a copy of
        the file's bytes, 5.8 MB at 100,000 entries, which a load that prepares the first add makes
        instead of that add."""
        md = self.md_bytes()
        if type(md) is bytes:
            grown = bytearray(md)
            # room for the appends to come: the buffer's first growth would copy it all again
            grown += bytes(APPEND_ROOM)
            del grown[len(md) :]  # the length back; the room (and more) stays allocated
            if self._disk_md is md:  # the file as read: still the first bytes of the buffer
                self.disk_md = grown
            self._md_bytes = grown

    def appended_since_disk(self) -> bytes | None:
        """The bytes appended to the ``.md`` since it was last read or written, when appending is
        all that changed it (else None): proven by the buffer itself when it grew in place, else by
        comparing the file's bytes with the start of the new ones."""
        md, disk = self._md_bytes, self._disk_md
        if md is None or disk is None:
            return None
        length = len(disk) if self._disk_md_length is None else self._disk_md_length
        if len(md) <= length:
            return None
        if md is not disk and not md.startswith(disk if self._disk_md_length is None else self.disk_md):
            return None
        return bytes(memoryview(md)[length:])

    # ---------------------------------------------------------- index

    @functools.cached_property
    def index_file(self) -> Path:
        """Where the candidate index is kept for the next process (asked on every add and commit:
        the path is built once)."""
        from ..detection.index_file import index_path

        return index_path(self.paths.home, self.paths.stem)

    def ensure_index(self):
        """The candidate index over active entries, opened on first use (not at load).

        The store hands a reloaded state the index it had before (:meth:`adopt_index`); otherwise
        it comes from the index file beside the sidecar, else a full build. Either way it is checked
        against the entries by text first.
        """
        if self.index is None:
            from ..detection.index_file import open_index

            self.index = open_index(self.index_file, self.indexed_texts,
                                    ids_by_text=self._one_to_one_texts())
        return self.index

    def adopt_index(self, index) -> None:
        """Take over a candidate index built earlier (by this process before a reload, or outside
        the locks), brought up to date entry by entry: the index keeps each entry's analysed text,
        so a foreign write of one entry costs work for that one entry, not a rebuild."""
        from ..detection.index_file import save_if_due

        by_text = self._one_to_one_texts()
        if by_text is None or not index.sync_by_text(by_text):
            index.sync(self.indexed_texts())
        self.index = index
        save_if_due(self.index_file, index)

    def save_caught_up_index(self) -> None:
        """After a commit: keep for the next process the analyses opening the index file cost."""
        if self.index is not None and (self.index.caught_up or self.index.first_commit_saves):
            from ..detection.index_file import save_caught_up

            save_caught_up(self.index_file, self.index)

    def indexed_texts(self) -> dict[str, str]:
        return self.doc.entries.texts()  # builds no entry

    def _one_to_one_texts(self) -> dict[str, str] | None:
        """``ids_by_text`` when it names every entry (the index's check of its entries in C loops)."""
        return self.ids_by_text if len(self.ids_by_text) == len(self.doc.entries) else None

    def _index_add(self, meta: EntryMeta) -> None:
        if self.index is not None:
            from ..detection.index_file import save_if_due

            self.index.add(meta.entry_id, meta.text)
            save_if_due(self.index_file, self.index)

    def _index_remove(self, entry_id: str) -> None:
        if self.index is not None and entry_id in self.index:
            self.index.remove(entry_id)

    def reindex_changed(self, before: dict[str, str]) -> None:
        """After the texts were rebuilt under the entries (a foreign write merged): bring the index
        in step with every entry whose text is not what ``before`` (id → text) says."""
        for entry_id, text in before.items():
            meta = self.doc.entries.get(entry_id)
            if meta is None or meta.text != text:
                self._index_remove(entry_id)
        for entry_id, meta in self.doc.entries.items():
            if before.get(entry_id) != meta.text:
                self._index_remove(entry_id)
                self._index_add(meta)

    # ---------------------------------------------------------- primitives

    def renumber(self, meta: EntryMeta) -> str:
        """Give the active entry ``meta`` a fresh id (its text and place stay); returns the old id.
        For an entry that must leave while another version of it arrives under its id (an import)."""
        old_id = meta.entry_id
        self._index_remove(old_id)
        del self.doc.entries[old_id]
        meta.entry_id = new_id()
        self.doc.entries[meta.entry_id] = meta
        self.ids_by_text[meta.text] = meta.entry_id
        self._index_add(meta)
        return old_id

    def insert(self, change: Change, meta: EntryMeta, position: int | None = None) -> None:
        """Make ``meta`` (whose ``text`` is set) an active entry of the ``.md`` file."""
        if self._chars is not None:
            self._chars += len(meta.text) + (len(hermes_format.ENTRY_DELIMITER) if self.texts else 0)
        if position is None:
            if self._md_bytes is not None:
                self.prepare_appends()
                separator = _DELIMITER_BYTES if self.texts else b""
                self._md_bytes += separator + meta.text.encode("utf-8")
            self.texts.append(meta.text)
        else:
            self.texts.insert(position, meta.text)
            self._md_bytes = None
        self.doc.entries[meta.entry_id] = meta
        self.ids_by_text[meta.text] = meta.entry_id
        self._index_add(meta)
        change.md_dirty = True
        change.dropped.discard(meta.entry_id)
        change.touch(meta)

    def set_text(self, change: Change, meta: EntryMeta, new_text: str) -> None:
        position = self.texts.index(meta.text)
        self.texts[position] = new_text
        self._md_bytes = self._md_bytes and _replace_entry(self._md_bytes, meta.text, new_text)  # a new object
        if self._chars is not None:
            self._chars += len(new_text) - len(meta.text)
        del self.ids_by_text[meta.text]
        self.ids_by_text[new_text] = meta.entry_id
        self._index_remove(meta.entry_id)
        meta.text = new_text
        meta.deep_checked = False
        meta.blocked, meta.safety_kept, meta.keep_marks = None, False, []  # callers checked the new text
        self._index_add(meta)
        change.md_dirty = True
        change.touch(meta)

    def add_edge(self, change: Change, edge: ContradictionEdge) -> None:
        self.doc.contradictions.append(edge)
        if self._edges_by_entry is not None:
            for entry_id in (edge.from_id, edge.to_id):
                self._edges_by_entry.setdefault(entry_id, []).append(edge)
        for entry_id in (edge.from_id, edge.to_id):
            meta = self.doc.entries.get(entry_id)
            if meta is None:
                continue
            meta.contradiction_ids.append(edge.edge_id)
            meta.contradiction_count += 1
            if meta.status is BeliefStatus.ACTIVE:
                meta.status = BeliefStatus.CONTRADICTED
            change.touch(meta)
        change.touch_edge(edge)

    def resolve(self, change: Change, edge: ContradictionEdge, resolution: str, resolution_id: str | None):
        resolve_edge(edge, resolution, resolution_id, change.now)
        change.touch_edge(edge)
        for entry_id in (edge.from_id, edge.to_id):
            self.settle_status(change, entry_id)

    def reopen_archived_edges(self, change: Change, entry_id: str) -> None:
        """Edges settled only because a side went to the archive are open again once both sides are back."""
        for edge in self.edges_of(entry_id):
            if edge.resolved and edge.resolution == "archived" and edge.other(entry_id) in self.doc.entries:
                edge.resolved, edge.resolution, edge.resolution_id, edge.resolved_at = False, None, None, None
                change.touch_edge(edge)
                for side in (edge.from_id, edge.to_id):
                    meta = self.doc.entries[side]
                    if meta.status is BeliefStatus.ACTIVE:
                        meta.status = BeliefStatus.CONTRADICTED
                        change.touch(meta)

    def settle_status(self, change: Change, entry_id: str) -> None:
        """A CONTRADICTED entry with no unresolved edge left is ACTIVE again."""
        meta = self.doc.entries.get(entry_id)
        if meta and meta.status is BeliefStatus.CONTRADICTED and not self.unresolved_edges_of(entry_id):
            meta.status = BeliefStatus.ACTIVE
            change.touch(meta)

    def to_archive(self, change: Change, meta: EntryMeta, reason: str) -> None:
        """Move an active entry to the archive with its text; settle its open contradictions."""
        self.texts.remove(meta.text)
        self._md_bytes = self._chars = None
        del self.doc.entries[meta.entry_id]
        del self.ids_by_text[meta.text]
        self._index_remove(meta.entry_id)
        change.md_dirty = True
        change.put.pop(meta.entry_id, None)
        change.dropped.add(meta.entry_id)
        self.archive[meta.entry_id] = ArchivedEntry(meta, reason, change.now, change.actor)
        change.archive_records.append(
            {"op": "archive", "at": change.now, "actor": change.actor, "reason": reason, "meta": meta.to_dict()}
        )
        for edge in self.unresolved_edges_of(meta.entry_id):
            self.resolve(change, edge, "archived", None)

    def from_archive(self, change: Change, entry_id: str) -> EntryMeta:
        archived = self.archive.pop(entry_id)
        change.archive_records.append(
            {"op": "restore", "at": change.now, "actor": change.actor, "entry_id": entry_id}
        )
        return archived.meta

    def invalidate_edge_index(self) -> None:
        self._edges_by_entry = None
