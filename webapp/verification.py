"""Re-verification queue: expired or expiring beliefs, most important first; confirm, revise, retire."""

from __future__ import annotations

from flask import Blueprint, g, request, url_for

from .adapter import store
from .forms import etag, required_text
from .responses import REFUSALS, refused, render, safe_next, written

bp = Blueprint("verification", __name__, url_prefix="/<target:target>/reverify")

PAGE = "verification/queue.html"
ROW = "verification/_queue_row.html"


@bp.get("/")
def queue():
    return render(PAGE, items=store().reverification_queue(g.target))


@bp.post("/<entry_id>/confirm")
def confirm(entry_id: str):
    return act(entry_id, lambda: store().confirm(g.target, entry_id, expected_etag=etag()), "Confirmed: still true.")


@bp.post("/<entry_id>/revise")
def revise(entry_id: str):
    def revise_text():
        text = required_text("text", "The revised text")
        store().revise(g.target, entry_id, text, expected_etag=etag())

    return act(entry_id, revise_text, "Revised; it now counts as a user correction.")


@bp.post("/<entry_id>/retire")
def retire(entry_id: str):
    return act(entry_id, lambda: store().retire(g.target, entry_id, expected_etag=etag()), "Retired (kept in the archive).")


def act(entry_id: str, action, message: str):
    """Run ``action``; the row leaves the queue, or comes back fresh with the reason it was refused."""
    try:
        action()
    except REFUSALS as error:
        return refused_row(error, entry_id)
    return written(message, redirect_to=safe_next(url_for(".queue")))


def refused_row(error: Exception, entry_id: str):
    items = store().reverification_queue(g.target)
    item = next((i for i in items if i.entry.entry_id == entry_id), None)
    draft = request.form.get("text")
    if item is None:
        return refused(error, page=PAGE, items=items, focus_id=entry_id, draft=draft)
    return refused(error, page=PAGE, fragment=ROW, item=item, items=items, focus_id=entry_id, draft=draft)
