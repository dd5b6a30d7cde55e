"""The candidate index on disk is a cache: versioned, checked entry by entry, rebuilt when it is
missing, stale or damaged, and never the cause of a different answer than a fresh build."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dialectical_memory import MemoryStore
from dialectical_memory.detection import CandidateIndex
from dialectical_memory.detection import index as index_module
from dialectical_memory.detection.index_file import (
    FORMAT,
    SAVE_AFTER,
    analysis_fingerprint,
    index_path,
    TAIL_MAX,
    open_index,
    read_index,
    save_caught_up,
    save_index,
    tail_path,
    write_index,
)
from dialectical_memory.storage.files import TargetPaths

TEXTS = {
    "a": "User lives in Berlin",
    "b": "User prefers concise replies",
    "c": "用户喜欢深色模式",
    "d": "User had a steak for dinner",
    "e": "User plays the violin on Sundays",
    "f": "用户住在北京",
}
QUERIES = ["User lives in Paris", "User wants long detailed answers", "用户不喜欢深色模式", "User is vegetarian", "用户住在上海"]


def fresh(texts: dict[str, str]) -> CandidateIndex:
    index = CandidateIndex()
    for entry_id, text in texts.items():
        index.add(entry_id, text)
    return index


def assert_same(index: CandidateIndex, texts: dict[str, str]) -> None:
    rebuilt = fresh(texts)
    assert len(index) == len(rebuilt)
    assert index.terms() == rebuilt.terms()
    for query in QUERIES + list(texts.values()):
        assert index.candidates(query, limit=4) == rebuilt.candidates(query, limit=4)


@pytest.fixture
def path(tmp_path):
    return index_path(tmp_path, "MEMORY")


@pytest.fixture
def analyses(monkeypatch):
    """How many texts the index analysed (each costs ~1 ms: what the file saves)."""
    seen: list[str] = []
    real = index_module.index_terms

    def counting(text):
        seen.append(text)
        return real(text)

    monkeypatch.setattr(index_module, "index_terms", counting)
    return seen


def test_index_file_is_hidden_and_named_for_an_ignore_rule(tmp_path):
    assert index_path(tmp_path, "MEMORY").name == ".MEMORY.index.json"
    assert index_path(tmp_path, "USER").name == ".USER.index.json"


def test_written_index_reads_back_equal_to_a_fresh_build(path):
    write_index(path, fresh(TEXTS))
    loaded = read_index(path)
    assert loaded is not None
    assert_same(loaded, TEXTS)


def test_opening_an_up_to_date_file_analyses_nothing(path, analyses):
    write_index(path, fresh(TEXTS))
    analyses.clear()
    index = open_index(path, dict(TEXTS))
    assert analyses == []
    assert_same(index, TEXTS)


def test_a_changed_entry_costs_one_analysis_and_the_stale_slot_is_never_used(path, analyses):
    write_index(path, fresh(TEXTS))
    changed = {**TEXTS, "a": "User lives in Paris"}
    del changed["b"]
    changed["g"] = "User drinks tea"
    analyses.clear()
    index = open_index(path, changed)
    assert sorted(analyses) == ["User drinks tea", "User lives in Paris"]
    assert "b" not in index and index.text_of("a") == "User lives in Paris"
    assert_same(index, changed)


def test_an_id_moved_to_another_text_is_not_trusted(path):
    write_index(path, fresh(TEXTS))
    swapped = {**TEXTS, "a": TEXTS["d"], "d": TEXTS["a"]}
    assert_same(open_index(path, swapped), swapped)


@pytest.mark.parametrize(
    "header",
    [
        {"format": FORMAT + 1},
        {"analysis": "0" * 32},
        {"checksum": "0" * 32},
    ],
)
def test_another_format_analysis_or_checksum_means_rebuild(path, header, analyses):
    write_index(path, fresh(TEXTS))
    data = path.read_bytes()
    first, _, payload = data.partition(b"\n")
    path.write_bytes(orjson.dumps({**orjson.loads(first), **header}) + b"\n" + payload)
    assert read_index(path) is None
    analyses.clear()
    index = open_index(path, dict(TEXTS))
    assert len(analyses) == len(TEXTS)
    assert_same(index, TEXTS)
    assert read_index(path) is not None  # rewritten on the way


def test_the_fingerprint_covers_the_analysis_code():
    assert len(analysis_fingerprint()) == 32 and analysis_fingerprint() == analysis_fingerprint()


def test_the_fingerprint_is_the_code_not_the_install(tmp_path, monkeypatch):
    """Two installs of one version (Hermes' Python and the user's, each given the wheel at its own
    time) share a home: the fingerprint reads the bytes of the code, so neither throws away the
    index the other wrote. Touching every file changes nothing; changing one byte changes it."""
    import os
    import shutil

    from dialectical_memory.detection import index_file

    copy = tmp_path / "detection"
    shutil.copytree(index_file._PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))

    def fingerprint_of_copy() -> str:
        monkeypatch.setattr(index_file, "_PACKAGE", str(copy))
        index_file.analysis_fingerprint.cache_clear()
        try:
            return index_file.analysis_fingerprint()
        finally:
            monkeypatch.undo()
            index_file.analysis_fingerprint.cache_clear()

    first = fingerprint_of_copy()
    assert first == analysis_fingerprint()  # the same bytes as the package's
    for path in copy.rglob("*"):
        os.utime(path, ns=(10**18, 10**18))
    assert fingerprint_of_copy() == first
    module = copy / "terms.py"
    module.write_bytes(module.read_bytes() + b"\n")
    assert fingerprint_of_copy() != first


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: b"",
        lambda data: b"\x00" * 64,
        lambda data: b"not json\n{}",
        lambda data: data.replace(b'"texts"', b'"textz"'),
    ],
    ids=["truncated", "empty", "zeros", "garbage", "renamed-key"],
)
def test_a_damaged_file_is_rebuilt(path, damage):
    write_index(path, fresh(TEXTS))
    path.write_bytes(damage(path.read_bytes()))
    assert read_index(path) is None
    assert_same(open_index(path, dict(TEXTS)), TEXTS)


def file_parts(path) -> tuple[dict, list[int], list[int]]:
    """The body, offsets and postings of an index file (format 3, as its docstring lays it out)."""
    header_line, _, rest = path.read_bytes().partition(b"\n")
    header = orjson.loads(header_line)
    arrays = header["body"] + 4 * (header["terms"] + 1)

    def numbers(packed: bytes) -> list[int]:
        return [int.from_bytes(packed[at : at + 4], "little") for at in range(0, len(packed), 4)]

    return orjson.loads(rest[: header["body"]]), numbers(rest[header["body"] : arrays]), numbers(rest[arrays:])


def plant(path, body: dict, offsets: list[int], slots: list[int]) -> None:
    """An index file of these parts with a right header and checksum, as a buggy or hostile writer
    could make one."""
    from dialectical_memory.detection.index_file import _checksum

    payload = orjson.dumps(body)
    rest = payload + b"".join(n.to_bytes(4, "little") for n in offsets + slots)
    header = {"format": FORMAT, "analysis": analysis_fingerprint(), "checksum": _checksum(rest),
              "body": len(payload), "terms": len(offsets) - 1}
    path.write_bytes(orjson.dumps(header) + b"\n" + rest)


def _rewrite(path, edit) -> None:
    """Damage the parts but keep the header's checksum right."""
    body, offsets, slots = file_parts(path)
    edit(body, offsets, slots)
    plant(path, body, offsets, slots)


