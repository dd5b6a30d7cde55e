"""Promotions a person approves or rejects, with the evidence against each threshold."""

from __future__ import annotations

from flask import Blueprint, g, request, url_for

from .adapter import check_etags, store
from .forms import FormError, etag, optional_text
from .responses import REFUSALS, refused, render, safe_next, written

bp = Blueprint("promotions", __name__, url_prefix="/<target:target>/promotions")

PAGE = "promotions/list.html"
ROW = "promotions/_promotion_row.html"
LIST = "promotions/_promotion_list.html"
DECISIONS = ("approve", "reject")


@bp.get("/")
def pending():
    return render(PAGE, items=store().pending_promotions(g.target))


@bp.post("/<entry_id>/approve")
def approve(entry_id: str):
    def approve_one():
        store().approve_promotion(g.target, entry_id, principle_text=optional_text("principle_text"), expected_etag=etag())

    return act(entry_id, approve_one, "Promotion approved.")


@bp.post("/<entry_id>/reject")
def reject(entry_id: str):
    return act(entry_id, lambda: store().reject_promotion(g.target, entry_id, expected_etag=etag()), "Promotion rejected.")


@bp.post("/selected")
def decide_selected():
    """Approve or reject every ticked promotion; each is checked against the etag it was shown with."""
    decision = request.form.get("decision", "")
    chosen = request.form.getlist("entry_ids")
    try:
        if decision not in DECISIONS:
            raise FormError("Choose Approve selected or Reject selected.")
        if not chosen:
            raise FormError("Tick at least one promotion first.")
        check_etags(g.target, shown_etags(chosen))
    except REFUSALS as error:
        return refused(error, page=PAGE, fragment=LIST, items=store().pending_promotions(g.target))
    done, failures = decide_each(decision, chosen)
    message = selected_message(decision, done, failures)
    if failures:
        error = FormError(message)
        return refused(error, page=PAGE, fragment=LIST, items=store().pending_promotions(g.target))
    return written(message, redirect_to=url_for(".pending"), fragment=LIST, items=store().pending_promotions(g.target))


def shown_etags(entry_ids: list[str]) -> dict[str, str]:
    sent = {entry_id: request.form.get(f"etag-{entry_id}") for entry_id in entry_ids}
    return {entry_id: etag for entry_id, etag in sent.items() if etag}


def decide_each(decision: str, entry_ids: list[str]) -> tuple[int, list[str]]:
    done, failures = 0, []
    for entry_id in dict.fromkeys(entry_ids):
        expected = request.form.get(f"etag-{entry_id}") or None
        try:
            if decision == "approve":
                store().approve_promotion(g.target, entry_id, expected_etag=expected)
            else:
                store().reject_promotion(g.target, entry_id, expected_etag=expected)
            done += 1
        except REFUSALS as error:
            failures.append(str(error))
    return done, failures


def selected_message(decision: str, done: int, failures: list[str]) -> str:
    verb = "Approved" if decision == "approve" else "Rejected"
    message = f"{verb} {done} promotion{'s' if done != 1 else ''}."
    if failures:
        message += f" {len(failures)} refused: " + "; ".join(failures)
    return message


def act(entry_id: str, action, message: str):
    try:
        action()
    except REFUSALS as error:
        return refused_row(error, entry_id)
    return written(message, redirect_to=safe_next(url_for(".pending")))


def refused_row(error: Exception, entry_id: str):
    items = store().pending_promotions(g.target)
    item = next((i for i in items if i.entry.entry_id == entry_id), None)
    draft = request.form.get("principle_text")
    if item is None:
        return refused(error, page=PAGE, items=items, focus_id=entry_id, draft=draft)
    return refused(error, page=PAGE, fragment=ROW, item=item, items=items, focus_id=entry_id, draft=draft)
