"""The warm-up a long-lived process starts after its load (store/warm_up.py): the first add finds the
detector ready, nothing of a home is touched, and a fork waits for it."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import textwrap
from pathlib import Path

from dialectical_memory.store import warm_up

# A fresh process: loads a small home, warms up or not, then adds; prints the package's modules the
# add imported and whether the home's files changed during the warm-up.
_FIRST_ADD = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from dialectical_memory import MemoryStore
    from dialectical_memory.store import warm_up

    home = Path(sys.argv[1])
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    loaded_before = set(sys.modules)
    if sys.argv[2].startswith("large"):  # a home this large (3 entries, for the test) prepares its first add at the load
        from dialectical_memory.store import memory_store
        memory_store.PREPARE_ADDS_FROM = 3
    store.load_from_disk(**({"prepare_adds": False} if sys.argv[2] == "large, not preparing" else {}))
    load_imported_detector = any(m.startswith("dialectical_memory.detection.rules") for m in set(sys.modules) - loaded_before)
    files = {p.name: p.stat().st_mtime_ns for p in home.iterdir()}
    if sys.argv[2] == "warm":
        store.warm_up()
        warm_up.wait()
    untouched = files == {p.name: p.stat().st_mtime_ns for p in home.iterdir()}
    before = set(sys.modules)
    from dialectical_memory.detection import index_file
    from dialectical_memory.storage import hermes_format
    opened, read_index = [], index_file.read_index
    index_file.read_index = lambda path: opened.append(path) or read_index(path)
    serialised, dumps = [], hermes_format.dumps
    hermes_format.dumps = lambda texts: serialised.append(len(texts)) or dumps(texts)
    result = store.add("memory", sys.argv[3])
    assert not result.reinforced, result.message  # a new entry: the index asked, the .md written
    imported = sorted(m for m in set(sys.modules) - before if m.startswith("dialectical_memory"))
    print(json.dumps({"imported": imported, "untouched": untouched, "add_opened_index": bool(opened),
                      "load_imported_detector": load_imported_detector,
                      "add_serialised_every_entry": any(n >= 3 for n in serialised)}))
""")


