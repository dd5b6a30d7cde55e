"""Server-side layout of the contradiction graph: each connected group in its own cell, on a circle.

Groups with unresolved contradictions come first (largest first), then groups that only have
resolved edges. Cells are packed left to right in rows. The result is plain numbers for the SVG
template; the graph stays bounded so the page renders fast however large the store is.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field

CANVAS_WIDTH = 760
NODE_SPACING = 64
MIN_RING_RADIUS = 44
CELL_PADDING_X = 118
CELL_PADDING_Y = 38
LABEL_GAP = 5
LABEL_WIDTH_UNITS = 15
MAX_GROUPS = 48
MAX_NODES = 240
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


@dataclass(frozen=True)
class LayoutEdge:
    edge: dict
    x1: float
    y1: float
    x2: float
    y2: float

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


@dataclass
class GraphLayout:
    width: float
    height: float
    nodes: list[LayoutNode] = field(default_factory=list)
    edges: list[LayoutEdge] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    hidden_groups: int = 0
    hidden_resolved_edges: int = 0

    @property
    def truncated(self) -> bool:
        return bool(self.hidden_groups or self.hidden_resolved_edges)


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


def node_radius(authority: float) -> float:
    return round(7 + 11 * max(0.0, min(1.0, authority)), 1)


def ring_radius(size: int) -> float:
    if size <= 1:
        return 0.0
    return max(MIN_RING_RADIUS, size * NODE_SPACING / (2 * math.pi))


def layout_graph(graph: dict) -> GraphLayout:
    """Positions for the core's ``contradiction_graph`` dict (nodes, edges, groups)."""
    nodes_by_id = {node["entry_id"]: node for node in graph["nodes"]}
    unresolved_ids = {i for e in graph["edges"] if not e["resolved"] for i in (e["from_id"], e["to_id"])}
    groups = sorted(graph["groups"], key=lambda g: (not (set(g) & unresolved_ids), -len(g)))
    shown, hidden = _bounded(groups)
    layout = GraphLayout(width=CANVAS_WIDTH, height=0, hidden_groups=hidden, hidden_resolved_edges=graph.get("resolved_hidden", 0))
    positions = _pack(layout, shown, nodes_by_id, unresolved_ids)
    for edge in graph["edges"]:
        a, b = positions.get(edge["from_id"]), positions.get(edge["to_id"])
        if a and b:
            layout.edges.append(LayoutEdge(edge, a.x, a.y, b.x, b.y))
    layout.edges.sort(key=lambda e: not e.resolved)
    return layout


def _bounded(groups: list[list[str]]) -> tuple[list[list[str]], int]:
    shown, count = [], 0
    for group in groups:
        if len(shown) >= MAX_GROUPS or (shown and count + len(group) > MAX_NODES):
            break
        shown.append(group)
        count += len(group)
    return shown, len(groups) - len(shown)


def start_angle(size: int) -> float:
    """Pairs lie on a slanted line (a vertical or horizontal one has no area to click or see)."""
    return -PAIR_TILT if size == 2 else -math.pi / 2


def _pack(layout: GraphLayout, groups, nodes_by_id, unresolved_ids) -> dict[str, LayoutNode]:
    positions: dict[str, LayoutNode] = {}
    x = y = row_height = 0.0
    for group in groups:
        radius = ring_radius(len(group))
        width, height = 2 * (radius + CELL_PADDING_X), 2 * (radius + CELL_PADDING_Y)
        if x and x + width > CANVAS_WIDTH:
            x, y, row_height = 0.0, y + row_height, 0.0
        layout.cells.append(Cell(x, y, width, height, bool(set(group) & unresolved_ids)))
        for index, entry_id in enumerate(group):
            angle = start_angle(len(group)) + 2 * math.pi * index / len(group)
            center = (x + width / 2, y + height / 2)
            positions[entry_id] = _node(nodes_by_id[entry_id], center, radius, angle)
        x += width
        row_height = max(row_height, height)
    layout.nodes = list(positions.values())
    layout.height = max(y + row_height, 1.0)
    layout.width = CANVAS_WIDTH if y else max(x, 1.0)
    return positions


def _node(node: dict, center: tuple[float, float], radius: float, angle: float) -> LayoutNode:
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
    )
