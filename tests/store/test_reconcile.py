"""Reconcile on load: the .md file is the source of truth; damaged metadata is set aside and rebuilt."""

from __future__ import annotations

import json

import pytest

from dialectical_memory import BeliefStatus, KnowledgeType, SourceKind, StorageError
from dialectical_memory.core.beliefs import EntryMeta
from dialectical_memory.store import loader
from dialectical_memory.storage.hermes_format import dumps

from helpers import check_invariants, make_store, md_path, read_sidecar, sidecar_path, snapshot_files

NOTES = ["Project uses pytest for tests", "User prefers dark mode in every editor", "Deploys happen on Tuesdays"]


@pytest.fixture
def seeded(store, home, clock):
    ids = [store.add("memory", text).entry_id for text in NOTES]
    clock.advance(1)
    return ids


def write_md(home, entries, target="memory"):
    md_path(home, target).write_bytes(dumps(entries).encode("utf-8"))


def test_text_added_in_an_editor_gets_fresh_metadata(seeded, home, new_store, clock):
    write_md(home, [*NOTES, "Added by hand in vim"])
    before_md = md_path(home).read_bytes()
    store = new_store()
    meta = store.get_entry_meta("memory", "Added by hand in vim")
    assert meta is not None and meta.entry_id not in seeded
    assert meta.created_at == clock() and meta.source_kind is SourceKind.USER_EXPLICIT and meta.hit_count == 0
    assert [e.entry_id for e in store.entries("memory")][:3] == seeded
    assert md_path(home).read_bytes() == before_md, "reconciling never rewrites the .md file"
    [record] = store.history("memory", action="add", entry_id=meta.entry_id)
    assert record["actor"] == "person" and record["detail"]["via"] == "MEMORY.md"
    assert read_sidecar(home)["entries"][meta.entry_id]["text"] == "Added by hand in vim"
    check_invariants(store)


def test_text_added_in_an_editor_gets_the_knowledge_type_its_words_state(home, new_store, store):
    """As an add reads it when the writer gives none: an editor (or Hermes' own tool) gives none."""
    explicit = store.add("memory", "User went to the museum on Sunday", knowledge_type="belief").entry_id
    write_md(home, ["User went to the museum on Sunday", "User went to a pride parade last week",
                    "User is allergic to peanuts", "User likes green tea"])
    reopened = new_store()
    kinds = {text: reopened.get_entry_meta("memory", text).knowledge_type for text in
             ("User went to a pride parade last week", "User is allergic to peanuts", "User likes green tea")}
    assert kinds == {"User went to a pride parade last week": KnowledgeType.MEMORY,
                     "User is allergic to peanuts": KnowledgeType.FACT, "User likes green tea": KnowledgeType.BELIEF}
    assert reopened.get_entry_meta("memory", "User went to the museum on Sunday").knowledge_type is KnowledgeType.BELIEF
    assert reopened.get_entry_meta("memory", "User went to the museum on Sunday").entry_id == explicit  # a type given stands


def test_a_file_of_more_new_texts_than_a_load_types_has_its_newest_typed(home, new_store, monkeypatch):
    monkeypatch.setattr(loader, "TYPED_AT_ONCE", 2)
    dated = [f"User went to concert number {n} last week" for n in range(4)]
    home.mkdir()
    write_md(home, dated)
    reopened = new_store()
    kinds = [reopened.get_entry_meta("memory", text).knowledge_type for text in dated]
    assert kinds == [KnowledgeType.BELIEF, KnowledgeType.BELIEF, KnowledgeType.MEMORY, KnowledgeType.MEMORY]


def test_text_deleted_in_an_editor_is_archived_with_its_text(seeded, home, new_store):
    write_md(home, [NOTES[0], NOTES[2]])
    store = new_store()
    assert [e.entry_id for e in store.entries("memory")] == [seeded[0], seeded[2]]
    gone = store.get_entry("memory", seeded[1])
    assert gone.archived and gone.text == NOTES[1]
    assert gone.archive_reason == "removed from MEMORY.md"
    assert NOTES[1] in (home / "MEMORY.archive.jsonl").read_text(encoding="utf-8")
    store.restore("memory", seeded[1])
    assert NOTES[1] in [e.text for e in store.entries("memory")]


