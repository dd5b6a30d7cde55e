"""`dmem demo` seeds a home that shows a reviewer every state the dashboard has to offer."""

import pytest

from dialectical_memory import BeliefStatus, MaturityLevel, MemoryStore, SourceKind
from dialectical_memory.features.demo import seed_demo


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory):
    """A store over a home `dmem demo` seeded, shared by the module (the tests only read it)."""
    home = seed_demo(tmp_path_factory.mktemp("demo") / "home")
    store = MemoryStore(home)
    store.load_from_disk()
    return store


def test_demo_fits_the_hermes_limits(demo_store):
    for target in ("memory", "user"):
        usage = demo_store.counts(target)["usage"]
        assert usage["chars"] <= usage["limit"]


def test_demo_sits_near_hermes_limits_so_make_room_shows(demo_store):
    """`make demo` serves the demo with Hermes' limits: its MEMORY.md (the page a person lands on)
    is past the 80 % where the overview starts to show what could go; USER.md has room left for
    the make-room journey, which fills it itself."""
    plan = demo_store.make_room_plan("memory")
    assert plan.limit == 2200 and plan.due and 0.8 * 2200 <= plan.usage <= 0.9 * 2200
    assert {c.tier for c in plan.could_go} == {"decayed", "low_authority"}
    assert demo_store.counts("user")["usage"]["chars"] < 0.3 * 1375


def test_the_makefile_serves_the_demo_with_the_limits_it_was_seeded_for():
    from pathlib import Path

    from dialectical_memory.features.demo import HERMES_LIMITS

    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    serve_line = next(line for line in makefile.splitlines() if "serve" in line and "DEMO_HOME" in line)
    assert f"--memory-char-limit {HERMES_LIMITS['memory']}" in serve_line and f"--user-char-limit {HERMES_LIMITS['user']}" in serve_line


def test_demo_has_unresolved_synthesised_and_dismissed_contradictions(demo_store):
    edges = demo_store.get_contradictions("memory", include_resolved=True) + demo_store.get_contradictions("user", include_resolved=True)
    resolutions = {edge["resolution"] for edge in edges}
    assert {None, "synthesis", "dismissed"} <= resolutions
    assert any(e["from_text"] and any("\u4e00" <= ch <= "\u9fff" for ch in e["from_text"]) for e in edges), "Chinese too"


def test_demo_pits_observed_behaviour_against_stated_preference(demo_store):
    stated_vs_observed = [
        edge
        for edge in demo_store.get_contradictions("memory") + demo_store.get_contradictions("user")
        if {edge["from_source"], edge["to_source"]} == {SourceKind.OBSERVED.value, SourceKind.USER_EXPLICIT.value}
    ]
    assert stated_vs_observed
    for edge in stated_vs_observed:
        observed_side = edge["from_id"] if edge["from_source"] == SourceKind.OBSERVED.value else edge["to_id"]
        assert edge["preferred_id"] == observed_side, "behaviour first"


def test_demo_has_an_expired_belief_and_one_about_to_expire(demo_store):
    queue = demo_store.reverification_queue("memory") + demo_store.reverification_queue("user")
    assert any(item.days_left == 0 and item.entry.meta.status is BeliefStatus.DECAYED for item in queue)
    assert any(0 < item.days_left <= 7 for item in queue)


def test_demo_has_promotion_candidates_at_every_tier(demo_store):
    targets = {item.check.target for t in ("memory", "user") for item in demo_store.pending_promotions(t)}
    assert targets == {MaturityLevel.PATTERN, MaturityLevel.PRINCIPLE, MaturityLevel.WISDOM}


def test_demo_has_every_maturity_and_archived_entries(demo_store):
    levels = {e.meta.maturity for t in ("memory", "user") for e in demo_store.entries(t)}
    assert levels == set(MaturityLevel)
    reasons = {e.archive_reason for t in ("memory", "user") for e in demo_store.archived(t)}
    assert any("synthesized" in r for r in reasons) and any("retired" in r for r in reasons)
    assert any("removed" in r for r in reasons) and any("ignored" in r for r in reasons)


def test_demo_history_has_every_actor(demo_store):
    actors = {record["actor"] for record in demo_store.history()}
    assert {"agent", "person", "maintenance"} <= actors
