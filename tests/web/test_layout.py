"""Pure geometry: the graph layout and the confidence plot, and the dashboard's layering."""

from __future__ import annotations

from types import SimpleNamespace

from dialectical_memory.web.charts import confidence_plot
from dialectical_memory.web.graph_layout import (
    CANVAS_WIDTH,
    MAX_EDGES,
    MAX_GROUP_NODES,
    MAX_GROUPS,
    MAX_NODES,
    TrimmedGroup,
    layout_graph,
    node_radius,
    short_label,
)

DAY = 86_400.0


def node(entry_id, authority=0.9, maturity=0):
    return {"entry_id": entry_id, "text": entry_id, "maturity": maturity, "authority": authority, "status": "active",
            "source_kind": "observed", "archived": False, "contested": True}  # fmt: skip


def edge(edge_id, a, b, resolved=False):
    return {"edge_id": edge_id, "from_id": a, "to_id": b, "resolved": resolved}


def graph(groups, edges):
    ids = [i for group in groups for i in group]
    return {"nodes": [node(i) for i in ids], "edges": edges, "groups": groups, "resolved_hidden": 0}


def test_groups_are_laid_out_in_separate_cells_without_overlap():
    layout = layout_graph(graph([["a", "b", "c"], ["d", "e"]], [edge("1", "a", "b"), edge("2", "b", "c"), edge("3", "d", "e")]))
    assert len(layout.cells) == 2
    first, second = layout.cells
    assert first.x + first.width <= second.x or first.y + first.height <= second.y
    positions = {n.entry_id: (n.x, n.y) for n in layout.nodes}
    for cell, members in ((first, "abc"), (second, "de")):
        for member in members:
            x, y = positions[member]
            assert cell.x <= x <= cell.x + cell.width and cell.y <= y <= cell.y + cell.height


def test_unresolved_groups_come_before_resolved_ones():
    layout = layout_graph(graph([["a", "b", "c"], ["d", "e"]], [edge("1", "a", "b", True), edge("2", "b", "c", True), edge("3", "d", "e")]))
    assert layout.cells[0].unresolved and not layout.cells[1].unresolved


def test_resolved_edges_are_drawn_beneath_unresolved_ones():
    layout = layout_graph(graph([["a", "b", "c"]], [edge("1", "a", "b"), edge("2", "b", "c", True)]))
    assert [e.resolved for e in layout.edges] == [True, False]


def test_a_dense_group_draws_at_most_max_edges_lines_unresolved_first():
    members = [f"n{k}" for k in range(MAX_GROUP_NODES)]
    pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1 :]]
    edges = [edge(str(k), a, b, resolved=k % 2 == 0) for k, (a, b) in enumerate(pairs)]
    layout = layout_graph(graph([members], edges))
    unresolved = sum(1 for e in edges if not e["resolved"])
    assert len(layout.edges) == MAX_EDGES < unresolved
    assert all(not e.resolved for e in layout.edges)
    assert layout.hidden_edges == len(edges) - MAX_EDGES and layout.truncated


def test_the_graph_is_bounded_and_says_so():
    groups = [[f"a{i}", f"b{i}"] for i in range(MAX_GROUPS + 10)]
    edges = [edge(str(i), f"a{i}", f"b{i}") for i in range(MAX_GROUPS + 10)]
    layout = layout_graph(graph(groups, edges))
    assert len(layout.cells) == MAX_GROUPS and layout.hidden_groups == 10 and layout.truncated
    assert len(layout.edges) == MAX_GROUPS
    assert (layout.page, layout.page_count, layout.first_group) == (1, 2, 0)


def test_the_next_page_draws_the_groups_the_first_left_out():
    groups = [[f"a{i}", f"b{i}"] for i in range(MAX_GROUPS + 10)]
    edges = [edge(str(i), f"a{i}", f"b{i}") for i in range(MAX_GROUPS + 10)]
    second = layout_graph(graph(groups, edges), page=2)
    assert (second.page, second.first_group, len(second.cells)) == (2, MAX_GROUPS, 10)
    assert {n.entry_id for n in second.nodes} == {i for g in groups[MAX_GROUPS:] for i in g}
    assert layout_graph(graph(groups, edges), page=99).page == 2
    assert layout_graph(graph(groups, edges), page=0).page == 1


