"""System calls per add on a small home, counted by ``strace -f`` (a count, which load does not blur):

    python benchmarks/syscalls.py --size 20 --corpus shared
    python benchmarks/syscalls.py --size 10000 --corpus tidy --adds 10   # journal mode (> 200 entries)

The home is built and warmed up as in ``instructions.py`` (the index built, the detector's tables
read), then ``--adds`` cycles of an add and the remove of its text run under ``strace``. A ``stat``
of a marker path that cannot exist is made before each add and each remove, so the calls of each
are counted apart, the fsync worker threads' included. Prints the calls per add and per remove,
by name.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NOW = 1_790_000_000.0
MARK = "/dmem-syscalls-mark-"  # a path stat'ed between operations: the trace's separators


def _mark(what: str) -> None:
    try:
        os.stat(MARK + what)
    except OSError:
        pass


def cycles(size: int, corpus: str, count: int) -> None:
    """The traced process: ``count`` add + remove cycles on a warmed-up home of ``size`` entries."""
    from benchmarks.shared_words import warmed_small_store

    store, note = warmed_small_store(size, corpus, NOW, "dmem-syscalls-")
    for serial in range(1, count + 1):
        _mark("add")
        store.add("memory", note(serial))
        _mark("remove")
        store.remove("memory", note(serial))
    _mark("end")


def counted(trace: str) -> dict[str, Counter]:
    """Calls by name between the markers of each operation, summed over its occurrences."""
    calls: dict[str, Counter] = {"add": Counter(), "remove": Counter()}
    runs: Counter = Counter()
    operation = None
    for line in trace.splitlines():
        marker = re.search(re.escape(MARK) + r"(add|remove|end)", line)
        if marker:
            operation = None if marker.group(1) == "end" else marker.group(1)
            runs[operation] += 1
            continue
        name = re.match(r"(?:\[pid\s+\d+\]\s+|\d+\s+)?(\w+)\(", line)
        if operation is not None and name:
            calls[operation][name.group(1)] += 1
    return {operation: Counter({name: n / runs[operation] for name, n in c.items()}) for operation, c in calls.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--corpus", choices=("tidy", "shared"), default="tidy")
    parser.add_argument("--adds", type=int, default=20)
    parser.add_argument("--cycles", type=int, help=argparse.SUPPRESS)  # the traced process
    args = parser.parse_args()
    if args.cycles is not None:
        cycles(args.size, args.corpus, args.cycles)
        return
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["strace", "-f", "-o", f"{tmp}/trace", sys.executable, __file__, "--cycles", str(args.adds),
                        "--size", str(args.size), "--corpus", args.corpus], check=True)  # fmt: skip
        per_operation = counted(Path(f"{tmp}/trace").read_text())
    for operation, calls in per_operation.items():
        print(f"{args.size} entries, {args.corpus}: {sum(calls.values()):.1f} system calls per {operation}: "
              + ", ".join(f"{name} {n:.1f}" for name, n in calls.most_common()))


if __name__ == "__main__":
    main()
