"""Hermes' staged writes: what its write-approval queue holds and what each write would do here,
approved or rejected by a person (Hermes' own ``/memory pending`` lists the same files)."""

from __future__ import annotations

from flask import Blueprint, abort, request, url_for

from .adapter import hermes_home, hermes_pending, store
from .forms import FormError
from .paging import Pager, clamp_offset, offset_arg, posted_offset
from .responses import REFUSALS, refused, render, wants_fragment, written

bp = Blueprint("hermes_queue", __name__, url_prefix="/<target:target>/hermes/pending")

PAGE = "hermes/pending.html"
ITEM = "hermes/_pending_item.html"


PAGE_SIZE = 20  # staged writes previewed per page (each preview runs the detector)


@bp.get("/")
def listing():
    return render(PAGE, **queue_context(offset_arg(request.args.get("offset"))))


@bp.post("/<pending_id>/approve")
def approve(pending_id: str):
    """Apply the write the page showed: its form carries the fingerprint of what it displayed,
    and a file rewritten since is refused (``hermes_pending.approve``'s ``expect``)."""

    def approve_shown(store_, home, pending_id_, actor):
        shown = request.form.get("fingerprint", "").strip()
        if not shown:
            raise FormError("This page did not say what it showed; reload it and approve again.")
        return hermes_pending.approve(store_, home, pending_id_, actor=actor, expect=shown)

    return decide(pending_id, approve_shown)


@bp.post("/<pending_id>/reject")
def reject(pending_id: str):
    return decide(pending_id, hermes_pending.reject)


def decide(pending_id: str, action):
    """Run ``action``; the item leaves the list, or comes back, read again, with the reason."""
    home = hermes_home() or abort(404, "This memory home is not the memories folder of a Hermes home.")
    try:
        decision = action(store(), home, pending_id, actor="person")
    except REFUSALS as error:
        context = queue_context(posted_offset())
        item = next((i for i in context["queue"].items if i.pending_id == pending_id), None)
        if item is None or not wants_fragment():
            return refused(error, page=PAGE, focus_id=pending_id, **context)
        return refused(error, page=PAGE, fragment=ITEM, item=item, focus_id=pending_id)
    offset = posted_offset()
    return written(decision.message, redirect_to=url_for(".listing", **({"offset": offset} if offset else {})))


def queue_context(offset: int = 0) -> dict:
    """One page of the queue: PAGE_SIZE writes previewed, the rest counted (300 staged batches made
    an 18 MB page that took 20–29 s)."""
    home = hermes_home()
    if not home:
        return {"hermes_home": home, "queue": None, "pager": None}
    queue = hermes_pending.pending(store(), home, offset=offset, limit=PAGE_SIZE)
    if clamp_offset(offset, queue.writes, PAGE_SIZE) != offset:  # past the end: the last page
        offset = clamp_offset(offset, queue.writes, PAGE_SIZE)
        queue = hermes_pending.pending(store(), home, offset=offset, limit=PAGE_SIZE)
    return {"hermes_home": home, "queue": queue, "pager": pager(offset, offset + len(queue.items), queue.writes)}


def pager(offset: int, end: int, total: int) -> Pager:
    return Pager(dom_id="pending-pager", label="Staged write pages", endpoint="hermes_queue.listing",
                 offset=offset, end=end, total=total, size=PAGE_SIZE, noun=("staged write", "staged writes"))