def test_pages_hold_at_most_max_nodes_and_every_group_once():
    groups = [[f"g{k}n{i}" for i in range(9)] for k in range(40)]
    edges = [edge(f"{k}-{i}", g[i], g[i + 1]) for k, g in enumerate(groups) for i in range(8)]
    first = layout_graph(graph(groups, edges))
    drawn = []
    for page in range(1, first.page_count + 1):
        layout = layout_graph(graph(groups, edges), page=page)
        assert len(layout.nodes) <= MAX_NODES
        drawn += [n.entry_id for n in layout.nodes]
    assert sorted(drawn) == sorted(i for g in groups for i in g)


def test_a_large_group_draws_its_most_contradicted_entries_and_fits_the_canvas():
    rim = [f"r{i}" for i in range(MAX_GROUP_NODES + 10)]
    hubs = ["h1", "h2"]
    edges = [edge(f"{h}-{r}", h, r) for h in hubs for r in rim] + [edge("x", rim[0], rim[1])]
    layout = layout_graph(graph([rim + hubs], edges))
    drawn = {n.entry_id for n in layout.nodes}
    assert len(drawn) == MAX_GROUP_NODES and set(hubs) <= drawn and {"r0", "r1"} <= drawn
    assert layout.trimmed == [TrimmedGroup(MAX_GROUP_NODES, len(rim) + 2)] and layout.truncated
    assert all(e.edge["from_id"] in drawn and e.edge["to_id"] in drawn for e in layout.edges)
    assert layout.cells[0].width <= CANVAS_WIDTH


def test_rows_wrap_within_the_canvas():
    groups = [[f"a{i}", f"b{i}"] for i in range(12)]
    layout = layout_graph(graph(groups, [edge(str(i), f"a{i}", f"b{i}") for i in range(12)]))
    assert all(cell.x + cell.width <= layout.width for cell in layout.cells)
    assert layout.height > layout.cells[0].height


def test_labels_sit_outside_the_ring_on_the_side_of_their_node():
    layout = layout_graph(graph([["a", "b", "c", "d"]], [edge("1", "a", "b"), edge("2", "c", "d")]))
    cell = layout.cells[0]
    middle = cell.x + cell.width / 2
    for n in layout.nodes:
        if n.label_anchor == "start":
            assert n.x > middle and n.label_x > n.x
        elif n.label_anchor == "end":
            assert n.x < middle and n.label_x < n.x


def test_labels_are_short_and_count_chinese_characters_double():
    assert short_label("User prefers concise replies today.") == "User prefers conc…"
    assert short_label("用户喜欢简洁的回答，越短越好。") == "用户喜欢简洁的回…"
    assert short_label("Short.") == "Short."


def test_node_size_grows_with_authority():
    assert node_radius(0.4) < node_radius(0.95)


def series(now=100 * DAY):
    past = [(now - 30 * DAY + k * DAY, 0.7 - k * 0.005) for k in range(31)]
    future = [(now + k * DAY, 0.55 - k * 0.002) for k in range(61)]
    return SimpleNamespace(past=past, future=future, raw_future=future, type_floor=0.1, maturity_floor=0.3, reverify_line=0.2, now=now)


def test_confidence_plot_places_now_between_past_and_future():
    plot = confidence_plot(series())
    assert plot.left < plot.now_x < plot.right
    assert abs((plot.now_x - plot.left) / (plot.right - plot.left) - 30 / 90) < 0.01
    assert any(tick.label == "now" for tick in plot.x_ticks)


def test_confidence_plot_marks_floors_and_the_reverify_line_at_their_heights():
    plot = confidence_plot(series())
    heights = {line.label: line.y for line in plot.lines}
    assert heights["type floor"] > heights["re-verify below"] > heights["maturity floor"]
    assert "re-verification below 0.20" in plot.description


def test_a_ring_is_keyed_by_entry_id_whatever_order_the_group_comes_in():
    edges = [edge("1", "a", "b"), edge("2", "b", "c")]
    first = {n.entry_id: (n.x, n.y) for n in layout_graph(graph([["c", "a", "b"]], edges)).nodes}
    second = {n.entry_id: (n.x, n.y) for n in layout_graph(graph([["b", "c", "a"]], edges)).nodes}
    assert first == second
