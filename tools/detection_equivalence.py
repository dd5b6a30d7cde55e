"""Prove that a change to the detector changed no verdict it did not mean to.

    python tools/detection_equivalence.py dump /tmp/before.jsonl   # on the tree before the change
    python tools/detection_equivalence.py dump /tmp/after.jsonl    # on the tree after it
    python tools/detection_equivalence.py diff /tmp/before.jsonl /tmp/after.jsonl

`dump` runs the rule detector, under three PYTHONHASHSEED values (a set's order must never decide
a verdict), over every pair file both ways (tests/detection/pairs/*.jsonl and the shared
contradiction_dev / contradiction_broad files), and over every home (the test homes and the shared
home_dev.json): each probe against its candidates in the home, bound to the home's holders, and the
candidate index terms of every text. The same-fact matcher (`restatement.compare`) is asked of the
same pairs (its records end in ":same"). Each line of the dump is one record: where it came from, and
the verdict's label, kind, reason and reason data (or the index terms, or the matcher's sameness,
score, reason and fuller).

`diff` prints the records that differ between two dumps, grouped by what changed, and exits 1 when
any did. Keep the dumps outside the repository: the shared data must never be copied into it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
SEEDS = ("0", "1", "4242")
CANDIDATES = 64  # maintenance's deep check (evaluate.DEEP_CHECK_CANDIDATES)


def pair_files() -> list[Path]:
    files = sorted((REPO / "tests" / "detection" / "pairs").glob("*.jsonl"))
    return files + [path for path in (SHARED / "contradiction_dev.jsonl", SHARED / "contradiction_broad.jsonl")
                    if path.exists()]


def home_files() -> list[Path]:
    files = sorted((REPO / "tests" / "detection" / "homes").glob("*.json"))
    return files + [path for path in (SHARED / "home_dev.json",) if path.exists()]


def _verdict_record(verdict) -> dict:
    return {"label": verdict.label.value, "kind": verdict.kind, "reason": verdict.reason,
            "reason_data": verdict.reason_data}


def _restatement_record(earlier: str, later: str) -> dict:
    from dialectical_memory.detection.restatement import compare

    found = compare(earlier, later)
    return {"sameness": found.sameness.value, "score": found.score, "reason": found.reason, "fuller": found.fuller}


def _pair_records(detector):
    for path in pair_files():
        with open(path, encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
        for number, row in enumerate(rows, start=1):
            for direction, (a, b) in (("ab", (row["a"], row["b"])), ("ba", (row["b"], row["a"]))):
                yield {"where": f"{path.name}:{number}:{direction}", "a": a, "b": b,
                       **_verdict_record(detector.compare(a, b))}
                yield {"where": f"{path.name}:{number}:{direction}:same", "a": a, "b": b, **_restatement_record(a, b)}


def _home_records(rule_detector):
    from dialectical_memory.detection.index import CandidateIndex, index_terms

    for path in home_files():
        home = json.loads(path.read_text(encoding="utf-8"))
        entries = {entry["key"]: entry["text"] for target in ("memory", "user") for entry in home.get(target, [])}
        index = CandidateIndex()
        for key, text in entries.items():
            index.add(key, text)
        detector = rule_detector.in_home(index.holders())
        for key, text in entries.items():
            yield {"where": f"{path.name}:terms:{key}", "a": text, "terms": sorted(index_terms(text))}
        for probe in home.get("probes", []):
            yield {"where": f"{path.name}:terms:{probe['id']}", "a": probe["text"],
                   "terms": sorted(index_terms(probe["text"]))}
            for key in index.candidates(probe["text"], limit=CANDIDATES):
                yield {"where": f"{path.name}:{probe['id']}:{key}", "a": probe["text"], "b": entries[key],
                       **_verdict_record(detector.compare(probe["text"], entries[key]))}
                yield {"where": f"{path.name}:{probe['id']}:{key}:same", "a": entries[key], "b": probe["text"],
                       **_restatement_record(entries[key], probe["text"])}


def _pair_terms():
    from dialectical_memory.detection.index import index_terms

    seen: set[str] = set()
    for path in pair_files():
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                row = json.loads(line)
                for text in (row["a"], row["b"]):
                    if text not in seen:
                        seen.add(text)
                        yield {"where": f"terms:{len(seen)}", "a": text, "terms": sorted(index_terms(text))}


def worker(seed: str, out) -> None:
    """One seed's records, written as JSON lines (run in a process started with that seed)."""
    sys.path.insert(0, str(REPO))
    from dialectical_memory.detection.rules import RuleDetector

    detector = RuleDetector()
    for generator in (_pair_records(detector), _home_records(detector), _pair_terms()):
        for record in generator:
            out.write(json.dumps({"seed": seed, **record}, ensure_ascii=False, sort_keys=True) + "\n")


