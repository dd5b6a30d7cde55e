"""The same-fact matcher on every labelled pair, offline: how many ``same`` pairs it recognises at
each threshold, against how many distinct ones it absorbs.

    python benchmarks/life/restatement_curve.py ../shared/data/life_dev [--tune 26,30,41] [--list] [--loco]

Each labelled pair of ``pairs.jsonl`` is given to :func:`restatement.compare` (``a`` the earlier
text, ``b`` the later, ``days_apart`` from their dates), the sure score threshold swept. A pair is
recognised when ``compare`` says ``SAME``. Reported for the tuning conversations and the held-out
ones apart: ``same`` recognised at the best threshold that absorbs at most 1 % of the distinct
pairs (every label but ``same``, ``elaborates`` and ``progress``, which are reported apart), at the
module's own threshold, and for the held-out conversations at the threshold the tuning ones chose
(the judge's set is other conversations: a variant should improve both halves). ``--loco``: leave one
conversation out, five times: the threshold tuned on four, the fifth counted at it; the five held-out
counts summed are the figure to quote. The add meets only
a note's nearest entries and the replay counts more (``benchmarks/life/replay.py``): this is the
matcher alone, to compare variants of it in seconds.

The data is research data: read from where it lies, never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.life.replay import session_time  # noqa: E402
from dialectical_memory.detection import restatement  # noqa: E402

DAY = 86400.0
MERGING = ("elaborates", "progress")
MOST_DISTINCT = 0.01  # the bound on distinct pairs absorbed
THRESHOLDS = [round(0.30 + step * 0.01, 2) for step in range(71)]


def read_rows(folder: Path) -> list[dict]:
    with open(folder / "pairs.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def kind(label: str) -> str:
    return label if label == "same" or label in MERGING else "distinct"


def decide(rows: list[dict], threshold: float) -> list[bool]:
    """Whether ``compare`` says SAME for each row at the sure score ``threshold``."""
    kept = restatement.SURE_SCORE
    restatement.SURE_SCORE = threshold
    try:
        return [compare(row).sure for row in rows]
    finally:
        restatement.SURE_SCORE = kept


def compare(row: dict) -> restatement.Restatement:
    days = (session_time(row["b_date"]) - session_time(row["a_date"])) / DAY
    return restatement.compare(row["a"], row["b"], days_apart=days)


def curve(rows: list[dict]) -> list[tuple[float, Counter]]:
    """(threshold, recognised by kind) for every threshold."""
    points = []
    for threshold in THRESHOLDS:
        counts = Counter(kind(row["label"]) for row, sure in zip(rows, decide(rows, threshold)) if sure)
        points.append((threshold, counts))
    return points


def summary(rows: list[dict], name: str, chosen: float | None = None) -> dict:
    """A split's curve, its best threshold at ≤ 1 % distinct, and its counts at the module's
    threshold and at ``chosen`` (the threshold another split chose: the honest held-out figure)."""
    totals = Counter(kind(row["label"]) for row in rows)
    points = curve(rows)
    allowed = int(totals["distinct"] * MOST_DISTINCT)
    best_threshold, best = max(((t, c) for t, c in points if c["distinct"] <= allowed),
                               key=lambda point: (point[1]["same"], -point[1]["distinct"], -point[0]),
                               default=(None, Counter()))

    def at(threshold: float | None) -> dict:
        return dict(next((c for t, c in points if threshold is not None and t == round(threshold, 2)), Counter()))

    return {"split": name, "same": totals["same"], "distinct": totals["distinct"], "allowed": allowed,
            "best_threshold": best_threshold, "best": dict(best), "own": at(restatement.SURE_SCORE),
            "chosen_threshold": chosen, "chosen": at(chosen), "curve": points}


def show(result: dict) -> None:
    best, own, chosen = result["best"], result["own"], result["chosen"]
    line = (f"{result['split']:>14}: same {result['same']}, distinct {result['distinct']} (≤ {result['allowed']} allowed); "
            f"its best at ≤ 1 % distinct: threshold {result['best_threshold']} same {best.get('same', 0)} "
            f"distinct {best.get('distinct', 0)} merging {best.get('elaborates', 0) + best.get('progress', 0)}; "
            f"at {restatement.SURE_SCORE}: same {own.get('same', 0)} distinct {own.get('distinct', 0)}")
    if result["chosen_threshold"] is not None:
        line += (f"; at the tuned {result['chosen_threshold']}: same {chosen.get('same', 0)} "
                 f"distinct {chosen.get('distinct', 0)}")
    print(line)


def show_curve(result: dict) -> None:
    previous = None
    for threshold, counts in result["curve"]:
        point = (counts["same"], counts["distinct"])
        if point != previous:
            print(f"    {threshold:.2f}  same {counts['same']:3d}  distinct {counts['distinct']:3d}  "
                  f"merging {counts['elaborates'] + counts['progress']:3d}")
            previous = point


def listing(rows: list[dict]) -> None:
    """Every same pair with its decision, and every distinct pair the matcher absorbs."""
    for row in rows:
        found = compare(row)
        if row["label"] == "same" or (found.sure and kind(row["label"]) == "distinct"):
            mark = "SAME" if found.sure else found.sameness.value
            print(f"{row['id']} {row['label']:9} {mark:9} {found.score:.3f} {found.reason[:40]:40} | "
                  f"{row['a'][:70]} || {row['b'][:70]}")


def leave_one_out(rows: list[dict]) -> Counter:
    """Each conversation counted at the threshold the other four chose (their best at ≤ 1 %
    distinct), printed one by one; the held-out counts summed."""
    held = Counter()
    for conv in sorted({row["conv"] for row in rows}):
        tuned = summary([row for row in rows if row["conv"] != conv], "without " + conv)
        out = summary([row for row in rows if row["conv"] == conv], conv, chosen=tuned["best_threshold"])
        counts = Counter(out["chosen"])
        held.update(counts)
        held.update(same_labelled=out["same"], distinct_labelled=out["distinct"])
        print(f"  held out {conv}: threshold {tuned['best_threshold']} (tuned on the other four) same "
              f"{counts['same']} / {out['same']}, distinct {counts['distinct']} / {out['distinct']}")
    print(f"leave one out, summed: same {held['same']} / {held['same_labelled']}, distinct {held['distinct']} / "
          f"{held['distinct_labelled']}, merging {held['elaborates'] + held['progress']}")
    return held


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--tune", default="26,30,41", help="the conversations tuned on (the rest held out)")
    parser.add_argument("--curve", action="store_true", help="print each split's curve")
    parser.add_argument("--list", action="store_true", help="list same pairs and distinct pairs absorbed")
    parser.add_argument("--loco", action="store_true", help="leave one conversation out, five times")
    args = parser.parse_args(argv)
    rows = read_rows(args.folder)
    if args.loco:
        leave_one_out(rows)
        return 0
    tune = set(args.tune.split(","))
    tuned = summary([r for r in rows if r["conv"] in tune], "tune " + args.tune)
    held = summary([r for r in rows if r["conv"] not in tune], "held out", chosen=tuned["best_threshold"])
    for result in (tuned, held, summary(rows, "all")):
        show(result)
        if args.curve:
            show_curve(result)
    if args.list:
        listing(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
