"""A loaded sidecar keeps each sound record as read and builds its entry when first asked for
(``EntryTable``): every way of reading an entry must give the entry an eager load gives, the same
object each time, and the load must build none."""

import sys
import threading

import orjson

from dialectical_memory import MemoryStore
from dialectical_memory.core.beliefs import EntryMeta, SidecarDocument
from dialectical_memory.store.memory_store import SMALL_STORE_ENTRIES


def _raw(entries: dict) -> dict:
    return {"version": 1, "entries": entries, "contradictions": [], "text_to_id": {}}


def _records() -> dict:
    return {
        "a": {"text": "User drinks green tea", "hit_count": 3, "knowledge_type": "fact", "created_at": 100.0},
        "b": {"text": "用户喜欢咖啡", "blocked": "looks like an instruction", "created_at": 200.0},
        "c": {"text": "User lives in a small town", "safety_kept": True, "parent_ids": ["a"]},
        "d": {"text": "User plays chess", "maturity": 2, "confidence": 0.4},
    }


def _document() -> SidecarDocument:
    SidecarDocument.from_dict(_raw(_records()))  # the shapes are learnt from the first record of each
    return SidecarDocument.from_dict(_raw(_records()))


def _is_built(entries, entry_id: str) -> bool:
    return type(dict.get(entries, entry_id)) is EntryMeta  # what the table holds, read past its building


def _eager(entry_id: str) -> dict:
    return EntryMeta.from_dict({**_records()[entry_id], "entry_id": entry_id}).to_dict()


def test_a_loaded_document_builds_no_entry_until_asked():
    entries = _document().entries
    assert list(entries) == ["a", "b", "c", "d"] and len(entries) == 4 and "b" in entries
    assert not any(_is_built(entries, i) for i in entries)
    first = entries["a"]
    assert _is_built(entries, "a") and not _is_built(entries, "b")
    assert entries["a"] is first and entries.get("a") is first  # kept: the same object each time
    assert first.to_dict() == _eager("a")
    assert entries.get("missing") is None and entries.get("missing", 7) == 7


def test_every_way_of_reading_values_gives_built_entries():
    readers = {
        "values": lambda t: list(t.values()),
        "items": lambda t: [meta for _i, meta in t.items()],
        "dict": lambda t: list(dict(t).values()),
        "unpacked": lambda t: list({**t}.values()),
        "copy": lambda t: list(t.copy().values()),
        "or": lambda t: list((t | {}).values()),
        "ror": lambda t: list(({} | t).values()),
        "setdefault": lambda t: [t.setdefault(i) for i in list(t)],
    }
    for name, read in readers.items():
        metas = read(_document().entries)
        assert all(type(meta) is EntryMeta for meta in metas), name
        assert [meta.to_dict() for meta in metas] == [_eager(i) for i in "abcd"], name


def test_pop_gives_the_built_entry_and_equality_compares_entries():
    entries = _document().entries
    popped = entries.pop("c")
    assert type(popped) is EntryMeta and popped.parent_ids == ["a"] and "c" not in entries
    assert entries.pop("c", None) is None
    assert _document().entries == _document().entries  # equal entries, though built apart


def test_texts_and_flags_are_read_from_the_records_without_building():
    entries = _document().entries
    assert entries.texts() == {i: record["text"] for i, record in _records().items()}
    assert entries.flagged("blocked") == ["b"]
    assert entries.flagged("blocked", "safety_kept") == ["b", "c"]
    assert entries.flagged("parent_ids", "restated") == ["c"]
    assert not any(_is_built(entries, i) for i in entries)
    entries["b"].blocked, entries["d"].safety_kept = None, True  # built entries answer from the object
    assert entries.flagged("blocked", "safety_kept") == ["c", "d"]


def test_a_record_the_loader_must_fix_is_built_at_load_and_left_to_its_checks():
    _document()
    damaged = {**_records(), "a": {**_records()["a"], "hit_count": -5}, "d": {"maturity": 2, "confidence": 0.4}}  # no text
    unchecked: list[EntryMeta] = []
    entries = SidecarDocument.from_dict(_raw(damaged), unchecked=unchecked).entries
    assert {meta.entry_id for meta in unchecked} == {"a", "d"}
    assert _is_built(entries, "a") and _is_built(entries, "d") and not _is_built(entries, "b")
    assert entries["a"] is next(meta for meta in unchecked if meta.entry_id == "a")


