"""Score a detector on labelled pairs (JSONL rows with a, b, label, lang and a
`type` or `kind`; an optional `split` such as train/test)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from .base import Detector, Label

REQUIRED_KEYS = ("a", "b", "label", "lang")
_KIND_KEYS = ("type", "kind")  # the development file says `type`, the broad file `kind`
_POSITIVE = Label.CONTRADICTION.value


def load_pairs(path: str | Path) -> list[dict]:
    """Read labelled pairs; blank lines are skipped, a malformed line raises
    ValueError naming its line number."""
    rows: list[dict] = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                rows.append(_parse_row(line, number))
    return rows


def _parse_row(line: str, number: int) -> dict:
    try:
        row = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"line {number}: not valid JSON ({error.msg})") from error
    if not isinstance(row, dict):
        raise ValueError(f"line {number}: expected a JSON object")
    missing = [key for key in REQUIRED_KEYS if key not in row]
    if not any(key in row for key in _KIND_KEYS):
        missing.append("type (or kind)")
    if missing:
        raise ValueError(f"line {number}: missing keys {', '.join(missing)}")
    labels = {label.value for label in Label}
    if row["label"] not in labels:
        raise ValueError(f"line {number}: unknown label {row['label']!r}")
    return row


def pair_kind(row: dict) -> str:
    """The pair's kind, whichever key names it."""
    return str(row.get("type", row.get("kind", "")))


def evaluate(detector: Detector, rows: Iterable[dict]) -> dict:
    """Precision/recall/F1 of the "contradiction" class overall, per language,
    per pair kind and per split, 3-label accuracy, the false-alarm rate of each
    kind without contradictions, the candidate index's reach, and the failures (each with the
    verdict)."""
    rows = list(rows)
    scored = []
    for row in rows:
        verdict = detector.compare(row["a"], row["b"])
        scored.append((row, verdict.label.value, verdict))
    predictions = [(row, predicted) for row, predicted, _ in scored]
    return {
        "detector": getattr(detector, "name", type(detector).__name__),
        "overall": _scores(predictions),
        "by_lang": _grouped(predictions, lambda row: str(row["lang"])),
        "by_type": _grouped(predictions, pair_kind),
        "by_split": _grouped([p for p in predictions if "split" in p[0]], lambda row: str(row["split"])),
        "false_alarms": _false_alarms(predictions),
        "accuracy": _accuracy(predictions),
        "reach": index_reach(rows, {number for number, (_row, predicted, _verdict) in enumerate(scored)
                                    if predicted == _POSITIVE}),
        "failures": [_failure(row, predicted, verdict) for row, predicted, verdict in scored
                     if predicted != row["label"]],
    }


# The candidates a store compares: an add's fast check and maintenance's deep check
# (store.FAST_CHECK_CANDIDATES and maintenance.DEEP_CHECK_CANDIDATES; a test keeps them equal).
ADD_CANDIDATES, DEEP_CHECK_CANDIDATES = 24, 64


def index_reach(rows: list[dict], flagged: set[int], limit: int = ADD_CANDIDATES, deep_limit: int = DEEP_CHECK_CANDIDATES) -> dict:
    """How many contradictions a store would compare at all: every text of the file is indexed (a
    crowd denser in each topic than a real home), and the newer side (b) asks for its ``limit``
    candidates, as an add does, or ``deep_limit``, as maintenance does. ``detected_unreached``
    counts pairs the detector flags that an add would never compare."""
    from .index import CandidateIndex  # the rules and their tables load with the index, when used

    index = CandidateIndex()
    for number, row in enumerate(rows):
        index.add(f"{number}a", row["a"])
        index.add(f"{number}b", row["b"])
    positives = {number for number, row in enumerate(rows) if row["label"] == _POSITIVE}
    ranked = {number: index.candidates(rows[number]["b"], max(limit, deep_limit), exclude=f"{number}b") for number in positives}
    reached = {number for number in positives if f"{number}a" in ranked[number][:limit]}
    deep = {number for number in positives if f"{number}a" in ranked[number][:deep_limit]}
    return {"contradictions": len(positives), "reached": len(reached), "limit": limit,
            "reached_deep": len(deep), "deep_limit": deep_limit,
            "detected_unreached": len((positives & flagged) - reached)}


