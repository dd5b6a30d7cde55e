"""A sync killed with ``kill -9`` (the whole process group: git too) recovers on the next run."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from dialectical_memory.storage import hermes_format

from .test_two_devices import MARKERS, every_text

pytestmark = pytest.mark.slow


def start_sync(device, stall: str | None = None) -> subprocess.Popen:
    env = {**os.environ, "DMEM_SYNC_HOST": device.host}
    if stall:
        env["DMEM_SYNC_STALL"] = stall
    return subprocess.Popen(
        [sys.executable, "-m", "dialectical_memory", "--home", str(device.home),
         "--memory-char-limit", "0", "--user-char-limit", "0", "sync"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
    )  # fmt: skip


def kill_group(process: subprocess.Popen) -> bool:
    """SIGKILL the sync and every git it started; whether it was still running."""
    running = process.poll() is None
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.communicate()
    return running


def diverge(laptop, desktop, round_: int) -> set[str]:
    """Changes on both devices, incl. the same entry edited on both; the texts written."""
    texts = {f"Laptop note {round_}", f"Desktop note {round_}", f"笔记本电脑 {round_}"}
    laptop.store().add("memory", f"Laptop note {round_}")
    desktop.store().add("memory", f"Desktop note {round_}")
    desktop.store().add("user", f"笔记本电脑 {round_}")
    shared = f"Round {round_} entry"
    laptop.store().replace("memory", shared, f"{shared} (laptop)")
    desktop.store().replace("memory", shared, f"{shared} (desktop)")
    return texts | {f"{shared} (laptop)", f"{shared} (desktop)"}


def setup_pair(devices, remote):
    laptop, desktop = devices("laptop"), devices("desktop")
    for round_ in range(1, 5):
        laptop.store().add("memory", f"Round {round_} entry")
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    return laptop, desktop


def assert_converged(laptop, desktop, written: set[str]) -> None:
    laptop.dmem("sync")
    desktop.dmem("sync")
    laptop.dmem("sync")
    assert laptop.files() == desktop.files()
    for device in (laptop, desktop):
        for name, data in device.files().items():
            assert not any(marker in data for marker in MARKERS), name
        store = device.store()
        assert written <= every_text(store, "memory") | every_text(store, "user")
        for target in ("memory", "user"):
            md = device.home / f"{target.upper()}.md"
            texts = hermes_format.loads(md.read_text(encoding="utf-8")) if md.exists() else []
            assert set(texts) == {e.text for e in store.entries(target)}


@pytest.mark.parametrize("step", ["committed", "merging", "merged"])
def test_a_sync_killed_at_each_step_recovers_on_the_next_run(devices, remote, step):
    laptop, desktop = setup_pair(devices, remote)
    written = diverge(laptop, desktop, 1)
    laptop.dmem("sync")
    process = start_sync(desktop, stall=step)
    assert process.stdout.readline().strip() == f"dmem sync: stalled at {step}"
    kill_group(process)
    desktop.store()  # the home loads between the kill and the next sync
    out = desktop.dmem("sync")
    if step == "merging":
        assert "finished a merge that an interrupted sync had left uncommitted" in out
    assert_converged(laptop, desktop, written)
    conflicts = [e for e in desktop.store().get_contradictions("memory") if e["reason"] == "changed on two devices"]
    assert len(conflicts) == 1


def test_syncs_killed_at_random_moments_lose_nothing(devices, remote):
    laptop, desktop = setup_pair(devices, remote)
    rng = random.Random(13)
    written: set[str] = set()
    killed_midway = 0
    for round_ in range(1, 5):
        written |= diverge(laptop, desktop, round_)
        start = time.perf_counter()
        laptop.dmem("sync")
        # The kill lands within the time a whole sync takes on this machine (the desktop's also
        # merges, so it takes longer): a fixed delay would let a fast machine finish every sync first.
        process = start_sync(desktop)
        time.sleep(rng.uniform(0.1, 0.9) * (time.perf_counter() - start))
        killed_midway += kill_group(process)
        desktop.store()
        print(desktop.dmem("sync"))
    assert killed_midway >= 2
    assert_converged(laptop, desktop, written)