@pytest.mark.parametrize(
    "edit",
    [
        lambda body, offsets, slots: slots.__setitem__(slice(0, 3), [10**6, 2**32 - 1, 4]),
        lambda body, offsets, slots: offsets.__setitem__(1, 10**6),
        lambda body, offsets, slots: offsets.__setitem__(2, 0),
        lambda body, offsets, slots: body.update(ids=[1] + body["ids"][1:]),
        lambda body, offsets, slots: body.update(ids=[["unhashable"]] + body["ids"][1:]),
        lambda body, offsets, slots: body.update(ids=[body["ids"][1]] + body["ids"][1:]),
        lambda body, offsets, slots: body.update(sizes=["3"] + body["sizes"][1:]),
        lambda body, offsets, slots: body.update(texts=body["texts"][:-1]),
        lambda body, offsets, slots: body.update(terms={}),
        lambda body, offsets, slots: body.update(terms=[1] + body["terms"][1:]),
    ],
    ids=["bad-slots", "run-past-the-end", "run-backwards", "id-not-a-string", "id-unhashable", "repeated-id",
         "size-not-int", "short-texts", "terms-not-a-list", "term-not-a-string"],
)
def test_malformed_parts_with_a_valid_checksum_never_give_a_wrong_answer(path, edit):
    write_index(path, fresh(TEXTS))
    _rewrite(path, edit)
    index = open_index(path, dict(TEXTS))
    assert set(index.terms()) == set(TEXTS)
    for query in QUERIES:
        assert set(index.candidates(query)) <= set(TEXTS)


