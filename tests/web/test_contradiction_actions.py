"""Resolving contradictions from the graph: synthesis, keep one side, dismiss, link by hand."""

from __future__ import annotations

STALE_ETAG = "0" * 16


def etags(store, *entry_ids):
    return [store.get_entry("memory", entry_id).etag for entry_id in entry_ids]


def test_synthesis_writes_a_new_entry_and_archives_both_sides(post, app_store, disk, seeded):
    etag_from, etag_to = etags(app_store, seeded.concise, seeded.detailed)
    synthesis = "User prefers concise replies in general, but wants depth on technical questions."
    response = post(
        f"/memory/contradictions/edges/{seeded.style_edge}/synthesize",
        {"text": synthesis, "knowledge_type": "rule", "etag_from": etag_from, "etag_to": etag_to},
    )
    assert response.status_code == 303
    md = disk.md()
    assert synthesis in md
    assert "User prefers concise replies." not in md.split("\n§\n")
    edge = disk.edge(seeded.style_edge)
    assert edge["resolved"] and edge["resolution"] == "synthesis"
    new_entry = disk.entry(edge["resolution_id"])
    assert new_entry["knowledge_type"] == "rule"
    assert sorted(new_entry["parent_ids"]) == sorted([seeded.concise, seeded.detailed])


def test_synthesis_with_htmx_swaps_the_workspace_and_the_counts(post, app_store, seeded):
    etag_from, etag_to = etags(app_store, seeded.concise, seeded.detailed)
    response = post(
        f"/memory/contradictions/edges/{seeded.style_edge}/synthesize",
        {"text": "Concise in general, detailed on technical questions.", "etag_from": etag_from, "etag_to": etag_to},
        htmx=True,
    )
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="workspace"')
    assert html.count("graph-edge--open") == 1
    assert 'hx-swap-oob="true"' in html
    assert 'data-count="contradictions">1<' in html


def test_empty_synthesis_is_refused_with_the_panel_again(post, app_store, disk, seeded):
    before = disk.snapshot()
    etag_from, etag_to = etags(app_store, seeded.concise, seeded.detailed)
    response = post(
        f"/memory/contradictions/edges/{seeded.style_edge}/synthesize",
        {"text": "", "etag_from": etag_from, "etag_to": etag_to},
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "The synthesis must not be empty." in html and 'id="synthesis-text"' in html
    assert disk.snapshot() == before


def test_invalid_knowledge_type_is_refused(post, app_store, disk, seeded):
    before = disk.snapshot()
    response = post(f"/memory/contradictions/edges/{seeded.style_edge}/synthesize", {"text": "Both.", "knowledge_type": "vibe"})
    assert response.status_code == 422
    assert disk.snapshot() == before


def test_synthesis_after_a_side_changed_is_refused_with_409(post, app_store, disk, seeded):
    etag_from, _ = etags(app_store, seeded.concise, seeded.detailed)
    before = disk.snapshot()
    response = post(
        f"/memory/contradictions/edges/{seeded.style_edge}/synthesize",
        {"text": "Both at once.", "etag_from": etag_from, "etag_to": STALE_ETAG},
        htmx=True,
    )
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "changed since" in html and "Both at once.</textarea>" in html
    assert disk.snapshot() == before


def test_keep_one_side_supersedes_the_other(post, app_store, disk, seeded):
    etag_from, etag_to = etags(app_store, seeded.tabs, seeded.spaces)
    response = post(
        f"/memory/contradictions/edges/{seeded.indent_edge}/keep",
        {"keep_id": seeded.spaces, "etag_from": etag_from, "etag_to": etag_to},
    )
    assert response.status_code == 303
    assert "4-space indentation" in disk.md() and "prefer tabs" not in disk.md()
    assert disk.edge(seeded.indent_edge)["resolution"] == "superseded"
    archived = disk.archive()[-1]["meta"]
    assert archived["entry_id"] == seeded.tabs and archived["status"] == "superseded"


def test_keep_needs_one_of_the_two_sides(post, disk, seeded):
    before = disk.snapshot()
    response = post(f"/memory/contradictions/edges/{seeded.indent_edge}/keep", {"keep_id": seeded.concise})
    assert response.status_code == 422
    assert disk.snapshot() == before


def test_keep_with_a_stale_etag_is_refused(post, app_store, disk, seeded):
    _, etag_to = etags(app_store, seeded.tabs, seeded.spaces)
    before = disk.snapshot()
    response = post(
        f"/memory/contradictions/edges/{seeded.indent_edge}/keep",
        {"keep_id": seeded.spaces, "etag_from": STALE_ETAG, "etag_to": etag_to},
    )
    assert response.status_code == 409
    assert disk.snapshot() == before


def test_dismiss_resolves_the_edge_and_keeps_both_entries(post, disk, seeded):
    response = post(f"/memory/contradictions/edges/{seeded.indent_edge}/dismiss", htmx=True)
    assert response.status_code == 200
    edge = disk.edge(seeded.indent_edge)
    assert edge["resolved"] and edge["resolution"] == "dismissed"
    assert "prefer tabs" in disk.md() and "4-space indentation" in disk.md()


def test_dismissing_twice_is_a_conflict(post, disk, seeded):
    post(f"/memory/contradictions/edges/{seeded.indent_edge}/dismiss")
    before = disk.snapshot()
    response = post(f"/memory/contradictions/edges/{seeded.indent_edge}/dismiss")
    assert response.status_code == 409
    assert "already resolved" in response.get_data(as_text=True)
    assert disk.snapshot() == before


def test_link_two_entries_by_id_and_by_a_piece_of_text(post, disk, seeded):
    response = post("/memory/contradictions/link", {"from_id": seeded.html, "other": "用户喜欢", "reason": "style clash"})
    assert response.status_code == 303
    edge = disk.meta()["contradictions"][-1]
    assert {edge["from_id"], edge["to_id"]} == {seeded.html, seeded.chinese}
    assert edge["reason"] == "style clash" and edge["author"] == "person"
    assert response.headers["Location"] == f"/memory/contradictions/edges/{edge['edge_id']}"


def test_link_with_an_ambiguous_or_unknown_entry_is_refused(post, disk, seeded):
    before = disk.snapshot()
    ambiguous = post("/memory/contradictions/link", {"from_id": seeded.html, "other": "User"})
    assert ambiguous.status_code == 422 and "be more specific" in ambiguous.get_data(as_text=True)
    unknown = post("/memory/contradictions/link", {"from_id": seeded.html, "other": "zebra crossing"}, htmx=True)
    assert unknown.status_code == 422 and "no active entry" in unknown.get_data(as_text=True)
    missing = post("/memory/contradictions/link", {"from_id": "", "other": seeded.html})
    assert missing.status_code == 422
    assert disk.snapshot() == before


def test_linking_an_already_linked_pair_is_a_conflict(post, disk, seeded):
    before = disk.snapshot()
    response = post("/memory/contradictions/link", {"from_id": seeded.tabs, "other": seeded.spaces})
    assert response.status_code == 409
    assert disk.snapshot() == before


def test_actions_on_unknown_edges_are_404(post, disk):
    before = disk.snapshot()
    for action in ("synthesize", "keep", "dismiss"):
        assert post(f"/memory/contradictions/edges/nope/{action}", {"text": "x"}).status_code == 404
    assert disk.snapshot() == before
