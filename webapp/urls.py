"""Links that carry the query string of the current page.

A query string is what the visitor typed: its keys must never reach ``url_for`` as keyword
arguments (``?endpoint=``, ``?target=``, ``?_external=``, ``?_method=`` collide with its own
parameters and answered 500). Here ``url_for`` gets only the values the code chose, and the
visitor's query follows as encoded data.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import request, url_for


def url_with_args(endpoint: str, *, drop=(), **values) -> str:
    """``url_for(endpoint, **values)``, then this request's query arguments (except ``drop`` and
    those ``values`` set) appended as data."""
    url = url_for(endpoint, **values)
    kept = [(k, v) for k, v in request.args.items(multi=True) if k not in drop and k not in values]
    if not kept:
        return url
    return f"{url}{'&' if '?' in url else '?'}{urlencode(kept)}"
