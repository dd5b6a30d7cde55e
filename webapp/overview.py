"""Overview: what each target holds, what review work waits, what happened lately, maintenance."""

from __future__ import annotations

from flask import Blueprint, g, url_for

from .adapter import counts, store
from .responses import render, written
from .targets import TARGETS

bp = Blueprint("overview", __name__, url_prefix="/<target:target>")

RECENT_ACTIVITY = 12
REPORT_SECTIONS = (
    ("decayed", "Expired (now DECAYED)"),
    ("promotions_proposed", "Promotions proposed"),
    ("promoted", "Promoted"),
    ("superseded", "Superseded (ignored too often)"),
    ("demoted", "Demoted (contested)"),
)


@bp.get("/")
def show():
    return render("overview.html", **overview_context(report=None))


@bp.post("/maintenance")
def run_maintenance():
    report = store().run_maintenance(g.target)
    return written(
        maintenance_summary(report),
        redirect_to=url_for(".show"),
        fragment="_maintenance_report.html",
        report=report_view(report),
    )


def overview_context(report):
    summaries = {target: counts(target) for target in TARGETS}
    return {
        "summaries": summaries,
        "activity": store().history(limit=RECENT_ACTIVITY),
        "report": report,
    }


def maintenance_summary(report: dict) -> str:
    parts = [f"{len(report[key])} {label.split(' (')[0].lower()}" for key, label in REPORT_SECTIONS]
    parts.append(f"{len(report['contradictions_found'])} contradictions found")
    changed = "" if report.get("changed") else " Nothing needed changing."
    return f"Maintenance of {g.target} done: " + ", ".join(parts) + "." + changed


def report_view(report: dict) -> dict:
    """The report with entry ids turned into entries a person can recognise (some are archived now)."""
    sections = []
    for key, label in REPORT_SECTIONS:
        entries = [_entry_or_none(entry_id) for entry_id in report[key]]
        sections.append({"key": key, "label": label, "entries": [e for e in entries if e is not None]})
    return {
        "sections": sections,
        "contradictions_found": report["contradictions_found"],
        "changed": report.get("changed", False),
        "summary": maintenance_summary(report),
    }


def _entry_or_none(entry_id: str):
    from dialectical_memory import NotFoundError

    try:
        return store().get_entry(g.target, entry_id)
    except NotFoundError:
        return None
