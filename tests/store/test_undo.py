"""Undo of a person's review actions: each one reversed by a new change, never a history rewrite;
and the contested state that confirm, revise and replace must keep right."""

from __future__ import annotations

import pytest

from dialectical_memory import BeliefStatus, ConflictError, NotFoundError
from dialectical_memory.adapters.cli import main

from helpers import md_path


@pytest.fixture
def pair(big_store):
    """Two contradicting user entries (the fake detector: same key, different value)."""
    a = big_store.add("user", "City is Berlin").entry_id
    b = big_store.add("user", "City is Paris", source_kind="observed").entry_id
    edge = big_store.get_contradictions("user")[0]["edge_id"]
    return a, b, edge


def state_of(store, target="user"):
    """Everything undo must put back: texts in order, entry metadata, edges."""
    entries = {e.entry_id: e.meta.to_dict() for e in store.entries(target)}
    edges = {e["edge_id"]: (e["resolved"], e["resolution"], e["reason"]) for e in store.get_contradictions(target, include_resolved=True)}
    return md_path(store.home, target).read_text(encoding="utf-8"), entries, edges


def undo_round_trip(store, action):
    before = state_of(store)
    history_before = len(store.history("user"))
    result = action()
    assert state_of(store) != before, "the action changed nothing"
    undone = store.undo("user", result.extra["history_id"])
    assert undone.action == "undo"
    text, entries, edges = state_of(store)
    assert text == before[0]
    assert {k: v["status"] for k, v in entries.items()} == {k: v["status"] for k, v in before[1].items()}
    assert {k: v for k, v in edges.items() if k in before[2]} == before[2]
    records = store.history("user")
    assert len(records) > history_before + 1 and records[0]["action"] == "undo"
    return entries, before[1]


def test_dismiss_is_undone_and_the_edge_is_open_again(big_store, pair):
    a, b, edge = pair
    undo_round_trip(big_store, lambda: big_store.dismiss_contradiction("user", edge))
    assert [e["edge_id"] for e in big_store.get_contradictions("user")] == [edge]
    assert big_store.get_entry("user", a).meta.status is BeliefStatus.CONTRADICTED


def test_keep_a_side_is_undone_and_the_dropped_side_comes_back(big_store, pair):
    a, b, edge = pair
    undo_round_trip(big_store, lambda: big_store.supersede("user", b, a))
    assert not big_store.get_entry("user", a).archived


def test_synthesis_is_undone_parents_back_and_synthesis_archived(big_store, pair):
    a, b, edge = pair
    result = big_store.synthesize("user", [a, b], "City is Berlin in winter, Paris in summer")
    big_store.undo("user", result.extra["history_id"])
    assert [e.text for e in big_store.entries("user")] == ["City is Berlin", "City is Paris"]
    synthesis = big_store.get_entry("user", result.entry_id)
    assert synthesis.archived and synthesis.archive_reason == "undone"
    assert big_store.get_entry("user", a).meta.child_ids == []


@pytest.mark.parametrize("action", ["confirm", "revise", "retire", "archive", "edit"])
def test_entry_actions_are_undone(big_store, pair, clock, action):
    a, _b, _edge = pair
    clock.advance(2)
    calls = {
        "confirm": lambda: big_store.confirm("user", a),
        "revise": lambda: big_store.revise("user", a, "City is Rome"),
        "retire": lambda: big_store.retire("user", a),
        "archive": lambda: big_store.archive_entry("user", a),
        "edit": lambda: big_store.edit_text("user", a, "City is Madrid"),
    }
    entries, before = undo_round_trip(big_store, calls[action])
    assert entries[a] == before[a]


def test_promotion_approve_and_reject_are_undone(big_store, clock):
    entry_id = big_store.add("memory", "Rule is tests first", knowledge_type="rule").entry_id
    for _ in range(3):
        big_store.record_hit("memory", entry_id)
    clock.advance(5)
    big_store.run_maintenance("memory")
    assert big_store.get_entry("memory", entry_id).meta.pending_promotion == 1
    approved = big_store.approve_promotion("memory", entry_id, principle_text="Tests first")
    big_store.undo("memory", approved.extra["history_id"])
    meta = big_store.get_entry("memory", entry_id).meta
    assert (meta.maturity, meta.text, meta.pending_promotion) == (0, "Rule is tests first", 1)
    rejected = big_store.reject_promotion("memory", entry_id)
    big_store.undo("memory", rejected.extra["history_id"][:8])
    assert big_store.get_entry("memory", entry_id).meta.pending_promotion == 1


def test_undo_twice_is_refused(big_store, pair):
    result = big_store.dismiss_contradiction("user", pair[2])
    big_store.undo("user", result.extra["history_id"])
    with pytest.raises(ConflictError, match="already undone"):
        big_store.undo("user", result.extra["history_id"])


def test_undo_after_a_later_change_to_the_same_entry_is_refused(big_store, pair):
    a, _b, _edge = pair
    result = big_store.edit_text("user", a, "City is Madrid")
    big_store.edit_text("user", a, "City is Lisbon")
    with pytest.raises(ConflictError, match="changed since"):
        big_store.undo("user", result.extra["history_id"])
    assert big_store.get_entry("user", a).text == "City is Lisbon"


def test_agent_actions_and_unknown_ids_cannot_be_undone(big_store, pair):
    add_record = next(r for r in big_store.history("user") if r["action"] == "add")
    with pytest.raises(ConflictError, match="cannot be undone"):
        big_store.undo("user", add_record["id"])
    with pytest.raises(NotFoundError):
        big_store.undo("user", "ffffffff-0000")


def test_undo_keeps_the_history_it_reverses(big_store, pair):
    result = big_store.dismiss_contradiction("user", pair[2])
    big_store.undo("user", result.extra["history_id"])
    actions = [r["action"] for r in big_store.history("user")]
    assert actions[:2] == ["undo", "dismiss"]
    assert big_store.undone_ids("user") == {result.extra["history_id"]}


def test_cli_review_undo(capsys, big_store, pair):
    result = big_store.dismiss_contradiction("user", pair[2])
    code = main(["--home", str(big_store.home), "review", "undo", result.extra["history_id"][:8]])
    assert code == 0 and "Undone: dismiss." in capsys.readouterr().out
    assert len(big_store.get_contradictions("user")) == 1
    assert main(["--home", str(big_store.home), "review", "undo", result.extra["history_id"][:8]]) == 1
    assert "already undone" in capsys.readouterr().err


def test_confirming_a_contested_entry_keeps_it_contested(big_store, pair):
    a, _b, _edge = pair
    big_store.confirm("user", a)
    assert big_store.get_entry("user", a).meta.status is BeliefStatus.CONTRADICTED


def test_replace_rechecks_the_open_edge_and_updates_its_reason(big_store, pair):
    _a, _b, edge = pair
    big_store.replace("user", "City is Paris", "City is Munich")
    (open_edge,) = big_store.get_contradictions("user")
    assert open_edge["edge_id"] == edge and open_edge["reason"] == "value: berlin↔munich"


def test_revise_to_a_compatible_text_resolves_the_edge(big_store, pair):
    a, b, edge = pair
    big_store.revise("user", b, "Weather is sunny")
    assert big_store.get_contradictions("user") == []
    assert {e.meta.status for e in big_store.entries("user")} == {BeliefStatus.ACTIVE}
    resolved = big_store.get_contradictions("user", include_resolved=True)[0]
    assert resolved["resolution"] == "revised"
