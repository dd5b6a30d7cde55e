"""How values read on screen: dates, ages, percentages, enum labels, and default template names."""

from __future__ import annotations

import re
import time
from datetime import datetime, timezone
from urllib.parse import quote, urlsplit

from flask import Flask, current_app, g, request, url_for

from .adapter import DialecticalMemoryError, contains_cjk, counts, found_by, plain_reason, promotion_evidence, reverify_question, reverify_state, store
from .urls import url_with_args

SECONDS_PER_DAY = 86_400.0
MATURITY_NAMES = ("INCIDENT", "PATTERN", "PRINCIPLE", "WISDOM")
# What each maturity tier means, in one line (SPEC §5's promotion thresholds, in words).
TIER_MEANINGS = {
    "INCIDENT": "New: noted once, not yet shown to hold.",
    "PATTERN": "It came up again: used twice or more over at least 3 days.",
    "PRINCIPLE": "It held: used 5 times or more over at least a week.",
    "WISDOM": "Long proven: used 10 times or more over at least two weeks.",
}


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


RULE_CODE = re.compile(r"\s*\[([a-z][a-z0-9_]*)\]\s*$")


def safety_reason(text: str | None) -> tuple[str, str]:
    """A safety check's reason as (words a person reads, the rule's code for a tooltip).

    The check ends its reason with the rule's code in brackets (``… [prompt_injection]``); the code
    is for people who debug the check, not for the page.
    """
    if not text:
        return "", ""
    match = RULE_CODE.search(text)
    if match is None:
        return text, ""
    return text[: match.start()], match.group(1).replace("_", " ")


def without_rule_code(text: str | None) -> str:
    return safety_reason(text)[0]


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
    # Not "style": a textarea a person resized has an inline style, and htmx copying it onto the
    # swapped-in element is an inline style the CSP (style-src 'self') refuses.
    "attributesToSettle": ["class", "width", "height"],
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


ENTRY_ID_DETAILS = ("other", "kept", "synthesis", "restated_by")
HIDDEN_DETAILS = ("detail_edge", "undone")  # ids: the entry and the action undone are named otherwise
DETAIL_LABELS = {"undone_action": "undid", "freed": "chars freed", "archived": "let go"}
GONE = "an entry no longer here"

# History actions (the store's names) as a person says them.
ACTION_WORDS = {
    "add": "added", "reinforce": "said again", "edit": "edited", "remove": "removed", "replace": "replaced",
    "hit": "used", "observed": "seen in behaviour", "surface": "shown to the assistant", "ignore": "ignored",
    "contradiction": "contradiction found", "contradiction_updated": "contradiction updated",
    "contradiction_resolved": "contradiction settled", "dismiss": "not a contradiction",
    "supersede": "kept the other side", "synthesize": "synthesis written", "synthesized": "merged into a synthesis",
    "merge": "merged", "confirm": "confirmed", "revise": "revised", "retire": "retired", "archive": "archived",
    "restore": "restored", "undo": "undone", "decay": "expired", "demote": "demoted", "promote": "promoted",
    "propose_promotion": "promotion proposed", "reject_promotion": "promotion declined",
    "withdraw_promotion": "promotion withdrawn", "blocked": "blocked by the safety check",
    "keep_blocked": "kept despite the safety check", "make_room": "made room", "approve_staged": "approved from Hermes' queue",
    "restated": "folded into the entry it said again",
}
ARCHIVED_AS = re.compile(r"^(synthesized into|merged into|superseded by) ([0-9a-f]{8}-[0-9a-f-]{27})$")
ENTRY_ID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
ARCHIVED_AS_WORDS = {"synthesized into": "merged into the synthesis", "merged into": "merged into",
                     "superseded by": "the other side was kept:"}


def action_words(action: str | None) -> str:
    """A history action in words: ``supersede`` → "kept the other side"."""
    return ACTION_WORDS.get(action or "", humanize(action or ""))


