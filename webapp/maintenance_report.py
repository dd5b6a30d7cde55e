"""The maintenance panel: a pass's progress, then its report in entries a person can recognise.

The overview page draws the panel and the maintenance blueprint redraws it; both take it from here.
"""

from __future__ import annotations

from flask import current_app, g

from .adapter import NotFoundError, store
from .maintenance_jobs import Job, MaintenanceJobs
from .targets import TARGET_PHRASES

POLL_SECONDS = 1
REPORT_SECTIONS = (
    ("decayed", "Expired (now DECAYED)"),
    ("promotions_proposed", "Promotions proposed"),
    ("promoted", "Promoted"),
    ("superseded", "Superseded (ignored too often)"),
    ("demoted", "Demoted (contested)"),
)


def jobs() -> MaintenanceJobs:
    return current_app.extensions["dmem_maintenance"]


def job_view(job: Job | None) -> dict | None:
    """What the report panel shows: progress while the job runs, then its report or its error."""
    if job is None:
        return None
    view = {"running": job.running, "done": job.done, "total": job.total, "percent": job.percent,
            "error": job.error, "poll_seconds": POLL_SECONDS, "report": None}  # fmt: skip
    if job.report is not None:
        view["report"] = report_view(job.report)
    return view


def latest_job_view() -> dict | None:
    return job_view(jobs().latest(g.target))


def maintenance_summary(report: dict) -> str:
    parts = [_counted(len(report[key]), label.split(" (")[0].lower()) for key, label in REPORT_SECTIONS]
    parts.append(_counted(len(report["contradictions_found"]), "contradictions found"))
    if report.get("patterns_proposed"):
        parts.append(_counted(report["patterns_proposed"], "pattern proposals waiting on the Patterns page"))
    changed = "" if report.get("changed") else " Nothing needed changing."
    name = TARGET_PHRASES.get(report["target"], report["target"])
    return f"Maintenance of {name} done: " + ", ".join(parts) + "." + changed


def _counted(count: int, words: str) -> str:
    """``1 promotion proposed``, ``2 promotions proposed``: the noun agrees with its number."""
    if count == 1:
        words = words.replace("promotions", "promotion").replace("contradictions", "contradiction").replace("proposals", "proposal")
    return f"{count} {words}"


def report_view(report: dict) -> dict:
    """The report with entry ids turned into entries a person can recognise (some are archived now)."""
    sections = []
    for key, label in REPORT_SECTIONS:
        entries = [_entry_or_none(report["target"], entry_id) for entry_id in report[key]]
        sections.append({"key": key, "label": label, "entries": [e for e in entries if e is not None]})
    return {
        "sections": sections,
        "contradictions_found": report["contradictions_found"],
        "changed": report.get("changed", False),
        "summary": maintenance_summary(report),
    }


def _entry_or_none(target: str, entry_id: str):
    try:
        return store().get_entry(target, entry_id)
    except NotFoundError:
        return None
