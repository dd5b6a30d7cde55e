"""Server-side layout of the contradiction graph: each connected group in its own cell, on a circle.

Groups with unresolved contradictions come first (largest first), then groups that only have
resolved edges. Each group is a cell of its own (the template draws one SVG per cell, so cells
wrap and scale on a narrow screen); a small group's ring widens until its two-line labels, above
and below their entries, cover nothing. A node's colour is its maturity, its size its effective
confidence; observed behaviour has a ring; a synthesis sits in the group it resolved, joined to its
parents. The result is plain numbers for the SVG template; the graph stays bounded so the page
renders fast however large the store is:

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
CELL_PADDING = 14
LABEL_GAP = 6
LABEL_LINES = 2
LINE_UNITS = 28  # a label line holds 28 narrow characters (14 Chinese ones): two lines show 25 or more
WIDE_GROUP_LINE_UNITS = 20  # rings of more than SMALL_GROUP entries: labels point outwards, narrower
UNIT_PX = 5.7  # the width of one narrow character at the label's 11 px, measured in Chromium (a wide one counts double)
ORPHAN_UNITS = 2  # a line may run this much long rather than leave "。" or "s." alone on the next
LINE_HEIGHT = 13
ASCENT = 10
SMALL_GROUP = 6
MIN_RING_RADIUS = {2: 84, 3: 100, 4: 120, 5: 140, 6: 165}
NODE_SPACING = 34  # along the ring of a large group
MAX_RING_GROWTH = 10
MAX_GROUPS = 12  # with MAX_NODES, keeps the graph near 75 KiB and the whole page under 150 KiB of HTML
MAX_NODES = 64
MAX_GROUP_NODES = 24
MAX_EDGES = 60  # lines drawn per page (unresolved first): dense groups would otherwise dominate the HTML
PAIR_TILT = math.pi / 8
HIT_HALF_WIDTH = 7  # the clickable band around a line


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
    label_lines: tuple[str, ...] = ()
    confidence: float = 0.0
    observed: bool = False  # observed behaviour: drawn with a ring
    synthesis: bool = False  # a person's synthesis of entries in this group (not an end of any edge)


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

    @property
    def hit_points(self) -> str:
        """A band around the line: what is clicked, and an outline with an area even when the line
        is level (a level line's box has no height, so a browser would call it invisible)."""
        return band(self.x1, self.y1, self.x2, self.y2)


@dataclass(frozen=True)
class SynthesisLink:
    """A synthesis joined to one of the entries it resolved."""

    synthesis_id: str
    parent_id: str
    x1: float
    y1: float
    x2: float
    y2: float
    group: int = 0


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
    synthesis_links: list[SynthesisLink] = field(default_factory=list)

    @property
    def hidden_groups(self) -> int:
        """Groups drawn on the other pages of the graph."""
        return self.group_count - len(self.cells)

    @property
    def truncated(self) -> bool:
        return bool(self.hidden_groups or self.trimmed or self.hidden_resolved_edges or self.hidden_edges)

    def in_cell(self, number: int) -> dict:
        """What one cell (one SVG) draws: its edges, synthesis links and nodes."""
        return {
            "edges": [e for e in self.edges if e.group == number],
            "links": [link for link in self.synthesis_links if link.group == number],
            "nodes": [n for n in self.nodes if n.group == number],
        }


def band(x1: float, y1: float, x2: float, y2: float, half: float = HIT_HALF_WIDTH) -> str:
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    dx, dy = -(y2 - y1) / length * half, (x2 - x1) / length * half
    corners = ((x1 + dx, y1 + dy), (x2 + dx, y2 + dy), (x2 - dx, y2 - dy), (x1 - dx, y1 - dy))
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def char_units(char: str) -> int:
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def text_units(text: str) -> int:
    return sum(char_units(char) for char in text)


def short_label(text: str, units: int = 17) -> str:
    """The start of ``text`` that fits ``units``: wide (CJK) characters count double."""
    text = " ".join(text.split())
    used, kept = 0, []
    for char in text:
        used += char_units(char)
        if used > units:
            return "".join(kept).rstrip() + "…"
        kept.append(char)
    return text


def label_lines(text: str, units: int = LINE_UNITS, lines: int = LABEL_LINES) -> tuple[str, ...]:
    """``text`` wrapped to at most ``lines`` lines of ``units``, the last one ending in … when cut.

    Breaks at a space when the line has one (the space stays at the end of its line, so the lines
    joined are the text again), else between characters (Chinese has no spaces).
    """
    rest = " ".join(text.split())
    wrapped: list[str] = []
    while rest and len(wrapped) < lines - 1 and text_units(rest) > units + ORPHAN_UNITS:
        line = _first_line(rest, units)
        wrapped.append(line)
        rest = rest[len(line) :]
    if rest:
        wrapped.append(rest if text_units(rest) <= units + ORPHAN_UNITS else short_label(rest, units))
    return tuple(wrapped)


def _first_line(text: str, units: int) -> str:
    used = 0
    for index, char in enumerate(text):
        used += char_units(char)
        if used > units:
            space = text.rfind(" ", 0, index + 1)
            if space > index // 2:
                return text[: space + 1]
            return text[:index]
    return text


MIN_RADIUS, MAX_RADIUS = 7.0, 22.0


def node_radius(confidence: float) -> float:
    """A node's area grows with the entry's effective confidence: 0.25 → 11, 0.5 → 15.6, 0.9 →
    20.9 px (never smaller than 7 px, so a nearly forgotten entry can still be clicked)."""
    share = max(0.0, min(1.0, confidence))
    return round(max(MIN_RADIUS, MAX_RADIUS * math.sqrt(share)), 1)


def ring_radius(size: int) -> float:
    if size <= 1:
        return 0.0
    return MIN_RING_RADIUS.get(size) or size * NODE_SPACING / (2 * math.pi)


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


def layout_graph(graph: dict, page: int = 1, plan: PagePlan | None = None, syntheses: list[dict] | None = None) -> GraphLayout:
    """Positions for one page of the core's ``contradiction_graph`` dict (nodes, edges, groups);
    ``graph`` needs nodes only for the entries ``plan`` draws. ``syntheses`` (``{"node": …,
    "parents": [ids]}``) are drawn in the group of the entries they resolved, joined to them."""
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
    members, parents_of = _with_syntheses(drawn[start:stop], nodes_by_id, syntheses or [])
    positions = _pack(layout, members, unresolved, nodes_by_id)
    for edge in graph["edges"]:
        a, b = positions.get(edge["from_id"]), positions.get(edge["to_id"])
        if a and b:
            layout.edges.append(LayoutEdge(edge, a.x, a.y, b.x, b.y, a.group))
    layout.edges.sort(key=lambda e: not e.resolved)
    layout.hidden_edges = max(0, len(layout.edges) - MAX_EDGES)
    del layout.edges[: layout.hidden_edges]  # resolved ones come first (drawn beneath): they go first
    for synthesis_id, parent_ids in parents_of.items():
        s = positions[synthesis_id]
        for parent in (positions[i] for i in parent_ids if i in positions and positions[i].group == s.group):
            layout.synthesis_links.append(SynthesisLink(synthesis_id, parent.entry_id, s.x, s.y, parent.x, parent.y, s.group))
    return layout


def _with_syntheses(groups: list[list[str]], nodes_by_id: dict, syntheses: list[dict]) -> tuple[list[list[str]], dict]:
    """Each group with the syntheses of its entries added at the end of its ring (once each)."""
    groups = [list(group) for group in groups]
    group_of = {entry_id: number for number, group in enumerate(groups) for entry_id in group}
    parents_of: dict[str, list[str]] = {}
    for synthesis in syntheses:
        node = synthesis["node"]
        home = next((group_of[i] for i in synthesis["parents"] if i in group_of), None)
        if home is None:
            continue
        entry_id = node["entry_id"]
        if entry_id not in group_of:
            nodes_by_id[entry_id] = {**node, "synthesis": True}
            groups[home].append(entry_id)
            group_of[entry_id] = home
        parents_of[entry_id] = list(synthesis["parents"])
    return groups, parents_of


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
    """Pairs lie on a slanted line; small rings have a level top, so the labels above and below
    their entries sit side by side instead of on top of each other."""
    if size == 2:
        return -PAIR_TILT
    return -math.pi / 2 + (math.pi / size if size <= SMALL_GROUP else 0.0)


@dataclass(frozen=True)
class _Placed:
    node: dict
    x: float
    y: float
    r: float
    lines: tuple[str, ...]
    anchor: str
    label_x: float
    label_y: float  # the first line's baseline

    @property
    def box(self) -> tuple[float, float, float, float]:
        """``(left, top, right, bottom)`` of the label."""
        width = max((text_units(line) for line in self.lines), default=0) * UNIT_PX
        left = {"start": self.label_x, "end": self.label_x - width}.get(self.anchor, self.label_x - width / 2)
        top = self.label_y - ASCENT
        return left, top, left + width, self.label_y + (len(self.lines) - 1) * LINE_HEIGHT + 3

    @property
    def disc(self) -> tuple[float, float, float, float]:
        reach = self.r + 4
        return self.x - reach, self.y - reach, self.x + reach, self.y + reach


def _arrange(nodes: list[dict]) -> list[_Placed]:
    """A ring around (0, 0), widened until no label covers another label or another entry (small
    groups; a large ring keeps its size and its labels point outwards)."""
    size = len(nodes)
    small = size <= SMALL_GROUP
    radius = ring_radius(size)
    placed = []
    for _attempt in range(MAX_RING_GROWTH):
        placed = [_place(node, radius, start_angle(size) + 2 * math.pi * k / size, small) for k, node in enumerate(nodes)]
        if not small or size < 2 or not _collides(placed):
            break
        if _extent(placed)[2] - _extent(placed)[0] > CANVAS_WIDTH - 2 * CELL_PADDING - 40:
            break
        radius *= 1.15
    return placed


def _place(node: dict, radius: float, angle: float, small: bool) -> _Placed:
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = radius * cos, radius * sin
    r = node_radius(node.get("effective_confidence", node.get("authority", 0.7)))
    reach = r + (4 if _observed(node) else 0) + LABEL_GAP
    lines = label_lines(node["text"], LINE_UNITS if small else WIDE_GROUP_LINE_UNITS)
    anchor = "middle" if small else "start" if cos > 0.35 else "end" if cos < -0.35 else "middle"
    if anchor != "middle":
        label_x, label_y = x + reach * cos, y - (len(lines) - 1) * LINE_HEIGHT / 2 + 4
    elif sin < -0.01:  # above its entry
        label_x, label_y = x, y - reach - 3 - (len(lines) - 1) * LINE_HEIGHT
    else:
        label_x, label_y = x, y + reach + ASCENT
    return _Placed(node, x, y, r, lines, anchor, label_x, label_y)


def _overlap(a: tuple, b: tuple, margin: float = 4.0) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


def _collides(placed: list[_Placed]) -> bool:
    for i, one in enumerate(placed):
        for other in placed[i + 1 :]:
            if _overlap(one.box, other.box) or _overlap(one.box, other.disc, 0) or _overlap(other.box, one.disc, 0):
                return True
    return False


def _extent(placed: list[_Placed]) -> tuple[float, float, float, float]:
    boxes = [p.box for p in placed] + [p.disc for p in placed]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _observed(node: dict) -> bool:
    return node.get("source_kind") == "observed" or bool(node.get("observed_count"))


def _pack(layout: GraphLayout, groups, unresolved: list[bool], nodes_by_id) -> dict[str, LayoutNode]:
    """Each group's ring in a cell of its own; cells fill rows of the canvas (each is drawn as its
    own SVG, so on a narrow screen the cells stack and each scales to the width)."""
    positions: dict[str, LayoutNode] = {}
    x = y = row_height = 0.0
    for number, (group, has_unresolved) in enumerate(zip(groups, unresolved)):
        placed = _arrange([nodes_by_id[entry_id] for entry_id in group])
        left, top, right, bottom = _extent(placed)
        width, height = right - left + 2 * CELL_PADDING, bottom - top + 2 * CELL_PADDING
        if x and x + width > CANVAS_WIDTH:
            x, y, row_height = 0.0, y + row_height, 0.0
        layout.cells.append(Cell(round(x, 1), round(y, 1), round(width, 1), round(height, 1), has_unresolved))
        shift_x, shift_y = x + CELL_PADDING - left, y + CELL_PADDING - top
        for item in placed:
            positions[item.node["entry_id"]] = _node(item, shift_x, shift_y, number)
        x += width
        row_height = max(row_height, height)
    layout.nodes = list(positions.values())
    layout.height = max(y + row_height, 1.0)
    layout.width = CANVAS_WIDTH if y else max(x, 1.0)
    return positions


def _node(item: _Placed, shift_x: float, shift_y: float, group: int) -> LayoutNode:
    node = item.node
    return LayoutNode(
        entry_id=node["entry_id"],
        x=round(item.x + shift_x, 1),
        y=round(item.y + shift_y, 1),
        r=item.r,
        label="".join(item.lines),
        label_lines=item.lines,
        label_x=round(item.label_x + shift_x, 1),
        label_y=round(item.label_y + shift_y, 1),
        label_anchor=item.anchor,
        maturity=node.get("maturity_name") or ("INCIDENT", "PATTERN", "PRINCIPLE", "WISDOM")[int(node["maturity"])],
        text=node["text"],
        status=node["status"],
        source_kind=node["source_kind"],
        authority=node["authority"],
        archived=node["archived"],
        contested=node["contested"],
        confidence=node.get("effective_confidence", 0.0),
        observed=_observed(node),
        synthesis=bool(node.get("synthesis")),
        group=group,
    )
