"""Re-verification queue: expired beliefs, then those expiring within a week, most important first;
confirm, revise, retire.

The queue can hold thousands of beliefs, so it is shown a page at a time (Previous / Next links);
the total is the core's cached ``counts()``: ``reverify`` (expired: what waits for a person, as the
review inbox counts it) plus ``reverify_soon`` (not yet due, listed after them).
"""

from __future__ import annotations

from flask import Blueprint, g, request, url_for

from .adapter import counts, store
from .forms import etag, required_text
from .paging import Pager, clamp_offset, offset_arg, posted_offset, posted_window
from .presenters import naming
from .responses import REFUSALS, refused, render, safe_next, wants_fragment, written

bp = Blueprint("verification", __name__, url_prefix="/<target:target>/reverify")

PAGE = "verification/queue.html"
ROW = "verification/_queue_row.html"
PAGER_OOB = "_pager_oob.html"
PAGE_SIZE = 25


@bp.get("/")
def queue():
    return render(PAGE, **queue_context(offset_arg(request.args.get("offset"))))


@bp.post("/<entry_id>/confirm")
def confirm(entry_id: str):
    return act(entry_id, lambda: store().confirm(g.target, entry_id, expected_etag=etag()), "Confirmed {text}: still true.")


@bp.post("/<entry_id>/revise")
def revise(entry_id: str):
    def revise_text():
        text = required_text("text", "The revised text")
        return store().revise(g.target, entry_id, text, expected_etag=etag())

    return act(entry_id, revise_text, "Revised into {text}; it now counts as a user correction.")


@bp.post("/<entry_id>/retire")
def retire(entry_id: str):
    return act(entry_id, lambda: store().retire(g.target, entry_id, expected_etag=etag()), "Retired {text} (kept in the archive).")


def act(entry_id: str, action, message: str):
    """Run ``action``; the row leaves the queue, or comes back fresh with the reason it was refused."""
    try:
        result = action()
    except REFUSALS as error:
        return refused_row(error, entry_id)
    return written(naming(message, result.entry_id or entry_id), redirect_to=safe_next(url_for(".queue")), undo=result, **moved_pager())


def refused_row(error: Exception, entry_id: str):
    draft = request.form.get("text")
    if not wants_fragment():
        return refused(error, page=PAGE, focus_id=entry_id, draft=draft, **queue_context(posted_offset()))
    item = queued_item(entry_id)
    if item is None:  # no longer waiting (someone else dealt with it): the row leaves
        return refused(error, page=PAGE, focus_id=entry_id, draft=draft, **moved_pager())
    return refused(error, page=PAGE, fragment=ROW, item=item, focus_id=entry_id, draft=draft)


# ---------------------------------------------------------------- reading


def queue_context(offset: int) -> dict:
    total = listed()
    offset = clamp_offset(offset, total, PAGE_SIZE)
    items = store().reverification_queue(g.target, offset=offset, limit=PAGE_SIZE)
    return {"items": items, "pager": pager(offset, offset + len(items), total)}


def listed() -> int:
    """How many rows the queue lists: the expired and those expiring within the horizon."""
    data = counts(g.target)
    return data["reverify"] + data["reverify_soon"]


def pager(offset: int, end: int, total: int) -> Pager:
    return Pager(
        dom_id="reverify-pager",
        label="Re-verify queue pages",
        endpoint="verification.queue",
        offset=offset,
        end=end,
        total=total,
        size=PAGE_SIZE,
        noun=("belief to re-verify", "beliefs to re-verify"),
    )


def moved_pager() -> dict:
    """After a row left an htmx page: the pager one row shorter, so Next skips nothing."""
    window = posted_window()
    if window is None:
        return {}
    offset, end = window
    total = listed()
    return {"oob_fragment": PAGER_OOB, "pager": pager(offset, max(offset, min(end - 1, total)), total)}


def queued_item(entry_id: str):
    """The queue row of one belief, or None when it no longer waits (the rare refusal path)."""
    return next((i for i in store().reverification_queue(g.target) if i.entry.entry_id == entry_id), None)
