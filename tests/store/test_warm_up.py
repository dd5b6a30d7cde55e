"""The warm-up a long-lived process starts after its load (store/warm_up.py): the first add finds the
detector ready, nothing of a home is touched, and a fork waits for it."""

from __future__ import annotations

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
    store.load_from_disk()
    files = {p.name: p.stat().st_mtime_ns for p in home.iterdir()}
    if sys.argv[2] == "warm":
        warm_up.start()
        warm_up.wait()
    untouched = files == {p.name: p.stat().st_mtime_ns for p in home.iterdir()}
    before = set(sys.modules)
    store.add("memory", "User started learning the cello this spring")
    imported = sorted(m for m in set(sys.modules) - before if m.startswith("dialectical_memory"))
    print(json.dumps({"imported": imported, "untouched": untouched}))
""")


def _first_add(home: Path, mode: str) -> dict:
    done = subprocess.run([sys.executable, "-c", _FIRST_ADD, str(home), mode], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_first_add_after_the_warm_up_imports_no_detector_module(new_store, home):
    store = new_store()
    for text in ("User lives in Berlin", "User drinks tea every morning", "用户喜欢爬山"):
        store.add("memory", text)
    cold = _first_add(home, "cold")
    assert any(name.startswith("dialectical_memory.detection.") for name in cold["imported"])  # what the warm-up saves
    warm = _first_add(home, "warm")
    assert warm["imported"] == [], warm["imported"]
    assert warm["untouched"]  # no file of the home read-modified or written by the warm-up


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


def test_start_is_once_per_process():
    assert warm_up.start() is warm_up.start()
    warm_up.wait()
    assert not warm_up.start().is_alive()