def test_a_slight_edit_keeps_the_id_and_records_the_original_text(seeded, home, new_store, clock):
    edited = "User prefers dark mode in every code editor"
    write_md(home, [NOTES[0], edited, NOTES[2]])
    store = new_store()
    assert [e.entry_id for e in store.entries("memory")] == seeded
    meta = store.get_entry("memory", seeded[1]).meta
    assert meta.text == edited and meta.original_text == NOTES[1] and meta.updated_at == clock()
    [record] = store.history("memory", action="edit", entry_id=seeded[1])
    assert record["before"]["text"] == NOTES[1] and record["after"]["text"] == edited
    assert store.archived("memory") == []


def test_a_rewritten_entry_is_a_new_entry_and_the_old_one_is_archived(seeded, home, new_store):
    write_md(home, [NOTES[0], "Completely different content here", NOTES[2]])
    store = new_store()
    assert store.get_entry("memory", seeded[1]).archived
    assert store.get_entry_meta("memory", "Completely different content here").entry_id not in seeded


def test_entries_reordered_in_an_editor_keep_their_ids(seeded, home, new_store):
    write_md(home, list(reversed(NOTES)))
    store = new_store()
    assert [e.entry_id for e in store.entries("memory")] == list(reversed(seeded))
    assert store.history("memory", action="edit") == [] and store.archived("memory") == []


def test_an_open_store_notices_an_edit_made_by_hand(seeded, store, home):
    write_md(home, [*NOTES, "Typed in another window"])
    assert "Typed in another window" in [e.text for e in store.entries("memory")]
    store.add("memory", "Written by the store afterwards")
    assert md_path(home).read_text(encoding="utf-8").endswith("Typed in another window\n§\nWritten by the store afterwards")


# ---------------------------------------------------------------- damaged sidecars

