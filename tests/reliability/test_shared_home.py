"""One memory home, several writers at once: a long-lived store, Hermes (its protocol and the real
package), editors. Every acknowledged write must survive: active, archived, or (for text a person
replaced) in the history — and writes by Hermes must stay active (never archived)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.storage.hermes_format import loads
from dialectical_memory.storage.files import TargetPaths

WORKERS = Path(__file__).with_name("shared_home_workers.py")
pytestmark = pytest.mark.slow
WRITES = 120
SEEDED = 220  # entries: a home large enough that a long-lived store keeps a spare copy of its .md


def _start(*args: str, python: str = sys.executable, env: dict | None = None) -> subprocess.Popen:
    """A worker, set up and waiting for :func:`_go`."""
    process = subprocess.Popen(
        [python, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    line = process.stdout.readline()
    assert line == "ready\n", line + process.stderr.read()[-3000:]
    return process


def _go(*processes: subprocess.Popen) -> None:
    for process in processes:
        process.stdin.write("go\n")
        process.stdin.flush()
    for process in processes:
        process.stdin.close()
        process.stdin = None  # communicate() must not touch it again


def _acknowledged(process: subprocess.Popen, timeout: float = 300, counted: str | None = None):
    """The writes a worker acknowledged (time, text); with ``counted``, also the number it printed
    on its ``counted<TAB>N`` line."""
    stdout, stderr = process.communicate(timeout=timeout)
    assert process.returncode == 0, stderr[-3000:]
    acks, count = [], None
    for line in stdout.splitlines():
        if line.startswith("ok\t"):
            _ok, at, text = line.split("\t", 2)
            acks.append((float(at), text))
        elif counted is not None and line.startswith(f"{counted}\t"):
            count = int(line.split("\t")[1])
    return acks if counted is None else (acks, count)


def _overlap(a: list[tuple[float, str]], b: list[tuple[float, str]]) -> float:
    """Seconds during which both writers were acknowledging writes."""
    return min(a[-1][0], b[-1][0]) - max(a[0][0], b[0][0])


def _everything_kept(home: Path) -> tuple[set[str], set[str], set[str]]:
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    active = {e.text for e in store.entries("memory")}
    archived = {e.text for e in store.archived("memory")}
    historic = set()
    for record in store.history("memory"):
        for side in ("before", "after"):
            if isinstance(record.get(side), dict):
                historic.add(record[side].get("text"))
    md = set(loads(TargetPaths(home, "memory").md.read_text(encoding="utf-8")))
    assert md == active, "the metadata must describe exactly the entries of the file"
    return active, archived, historic


def _race(home, hermes, store, label: str):
    """Release both writers, check both ran together, and return what each lost plus the archive."""
    _go(hermes, store)
    hermes_acks, store_acks = _acknowledged(hermes), _acknowledged(store)
    assert len(hermes_acks) == len(store_acks) == WRITES
    assert _overlap(hermes_acks, store_acks) > 0, "the two writers never ran at the same time"
    active, archived, _historic = _everything_kept(home)
    lost = {"hermes": [t for _, t in hermes_acks if t not in active], "store": [t for _, t in store_acks if t not in active]}
    print(f"\n{label} vs store, {WRITES}+{WRITES} writes: lost {len(lost['hermes'])} / {len(lost['store'])}")
    return lost, archived


def test_hermes_protocol_writer_and_store_lose_nothing_and_archive_nothing(tmp_path):
    home = tmp_path / "home"
    MemoryStore(home).add("memory", "seed entry written before the race")
    hermes = _start(str(WORKERS), "hermes-protocol", str(home), str(WRITES), "hermes note", "1")
    store = _start(str(WORKERS), "store", str(home), str(WRITES), "store note", "2")
    lost, archived = _race(home, hermes, store, "Hermes protocol")
    assert lost == {"hermes": [], "store": []}
    assert not archived, f"nothing was removed, yet the archive holds {sorted(archived)[:3]}"


HERMES_WRITER = textwrap.dedent(
    """
    import sys, time
    from tools.memory_tool import MemoryStore, get_memory_dir
    assert str(get_memory_dir()) == sys.argv[1], (get_memory_dir(), sys.argv[1])
    store = MemoryStore(memory_char_limit=10**9, user_char_limit=10**9)
    store.load_from_disk()
    print("ready", flush=True)
    sys.stdin.readline()
    for i in range(int(sys.argv[2])):
        text = f"{sys.argv[3]} {i}"
        result = store.add("memory", text)
        assert result["success"], result
        print(f"ok\\t{time.time():.6f}\\t{text}", flush=True)
        time.sleep((i * 7919 % 5) / 1000)
    """
)


def test_real_hermes_memory_tool_and_store_lose_nothing(tmp_path, hermes_python):
    import os

    hermes_home = tmp_path / "hermes"
    home = hermes_home / "memories"
    MemoryStore(home).add("memory", "seed entry written before the race")
    env = {**os.environ, "HERMES_HOME": str(hermes_home), "PYTHONPATH": ""}
    hermes = _start("-c", HERMES_WRITER, str(home), str(WRITES), "real hermes note", python=str(hermes_python), env=env)
    store = _start(str(WORKERS), "store", str(home), str(WRITES), "store note", "3")
    lost, archived = _race(home, hermes, store, "real Hermes 0.19.0")
    assert lost == {"hermes": [], "store": []}
    assert not archived


def test_real_hermes_memory_tool_and_a_store_adding_through_its_spare_copy_lose_nothing(tmp_path, hermes_python):
    """As the Hermes provider runs: a long-lived store keeping a copy of a large .md (storage/spare.py)
    beside hermes-agent 0.19.0's own memory tool, on one home."""
    import os

    hermes_home = tmp_path / "hermes"
    home = hermes_home / "memories"
    seeder = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    for number in range(SEEDED):
        seeder.add("memory", f"seed entry {number} written before the race")
    env = {**os.environ, "HERMES_HOME": str(hermes_home), "PYTHONPATH": ""}
    hermes = _start("-c", HERMES_WRITER, str(home), str(WRITES), "real hermes wrote item", python=str(hermes_python), env=env)
    store = _start(str(WORKERS), "long-lived-store", str(home), str(WRITES), "store note", "8")
    _go(hermes, store)
    hermes_acks, (store_acks, spares_used) = _acknowledged(hermes), _acknowledged(store, counted="spares")
    assert _overlap(hermes_acks, store_acks) > 0 and spares_used > 0
    active, archived, _historic = _everything_kept(home)
    assert [t for _, t in hermes_acks + store_acks if t not in active] == []
    assert not archived and not list(home.glob("MEMORY.md.late-save-*"))
    print(f"\nreal Hermes 0.19.0 vs a store keeping a spare copy: {spares_used} of {WRITES} adds through the copy, nothing lost")


