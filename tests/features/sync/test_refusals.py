"""A merge that cannot be done cleanly leaves the home as it was; a sync waits for Hermes' lock."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time

from dialectical_memory.adapters import cli


def test_a_merge_that_fails_leaves_the_home_as_it_was_and_writes_no_markers(devices, remote, capsys, monkeypatch):
    laptop, desktop = devices("laptop"), devices("desktop")
    laptop.store().add("memory", "Entry one")
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    laptop.store().add("memory", "Laptop addition")
    laptop.dmem("sync")
    # a hand edit that leaves bytes which are not UTF-8: the md driver refuses to guess
    (desktop.home / "MEMORY.md").write_bytes(b"Entry one\n\xc2\xa7\nbroken \xff byte")
    capsys.readouterr()
    monkeypatch.setenv("DMEM_SYNC_HOST", "desktop")
    code = cli.main(["--home", str(desktop.home), "sync"])
    err = capsys.readouterr().err
    assert code == 1 and "could not merge" in err and "MEMORY.md" in err
    assert (desktop.home / "MEMORY.md").read_bytes() == b"Entry one\n\xc2\xa7\nbroken \xff byte"
    git = ["git", "-C", str(desktop.home)]
    assert subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True).stdout == ""
    assert not (desktop.home / ".git" / "MERGE_HEAD").exists()
    assert b"<<<<<<<" not in (desktop.home / "MEMORY.md").read_bytes()


def test_sync_waits_for_hermes_lock(devices, remote):
    laptop = devices("laptop")
    laptop.store().add("memory", "Entry one")
    laptop.dmem("sync", "init", str(remote))
    laptop.store().add("memory", "Entry two")
    with open(laptop.home / "MEMORY.md.lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # what Hermes' memory tool holds while it writes
        process = subprocess.Popen(
            [sys.executable, "-m", "dialectical_memory", "--home", str(laptop.home), "sync"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "DMEM_SYNC_HOST": "laptop"},
        )  # fmt: skip
        time.sleep(2.0)
        assert process.poll() is None, process.communicate()
        head = subprocess.run(["git", "-C", str(laptop.home), "log", "-1", "--format=%s"], capture_output=True, text=True).stdout
        assert head.strip() == "dmem sync init from laptop"  # nothing committed while Hermes holds it
        fcntl.flock(handle, fcntl.LOCK_UN)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "pushed." in out
