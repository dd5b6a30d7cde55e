"""Blocked entries: text that reached the files from outside (Hermes, an editor) and failed the
safety check. It stays in the file but not in the prompt until a person keeps, edits or retires it."""

from __future__ import annotations

from flask import Blueprint, g, url_for

from .adapter import store
from .forms import draft, etag, required_text
from .presenters import short
from .responses import REFUSALS, refused, render, wants_fragment, written

bp = Blueprint("blocked", __name__, url_prefix="/<target:target>/blocked")

PAGE = "blocked/list.html"
ROW = "blocked/_blocked_row.html"


@bp.get("/")
def listing():
    return render(PAGE, entries=store().blocked_entries(g.target))


@bp.post("/<entry_id>/keep")
def keep(entry_id: str):
    return act(entry_id, lambda: store().keep_blocked(g.target, entry_id, expected_etag=etag()),
               "Kept {text}: it is back in the assistant's prompt from the next session.")  # fmt: skip


@bp.post("/<entry_id>/edit")
def edit(entry_id: str):
    def edit_text():
        text = required_text("text", "The new text")
        return store().edit_text(g.target, entry_id, text, expected_etag=etag())

    return act(entry_id, edit_text, "Edited into {text}; the new text passed the safety check.")


@bp.post("/<entry_id>/retire")
def retire(entry_id: str):
    return act(entry_id, lambda: store().retire(g.target, entry_id, expected_etag=etag()), "Removed {text} to the archive.")


def act(entry_id: str, action, message: str):
    """Run ``action``; the row leaves the list, or comes back fresh with the reason it was refused.

    ``message`` names the entry (``{text}``, its words after the action) and offers Undo when the
    action can be undone."""
    try:
        result = action()
    except REFUSALS as error:
        entry = next((e for e in store().blocked_entries(g.target) if e.entry_id == entry_id), None)
        if entry is None or not wants_fragment():
            return refused(error, page=PAGE, entries=store().blocked_entries(g.target), focus_id=entry_id, draft=draft())
        return refused(error, page=PAGE, fragment=ROW, entry=entry, focus_id=entry_id, draft=draft())
    text = store().get_entry(g.target, entry_id).text
    return written(message.format(text=f"“{short(text, 60)}”"), redirect_to=url_for(".listing"), undo=result)
