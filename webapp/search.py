"""Search across both targets from the top bar: ``/search?q=…``, results grouped by target, best
first (the store's one ranked search: words in English and Chinese, and meaning with [semantic]);
archived entries that contain the text are listed apart."""

from __future__ import annotations

from flask import Blueprint, request

from .adapter import store
from .responses import render
from .targets import TARGETS

bp = Blueprint("search", __name__)

MAX_QUERY_CHARS = 200
RESULTS_PER_TARGET = 50


@bp.get("/search")
def results():
    query = request.args.get("q", "").strip()[:MAX_QUERY_CHARS]
    groups = []
    if query:
        for name in TARGETS:
            page = store().search(query, name, limit=RESULTS_PER_TARGET)
            archived = [e for e in store().archived(name) if query.casefold() in e.text.casefold()]
            groups.append({"target": name, "page": page, "archived": archived[:RESULTS_PER_TARGET]})
    return render("search.html", "_search_results.html", query=query, groups=groups)
