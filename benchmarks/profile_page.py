"""Every page the dashboard's navigation links, on the bench's 10,000-entry home after its first
maintenance (as ``make bench`` shows them): server time (median of 11, no network) and HTML size.

    python benchmarks/profile_page.py                       # the table
    python benchmarks/profile_page.py /memory/contradictions/   # and a cProfile of one page
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import CITIES, build_grown, build_target  # noqa: E402

# The sections of templates/_nav.html (the endpoint of each link)
NAV_ENDPOINTS = (
    "overview.show", "entries.tiers", "contradictions.graph", "verification.queue", "promotions.pending",
    "patterns.proposals", "archive.archived", "archive.history", "transfer.page",
)  # fmt: skip
PAGE_LIMIT_MS = 50
PAGE_LIMIT_KIB = 200
HOST = {"Host": "127.0.0.1:5000"}


def nav_urls(app) -> dict[str, str]:
    """Endpoint → URL of each navigation link, for the memory target."""
    from flask import url_for

    with app.test_request_context("/memory/", headers=HOST):
        from flask import g

        g.target = "memory"
        return {endpoint: url_for(endpoint, target="memory") for endpoint in NAV_ENDPOINTS}


def bench_nav_pages(home: Path, repeat: int = 11) -> dict[str, dict]:
    """Each navigation page: median and p95 ms over ``repeat`` requests, and its HTML in KiB."""
    from dialectical_memory.web import create_app

    app = create_app({"MEMORY_HOME": str(home), "TESTING": False})
    client = app.test_client()
    out = {}
    for endpoint, url in nav_urls(app).items():
        response = client.get(url, headers=HOST)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")
        samples, cpu = [], []
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            client.get(url, headers=HOST)
            samples.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        samples.sort()
        out[endpoint] = {
            "url": url,
            "median_ms": statistics.median(samples) * 1000,
            "cpu_ms": statistics.median(cpu) * 1000,
            "p95_ms": samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))] * 1000,
            "n": len(samples),
            "html_kib": len(response.data) / 1024,
        }
    return out


def render_nav_pages(pages: dict[str, dict], size: int) -> str:
    lines = [f"navigation pages at n={size:,} (server time, median of {next(iter(pages.values()))['n']}: wall and the process's CPU; HTML size)"]
    for endpoint, row in pages.items():
        ok = row["median_ms"] <= PAGE_LIMIT_MS and row["html_kib"] <= PAGE_LIMIT_KIB
        lines.append(f"  {'PASS' if ok else 'FAIL':<5}{row['url']:<34}{row['median_ms']:>9.1f} ms{row['cpu_ms']:>9.1f} ms CPU{row['html_kib']:>9.0f} KiB")
    return "\n".join(lines)


def build_home(size: int, grown: bool = False, conflicts: int = 21) -> Path:
    """The bench's home of ``size`` entries (tidy, or ``grown``) as run.py leaves it before its
    pages: ``conflicts`` adds of where the user lives (run.py's ``add_conflict``), then the first
    maintenance, which finds the rest of them (~2,500 open contradictions at 10,000, one group)."""
    from dialectical_memory import MemoryStore

    home = Path(tempfile.mkdtemp(prefix="dmem-pages-")) / "home"
    (build_grown if grown else build_target)(home, "memory", size, time.time())
    build_target(home, "user", max(10, size // 10), time.time(), seed=11)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    for n in range(conflicts):
        store.add("memory", f"User lives in {CITIES[n % len(CITIES)]} (profile {n % max(1, size // 50)})")
    store.run_maintenance("memory")
    return home


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", help="profile this page")
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--grown", action="store_true", help="the grown home (see corpus.build_grown)")
    parser.add_argument("--home", type=Path, help="a home built before (its path is printed) instead of a new one")
    args = parser.parse_args(argv)
    home = args.home or build_home(args.size, args.grown)
    print(f"home: {home}")
    print(render_nav_pages(bench_nav_pages(home, args.repeat), args.size))
    if args.url:
        from dialectical_memory.web import create_app

        client = create_app({"MEMORY_HOME": str(home), "TESTING": False}).test_client()
        client.get(args.url, headers=HOST)
        profile = cProfile.Profile()
        profile.runcall(client.get, args.url, headers=HOST)
        pstats.Stats(profile).sort_stats("cumtime").print_stats(40)
    return 0


if __name__ == "__main__":
    sys.exit(main())
