"""Several processes writing the same home: every acknowledged write survives, the files stay consistent."""

from __future__ import annotations

import multiprocessing
from collections import Counter

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.storage.hermes_format import loads

from helpers import FakeDetector, check_invariants, md_path

WORKERS = 4
ENTRIES_PER_WORKER = 25
SEEDS = 201


def text_of(worker: int, index: int) -> str:
    return f"w{worker}-e{index:02d} note from a busy agent"


def worker(home: str, number: int, barrier, results) -> None:
    """Add 25 entries and replace every fifth one; report each write once it is acknowledged."""
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=FakeDetector())
    store.load_from_disk()
    acknowledged = []
    barrier.wait(timeout=30)
    for index in range(ENTRIES_PER_WORKER):
        text = text_of(number, index)
        store.add("memory", text)
        acknowledged.append(("add", text, None))
        if index % 5 == 4:
            revised = f"{text}, revised"
            store.replace("memory", f"w{number}-e{index:02d} ", revised)
            acknowledged.append(("replace", text, revised))
    results.put((number, acknowledged))


@pytest.mark.slow
def test_concurrent_writers_lose_nothing(tmp_path):
    home = tmp_path / "shared-home"
    home.mkdir()
    # Over 200 entries, so every worker appends its metadata to the shared journal.
    seeds = [f"seed note {i:03d} written by hand" for i in range(SEEDS)]
    md_path(home).write_text("\n§\n".join(seeds), encoding="utf-8")
    MemoryStore(home, memory_char_limit=0, detector=FakeDetector()).load_from_disk()
    assert (home / "MEMORY.meta.journal").stat().st_size > 0
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(WORKERS)
    results = context.Queue()
    processes = [context.Process(target=worker, args=(str(home), n, barrier, results)) for n in range(WORKERS)]
    for process in processes:
        process.start()
    for process in processes:  # the reports are small: a worker can exit before they are read
        process.join(timeout=120)
    assert [p.exitcode for p in processes] == [0] * WORKERS, "a worker failed (see its stderr above)"
    acknowledged = dict(results.get(timeout=10) for _ in processes)

    expected = set(seeds)
    for writes in acknowledged.values():
        for action, text, revised in writes:
            if action == "add":
                expected.add(text)
            else:
                expected.discard(text)
                expected.add(revised)
    assert len(expected) == SEEDS + WORKERS * ENTRIES_PER_WORKER

    on_disk = loads(md_path(home).read_text(encoding="utf-8"))
    assert len(on_disk) == len(expected) and set(on_disk) == expected

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=FakeDetector())
    store.load_from_disk()
    assert store.warnings("memory") == []
    assert {e.text for e in store.entries("memory")} == expected
    assert store.archived("memory") == []
    check_invariants(store)

    history = store.history("memory", actor="agent")
    actions = Counter(record["action"] for record in history)
    replaces = sum(1 for writes in acknowledged.values() for w in writes if w[0] == "replace")
    assert actions == Counter({"add": WORKERS * ENTRIES_PER_WORKER, "replace": replaces})
    assert len(store.history("memory")) == len(history) + SEEDS, "plus one 'add' per hand-written seed"
    for writes in acknowledged.values():
        for action, text, revised in writes:
            if action == "replace":
                meta = store.get_entry_meta("memory", revised)
                assert meta.original_text == text