def test_an_unwritable_home_does_not_stop_the_index(tmp_path):
    missing = index_path(tmp_path / "gone", "MEMORY")
    index = open_index(missing, dict(TEXTS))
    assert_same(index, TEXTS)
    assert not missing.exists()


def test_retired_slots_are_compacted_on_write(path):
    index = fresh({f"n{k}": f"User note number {k} about jazz" for k in range(100)})
    for k in range(90):
        index.remove(f"n{k}")
    write_index(path, index)
    body, _offsets, _slots = file_parts(path)
    assert len(body["ids"]) == 10
    survivors = {f"n{k}": f"User note number {k} about jazz" for k in range(90, 100)}
    assert_same(read_index(path), survivors)


# ---------------------------------------------------------------- in the store


def entry_texts(store: MemoryStore) -> dict[str, str]:
    return {e.entry_id: e.text for e in store.entries("memory")}


def test_a_new_process_reuses_the_index_file(tmp_path, analyses):
    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0)
    for text in TEXTS.values():
        store.add("memory", text)
    analyses.clear()
    other = MemoryStore(home, memory_char_limit=0)
    other.load_from_disk()
    other.add("memory", "User drinks tea")
    # the file had none of the entries or a few: the ones added since it was written are analysed once
    assert analyses.count("User drinks tea") == 2  # indexed once, queried once
    assert len(analyses) <= len(TEXTS) + 2
    analyses.clear()
    third = MemoryStore(home, memory_char_limit=0)
    third.add("memory", "User drinks coffee")
    assert len([t for t in analyses if t != "User drinks coffee"]) < SAVE_AFTER


def test_a_foreign_write_of_one_entry_costs_one_analysis(tmp_path, analyses):
    home = tmp_path / "home"
    agent = MemoryStore(home, memory_char_limit=0)
    dashboard = MemoryStore(home, memory_char_limit=0)
    for text in TEXTS.values():
        agent.add("memory", text)
    dashboard.add("memory", "User drinks tea")  # builds the dashboard's index
    agent.replace("memory", "violin", "User plays the cello on Sundays")
    analyses.clear()
    dashboard.add("memory", "User drinks coffee")
    assert sorted(analyses) == ["User drinks coffee", "User drinks coffee", "User plays the cello on Sundays"]
    assert_same(dashboard._states["memory"].index, entry_texts(dashboard))


def test_a_refused_call_does_not_cost_a_rebuild(tmp_path, analyses):
    from dialectical_memory import NotFoundError

    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0)
    for text in TEXTS.values():
        store.add("memory", text)
    with pytest.raises(NotFoundError):
        store.remove("memory", "no such entry")
    analyses.clear()
    store.add("memory", "User drinks tea")
    assert analyses == ["User drinks tea", "User drinks tea"]


def test_a_hand_edit_reaches_the_index(tmp_path):
    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0)
    for text in TEXTS.values():
        store.add("memory", text)
    md = TargetPaths(home, "memory").md
    md.write_text(md.read_text(encoding="utf-8").replace("Berlin", "Lisbon"), encoding="utf-8")
    result = store.add("memory", "User lives in Madrid")
    assert result.contradictions, "the edited entry is found under its new text"
    assert_same(store._states["memory"].index, entry_texts(store))


def test_the_index_file_is_not_watched(tmp_path):
    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0)
    store.add("memory", "User lives in Berlin")
    state = store._states["memory"]
    write_index(index_path(home, "MEMORY"), state.index)
    store.add("memory", "User drinks tea")
    assert store._states["memory"] is state


# ---------------------------------------------------------------- property

WORDS = ["Berlin", "Paris", "tea", "coffee", "jazz", "concise", "detailed", "steak", "vegetarian", "北京", "上海", "深色模式"]
text_strategy = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(lambda ws: "User likes " + " and ".join(ws))
operation = st.one_of(
    st.tuples(st.just("add"), st.sampled_from("abcdefgh"), text_strategy),
    st.tuples(st.just("remove"), st.sampled_from("abcdefgh"), st.none()),
    st.tuples(st.just("save_and_reopen"), st.none(), st.none()),
    st.tuples(st.just("save_tail_and_reopen"), st.none(), st.none()),
    st.tuples(st.just("foreign"), st.sampled_from("abcdefgh"), text_strategy),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(operation, max_size=25))
