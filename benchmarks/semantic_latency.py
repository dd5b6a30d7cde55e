"""Latency of one add at ~1,000 entries: the default rules vs SemanticDetector (the semantic extra).

    python benchmarks/semantic_latency.py [--size 1000] [--repeat 15]

Prints medians. The semantic detector is timed three ways: the first add on a home never embedded
(it embeds EMBED_BUDGET entries and stops), the one-off warm-up that embeds every entry into the
cache file, and adds on the warm home (one new embedding each, neighbours from the cache).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import TOPICS, build_target  # noqa: E402
from dialectical_memory import MemoryStore  # noqa: E402
from dialectical_memory.storage import hermes_format
from dialectical_memory.detection.semantic import EmbeddingCache, SemanticDetector  # noqa: E402
from dialectical_memory.storage.files import TargetPaths  # noqa: E402


def _store(home: Path, detector=None) -> MemoryStore:
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=detector)
    store.load_from_disk()
    return store


def _timed_adds(store: MemoryStore, repeat: int, label: str) -> list[float]:
    samples = []
    for n in range(repeat):
        text = f"User {label} started a course on {TOPICS[n % len(TOPICS)]} (week {n})"
        start = time.perf_counter()
        store.add("memory", text)
        samples.append(time.perf_counter() - start)
    return samples


def _warm_up(home: Path, detector: SemanticDetector) -> float:
    """Embed every entry into the cache file beside the sidecar; returns the seconds it took."""
    paths = TargetPaths(home, "memory")
    texts = hermes_format.loads(paths.md.read_text(encoding="utf-8"))
    start = time.perf_counter()
    detector.embeddings.of(texts)
    detector.embeddings.save(EmbeddingCache(home / f".{paths.stem}.embeddings.npz"), texts)
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        template = Path(folder) / "template"
        build_target(template, "memory", args.size, time.time())
        homes = {name: Path(folder) / name for name in ("rules", "cold", "warm")}
        for home in homes.values():
            shutil.copytree(template, home)
        rules = _timed_adds(_store(homes["rules"]), args.repeat, "rules")
        cold_detector = SemanticDetector()
        cold = _timed_adds(_store(homes["cold"], cold_detector), 1, "cold")
        warm_detector = SemanticDetector()
        warm_up = _warm_up(homes["warm"], warm_detector)
        warm = _timed_adds(_store(homes["warm"], warm_detector), args.repeat, "warm")
    median = lambda samples: f"{statistics.median(samples) * 1000:8.1f} ms"  # noqa: E731
    print(f"one add at {args.size} entries, median of {args.repeat}")
    print(f"  rules (default)                 {median(rules)}")
    print(f"  semantic, warm embedding cache  {median(warm)}")
    print(f"  semantic, first add, no cache   {median(cold)}  (embeds the new entry and 32 stored ones)")
    print(f"  semantic, one-off warm-up       {warm_up * 1000:8.1f} ms  (embeds all {args.size} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
