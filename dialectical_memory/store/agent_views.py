"""Compact JSON-ready views for agents (the Hermes provider's tools, the MCP server, the one tool).

An agent reads these in its context window, so they carry what it needs to act and no more, and
nothing the gate would keep out of a prompt: a blocked entry asked for by id is ``[BLOCKED:
reason]`` with ``"blocked": true``; an archived entry's text (never screened since it left) and a
history record's texts are scanned here; metadata (reasons, authors, principles, noise notes) is
one line, capped, withheld when it fails the scan (see :mod:`.screening`).
"""

from __future__ import annotations

import math
import shlex
from typing import Any

from ..core.beliefs import MaturityLevel
from .read_models import Entry
from .screening import model_text, one_line

DASHBOARD_HINT = "run `dmem --home {home} serve` and open http://127.0.0.1:5000/{target}/"
EDGE_FIELDS = ("edge_id", "from_id", "to_id", "from_text", "to_text", "reason", "confidence", "author", "found_by", "preferred_id", "resolved")
RECORD_FIELDS = ("id", "at", "target", "actor", "action", "entry_id")
NOTE_CHARS = 120


def entry_summary(entry: Entry) -> dict[str, Any]:
    meta = entry.meta
    text, blocked = model_text(entry.text, meta.blocked, screened=not entry.archived)
    data = {
        "entry_id": entry.entry_id,
        "target": entry.target,
        "text": text,
        "status": "archived" if entry.archived else meta.status.value,
        "maturity": meta.maturity.name,
        "knowledge_type": meta.knowledge_type.value,
        "source_kind": meta.source_kind.value,
        "confidence": round(entry.effective_confidence, 3),
        "authority": round(meta.authority, 3),
        "contested": entry.contested,
        "blocked": blocked is not None,
    }
    if blocked is not None:
        data["blocked_reason"] = blocked
    return data


def search_summary(hit) -> dict[str, Any]:
    """One search result (``store.search``'s ``Hit``) as an agent reads it: the entry, its score
    (None when the query was empty and entries are listed in file order) and why it matched."""
    data = entry_summary(hit.entry)
    data["score"] = None if hit.score is None else round(hit.score, 4)
    why = hit.why()
    if why:
        data["matched"] = why
    return data


def entry_detail(entry: Entry) -> dict[str, Any]:
    """One entry with its metadata, every text and note in it shown as :func:`entry_summary` does."""
    summary = entry_summary(entry)
    meta = entry.meta.to_dict()
    meta.pop("keep_marks", None)  # devices' marks: no business of an agent
    meta["text"] = summary["text"]
    meta["blocked"] = summary.get("blocked_reason")
    for name in ("original_text", "principle_text"):
        if isinstance(meta.get(name), str):
            meta[name] = model_text(meta[name], None, screened=False)[0]
    meta["noise_context"] = [
        {"reason": one_line(note.get("reason"), NOTE_CHARS), "at": note.get("at") if _number(note.get("at")) else None}
        for note in meta["noise_context"]
    ]
    meta["scope"] = {one_line(key, 40): one_line(value, NOTE_CHARS) for key, value in meta["scope"].items()}
    meta["restated"] = [{"text": model_text(item.get("text"), None, screened=False)[0], "at": item.get("at"),
                         "source": one_line(item.get("source"), 40)} for item in meta["restated"]]
    return {**summary, "meta": meta}


def edge_summary(edge: dict[str, Any]) -> dict[str, Any]:
    data = {key: edge.get(key) for key in EDGE_FIELDS}
    for side in ("from", "to"):
        text = edge.get(f"{side}_text")
        if text is None:
            data[f"{side}_blocked"] = False
            continue
        shown, blocked = model_text(text, edge.get(f"{side}_blocked"), screened=bool(edge.get(f"{side}_active")))
        data[f"{side}_text"], data[f"{side}_blocked"] = shown, blocked is not None
    data["reason"] = one_line(edge.get("reason"))
    data["author"] = one_line(edge.get("author"), 80)
    data["found_by"] = one_line(edge.get("found_by"), 100)
    if "shown" in edge:
        data["shown"] = edge["shown"]
    return data


def history_summary(record: dict[str, Any], entry: Entry | None = None) -> dict[str, Any]:
    """A validated history record as an agent may read it: its texts scanned (the entry's current,
    screened text excepted), its details one line each, no undo data (it holds other entries)."""
    data = {key: record.get(key) for key in RECORD_FIELDS}
    current = entry.text if entry is not None and not entry.archived and not entry.meta.blocked else None
    for side in ("before", "after"):
        summary = record.get(side)
        if summary is None:
            data[side] = None
            continue
        text = summary.get("text", "")
        shown = text if text == current else model_text(text, None, screened=False)[0]
        data[side] = {**summary, "text": shown}
    detail = record.get("detail") or {}
    data["detail"] = {
        key: [one_line(v, 80) for v in value] if isinstance(value, list) else one_line(value, NOTE_CHARS) if isinstance(value, str) else value
        for key, value in detail.items()
    } or None
    return data


def result_summary(result: dict[str, Any]) -> dict[str, Any]:
    """A mutation's result (``MutationResult.to_dict()``) as an agent reads it: its contradictions
    as :func:`edge_summary` shows them, those of a batch's results too."""
    data = dict(result)
    if "contradictions" in data:
        data["contradictions"] = [edge_summary(edge) for edge in data["contradictions"]]
    if isinstance(data.get("results"), list):
        data["results"] = [result_summary(item) for item in data["results"]]
    return data


def pattern_summary(proposal) -> dict[str, Any]:
    """A pattern proposal as an agent reads it: what ``dmem reflect --json`` lists (a person decides:
    the dashboard's Patterns page or ``dmem reflect approve ID``)."""
    row = proposal.to_dict()
    return {key: row[key] for key in ("id", "kind", "entry_ids", "texts", "draft", "drafted_by", "reason", "contested")}


def review_summary(store, target: str, limit: int = 10, dashboard_url: str | None = None) -> dict[str, Any]:
    """What waits for a person: pending promotions, pattern proposals, beliefs to re-verify, counts, where to act."""
    promotions = store.pending_promotions(target, limit=limit)
    reverify = store.reverification_queue(target, limit=limit)
    patterns = store.pattern_proposals(target)
    return {
        "target": target,
        "counts": store.counts(target),
        "pending_promotions": [
            {**entry_summary(item.entry), "proposed": MaturityLevel(item.entry.meta.pending_promotion).name}
            for item in promotions
        ],
        "reverify": [
            {**entry_summary(item.entry), "reason": item.reason, "days_left": round(item.days_left, 1)}
            for item in reverify
        ],
        "pattern_proposals": [pattern_summary(p) for p in patterns[:limit]],
        "pattern_proposals_total": len(patterns),
        "dashboard": dashboard_url or DASHBOARD_HINT.format(home=shlex.quote(str(store.home)), target=target),
        "note": "a person approves promotions and pattern proposals and resolves contradictions (dashboard or the dmem CLI)",
    }


def _number(value) -> bool:
    return type(value) in (int, float) and math.isfinite(value)