def dump(path: Path) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for seed in SEEDS:
            env = dict(os.environ, PYTHONHASHSEED=seed)
            result = subprocess.run([sys.executable, __file__, "worker", seed], env=env, cwd=REPO,
                                    capture_output=True, text=True, check=True)
            out.write(result.stdout)
    print(f"{path}: {sum(1 for _ in open(path, encoding='utf-8'))} records under seeds {', '.join(SEEDS)}")


def _load(path: Path) -> dict[tuple[str, str], dict]:
    with open(path, encoding="utf-8") as handle:
        return {(record["seed"], record["where"]): record for record in map(json.loads, handle)}


def _change(before: dict, after: dict) -> str:
    if "terms" in before or "terms" in after:
        return "index terms"
    if "sameness" in before or "sameness" in after:
        return "same-fact matcher"
    if before.get("label") != after.get("label"):
        return f"label {before.get('label')} -> {after.get('label')}"
    if before.get("kind") != after.get("kind") or before.get("reason") != after.get("reason"):
        return "kind or reason"
    old, new = before.get("reason_data") or {}, after.get("reason_data") or {}
    if all(key in new and new[key] == value for key, value in old.items()):
        return "reason data: only added " + ", ".join(sorted(set(new) - set(old)))
    return "reason data"


def diff(before_path: Path, after_path: Path, show: int) -> int:
    before, after = _load(before_path), _load(after_path)
    missing = sorted(set(before) - set(after))
    added = sorted(set(after) - set(before))
    changed = [(key, _change(before[key], after[key])) for key in sorted(set(before) & set(after))
               if before[key] != after[key]]
    print(f"records: {len(before)} before, {len(after)} after; {len(changed)} changed, "
          f"{len(missing)} only before, {len(added)} only after")
    for what, count in sorted(Counter(change for _key, change in changed).items()):
        print(f"  {count:6d}  {what}")
    seeds_apart = _seeds_apart(after)
    print(f"records that differ between seeds (after): {seeds_apart}")
    shown = Counter()
    for key, change in changed:
        if shown[change] < show:
            shown[change] += 1
            record = after[key]
            print(f"- [{change}] seed {key[0]} {key[1]}: {record.get('a')!r} / {record.get('b', '')!r}")
            for field in ("label", "kind", "reason", "reason_data", "terms", "sameness", "score", "fuller"):
                if before[key].get(field) != record.get(field):
                    print(f"    {field}: {before[key].get(field)!r}\n      -> {record.get(field)!r}")
    return 1 if changed or missing or added or seeds_apart else 0


def _seeds_apart(records: dict[tuple[str, str], dict]) -> int:
    by_where: dict[str, set[str]] = {}
    for (_seed, where), record in records.items():
        body = {key: value for key, value in record.items() if key != "seed"}
        by_where.setdefault(where, set()).add(json.dumps(body, sort_keys=True, ensure_ascii=False))
    return sum(1 for values in by_where.values() if len(values) > 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("dump").add_argument("out", type=Path)
    compare = commands.add_parser("diff")
    compare.add_argument("before", type=Path)
    compare.add_argument("after", type=Path)
    compare.add_argument("--show", type=int, default=5, help="examples shown of each change (default 5)")
    commands.add_parser("worker").add_argument("seed")
    args = parser.parse_args(argv)
    if args.command == "worker":
        worker(args.seed, sys.stdout)
        return 0
    if args.command == "dump":
        dump(args.out)
        return 0
    return diff(args.before, args.after, args.show)


if __name__ == "__main__":
    sys.exit(main())
