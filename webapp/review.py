"""The review inbox: every decision waiting in both files, one at a time, the most urgent first.

The core counts and orders the decisions (store/decisions.py); each kind is drawn and decided as
webapp/review_kinds.py says. After a decision the next takes its place, with how many are left.
"""

from __future__ import annotations

from flask import Blueprint, abort, g, url_for

from .adapter import counts, review_inbox
from .responses import REFUSALS, refused, render, written
from .review_kinds import KINDS
from .targets import TARGETS

bp = Blueprint("review", __name__, url_prefix="/<target:target>/review")

PAGE = "review/page.html"
DECISION = "review/_decision.html"

@bp.get("/")
def next_decision():
    return render(PAGE, **inbox_context())

@bp.post("/<kind>/<key>/<action>")
def decide(kind: str, key: str, action: str):
    decide_one = KINDS[kind].actions.get(action) if kind in KINDS else None
    if decide_one is None:
        abort(404, "No such decision.")
    try:
        message, undo = decide_one(g.target, key)
    except REFUSALS as error:
        return refused(error, page=PAGE, fragment=DECISION, **inbox_context())
    return written(message, redirect_to=url_for(".next_decision"), fragment=DECISION, undo=undo, **inbox_context())


def inbox_context() -> dict:
    inbox = review_inbox()
    decision = inbox.next
    # beliefs expiring within the queue's horizon: not yet due (SPEC §1 re-verifies what has expired),
    # so not a decision here, but named apart with where to see them
    expiring = {target: counts(target)["reverify_soon"] for target in TARGETS}
    return {"inbox": inbox, "decision": decision, "kind": KINDS[decision.kind] if decision else None, "expiring": expiring}
