"""Score a detector on labelled pairs (JSONL rows with a, b, label, type, lang)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from .base import Detector, Label

REQUIRED_KEYS = ("a", "b", "label", "type", "lang")
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
    if missing:
        raise ValueError(f"line {number}: missing keys {', '.join(missing)}")
    labels = {label.value for label in Label}
    if row["label"] not in labels:
        raise ValueError(f"line {number}: unknown label {row['label']!r}")
    return row


def evaluate(detector: Detector, rows: Iterable[dict]) -> dict:
    """Precision/recall/F1 of the "contradiction" class overall, per language and
    per pair type, plus 3-label accuracy. Each scored row gets its prediction."""
    predictions = [(row, detector.compare(row["a"], row["b"]).label.value) for row in rows]
    return {
        "detector": getattr(detector, "name", type(detector).__name__),
        "overall": _scores(predictions),
        "by_lang": _grouped(predictions, "lang"),
        "by_type": _grouped(predictions, "type"),
        "accuracy": _accuracy(predictions),
    }


def _grouped(predictions: list[tuple[dict, str]], key: str) -> dict[str, dict]:
    groups: dict[str, list[tuple[dict, str]]] = {}
    for row, predicted in predictions:
        groups.setdefault(str(row[key]), []).append((row, predicted))
    return {name: _scores(members) for name, members in sorted(groups.items())}


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


def format_report(report: dict) -> str:
    """A fixed-width table of the report from `evaluate`."""
    header = f"{'group':<24}{'P':>7}{'R':>7}{'F1':>7}{'sup':>6}{'tp':>5}{'fp':>5}{'fn':>5}{'n':>6}"
    lines = [f"detector: {report['detector']}", header, "-" * len(header),
             _row("overall", report["overall"])]
    for section in ("by_lang", "by_type"):
        prefix = section.removeprefix("by_")
        lines.extend(_row(f"{prefix}={name}", scores) for name, scores in report[section].items())
    lines.append(f"3-label accuracy: {report['accuracy']:.3f}")
    return "\n".join(lines)


def _row(name: str, s: dict) -> str:
    """Scores that are undefined (no predicted or no actual contradictions) print as "—"."""
    precision = f"{s['precision']:>7.3f}" if s["tp"] + s["fp"] else f"{'—':>7}"
    recall = f"{s['recall']:>7.3f}" if s["support"] else f"{'—':>7}"
    f1 = f"{s['f1']:>7.3f}" if s["tp"] + s["fp"] and s["support"] else f"{'—':>7}"
    return (f"{name:<24}{precision}{recall}{f1}"
            f"{s['support']:>6}{s['tp']:>5}{s['fp']:>5}{s['fn']:>5}{s['n']:>6}")
