"""The reflection layer: decay, promotion, ignore-ratio supersede, demotion, and idempotence."""

from __future__ import annotations

import pytest

from dialectical_memory import BeliefStatus, MaturityLevel
from dialectical_memory.store.maintenance import REPORT_KEYS
from dialectical_memory.store.memory_store import RECONCILE_CHECK_BUDGET

from helpers import check_invariants, edit_meta, md_path, snapshot_files

EMPTY_REPORT = {key: [] for key in REPORT_KEYS}


def listed(report) -> dict:
    return {key: report[key] for key in REPORT_KEYS}


def test_report_has_the_documented_keys(store):
    store.add("memory", "Project uses pytest")
    report = store.run_maintenance("memory")
    assert set(REPORT_KEYS) == {"decayed", "promotions_proposed", "promoted", "superseded", "demoted", "contradictions_found"}
    assert set(REPORT_KEYS) | {"changed"} <= set(report)
    assert all(isinstance(report[key], list) for key in REPORT_KEYS)
    assert isinstance(report["changed"], bool)


def test_expired_belief_is_decayed_and_queued_for_reverification(store, clock):
    entry_id = store.add("memory", "The staging server is on version 3", knowledge_type="state").entry_id
    fact_id = store.add("memory", "The company was founded in 2011", knowledge_type="fact").entry_id
    clock.advance(60)  # 0.7 × 0.98^60 ≈ 0.208: not yet
    assert store.run_maintenance("memory")["decayed"] == []
    clock.advance(5)  # 0.7 × 0.98^65 ≈ 0.188 < 0.2
    report = store.run_maintenance("memory")
    assert report["decayed"] == [entry_id] and report["changed"]
    assert store.get_entry("memory", entry_id).meta.status is BeliefStatus.DECAYED
    assert store.get_entry("memory", fact_id).meta.status is BeliefStatus.ACTIVE
    [item] = store.reverification_queue("memory")
    assert item.entry.entry_id == entry_id and item.days_left == 0
    assert item.reason.startswith(f"expired: a {item.entry.meta.knowledge_type.value} entry, ")  # not "belief belief"
    [record] = store.history("memory", action="decay")
    assert record["actor"] == "maintenance" and record["after"]["status"] == "decayed"


def test_decay_does_not_change_the_stored_confidence(store, clock):
    entry_id = store.add("memory", "The staging server is on version 3", knowledge_type="state").entry_id
    clock.advance(200)
    store.run_maintenance("memory")
    entry = store.get_entry("memory", entry_id)
    assert entry.meta.confidence == 0.7
    assert entry.effective_confidence == pytest.approx(0.3), "INCIDENT floor"


def _eligible(store, clock, text="User asks for type hints in Python code"):
    entry_id = store.add("memory", text).entry_id
    store.record_hit("memory", entry_id)
    store.record_hit("memory", entry_id)
    clock.advance(3)
    return entry_id


def test_promotion_is_proposed_under_review_and_not_applied(store, clock):
    entry_id = _eligible(store, clock)
    report = store.run_maintenance("memory", policy="review")
    assert report["promotions_proposed"] == [entry_id] and report["promoted"] == []
    meta = store.get_entry("memory", entry_id).meta
    assert meta.maturity is MaturityLevel.INCIDENT and meta.pending_promotion == int(MaturityLevel.PATTERN)
    assert [i.entry.entry_id for i in store.pending_promotions("memory")] == [entry_id]


def test_a_proposal_nobody_answers_waits_while_confidence_decays_and_goes_when_the_entry_expires(store, clock):
    entry_id = store.add("memory", "User likes short commit messages", knowledge_type="belief").entry_id
    store.record_hit("memory", entry_id)
    store.record_hit("memory", entry_id)
    clock.advance(3)
    assert store.run_maintenance("memory", policy="review")["promotions_proposed"] == [entry_id]
    clock.advance(100)  # a belief's confidence is now under SPEC §4's 0.5: no new proposal would be made
    store.run_maintenance("memory", policy="review")
    assert not store.promotion_check("memory", entry_id).confidence_met
    assert [item.entry.entry_id for item in store.pending_promotions("memory")] == [entry_id]
    assert store.history("memory", action="withdraw_promotion") == []
    clock.advance(200)  # expired: re-verification asks about it, the promotion question goes
    store.run_maintenance("memory", policy="review")
    assert store.get_entry("memory", entry_id).meta.status is BeliefStatus.DECAYED
    assert store.pending_promotions("memory") == []
    assert [record["entry_id"] for record in store.history("memory", action="withdraw_promotion")] == [entry_id]
    store.confirm("memory", entry_id)  # a person says it still holds: its sayings count again
    assert store.run_maintenance("memory", policy="review")["promotions_proposed"] == [entry_id]