def _grouped(predictions: list[tuple[dict, str]], key) -> dict[str, dict]:
    groups: dict[str, list[tuple[dict, str]]] = {}
    for row, predicted in predictions:
        groups.setdefault(key(row), []).append((row, predicted))
    return {name: _scores(members) for name, members in sorted(groups.items())}


def _false_alarms(predictions: list[tuple[dict, str]]) -> dict[str, dict]:
    """For each kind with no contradictions in it: how many pairs were flagged."""
    groups: dict[str, list[str]] = {}
    for row, predicted in predictions:
        groups.setdefault(pair_kind(row), []).append(predicted if row["label"] != _POSITIVE else "")
    return {kind: {"fp": sum(p == _POSITIVE for p in found), "n": len(found),
                   "rate": sum(p == _POSITIVE for p in found) / len(found)}
            for kind, found in sorted(groups.items()) if all(found)}


def _failure(row: dict, predicted: str, verdict) -> dict:
    return {"id": row.get("id"), "kind": pair_kind(row), "lang": row["lang"],
            "split": row.get("split", ""), "expected": row["label"], "predicted": predicted,
            "reason": verdict.reason, "a": row["a"], "b": row["b"]}


def _scores(predictions: list[tuple[dict, str]]) -> dict:
    tp = sum(1 for row, p in predictions if p == _POSITIVE and row["label"] == _POSITIVE)
    fp = sum(1 for row, p in predictions if p == _POSITIVE and row["label"] != _POSITIVE)
    fn = sum(1 for row, p in predictions if p != _POSITIVE and row["label"] == _POSITIVE)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "support": tp + fn,
            "tp": tp, "fp": fp, "fn": fn, "n": len(predictions)}


def _accuracy(predictions: list[tuple[dict, str]]) -> float:
    if not predictions:
        return 0.0
    return sum(1 for row, predicted in predictions if predicted == row["label"]) / len(predictions)


def format_report(report: dict, failures: bool = False) -> str:
    """A fixed-width table of the report from `evaluate`; with `failures`, the
    misjudged pairs follow it."""
    header = f"{'group':<24}{'P':>7}{'R':>7}{'F1':>7}{'sup':>6}{'tp':>5}{'fp':>5}{'fn':>5}{'n':>6}"
    lines = [f"detector: {report['detector']}", header, "-" * len(header),
             _row("overall", report["overall"])]
    for section in ("by_split", "by_lang", "by_type"):
        prefix = section.removeprefix("by_")
        lines.extend(_row(f"{prefix}={name}", scores) for name, scores in report.get(section, {}).items())
    alarms = report.get("false_alarms", {})
    if alarms:
        lines.append("false alarms on kinds without contradictions: " + ", ".join(
            f"{kind} {a['fp']}/{a['n']} ({a['rate']:.0%})" for kind, a in alarms.items()))
    lines.append(f"3-label accuracy: {report['accuracy']:.3f}")
    if reach := report.get("reach"):
        lines.append(f"index reach: {reach['reached']}/{reach['contradictions']} contradictions among the newer "
                     f"side's {reach['limit']} candidates (an add's check), {reach['reached_deep']}/{reach['contradictions']} "
                     f"among {reach['deep_limit']} (maintenance); {reach['detected_unreached']} detected pair(s) an add never compares")
    if failures:
        lines.append(f"failures ({len(report.get('failures', []))}):")
        lines.extend(_failure_line(failure) for failure in report.get("failures", []))
    return "\n".join(lines)


def _failure_line(f: dict) -> str:
    return (f"  [{f['split'] or '-'}#{f['id']}] {f['kind']} {f['lang']}: expected {f['expected']}, "
            f"got {f['predicted']} ({f['reason']})\n      a: {f['a']}\n      b: {f['b']}")


def _row(name: str, s: dict) -> str:
    """Scores that are undefined (no predicted or no actual contradictions) print as "—"."""
    precision = f"{s['precision']:>7.3f}" if s["tp"] + s["fp"] else f"{'—':>7}"
    recall = f"{s['recall']:>7.3f}" if s["support"] else f"{'—':>7}"
    f1 = f"{s['f1']:>7.3f}" if s["tp"] + s["fp"] and s["support"] else f"{'—':>7}"
    return (f"{name:<24}{precision}{recall}{f1}"
            f"{s['support']:>6}{s['tp']:>5}{s['fp']:>5}{s['fn']:>5}{s['n']:>6}")
