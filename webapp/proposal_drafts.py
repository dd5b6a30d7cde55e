"""The "Draft it" button where a person decides: a first text for a pattern, synthesis or principle.

Maintenance drafts each open proposal once (``store/drafts.py``); a proposal that appeared since, or
whose model gave nothing, gets a button beside its box. The request only checks what may be sent
(the store's ``draft_asker``: the proposal still open, no blocked, kept or flagged entry, the day's
budget) and starts the asking on a thread (``background_drafts``); then it answers as a plain form
does, with a redirect to the page it came from (htmx follows it and swaps the row or panel it
names). The page says "Drafting…" with a Refresh link, htmx reloading it by itself, until the draft
pre-fills the box as "Suggested by <model>". Without a drafting model the place says how to
configure one.
"""

from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, request, url_for

from .adapter import NotFoundError, store
from .background_drafts import BackgroundDrafts
from .forms import FormError
from .presenters import without_rule_code
from .responses import REFUSALS, safe_next

bp = Blueprint("drafts", __name__, url_prefix="/<target:target>/drafts")

NOT_CONFIGURED = ("No model drafts here yet. For a first text, set DMEM_JUDGE_URL (and DMEM_JUDGE_MODEL) to an "
                  "OpenAI-compatible endpoint, or give its url and model in the draft table of "
                  "~/.config/dialectical-memory/judge.toml, then restart dmem serve.")
STAYS_HOME = "No model is asked: an entry here is blocked or kept on the Blocked page, and stays here."
GAVE_NONE = "No draft: the model gave none (or did not answer in time)."


@bp.post("/")
def start():
    """Start the drafting model's draft of the proposal ``kind`` over ``ids`` on a thread, then go
    back to the page (``next``) that shows it."""
    back = safe_next(url_for("overview.show"))
    kind, ids = request.form.get("kind", ""), [i for i in request.form.getlist("ids") if i]
    subject = store().draft_subject(g.target, kind, ids) if ids else None
    try:
        if subject is None:
            raise NotFoundError("gone")
        ask = store().draft_asker(g.target, kind, ids)
        if ask is None:
            raise FormError(NOT_CONFIGURED)
    except NotFoundError:  # nowhere left to say it but the page's message
        flash("Not drafted: that proposal is no longer open (decided, or its entries changed).", "error")
        return redirect(back, code=303)
    except REFUSALS as error:  # said where the button was
        jobs().refuse(g.target, subject.key, f"Not drafted: {without_rule_code(str(error))}")
        return redirect(back, code=303)
    jobs().start(g.target, subject.key, ask)
    return redirect(back, code=303)


@bp.app_template_global()
def draft_state(kind: str, entry_ids, target: str | None = None) -> dict:
    """What the place of a proposal without a draft says: the model that would draft it (None:
    none configured; ``off``: turned off), whether it may be sent, and its background job.
    ``target``: the file the proposal is in, when not the page's (the review walks both)."""
    target = target or g.target
    model = store().drafting_model()
    subject = store().draft_subject(target, kind, entry_ids)
    job = jobs().job(target, subject.key) if subject is not None else None
    note = None
    if job is not None and job.finished and not job.text:
        note = job.note or GAVE_NONE
    return {
        "model": str(getattr(model, "name", "model")) if model is not None else None,
        "off": store().drafter is False,  # DMEM_DRAFTS=off or [draft] enabled = false: nothing to say
        "why_none": NOT_CONFIGURED,
        "may_leave": bool(subject and subject.may_leave),
        "stays_home": STAYS_HOME,
        "drafting": bool(job and not job.finished),
        "note": note,
    }


def jobs() -> BackgroundDrafts:
    return current_app.extensions["dmem_proposal_drafts"]
