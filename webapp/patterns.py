"""Pattern proposals a person decides: approve (as given or edited), reject, or approve several.

The reflection layer groups incidents of one holder that tell one story (store/patterns.py); each
approval is the store's merge step, one undoable change. Every action is a plain form that htmx
upgrades; a proposal that changed since the page was drawn is refused with the list drawn again.
A first reflection run on a large home can propose hundreds, so they are shown a page at a time
(Previous / Next); every form carries the page it was on, and the list is drawn again at that page.
"""

from __future__ import annotations

from flask import Blueprint, g, request, url_for

from .adapter import NotFoundError, store
from .forms import FormError, optional_text
from .paging import Pager, clamp_offset, offset_arg
from .responses import REFUSALS, refused, render, written

bp = Blueprint("patterns", __name__, url_prefix="/<target:target>/patterns")

PAGE = "patterns/page.html"
LIST = "patterns/_proposal_list.html"
PAGE_SIZE = 25


@bp.get("/")
def proposals():
    return render(PAGE, **list_context(offset_arg(request.args.get("offset"))))


@bp.post("/<proposal_id>/approve")
def approve(proposal_id: str):
    def approve_one():
        return store().approve_pattern(g.target, proposal_id, text=optional_text(f"text-{proposal_id}"))

    return decide(proposal_id, approve_one, "Pattern written; its incidents are in the archive.")


@bp.post("/<proposal_id>/reject")
def reject(proposal_id: str):
    return decide(proposal_id, lambda: store().reject_pattern(g.target, proposal_id),
                  "Proposal rejected; this group will not be proposed again.")


@bp.post("/selected")
def approve_selected():
    """Approve every ticked proposal with its starting text, each its own undoable change."""
    chosen = request.form.getlist("proposal_ids")
    try:
        if not chosen:
            raise FormError("Tick at least one proposal first.")
        results = store().approve_patterns(g.target, chosen)
    except NotFoundError as error:
        return refused(FormError(f"{error}. The list below is current."), page=PAGE, fragment=LIST, **list_context(posted_page()))
    except REFUSALS as error:
        return refused(error, page=PAGE, fragment=LIST, **list_context(posted_page()))
    count = len(results)
    message = f"Wrote {count} pattern{'s' if count != 1 else ''}; their incidents are in the archive."
    context = list_context(posted_page())
    return written(message, redirect_to=context["pager"].url(context["pager"].offset), fragment=LIST,
                   undo=list(reversed(results)), **context)


def decide(proposal_id: str, action, message: str):
    try:
        result = action()
    except NotFoundError as error:
        return refused(FormError(f"{error}. The list below is current."), page=PAGE, fragment=LIST, **list_context(posted_page()))
    except REFUSALS as error:
        return refused(error, page=PAGE, fragment=LIST, focus_id=proposal_id,
                       draft=request.form.get(f"text-{proposal_id}"), **list_context(posted_page()))
    undo = result if result.extra.get("history_id") else None
    context = list_context(posted_page())
    return written(message, redirect_to=context["pager"].url(context["pager"].offset), fragment=LIST, undo=undo, **context)


# ---------------------------------------------------------------- reading


def list_context(offset: int) -> dict:
    """One page of the proposals (only its rows are drawn: each asks for a suggested text)."""
    found = store().pattern_proposals(g.target)
    offset = clamp_offset(offset, len(found), PAGE_SIZE)
    shown = found[offset : offset + PAGE_SIZE]
    return {"proposals": shown, "pager": pager(offset, offset + len(shown), len(found))}


def pager(offset: int, end: int, total: int) -> Pager:
    return Pager(dom_id="patterns-pager", label="Pattern proposal pages", endpoint="patterns.proposals",
                 offset=offset, end=end, total=total, size=PAGE_SIZE, noun=("proposal", "proposals"))


def posted_page() -> int:
    """The page a decision was made on (the forms' hidden ``offset``)."""
    return offset_arg(request.form.get("offset"))
