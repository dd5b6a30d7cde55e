"""Score a detector in a populated home, as a person meets it.

A home file (JSON) holds the entries of one person, ``memory`` and ``user`` (each ``key`` and
``text``), none contradicting another, and ``probes``: entries added one at a time to a fresh copy
of the home (``id``, ``target``, ``text``, a ``kind``), each with the keys of the entries it
contradicts (``contradicts``, empty for a look-alike). A run of the home (the store builds it:
``features/trial.py``) reports the edges it raised; this module turns them into the numbers:

* contradictions among the home's own entries after maintenance checked every one: all false;
* probes found: an edge from a probe to a key it contradicts (at the add, and after maintenance);
* false alarms: every other edge of a probe.

By probe kind and by language (a probe with Chinese characters is ``zh``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .text import is_cjk

TARGETS = ("memory", "user")
_ENTRY_KEYS = ("key", "text")
_PROBE_KEYS = ("id", "target", "text", "contradicts", "kind")


@dataclass(frozen=True)
class HomeEdge:
    """A contradiction a run raised: between two keys (a probe's id is its key), by a rule kind."""

    a: str
    b: str
    kind: str = ""
    reason: str = ""
    stage: str = "maintenance"


@dataclass
class HomeRun:
    """What a run of a home raised: edges among its own entries, and each probe's edges."""

    own: list[HomeEdge] = field(default_factory=list)
    probes: dict[str, list[HomeEdge]] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)  # probe id → why the store refused the add
    questions: dict[str, int] = field(default_factory=dict)  # probe id → pairs a judge was asked about it
    seed_questions: int = 0  # pairs a judge was asked while the home's own entries were checked


