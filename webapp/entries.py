"""Entries by maturity tier, one entry's detail page, and the inline actions on an entry card."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from flask import Blueprint, abort, flash, g, redirect, request, url_for

from .adapter import BeliefStatus, KnowledgeType, MaturityLevel, NotFoundError, SourceKind, entry_or_404, full_entry_id, store
from .charts import confidence_plot
from .forms import etag, optional_choice, query_offset, required_text
from .presenters import naming, short
from .responses import REFUSALS, message_parts, refused, render, safe_next, text_link, undo_id_of, wants_fragment, written
from .targets import TARGETS
from .security import is_local_path

bp = Blueprint("entries", __name__, url_prefix="/<target:target>/entries")

COLUMN_PAGE_SIZE = 12
ADD_FORM = "entries/_add_form.html"
BOARD_OOB = "entries/_board_oob.html"
SEARCH_MAX_CHARS = 200


@bp.get("/")
def tiers():
    context = board_context()
    status = 422 if context["error"] else 200
    return render("entries/tiers.html", "entries/_board.html", status=status, **context)


@bp.post("/")
def add():
    """A person adds an entry; the agent tool's safety checks apply (unsafe text is refused, 422)."""
    try:
        text = required_text("text", "The new entry")
        source = optional_choice("source_kind", SourceKind, "Source") or SourceKind.USER_EXPLICIT
        kind = optional_choice("knowledge_type", KnowledgeType, "Knowledge type")
        result = store().add(g.target, text, source_kind=source, knowledge_type=kind, actor="person")
    except REFUSALS as error:
        context = board_context()
        del context["error"]
        return refused(error, page="entries/tiers.html", fragment=ADD_FORM, draft=request.form.get("text"), add_error=True, **context)
    message, undo_action = added_message(text, result, type_read=kind is None)
    added = None if result.reinforced else result.entry_id
    return written(message, redirect_to=url_for(".tiers"), fragment=ADD_FORM, oob_fragment=BOARD_OOB, undo_action=undo_action,
                   **board_context(added=added))


def added_message(text: str, result, type_read: bool = False) -> tuple:
    """``Entry added: “…”`` (one full stop), the knowledge type when it was read from the text
    (``type_read``: the person left the choice to the reader), and what it contradicts: each other
    entry quoted and linked to the contradiction, as the CLI names them; with an Undo that takes the
    new entry out."""
    added = f"“{short(text, 60)}”"
    if result.reinforced:
        return f"Already in memory, so it was reinforced: {added}", None
    entry = store().get_entry(g.target, result.entry_id)
    parts = ["Entry added: ", text_link(added, url_for(".detail", entry_id=result.entry_id))]
    if type_read:
        parts.append(f" (read as a {result.extra['knowledge_type']})")
    edges = result.contradictions
    if edges:
        stop = "" if text.rstrip()[-1:] in ".!?。！？" and not type_read else "."
        parts.append(f"{stop} It contradicts {'another entry' if len(edges) == 1 else f'{len(edges)} entries'}: ")
        for number, edge in enumerate(edges):
            other = edge["from_text"] if edge["to_id"] == result.entry_id else edge["to_text"]
            url = url_for("contradictions.edge_panel", edge_id=edge["edge_id"])
            parts += [", " if number else "", text_link(f"“{short(other or '', 80)}”", url)]
        parts.append(" — both are kept until you resolve it.")
    undo = {"url": url_for(".undo_add", entry_id=result.entry_id), "fields": {"etag": entry.etag}}
    return message_parts(*parts), undo


@bp.post("/<entry_id>/undo-add")
def undo_add(entry_id: str):
    """The Undo of an add: the new entry goes to the archive (restorable; nothing is deleted),
    refused when it changed since it was added."""
    try:
        result = store().archive_entry(g.target, entry_id, expected_etag=etag(), reason="undone: added by mistake")
    except REFUSALS as error:
        return refused_card(error, entry_id)
    back = safe_next(url_for(".tiers"))
    flash({"text": "Add undone: the entry is in the archive.", "undo": undo_id_of(result), "target": g.target}, "success")
    if wants_fragment():
        return "", 204, {"HX-Redirect": back}  # the page the Undo was pressed on, without the entry
    return redirect(back, code=303)


