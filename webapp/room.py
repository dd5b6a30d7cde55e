"""Make room: the capacity meter's plan on the overview, and one click to carry out a part of it.

What could go is archived (the make-room action: the reason names its tier) or retired (no longer
true); what could merge becomes one entry the person writes, or edits from a judge model's draft.
Every action is undoable from its message, works as a plain form, and posts with the CSRF token.
"""

from __future__ import annotations

from flask import Blueprint, current_app, g, request, url_for

from .adapter import store
from .overview import overview_context
from .forms import FormError, required_text
from .background_drafts import BackgroundDrafts
from .presenters import naming
from .responses import REFUSALS, refused, render, safe_next, written

bp = Blueprint("room", __name__, url_prefix="/<target:target>/room")

PAGE = "overview.html"
PANEL = "_room_panel.html"
SUMMARIES_OOB = "_target_summaries_oob.html"  # the targets' cards above the panel: counts and meter


@bp.post("/<entry_id>/archive")
def archive(entry_id: str):
    return act(lambda: store().make_room(g.target, [entry_id]), naming("Archived {text} to make room.", entry_id))


@bp.post("/<entry_id>/retire")
def retire(entry_id: str):
    return act(lambda: store().retire(g.target, entry_id), naming("Retired {text} (kept in the archive).", entry_id))


@bp.post("/auto")
def auto():
    """Archive what could go, in the plan's order, until the goal is freed (never a merge)."""
    return act(lambda: store().make_room(g.target, policy="auto"), None)


@bp.post("/merge")
def merge():
    def merged():
        ids = _posted_ids()
        return store().merge_entries(g.target, ids, required_text("text", "The merged text"))

    return act(merged, None)


@bp.post("/draft")
def draft():
    """Start the judge model's draft of a merge on a thread; the panel says "Drafting…" and shows
    the draft in the merge form, for the person to edit, once it is there (see ``background_drafts``)."""
    try:
        ids = _posted_ids()
        drafter = store().merge_drafter(g.target, ids)
        if drafter is None:
            raise FormError("No draft: no judge model is configured. Write the merged text yourself.")
    except REFUSALS as error:
        return refused(error, page=PAGE, fragment=PANEL, **_context(merge_ids=request.form.getlist("ids")))
    drafts().start(g.target, _key(ids), drafter)
    return render(PAGE, PANEL, **_context())


@bp.get("/panel")
def panel():
    """The room panel as it is now (a draft that arrived shows in its form): what "Refresh" and
    htmx's poll while drafting load."""
    return render(PAGE, PANEL, **_context())


def drafts() -> BackgroundDrafts:
    return current_app.extensions["dmem_merge_drafts"]


def act(action, message: str | None):
    try:
        result = action()
    except REFUSALS as error:
        return refused(error, page=PAGE, fragment=PANEL, **_context(draft=request.form.get("text"),
                                                                        merge_ids=request.form.getlist("ids")))
    return written(message or result.message, redirect_to=safe_next(url_for("overview.show")), fragment=PANEL,
                   oob_fragment=SUMMARIES_OOB, undo=result, **_context())


def _posted_ids() -> list[str]:
    ids = [i for i in request.form.getlist("ids") if i]
    if len(set(ids)) < 2:
        raise FormError("Choose at least two entries to merge.")
    return ids


def _key(ids) -> str:
    return " ".join(ids)


def _context(**extra) -> dict:
    """The overview's context (a plain form's refusal shows the whole page), the plan freshly read."""
    return {**overview_context(), **drafts().view(g.target), **extra}
