"""Contradictions: the graph, a side panel per edge or node, and the four ways to resolve them.

The graph and the list of edges are paged (``?graph_page=N``, ``?list_page=N``); every link and
form of the workspace carries the pages being looked at, so a reload or a plain form post comes
back to the same place.
"""

from __future__ import annotations

import math

from flask import Blueprint, abort, g, make_response, redirect, request, url_for

from .adapter import KnowledgeType, NotFoundError, entry_or_404, find_entry, full_entry_id, full_id, store
from .forms import FormError, optional_choice, optional_text, required_text, whole_number
from .graph_layout import layout_graph, plan_page
from .presenters import id_url
from .reasons import behaviour_side, plain_reason
from .responses import REFUSALS, refused, render, wants_fragment, written

bp = Blueprint("contradictions", __name__, url_prefix="/<target:target>/contradictions")

MAX_RESOLVED_EDGES = 60
LIST_PAGE_SIZE = 40
VIEW_ARGS = ("graph_page", "list_page")
WORKSPACE = "contradictions/_workspace.html"
PANEL = "contradictions/_panel.html"
PAGE = "contradictions/graph.html"


@bp.get("/")
def graph():
    """The workspace, opened on the first unresolved contradiction (its panel ready to act on)."""
    return render(PAGE, **workspace_context(edge_id=first_unresolved_id(), preselected=True))


@bp.get("/edges/<edge_id>")
def edge_panel(edge_id: str):
    full = full_id(edge_id, [link[0] for link in all_links()])
    if full != edge_id:
        return redirect(url_for(".edge_panel", edge_id=full, **request.args))
    if wants_fragment():
        return render(PAGE, PANEL, **panel_context(edge_id=edge_id))
    return render(PAGE, **workspace_context(edge_id=edge_id))


@bp.get("/nodes/<entry_id>")
def node_panel(entry_id: str):
    full = full_entry_id(g.target, entry_id)
    if full != entry_id:
        return redirect(url_for(".node_panel", entry_id=full, **request.args))
    if wants_fragment():
        return render(PAGE, PANEL, **panel_context(entry_id=entry_id))
    return render(PAGE, **workspace_context(entry_id=entry_id))


@bp.post("/edges/<edge_id>/synthesize")
def synthesize(edge_id: str):
    edge = edge_or_404(edge_id)
    try:
        text = required_text("text", "The synthesis")
        kind = optional_choice("knowledge_type", KnowledgeType, "Knowledge type")
        result = store().synthesize(g.target, [edge["from_id"], edge["to_id"]], text, knowledge_type=kind, expected_etags=posted_etags(edge))
    except REFUSALS as error:
        return refused_on_edge(error, edge_id)
    return resolved("Synthesis written; both sides are archived as its parents.", entry_id=result.entry_id, undo=result)


@bp.post("/edges/<edge_id>/keep")
def keep_side(edge_id: str):
    edge = edge_or_404(edge_id)
    try:
        keep_id = request.form.get("keep_id", "")
        if keep_id not in (edge["from_id"], edge["to_id"]):
            raise FormError("Choose which side to keep.")
        drop_id = edge["to_id"] if keep_id == edge["from_id"] else edge["from_id"]
        result = store().supersede(g.target, keep_id, drop_id, expected_etags=posted_etags(edge))
    except REFUSALS as error:
        return refused_on_edge(error, edge_id)
    return resolved("Kept one side; the other is archived as superseded.", entry_id=keep_id, undo=result)


@bp.post("/edges/<edge_id>/dismiss")
def dismiss(edge_id: str):
    edge_or_404(edge_id)
    try:
        result = store().dismiss_contradiction(g.target, edge_id)
    except REFUSALS as error:
        return refused_on_edge(error, edge_id)
    return resolved("Marked as not a contradiction.", undo=result)


