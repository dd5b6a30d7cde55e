"""Run maintenance from the dashboard: start a background pass, follow its progress, read its report."""

from __future__ import annotations

from flask import Blueprint, g, url_for

from .maintenance_report import job_view, jobs
from .overview import overview_context
from .responses import render, written
from .targets import TARGET_PHRASES

bp = Blueprint("maintenance", __name__, url_prefix="/<target:target>/maintenance")


@bp.post("/")
def start():
    job, started = jobs().start(g.target)
    name = TARGET_PHRASES[g.target]
    message = f"Maintenance of {name} started." if started else f"Maintenance of {name} is already running."
    return written(message, redirect_to=url_for("overview.show"), fragment="_maintenance_report.html", job=job_view(job))


@bp.get("/")
def status():
    return render("overview.html", "_maintenance_report.html", **overview_context())