@pytest.mark.parametrize("style", ["vim", "in-place"])
def test_editor_saves_racing_a_store_lose_no_hand_note_and_no_acknowledged_add(tmp_path, style):
    home = tmp_path / "home"
    MemoryStore(home).add("memory", "seed entry written before the race")
    editor = _start(str(WORKERS), style, str(home), str(WRITES), f"{style} hand note", "4")
    store = _start(str(WORKERS), "store", str(home), str(WRITES), "store note", "5")
    _go(editor, store)
    editor_acks, store_acks = _acknowledged(editor), _acknowledged(store)
    assert _overlap(editor_acks, store_acks) > 0, "the editor and the store never ran at the same time"
    active, archived, historic = _everything_kept(home)
    kept = active | archived | historic
    lost_notes = [t for _, t in editor_acks if t not in kept]
    lost_adds = [t for _, t in store_acks if t not in kept]
    print(
        f"\n{style} editor vs store, {WRITES}+{WRITES} writes: lost {len(lost_notes)} hand notes, "
        f"{len(lost_adds)} adds; archived {len(archived)} (an editor that saved a stale copy removed them)"
    )
    assert (lost_notes, lost_adds) == ([], [])


@pytest.mark.parametrize("peer", ["hermes-protocol", "in-place", "vim", "long-lived-store"])
def test_stores_adding_through_spare_copies_lose_nothing_to_any_writer(tmp_path, peer):
    """A long-lived store's add completes a copy of the .md and exchanges it in (storage/spare.py);
    racing Hermes, an editor saving either way, or another such store, every acknowledged write is
    kept, and the copies left hold exactly the file."""
    home = tmp_path / "home"
    seeder = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    for number in range(SEEDED):
        seeder.add("memory", f"seed entry {number} written before the race")
    other = _start(str(WORKERS), peer, str(home), str(WRITES), f"{peer} wrote item", "6")  # not a restatement of "store note N"
    store = _start(str(WORKERS), "long-lived-store", str(home), str(WRITES), "store note", "7")
    _go(other, store)
    other_acks, (store_acks, spares_used) = _acknowledged(other), _acknowledged(store, counted="spares")
    assert _overlap(other_acks, store_acks) > 0, "the two writers never ran at the same time"
    assert spares_used > 0, "no add published its spare copy: the race tested nothing new"
    active, archived, historic = _everything_kept(home)
    late = "".join(path.read_text(encoding="utf-8") for path in home.glob("MEMORY.md.late-save-*"))
    kept = active | archived | historic
    lost = [t for _, t in other_acks + store_acks if t not in kept and t not in late]
    print(f"\n{peer} vs a store keeping a spare copy: {spares_used} of {WRITES} adds through the copy; lost {len(lost)}; "
          f"late saves kept aside: {len(late) > 0}")
    assert lost == []
    if peer in ("hermes-protocol", "long-lived-store"):
        assert not archived and not late
    assert list(home.glob(".MEMORY.md.spare-*.tmp")) == [], "a process removes its copy when it ends"