@bp.post("/link")
def link():
    from_id = request.form.get("from_id", "").strip()
    try:
        first = find_entry(g.target, from_id, "The first entry")
        second = find_entry(g.target, request.form.get("other", ""), "The other entry")
        result = store().mark_contradiction(g.target, first.entry_id, second.entry_id, reason=optional_text("reason") or "")
    except REFUSALS as error:
        context = workspace_context(entry_id=from_id if from_id in node_ids() else None)
        return refused(error, page=PAGE, fragment=WORKSPACE, focus_id="link", draft=request.form.get("other"), **context)
    return resolved("Linked as contradicting.", edge_id=result.contradictions[0]["edge_id"], undo=result)


# ---------------------------------------------------------------- responses


def resolved(message: str, *, entry_id: str | None = None, edge_id: str | None = None, undo=None):
    if edge_id:
        redirect_to = url_for(".edge_panel", edge_id=edge_id, **view_args())
    else:
        redirect_to = url_for(".graph", **view_args())
    g.pop("all_links", None)
    preselected = not edge_id and not entry_id
    if preselected:
        edge_id = first_unresolved_id()  # dismissed: straight on to the next one
    if not wants_fragment():
        return written(message, redirect_to=redirect_to, undo=undo)
    context = workspace_context(edge_id=edge_id, result_id=entry_id, preselected=preselected)
    response = make_response(written(message, redirect_to=redirect_to, fragment=WORKSPACE, undo=undo, **context))
    response.headers["HX-Push-Url"] = redirect_to  # a reload shows what the workspace shows now
    return response


def refused_on_edge(error: Exception, edge_id: str):
    g.pop("all_links", None)
    return refused(error, page=PAGE, fragment=WORKSPACE, draft=request.form.get("text"), **workspace_context(edge_id=edge_id))


# ---------------------------------------------------------------- reading


def all_links() -> list[tuple[str, str, str, bool]]:
    """``(edge_id, from_id, to_id, resolved)`` of every edge, read once per request (cleared after a write)."""
    if "all_links" not in g:
        g.all_links = store().contradiction_links(g.target)
    return g.all_links


def unresolved_ids() -> list[str]:
    return [edge_id for edge_id, _from, _to, resolved in all_links() if not resolved]


def first_unresolved_id() -> str | None:
    ids = unresolved_ids()
    return ids[0] if ids else None


def neighbours(edge_id: str) -> dict:
    """Where this edge stands among the unresolved ones, and the previous and next (wrapping)."""
    ids = unresolved_ids()
    if edge_id not in ids:
        return {"position": None, "total": len(ids), "previous": ids[-1] if ids else None, "next": ids[0] if ids else None}
    at = ids.index(edge_id)
    many = len(ids) > 1
    return {
        "position": at + 1,
        "total": len(ids),
        "previous": ids[at - 1] if many else None,
        "next": ids[(at + 1) % len(ids)] if many else None,
    }


def edge_or_404(edge_id: str) -> dict:
    edge = next(iter(store().get_contradictions(g.target, include_resolved=True, edge_id=edge_id)), None)
    if edge is None:
        abort(404, f"No contradiction {edge_id!r} in {g.target}.")
    return edge


def node_ids() -> set[str]:
    return {i for _edge, from_id, to_id, _resolved in all_links() for i in (from_id, to_id)}


def posted_etags(edge: dict) -> dict[str, str]:
    sent = {edge["from_id"]: request.form.get("etag_from"), edge["to_id"]: request.form.get("etag_to")}
    return {entry_id: etag for entry_id, etag in sent.items() if etag}


def view_args() -> dict[str, int]:
    """The pages of the graph and of the list being looked at (only those past the first)."""
    view = {}
    for key in VIEW_ARGS:
        value = whole_number(request.args.get(key))
        if value and value > 1:
            view[key] = value
    return view


def panel_context(*, edge_id: str | None = None, entry_id: str | None = None, result_id: str | None = None) -> dict:
    """What the side panel needs (the whole of an htmx request for an edge or a node)."""
    view = view_args()
    return {
        "panel": edge_view(edge_id) if edge_id else node_view(entry_id) if entry_id else None,
        "result": entry_or_none(result_id),
        "next_unresolved": first_unresolved_id(),
        "knowledge_types": [k.value for k in KnowledgeType],
        "view": view,
        "edge_url": id_url(".edge_panel", "edge_id", **view),
    }


