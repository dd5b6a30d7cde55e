"""Benchmarks at 100, 1,000 and 10,000 entries: `make bench` (or `python benchmarks/run.py`); on
request, the large home of issue 47 (a ``MEMORY.md`` of 100,000 entries and nothing else:
``--scale 100000``, see :mod:`benchmarks.scale`), which takes minutes.

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
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402

from benchmarks.corpus import CITIES, build_grown, build_target  # noqa: E402
from benchmarks.installed import compile_package  # noqa: E402
from benchmarks.hermes_reference import RealHermes, hermes_add  # noqa: E402
from benchmarks.profile_page import NAV_ENDPOINTS, PAGE_LIMIT_KIB, PAGE_LIMIT_MS, bench_nav_pages  # noqa: E402
from benchmarks.shared_words import build_small_home  # noqa: E402
from dialectical_memory import MemoryStore, NotFoundError  # noqa: E402
from dialectical_memory.storage import hermes_format
from dialectical_memory.store import warm_up  # noqa: E402
from dialectical_memory.store.loader import collector_paused  # noqa: E402
from dialectical_memory.storage.files import TargetPaths  # noqa: E402

SIZES = (100, 1_000, 10_000)
SMALL_SIZES = (20, 100, 1_000)  # Hermes' limits hold 15–25 entries; 100 and 1,000 beside them
HERMES_PYTHON = Path(os.environ.get("DMEM_HERMES_PYTHON") or ROOT / ".cache" / "hermes-agent-0.19.0" / "bin" / "python")
WRITE_OPS = ("add", "add_first", "add_first_warmed", "add_after_refused", "add_after_foreign", "hermes_add", "add_conflict", "replace", "remove")


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


def _read_and_parse(home: Path) -> None:
    """What any loader of a home must pay (both targets, as ``load_from_disk`` reads): read every
    byte, parse the JSON, split the ``.md``. With the cyclic collector paused, as the load pauses
    it: otherwise, late in a run, collections over everything the run keeps alive inflate the
    reference (to twice the load's time at 10,000 grown entries)."""
    with collector_paused():
        _read_and_parse_now(home)


def _read_and_parse_now(home: Path) -> None:
    for target in ("memory", "user"):
        paths = TargetPaths(home, target)
        hermes_format.loads(paths.md.read_bytes().decode("utf-8"))
        orjson.loads(paths.sidecar.read_bytes())
        for path in (paths.journal, paths.archive):
            if path.exists():
                for line in path.read_bytes().splitlines():
                    orjson.loads(line)


def _once(fn: Callable[[], object]) -> dict:
    start = time.perf_counter()
    fn()
    return {"median_ms": (time.perf_counter() - start) * 1000, "p95_ms": None, "n": 1}


# A one-shot process as a user's shell runs it: with the bytecode cache Python writes (pip compiles
# an installed package; a checkout writes __pycache__ on first import), even where the environment
# says not to write it, which would make every edited module compile from source in every run.
CLI_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cli_add(home: Path, text: str) -> None:
    """``dmem add`` in a new process, as a shell script or a hook would run it."""
    subprocess.run(
        [sys.executable, "-m", "dialectical_memory", "--home", str(home), "--memory-char-limit", "0", "add", text],
        check=True, capture_output=True, env=CLI_ENV,
    )  # fmt: skip


SHARED = ROOT.parent / "shared" / "data"  # the shared data sets, read where they lie beside the clone
PAIR_SETS = ((SHARED / "contradiction_dev.jsonl", None), (SHARED / "contradiction_broad.jsonl", "train"))


def bench_detector(repeat: int) -> dict:
    """The rule detector alone, per pair of the shared pair sets (dev, and the broad set's train split): ``cold`` analyses both texts
    (caches cleared: an entry the add path meets for the first time), ``warm`` only compares
    (analyses cached, as for the candidates of an add). Best of ``repeat`` runs (µs)."""
    import functools
    import gc

    from dialectical_memory.detection import RuleDetector

    rows = [row for path, split in PAIR_SETS for line in path.read_bytes().splitlines() if line.strip()
            for row in [orjson.loads(line)] if split is None or row.get("split") == split]
    detector = RuleDetector()
    caches = [
        value
        for module in list(sys.modules.values())
        if getattr(module, "__name__", "").startswith(("dialectical_memory.detection", "dialectical_memory.core.regex_cues"))
        for value in vars(module).values()
        if isinstance(value, functools._lru_cache_wrapper)
    ]

    def run() -> float:
        start = time.perf_counter()
        for row in rows:
            detector.compare(row["a"], row["b"])
        return (time.perf_counter() - start) / len(rows) * 1e6

    cold, warm = [], []
    gc.disable()
    try:
        for _ in range(repeat):
            for cache in caches:
                cache.cache_clear()
            cold.append(run())
            warm.append(run())
    finally:
        gc.enable()
    return {"pairs": len(rows), "cold_us": min(cold), "warm_us": min(warm)}


def bench_size(size: int, repeat: int, cli_repeat: int) -> dict:
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix=f"dmem-bench-{size}-") as tmp:
        home = Path(tmp) / "home"
        now = time.time()
        roles = build_target(home, "memory", size, now)
        build_target(home, "user", max(10, size // 10), now, seed=11)
        floor: list[float] = []
        counter = iter(range(10**9))
        # The corpus's sidecar holds every field of every entry and no safety version: the first load
        # scans the entries and rewrites it as a store writes it (what differs from the defaults,
        # 44 % of the bytes). The reference reads the files every timed load reads, not that one.
        _fresh_store(home)
        results["read_parse"] = _stats(_time(lambda: _read_and_parse(home), repeat))
        results["load"] = _stats(_time(lambda: _fresh_store(home), repeat))

        store = _fresh_store(home)
        results["index_build"] = _once(lambda: store.add("memory", "Warm-up entry that builds the candidate index"))
        os.sync()  # the corpus and the index file just written must not be flushed by the timed writes' fsyncs
        results["add"] = _stats(_time_writes(lambda: store.add("memory", f"User started a new hobby number {next(counter)} today"), repeat, home, floor))
        results.update(_bench_first_adds(home, store, counter, repeat, floor))

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
        _cli_add(home, f"User tried a new cafe number {next(counter)}")  # warm: writes the bytecode cache
        results["cli_add"] = _stats(_time(lambda: _cli_add(home, f"User tried a new cafe number {next(counter)}"), cli_repeat))
        results["hermes_add"] = _bench_hermes(home, Path(tmp) / "hermes", counter, repeat, floor)
        results["floor"] = _stats(floor)

        results["maintenance_first"] = _once(lambda: store.run_maintenance("memory"))
        results["maintenance"] = _stats(_time(lambda: store.run_maintenance("memory"), repeat))
        results["load_maintained"] = _stats(_time(lambda: _fresh_store(home), repeat))  # its flags, promotions, journal
        results["system_prompt"] = _stats(_time(lambda: store.format_for_system_prompt("memory", mode="surface"), repeat))
        results.update(_bench_pages(home, repeat))
        results.update({f"nav_{endpoint}": row for endpoint, row in bench_nav_pages(home, max(11, repeat // 2)).items()})
        results.update(_bench_grown(Path(tmp) / "grown", size, repeat, counter))
    results["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return results


def _bench_first_adds(home: Path, store: MemoryStore, counter, repeat: int, floor: list[float]) -> dict[str, dict]:
    """The setups people run: a store just loaded, a store after a refused call, two stores on one
    home taking turns (the agent and the dashboard)."""
    out = {}
    samples = []
    for _ in range(repeat):
        fresh = _fresh_store(home)
        floor.append(floor_sample(home))
        start = time.perf_counter()
        fresh.add("memory", f"User planted a tree number {next(counter)}")
        samples.append(time.perf_counter() - start)
    out["add_first"] = _stats(samples)
    samples = []
    for _ in range(repeat):  # as the MCP server and the Hermes provider load: a warm-up, done before the agent writes
        fresh = _fresh_store(home)
        fresh.warm_up()
        warm_up.wait()
        floor.append(floor_sample(home))
        start = time.perf_counter()
        fresh.add("memory", f"User planted a tree number {next(counter)}")
        samples.append(time.perf_counter() - start)
    out["add_first_warmed"] = _stats(samples)

    def refused_then_add():
        try:
            store.remove("memory", "text that no entry contains")
        except NotFoundError:
            pass
        floor.append(floor_sample(home))
        start = time.perf_counter()
        store.add("memory", f"User painted a wall number {next(counter)}")
        return time.perf_counter() - start

    out["add_after_refused"] = _stats([refused_then_add() for _ in range(repeat)])
    other = _fresh_store(home)
    other.add("memory", "Warm-up entry of the second store")

    def foreign_then_add():
        other.add("memory", f"User fixed a bike number {next(counter)}")
        floor.append(floor_sample(home))
        start = time.perf_counter()
        store.add("memory", f"User baked bread number {next(counter)}")
        return time.perf_counter() - start

    out["add_after_foreign"] = _stats([foreign_then_add() for _ in range(repeat)])
    return out


def _bench_hermes(home: Path, folder: Path, counter, repeat: int, floor: list[float]) -> dict:
    """Hermes' own whole-file add on a copy of the same ``.md`` (see hermes_reference.py)."""
    folder.mkdir()
    path = folder / "MEMORY.md"
    shutil.copyfile(TargetPaths(home, "memory").md, path)
    return _stats(_time_writes(lambda: hermes_add(path, f"User started a new hobby number {next(counter)} today"), repeat, folder, floor))


def _bench_grown(home: Path, size: int, repeat: int, counter) -> dict[str, dict]:
    """The same operations on a home grown over time (see corpus.build_grown)."""
    grown = build_grown(home, "memory", size, time.time())
    build_target(home, "user", max(10, size // 10), time.time(), seed=11)
    first = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    out = {"grown_load_first": _once(first.load_from_disk)}  # adopts the hand-appended chunks
    out["grown_load_first_hold"] = {"median_ms": first.max_lock_hold_seconds * 1000, "p95_ms": None, "n": 1}
    out["grown_read_parse"] = _stats(_time(lambda: _read_and_parse(home), repeat))
    out["grown_load"] = _stats(_time(lambda: _fresh_store(home), repeat))
    store = _fresh_store(home)
    out["grown_index_build"] = _once(lambda: store.add("memory", "Warm-up entry that builds the candidate index"))
    out["grown_add"] = _stats(_time(lambda: store.add("memory", f"User started a new hobby number {next(counter)} today"), repeat))
    samples = []
    for _ in range(repeat):
        fresh = _fresh_store(home)
        start = time.perf_counter()
        fresh.add("memory", f"User planted a tree number {next(counter)}")
        samples.append(time.perf_counter() - start)
    out["grown_add_first"] = _stats(samples)
    store.max_lock_hold_seconds = 0.0
    out["grown_maintenance_first"] = _once(lambda: store.run_maintenance("memory"))
    out["grown_maintenance_hold"] = {"median_ms": store.max_lock_hold_seconds * 1000, "p95_ms": None, "n": 1}
    out["grown_maintenance"] = _stats(_time(lambda: store.run_maintenance("memory"), repeat))
    edge_id = grown["open_edges"][len(grown["open_edges"]) // 2]
    pages = _bench_pages(home, repeat, {"grown_page_graph": "/memory/contradictions/", "grown_page_edge": f"/memory/contradictions/edges/{edge_id}"})
    out.update(pages)
    return out


def _bench_pages(home: Path, repeat: int, pages: dict[str, str] | None = None) -> dict[str, dict]:
    """Dashboard pages through the app (server time, no network), with the size of the HTML."""
    try:
        from dialectical_memory.web import create_app
    except ImportError:
        return {}
    app = create_app({"MEMORY_HOME": str(home), "TESTING": False})
    client = app.test_client()
    pages = pages or {"page_tiers": "/memory/entries/", "page_graph": "/memory/contradictions/", "page_reverify": "/memory/reverify/"}
    out = {}
    for name, url in pages.items():
        response = client.get(url, headers={"Host": "127.0.0.1:5000"})
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")
        out[name] = _stats(_time(lambda: client.get(url, headers={"Host": "127.0.0.1:5000"}), repeat))
        out[name]["html_kib"] = len(response.data) / 1024
    return out


# ---------------------------------------------------------------- the small home, beside Hermes


class _FsyncCounter:
    """Counts ``os.fsync`` calls while active (every fsync of the store goes through it)."""

    def __init__(self):
        self.calls = 0
        self._real = os.fsync

    def __enter__(self):
        def counting(fd):
            self.calls += 1
            self._real(fd)

        os.fsync = counting
        return self

    def __exit__(self, *exc):
        os.fsync = self._real


CORPORA = ("tidy", "shared")  # corpus.build_target's notes; shared_words.build_shared's (every note shares words)


@contextmanager
def fsync_off(off: bool):
    """``os.fsync`` a no-op while active (``off``): what is left of an add once the fsyncs are equal."""
    real = os.fsync
    if off:
        os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = real


def bench_small(size: int, rounds: int, per_round: int, corpus: str = "tidy", fsync: bool = True) -> dict:
    """Our add and hermes-agent 0.19.0's own ``MemoryStore.add`` on copies of one home of ``size``
    entries (``corpus``: tidy, or ``shared``: notes that share their words, so every add meets a full
    set of candidates), in sibling folders of one temporary folder, taking turns round by round (disk
    noise hits both alike). Each add is followed by an untimed remove of its text, so the home stays
    at its size. Also the fsyncs per add of each, and the disk floor sampled before every add.
    ``fsync=False`` makes every fsync of both a no-op: the work left once those are equal."""
    if not HERMES_PYTHON.is_file():
        raise SystemExit(f"the hermes-agent venv is missing at {HERMES_PYTHON} (make hermes, or set DMEM_HERMES_PYTHON)")
    with tempfile.TemporaryDirectory(prefix=f"dmem-small-{size}-") as tmp:
        home = Path(tmp) / "ours"
        note = build_small_home(home, size, corpus, time.time())
        hermes_home = Path(tmp) / "hermes"
        (hermes_home / "memories").mkdir(parents=True)
        for name in ("MEMORY.md", "USER.md"):
            shutil.copyfile(home / name, hermes_home / "memories" / name)
        os.sync()
        store = _fresh_store(home)
        for warm_up in ("Warm-up entry that builds the candidate index", note(0)):  # and reads the home's notes, as an agent's store has
            store.add("memory", warm_up)
            store.remove("memory", warm_up)
        hermes = RealHermes(HERMES_PYTHON, hermes_home, fsync=fsync)
        ours, theirs, floor, ours_cpu, theirs_cpu = [], [], [], [], []
        serial = 0
        try:
            hermes.adds(per_round, "Warm-up note of hermes")  # its imports and first reads
            for _ in range(rounds):
                for _ in range(per_round):
                    serial += 1
                    text = note(serial)
                    floor.append(floor_sample(home))
                    with fsync_off(not fsync):
                        start, start_cpu = time.perf_counter(), time.process_time()
                        result = store.add("memory", text)
                        ours.append(time.perf_counter() - start)
                        ours_cpu.append(time.process_time() - start_cpu)
                    if result.reinforced:
                        raise SystemExit(f"the timed add was read as a fact said again: {text}")
                    store.remove("memory", text)
                samples, hermes_fsyncs, cpu = hermes.adds(per_round, "User started a new hobby numbered")
                theirs.extend(samples)
                theirs_cpu.extend(cpu)
            with _FsyncCounter() as counter:
                for _ in range(per_round):
                    serial += 1
                    store.add("memory", note(serial))
            fsyncs = counter.calls / per_round
        finally:
            hermes.close()
        results = {"add": _stats(ours), "hermes": _stats(theirs), "floor": _stats(floor),
                   "add_cpu": _stats(ours_cpu), "hermes_cpu": _stats(theirs_cpu)}
        results["fsyncs"] = {"ours": fsyncs, "hermes": hermes_fsyncs}
        if size == SMALL_SIZES[0] and corpus == "tidy" and fsync:
            results.update(_bench_cli_small(home, rounds))
    return results


def _dmem() -> list[str]:
    script = Path(sys.executable).with_name("dmem")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "dialectical_memory"]


def _bench_cli_small(home: Path, repeat: int) -> dict[str, dict]:
    """One-shot processes as a shell or a hook runs them: the package's import, `dmem --help`,
    `dmem list` on this home."""
    def run(args: list[str]) -> Callable[[], object]:
        subprocess.run(args, check=True, capture_output=True, env=CLI_ENV)  # warm: writes the bytecode cache
        return lambda: subprocess.run(args, check=True, capture_output=True, env=CLI_ENV)

    return {
        "python": _stats(_time(run([sys.executable, "-c", "pass"]), repeat)),
        "import": _stats(_time(run([sys.executable, "-c", "import dialectical_memory"]), repeat)),
        "cli_help": _stats(_time(run(_dmem() + ["--help"]), repeat)),
        "cli_list": _stats(_time(run(_dmem() + ["--home", str(home), "list"]), repeat)),
    }


SMALL_VARIANTS = tuple((corpus, fsync) for fsync in (True, False) for corpus in CORPORA)


def _variant(corpus: str, fsync: bool) -> str:
    return corpus if fsync else f"{corpus}, no fsync"


def render_small(small: dict[int, dict]) -> str:
    """``small``: size → variant (see :func:`_variant`) → :func:`bench_small`'s results."""
    lines = ["small home: our add beside hermes-agent 0.19.0's own MemoryStore.add (same folder, same run, turns;",
             "'no fsync': every fsync of both a no-op, what is left once those are equal; CPU: each process's CPU",
             "time per add, median, which a loaded machine inflates far less than the wall time)"]
    lines.append(f"{'entries':>8}  {'corpus':<18}{'ours median / p95 ms':>24}{'Hermes median / p95 ms':>26}{'ours ÷ Hermes':>15}"
                 f"{'fsyncs/add ours, Hermes':>26}{'floor ms':>10}{'CPU ms ours, Hermes':>22}{'CPU ÷':>8}")
    for size in sorted(small):
        for variant, r in small[size].items():
            ratio = r["add"]["median_ms"] / r["hermes"]["median_ms"]
            lines.append(
                f"{size:>8,}  {variant:<18}{_fmt(r['add']['median_ms']) + ' / ' + _fmt(r['add']['p95_ms']):>24}"
                f"{_fmt(r['hermes']['median_ms']) + ' / ' + _fmt(r['hermes']['p95_ms']):>26}{ratio:>14.2f}×"
                f"{r['fsyncs']['ours']:>18.1f}, {r['fsyncs']['hermes']:.1f}{_fmt(r['floor']['median_ms']):>12}"
                f"{r['add_cpu']['median_ms']:>14.2f}, {r['hermes_cpu']['median_ms']:.2f}"
                f"{r['add_cpu']['median_ms'] / r['hermes_cpu']['median_ms']:>7.1f}×"
            )
    first = small.get(SMALL_SIZES[0], {}).get("tidy", {})
    if "cli_help" in first:
        lines.append("")
        lines.append(f"one-shot processes (median / p95 ms, {first['cli_help']['n']} runs):")
        for key, label in (("python", "python -c pass (the interpreter alone)"), ("import", "python -c 'import dialectical_memory'"),
                           ("cli_help", "dmem --help"), ("cli_list", f"dmem list ({SMALL_SIZES[0]}-entry home)")):
            lines.append(f"  {label:<44}{_fmt(first[key]['median_ms'])} / {_fmt(first[key]['p95_ms'])}")
    return "\n".join(lines)


def small_targets(small: dict[int, dict]) -> list[tuple[str, str, bool | None]]:
    """Issue 46's targets for the small home (≤ 3× Hermes' own add at 20 and 100 entries, on both
    corpora) and issue 26's for the one-shot commands."""
    out = []
    for size in (20, 100):
        for corpus in CORPORA:
            r = small.get(size, {}).get(corpus)
            if r:
                ratio = r["add"]["median_ms"] / r["hermes"]["median_ms"]
                out.append((f"add ≤ 3× Hermes' own add (n={size}, {corpus})", f"{ratio:.2f}×", ratio <= 3))
    r = small.get(SMALL_SIZES[0], {}).get("tidy", {})
    for key, limit in (("cli_help", 150), ("cli_list", 150)):
        if key in r:
            out.append((f"{key.replace('cli_', 'dmem ')} ≤ {limit} ms", f"{r[key]['median_ms']:.0f} ms", r[key]["median_ms"] <= limit))
    return out


# ---------------------------------------------------------------- report

ROWS = [
    ("floor", "disk floor (write+fsync+rename)"),
    ("read_parse", "read + parse the files (reference)"),
    ("load", "cold load_from_disk"),
    ("index_build", "first add, no index file (once)"),
    ("add", "add (no conflict)"),
    ("add_first", "first add after load"),
    ("add_first_warmed", "first add after load + warm-up"),
    ("add_after_refused", "add after a refused call"),
    ("add_after_foreign", "add after another store wrote"),
    ("cli_add", "one-shot `dmem add` (process)"),
    ("hermes_add", "Hermes-style whole-file add"),
    ("add_conflict", "add (with conflict)"),
    ("replace", "replace"),
    ("remove", "remove"),
    ("maintenance_first", "run_maintenance (first run)"),
    ("maintenance", "run_maintenance (steady)"),
    ("load_maintained", "cold load after maintenance"),
    ("system_prompt", "format_for_system_prompt"),
    ("page_tiers", "page: tiers"),
    ("page_graph", "page: contradictions"),
    ("page_reverify", "page: re-verify queue"),
    ("grown_load_first", "grown: first load (reconcile)"),
    ("grown_load_first_hold", "grown: longest lock hold, first load"),
    ("grown_read_parse", "grown: read + parse (reference)"),
    ("grown_load", "grown: cold load"),
    ("grown_index_build", "grown: first add, no index file"),
    ("grown_add", "grown: add"),
    ("grown_add_first", "grown: first add after load"),
    ("grown_maintenance_first", "grown: maintenance (first run)"),
    ("grown_maintenance", "grown: maintenance (steady)"),
    ("grown_maintenance_hold", "grown: longest lock hold, first run"),
    ("grown_page_graph", "grown: page: contradictions"),
    ("grown_page_edge", "grown: page: one contradiction"),
]


def _median(results: dict, key: str) -> float | None:
    return results.get(key, {}).get("median_ms")


def _ratio(results: dict, key: str, reference: str) -> float | None:
    value, base = _median(results, key), _median(results, reference)
    return value / base if value is not None and base else None


def targets(all_results: dict[int, dict]) -> list[tuple[str, str, bool | None]]:
    """Issue 8's targets: (what, measured, passed); None when the row was not measured."""
    out: list[tuple[str, str, bool | None]] = []
    big = max(all_results)
    r = all_results[big]

    def at_most(what: str, value: float | None, limit: float, unit: str) -> None:
        shown = "—" if value is None else (f"{value:.1f} {unit}" if unit == "ms" else f"{value:.2f}×")
        out.append((what, shown, None if value is None else value <= limit))

    at_most(f"add ≤ 10× fsync floor (n={big:,})", _ratio(r, "add", "floor"), 10, "×")
    at_most(f"first add after load ≤ 10× steady add (n={big:,})", _ratio(r, "add_first", "add"), 10, "×")
    at_most(f"add after a refused call ≤ 2× steady add (n={big:,})", _ratio(r, "add_after_refused", "add"), 2, "×")
    at_most(f"add after another store wrote ≤ 10× steady add (n={big:,})", _ratio(r, "add_after_foreign", "add"), 10, "×")
    at_most(f"one-shot CLI add ≤ 300 ms (n={big:,}; issue 46)", _median(r, "cli_add"), 300, "ms")
    at_most(f"cold load ≤ 100 ms, tidy after its maintenance (n={big:,})", _median(r, "load_maintained"), 100, "ms")
    for prefix, label in (("", "tidy"), ("grown_", "grown")):
        at_most(f"cold load ≤ 100 ms, {label} (n={big:,})", _median(r, f"{prefix}load"), 100, "ms")
        at_most(f"cold load ≤ 3× read+parse, {label} (n={big:,})", _ratio(r, f"{prefix}load", f"{prefix}read_parse"), 3, "×")
        at_most(f"maintenance ≤ 200 ms, {label} (n={big:,})", _median(r, f"{prefix}maintenance"), 200, "ms")
    at_most(f"maintenance lock hold ≤ 200 ms, grown first run (n={big:,}; issue 7)", _median(r, "grown_maintenance_hold"), 200, "ms")
    for key in ("page_tiers", "page_graph", "page_reverify", "grown_page_graph", "grown_page_edge"):
        at_most(f"{key} ≤ 50 ms (n={big:,})", _median(r, key), 50, "ms")
    for endpoint in NAV_ENDPOINTS:  # issue 46: every page the navigation links, median of 11 and its HTML
        row = r.get(f"nav_{endpoint}", {})
        at_most(f"nav page {row.get('url', endpoint)} CPU ≤ {PAGE_LIMIT_MS} ms (n={big:,}; not slowed by other work)", row.get("cpu_ms"), PAGE_LIMIT_MS, "ms")
        at_most(f"nav page {row.get('url', endpoint)} ≤ {PAGE_LIMIT_MS} ms (n={big:,})", row.get("median_ms"), PAGE_LIMIT_MS, "ms")
        kib = row.get("html_kib")
        out.append((f"nav page {row.get('url', endpoint)} HTML ≤ {PAGE_LIMIT_KIB} KiB (n={big:,})", "—" if kib is None else f"{kib:.0f} KiB",
                    None if kib is None else kib <= PAGE_LIMIT_KIB))
    html = r.get("grown_page_graph", {}).get("html_kib")
    out.append((f"grown contradictions page HTML ≤ 150 KiB (n={big:,})", "—" if html is None else f"{html:.0f} KiB", None if html is None else html <= 150))
    for size in (100, 1_000):
        if size in all_results:
            at_most(f"add ≤ 1.5× Hermes-style add (n={size:,})", _ratio(all_results[size], "add", "hermes_add"), 1.5, "×")
    if 1_000 in all_results and 10_000 in all_results:
        small, large = all_results[1_000], all_results[10_000]
        for key, limit, what in (("add", 2, "flat (≤ 2×)"), ("load", 10, "at most linear (≤ 10×)"), ("maintenance", 10, "at most linear (≤ 10×)")):
            growth = _ratio({"a": large.get(key, {}), "b": small.get(key, {})}, "a", "b")
            at_most(f"growth 1k → 10k: {key} {what}", growth, limit, "×")
    return out


def _fmt(value) -> str:
    return "—" if value is None else f"{value:8.2f}"


def render(all_results: dict[int, dict]) -> str:
    sizes = sorted(all_results)
    lines = []
    header = f"{'operation':<36}" + "".join(f"{'n=' + format(s, ','):>22}" for s in sizes)
    header += f"{'growth 1k→10k':>15}{'× floor @max':>14}"
    lines.append(header)
    lines.append(f"{'':<36}" + "".join(f"{'median / p95 ms':>22}" for _ in sizes))
    lines.append("-" * len(header))
    biggest = sizes[-1]
    for key, label in ROWS:
        if key not in all_results[biggest]:
            continue
        row = f"{label:<36}"
        for size in sizes:
            cell = all_results[size].get(key, {})
            row += f"{_fmt(cell.get('median_ms'))} / {_fmt(cell.get('p95_ms'))}".rjust(22)
        growth = "—"
        if 1000 in all_results and 10000 in all_results:
            small, large = _median(all_results[1000], key), _median(all_results[10000], key)
            growth = f"{large / small:.1f}×" if small and large is not None else "—"
        ratio = "—"
        if key in WRITE_OPS:
            ratio = f"{_ratio(all_results[biggest], key, 'floor'):.1f}×"
        lines.append(f"{row}{growth:>15}{ratio:>14}")
    lines.append(f"{'peak RSS (MB)':<36}" + "".join(f"{all_results[s]['peak_rss_mb']:>22.0f}" for s in sizes))
    html = [all_results[s].get(k, {}).get("html_kib") for s in sizes for k in ("page_graph", "grown_page_graph")]
    lines.append("contradictions page HTML KiB (tidy, grown) per size: " + ", ".join("—" if h is None else f"{h:.0f}" for h in html))
    detected = [all_results[s]["add_conflict"].get("detected") for s in sizes]
    lines.append(f"conflicting adds whose contradiction was detected: {detected} (of {all_results[biggest]['add_conflict']['n']} each)")
    lines.append("")
    lines.append("targets (issue 8; medians of one run, ratios measured in the same run):")
    for what, measured, passed in targets(all_results):
        verdict = "n/a" if passed is None else ("PASS" if passed else "FAIL")
        lines.append(f"  {verdict:<5}{what:<62}{measured:>12}")
    return "\n".join(lines)


def size_list(text: str) -> list[int]:
    """``--sizes 1000,10000`` read as [1000, 10000]."""
    return [int(x) for x in text.split(",") if x.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=size_list, default=list(SIZES))
    parser.add_argument("--small-sizes", type=size_list, default=list(SMALL_SIZES), help="small-home sizes beside the real Hermes ('' for none)")
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--rounds", type=int, default=9, help="small home: turns of ours and Hermes' adds")
    parser.add_argument("--cli-repeat", type=int, default=7, help="one-shot `dmem add` processes per size")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--small", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--corpus", choices=CORPORA, default="tidy", help=argparse.SUPPRESS)
    parser.add_argument("--no-fsync", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--scale", type=size_list, default=[], help="large MEMORY.md-only homes to measure too, e.g. 100000 (minutes each)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "latest.json")
    args = parser.parse_args(argv)
    if args.small:
        print(json.dumps(bench_small(args.small, args.rounds, 5, args.corpus, not args.no_fsync)))
        return 0
    if args.one == -1:
        print(json.dumps(bench_detector(args.repeat)))
        return 0
    if args.one:
        print(json.dumps(bench_size(args.one, args.repeat, args.cli_repeat)))
        return 0

    compile_package(ROOT)

    def child(*extra: str) -> dict:
        output = subprocess.run([sys.executable, __file__, *extra], check=True, capture_output=True, text=True).stdout
        return json.loads(output.strip().splitlines()[-1])

    small = {}
    for size in args.small_sizes:
        print(f"… small home, {size:,} entries, beside Hermes", file=sys.stderr, flush=True)
        small[size] = {
            _variant(corpus, fsync): child("--small", str(size), "--rounds", str(args.rounds), "--corpus", corpus,
                                           *(() if fsync else ("--no-fsync",)))
            for corpus, fsync in SMALL_VARIANTS
        }
    if small:
        print(render_small(small))
        for what, measured, passed in small_targets(small):
            lines = f"  {'PASS' if passed else 'FAIL':<5}{what:<62}{measured:>12}"
            print(lines)
        print()
    all_results = {}
    for size in args.sizes:
        print(f"… {size:,} entries", file=sys.stderr, flush=True)
        all_results[size] = child("--one", str(size), "--repeat", str(args.repeat), "--cli-repeat", str(args.cli_repeat))
    if all_results:
        print(render(all_results))
    scale = {}
    if args.scale:
        from benchmarks import scale as large

        for size in args.scale:
            print(f"… large home, {size:,} entries", file=sys.stderr, flush=True)
            scale[size] = large.bench(size, max(5, args.repeat // 2))
        print()
        print(large.render(scale))
    detector = child("--one", "-1", "--repeat", str(max(3, args.repeat // 3)))
    print(f"\nrule detector per pair ({detector['pairs']} bundled pairs, best of runs): "
          f"{detector['cold_us']:.0f} µs with both texts analysed, {detector['warm_us']:.0f} µs compare only")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"small": small, "sizes": all_results, "scale": scale, "detector": detector,
                                    "generated_at": time.time()}, indent=2))
    print(f"\nJSON: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
