"""Live updates: a stamp that changes whenever the memory files change, polled by the pages.

The agent, the CLI and an editor write to the same files; a page asks for the stamp every few
seconds (``static/dashboard.js``) and, when it moved, refreshes the counts and the list in view
without a reload, leaving anything a person is typing alone.
"""

from __future__ import annotations

from flask import Blueprint, jsonify

from .adapter import store

bp = Blueprint("live", __name__)


@bp.get("/stamp")
def stamp():
    response = jsonify(stamp=store().change_stamp())
    response.headers["Cache-Control"] = "no-store"
    return response