def workspace_context(*, edge_id: str | None = None, entry_id: str | None = None, result_id: str | None = None, preselected: bool = False) -> dict:
    """``preselected``: the edge was chosen for the person (the first unresolved one); links to other
    pages of the graph or list then lead to the plain workspace, not to that edge."""
    context = panel_context(edge_id=edge_id, entry_id=entry_id, result_id=result_id)
    view = context["view"]
    chosen = {}

    def select(outline: dict) -> tuple[set[str], list[str]]:
        """Only the graph page's entries and the list page's edges are built in full."""
        links = outline["links"]  # unresolved first, as the list shows them
        chosen["plan"] = plan_page(outline, view.get("graph_page", 1))
        chosen["list_pages"] = max(1, math.ceil(len(links) / LIST_PAGE_SIZE))
        chosen["list_page"] = page = min(view.get("list_page", 1), chosen["list_pages"])
        chosen["list_ids"] = [link[0] for link in links[(page - 1) * LIST_PAGE_SIZE : page * LIST_PAGE_SIZE]]
        chosen["total"] = len(links)
        return chosen["plan"].drawn_ids, chosen["list_ids"]

    graph = store().contradiction_graph(g.target, max_resolved=MAX_RESOLVED_EDGES, select=select)
    layout = layout_graph(graph, plan=chosen["plan"])
    edges_by_id = {e["edge_id"]: e for e in graph["edges"]}
    rows = [edges_by_id[edge_id] for edge_id in chosen["list_ids"]]
    list_pages, list_page = chosen["list_pages"], chosen["list_page"]
    view = {key: value for key, value in (("graph_page", layout.page), ("list_page", list_page)) if value > 1}
    panel = context["panel"]
    context.update(
        layout=layout,
        edge_rows=rows,
        edge_list={"page": list_page, "pages": list_pages, "total": chosen["total"], "first": (list_page - 1) * LIST_PAGE_SIZE},
        selected_edge_id=panel["edge"]["edge_id"] if panel and panel["kind"] == "edge" else None,
        selected_node_id=panel["entry"].entry_id if panel and panel["kind"] == "node" else None,
        view=view,
        edge_url=id_url(".edge_panel", "edge_id", **view),
        node_url=id_url(".node_panel", "entry_id", **view),
        page_url=page_url_maker(None if preselected else panel, view),
    )
    return context


def page_url_maker(panel: dict | None, view: dict):
    """``page_url(graph_page=2)``: this place (graph, edge or node) with other pages of the graph or list."""

    def page_url(**changes) -> str:
        args = {key: value for key, value in {**view, **changes}.items() if value and value > 1}
        if panel and panel["kind"] == "edge":
            return url_for(".edge_panel", edge_id=panel["edge"]["edge_id"], **args)
        if panel:
            return url_for(".node_panel", entry_id=panel["entry"].entry_id, **args)
        return url_for(".graph", **args)

    return page_url


def edge_view(edge_id: str) -> dict:
    edge = edge_or_404(edge_id)
    sides = [side_view(edge, "from"), side_view(edge, "to")]
    return {
        "kind": "edge",
        "edge": edge,
        "sides": sides,
        "preferred": next((s for s in sides if s["preferred"]), None),
        "behaviour": None if edge["resolved"] else behaviour_side(sides),
        "plain_reason": plain_reason(edge),
        "nav": neighbours(edge_id),
    }


def side_view(edge: dict, end: str) -> dict:
    entry = store().get_entry(g.target, edge[f"{end}_id"])
    weight = store().authority_weight(g.target, entry.entry_id)
    return {"end": end, "entry": entry, "weight": weight, "preferred": edge["preferred_id"] == entry.entry_id}


def node_view(entry_id: str) -> dict:
    entry = entry_or_404(g.target, entry_id)
    edges = store().get_contradictions(g.target, include_resolved=True, entry_id=entry_id)
    return {"kind": "node", "entry": entry, "edges": edges}


def entry_or_none(entry_id: str | None):
    if not entry_id:
        return None
    try:
        return store().get_entry(g.target, entry_id)
    except NotFoundError:
        return None
