"""Compact JSON-ready views for agents (the Hermes provider's tools, the MCP server).

An agent reads these in its context window, so they carry what it needs to act and no more.
"""

from __future__ import annotations

import shlex
from typing import Any

from ..core.beliefs import MaturityLevel
from .read_models import Entry

DASHBOARD_HINT = "run `dmem --home {home} serve` and open http://127.0.0.1:5000/{target}/"
EDGE_FIELDS = ("edge_id", "from_id", "to_id", "from_text", "to_text", "reason", "confidence", "author", "preferred_id", "resolved")


def entry_summary(entry: Entry) -> dict[str, Any]:
    meta = entry.meta
    return {
        "entry_id": entry.entry_id,
        "target": entry.target,
        "text": entry.text,
        "status": "archived" if entry.archived else meta.status.value,
        "maturity": meta.maturity.name,
        "knowledge_type": meta.knowledge_type.value,
        "source_kind": meta.source_kind.value,
        "confidence": round(entry.effective_confidence, 3),
        "authority": round(meta.authority, 3),
        "contested": entry.contested,
    }


def edge_summary(edge: dict[str, Any]) -> dict[str, Any]:
    data = {key: edge.get(key) for key in EDGE_FIELDS}
    if "shown" in edge:
        data["shown"] = edge["shown"]
    return data


def review_summary(store, target: str, limit: int = 10, dashboard_url: str | None = None) -> dict[str, Any]:
    """What waits for a person: pending promotions, beliefs to re-verify, counts, where to act."""
    promotions = store.pending_promotions(target, limit=limit)
    reverify = store.reverification_queue(target, limit=limit)
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
        "dashboard": dashboard_url or DASHBOARD_HINT.format(home=shlex.quote(str(store.home)), target=target),
        "note": "a person approves promotions and resolves contradictions (dashboard or the dmem CLI)",
    }