def test_any_history_of_changes_saves_and_reopens_equal_to_a_fresh_build(tmp_path, operations):
    path = index_path(tmp_path, "PROP")
    path.unlink(missing_ok=True)
    tail_path(path).unlink(missing_ok=True)
    texts: dict[str, str] = {}
    index = open_index(path, {})
    for kind, entry_id, text in operations:
        if kind == "add":
            texts[entry_id] = text
            index.add(entry_id, text)
        elif kind == "remove":
            texts.pop(entry_id, None)
            index.remove(entry_id)
        elif kind == "save_and_reopen":
            write_index(path, index)
            index = open_index(path, dict(texts))
        elif kind == "save_tail_and_reopen":  # what was analysed since the last save, appended
            save_index(path, index)
            index = open_index(path, dict(texts))
        else:  # another process changed the entries behind this index's back
            texts[entry_id] = text
            write_index(path, index)
            index = open_index(path, dict(texts))
    assert_same(index, texts)


def test_entries_caught_up_from_the_file_are_saved_for_the_next_process(path, analyses):
    """One-shot `dmem add`s each leave an entry the file does not hold: a process that analysed
    them rewrites the file once its write commits, so the next one does not analyse them again."""
    write_index(path, fresh(TEXTS))
    grown = {**TEXTS, "g": "User started pottery", "h": "User owns a kayak"}
    analyses.clear()
    index = open_index(path, grown)
    assert sorted(analyses) == ["User owns a kayak", "User started pottery"]
    assert read_index(path) is not None and len(read_index(path)) == len(TEXTS)  # not before the commit
    save_caught_up(path, index)
    analyses.clear()
    reopened = open_index(path, grown)
    assert analyses == []
    assert_same(reopened, grown)


def test_a_process_that_caught_up_nothing_leaves_the_file_as_it_is(path):
    write_index(path, fresh(TEXTS))
    before = path.stat().st_mtime_ns, path.read_bytes()
    save_caught_up(path, open_index(path, TEXTS))
    assert (path.stat().st_mtime_ns, path.read_bytes()) == before


def test_one_shot_adds_leave_the_index_file_whole(tmp_path, analyses):
    """Each `dmem add` is a new process: the next one analyses only its own entry, and the file is
    not rewritten for it: its analysis is appended to the tail."""
    MemoryStore(tmp_path).add("memory", "User started hobby number 0")
    written = index_path(tmp_path, "MEMORY").read_bytes()
    for number in range(1, 3):
        store = MemoryStore(tmp_path)
        store.add("memory", f"User started hobby number {number}")
    assert index_path(tmp_path, "MEMORY").read_bytes() == written
    # the first process wrote the file before its add (a cold home): every add since is in the tail
    assert tail_path(index_path(tmp_path, "MEMORY")).read_bytes().count(b"hobby number") == 3
    analyses.clear()
    store = MemoryStore(tmp_path)
    store.add("memory", "User bought a red kayak")
    assert "User bought a red kayak" in analyses
    assert not [text for text in analyses if "hobby number" in text]


def test_too_many_missing_entries_are_left_pending_and_found_by_no_query(tmp_path, monkeypatch):
    """A home too large to analyse at once (issue 47: 100,000 entries, minutes of analysis) opens
    its index at once with the entries pending; indexing them, newest first, makes the index answer
    as a fresh build does. An index with entries pending defers newcomers too (maintenance takes
    them), while a complete one analyses a few at once as before."""
    monkeypatch.setattr(index_module, "COLD_AT_ONCE", 3)
    monkeypatch.setattr("dialectical_memory.detection.index_file.COLD_AT_ONCE", 3)
    index = open_index(tmp_path / ".MEMORY.index.json", TEXTS)
    assert not index.complete and len(index) == 0 and list(index.pending) == list(TEXTS)
    assert index.candidates("User lives in Paris") == []
    assert index.newest_pending(2) == [("f", TEXTS["f"]), ("e", TEXTS["e"])]
    index.sync({**TEXTS, "g": "User lives in Lisbon"})
    assert "g" in index.pending and len(index) == 0
    for entry_id, text in index.newest_pending(100):
        index.add(entry_id, text)
    assert index.complete
    built = fresh({**TEXTS, "g": "User lives in Lisbon"})
    for query in QUERIES:
        assert index.candidates(query) == built.candidates(query)
    index.sync({**TEXTS, "h": "User moved to Oslo"})  # complete: a newcomer is analysed at once
    assert index.complete and "h" in index and "g" not in index


