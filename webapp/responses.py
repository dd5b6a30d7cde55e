"""One place decides what a request gets back: a whole page, or only the fragment htmx swaps.

Plain browser requests get pages and, after a write, a redirect (POST → redirect → GET). htmx
requests get the fragment that changed plus out-of-band updates of the nav counts and the message.
"""

from __future__ import annotations

from flask import abort, flash, g, redirect, render_template, request
from flask_htmx import HTMX

from .adapter import (
    AmbiguousMatchError,
    CharLimitError,
    ConflictError,
    DialecticalMemoryError,
    InvalidInputError,
    NotFoundError,
    StaleEntryError,
)
from .forms import FormError
from .presenters import without_rule_code
from .security import is_local_path

REFUSALS = (FormError, DialecticalMemoryError)

ERROR_STATUS = (
    (NotFoundError, 404),
    (StaleEntryError, 409),
    (ConflictError, 409),
    (FormError, 422),
    (InvalidInputError, 422),
    (CharLimitError, 422),
    (AmbiguousMatchError, 422),
)


def status_for(error: Exception) -> int:
    for error_type, status in ERROR_STATUS:
        if isinstance(error, error_type):
            return status
    return 500


def wants_fragment() -> bool:
    """htmx asked for a piece of the page (not a boosted navigation nor a history restore)."""
    htmx = HTMX()
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def render(page: str, fragment: str | None = None, *, status: int = 200, **context):
    template = fragment if fragment and wants_fragment() else page
    return render_template(template, **context), status


def written(message, *, redirect_to: str, fragment: str | None = None, oob_fragment: str | None = None, undo=None, undo_action: dict | None = None, **context):
    """The answer to a successful write: redirect, or the refreshed fragment and counts.

    ``message`` is a string or a list of parts (strings, and ``{"text", "url"}`` links) that
    :func:`message_parts` builds. ``oob_fragment`` (htmx only) is rendered with ``context`` after
    the counts, for other parts of the page that change with the write (a pager whose window moved
    up by the row that left). ``undo`` (a :class:`MutationResult`, a history id, or a list of them
    undone newest first) puts an Undo button in the message; ``undo_action`` (``{"url", "fields"}``)
    is an Undo that posts somewhere else (an add is undone by archiving what it added).
    """
    undo_id = undo_id_of(undo)
    if not wants_fragment():
        item = {"text": message, "undo": undo_id, "target": g.get("target"), "undo_action": undo_action}
        flash(item if undo_id or undo_action or not isinstance(message, str) else message, "success")
        return redirect(redirect_to, code=303)
    body = render_template(fragment, **context) if fragment else ""
    return body + out_of_band_updates(message, "success", undo_id, undo_action) + _extra(oob_fragment, context)


def message_parts(*parts) -> list:
    """A message with links in it: ``message_parts("Kept ", text_link("“a”", url), ".")``."""
    return [part for part in parts if part]


def text_link(text: str, url: str) -> dict:
    return {"text": text, "url": url}


def undo_id_of(undo):
    if undo is None or isinstance(undo, str):
        return undo
    if isinstance(undo, (list, tuple)):
        ids = [undo_id_of(one) for one in undo]
        return [i for i in ids if i] or None
    return undo.extra.get("history_id")


def refused(error: Exception, *, page: str, fragment: str | None = None, oob_fragment: str | None = None, **context):
    """The answer to a refused write: the form again, freshly read, with the reason (409/422)."""
    status = status_for(error)
    if status == 404:
        abort(404, str(error))
    if status == 500:
        raise error
    message = _message_for(error)
    if not wants_fragment():
        return render_template(page, error=message, **context), status
    body = render_template(fragment, error=message, **context) if fragment else ""
    return body + out_of_band_updates(message, "error") + _extra(oob_fragment, context), status


def _extra(oob_fragment: str | None, context: dict) -> str:
    return render_template(oob_fragment, **context) if oob_fragment else ""


def out_of_band_updates(message, kind: str, undo_id=None, undo_action: dict | None = None) -> str:
    return render_template("_out_of_band.html", message=message, message_kind=kind, undo_id=undo_id, undo_action=undo_action)


def safe_next(default: str) -> str:
    """Where to go after a plain form post: a local path from the form, else ``default``."""
    target = request.form.get("next", "")
    return target if is_local_path(target) else default


def _message_for(error: Exception) -> str:
    if isinstance(error, StaleEntryError):
        return f"Not saved: {error}. It is shown as it is now."
    return f"Not saved: {without_rule_code(str(error))}"
