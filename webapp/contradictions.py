"""Contradictions: the graph, a side panel per edge or node, and the four ways to resolve them.

The graph and the list of edges are paged (``?graph_page=N``, ``?list_page=N``); every link and
form of the workspace carries the pages being looked at, so a reload or a plain form post comes
back to the same place.
"""

from __future__ import annotations

import math

from flask import Blueprint, abort, g, make_response, redirect, request, url_for

from .adapter import (KnowledgeType, NotFoundError, StaleEntryError, check_etags, entry_or_404, find_entry, found_by, full_entry_id, full_id,
                      plain_reason, said_again_ids, store)
from .forms import FormError, optional_choice, optional_text, required_text, whole_number
from .graph_layout import layout_graph, plan_page
from .presenters import id_url, short
from .reasons import behaviour_side
from .responses import REFUSALS, message_parts, refused, render, text_link, wants_fragment, written

bp = Blueprint("contradictions", __name__, url_prefix="/<target:target>/contradictions")

MAX_RESOLVED_EDGES = 60
LIST_PAGE_SIZE = 40
GROUP_SHOWN = 12  # members of a group the panel lists (those that contradict the most others first)
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
    written_as = text_link(f"“{short(text, 60)}”", url_for("entries.detail", entry_id=result.entry_id))
    return resolved(message_parts("Synthesis written: ", written_as, "; both sides are archived as its parents."), result_id=result.entry_id, undo=result)


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
    kept = text_link(f"“{short(store().get_entry(g.target, keep_id).text, 60)}”", url_for("entries.detail", entry_id=keep_id))
    return resolved(message_parts("Kept one side: ", kept, "; the other is archived as superseded."), result_id=keep_id, undo=result)


@bp.post("/keep-one")
def keep_one():
    """A group of three or more entries that contradict each other, resolved in one step: the entry
    kept stands, and every entry it contradicts is archived as superseded (as Keep this side does)."""
    edge_id = request.form.get("edge_id", "")
    keep_id = request.form.get("keep_id", "")
    try:
        members = open_group(keep_id)
        if len(members) < 3:
            raise FormError("Choose an entry of a group of three or more contradicting entries.")
        check_etags(g.target, {i: request.form.get(f"etag-{i}") for i in members if request.form.get(f"etag-{i}")})
        losers = [other for other in open_partners(keep_id)]
        shown = whole_number(request.form.get(f"against-{keep_id}"))
        if shown is not None and shown != len(losers):  # a group larger than the panel lists: it grew or shrank
            raise StaleEntryError(f"the group changed since you loaded it: this entry now contradicts {len(losers)}, "
                                  f"not {shown}; review it again")
        results = [store().supersede(g.target, keep_id, other) for other in losers]
    except REFUSALS as error:
        return refused_on_edge(error, edge_id if edge_id in {row[0] for row in all_links()} else None)
    kept = text_link(f"“{short(store().get_entry(g.target, keep_id).text, 60)}”", url_for("entries.detail", entry_id=keep_id))
    archived = f"{len(losers)} entr{'y' if len(losers) == 1 else 'ies'} it contradicted"
    return resolved(message_parts("Kept ", kept, f"; archived the {archived} as superseded."), result_id=keep_id, undo=results)


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


def resolved(message, *, result_id: str | None = None, edge_id: str | None = None, undo=None):
    """After a resolution the next unresolved contradiction takes the panel's place (``edge_id``:
    show that one instead, as after linking two entries), and the message says how many are left."""
    g.pop("all_links", None)
    left = len(unresolved_ids())
    count = f" {left} contradiction{'' if left == 1 else 's'} left." if left else " No contradictions left."
    message = [*message, count] if isinstance(message, list) else message + count
    if edge_id:
        redirect_to = url_for(".edge_panel", edge_id=edge_id, **view_args())
    else:
        redirect_to = url_for(".graph", **view_args())
    if not wants_fragment():
        return written(message, redirect_to=redirect_to, undo=undo)
    context = workspace_context(edge_id=edge_id or first_unresolved_id(), result_id=result_id, preselected=not edge_id)
    response = make_response(written(message, redirect_to=redirect_to, fragment=WORKSPACE, undo=undo, **context))
    response.headers["HX-Push-Url"] = redirect_to  # a reload shows what the workspace shows now
    return response