def _first_add(home: Path, mode: str, text: str) -> dict:
    done = subprocess.run([sys.executable, "-c", _FIRST_ADD, str(home), mode, text], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_first_add_after_the_warm_up_imports_nothing_and_finds_its_index_and_md_ready(new_store, home):
    store = new_store()
    for text in ("User lives in Berlin", "User drinks tea every morning", "用户喜欢爬山"):
        store.add("memory", text)
    assert (home / ".MEMORY.index.json").exists()
    cold = _first_add(home, "cold", "User started learning the cello this spring")
    assert cold["add_opened_index"]  # what the warm-up saves
    assert not cold["add_serialised_every_entry"]  # the .md bytes read at the load are extended
    assert any(name.startswith("dialectical_memory.detection.") for name in cold["imported"])
    assert not cold["load_imported_detector"]  # a small home's load prepares nothing for an add
    warm = _first_add(home, "warm", "User bakes sourdough bread on Sundays")
    assert warm["imported"] == [], warm["imported"]
    assert not warm["add_opened_index"] and not warm["add_serialised_every_entry"]
    assert warm["untouched"]  # no file of the home written by the warm-up


def test_the_load_of_a_large_home_prepares_the_first_add_itself_unless_told_not_to(new_store, home):
    """At 100,000 entries the first add after a load paid ~100 ms the others do not (the detector's
    imports, its word tables, the index, the .md's bytes): a load that long (~0.6 s) now pays it."""
    store = new_store()
    for text in ("User lives in Berlin", "User drinks tea every morning", "用户喜欢爬山"):
        store.add("memory", text)
    large = _first_add(home, "large", "User started learning the cello this spring")
    assert large["load_imported_detector"]
    assert large["imported"] == [], large["imported"]
    assert not large["add_opened_index"] and not large["add_serialised_every_entry"]
    told = _first_add(home, "large, not preparing", "User bakes sourdough bread on Sundays")
    assert not told["load_imported_detector"] and told["add_opened_index"]
    assert any(name.startswith("dialectical_memory.detection.") for name in told["imported"])


def test_prepare_runs_every_check_it_names():
    warm_up.prepare()  # the thread swallows errors (an optimisation only): here they would show


_FORK = textwrap.dedent("""
    import os, sys
    from dialectical_memory.store import warm_up

    thread = warm_up.start()
    pid = os.fork()
    if pid == 0:
        from dialectical_memory.detection import RuleDetector
        RuleDetector().compare("User lives in Berlin", "User lives in Paris")
        os._exit(0)
    print("alive at fork" if thread.is_alive() else "finished before fork")
    _, status = os.waitpid(pid, 0)
    print("child", os.waitstatus_to_exitcode(status))
""")


def test_a_fork_waits_for_the_warm_up_so_the_child_holds_none_of_its_locks():
    done = subprocess.run([sys.executable, "-c", _FORK], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["finished before fork", "child 0"], done.stdout


def test_the_process_wide_part_runs_once_and_a_stores_part_after_it():
    ran = []
    warm_up.start(lambda: ran.append("first"))
    warm_up.start(lambda: ran.append("second"))
    warm_up.wait()
    assert sorted(ran) == ["first", "second"]
    calls = []
    real, warm_up.prepare = warm_up.prepare, lambda: calls.append(1)
    try:
        warm_up.start()
        warm_up.wait()
    finally:
        warm_up.prepare = real
    assert calls == []  # prepared already in this process


def test_a_never_indexed_home_is_left_to_its_first_add(new_store, home):
    """Opening the index of a home with no index file means analysing every entry, under the lock
    a reader would wait for: the warm-up leaves that to the first add."""
    store = new_store()
    store.add("memory", "User lives in Berlin")
    (home / ".MEMORY.index.json").unlink()
    fresh = new_store()
    fresh.load_from_disk()
    fresh.warm_up()
    warm_up.wait()
    assert fresh.current_state("memory").index is None
    assert not (home / ".MEMORY.index.json").exists()



def test_the_warm_up_reads_the_words_index_so_the_first_search_reads_no_text(new_store, home, monkeypatch):
    """A first search of a home of a few thousand entries read every text into the words index
    (~0.3 s at 3,000): a long-lived process's warm-up reads them first, and a write after it is
    searched as ever."""
    from dialectical_memory.detection import lexical
    from dialectical_memory.store import search

    store = new_store()
    for text in ("User lives in Berlin", "User drinks tea every morning", "用户喜欢爬山"):
        store.add("memory", text)
    fresh = new_store()
    fresh.load_from_disk()
    fresh.warm_up()
    warm_up.wait()
    assert gc.isenabled()  # the read paused the cyclic collector, as a load does, and no longer
    read = []
    monkeypatch.setattr(lexical, "document_tokens", lambda text, _tokens=lexical.document_tokens: read.append(text) or _tokens(text))
    found = fresh.search("tea", "memory")
    assert [hit.entry.text for hit in found.items] == ["User drinks tea every morning"]
    assert read == [] and found.words_coverage == (3, 3)
    fresh.add("memory", "User switched from tea to coffee")
    assert [hit.entry.text for hit in fresh.search("coffee", "memory").items] == ["User switched from tea to coffee"]
    assert read == ["User switched from tea to coffee"]
    assert search.search_index(fresh, "memory").reader is None


def test_the_warm_up_leaves_a_home_too_large_to_read_at_once_to_its_first_search(new_store, monkeypatch):
    from dialectical_memory.store import search

    store = new_store()
    store.add("memory", "User lives in Berlin")
    monkeypatch.setattr(search, "WORDS_ALL_AT_ONCE", 0)
    store.warm_up()
    warm_up.wait()
    assert len(search.search_index(store, "memory").bm25) == 0


def test_the_warm_up_never_reconciles_a_write_whose_origin_is_told_after_it(new_store, home):
    """Hermes writes its file first and tells who wrote after (its hook). A warm-up reconciling the
    file in between read the agent's entry as a person's hand edit, without its provenance: the
    full suite's Hermes test saw it once under load."""
    from dialectical_memory.storage.files import TargetPaths

    store = new_store()
    store.add("user", "User keeps a cat named Miso.")
    store = new_store()
    store.load_from_disk()
    md = TargetPaths(home, "user").md
    md.write_text(md.read_text(encoding="utf-8") + "\n§\nUser works at Acme.", encoding="utf-8")  # Hermes' write
    store.warm_up()
    warm_up.wait()
    store.expect_origin("user", "User works at Acme.", provenance={"origin": "assistant_tool"})  # then its hook
    meta = store.get_entry_meta("user", "User works at Acme.")
    assert meta.provenance == {"origin": "assistant_tool"}
    assert [record["actor"] for record in store.history("user", action="add") if record["entry_id"] == meta.entry_id] == ["agent"]
