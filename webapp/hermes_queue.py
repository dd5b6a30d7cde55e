"""Hermes' staged writes: what its write-approval queue holds and what each write would do here,
approved or rejected by a person (Hermes' own ``/memory pending`` lists the same files)."""

from __future__ import annotations

from flask import Blueprint, abort, url_for

from .adapter import hermes_home, hermes_pending, store
from .responses import REFUSALS, refused, render, wants_fragment, written

bp = Blueprint("hermes_queue", __name__, url_prefix="/<target:target>/hermes/pending")

PAGE = "hermes/pending.html"
ITEM = "hermes/_pending_item.html"


@bp.get("/")
def listing():
    return render(PAGE, **queue_context())


@bp.post("/<pending_id>/approve")
def approve(pending_id: str):
    return decide(pending_id, hermes_pending.approve)


@bp.post("/<pending_id>/reject")
def reject(pending_id: str):
    return decide(pending_id, hermes_pending.reject)


def decide(pending_id: str, action):
    """Run ``action``; the item leaves the list, or comes back, read again, with the reason."""
    home = hermes_home() or abort(404, "This memory home is not the memories folder of a Hermes home.")
    try:
        decision = action(store(), home, pending_id, actor="person")
    except REFUSALS as error:
        context = queue_context()
        item = next((i for i in context["queue"].items if i.pending_id == pending_id), None)
        if item is None or not wants_fragment():
            return refused(error, page=PAGE, focus_id=pending_id, **context)
        return refused(error, page=PAGE, fragment=ITEM, item=item, focus_id=pending_id)
    return written(decision.message, redirect_to=url_for(".listing"))


def queue_context() -> dict:
    home = hermes_home()
    return {"hermes_home": home, "queue": hermes_pending.pending(store(), home) if home else None}