def is_home_file(path: str | Path) -> bool:
    """A home is one JSON object with entries or probes; labelled pairs are JSON lines."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and any(key in data for key in (*TARGETS, "probes"))


def load_home(path: str | Path) -> dict:
    """Read and check a home file; a malformed one raises ValueError saying what is wrong."""
    try:
        with open(path, encoding="utf-8") as handle:
            home = json.load(handle)
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON ({error.msg}, line {error.lineno})") from error
    if not isinstance(home, dict):
        raise ValueError("a home file is one JSON object")
    keys: dict[str, str] = {}
    for target in TARGETS:
        for number, entry in enumerate(home.get(target, []), start=1):
            _require(entry, _ENTRY_KEYS, f"{target} entry {number}")
            if entry["key"] in keys:
                raise ValueError(f"{target} entry {number}: key {entry['key']!r} used twice")
            keys[entry["key"]] = target
    if not keys:
        raise ValueError("the home has no memory or user entries")
    probes = home.get("probes", [])
    for number, probe in enumerate(probes, start=1):
        _require(probe, _PROBE_KEYS, f"probe {number}")
        if probe["target"] not in TARGETS:
            raise ValueError(f"probe {probe['id']}: unknown target {probe['target']!r}")
        unknown = [key for key in probe["contradicts"] if keys.get(key) != probe["target"]]
        if unknown:
            raise ValueError(f"probe {probe['id']}: contradicts no {probe['target']} entry {', '.join(unknown)}")
    if len({probe["id"] for probe in probes}) != len(probes):
        raise ValueError("two probes share an id")
    return home


def _require(row, keys, where: str) -> None:
    if not isinstance(row, dict):
        raise ValueError(f"{where}: expected a JSON object")
    missing = [key for key in keys if key not in row]
    if missing:
        raise ValueError(f"{where}: missing keys {', '.join(missing)}")


def probe_lang(probe: dict) -> str:
    return str(probe.get("lang") or ("zh" if is_cjk(probe["text"]) else "en"))


def score_home(home: dict, run: HomeRun) -> dict:
    """The report of one run: own false contradictions (listed), probes found and false alarms,
    overall, by kind and by language."""
    texts = {entry["key"]: entry["text"] for target in TARGETS for entry in home.get(target, [])}
    scored = [_score_probe(probe, run.probes.get(probe["id"], []), probe["id"] in run.refused)
              for probe in home.get("probes", [])]
    return {
        "entries": {target: len(home.get(target, [])) for target in TARGETS},
        "own": {"false_contradictions": len(run.own),
                "edges": [_own_edge(edge, texts) for edge in sorted(run.own, key=lambda e: (e.a, e.b))],
                "by_kind": _count(edge.kind for edge in run.own)},
        "probes": _probe_totals(scored),
        "by_kind": _grouped(scored, "kind"),
        "by_lang": _grouped(scored, "lang"),
        "refused": dict(run.refused),
        "failures": [row for row in scored if row["missed"] or row["false_alarms"]],
        **({"questions": _questions(run)} if run.questions else {}),
    }


def _questions(run: HomeRun) -> dict:
    """How many pairs a judge was asked: per probe (mean and most) and while the home was checked."""
    counts = list(run.questions.values())
    return {"total": sum(counts), "per_probe_mean": round(sum(counts) / len(counts), 1),
            "per_probe_max": max(counts), "home": run.seed_questions}


def _score_probe(probe: dict, edges: list[HomeEdge], refused: bool) -> dict:
    wanted = set(probe["contradicts"])
    others = {edge.b if edge.a == probe["id"] else edge.a: edge for edge in edges}
    at_add = {key for key, edge in others.items() if edge.stage == "add"}
    return {"id": probe["id"], "kind": str(probe["kind"]), "lang": probe_lang(probe), "target": probe["target"],
            "text": probe["text"], "contradicts": sorted(wanted), "refused": refused,
            "found_at_add": bool(wanted & at_add), "found": bool(wanted & set(others)),
            "missed": sorted(wanted - set(others)),
            "false_alarms": [{"key": key, "kind": edge.kind, "reason": edge.reason, "stage": edge.stage}
                             for key, edge in sorted(others.items()) if key not in wanted]}


def _probe_totals(scored: list[dict]) -> dict:
    contradicting = [row for row in scored if row["contradicts"]]
    lookalikes = [row for row in scored if not row["contradicts"]]
    return {
        "contradicting": len(contradicting),
        "found_at_add": sum(row["found_at_add"] for row in contradicting),
        "found": sum(row["found"] for row in contradicting),
        "lookalikes": len(lookalikes),
        "lookalikes_flagged": sum(bool(row["false_alarms"]) for row in lookalikes),
        "false_alarms": sum(len(row["false_alarms"]) for row in scored),
        "false_alarms_on_lookalikes": sum(len(row["false_alarms"]) for row in lookalikes),
        "probes": len(scored),
    }


def _grouped(scored: list[dict], key: str) -> dict[str, dict]:
    groups: dict[str, list[dict]] = {}
    for row in scored:
        groups.setdefault(row[key], []).append(row)
    return {name: _probe_totals(rows) for name, rows in sorted(groups.items())}


def _own_edge(edge: HomeEdge, texts: dict[str, str]) -> dict:
    return {"a": edge.a, "b": edge.b, "kind": edge.kind, "reason": edge.reason,
            "a_text": texts.get(edge.a, ""), "b_text": texts.get(edge.b, "")}


def _count(values) -> dict[str, int]:
    counts: dict[str, int] = {}
    for value in values:
        counts[value or "-"] = counts.get(value or "-", 0) + 1
    return dict(sorted(counts.items()))


def format_home_report(report: dict, failures: bool = False) -> str:
    """The report as text: own false contradictions (each listed), then probes by kind and
    language; with `failures`, every missed probe and false alarm."""
    own = report["own"]
    entries = ", ".join(f"{count} {target}" for target, count in report["entries"].items())
    lines = [f"home: {entries} entries",
             f"false contradictions among the home's own entries after maintenance: {own['false_contradictions']}"
             + (f" ({', '.join(f'{k} {n}' for k, n in own['by_kind'].items())})" if own["by_kind"] else "")]
    for edge in own["edges"]:
        lines.append(f"  {edge['a']}↔{edge['b']} {edge['reason']}\n      {edge['a_text']}\n      {edge['b_text']}")
    totals = report["probes"]
    lines.append(_probe_line("probes", totals))
    header = f"{'group':<28}{'found':>9}{'at add':>8}{'look-alikes flagged':>21}{'false alarms':>14}"
    lines.extend([header, "-" * len(header)])
    for section in ("by_kind", "by_lang"):
        prefix = section.removeprefix("by_")
        lines.extend(_group_row(f"{prefix}={name}", group) for name, group in report[section].items())
    if "questions" in report:
        q = report["questions"]
        lines.append(f"judge: {q['total']} pairs asked about the probes ({q['per_probe_mean']} per probe, "
                     f"at most {q['per_probe_max']}), {q['home']} while checking the home's own entries")
    if report["refused"]:
        lines.append("refused by the store: " + ", ".join(f"{k} ({why})" for k, why in report["refused"].items()))
    if failures:
        lines.append(f"failures ({len(report['failures'])}):")
        lines.extend(_failure_line(row) for row in report["failures"])
    return "\n".join(lines)


def _probe_line(name: str, t: dict) -> str:
    found = f"{t['found']}/{t['contradicting']}" + (f" ({t['found'] / t['contradicting']:.0%})" if t["contradicting"] else "")
    return (f"{name}: contradicting probes found {found} after maintenance, {t['found_at_add']} at the add; "
            f"look-alikes flagged {t['lookalikes_flagged']}/{t['lookalikes']}; false alarms {t['false_alarms']} "
            f"in {t['probes']} probes ({t['false_alarms_on_lookalikes']} on look-alikes, "
            f"{t['false_alarms'] / t['probes']:.2f} per probe)" if t["probes"] else f"{name}: none")


def _group_row(name: str, t: dict) -> str:
    found = f"{t['found']}/{t['contradicting']}" if t["contradicting"] else "—"
    at_add = str(t["found_at_add"]) if t["contradicting"] else "—"
    flagged = f"{t['lookalikes_flagged']}/{t['lookalikes']}" if t["lookalikes"] else "—"
    return f"{name:<28}{found:>9}{at_add:>8}{flagged:>21}{t['false_alarms']:>14}"


def _failure_line(row: dict) -> str:
    parts = [f"  [{row['id']}] {row['kind']} {row['lang']} {row['target']}: {row['text']}"]
    if row["missed"]:
        parts.append(f"      missed {', '.join(row['missed'])}")
    parts.extend(f"      false alarm {alarm['key']} ({alarm['stage']}): {alarm['reason']}" for alarm in row["false_alarms"])
    return "\n".join(parts)