def archive_reason_words(reason: str | None, target: str) -> str:
    """Why an entry is in the archive, naming the entry it went into by its words, not its id."""
    if not reason:
        return "archived"
    match = ARCHIVED_AS.match(reason)
    if match is None:
        return entries_named(without_rule_code(reason), target)
    return f"{ARCHIVED_AS_WORDS[match.group(1)]} “{short(entry_label(target, match.group(2)), 60)}”"


def in_the_models_words(text: str) -> str:
    """A reason a judge gave, ``judge:<model>: <its words>``, as a person reads it: "the model
    <model> said “<its words>”"; any other text as it is."""
    model, colon, said = text.removeprefix("judge:").partition(": ")
    if not text.startswith("judge:") or not colon or not model.strip():
        return text
    return f"the model {model.strip()} said “{said.strip()}”"


def entries_named(text: str, target: str) -> str:
    """``text`` with each entry id it holds ("the same fact as entry 95c5…") replaced by the entry's
    words in quotes: a reason written for the history names entries by id, a person by their words."""
    return ENTRY_ID.sub(lambda found: "“" + short(entry_label(target, found.group(0)), 40) + "”", text)


def naming(message: str, entry_id: str | None) -> str:
    """``message`` with ``{text}`` filled by the entry's words in quotes: success messages name
    the entry they changed (``Confirmed “User drinks oat milk”: still true.``)."""
    return message.format(text=f"“{short(entry_label(g.target, entry_id), 60)}”")


def entry_label(target: str, entry_id: str | None) -> str:
    """The entry's text (active or archived), or a few words saying it is gone (never its id)."""
    if not entry_id:
        return ""
    cache = g.setdefault("entry_labels", {})
    if (target, entry_id) not in cache:
        try:
            cache[target, entry_id] = store().get_entry(target, entry_id).text
        except DialecticalMemoryError:
            cache[target, entry_id] = GONE
    return cache[target, entry_id]


def record_details(record: dict) -> list[tuple[str, str]]:
    """The ``detail`` of a history record as (label, value) pairs a person can read."""
    pairs = []
    for key, value in (record.get("detail") or {}).items():
        if key in HIDDEN_DETAILS:
            continue
        label = DETAIL_LABELS.get(key, key.removeprefix("detail_").replace("_", " "))
        if key == "reason" and record.get("action") == "contradiction":
            label, value = "why", plain_reason(store().recorded_contradiction(record) or {"reason": value})  # its words
        elif key in ENTRY_ID_DETAILS and isinstance(value, str):
            value = "“" + short(entry_label(record["target"], value), 40) + "”"
        elif key == "undone_action":
            value = action_words(value)
        elif isinstance(value, list):
            value = ", ".join("“" + short(entry_label(record["target"], v), 30) + "”" for v in value)
        elif isinstance(value, str):
            value = humanize(without_rule_code(value)) if re.fullmatch(r"[a-z]+(_[a-z]+)+", value) else entries_named(
                in_the_models_words(without_rule_code(value)), record["target"])
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
        "found_by": found_by,
        "promotion_evidence": promotion_evidence,
        "reverify_question": reverify_question,
        "reverify_state": reverify_state,
        "safety_reason": safety_reason,
        "archive_reason_words": archive_reason_words,
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
        without_rule_code=without_rule_code,
        action_words=action_words,
        reject_keys=reject_keys,
    )
    app.jinja_env.tests["cjk"] = contains_cjk
    app.jinja_env.globals.update(TIER_MEANINGS=TIER_MEANINGS, ACTION_WORDS=ACTION_WORDS, suggestion=suggestion)
    app.context_processor(template_defaults)


def suggestion(kind: str, entry_ids, target: str | None = None) -> dict | None:
    """The shown draft ``{text, drafted_by}`` of a proposal on this target, or on ``target`` (read
    from the drafts file: a page never waits on a model), or None."""
    return store().draft_for(target or g.target, kind, list(entry_ids))