def board_context(added: str | None = None) -> dict:
    """The board's columns; ``added`` (an entry a person just added) is shown first in its column
    even when the column's first page ends before it (new entries are last in file order)."""
    filters, error = read_filters()
    pages = store().query_by_tier(g.target, limit=COLUMN_PAGE_SIZE, **filters.store_args())
    columns = [TierColumn(level, pages[level], filters) for level in MaturityLevel]
    if added:
        entry = store().get_entry(g.target, added)
        column = next(c for c in columns if c.level == entry.meta.maturity)
        if all(item.entry_id != added for item in column.page.items):
            column.pinned = [entry]
    return {"filters": filters, "columns": columns, "error": error, "elsewhere": matches_elsewhere(filters.search)}


def matches_elsewhere(search: str) -> dict | None:
    """How many entries of the other target the search finds (a hint when this one has none)."""
    if not search:
        return None
    other = next(t for t in TARGETS if t != g.target)
    total = store().search(search, other, limit=1).total
    return {"target": other, "total": total} if total else None


@bp.get("/tier/<maturity>")
def tier(maturity: str):
    level = maturity_or_404(maturity)
    filters, error = read_filters()
    column = tier_column(level, filters, query_offset())
    status = 422 if error else 200
    return render("entries/tier.html", "entries/_column_more.html", status=status, filters=filters, column=column, error=error)


@bp.get("/<entry_id>")
def detail(entry_id: str):
    full = full_entry_id(g.target, entry_id)
    if full != entry_id:
        return redirect(url_for(".detail", entry_id=full))
    return render("entries/detail.html", **detail_context(entry_id))


@bp.get("/<entry_id>/card")
def card(entry_id: str):
    return render("entries/detail.html", "entries/_entry_card.html", **detail_context(entry_id))


@bp.get("/<entry_id>/edit")
def edit_form(entry_id: str):
    entry = entry_or_404(g.target, entry_id)
    return render("entries/edit.html", "entries/_entry_edit_form.html", entry=entry, next_url=local_next())


@bp.post("/<entry_id>/edit")
def edit(entry_id: str):
    try:
        text = required_text("text", "The text")
        result = store().edit_text(g.target, entry_id, text, expected_etag=etag())
    except REFUSALS as error:
        return refused_edit(error, entry_id)
    return written(
        naming("Edited: now {text}.", entry_id),
        undo=result if result.extra.get("history_id") else None,
        redirect_to=safe_next(url_for(".detail", entry_id=entry_id)),
        fragment="entries/_entry_card.html",
        entry=store().get_entry(g.target, entry_id),
    )


@bp.post("/<entry_id>/archive")
def archive(entry_id: str):
    try:
        result = store().archive_entry(g.target, entry_id, expected_etag=etag())
    except REFUSALS as error:
        return refused_card(error, entry_id)
    return written(naming("Archived {text} (restore it from the archive).", entry_id), redirect_to=safe_next(url_for(".tiers")), undo=result)


@bp.post("/<entry_id>/hit")
def hit(entry_id: str):
    return record_signal(entry_id, store().record_hit, "Hit recorded on {text}.")


@bp.post("/<entry_id>/observed")
def observed(entry_id: str):
    return record_signal(entry_id, store().record_observed, "Observed behaviour recorded on {text}.")


def record_signal(entry_id: str, record, message: str):
    try:
        record(g.target, entry_id, actor="person")
    except REFUSALS as error:
        return refused_card(error, entry_id)
    return written(
        naming(message, entry_id),
        redirect_to=safe_next(url_for(".detail", entry_id=entry_id)),
        fragment="entries/_entry_card.html",
        entry=store().get_entry(g.target, entry_id),
    )


def refused_card(error: Exception, entry_id: str):
    return refused(
        error, page="entries/detail.html", fragment="entries/_entry_card.html", focus_id=entry_id, **detail_context(entry_id)
    )


