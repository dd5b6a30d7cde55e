"""A page of the contradiction graph builds only what it shows, from a complete outline."""

from __future__ import annotations

import pytest


@pytest.fixture
def linked(store):
    ids = [store.add("memory", text).entry_id for text in ("Alpha uses PostgreSQL", "Beta uses SQLite", "Gamma uses MySQL", "Delta uses Redis", "Epsilon uses Oracle")]
    edges = [
        store.mark_contradiction("memory", ids[0], ids[1]).contradictions[0]["edge_id"],
        store.mark_contradiction("memory", ids[1], ids[2]).contradictions[0]["edge_id"],
        store.mark_contradiction("memory", ids[3], ids[4]).contradictions[0]["edge_id"],
    ]
    return ids, edges


def test_outline_is_complete_and_details_only_what_was_selected(store, linked):
    ids, edges = linked
    seen = {}

    def select(outline):
        seen.update(outline)
        return {ids[3], ids[4]}, [edges[0]]

    page = store.contradiction_graph("memory", select=select)
    full = store.contradiction_graph("memory")
    assert page["groups"] == full["groups"] == seen["groups"]
    assert [link[0] for link in page["links"]] == [e["edge_id"] for e in full["edges"]]
    assert {n["entry_id"] for n in page["nodes"]} == {ids[3], ids[4]}
    assert {e["edge_id"] for e in page["edges"]} == {edges[0], edges[2]}
    by_id = {e["edge_id"]: e for e in full["edges"]}
    assert all(e == by_id[e["edge_id"]] for e in page["edges"])


def test_groups_list_members_in_first_seen_order_largest_first(store, linked):
    ids, _edges = linked
    groups = store.contradiction_graph("memory")["groups"]
    assert groups == [[ids[1], ids[0], ids[2]], [ids[4], ids[3]]]


def test_contradictions_narrow_to_one_entry_or_one_edge(store, linked):
    ids, edges = linked
    mine = store.get_contradictions("memory", include_resolved=True, entry_id=ids[1])
    assert [e["edge_id"] for e in mine] == edges[:2]
    one = store.get_contradictions("memory", include_resolved=True, edge_id=edges[2])
    assert [e["edge_id"] for e in one] == [edges[2]]
    assert store.get_contradictions("memory", edge_id="no-such-edge") == []
    store.dismiss_contradiction("memory", edges[2])
    assert store.get_contradictions("memory", edge_id=edges[2]) == []
    assert [e["edge_id"] for e in store.get_contradictions("memory", include_resolved=True, edge_id=edges[2])] == [edges[2]]
