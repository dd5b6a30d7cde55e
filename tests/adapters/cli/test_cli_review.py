"""`dmem review …`: every review action of the dashboard, from a terminal, by id prefix."""

import json

import pytest

from dialectical_memory import BeliefStatus, MaturityLevel, MemoryStore, SourceKind

from .cli_run import dmem

DAY = 86_400.0
START = 1_700_000_000.0


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self):
        return self.now


@pytest.fixture
def promotable(home):
    """A user entry with a pending promotion INCIDENT → PATTERN (made at a past time)."""
    clock = Clock()
    store = MemoryStore(home, clock=clock)
    entry_id = store.add("user", "User reviews pull requests every morning, before standup").entry_id
    store.record_hit("user", entry_id)
    store.record_hit("user", entry_id)
    clock.now += 5 * DAY
    store.run_maintenance("user")
    assert store.get_entry("user", entry_id).meta.pending_promotion == int(MaturityLevel.PATTERN)
    return entry_id


def test_promotions_lists_evidence_then_approve_with_a_principle(capsys, home, promotable):
    code, out, _err = dmem(capsys, home, "review", "promotions")
    assert code == 0 and promotable[:8] in out and "INCIDENT→PATTERN" in out and "hits 2/2" in out
    code, out, _err = dmem(capsys, home, "review", "promotions", "--json")
    (item,) = json.loads(out)
    assert item["entry_id"] == promotable and item["required"]["hits"] == 2 and item["target"] == "user"
    code, out, err = dmem(capsys, home, "review", "approve", promotable[:6], "--principle", "Reviews PRs first thing")
    assert code == 0 and "Promoted to PATTERN." in out, err
    meta = MemoryStore(home).get_entry("user", promotable).meta
    assert meta.maturity is MaturityLevel.PATTERN and meta.principle_text == "Reviews PRs first thing"
    assert (home / "USER.md").read_text(encoding="utf-8") == "Reviews PRs first thing"


def test_reject_clears_the_proposal(capsys, home, promotable):
    code, out, _err = dmem(capsys, home, "review", "reject", promotable[:8])
    assert code == 0 and "rejected" in out
    assert MemoryStore(home).get_entry("user", promotable).meta.pending_promotion is None
    code, _out, err = dmem(capsys, home, "review", "reject", promotable[:8])
    assert code == 1 and "no pending promotion" in err


@pytest.fixture
def expired(home):
    clock = Clock()
    store = MemoryStore(home, clock=clock)
    entry_id = store.add("memory", "User is between jobs", knowledge_type="state").entry_id
    clock.now += 120 * DAY
    store.run_maintenance("memory")
    assert store.get_entry("memory", entry_id).meta.status is BeliefStatus.DECAYED
    return entry_id


def test_queue_confirm_revise_retire(capsys, home, expired):
    code, out, _err = dmem(capsys, home, "review", "queue")
    assert code == 0 and expired[:8] in out and "expired" in out
    code, out, _err = dmem(capsys, home, "review", "confirm", expired[:8])
    assert code == 0 and "Confirmed" in out
    assert MemoryStore(home).get_entry("memory", expired).meta.status is BeliefStatus.ACTIVE
    code, out, _err = dmem(capsys, home, "review", "revise", expired[:8], "User works at a bakery now")
    assert code == 0 and "Revised." in out
    meta = MemoryStore(home).get_entry("memory", expired).meta
    assert meta.text == "User works at a bakery now" and meta.source_kind is SourceKind.USER_CORRECTION
    code, out, _err = dmem(capsys, home, "review", "retire", expired[:8], "--json")
    assert code == 0 and json.loads(out)["action"] == "retire"
    assert MemoryStore(home).get_entry("memory", expired).archived


@pytest.fixture
def contested(home):
    store = MemoryStore(home)
    concise = store.add("memory", "User prefers concise replies").entry_id
    detailed = store.add("memory", "User wants long, detailed answers", source_kind="observed").entry_id
    (edge,) = store.get_contradictions("memory")
    return concise, detailed, edge["edge_id"]


def test_keep_one_side_supersedes_the_other(capsys, home, contested):
    concise, detailed, _edge = contested
    code, out, err = dmem(capsys, home, "review", "keep", detailed[:8])
    assert code == 0 and "Kept one side" in out, err
    store = MemoryStore(home)
    assert store.get_entry("memory", concise).archived and not store.get_contradictions("memory")
    assert (home / "MEMORY.md").read_text(encoding="utf-8") == "User wants long, detailed answers"


def test_keep_asks_which_side_loses_when_there_are_several(capsys, home, contested):
    concise, detailed, _edge = contested
    third = MemoryStore(home).add("memory", "User likes very short, terse replies").entry_id
    dmem(capsys, home, "review", "link", detailed[:8], third[:8])
    code, _out, err = dmem(capsys, home, "review", "keep", detailed[:8])
    assert code == 1 and "--over" in err and concise in err and third in err
    code, _out, err = dmem(capsys, home, "review", "keep", detailed[:8], "--over", third[:8])
    assert code == 0, err
    assert MemoryStore(home).get_entry("memory", third).archived
    assert not MemoryStore(home).get_entry("memory", concise).archived


def test_dismiss_by_edge_prefix_in_either_target(capsys, home, contested):
    _concise, _detailed, edge = contested
    code, out, _err = dmem(capsys, home, "review", "dismiss", edge[:6])
    assert code == 0 and "not a contradiction" in out
    assert not MemoryStore(home).get_contradictions("memory")
    code, _out, err = dmem(capsys, home, "review", "dismiss", edge[:6])
    assert code == 1 and "no unresolved contradiction" in err


def test_link_two_entries_with_a_reason(capsys, home):
    store = MemoryStore(home)
    a = store.add("user", "User keeps bees on the roof").entry_id
    b = store.add("user", "User is allergic to bee stings").entry_id
    assert not store.get_contradictions("user")
    code, out, err = dmem(capsys, home, "review", "link", a[:8], b[:8], "--reason", "diet vs dish")
    assert code == 0 and "Linked" in out, err
    (edge,) = MemoryStore(home).get_contradictions("user")
    assert edge["reason"] == "diet vs dish" and {edge["from_id"], edge["to_id"]} == {a, b}


def test_link_refuses_entries_of_different_targets(capsys, home):
    store = MemoryStore(home)
    a = store.add("user", "User is vegetarian").entry_id
    b = store.add("memory", "Deploys happen on Fridays").entry_id
    code, _out, err = dmem(capsys, home, "review", "link", a, b)
    assert code == 1 and "different targets" in err


def test_review_actions_are_logged_as_cli(capsys, home, contested):
    _concise, detailed, _edge = contested
    dmem(capsys, home, "review", "keep", detailed[:8])
    assert MemoryStore(home).history("memory")[0]["actor"] == "cli"


def test_review_alone_shows_the_next_promotions_evidence_against_its_thresholds(capsys, home, promotable):
    code, out, _err = dmem(capsys, home, "review")
    lines = out.splitlines()
    (at,) = [i for i, line in enumerate(lines) if line.startswith("Next: promote “User reviews pull requests")]
    evidence = lines[at + 1]
    assert code == 0 and evidence.startswith("  used or seen 2 times (needs 2), ")
    assert " days old (needs 3), confidence " in evidence and "(needs 0.50)" in evidence
