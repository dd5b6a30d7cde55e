"""Promotions a person approves or rejects, with the evidence against each threshold.

Maintenance can propose thousands at once, so they are shown a page at a time (Previous / Next).
"""

from __future__ import annotations

from flask import Blueprint, g, request, url_for

from .adapter import check_etags, counts, store
from .forms import FormError, etag, optional_text
from .paging import Pager, clamp_offset, offset_arg, posted_offset, posted_window
from .presenters import naming
from .responses import REFUSALS, refused, render, safe_next, wants_fragment, written

bp = Blueprint("promotions", __name__, url_prefix="/<target:target>/promotions")

PAGE = "promotions/list.html"
ROW = "promotions/_promotion_row.html"
LIST = "promotions/_promotion_list.html"
PAGER_OOB = "_pager_oob.html"
DECISIONS = ("approve", "reject")
PAGE_SIZE = 25


@bp.get("/")
def pending():
    return render(PAGE, **list_context(offset_arg(request.args.get("offset"))))


@bp.post("/<entry_id>/approve")
def approve(entry_id: str):
    def approve_one():
        return store().approve_promotion(g.target, entry_id, principle_text=optional_text("principle_text"), expected_etag=etag())

    return act(entry_id, approve_one, "Promotion approved: {text} moves up a tier.")


@bp.post("/<entry_id>/reject")
def reject(entry_id: str):
    return act(entry_id, lambda: store().reject_promotion(g.target, entry_id, expected_etag=etag()), "Promotion rejected: {text} stays where it is.")


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
        return refused(error, page=PAGE, fragment=LIST, **list_context(bulk_offset()))
    done, failures = decide_each(decision, chosen)
    message = selected_message(decision, done, failures)
    if failures:
        error = FormError(message)
        return refused(error, page=PAGE, fragment=LIST, **list_context(bulk_offset()))
    context = list_context(bulk_offset())
    redirect_to = context["pager"].url(context["pager"].offset)
    return written(message, redirect_to=redirect_to, fragment=LIST, **context)


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
        result = action()
    except REFUSALS as error:
        return refused_row(error, entry_id)
    return written(naming(message, entry_id), redirect_to=safe_next(url_for(".pending")), undo=result, **moved_pager())


def refused_row(error: Exception, entry_id: str):
    draft = request.form.get("principle_text")
    if not wants_fragment():
        return refused(error, page=PAGE, focus_id=entry_id, draft=draft, **list_context(posted_offset()))
    item = next((i for i in store().pending_promotions(g.target) if i.entry.entry_id == entry_id), None)
    if item is None:  # no longer pending: the row leaves
        return refused(error, page=PAGE, focus_id=entry_id, draft=draft, **moved_pager())
    return refused(error, page=PAGE, fragment=ROW, item=item, focus_id=entry_id, draft=draft)


# ---------------------------------------------------------------- reading


def list_context(offset: int) -> dict:
    total = counts(g.target)["pending_promotions"]
    offset = clamp_offset(offset, total, PAGE_SIZE)
    shown = store().pending_promotions(g.target, offset=offset, limit=PAGE_SIZE)
    return {"items": shown, "pager": pager(offset, offset + len(shown), total)}


def pager(offset: int, end: int, total: int) -> Pager:
    return Pager(
        dom_id="promotions-pager",
        label="Promotion pages",
        endpoint="promotions.pending",
        offset=offset,
        end=end,
        total=total,
        size=PAGE_SIZE,
        noun=("promotion to approve", "promotions to approve"),
    )


def bulk_offset() -> int:
    """The page the bulk form was on (its hidden ``offset``)."""
    return offset_arg(request.form.get("offset"))


def moved_pager() -> dict:
    """After a row left an htmx page: the pager one row shorter, so Next skips nothing."""
    window = posted_window()
    if window is None:
        return {}
    offset, end = window
    total = counts(g.target)["pending_promotions"]
    return {"oob_fragment": PAGER_OOB, "pager": pager(offset, max(offset, min(end - 1, total)), total)}
