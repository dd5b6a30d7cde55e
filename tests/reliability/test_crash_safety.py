"""kill -9 a writer at random moments: after each kill the home loads and nothing acknowledged is lost."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.storage.hermes_format import loads
from dialectical_memory.storage.files import TargetPaths

WRITER = Path(__file__).with_name("crash_writer.py")
pytestmark = pytest.mark.slow


def _run_and_kill(home: Path, start: int, rng: random.Random) -> tuple[list[list[str]], list[str] | None]:
    """Acknowledged operations, and the one in flight when the writer died (if any)."""
    process = subprocess.Popen(
        [sys.executable, str(WRITER), str(home), str(start)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    started = []
    for line in process.stdout:  # wait for the first acknowledged write: start-up time varies
        started.append(line.rstrip("\n"))
        if line == "ok\n":
            break
    time.sleep(rng.uniform(0.0, 0.6))
    os.kill(process.pid, signal.SIGKILL)
    stdout = process.stdout.read()  # what the line iterator buffered, then the rest (communicate would skip it)
    stderr = process.stderr.read()
    process.wait(timeout=10)
    process.stdout.close()
    process.stderr.close()
    assert process.returncode == -signal.SIGKILL, stderr
    acknowledged, in_flight = [], None
    for line in started + stdout.splitlines():
        if line == "ok":
            acknowledged.append(in_flight)
            in_flight = None
        elif "\t" in line:
            in_flight = line.split("\t")
    return acknowledged, in_flight


def _apply(op: list[str], present: set[str], removed: set[str]) -> None:
    if op[0] == "add":
        present.add(op[1])
    elif op[0] == "replace":
        present.discard(op[1])
        present.add(op[2])
    elif op[0] == "remove":
        present.discard(op[1])
        removed.add(op[1])


def _settle_in_flight(op: list[str] | None, active: set[str], present: set[str], removed: set[str]) -> None:
    """An operation cut short by the kill may have taken effect or not; both are correct."""
    if op is None:
        return
    took_effect = {"add": op[1] in active, "replace": len(op) > 2 and op[2] in active,
                   "remove": op[1] not in active}[op[0]]  # fmt: skip
    if took_effect:
        _apply(op, present, removed)


@pytest.mark.parametrize("preload", [0, 260], ids=["small-store-sidecar", "large-store-journal"])
def test_kill_9_loses_no_acknowledged_write(tmp_path, preload):
    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    for i in range(preload):
        store.add("memory", f"background entry {i} about gardening and 园艺 {i}")
    rng = random.Random(preload + 1)
    present: set[str] = set()
    removed: set[str] = set()
    for round_number in range(6):
        acknowledged, in_flight = _run_and_kill(home, 10_000 * (round_number + 1), rng)
        assert acknowledged, "the writer acknowledged nothing before it was killed; lengthen the window"
        for op in acknowledged:
            _apply(op, present, removed)

        reader = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
        reader.load_from_disk()
        active = {e.text for e in reader.entries("memory")}
        _settle_in_flight(in_flight, active, present, removed)
        archived = {e.text for e in reader.archived("memory")}
        assert present <= active, f"acknowledged entries lost: {sorted(present - active)[:3]}"
        assert removed <= archived | active
        paths = TargetPaths(home, "memory")
        md_entries = loads(paths.md.read_text(encoding="utf-8"))
        assert set(md_entries) == active
        for entry in reader.entries("memory"):
            assert entry.meta.text == entry.text
        assert not list(home.glob(".*.tmp")), "leftover temp files were not cleaned under the lock"
        assert not [w for w in reader.warnings("memory") if "unreadable" in w and "sidecar" in w]
    writer_after = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    result = writer_after.add("memory", "a write after all the crashes still works")
    assert result.success


def test_the_temp_files_a_killed_writer_leaves_are_removed_at_the_next_write_and_no_one_elses(tmp_path):
    """What a writer killed mid-write leaves (its `.md`, sidecar, journal and candidate-index temp
    files) is removed under the locks by the next write; an editor's or Hermes' temp file is theirs."""
    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.add("memory", "User likes green tea")
    ours = [f".MEMORY.{name}.k1ll3d_x.tmp" for name in ("md", "meta.json", "meta.journal", "index")]
    theirs = [".MEMORY.md.swp.tmp", ".MEMORY.md.hermes-1234.tmp", ".USER.notes.abcdefgh.tmp"]
    for name in ours + theirs:
        (home / name).write_text("left behind", encoding="utf-8")
    MemoryStore(home, memory_char_limit=0, user_char_limit=0).add("memory", "User likes jazz")
    left = sorted(p.name for p in home.glob(".*.tmp"))
    assert left == sorted(theirs)