CORRUPT = {
    "garbage bytes": b"\x00\xff\xfe garbage \x80\x81",
    "truncated json": None,  # first half of the real sidecar
    "json array": b"[1, 2, 3]",
    "json string": b'"just a string"',
    "entries not a mapping": b'{"version": 1, "entries": "oops", "contradictions": [], "text_to_id": {}}',
    "entry not a mapping": b'{"version": 1, "entries": {"id-1": 7}, "contradictions": [], "text_to_id": {}}',
    "contradictions not a list": b'{"version": 1, "entries": {}, "contradictions": "x", "text_to_id": {}}',
    "text_to_id a list": b'{"version": 1, "entries": {}, "contradictions": [], "text_to_id": [1, 2]}',
    "version not a number": b'{"version": "one", "entries": {}, "contradictions": [], "text_to_id": {}}',
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_corrupt_sidecar_is_moved_aside_and_rebuilt(seeded, home, new_store, kind):
    path = sidecar_path(home)
    damaged = CORRUPT[kind] if CORRUPT[kind] is not None else path.read_bytes()[: len(path.read_bytes()) // 2]
    path.write_bytes(damaged)
    md_before = md_path(home).read_bytes()
    store = new_store()
    [moved] = list(home.glob("MEMORY.meta.json.corrupt-*"))
    assert moved.read_bytes() == damaged, "the damaged file is kept, never deleted"
    assert [e.text for e in store.entries("memory")] == NOTES
    assert md_path(home).read_bytes() == md_before
    rebuilt = read_sidecar(home)
    assert sorted(m["text"] for m in rebuilt["entries"].values()) == sorted(NOTES)
    assert any("MEMORY.meta.json" in w and "rebuilt" in w for w in store.warnings("memory"))
    check_invariants(store)


def test_ill_typed_field_of_one_entry_falls_back_to_its_default(seeded, home, new_store):
    document = read_sidecar(home)
    document["entries"][seeded[0]]["hit_count"] = "many"
    document["entries"][seeded[0]]["confidence"] = None
    document["entries"][seeded[0]]["status"] = "sleeping"
    document["entries"][seeded[1]]["a_field_from_the_future"] = [1, 2]
    sidecar_path(home).write_text(json.dumps(document), encoding="utf-8")
    store = new_store()
    meta = store.get_entry("memory", seeded[0]).meta
    assert (meta.hit_count, meta.confidence, meta.status) == (0, 0.7, BeliefStatus.ACTIVE)
    assert [e.entry_id for e in store.entries("memory")] == seeded
    assert list(home.glob("*.corrupt-*")) == []


def test_missing_sidecar_is_rebuilt(seeded, home, new_store):
    md_before = md_path(home).read_bytes()
    sidecar_path(home).unlink()
    store = new_store()
    assert [e.text for e in store.entries("memory")] == NOTES
    assert sorted(m["text"] for m in read_sidecar(home)["entries"].values()) == sorted(NOTES)
    assert md_path(home).read_bytes() == md_before


def test_journal_with_a_torn_last_line_loads(home, clock):
    """Large stores append metadata to a journal; a writer killed mid-line leaves a torn tail."""
    home.mkdir(parents=True)
    texts = [f"Hand-written note number {i}" for i in range(205)]
    write_md(home, texts)
    store = make_store(home, clock, memory_char_limit=0)
    entry_id = store.add("memory", "One more note after the big import").entry_id
    journal = home / "MEMORY.meta.journal"
    assert journal.stat().st_size > 0, "a large store appends to the journal"
    with open(journal, "ab") as handle:
        handle.write(b'{"seq": 99, "put": [{"entry_id": "x", "te')
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert len(reloaded.entries("memory")) == 206
    assert reloaded.get_entry("memory", entry_id).text == "One more note after the big import"
    assert any("unfinished last line" in w for w in reloaded.warnings("memory"))
    reloaded.record_hit("memory", entry_id)
    again = make_store(home, clock, memory_char_limit=0)
    assert again.get_entry("memory", entry_id).meta.hit_count == 1, "the next append is not glued to the torn line"
    check_invariants(again)


# ---------------------------------------------------------------- unusual .md files


def test_md_with_a_byte_order_mark_loads_and_is_not_rewritten_by_reading(home, clock):
    home.mkdir(parents=True)
    data = b"\xef\xbb\xbf" + dumps(NOTES).encode("utf-8")
    md_path(home).write_bytes(data)
    store = make_store(home, clock)
    assert [e.text for e in store.entries("memory")] == NOTES
    assert any("byte-order mark" in w for w in store.warnings("memory"))
    assert md_path(home).read_bytes() == data
    store.add("memory", "Written after the BOM")
    assert md_path(home).read_bytes() == dumps([*NOTES, "Written after the BOM"]).encode("utf-8")


def test_md_with_crlf_line_endings_loads_the_same_entries(home, clock):
    home.mkdir(parents=True)
    entries = ["multi\nline entry", *NOTES]
    data = dumps(entries).replace("\n", "\r\n").encode("utf-8")
    md_path(home).write_bytes(data)
    store = make_store(home, clock)
    assert [e.text for e in store.entries("memory")] == entries
    assert md_path(home).read_bytes() == data
    store.replace("memory", "multi", "multi\nline entry, edited")
    assert md_path(home).read_bytes() == dumps(["multi\nline entry, edited", *NOTES]).encode("utf-8")


def test_md_with_invalid_utf8_is_read_only(home, clock):
    home.mkdir(parents=True)
    data = b"Project uses pytest\n\xc2\xa7\ncaf\xe9 au lait\n\xc3\x28\n\xc2\xa7\nDeploys happen on Tuesdays"
    md_path(home).write_bytes(data)
    before = snapshot_files(home)
    store = make_store(home, clock)
    texts = [e.text for e in store.entries("memory")]
    assert texts[0] == "Project uses pytest" and texts[2] == "Deploys happen on Tuesdays"
    assert "\ufffd" in texts[1]
    assert any("not valid UTF-8" in w for w in store.warnings("memory"))
    for write in (
        lambda: store.add("memory", "A new note"),
        lambda: store.replace("memory", "pytest", "Project uses unittest"),
        lambda: store.remove("memory", "Tuesdays"),
    ):
        with pytest.raises(StorageError, match="MEMORY.md"):
            write()
    assert md_path(home).read_bytes() == data
    assert {k: v for k, v in snapshot_files(home).items() if not k.startswith(".")} == {
        k: v for k, v in before.items() if not k.startswith(".")
    }
    store.add("user", "The other target is still writable")


def test_home_that_is_a_file_is_a_storage_error(tmp_path, clock):
    path = tmp_path / "not-a-dir"
    path.write_text("x")
    with pytest.raises(StorageError):
        make_store(path, clock)


def test_deleting_the_whole_md_archives_every_entry(seeded, home, new_store):
    md_path(home).unlink()
    store = new_store()
    assert store.entries("memory") == []
    assert sorted(e.text for e in store.archived("memory")) == sorted(NOTES)


def test_hand_edit_to_a_contested_entry_keeps_its_edge(store, home, new_store, clock):
    a = store.add("memory", "the deploy day is Tuesday").entry_id
    b = store.add("memory", "the deploy day is Friday").entry_id
    write_md(home, ["the deploy day is Tuesday morning", "the deploy day is Friday"])
    clock.advance(1)
    reloaded = new_store()
    [edge] = reloaded.get_contradictions("memory")
    assert {edge["from_id"], edge["to_id"]} == {a, b}
    assert "Tuesday morning" in (edge["from_text"] + edge["to_text"])


def test_md_whose_entries_a_rewrite_would_split_is_read_only(home, clock):
    """"a\\n§ \\n§\\nb" loads as ["a\\n§", "b"]; written back it would read as ["a", "§\\nb"] in Hermes."""
    home.mkdir(parents=True)
    data = "first note\n§ \n§\nsecond note".encode("utf-8")
    md_path(home).write_bytes(data)
    store = make_store(home, clock)
    assert [e.text for e in store.entries("memory")] == ["first note\n§", "second note"]
    assert any("read-only" in w for w in store.warnings("memory"))
    with pytest.raises(StorageError, match="MEMORY.md"):
        store.add("memory", "A new note")
    assert md_path(home).read_bytes() == data
    md_path(home).write_bytes(b"first note\n\xc2\xa7\nsecond note")
    store.add("memory", "A new note")
    assert [e.text for e in store.entries("memory")] == ["first note", "second note", "A new note"]


def test_large_store_journal_replays_to_the_same_state(home, clock):
    """Above 200 entries metadata goes to an append-only journal; a reload must rebuild the same state."""
    home.mkdir(parents=True)
    write_md(home, [f"Imported note number {i:03d}" for i in range(201)])
    store = make_store(home, clock, memory_char_limit=0)
    journal = home / "MEMORY.meta.journal"
    a = store.add("memory", "the deploy day is Friday").entry_id
    b = store.add("memory", "the deploy day is Monday").entry_id
    c = store.add("memory", "the review day is Friday").entry_id
    store.record_hit("memory", c)
    store.replace("memory", "Imported note number 007", "Imported note number 007, corrected")
    store.remove("memory", "Imported note number 009")
    store.mark_contradiction("memory", a, c)
    [edge] = [e for e in store.get_contradictions("memory") if {e["from_id"], e["to_id"]} == {a, b}]
    store.dismiss_contradiction("memory", edge["edge_id"])
    store.synthesize("memory", [a, c], "deploys and reviews both happen on Fridays")
    clock.advance(30)
    store.run_maintenance("memory")
    assert journal.stat().st_size > 0
    assert not sidecar_path(home).exists(), "large stores append to the journal instead of rewriting the sidecar"
    puts = [put for line in journal.read_text(encoding="utf-8").splitlines() for put in json.loads(line)["put"]]
    assert puts and all(put == EntryMeta.from_dict(put).stored() for put in puts), "a put is in the sidecar's stored form"
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert [e.meta.to_dict() for e in reloaded.entries("memory")] == [e.meta.to_dict() for e in store.entries("memory")]
    assert reloaded.get_contradictions("memory", include_resolved=True) == store.get_contradictions("memory", include_resolved=True)
    assert sorted(e.entry_id for e in reloaded.archived("memory")) == sorted(e.entry_id for e in store.archived("memory"))
    assert reloaded.warnings("memory") == []
    check_invariants(reloaded)
    store.compact("memory")
    assert journal.read_bytes() == b"" and sidecar_path(home).exists()
    compacted = make_store(home, clock, memory_char_limit=0)
    assert [e.meta.to_dict() for e in compacted.entries("memory")] == [e.meta.to_dict() for e in store.entries("memory")]


# ---------------------------------------------------------------- an in-place save racing a write


def _save_in_place_during_history_append(monkeypatch, handle, content: bytes, failing: bool = False):
    """An editor that opened MEMORY.md before the store's exchange writes through that handle while
    the store appends its history (after the .md was published and the displaced file read)."""
    from dialectical_memory.storage import files as storage

    append = storage.CommitPlan.append
    saved = []

    def append_then_save(plan, path, records, **kwargs):
        append(plan, path, records, **kwargs)
        if path.name.endswith("history.jsonl") and not saved:
            saved.append(True)
            handle.seek(0)
            handle.write(content)
            handle.truncate()
            handle.flush()

    monkeypatch.setattr(storage.CommitPlan, "append", append_then_save)
    return saved


def test_an_in_place_save_landing_in_the_displaced_file_is_merged(seeded, store, home, monkeypatch):
    with open(md_path(home), "r+b") as editor:
        hand = dumps([*NOTES, "Hand note saved in place"]).encode("utf-8")
        saved = _save_in_place_during_history_append(monkeypatch, editor, hand)
        store.add("memory", "The agent learned the office moved")
    assert saved
    on_disk = md_path(home).read_text(encoding="utf-8")
    assert "Hand note saved in place" in on_disk
    assert "The agent learned the office moved" in on_disk
    assert not list(home.glob(".MEMORY.md.*.tmp")), "the displaced file is removed once merged"
    [record] = [r for r in store.history("memory") if r["action"] == "add" and r["actor"] == "person"]
    assert record["after"]["text"] == "Hand note saved in place"
    check_invariants(store)


def test_a_same_size_save_in_place_right_after_a_write_changes_the_files_identity(seeded, store, home):
    """The store trusts the identity of the .md it wrote (no read before its next write): its
    modification time is set just before its write's, so a save in place within the same tick
    of the file system's clock, of the same length, still changes it, and the next write merges it."""
    store.add("memory", "The agent learned the office moved")
    written = md_path(home).stat()
    edited = md_path(home).read_bytes().replace(b"Tuesdays", b"Thursday")  # same length
    with open(md_path(home), "r+b") as editor:  # at once: within the tick of the store's write
        editor.write(edited)
    saved = md_path(home).stat()
    assert saved.st_ino == written.st_ino and saved.st_size == written.st_size
    assert saved.st_mtime_ns != written.st_mtime_ns
    store.add("memory", "The agent learned the team grew")
    texts = {entry.text for entry in store.entries("memory")}
    assert "Deploys happen on Thursday" in texts and "Deploys happen on Tuesdays" not in texts
    check_invariants(store)


def test_a_write_without_a_late_save_leaves_no_displaced_file(seeded, store, home):
    store.add("memory", "The agent learned the office moved")
    assert not list(home.glob(".MEMORY.md.*.tmp"))
    assert not list(home.glob("MEMORY.md.late-save-*"))


# ---------------------------------------------------------------- history carried by the journal


def _journal_home(home, clock):
    home.mkdir(parents=True)
    write_md(home, [f"Imported note number {i:03d}" for i in range(201)])
    return make_store(home, clock, memory_char_limit=0)


def test_history_a_power_loss_took_is_put_back_from_the_journal(home, clock):
    """A journaled add syncs its history records in its journal line, not in the history file:
    history lost from the file's end (what a power loss can do to an unsynced append) comes back
    on the next load, once."""
    store = _journal_home(home, clock)
    history = home / "MEMORY.history.jsonl"
    kept = history.stat().st_size
    added = [store.add("memory", f"Note written before the power cut {i}").entry_id for i in range(3)]
    store.replace("memory", "power cut 1", "Note written before the power cut 1, edited")
    logged = [r["id"] for r in store.history("memory")]
    with open(history, "r+b") as handle:
        handle.truncate(kept + 40)  # the records of these calls are gone, the first one torn
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert any("put back 4 record(s)" in w for w in reloaded.warnings("memory"))
    assert sorted(r["id"] for r in reloaded.history("memory")) == sorted(logged)
    assert {r["entry_id"] for r in reloaded.history("memory") if r["action"] == "add"} >= set(added)
    again = make_store(home, clock, memory_char_limit=0)
    assert sorted(r["id"] for r in again.history("memory")) == sorted(logged), "nothing is put back twice"
    assert not any("put back" in w for w in again.warnings("memory"))


def _fsyncs_of(monkeypatch) -> list[str]:
    import os

    synced = []
    real_fsync = os.fsync

    def counting(fd):
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", counting)
    return synced


def test_a_journaled_add_fsyncs_three_times_and_compaction_syncs_the_history(home, clock, monkeypatch):
    store = _journal_home(home, clock)
    store.add("memory", "Warm-up note")
    synced = _fsyncs_of(monkeypatch)
    store.add("memory", "A note in journal mode")
    assert len(synced) == 3, synced  # the .md temp file, the journal line, the folder
    assert not any(path.endswith("MEMORY.history.jsonl") for path in synced)
    synced.clear()
    store.compact("memory")
    assert any(path.endswith("MEMORY.history.jsonl") for path in synced), "the journal's history is synced before it is emptied"


def _synced_names(synced: list[str]) -> list[str]:
    return sorted(path.rsplit("/", 1)[-1].split(".tmp")[0].rsplit(".", 1)[0] if path.endswith(".tmp") else path.rsplit("/", 1)[-1]
                  for path in synced)


def _sidecar_tail(home) -> dict:
    return json.loads(json.loads((home / "MEMORY.meta.json").read_text())["history_tail"])  # one line of JSON


def test_a_small_home_add_fsyncs_three_times_and_carries_its_history_in_the_sidecar(home, clock, monkeypatch):
    """Below 200 entries the sidecar is rewritten: it carries the add's history records, and those
    of the adds before it still unsynced, so the history file is appended unsynced and not synced:
    the two temp files (one wait) and the folder, as a journaled add."""
    store = make_store(home, clock, memory_char_limit=0)
    first = store.add("memory", "Warm-up note").entry_id
    synced = _fsyncs_of(monkeypatch)
    entry = store.add("memory", "A note in sidecar mode").entry_id
    assert _synced_names(synced) == sorted([".MEMORY.md", ".MEMORY.meta.json", home.name]), synced
    tail = _sidecar_tail(home)
    assert [r["entry_id"] for r in tail["records"]][-2:] == [first, entry]
    assert tail["end"] == (home / "MEMORY.history.jsonl").stat().st_size


def test_a_small_home_syncs_its_history_once_the_carried_records_grow(home, clock, monkeypatch):
    """The records carried are bounded (TAIL_CARRIED_BYTES): the add that would pass it syncs the
    history file beside its temp files, before the sidecar that carried the earlier ones is
    replaced, and its tail starts again where its own records start."""
    from dialectical_memory.storage import files

    monkeypatch.setattr(files, "TAIL_CARRIED_BYTES", 2_000)
    store = make_store(home, clock, memory_char_limit=0)
    history = home / "MEMORY.history.jsonl"
    synced = _fsyncs_of(monkeypatch)
    for number in range(40):
        synced.clear()
        before = history.stat().st_size if history.exists() else 0
        store.add("memory", f"Note number {number} about the garden")
        tail = _sidecar_tail(home)
        assert tail["end"] == history.stat().st_size and tail["end"] - tail["start"] <= 2_000
        if "MEMORY.history.jsonl" in _synced_names(synced):
            break
        assert len(synced) == 3, synced
    else:
        raise AssertionError("the history file was never synced")
    assert tail["start"] == before and number > 3, "synced once the bound is reached, then carried again"


def test_a_load_adopting_many_entries_syncs_their_history_instead_of_carrying_it(home, clock, monkeypatch):
    """Issue 47: a first load adopting 100,000 hand-written entries carried their 100,000 history
    records in the sidecar (twice its size, parsed again by every later load), or in a home past
    200 entries wrote them all as one journal line that every later load replayed. Past
    TAIL_RECORDS the sidecar is rewritten and the records appended synced before it, not carried."""
    from dialectical_memory.store import memory_store

    monkeypatch.setattr(memory_store, "TAIL_RECORDS", 3)
    monkeypatch.setattr(memory_store, "SMALL_STORE_ENTRIES", 2)  # 5 entries: a journal line otherwise
    home.mkdir(parents=True)
    md_path(home).write_text(dumps([f"Note {n} written by hand" for n in range(5)]), encoding="utf-8")
    synced = _fsyncs_of(monkeypatch)
    store = make_store(home, clock, memory_char_limit=0)
    assert len(store.entries("memory")) == 5
    assert "history_tail" not in json.loads((home / "MEMORY.meta.json").read_text())
    assert not (home / "MEMORY.meta.journal").exists()  # the sidecar holds the 5 entries: no journal line to replay
    assert any(path.endswith("MEMORY.history.jsonl") for path in synced)
    assert len([r for r in store.history("memory") if r["action"] == "add"]) == 5


def test_history_a_power_loss_took_is_put_back_from_the_sidecar(home, clock):
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "Note from before")
    history = home / "MEMORY.history.jsonl"
    kept = history.stat().st_size
    added = store.add("memory", "Note written just before the power cut").entry_id
    logged = [r["id"] for r in store.history("memory")]
    with open(history, "r+b") as handle:
        handle.truncate(kept + 25)  # the add's record is gone, torn
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert any("put back 1 record(s)" in w and "MEMORY.meta.json" in w for w in reloaded.warnings("memory"))
    assert sorted(r["id"] for r in reloaded.history("memory")) == sorted(logged)
    assert added in {r["entry_id"] for r in reloaded.history("memory") if r["action"] == "add"}
    again = make_store(home, clock, memory_char_limit=0)
    assert sorted(r["id"] for r in again.history("memory")) == sorted(logged), "nothing is put back twice"
    assert not any("put back" in w for w in again.warnings("memory"))


def test_history_of_several_adds_a_power_loss_took_is_put_back_from_the_sidecar(home, clock):
    """The history file is synced once in a few dozen adds: a power loss can take the records of
    every add since, and the last sidecar carries them all."""
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "Note from before")
    history = home / "MEMORY.history.jsonl"
    start = _sidecar_tail(home)["start"]
    added = [store.add("memory", f"Note {number} written before the power cut").entry_id for number in range(3)]
    logged = [r["id"] for r in store.history("memory")]
    with open(history, "r+b") as handle:
        handle.truncate(start)  # nothing since the last sync reached the disk
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert any("put back 4 record(s)" in w and "MEMORY.meta.json" in w for w in reloaded.warnings("memory"))
    assert sorted(r["id"] for r in reloaded.history("memory")) == sorted(logged)
    assert set(added) <= {r["entry_id"] for r in reloaded.history("memory") if r["action"] == "add"}