def test_a_small_cold_home_is_indexed_at_once(tmp_path):
    index = open_index(tmp_path / ".MEMORY.index.json", TEXTS)
    assert index.complete and len(index) == len(TEXTS)


# ---------------------------------------------------------------- what opening costs


def test_opening_the_file_unpacks_only_the_postings_a_query_asks_for(path, monkeypatch):
    """The postings stay packed until a term is asked for: an add pays for the terms of its text,
    not for every term of the home."""
    from dialectical_memory.detection.index import StoredPostings, index_terms

    write_index(path, fresh(TEXTS))
    unpacked: list[str] = []
    real_take = StoredPostings.take
    monkeypatch.setattr(StoredPostings, "take", lambda self, term: unpacked.append(term) or real_take(self, term))
    index = open_index(path, dict(TEXTS))
    assert unpacked == []
    query = QUERIES[0]
    assert index.candidates(query) == fresh(TEXTS).candidates(query)
    assert unpacked and set(unpacked) <= index_terms(query)
    assert len(set(unpacked)) < len(file_parts(path)[0]["terms"]) // 2


def test_an_index_that_holds_the_entries_exactly_is_taken_without_listing_them(path):
    write_index(path, fresh(TEXTS))
    listed: list[int] = []

    def texts_of(texts):
        return lambda: listed.append(1) or dict(texts)

    by_text = {text: entry_id for entry_id, text in TEXTS.items()}
    assert_same(open_index(path, texts_of(TEXTS), ids_by_text=by_text), TEXTS)
    assert listed == []
    swapped = {**TEXTS, "a": TEXTS["d"], "d": TEXTS["a"]}  # the same texts under other ids
    index = open_index(path, texts_of(swapped), ids_by_text={text: entry_id for entry_id, text in swapped.items()})
    assert listed == [1]
    assert_same(index, swapped)
    grown = {**TEXTS, "g": "User drinks tea"}
    index = open_index(path, texts_of(grown), ids_by_text={text: entry_id for entry_id, text in grown.items()})
    assert listed == [1, 1] and "g" in index


def test_an_index_holding_entries_removed_since_is_taken_without_listing_the_entries(path, monkeypatch):
    """Entries are removed between processes all the time; the file still holds them. Listing every
    entry's text to find that out was 40-50 ms of the first add after a load of 100,000 entries."""
    write_index(path, fresh(TEXTS))
    listed: list[int] = []
    kept = {entry_id: text for entry_id, text in TEXTS.items() if entry_id != "b"}
    index = open_index(path, lambda: listed.append(1) or dict(kept), ids_by_text={text: entry_id for entry_id, text in kept.items()})
    assert listed == [] and "b" not in index
    assert_same(index, kept)
    # a home too large to analyse at once, one entry gone: the rest left pending, unlisted
    monkeypatch.setattr("dialectical_memory.detection.index_file.AT_ONCE", 2)
    few = {"a": TEXTS["a"]}
    write_index(path, fresh(few))
    many = {**{f"n{i}": f"User planted tree number {i}" for i in range(5)}}
    index = open_index(path, lambda: listed.append(1) or dict(many), ids_by_text={text: entry_id for entry_id, text in many.items()})
    assert listed == [] and "a" not in index and len(index) == 0 and set(index.pending) == set(many)


