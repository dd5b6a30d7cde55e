"""Error pages: unknown ids are 404 pages, refused requests say why; htmx gets the message only."""

from __future__ import annotations

from flask import Flask, current_app, render_template
from markupsafe import escape
from werkzeug.exceptions import HTTPException

from .adapter import DialecticalMemoryError
from .responses import out_of_band_updates, status_for, wants_fragment

TITLES = {
    400: "Bad request",
    403: "Refused",
    404: "Not found",
    405: "Method not allowed",
    409: "Changed meanwhile",
    413: "Too large",
    422: "Invalid input",
    500: "Something went wrong",
    503: "Memory files unavailable",
}


def error_page(status: int, message: str):
    if wants_fragment():
        body = out_of_band_updates(message, "error")
        return body, status, {"HX-Reswap": "none"}
    title = TITLES.get(status, "Error")
    try:
        return render_template("error.html", status=status, title=title, description=message), status
    except Exception:  # the page around the message failed too: still answer, plainly
        current_app.logger.exception("the error page could not be rendered")
        return f"<!doctype html><title>{escape(title)}</title><h1>{escape(title)}</h1><p>{escape(message)}</p>", status


def http_error(error: HTTPException):
    return error_page(error.code or 500, error.description or TITLES.get(error.code, "Error"))


def core_error(error: DialecticalMemoryError):
    status = status_for(error)
    return error_page(503 if status == 500 else status, str(error))


def init_errors(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(DialecticalMemoryError, core_error)