@pytest.mark.parametrize("tail", [
    "another file",  # the sidecar came from another device (its history file is another inode)
    "ends elsewhere",  # the history file was cut before the append began: not a lost append
    {"start": "0", "end": 10**6, "inode": 0, "records": []},
    {"start": 0, "end": 10**6, "inode": 0, "records": "x"},
    [1, 2],
], ids=["another-file", "cut-before", "bad-start", "bad-records", "not-a-dict"])
def test_a_tail_for_another_file_or_hand_made_puts_nothing_back(home, clock, tail):
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "Note from before")
    store.add("memory", "Note written just before the power cut")
    sidecar, history = home / "MEMORY.meta.json", home / "MEMORY.history.jsonl"
    document = json.loads(sidecar.read_text())
    written = json.loads(document["history_tail"])
    if tail == "another file":
        written["inode"] += 1
    elif tail == "ends elsewhere":
        written["start"] = history.stat().st_size + 1
        written["end"] = history.stat().st_size + 500
    else:
        written = tail
    document["history_tail"] = json.dumps(written)
    sidecar.write_text(json.dumps(document))
    start = json.loads(json.dumps(document)).get("history_tail")
    with open(history, "r+b") as handle:
        handle.truncate(history.stat().st_size - 10)
    before = [r["id"] for r in make_store(home, clock, memory_char_limit=0).history("memory")]
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert not any("put back" in w for w in reloaded.warnings("memory")), start
    assert [r["id"] for r in reloaded.history("memory")] == before


