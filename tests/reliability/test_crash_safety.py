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
from dialectical_memory.hermes_format import loads
from dialectical_memory.storage import TargetPaths

WRITER = Path(__file__).with_name("crash_writer.py")
pytestmark = pytest.mark.slow


def _run_and_kill(home: Path, start: int, rng: random.Random) -> list[list[str]]:
    process = subprocess.Popen(
        [sys.executable, str(WRITER), str(home), str(start)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    time.sleep(rng.uniform(0.4, 1.2))
    os.kill(process.pid, signal.SIGKILL)
    stdout, stderr = process.communicate(timeout=10)
    assert process.returncode == -signal.SIGKILL, stderr
    return [line.split("\t") for line in stdout.splitlines() if line.count("\t") >= 1]


def _expected_after(acks: list[list[str]], present: set[str], removed: set[str]) -> None:
    for ack in acks:
        if ack[0] == "add":
            present.add(ack[1])
        elif ack[0] == "replace":
            present.discard(ack[1])
            present.add(ack[2])
        elif ack[0] == "remove":
            present.discard(ack[1])
            removed.add(ack[1])


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
        acks = _run_and_kill(home, 10_000 * (round_number + 1), rng)
        assert acks, "the writer acknowledged nothing before it was killed; lengthen the window"
        _expected_after(acks, present, removed)

        reader = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
        reader.load_from_disk()
        active = {e.text for e in reader.entries("memory")}
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
