"""Server-side layout of the contradiction graph: each connected group in its own cell, on a circle.

Groups with unresolved contradictions come first (largest first), then groups that only have
resolved edges. Cells are packed left to right in rows. The result is plain numbers for the SVG
template; the graph stays bounded so the page renders fast however large the store is:

* the groups are split into pages of at most ``MAX_GROUPS`` groups and ``MAX_NODES`` drawn nodes;
* a group larger than ``MAX_GROUP_NODES`` draws only its most contradicted entries (the list on
  the page has every edge, and each entry's panel has all of its own).
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

CANVAS_WIDTH = 760
NODE_SPACING = 64
MIN_RING_RADIUS = 44
CELL_PADDING_X = 130
CELL_PADDING_Y = 38
LABEL_GAP = 5
LABEL_WIDTH_UNITS = 17
MAX_GROUPS = 12  # with MAX_NODES, keeps the graph near 75 KiB and the whole page under 150 KiB of HTML
MAX_NODES = 64
MAX_GROUP_NODES = 24
MAX_EDGES = 60  # lines drawn per page (unresolved first): dense groups would otherwise dominate the HTML
PAIR_TILT = math.pi / 8


@dataclass(frozen=True)
class LayoutNode:
    entry_id: str
    x: float
    y: float
    r: float
    maturity: str
    text: str
    status: str
    source_kind: str
    authority: float
    archived: bool
    contested: bool
    label: str
    label_x: float
    label_y: float
    label_anchor: str
    group: int = 0  # index of its cell on this page


@dataclass(frozen=True)
class LayoutEdge:
    edge: dict
    x1: float
    y1: float
    x2: float
    y2: float
    group: int = 0

    @property
    def resolved(self) -> bool:
        return bool(self.edge["resolved"])


@dataclass(frozen=True)
class Cell:
    x: float
    y: float
    width: float
    height: float
    unresolved: bool


@dataclass(frozen=True)
class TrimmedGroup:
    """A group too large to draw whole: ``drawn`` of its ``size`` entries are on the graph."""

    drawn: int
    size: int


@dataclass
class GraphLayout:
    width: float
    height: float
    nodes: list[LayoutNode] = field(default_factory=list)
    edges: list[LayoutEdge] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    page: int = 1
    page_count: int = 1
    group_count: int = 0
    first_group: int = 0
    trimmed: list[TrimmedGroup] = field(default_factory=list)
    hidden_resolved_edges: int = 0
    hidden_edges: int = 0  # between drawn entries, past MAX_EDGES

    @property
    def hidden_groups(self) -> int:
        """Groups drawn on the other pages of the graph."""
        return self.group_count - len(self.cells)

    @property
    def truncated(self) -> bool:
        return bool(self.hidden_groups or self.trimmed or self.hidden_resolved_edges or self.hidden_edges)


def short_label(text: str, units: int = LABEL_WIDTH_UNITS) -> str:
    """The start of ``text`` that fits a label: wide (CJK) characters count double."""
    text = " ".join(text.split())
    used, kept = 0, []
    for char in text:
        used += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
        if used > units:
            return "".join(kept).rstrip() + "…"
        kept.append(char)
    return text


MIN_RADIUS, MAX_RADIUS, LOW_AUTHORITY = 10.0, 24.0, 0.3


def node_radius(authority: float) -> float:
    """Authorities sit between 0.4 and 0.95, so the size grows faster towards the top of the range
    (0.5 → 12, 0.9 → 21, 0.95 → 22.5 px); the number itself is printed in the node."""
    share = max(0.0, min(1.0, (authority - LOW_AUTHORITY) / (1 - LOW_AUTHORITY)))
    return round(MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * share**1.5, 1)


def ring_radius(size: int) -> float:
    if size <= 1:
        return 0.0
    return max(MIN_RING_RADIUS, size * NODE_SPACING / (2 * math.pi))


@dataclass
class PagePlan:
    """Which groups go on which page, and what of them is drawn: needs only the graph's outline
    (``groups`` and ``links``), so the core builds full nodes and edges for one page only."""

    groups: list[list[str]]
    drawn: list[list[str]]
    pages: list[tuple[int, int]]
    page: int
    open_degree: Counter

    @property
    def window(self) -> tuple[int, int]:
        return self.pages[self.page - 1]

    @property
    def drawn_ids(self) -> set[str]:
        start, stop = self.window
        return {entry_id for members in self.drawn[start:stop] for entry_id in members}


def plan_page(graph: dict, page: int = 1) -> PagePlan:
    """``page`` counts from 1; one past the last page shows the last page."""
    memo = graph.get("memo")
    planned = memo.get("page_plan") if memo is not None else None
    if planned is None:
        planned = _plan_pages(graph)
        if memo is not None:  # the core keeps the outline until its files move: so does the plan
            memo["page_plan"] = planned
    groups, drawn, pages, open_degree = planned
    return PagePlan(groups, drawn, pages, min(max(page, 1), len(pages)), open_degree)


def _plan_pages(graph: dict) -> tuple:
    links = graph.get("links")
    if links is None:
        links = [(e.get("edge_id"), e["from_id"], e["to_id"], e["resolved"]) for e in graph["edges"]]
    degree = Counter(end for link in links for end in link[1:3])
    open_degree = Counter(end for link in links if not link[3] for end in link[1:3])
    # Each ring is keyed by entry id, so a group looks the same after every reload and resolution.
    rings = [sorted(group) for group in graph["groups"]]
    groups = sorted(rings, key=lambda g: (not any(open_degree[i] for i in g), -len(g)))
    drawn = [drawn_members(group, degree, open_degree) for group in groups]
    return groups, drawn, paginate([len(members) for members in drawn]), open_degree


def layout_graph(graph: dict, page: int = 1, plan: PagePlan | None = None) -> GraphLayout:
    """Positions for one page of the core's ``contradiction_graph`` dict (nodes, edges, groups);
    ``graph`` needs nodes only for the entries ``plan`` draws."""
    plan = plan or plan_page(graph, page)
    nodes_by_id = {node["entry_id"]: node for node in graph["nodes"]}
    groups, drawn, open_degree = plan.groups, plan.drawn, plan.open_degree
    start, stop = plan.window
    layout = GraphLayout(
        width=CANVAS_WIDTH,
        height=0,
        page=plan.page,
        page_count=len(plan.pages),
        group_count=len(groups),
        first_group=start,
        trimmed=[TrimmedGroup(len(d), len(g)) for d, g in zip(drawn[start:stop], groups[start:stop]) if len(d) < len(g)],
        hidden_resolved_edges=graph.get("resolved_hidden", 0),
    )
    unresolved = [any(open_degree[i] for i in group) for group in groups[start:stop]]
    positions = _pack(layout, drawn[start:stop], unresolved, nodes_by_id)
    for edge in graph["edges"]:
        a, b = positions.get(edge["from_id"]), positions.get(edge["to_id"])
        if a and b:
            layout.edges.append(LayoutEdge(edge, a.x, a.y, b.x, b.y, a.group))
    layout.edges.sort(key=lambda e: not e.resolved)
    layout.hidden_edges = max(0, len(layout.edges) - MAX_EDGES)
    del layout.edges[: layout.hidden_edges]  # resolved ones come first (drawn beneath): they go first
    return layout


def drawn_members(group: list[str], degree: Counter, open_degree: Counter) -> list[str]:
    """The whole group, or its ``MAX_GROUP_NODES`` most contradicted entries (in group order)."""
    if len(group) <= MAX_GROUP_NODES:
        return group
    ranked = sorted(range(len(group)), key=lambda k: (-open_degree[group[k]], -degree[group[k]], k))
    return [group[k] for k in sorted(ranked[:MAX_GROUP_NODES])]


def paginate(sizes: list[int]) -> list[tuple[int, int]]:
    """``[start, stop)`` of the groups on each page: at most MAX_GROUPS groups and MAX_NODES nodes."""
    pages, start, nodes = [], 0, 0
    for index, size in enumerate(sizes):
        if index > start and (index - start >= MAX_GROUPS or nodes + size > MAX_NODES):
            pages.append((start, index))
            start, nodes = index, 0
        nodes += size
    pages.append((start, len(sizes)))
    return pages


def start_angle(size: int) -> float:
    """Pairs lie on a slanted line (a vertical or horizontal one has no area to click or see)."""
    return -PAIR_TILT if size == 2 else -math.pi / 2


def _pack(layout: GraphLayout, groups, unresolved: list[bool], nodes_by_id) -> dict[str, LayoutNode]:
    positions: dict[str, LayoutNode] = {}
    x = y = row_height = 0.0
    for number, (group, has_unresolved) in enumerate(zip(groups, unresolved)):
        radius = ring_radius(len(group))
        width, height = 2 * (radius + CELL_PADDING_X), 2 * (radius + CELL_PADDING_Y)
        if x and x + width > CANVAS_WIDTH:
            x, y, row_height = 0.0, y + row_height, 0.0
        layout.cells.append(Cell(x, y, width, height, has_unresolved))
        for index, entry_id in enumerate(group):
            angle = start_angle(len(group)) + 2 * math.pi * index / len(group)
            center = (x + width / 2, y + height / 2)
            positions[entry_id] = _node(nodes_by_id[entry_id], center, radius, angle, number)
        x += width
        row_height = max(row_height, height)
    layout.nodes = list(positions.values())
    layout.height = max(y + row_height, 1.0)
    layout.width = CANVAS_WIDTH if y else max(x, 1.0)
    return positions


def _node(node: dict, center: tuple[float, float], radius: float, angle: float, group: int = 0) -> LayoutNode:
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = center[0] + radius * cos, center[1] + radius * sin
    r = node_radius(node["authority"])
    label_x, label_y = x + (r + LABEL_GAP) * cos, y + (r + LABEL_GAP) * sin
    anchor = "start" if cos > 0.35 else "end" if cos < -0.35 else "middle"
    label_y += 12 if sin > 0.35 else -2 if sin < -0.35 else 4
    return LayoutNode(
        entry_id=node["entry_id"],
        x=round(x, 1),
        y=round(y, 1),
        r=r,
        label=short_label(node["text"]),
        label_x=round(label_x, 1),
        label_y=round(label_y, 1),
        label_anchor=anchor,
        maturity=node.get("maturity_name") or ("INCIDENT", "PATTERN", "PRINCIPLE", "WISDOM")[int(node["maturity"])],
        text=node["text"],
        status=node["status"],
        source_kind=node["source_kind"],
        authority=node["authority"],
        archived=node["archived"],
        contested=node["contested"],
        group=group,
    )