def _stats(process: subprocess.Popen) -> tuple[list[str], list[str]]:
    stdout, stderr = process.communicate(timeout=900)
    assert process.returncode == 0, stderr[-3000:]
    lines = stdout.splitlines()
    stats = next(line.split("\t")[1:] for line in lines if line.startswith(("stats", "loads")))
    return stats, [line for line in lines if line.startswith("load-failed")]


def test_maintenance_on_a_large_hand_written_home_blocks_no_writer_and_no_reader(tmp_path):
    """10,000 entries with ``DMEM_MAINTENANCE_ENTRIES=10000`` (the issue's figure; minutes of setup
    on a busy 2-core machine: each process builds its candidate index); 1,000 by default."""
    import os
    import random

    size = int(os.environ.get("DMEM_MAINTENANCE_ENTRIES", "1000"))
    home, stop = tmp_path / "home", tmp_path / "stop"
    home.mkdir()
    rng = random.Random(10)
    topics = ["Rust", "Python", "the garden", "jazz", "围棋", "摄影", "烘焙", "跑步"]
    texts = [f"User note {n}: {rng.choice(topics)} on {rng.choice(['Mondays', 'weekends', '周末', '晚上'])}" for n in range(size)]
    (home / "MEMORY.md").write_text("\n§\n".join(texts), encoding="utf-8")
    MemoryStore(home, memory_char_limit=0, user_char_limit=0).entries("memory")  # adopt the hand-written entries
    maintainer = _start(str(WORKERS), "maintain", str(home), "0")
    writer = _start(str(WORKERS), "timed-store", str(home), str(stop), "agent note during maintenance", "11")
    reader = _start(str(WORKERS), "reader", str(home), str(stop))
    _go(maintainer, writer, reader)
    (seconds, maintenance_hold, checked), _ = _stats(maintainer)
    stop.touch()
    (adds, max_wait, writer_hold), _ = _stats(writer)
    (loads,), failed = _stats(reader)
    print(
        f"\nmaintenance at {size:,} entries: {seconds} s, deep-checked {checked}, max lock hold {maintenance_hold} s; "
        f"writer: {adds} adds, max add wait {max_wait} s, max lock hold {writer_hold} s; reader: {loads} loads, {len(failed)} failed"
    )
    assert int(checked) >= min(size, 1000)
    assert failed == []
    assert int(adds) >= 5
    if max(float(maintenance_hold), float(writer_hold), float(max_wait)) > 1.0:
        pytest.xfail(
            "known gap (RELIABILITY.md, limits): compacting the journal rewrites the whole sidecar "
            "under the locks, which on a busy machine holds them for more than 1 s"
        )