def refused_on_edge(error: Exception, edge_id: str | None):
    g.pop("all_links", None)
    return refused(error, page=PAGE, fragment=WORKSPACE, draft=request.form.get("text"), **workspace_context(edge_id=edge_id or first_unresolved_id()))


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


def open_partners(entry_id: str) -> list[str]:
    """The entries ``entry_id`` has an unresolved contradiction with."""
    partners = []
    for _edge, from_id, to_id, is_resolved in all_links():
        if not is_resolved and entry_id in (from_id, to_id):
            other = to_id if from_id == entry_id else from_id
            if other not in partners:
                partners.append(other)
    return partners


def open_group(entry_id: str) -> list[str]:
    """``entry_id`` and every entry linked to it through unresolved contradictions."""
    if not entry_id:
        return []
    groups = store().contradiction_groups(g.target, entry_id=entry_id)  # the store's read, as every door's
    if not groups:
        return []
    members = groups[0]["entry_ids"]
    return [entry_id, *(other for other in members if other != entry_id)]


def group_view(edge: dict) -> dict | None:
    """The unresolved group of three or more around ``edge``: its members with how many of the
    others each contradicts, so one of them can be kept and those it contradicts archived at once.
    A large group lists the ``GROUP_SHOWN`` that contradict the most (the rest are counted)."""
    if edge["resolved"]:
        return None
    members = open_group(edge["from_id"])
    if len(members) < 3:
        return None
    against = partner_counts(members)
    ranked = sorted(members, key=lambda entry_id: -against[entry_id])[:GROUP_SHOWN]  # stable: group order among equals
    rows = [{"entry": store().get_entry(g.target, i), "against": against[i]} for i in ranked]
    everyone = all(count == len(members) - 1 for count in against.values())
    return {"members": rows, "size": len(members), "everyone": everyone, "hidden": len(members) - len(rows)}


def partner_counts(members: list[str]) -> dict[str, int]:
    """Each member → how many entries it has an unresolved contradiction with (one pass over the links)."""
    partners: dict[str, set[str]] = {entry_id: set() for entry_id in members}
    for _edge, from_id, to_id, is_resolved in all_links():
        if not is_resolved and from_id in partners and from_id != to_id:  # both ends are in the group
            partners[from_id].add(to_id)
            partners[to_id].add(from_id)
    return {entry_id: len(partners[entry_id]) for entry_id in members}


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
    layout = layout_graph(graph, plan=chosen["plan"], syntheses=syntheses_of(graph["edges"]))
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


def syntheses_of(edges: list[dict]) -> list[dict]:
    """The syntheses that resolved the edges drawn, as graph nodes with the entries they joined."""
    parents: dict[str, list[str]] = {}
    for edge in edges:
        if edge.get("resolution") == "synthesis" and edge.get("resolution_id"):
            joined = parents.setdefault(edge["resolution_id"], [])
            joined += [i for i in (edge["from_id"], edge["to_id"]) if i not in joined]
    found = []
    for synthesis_id, joined in parents.items():
        entry = entry_or_none(synthesis_id)
        if entry is not None:
            found.append({"node": graph_node(entry), "parents": list(entry.meta.parent_ids) or joined})
    return found


def graph_node(entry) -> dict:
    """An entry as the core's graph describes its nodes."""
    meta = entry.meta
    return {
        "entry_id": entry.entry_id,
        "text": entry.text,
        "maturity": int(meta.maturity),
        "maturity_name": meta.maturity.name,
        "authority": meta.authority,
        "status": meta.status.value,
        "source_kind": meta.source_kind.value,
        "archived": entry.archived,
        "contested": entry.contested,
        "effective_confidence": entry.effective_confidence,
        "observed_count": meta.observed_behavior_count,
    }


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
        "found_by": found_by(edge),
        "nav": neighbours(edge_id),
        "group": group_view(edge),
        "said_again": [entry for entry in map(entry_or_none, said_again_ids(edge)) if entry is not None],
        "suggestion": None if edge["resolved"] else store().synthesis_draft(g.target, edge["from_id"]),
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