def test_an_entry_waits_once_a_pending_promotion_before_it_expires_then_re_verification(store, clock):
    entry_id = store.add("memory", "User likes short commit messages", knowledge_type="belief").entry_id
    store.record_hit("memory", entry_id)
    store.record_hit("memory", entry_id)
    clock.advance(3)
    store.run_maintenance("memory", policy="review")
    clock.advance(252)  # two days before its raw confidence crosses the re-verification line
    store.run_maintenance("memory", policy="review")
    counts = store.counts("memory")
    assert (counts["pending_promotions"], counts["reverify"]) == (1, 0)
    assert store.reverification_queue("memory") == []
    clock.advance(5)
    store.run_maintenance("memory", policy="review")
    counts = store.counts("memory")
    assert (counts["pending_promotions"], counts["reverify"]) == (0, 1)
    assert [item.entry.entry_id for item in store.reverification_queue("memory")] == [entry_id]


def test_promotion_is_applied_under_auto(new_store, clock):
    store = new_store(promotion_policy="auto")
    entry_id = _eligible(store, clock)
    report = store.run_maintenance("memory")
    assert report["promoted"] == [entry_id] and report["promotions_proposed"] == []
    meta = store.get_entry("memory", entry_id).meta
    assert meta.maturity is MaturityLevel.PATTERN and meta.authority >= 0.7 and meta.updated_at == clock()
    assert store.pending_promotions("memory") == []
    [record] = store.history("memory", action="promote")
    assert record["actor"] == "maintenance"


def test_policy_argument_overrides_the_store_policy(store, clock):
    entry_id = _eligible(store, clock)
    assert store.run_maintenance("memory", policy="auto")["promoted"] == [entry_id]


def test_entry_not_yet_eligible_is_not_proposed(store, clock):
    entry_id = store.add("memory", "User asks for type hints").entry_id
    store.record_hit("memory", entry_id)
    clock.advance(10)
    assert store.run_maintenance("memory")["promotions_proposed"] == []


def _surface(store, entry_id, surfaces, ignores):
    for _ in range(surfaces):
        store.record_surface("memory", entry_id)
    for _ in range(ignores):
        store.record_ignore("memory", entry_id, reason="wrong_context")


@pytest.mark.parametrize("surfaces, ignores, superseded", [(5, 3, True), (6, 3, True), (4, 4, False), (7, 3, False)])
def test_entry_ignored_half_the_time_it_is_surfaced_is_superseded(store, home, surfaces, ignores, superseded):
    entry_id = store.add("memory", "Always mention the changelog").entry_id
    store.add("memory", "Project uses pytest")
    _surface(store, entry_id, surfaces, ignores)
    report = store.run_maintenance("memory")
    assert (report["superseded"] == [entry_id]) is superseded
    entry = store.get_entry("memory", entry_id)
    assert entry.archived is superseded
    if superseded:
        assert entry.meta.status is BeliefStatus.SUPERSEDED
        assert "Always mention the changelog" not in md_path(home).read_text(encoding="utf-8")
        assert "ignored 3 of" in entry.archive_reason
    check_invariants(store)


@pytest.fixture
def contested(store, home):
    """A PATTERN entry with two unresolved contradictions."""
    ids = {
        "main": store.add("memory", "Releases are cut from main").entry_id,
        "a": store.add("memory", "Releases are cut from a release branch").entry_id,
        "b": store.add("memory", "Releases are tagged on develop").entry_id,
    }
    edit_meta(home, ids["main"], maturity=int(MaturityLevel.PATTERN))
    store.mark_contradiction("memory", ids["main"], ids["a"])
    store.mark_contradiction("memory", ids["main"], ids["b"])
    return ids


def test_two_unresolved_contradictions_demote_one_level_once(store, contested):
    report = store.run_maintenance("memory")
    assert report["demoted"] == [contested["main"]]
    assert store.get_entry("memory", contested["main"]).meta.maturity is MaturityLevel.INCIDENT
    assert store.run_maintenance("memory")["demoted"] == []
    assert store.get_entry("memory", contested["main"]).meta.maturity is MaturityLevel.INCIDENT
    [record] = store.history("memory", action="demote")
    assert record["before"]["maturity"] == 1 and record["after"]["maturity"] == 0


def test_one_unresolved_contradiction_does_not_demote(store, home):
    main = store.add("memory", "Releases are cut from main").entry_id
    other = store.add("memory", "Releases are cut from a branch").entry_id
    edit_meta(home, main, maturity=int(MaturityLevel.PRINCIPLE))
    store.mark_contradiction("memory", main, other)
    assert store.run_maintenance("memory")["demoted"] == []
    assert store.get_entry("memory", main).meta.maturity is MaturityLevel.PRINCIPLE


