"""Instructions per add on a small home, counted by valgrind's callgrind: a measure that a shared,
loaded machine does not blur (there, wall and CPU time of one add vary by ±50 % between runs).

    python benchmarks/instructions.py --size 20 --corpus tidy
    python benchmarks/instructions.py --size 100 --corpus shared

The same process runs twice under callgrind: the home built, loaded and warmed up, then ``--few``
or ``--many`` cycles of an add and the untimed remove of its text (the home stays at its size, as
in ``run.py``'s small-home bench). The difference of the two counts over the extra cycles is what
one cycle costs, set-up and interpreter start left out. Takes minutes (valgrind runs Python ~50×
slower).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NOW = 1_790_000_000.0  # a fixed clock: the same notes and ages in both runs


def cycles(size: int, corpus: str, count: int) -> None:
    """The measured process: ``count`` add + remove cycles on a warmed-up home of ``size`` entries."""
    from benchmarks.shared_words import warmed_small_store

    store, note = warmed_small_store(size, corpus, NOW, "dmem-instructions-")
    for serial in range(1, count + 1):
        store.add("memory", note(serial))
        store.remove("memory", note(serial))


def counted(size: int, corpus: str, count: int) -> int:
    """Instructions of one run of :func:`cycles` under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/callgrind.out", sys.executable, __file__,
             "--cycles", str(count), "--size", str(size), "--corpus", corpus],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
    found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--corpus", choices=("tidy", "shared"), default="tidy")
    parser.add_argument("--few", type=int, default=5)
    parser.add_argument("--many", type=int, default=25)
    parser.add_argument("--cycles", type=int, help=argparse.SUPPRESS)  # the measured process
    args = parser.parse_args()
    if args.cycles is not None:
        cycles(args.size, args.corpus, args.cycles)
        return
    few, many = counted(args.size, args.corpus, args.few), counted(args.size, args.corpus, args.many)
    per_cycle = (many - few) / (args.many - args.few)
    print(f"{args.size} entries, {args.corpus}: {per_cycle / 1e6:.2f} M instructions per add and its remove "
          f"({few:,} and {many:,} for {args.few} and {args.many} cycles)")


if __name__ == "__main__":
    main()
