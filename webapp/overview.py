"""Overview: what each target holds, what review work waits, what happened lately, maintenance."""

from __future__ import annotations

from flask import Blueprint, g

from .adapter import counts, hermes_home, hermes_pending, review_inbox, store
from .maintenance_report import latest_job_view
from .responses import render
from .targets import TARGETS

bp = Blueprint("overview", __name__, url_prefix="/<target:target>")

RECENT_ACTIVITY = 12


@bp.get("/")
def show():
    return render("overview.html", **overview_context())


def overview_context():
    summaries = {target: counts(target) for target in TARGETS}
    return {
        "summaries": summaries,
        "activity": store().history(limit=RECENT_ACTIVITY),
        "job": latest_job_view(),
        "judge_status": {target: store().judge_status(target) for target in TARGETS},
        "hermes_waiting": hermes_pending.waiting(store(), hermes_home()),
        "inbox": review_inbox(),
        "room": room_view(), "drafts": {}, "merge_ids": [], "draft": None,
    }


def room_view():
    """The make-room plan of the current target (its meter, what could go, what could merge)."""
    return store().make_room_plan(g.target)