def refused_edit(error: Exception, entry_id: str):
    return refused(
        error,
        page="entries/edit.html",
        fragment="entries/_entry_edit_form.html",
        entry=store().get_entry(g.target, entry_id),
        draft=request.form.get("text"),
        next_url=request.form.get("next", ""),
    )


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class EntryFilters:
    status: str = ""
    source_kind: str = ""
    knowledge_type: str = ""
    search: str = ""

    def query_args(self) -> dict[str, str]:
        """Only the filters that are set, as URL query arguments."""
        return {key: value for key, value in asdict(self).items() if value}

    def store_args(self) -> dict[str, str | None]:
        return {key: value or None for key, value in asdict(self).items()}

    @property
    def active(self) -> bool:
        return bool(self.query_args())


FILTER_CHOICES = {
    "status": [s.value for s in BeliefStatus],
    "source_kind": [s.value for s in SourceKind],
    "knowledge_type": [k.value for k in KnowledgeType],
}


def read_filters() -> tuple[EntryFilters, str | None]:
    """Filters from the query string; an unknown choice is dropped and reported (never guessed)."""
    values, problems = {}, []
    for key, choices in FILTER_CHOICES.items():
        value = request.args.get(key, "").strip()
        if value and value not in choices:
            problems.append(f"unknown {key.replace('_', ' ')} {value!r}")
            value = ""
        values[key] = value
    values["search"] = request.args.get("search", "").strip()[:SEARCH_MAX_CHARS]
    error = ("Ignored " + "; ".join(problems) + ".") if problems else None
    return EntryFilters(**values), error


def maturity_or_404(name: str) -> MaturityLevel:
    try:
        return MaturityLevel[name.upper()]
    except KeyError:
        abort(404, f"There is no maturity tier {name!r}.")


@dataclass
class TierColumn:
    level: MaturityLevel
    page: object
    filters: EntryFilters
    pinned: list = field(default_factory=list)  # shown before the page: the entry just added

    @property
    def name(self) -> str:
        return self.level.name

    @property
    def next_offset(self) -> int | None:
        return self.page.offset + len(self.page.items) if self.page.has_more else None

    @property
    def previous_offset(self) -> int | None:
        return max(0, self.page.offset - COLUMN_PAGE_SIZE) if self.page.offset else None


def tier_column(level: MaturityLevel, filters: EntryFilters, offset: int) -> TierColumn:
    """One column's page: in file order, or with a search the entries it finds, best first (as the board)."""
    args = filters.store_args()
    query = args.pop("search", None)
    if query:
        page = store().search(query, g.target, maturity=level, offset=offset, limit=COLUMN_PAGE_SIZE, **args).page()
    else:
        page = store().query_entries(g.target, maturity=level, offset=offset, limit=COLUMN_PAGE_SIZE, **args)
    return TierColumn(level, page, filters)


def detail_context(entry_id: str) -> dict:
    entry = entry_or_404(g.target, entry_id)
    series = store().confidence_series(g.target, entry_id)
    edges = store().get_contradictions(g.target, include_resolved=True, entry_id=entry_id)
    return {
        "entry": entry,
        "plot": confidence_plot(series),
        "parents": related_entries(entry.meta.parent_ids),
        "children": related_entries(entry.meta.child_ids),
        "superseded_by": related_entries([entry.meta.superseded_by] if entry.meta.superseded_by else []),
        "says_again": related_entries([entry.meta.says_again] if entry.meta.says_again else []),
        "edges": edges,
        **timeline(entry.entry_id),
    }


TIMELINE_LIMIT = 50


def timeline(entry_id: str) -> dict:
    """The entry's newest history records (the log is read from its end); the rest on the History page."""
    records = store().history(g.target, entry_id=entry_id, limit=TIMELINE_LIMIT + 1)
    return {"timeline": records[:TIMELINE_LIMIT], "timeline_more": len(records) > TIMELINE_LIMIT}


def related_entries(entry_ids) -> list:
    found = []
    for entry_id in entry_ids:
        try:
            found.append(store().get_entry(g.target, entry_id))
        except NotFoundError:
            continue
    return found


def local_next() -> str:
    """``?next=`` for the edit form's Cancel link, when it is a path on this site."""
    value = request.args.get("next", "")
    return value if is_local_path(value) else ""
