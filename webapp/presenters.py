"""How values read on screen: dates, ages, percentages, enum labels, and default template names."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from urllib.parse import quote, urlsplit

from flask import Flask, current_app, g, request, url_for

from .adapter import DialecticalMemoryError, counts, store
from .reasons import plain_reason
from .text import contains_cjk
from .urls import url_with_args

SECONDS_PER_DAY = 86_400.0
MATURITY_NAMES = ("INCIDENT", "PATTERN", "PRINCIPLE", "WISDOM")


def now() -> float:
    clock = current_app.config.get("CLOCK") or time.time
    return clock()


def format_time(epoch: float | None) -> str:
    if not epoch:
        return "—"
    return datetime.fromtimestamp(epoch, timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M")


def format_iso(epoch: float | None) -> str:
    if not epoch:
        return ""
    return datetime.fromtimestamp(epoch, timezone.utc).isoformat(timespec="seconds")


def format_age(epoch: float | None) -> str:
    """``3 d ago``, ``in 5 d``, ``just now``: how far ``epoch`` is from now."""
    if not epoch:
        return "—"
    seconds = now() - epoch
    if abs(seconds) < 60:
        return "just now"
    amount, unit = _largest_unit(abs(seconds))
    return f"{amount} {unit} ago" if seconds > 0 else f"in {amount} {unit}"


def _largest_unit(seconds: float) -> tuple[int, str]:
    for size, unit in ((SECONDS_PER_DAY, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return int(seconds // size), unit
    return int(seconds), "s"


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.0f}%"


def days(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} d"


def enum_value(value) -> str:
    """The stored spelling of an enum (``observed``, ``PATTERN``) or the value itself."""
    if hasattr(value, "name") and isinstance(getattr(value, "value", None), int):
        return value.name
    return getattr(value, "value", value)


def maturity_name(value) -> str:
    if isinstance(value, str):
        return value
    return MATURITY_NAMES[int(value)]


def humanize(value) -> str:
    return str(enum_value(value)).replace("_", " ")


def short(text: str | None, length: int = 80) -> str:
    if not text:
        return ""
    text = " ".join(text.split())
    return text if len(text) <= length else text[: length - 1] + "…"


HTMX_CONFIG = {
    "includeIndicatorStyles": False,
    "allowEval": False,
    "allowScriptTags": False,
    "selfRequestsOnly": True,
    "historyCacheSize": 0,
    "refreshOnHistoryMiss": True,
    "responseHandling": [
        {"code": "204", "swap": False},
        {"code": "[23]..", "swap": True},
        {"code": "409|422", "swap": True, "error": False},
        {"code": "[45]..", "swap": True, "error": True},
    ],
}


def nav_counts() -> dict:
    """The current target's counts, read once per request."""
    if "nav_counts" not in g:
        g.nav_counts = counts(g.get("target", "memory"))
    return g.nav_counts


def target_switch_url(target: str) -> str:
    """The same page for the other target when it exists there, else that target's overview."""
    endpoint = request.endpoint or "overview.show"
    if request.view_args or endpoint == "static":
        return url_for("overview.show", target=target)
    return url_with_args(endpoint, target=target)


URL_MARKER = "IDMARKER"


def id_url(endpoint: str, key: str, **args):
    """``url_for(endpoint, key=value, **args)`` for many values: built once, then joined.

    Lists draw hundreds of links that differ only in one id; building each through the routing
    map costs more than the rest of the row.
    """
    head, _, tail = url_for(endpoint, **{key: URL_MARKER}, **args).partition(URL_MARKER)
    return lambda value: head + quote(str(value), safe="") + tail


def entry_url(endpoint: str, entry_id: str) -> str:
    """``url_for(endpoint, entry_id=entry_id)`` on the current target, cached per request."""
    builders = g.setdefault("entry_url_builders", {})
    build = builders.get(endpoint)
    if build is None:
        build = builders[endpoint] = id_url(endpoint, "entry_id")
    return build(entry_id)


ENTRY_ID_DETAILS = ("other", "kept", "synthesis")
HIDDEN_DETAILS = ("detail_edge",)


def entry_label(target: str, entry_id: str | None) -> str:
    """A few words of the entry's text (active or archived), or its id if it is gone."""
    if not entry_id:
        return ""
    cache = g.setdefault("entry_labels", {})
    if (target, entry_id) not in cache:
        try:
            cache[target, entry_id] = store().get_entry(target, entry_id).text
        except DialecticalMemoryError:
            cache[target, entry_id] = entry_id
    return cache[target, entry_id]


def record_details(record: dict) -> list[tuple[str, str]]:
    """The ``detail`` of a history record as (label, value) pairs a person can read."""
    pairs = []
    for key, value in (record.get("detail") or {}).items():
        if key in HIDDEN_DETAILS:
            continue
        label = key.removeprefix("detail_").replace("_", " ")
        if key == "reason" and record.get("action") == "contradiction":
            label, value = "why", plain_reason({"reason": value, "author": record.get("actor")})  # its words, not its code
        elif key in ENTRY_ID_DETAILS and isinstance(value, str):
            value = "“" + short(entry_label(record["target"], value), 40) + "”"
        elif isinstance(value, list):
            value = ", ".join("“" + short(entry_label(record["target"], v), 30) + "”" for v in value)
        pairs.append((label, str(value)))
    return pairs


def undo_state(record: dict) -> str | None:
    """``"undoable"``, ``"undone"`` or None (not a person's action that can be undone)."""
    if not record.get("undo") or not record.get("id"):
        return None
    undone = g.setdefault("undone_ids", {})
    if record["target"] not in undone:
        undone[record["target"]] = store().undone_ids(record["target"])
    return "undone" if record["id"] in undone[record["target"]] else "undoable"


def change_stamp() -> str:
    """The files' stamp when the page was drawn; the page polls for a newer one."""
    return store().change_stamp()


def current_page_url() -> str:
    """The page the person is looking at: this GET, or the page an htmx request was sent from."""
    sent_from = request.headers.get("HX-Current-URL") if request.method != "GET" or request.headers.get("HX-Request") else None
    if sent_from:
        parts = urlsplit(sent_from)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    if request.method == "GET":
        return request.full_path.rstrip("?")
    return request.form.get("next", "") or url_for("overview.show")


def reject_keys(mapping, *keys) -> dict:
    return {key: value for key, value in mapping.items() if key not in keys}


def template_defaults() -> dict:
    """Names every template may test; a view that knows better passes its own."""
    return {
        "error": None,
        "focus_id": None,
        "draft": None,
        "target": g.get("target", "memory"),
        "htmx_config": HTMX_CONFIG,
        "nav_counts": nav_counts,
        "target_switch_url": target_switch_url,
        "entry_label": entry_label,
        "entry_url": entry_url,
        "record_details": record_details,
        "current_page_url": current_page_url,
        "undo_state": undo_state,
        "change_stamp": change_stamp,
        "plain_reason": plain_reason,
    }


def init_presenters(app: Flask) -> None:
    app.jinja_env.filters.update(
        time=format_time,
        iso=format_iso,
        age=format_age,
        percent=percent,
        days=days,
        enum=enum_value,
        maturity=maturity_name,
        humanize=humanize,
        short=short,
        reject_keys=reject_keys,
    )
    app.jinja_env.tests["cjk"] = contains_cjk
    app.context_processor(template_defaults)
