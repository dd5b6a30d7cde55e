"""The archive (everything that left memory, restorable) and the full activity log."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, request, url_for

from .adapter import store
from .forms import FormError, query_offset, whole_number
from .presenters import action_words, entry_label, short
from .responses import REFUSALS, refused, render, safe_next, wants_fragment, written
from .targets import TARGETS

bp = Blueprint("archive", __name__, url_prefix="/<target:target>")

ARCHIVE_PAGE_SIZE = 50
HISTORY_PAGE_SIZE = 100
ACTORS = ("agent", "person", "maintenance", "cli")


@bp.get("/archive")
def archived():
    return render("archive/archive.html", **archive_context())


@bp.post("/archive/<entry_id>/restore")
def restore(entry_id: str):
    try:
        result = store().restore(g.target, entry_id)
    except REFUSALS as error:
        return refused(error, page="archive/archive.html", focus_id=entry_id, **archive_context())
    text = short(entry_label(g.target, result.entry_id or entry_id), 60)
    return written(f"Restored “{text}”: it is back in memory.", redirect_to=safe_next(url_for(".archived")), undo=result)


@bp.get("/archive/")
@bp.get("/history/")
def with_slash():
    """``/memory/archive/`` and ``/memory/history/`` lead where ``/memory/entries`` does: to the page."""
    return redirect(request.full_path.replace("/archive/", "/archive", 1).replace("/history/", "/history", 1).rstrip("?"), code=308)


@bp.post("/history/<history_id>/undo")
def undo(history_id: str):
    """Undo a person's action (a new history record); back to the page the Undo was pressed on."""
    return undone([history_id])


@bp.post("/history/undo")
def undo_several():
    """Undo actions that were one step for the person (keeping one entry of a group supersedes
    each of the others), newest first; stops at the first that cannot be undone."""
    return undone(list(reversed(request.form.getlist("history_id"))))


def undone(history_ids: list[str]):
    back = safe_next(url_for(".history"))
    messages = []
    try:
        if not history_ids:
            raise FormError("Nothing to undo was named.")
        for history_id in history_ids:
            record = store().history_record(g.target, history_id)
            store().undo(g.target, history_id)
            messages.append(undone_words(record))
    except REFUSALS as error:
        return refused(error, page="archive/history.html", **history_context())
    flash((messages[0] if len(messages) == 1 else f"Undone: {len(messages)} changes.") + " It is as it was before.", "success")
    if wants_fragment():
        return "", 204, {"HX-Redirect": back}
    return redirect(back, code=303)


def undone_words(record: dict) -> str:
    """``Undone: kept the other side, “User prefers tabs”.``: the action and the entry, in words."""
    subject = record.get("after") or record.get("before") or {}
    text = subject.get("text") or entry_label(g.target, record.get("entry_id"))
    return f"Undone: {action_words(record.get('action'))}" + (f", “{short(text, 60)}”." if text else ".")


@bp.get("/history")
def history():
    return render("archive/history.html", "archive/_history_table.html", **history_context())


def history_context() -> dict:
    filters = history_filters()
    limit = page_limit()
    records = store().history(
        None if filters["scope"] == "all" else g.target,
        entry_id=filters["entry_id"] or None,
        actor=filters["actor"] or None,
        action=filters["action"] or None,
        limit=limit + 1,
    )
    return {
        "records": records[:limit],
        "has_more": len(records) > limit,
        "limit": limit,
        "filters": filters,
        "actors": ACTORS,
        "targets": TARGETS,
    }


def archive_context() -> dict:
    offset = query_offset()
    return {
        "items": store().archived(g.target, offset=offset, limit=ARCHIVE_PAGE_SIZE),
        "total": store().counts(g.target)["archived"],
        "offset": offset,
        "page_size": ARCHIVE_PAGE_SIZE,
    }


def history_filters() -> dict[str, str]:
    filters = {key: request.args.get(key, "").strip()[:100] for key in ("actor", "action", "entry_id")}
    filters["scope"] = "all" if request.args.get("scope") == "all" else "target"
    return filters


def page_limit() -> int:
    value = whole_number(request.args.get("limit"))
    return min(value, 5000) if value else HISTORY_PAGE_SIZE