def test_a_store_load_builds_no_entry_and_reads_them_as_before(tmp_path):
    writer = MemoryStore(tmp_path)
    for n in range(12):
        writer.add("memory", f"User planted tree number {n} in the garden")
    expected = {e.entry_id: e.meta.to_dict() for e in writer.entries("memory")}
    MemoryStore(tmp_path).load_from_disk()  # teaches this process the records' shapes
    store = MemoryStore(tmp_path)
    store.load_from_disk()
    entries = store._states["memory"].entries
    assert not any(_is_built(entries, i) for i in entries)
    assert store.format_for_system_prompt("memory").count("tree number") == 12
    assert {e.entry_id: e.meta.to_dict() for e in store.entries("memory")} == expected
    assert orjson.loads(store._states["memory"].paths.sidecar.read_bytes())["entries"].keys() == expected.keys()


def test_threads_reading_one_table_all_get_the_entry_first_built():
    raw = _raw({f"e{n}": {"text": f"User note {n}", "hit_count": n % 5} for n in range(3000)})
    SidecarDocument.from_dict(raw)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: mid-build too
    try:
        for _round in range(5):
            entries = SidecarDocument.from_dict(raw).entries
            seen: list[list[EntryMeta]] = [[] for _ in range(6)]

            def read(k: int) -> None:
                seen[k] = [entries[entry_id] for entry_id in entries]

            threads = [threading.Thread(target=read, args=(k,)) for k in range(6)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert all(len({id(meta) for meta in column}) == 1 for column in zip(*seen))
    finally:
        sys.setswitchinterval(interval)


def test_a_remove_or_replace_after_a_load_builds_only_the_entries_it_touches(tmp_path):
    texts = [f"User planted tree number {n} in the garden" for n in range(SMALL_STORE_ENTRIES + 50)]
    (tmp_path / "MEMORY.md").write_text("\n§\n".join(texts), encoding="utf-8")  # a home too large to rewrite per change
    for _ in range(2):  # adopts the entries and writes the sidecar; then teaches this process the records' shapes
        MemoryStore(tmp_path, memory_char_limit=0).load_from_disk()
    store = MemoryStore(tmp_path, memory_char_limit=0)
    store.load_from_disk()
    entries = store._states["memory"].entries
    assert store.blocked_entries("memory") == []
    store.replace("memory", "tree number 3 in", "User planted tree number 3 by the gate")
    store.remove("memory", "tree number 7 in")
    assert sum(_is_built(entries, i) for i in entries) <= 3  # the replaced entry, and what its checks read
    assert len(store.entries("memory")) == len(texts) - 1


def test_a_search_after_a_load_builds_only_the_entries_it_reads_whole(tmp_path):
    texts = [f"User planted tree number {n} in the garden" for n in range(40)] + ["User lives in a small town by the sea"]
    (tmp_path / "MEMORY.md").write_text("\n§\n".join(texts), encoding="utf-8")
    writer = MemoryStore(tmp_path, memory_char_limit=0)
    writer.add("memory", "User lives in a quiet village by the sea")  # said twice: searched by both wordings
    for _ in range(2):
        MemoryStore(tmp_path).load_from_disk()
    store = MemoryStore(tmp_path, memory_char_limit=0)
    store.load_from_disk()
    entries = store._states["memory"].entries
    found = [hit.entry.text for hit in store.search("small town by the sea").items]
    assert found and "by the sea" in found[0]
    assert sum(_is_built(entries, i) for i in entries) <= 3


def test_the_thread_finding_a_large_homes_texts_builds_no_entry(tmp_path, monkeypatch):
    """The thread a first search of a large home starts finds every entry's searched text from the
    held records: building 100,000 entries there cost ~1.5 s of CPU beside the searches it yields to."""
    from dialectical_memory.store import search

    texts = [f"User planted tree number {n} in the garden" for n in range(40)] + ["User lives in a small town by the sea"]
    (tmp_path / "MEMORY.md").write_text("\n§\n".join(texts), encoding="utf-8")
    for _ in range(2):
        MemoryStore(tmp_path).load_from_disk()
    store = MemoryStore(tmp_path, memory_char_limit=0)
    store.load_from_disk()
    monkeypatch.setattr(search, "WORDS_ALL_AT_ONCE", 3)
    monkeypatch.setattr(search, "WORDS_AT_ONCE", 2)
    monkeypatch.setattr(search, "WORDS_SECONDS", 0.0)
    entries = store._states["memory"].entries
    assert store.search("small town by the sea", "memory", semantic=False).items
    reader = search.search_index(store, "memory").reader
    if reader is not None:
        reader.join(timeout=30)
    later = store.search("small town", "memory", semantic=False)
    assert later.words_coverage == (len(texts), len(texts)) and later.items
    assert sum(_is_built(entries, i) for i in entries) <= 6  # the newest read whole, and what the answers show
