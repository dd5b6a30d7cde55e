"""Where a small home's add spends its CPU, by layer (issue 46); ``--no-fsync``: once the fsyncs are equal.

    python benchmarks/profile_add.py                          # 20 and 100 entries, tidy and shared
    python benchmarks/profile_add.py --sizes 100 --corpus shared --no-fsync

Each home is the side-by-side bench's (:func:`benchmarks.shared_words.warmed_small_store`): its
adds are timed the same way (a new note, then an untimed remove, so the home stays at its size).
While an add runs, a timer on the process's CPU time (``ITIMER_PROF``: user and system, every
thread) interrupts it (every ``--interval`` ms, or the kernel's tick, ~4 ms, if longer), and the
stack it interrupted is put in a layer (see LAYERS): the screening of the text, the same-fact
matcher, the rules, reading the new text, the candidate index and the rest of the detector
(knowledge type, scripts), the files written, the store's own bookkeeping. A statistical profile: no function is slowed by being counted (cProfile inflates
code of many small calls several times, and that is most of the detector). A sample the kernel
takes while the add waits (an fsync's own CPU time, on a worker thread) lands where the add resumes.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.run import fsync_off  # noqa: E402
from benchmarks.shared_words import warmed_small_store  # noqa: E402

# (layer, the package's module paths that belong to it), in the order a sample is given to them: the
# first layer one of whose modules has a frame anywhere in the interrupted stack takes it (the text
# read for the matcher or the rules is theirs; the store's own frames count last)
LAYERS = (
    ("screening the text", ("store/screening.py", "core/safety.py")),
    ("same-fact matcher", ("detection/restatement.py",)),
    ("rules", ("detection/rules.py", "store/corroboration.py")),
    ("reading the new text", ("detection/analysis.py",)),
    ("candidate index, other detection", ("detection/",)),
    ("files written (commit)", ("storage/",)),
    ("store bookkeeping", ("store/", "core/")),
)
OTHER = "elsewhere (locks, threads, Python)"
PACKAGE = f"{os.sep}dialectical_memory{os.sep}"


def layer_of(frame) -> str:
    """The layer a sample belongs to (see LAYERS), from the stack it interrupted."""
    modules = []
    while frame is not None:
        path = frame.f_code.co_filename
        at = path.find(PACKAGE)
        if at >= 0:
            modules.append(path[at + len(PACKAGE):].replace(os.sep, "/"))
        frame = frame.f_back
    for layer, prefixes in LAYERS:
        if any(module.startswith(prefixes) for module in modules):
            return layer
    return OTHER


class Sampler:
    """Counts, by layer, where the process's CPU time is spent while :meth:`active` blocks run."""

    def __init__(self, interval_ms: float):
        self.interval = interval_ms / 1000
        self.samples: Counter[str] = Counter()
        self._on = False

    def _handle(self, _signum, frame) -> None:
        if self._on:
            self.samples[layer_of(frame)] += 1

    @contextmanager
    def installed(self):
        previous = signal.signal(signal.SIGPROF, self._handle)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)
        try:
            yield self
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
            signal.signal(signal.SIGPROF, previous)

    @contextmanager
    def active(self):
        self._on = True
        try:
            yield
        finally:
            self._on = False


def profile(size: int, corpus: str, adds: int, interval_ms: float, fsync: bool = True, first: int = 2001) -> dict:
    """Per add: wall and CPU ms (medians) and each layer's share of the CPU samples. ``first``: the
    serial of the first note added (a text read before, by another home of this process, would be
    read from the detector's memo)."""
    store, note = warmed_small_store(size, corpus, time.time(), f"dmem-profile-{size}-")
    sampler = Sampler(interval_ms)
    walls, cpus = [], []
    try:
        with sampler.installed(), fsync_off(not fsync):
            for serial in range(first, first + adds):
                text = note(serial)
                start, start_cpu = time.perf_counter(), time.process_time()
                with sampler.active():
                    store.add("memory", text)
                cpus.append(time.process_time() - start_cpu)
                walls.append(time.perf_counter() - start)
                store.remove("memory", text)
    finally:
        store.close()
    total = sum(sampler.samples.values())
    return {
        "wall_ms": sorted(walls)[len(walls) // 2] * 1000,
        "cpu_ms": sorted(cpus)[len(cpus) // 2] * 1000,
        "samples": total,
        "layers": {layer: count / total for layer, count in sampler.samples.most_common()},
    }


def render(results: dict[tuple[int, str], dict], fsync: bool) -> str:
    lines = [f"where a small home's add spends its CPU ({'fsync on' if fsync else 'no fsync'}; median per add, "
             "layers: share of the CPU samples, and that share of the median CPU)"]
    width = max(len(name) for name in (OTHER, *(layer for layer, _modules in LAYERS)))
    for (size, corpus), r in results.items():
        lines.append(f"\n{size} entries, {corpus}: wall {r['wall_ms']:.2f} ms, CPU {r['cpu_ms']:.2f} ms ({r['samples']} samples)")
        for layer, share in r["layers"].items():
            lines.append(f"  {layer:{width}s} {100 * share:5.1f} %  {share * r['cpu_ms']:5.2f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20,100", help="entries in the memory target, comma-separated")
    parser.add_argument("--corpus", default="tidy,shared", help="tidy, shared, or both")
    parser.add_argument("--adds", type=int, default=1000, help="timed adds per home")
    parser.add_argument("--interval", type=float, default=0.5, help="ms of CPU time between samples")
    parser.add_argument("--no-fsync", action="store_true", help="every fsync a no-op: the work left once those are equal")
    args = parser.parse_args(argv)
    results = {}
    homes = [(int(size), corpus) for size in args.sizes.split(",") if size for corpus in args.corpus.split(",") if corpus]
    for number, (size, corpus) in enumerate(homes):
        first = 2001 + number * (args.adds + 1000)  # new notes for every home
        results[(size, corpus)] = profile(size, corpus, args.adds, args.interval, fsync=not args.no_fsync, first=first)
    print(render(results, fsync=not args.no_fsync))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