def test_demotion_never_goes_below_incident(store, contested, home):
    edit_meta(home, contested["main"], maturity=int(MaturityLevel.INCIDENT))
    report = store.run_maintenance("memory")
    assert report["demoted"] == []
    assert store.get_entry("memory", contested["main"]).meta.maturity is MaturityLevel.INCIDENT


def test_demotion_rearms_after_the_contradictions_are_resolved(store, contested, home):
    store.run_maintenance("memory")
    for edge in store.get_contradictions("memory"):
        store.dismiss_contradiction("memory", edge["edge_id"])
    store.run_maintenance("memory")
    edit_meta(home, contested["main"], maturity=int(MaturityLevel.PRINCIPLE))
    c = store.add("memory", "Releases are built nightly").entry_id
    d = store.add("memory", "Releases are built weekly").entry_id
    store.mark_contradiction("memory", contested["main"], c)
    store.mark_contradiction("memory", contested["main"], d)
    assert store.run_maintenance("memory")["demoted"] == [contested["main"]]
    assert store.get_entry("memory", contested["main"]).meta.maturity is MaturityLevel.PATTERN


# Entries written by hand are checked on load up to a budget; these come after that many others.
BEYOND_THE_LOAD_BUDGET = [f"filler note {i} is harmless" for i in range(RECONCILE_CHECK_BUDGET)]


def test_maintenance_finds_contradictions_the_add_path_missed(store, home, new_store):
    """Entries written by hand past the per-load check budget wait for the deep check of maintenance."""
    home.mkdir(parents=True, exist_ok=True)
    md_path(home).write_text("\n§\n".join([*BEYOND_THE_LOAD_BUDGET, "the deploy day is Tuesday", "the deploy day is Friday"]), encoding="utf-8")
    fresh = new_store(memory_char_limit=0)
    assert fresh.get_contradictions("memory") == []
    report = fresh.run_maintenance("memory")
    assert len(report["contradictions_found"]) == 1
    assert len(fresh.get_contradictions("memory")) == 1
    assert fresh.run_maintenance("memory")["contradictions_found"] == []


def _busy_home(store, clock, home):
    """Something for every rule: decay, promotion, ignore-supersede, demotion, hand-written contradictions."""
    decaying = store.add("memory", "The staging server is on version 3", knowledge_type="state").entry_id
    eligible = store.add("memory", "User asks for type hints in Python code").entry_id
    store.record_hit("memory", eligible)
    store.record_hit("memory", eligible)
    ignored = store.add("memory", "Always mention the changelog").entry_id
    _surface(store, ignored, 5, 3)
    main = store.add("memory", "Releases are cut from main").entry_id
    a = store.add("memory", "Releases are cut from a release branch").entry_id
    b = store.add("memory", "Releases are tagged on develop").entry_id
    edit_meta(home, main, maturity=int(MaturityLevel.WISDOM))
    store.mark_contradiction("memory", main, a)
    store.mark_contradiction("memory", main, b)
    text = md_path(home).read_text(encoding="utf-8")
    hand_written = ["the deploy day is Tuesday", "the deploy day is Friday", "the deploy day is Monday"]
    md_path(home).write_text("\n§\n".join([text, *BEYOND_THE_LOAD_BUDGET, *hand_written]), encoding="utf-8")
    clock.advance(70)
    store.record_hit("memory", eligible)
    return decaying, eligible, ignored, main


def test_running_maintenance_twice_in_a_row_changes_nothing_the_second_time(store, clock, home):
    _busy_home(store, clock, home)
    first = store.run_maintenance("memory")
    assert all(first[key] for key in ("decayed", "promotions_proposed", "superseded", "demoted", "contradictions_found"))
    before = snapshot_files(home)
    second = store.run_maintenance("memory")
    assert listed(second) == EMPTY_REPORT
    assert second["changed"] is False
    assert snapshot_files(home) == before
    check_invariants(store)


def test_second_run_under_auto_changes_nothing_either(new_store, clock, home):
    store = new_store(promotion_policy="auto")
    _busy_home(store, clock, home)
    store.run_maintenance("memory")
    before = snapshot_files(home)
    assert listed(store.run_maintenance("memory")) == EMPTY_REPORT
    assert snapshot_files(home) == before


def test_maintenance_on_an_empty_home_reports_nothing(store):
    report = store.run_maintenance("user")
    assert listed(report) == EMPTY_REPORT and report["changed"] is False


# ---------------------------------------------------------------- short locked steps