class _Killed(BaseException):
    """Stands for SIGKILL: nothing after it runs, and nothing is undone."""


@pytest.mark.parametrize("entries", [3, 201], ids=["sidecar", "journal"])
def test_a_remove_killed_once_its_metadata_is_written_leaves_its_text_in_the_archive(home, clock, monkeypatch, entries):
    from dialectical_memory.storage.files import CommitPlan

    home.mkdir(parents=True)
    write_md(home, [f"Imported note number {i:03d}" for i in range(entries)])
    store = make_store(home, clock, memory_char_limit=0)
    real_publish, real_append = CommitPlan.publish, CommitPlan.append

    def publish_then_die(plan, tmp, path):
        how = real_publish(plan, tmp, path)
        if path.name == "MEMORY.meta.json":
            raise _Killed
        return how

    def append_then_die(plan, path, records, **kwargs):
        end = real_append(plan, path, records, **kwargs)
        if path.name == "MEMORY.meta.journal":
            raise _Killed
        return end

    monkeypatch.setattr(CommitPlan, "publish", publish_then_die)
    monkeypatch.setattr(CommitPlan, "append", append_then_die)
    monkeypatch.setattr(CommitPlan, "__exit__", lambda plan, *error: None)
    with pytest.raises(_Killed):
        store.remove("memory", "Imported note number 001")
    monkeypatch.undo()
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert "Imported note number 001" not in {e.text for e in reloaded.entries("memory")}
    assert "Imported note number 001" in {e.text for e in reloaded.archived("memory")}
    check_invariants(reloaded)


