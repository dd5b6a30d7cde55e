"""Issue 30: the demo home hides no feature — a blocked entry, maintenance with work to do, a group
of three contradicting entries, and knowledge types a person would agree with."""

from __future__ import annotations

import pytest

from dialectical_memory import BeliefStatus, KnowledgeType, MemoryStore
from dialectical_memory.features.demo import INJECTED, seed_demo


@pytest.fixture
def demo(tmp_path):
    home = seed_demo(tmp_path / "home")
    store = MemoryStore(home)
    store.load_from_disk()
    return store


def test_the_demo_has_a_blocked_entry_that_came_from_outside(demo):
    blocked = demo.blocked_entries("memory")
    assert [entry.text for entry in blocked] == [INJECTED]
    assert demo.counts("memory")["blocked"] == 1
    assert INJECTED not in demo.format_for_system_prompt("memory"), "the assistant does not see it"


def test_the_first_maintenance_a_person_runs_decays_one_belief_and_proposes_one_promotion(demo):
    report = demo.run_maintenance("memory")
    decayed = [demo.get_entry("memory", i).text for i in report["decayed"]]
    proposed = [demo.get_entry("memory", i).text for i in report["promotions_proposed"]]
    assert decayed == ["User is migrating the team's CI to GitHub Actions."]
    assert proposed == ["Answer in the language the user wrote in."]
    assert report["changed"]
    assert not demo.run_maintenance("memory")["changed"], "and a second run right after has nothing left"


def test_lasting_preferences_and_habits_are_beliefs_not_passing_states(demo):
    for target, text in (("user", "User is vegetarian."), ("user", "用户每天早上喝一杯手冲咖啡。"),
                         ("memory", "User drinks coffee in the morning.")):  # fmt: skip
        meta = demo.get_entry_meta(target, text)
        assert meta.knowledge_type is KnowledgeType.BELIEF, text
    vegetarian = demo.get_entry("user", demo.get_entry_meta("user", "User is vegetarian.").entry_id)
    assert vegetarian.effective_confidence > 0.5, "40 days do not wear a diet down to 0.31"
    moving = demo.get_entry_meta("user", "用户正在准备搬家。")
    assert moving.knowledge_type is KnowledgeType.STATE and moving.status is BeliefStatus.ACTIVE


def test_three_cities_in_two_languages_all_contradict_each_other(demo):
    cities = {"用户住在北京。", "用户住在上海。", "User lives in Shenzhen."}
    pairs = [{e["from_text"], e["to_text"]} for e in demo.get_contradictions("user")]
    assert sum(1 for pair in pairs if pair <= cities) == 3