def test_rules_apply_in_steps_to_exactly_the_entries_due(store, clock, monkeypatch):
    from dialectical_memory.store import maintenance

    monkeypatch.setattr(maintenance, "RULES_STEP", 2)
    monkeypatch.setattr(maintenance, "SCAN_CHUNK", 3)
    expiring = [store.add("memory", f"The build server {i} runs Debian {10 + i}", knowledge_type="state").entry_id for i in range(5)]
    lasting = store.add("memory", "The company was founded in 2011", knowledge_type="fact").entry_id
    clock.advance(200)
    commits = []
    original = store._commit
    monkeypatch.setattr(store, "_commit", lambda state, change: (commits.append(change), original(state, change)))
    report = store.run_maintenance("memory")
    assert sorted(report["decayed"]) == sorted(expiring)
    assert len([c for c in commits if c.history]) == 3, "5 due entries, 2 per locked step"
    assert store.get_entry("memory", lasting).meta.status is BeliefStatus.ACTIVE
    assert len(store.history("memory", action="decay")) == 5
    assert listed(store.run_maintenance("memory")) == EMPTY_REPORT


def test_an_entry_removed_by_another_process_after_the_scan_is_skipped(store, new_store, clock, monkeypatch):
    from dialectical_memory.store import maintenance

    kept = store.add("memory", "The staging server is on version 3", knowledge_type="state").entry_id
    gone_text = "The CI runner uses Ubuntu 22.04"
    gone = store.add("memory", gone_text, knowledge_type="state").entry_id
    clock.advance(200)
    other = new_store()
    scan = maintenance._scan

    def scan_then_remove(store_, target, wants):
        due = scan(store_, target, wants)
        if gone in due:
            other.remove("memory", gone_text)
        return due

    monkeypatch.setattr(maintenance, "_scan", scan_then_remove)
    report = store.run_maintenance("memory")
    assert report["decayed"] == [kept]
    assert gone not in store.run_maintenance("memory")["decayed"]
    assert [r["entry_id"] for r in store.history("memory", action="decay")] == [kept]
    check_invariants(store, "memory")


def test_the_reverification_queue_follows_every_write_even_within_its_reuse_window(store, new_store, clock):
    """The queue's order is reused for half a minute while the files stay put; a write by this store
    or another one shows at once (the clock does not move here)."""
    first = store.add("memory", "The staging server is on version 3", knowledge_type="state").entry_id
    second = store.add("memory", "The CI runner uses Ubuntu 22.04", knowledge_type="state").entry_id
    clock.advance(200)
    store.run_maintenance("memory")
    assert {item.entry.entry_id for item in store.reverification_queue("memory")} == {first, second}
    new_store().confirm("memory", first)  # another process
    assert [item.entry.entry_id for item in store.reverification_queue("memory")] == [second]
    store.confirm("memory", second)
    assert store.reverification_queue("memory") == []


def test_maintenance_indexes_a_large_home_before_its_deep_check(home, new_store, monkeypatch):
    """A home too large to index at once (detection/index.py's COLD_AT_ONCE): its first load and
    add wait for no analysis; maintenance indexes the pending entries within its time budget and
    deep-checks only once the index is complete, so no pair is missed as a candidate."""
    from dialectical_memory.detection import index_file
    from dialectical_memory.store import maintenance

    monkeypatch.setattr(index_file, "COLD_AT_ONCE", 10)
    monkeypatch.setattr(maintenance, "INDEX_STEP", 8)
    home.mkdir(parents=True, exist_ok=True)
    fillers = [f"filler note {i} is harmless" for i in range(40)]
    md_path(home).write_text("\n§\n".join(["the deploy day is Tuesday", *fillers]), encoding="utf-8")
    fresh = new_store(memory_char_limit=0)
    result = fresh.add("memory", "the deploy day is Friday")
    assert fresh.get_contradictions("memory") == []  # Tuesday is not indexed yet
    # … and the add says so, rather than reading as checked against the whole home
    assert result.extra["not_indexed"] == 41 and "41 older ones wait for maintenance" in result.message
    monkeypatch.setattr(maintenance, "INDEX_SECONDS", 0.0)  # one step of the budget, then stop
    report = fresh.run_maintenance("memory")
    assert report["index_pending"] == 41 - 8 and report["contradictions_found"] == []
    assert report["deep_check_pending"] == 42
    monkeypatch.setattr(maintenance, "INDEX_SECONDS", 60.0)
    report = fresh.run_maintenance("memory")
    assert report["index_pending"] == 0 and len(report["contradictions_found"]) == 1
    assert "not_indexed" not in fresh.add("memory", "the build runs on Mondays").extra  # indexed: said of none
