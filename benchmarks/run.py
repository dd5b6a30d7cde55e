"""Benchmarks at 100, 1,000 and 10,000 entries: `make bench` (or `python benchmarks/run.py`).

Each size runs in its own process (so peak RSS is that size's) on a temporary home built by
:mod:`benchmarks.corpus`. Writes are compared with the disk's floor measured in the same run: one
small write + fsync + rename of a file in the same folder, sampled right before every timed write.
Prints a table and writes JSON to
``benchmarks/results/latest.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import CITIES, build_target  # noqa: E402
from dialectical_memory import MemoryStore  # noqa: E402

SIZES = (100, 1_000, 10_000)
WRITE_OPS = ("add", "add_conflict", "replace", "remove")
TARGETS_MS = {"load": 100.0, "maintenance": 200.0, "page_tiers": 50.0, "page_graph": 50.0, "page_reverify": 50.0}


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": statistics.median(ordered) * 1000, "p95_ms": p95 * 1000, "n": len(ordered)}


def _time(fn: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


def floor_sample(folder: Path) -> float:
    """One small write + fsync + rename in the same folder: what any durable write must pay."""
    start = time.perf_counter()
    tmp = folder / ".floor.tmp"
    with open(tmp, "wb") as handle:
        handle.write(b"x" * 100)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, folder / "floor.txt")
    return time.perf_counter() - start


def _time_writes(fn: Callable[[], object], repeat: int, folder: Path, floor: list[float]) -> list[float]:
    """Time a write, taking a floor sample right before each one: disk noise hits both alike."""
    samples = []
    for _ in range(repeat):
        floor.append(floor_sample(folder))
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


def _fresh_store(home: Path) -> MemoryStore:
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    return store


def bench_size(size: int, repeat: int) -> dict:
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix=f"dmem-bench-{size}-") as tmp:
        home = Path(tmp) / "home"
        now = time.time()
        roles = build_target(home, "memory", size, now)
        build_target(home, "user", max(10, size // 10), now, seed=11)
        floor: list[float] = []
        results["load"] = _stats(_time(lambda: _fresh_store(home), repeat))

        store = _fresh_store(home)
        store.add("memory", "Warm-up entry that builds the candidate index")
        counter = iter(range(10**9))
        results["add"] = _stats(_time_writes(lambda: store.add("memory", f"User started a new hobby number {next(counter)} today"), repeat, home, floor))

        conflicts = []

        def add_conflict():
            n = next(counter)
            result = store.add("memory", f"User lives in {CITIES[n % len(CITIES)]} (profile {n % max(1, size // 50)})")
            conflicts.append(bool(result.contradictions))

        results["add_conflict"] = _stats(_time_writes(add_conflict, repeat, home, floor))
        results["add_conflict"]["detected"] = sum(conflicts)

        plain = iter(roles["plain"])

        def replace():
            entry = store.get_entry("memory", next(plain))
            store.replace("memory", entry.text, entry.text + " (edited)")

        def remove():
            entry = store.get_entry("memory", next(plain))
            store.remove("memory", entry.text)

        results["replace"] = _stats(_time_writes(replace, repeat, home, floor))
        results["remove"] = _stats(_time_writes(remove, repeat, home, floor))
        results["floor"] = _stats(floor)

        first = time.perf_counter()
        store.run_maintenance("memory")
        results["maintenance_first"] = {"median_ms": (time.perf_counter() - first) * 1000, "p95_ms": None, "n": 1}
        results["maintenance"] = _stats(_time(lambda: store.run_maintenance("memory"), repeat))
        results["system_prompt"] = _stats(_time(lambda: store.format_for_system_prompt("memory", mode="surface"), repeat))
        results.update(_bench_pages(home, repeat))
    results["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return results


def _bench_pages(home: Path, repeat: int) -> dict[str, dict]:
    """Dashboard pages through the app (server time, no network)."""
    try:
        from dialectical_memory.web import create_app
    except ImportError:
        return {}
    app = create_app({"MEMORY_HOME": str(home), "TESTING": False})
    client = app.test_client()
    pages = {"page_tiers": "/memory/entries/", "page_graph": "/memory/contradictions/", "page_reverify": "/memory/reverify/"}
    out = {}
    for name, url in pages.items():
        status = client.get(url, headers={"Host": "127.0.0.1:5000"}).status_code
        if status != 200:
            raise SystemExit(f"{url} answered {status}")
        out[name] = _stats(_time(lambda: client.get(url, headers={"Host": "127.0.0.1:5000"}), repeat))
    return out


# ---------------------------------------------------------------- report

ROWS = [
    ("floor", "disk floor (write+fsync+rename)"),
    ("load", "cold load_from_disk"),
    ("add", "add (no conflict)"),
    ("add_conflict", "add (with conflict)"),
    ("replace", "replace"),
    ("remove", "remove"),
    ("maintenance_first", "run_maintenance (first run)"),
    ("maintenance", "run_maintenance (steady)"),
    ("system_prompt", "format_for_system_prompt"),
    ("page_tiers", "page: tiers"),
    ("page_graph", "page: contradiction graph"),
    ("page_reverify", "page: re-verify queue"),
]


def _fmt(value) -> str:
    return "—" if value is None else f"{value:8.2f}"


def render(all_results: dict[int, dict]) -> str:
    sizes = sorted(all_results)
    lines = []
    header = f"{'operation':<32}" + "".join(f"{'n=' + format(s, ','):>22}" for s in sizes)
    header += f"{'growth 1k→10k':>15}{'× floor @max':>14}{'target':>10}"
    lines.append(header)
    lines.append(f"{'':<32}" + "".join(f"{'median / p95 ms':>22}" for _ in sizes))
    lines.append("-" * len(header))
    biggest = sizes[-1]
    for key, label in ROWS:
        if key not in all_results[biggest]:
            continue
        row = f"{label:<32}"
        for size in sizes:
            cell = all_results[size].get(key, {})
            row += f"{_fmt(cell.get('median_ms'))} / {_fmt(cell.get('p95_ms'))}".rjust(22)
        growth = "—"
        if 1000 in all_results and 10000 in all_results:
            small, large = all_results[1000][key]["median_ms"], all_results[10000][key]["median_ms"]
            growth = f"{large / small:.1f}×" if small else "—"
        ratio = "—"
        if key in WRITE_OPS:
            ratio = f"{all_results[biggest][key]['median_ms'] / all_results[biggest]['floor']['median_ms']:.1f}×"
        target = f"≤{TARGETS_MS[key]:.0f}ms" if key in TARGETS_MS else ("≤10× fl" if key == "add" else "")
        lines.append(f"{row}{growth:>15}{ratio:>14}{target:>10}")
    lines.append(f"{'peak RSS (MB)':<32}" + "".join(f"{all_results[s]['peak_rss_mb']:>22.0f}" for s in sizes))
    detected = [all_results[s]["add_conflict"].get("detected") for s in sizes]
    lines.append(f"conflicting adds whose contradiction was detected: {detected} (of {all_results[biggest]['add_conflict']['n']} each)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=lambda s: [int(x) for x in s.split(",")], default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "latest.json")
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(bench_size(args.one, args.repeat)))
        return 0
    all_results = {}
    for size in args.sizes:
        print(f"… {size:,} entries", file=sys.stderr, flush=True)
        output = subprocess.run(
            [sys.executable, __file__, "--one", str(size), "--repeat", str(args.repeat)],
            check=True, capture_output=True, text=True,
        ).stdout  # fmt: skip
        all_results[size] = json.loads(output.strip().splitlines()[-1])
    print(render(all_results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"sizes": all_results, "generated_at": time.time()}, indent=2))
    print(f"\nJSON: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