def test_a_history_file_lost_whole_comes_back_from_the_journal(home, clock):
    store = _journal_home(home, clock)
    history = home / "MEMORY.history.jsonl"
    store.compact("memory")  # the journal is empty: what follows is all it holds
    history.unlink()
    added = store.add("memory", "A note whose history file vanished").entry_id
    history.unlink()  # as if its first, unsynced append never reached the disk
    reloaded = make_store(home, clock, memory_char_limit=0)
    assert [r["entry_id"] for r in reloaded.history("memory")] == [added]
    assert any("put back 1 record(s)" in w for w in reloaded.warnings("memory"))


def test_a_dropped_store_is_freed_at_once_with_the_entries_it_loaded(seeded, home, clock):
    import gc
    import weakref

    gc.disable()  # only reference counting: a cycle through the store would keep it and its entries
    try:
        store = make_store(home, clock)
        write_md(home, [*NOTES, "Added by hand in vim"])
        store.load_from_disk()  # a reload that reconciles new text (it asks the store who wrote it)
        assert store.get_entry_meta("memory", "Added by hand in vim") is not None
        dropped = weakref.ref(store)
        del store
        assert dropped() is None
    finally:
        gc.enable()


def test_a_journal_grown_past_its_share_of_the_sidecar_is_folded_into_it(home, clock, monkeypatch):
    """A load replays the journal entry by entry, several times slower a byte than it reads the
    sidecar: once the journal holds more than an eighth of the sidecar's bytes (and at least
    COMPACT_JOURNAL_MIN_BYTES), the next change rewrites the sidecar and empties the journal — not
    only after COMPACT_AFTER_JOURNAL_LINES lines (a first maintenance of 10,000 entries left 3.3 MB in
    11 lines)."""
    from dialectical_memory.store import memory_store

    monkeypatch.setattr(memory_store, "SMALL_STORE_ENTRIES", 2)  # a journal line per change from the third entry
    monkeypatch.setattr(memory_store, "COMPACT_JOURNAL_MIN_BYTES", 3_000)
    store = make_store(home, clock, memory_char_limit=0)
    journal = home / "MEMORY.meta.journal"
    sizes = []
    for n in range(16):
        store.add("memory", f"User keeps note number {n} about the roses in the back garden")
        sizes.append(journal.stat().st_size if journal.exists() else 0)
    grown = [size for size in sizes if size > 0]
    assert grown and max(grown) < 3_000 + 2 * min(grown)  # at most one line past the bound
    assert any(before > 3_000 and after == 0 for before, after in zip(sizes, sizes[1:]))  # folded, emptied
    again = make_store(home, clock, memory_char_limit=0)
    assert [e.text for e in again.entries("memory")] == [e.text for e in store.entries("memory")]
    check_invariants(again)