def test_entries_left_pending_by_text_are_listed_when_asked_as_by_the_entry_by_entry_sync(tmp_path, monkeypatch):
    """A home too large to analyse at once, opened by its texts: the entries are left pending
    without listing them (an add does not ask), and the list, when maintenance asks, is the one
    an entry by entry sync makes, less what was indexed or removed since."""
    monkeypatch.setattr(index_module, "COLD_AT_ONCE", 3)
    monkeypatch.setattr("dialectical_memory.detection.index_file.COLD_AT_ONCE", 3)
    by_text = {text: entry_id for entry_id, text in TEXTS.items()}
    listed: list[int] = []
    index = open_index(tmp_path / ".MEMORY.index.json", lambda: listed.append(1) or dict(TEXTS), ids_by_text=by_text)
    assert listed == [] and len(index) == 0
    by_text["User drinks tea"] = "g"  # added by its owner, and indexed
    index.add("g", "User drinks tea")
    del by_text[TEXTS["b"]]  # removed by its owner
    index.remove("b")
    eager = open_index(tmp_path / "other.index.json", {**TEXTS, "g": "User drinks tea"})
    eager.add("g", "User drinks tea")
    eager.remove("b")
    assert index.pending == eager.pending and not index.complete
    assert index.newest_pending(2) == eager.newest_pending(2)
    for entry_id, text in index.newest_pending(100):
        index.add(entry_id, text)
    assert index.complete
    assert_same(index, {entry_id: text for text, entry_id in by_text.items()})


# ---------------------------------------------------------------- the tail


GROWN = {**TEXTS, "g": "User started pottery", "h": "User owns a kayak"}


def tail_of_grown(path) -> None:
    """The file holds TEXTS; its tail the two entries a later process caught up."""
    write_index(path, fresh(TEXTS))
    save_caught_up(path, open_index(path, GROWN))


def test_a_few_new_analyses_are_appended_to_the_tail_not_the_file(path, analyses):
    write_index(path, fresh(TEXTS))
    written = path.read_bytes()
    save_caught_up(path, open_index(path, GROWN))
    assert path.read_bytes() == written
    assert len([line for line in tail_path(path).read_bytes().split(b"\n") if line]) == 2
    analyses.clear()
    reopened = open_index(path, GROWN)
    assert analyses == []
    assert_same(reopened, GROWN)


def test_the_tail_applied_equals_a_full_rewrite(path, tmp_path):
    tail_of_grown(path)
    from_tail = read_index(path)
    rewritten = index_path(tmp_path, "OTHER")
    write_index(rewritten, open_index(path, GROWN))
    from_file = read_index(rewritten)
    assert from_tail.terms() == from_file.terms() == fresh(GROWN).terms()
    assert from_tail.holders() == from_file.holders()
    for query in QUERIES:
        assert from_tail.candidates(query) == from_file.candidates(query)


def test_a_line_torn_by_a_crash_is_dropped_and_only_that_line(path, analyses):
    tail_of_grown(path)
    tail = tail_path(path)
    tail.write_bytes(tail.read_bytes()[:-20])  # the last line lost its end
    analyses.clear()
    index = open_index(path, GROWN)
    assert analyses == [GROWN["h"]]
    assert_same(index, GROWN)
    save_caught_up(path, index)  # the next append starts on a line of its own: nothing more is lost
    analyses.clear()
    reopened = open_index(path, GROWN)
    assert analyses == []
    assert_same(reopened, GROWN)


def _planted_line(record: dict, checksum: str | None = None) -> bytes:
    from dialectical_memory.detection.index_file import _checksum

    data = orjson.dumps(record)
    return f"{checksum or _checksum(data)} ".encode() + data + b"\n"


def _first_record(path) -> dict:
    return orjson.loads(tail_path(path).read_bytes().split(b"\n")[1].partition(b" ")[2])


@pytest.mark.parametrize(
    "plant",
    [
        lambda record: _planted_line(record, checksum="0" * 8),
        lambda record: _planted_line({**record, "of": "0" * 16}),
        lambda record: _planted_line({**record, "terms": "berlin"}),
        lambda record: _planted_line({**record, "terms": [1, 2]}),
        lambda record: _planted_line({**record, "names": ["user"]}),
        lambda record: _planted_line({**record, "id": ["unhashable"]}),
        lambda record: _planted_line([record]),
        lambda record: b"not a line at all\n",
    ],
    ids=["bad-checksum", "another-file", "terms-not-a-list", "term-not-a-string", "name-not-an-introduction",
         "id-unhashable", "not-an-object", "garbage"],
)
def test_a_planted_tail_line_is_ignored(path, analyses, plant):
    """A line claiming other terms for an entry is never trusted unless whole, well formed and made
    for this file; the entry it names is analysed instead."""
    tail_of_grown(path)
    record = {**_first_record(path), "terms": ["#berlin", "berlin", "$residence"]}
    tail_path(path).write_bytes(plant(record))
    analyses.clear()
    index = open_index(path, GROWN)
    assert sorted(analyses) == sorted([GROWN["g"], GROWN["h"]])
    assert_same(index, GROWN)


