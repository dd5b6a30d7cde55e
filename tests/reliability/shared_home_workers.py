"""Processes that write one memory home at the same time; each prints a line per acknowledged write.

Usage: python shared_home_workers.py KIND HOME COUNT PREFIX [SEED]

- ``store``: a long-lived ``MemoryStore`` adding ``PREFIX i`` (prints ``ok<TAB>text`` after each add returns)
- ``long-lived-store``: the same, loaded as the MCP server and Hermes do (it keeps a spare copy of a
  large ``.md``, storage/spare.py)
- ``hermes-protocol``: Hermes' memory-tool protocol written from its description, without Hermes:
  ``flock(MEMORY.md.lock)``, read, split on ``"\\n§\\n"``, append, temp + fsync + rename, unlock
- ``vim`` / ``in-place``: an editor that reads the file, appends a hand note and saves it with no lock,
  either as a new file renamed over the old one (vim's default) or by rewriting the same file
- ``reader``: loads the home in a fresh store again and again until the file ``COUNT`` exists;
  prints ``load-failed`` on any error
- ``timed-store``: a long-lived store (index warmed before ``ready``) adding until the file ``COUNT``
  exists; prints ``stats<TAB>adds<TAB>max add wait<TAB>max lock hold``
- ``maintain``: one maintenance run; prints ``stats<TAB>seconds<TAB>max lock hold<TAB>deep-checked``

Each writer prints ``ready`` once set up and waits for a line on stdin, so all start together;
then it sleeps a random 0–4 ms between writes (an editor 0–30 ms: people save less often than
agents add), so the writers interleave.
"""

from __future__ import annotations

import fcntl
import os
import random
import sys
import tempfile
import time
from pathlib import Path

DELIMITER = "\n§\n"


def _pause(rng: random.Random, longest: float = 0.004) -> None:
    time.sleep(rng.uniform(0, longest))


def _ready() -> None:
    print("ready", flush=True)
    sys.stdin.readline()


def _ack(text: str) -> None:
    print(f"ok\t{time.time():.6f}\t{text}", flush=True)


def store_writer(home: Path, count: int, prefix: str, rng: random.Random, *, long_lived: bool = False) -> None:
    from dialectical_memory import MemoryStore

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk(prepare_adds=long_lived)  # long-lived: keeps a spare copy of a large .md (storage/spare.py)
    _warm(store)
    completed = _count_completed_spares() if long_lived else None
    _ready()
    for i in range(count):
        text = f"{prefix} {i}"
        store.add("memory", text, source_kind="observed")
        _ack(text)
        _pause(rng)
    if completed is not None:
        print(f"spares\t{completed[0]}", flush=True)


def _count_completed_spares() -> list[int]:
    """How many adds published their spare copy (a one-item list, counted as they happen)."""
    from dialectical_memory.store import memory_store

    completed, real = [0], memory_store.MemoryStore._completed_spare

    def counting(self, plan, spare, tail):
        path = real(self, plan, spare, tail)
        completed[0] += path is not None
        return path

    memory_store.MemoryStore._completed_spare = counting
    return completed


def _warm(store) -> None:
    """Import and compile the detector and open the index before ``ready``: otherwise the first add
    spends most of a second on that while a fast peer finishes all its writes alone."""
    store._read_state("memory").ensure_index()
    store.detector.compare("User drinks coffee", "User does not drink coffee")


def _entries(path: Path) -> list[str]:
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return [e.strip() for e in raw.split(DELIMITER) if e.strip()]


def _rename_into_place(path: Path, content: str, prefix: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(content)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


def hermes_protocol_writer(home: Path, count: int, prefix: str, rng: random.Random) -> None:
    path = home / "MEMORY.md"
    _ready()
    for i in range(count):
        text = f"{prefix} {i}"
        with open(path.with_suffix(".md.lock"), "a+", encoding="utf-8") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            entries = _entries(path)
            if text not in entries:
                entries.append(text)
            _rename_into_place(path, DELIMITER.join(entries), ".mem_")
            fcntl.flock(lock, fcntl.LOCK_UN)
        _ack(text)
        _pause(rng)


def editor(home: Path, count: int, prefix: str, rng: random.Random, style: str) -> None:
    path = home / "MEMORY.md"
    _ready()
    for i in range(count):
        text = f"{prefix} {i}"
        content = DELIMITER.join(_entries(path) + [text])
        if style == "vim":
            _rename_into_place(path, content, ".MEMORY.md.swp")
        else:
            with open(path, "r+" if path.exists() else "w", encoding="utf-8") as handle:
                handle.write(content)
                handle.truncate()
        _ack(text)
        _pause(rng, 0.03)


def reader(home: Path, stop: Path) -> None:
    from dialectical_memory import MemoryStore

    _ready()
    loads = 0
    while not stop.exists():
        try:
            MemoryStore(home, memory_char_limit=0, user_char_limit=0).entries("memory")
            loads += 1
            time.sleep(0.05)
        except Exception as error:  # the test counts these: a load must never fail
            print(f"load-failed\t{type(error).__name__}: {error}", flush=True)
    print(f"loads\t{loads}", flush=True)


def timed_store(home: Path, stop: Path, prefix: str, rng: random.Random) -> None:
    from dialectical_memory import MemoryStore

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.add("memory", f"{prefix} warm-up")  # builds the candidate index before the clock starts
    store.max_lock_hold_seconds = 0.0
    _ready()
    waits, i = [], 0
    while not stop.exists():
        text = f"{prefix} {i}"
        started = time.perf_counter()
        store.add("memory", text)
        waits.append(time.perf_counter() - started)
        i += 1
        time.sleep(rng.uniform(0.01, 0.03))
    print(f"stats\t{len(waits)}\t{max(waits):.3f}\t{store.max_lock_hold_seconds:.3f}", flush=True)


def maintain(home: Path) -> None:
    from dialectical_memory import MemoryStore

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.entries("memory")
    _ready()
    started = time.perf_counter()
    report = store.run_maintenance("memory")
    elapsed = time.perf_counter() - started
    checked = len(store.entries("memory")) - report["deep_check_pending"]
    print(f"stats\t{elapsed:.1f}\t{store.max_lock_hold_seconds:.3f}\t{checked}", flush=True)


def main() -> None:
    kind, home = sys.argv[1], Path(sys.argv[2])
    count = int(sys.argv[3]) if sys.argv[3].isdigit() else 0
    prefix = sys.argv[4] if len(sys.argv) > 4 else ""
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 7)
    if kind in ("store", "long-lived-store"):
        store_writer(home, count, prefix, rng, long_lived=kind == "long-lived-store")
    elif kind == "hermes-protocol":
        hermes_protocol_writer(home, count, prefix, rng)
    elif kind in ("vim", "in-place"):
        editor(home, count, prefix, rng, kind)
    elif kind == "reader":
        reader(home, Path(sys.argv[3]))
    elif kind == "timed-store":
        timed_store(home, Path(sys.argv[3]), prefix, rng)
    elif kind == "maintain":
        maintain(home)
    else:
        raise SystemExit(f"unknown kind {kind!r}")


if __name__ == "__main__":
    main()