def test_a_tail_larger_than_any_we_write_is_ignored_and_removed_by_the_next_save(path, analyses):
    from dialectical_memory.detection.index_file import MAX_TAIL_BYTES

    tail_of_grown(path)
    with tail_path(path).open("ab") as handle:
        handle.truncate(MAX_TAIL_BYTES + 1)
    analyses.clear()
    index = open_index(path, GROWN)
    assert sorted(analyses) == sorted([GROWN["g"], GROWN["h"]])
    save_caught_up(path, index)
    assert not tail_path(path).exists()
    assert_same(read_index(path), GROWN)


def test_the_tail_is_folded_into_the_file_past_its_bound(path, analyses):
    write_index(path, fresh(TEXTS))
    texts = dict(TEXTS)
    index = open_index(path, texts)
    for number in range(TAIL_MAX + 1):
        texts[f"n{number}"] = f"User read book number {number}"
        index.add(f"n{number}", texts[f"n{number}"])
        save_index(path, index)
        assert tail_path(path).exists() == (number < TAIL_MAX)
    assert len(file_parts(path)[0]["ids"]) == len(texts)  # the file holds them all now
    analyses.clear()
    reopened = open_index(path, dict(texts))
    assert analyses == []
    assert_same(reopened, texts)


def test_lines_left_by_a_crash_after_the_file_was_replaced_are_skipped(path, analyses):
    """A rewrite replaces the file, then removes the tail: a crash between leaves lines naming the
    file replaced, which may hold older texts of the same entries."""
    tail_of_grown(path)
    left = tail_path(path).read_bytes()
    changed = {**GROWN, "g": "User stopped pottery"}
    write_index(path, fresh(changed))
    tail_path(path).write_bytes(left)
    analyses.clear()
    index = open_index(path, changed)
    assert analyses == []  # applied, the old "g" would have cost an analysis of its current text
    assert_same(index, changed)


def test_a_long_lived_store_appends_what_it_analysed_every_save_after_adds(path):
    write_index(path, fresh(TEXTS))
    written = path.read_bytes()
    texts = dict(TEXTS)
    index = open_index(path, texts)
    from dialectical_memory.detection.index_file import save_if_due

    for number in range(SAVE_AFTER):
        index.add(f"n{number}", f"User read book number {number}")
        save_if_due(path, index)
    assert path.read_bytes() == written and index.unsaved == 0
    assert tail_path(path).read_bytes().count(b"book number") == SAVE_AFTER


def test_the_tail_is_never_appended_through_a_symlink(tmp_path, path):
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"kept\n")
    write_index(path, fresh(TEXTS))
    tail_path(path).symlink_to(outside)
    save_caught_up(path, open_index(path, GROWN))
    assert outside.read_bytes() == b"kept\n"
    assert_same(read_index(path), GROWN)  # the file was rewritten instead


def test_analyses_of_entries_gone_again_append_nothing(path):
    write_index(path, fresh(TEXTS))
    index = open_index(path, dict(TEXTS))
    index.add("g", "User started pottery")
    index.remove("g")
    save_index(path, index)
    assert not tail_path(path).exists() and index.unsaved == 0


def test_the_analysis_fingerprint_follows_every_source_and_language_file(tmp_path, monkeypatch):
    """What glob finds (``*.py``, ``lang/*/*.json``, no hidden names) names the analysis: an edit of
    one changes the fingerprint, of anything else does not."""
    from dialectical_memory.detection import index_file

    for name, text in (("a.py", "x = 1"), ("notes.txt", "-"), (".hidden.py", "-"), ("lang/en/w.json", "{}"),
                       ("lang/.old/w.json", "{}")):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(index_file, "_PACKAGE", str(tmp_path))

    def fingerprint() -> str:
        index_file.analysis_fingerprint.cache_clear()
        return index_file.analysis_fingerprint()

    try:
        seen = [fingerprint()]
        for name, text, changes in (("notes.txt", "+", False), (".hidden.py", "+", False), ("lang/.old/w.json", "[]", False),
                                    ("lang/en/w.json", "[]", True), ("a.py", "x = 2", True), ("lang/zh/w.json", "{}", True)):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(text)
            seen.append(fingerprint())
            assert (seen[-1] != seen[-2]) is changes, name
    finally:
        monkeypatch.undo()
        index_file.analysis_fingerprint.cache_clear()
