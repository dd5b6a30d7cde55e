"""The judge: consulted by maintenance only, for close pairs the rules leave open, within a budget."""

import json

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import Label, RuleDetector, Verdict
from dialectical_memory.detection.judge import (CallableJudge, EndpointJudge, JudgeRun, judge_from_env,
                                                judge_verdict)

# The rules see no conflict here (a world-knowledge pair); a judge might.
OPEN_A = "User has never seen snow."
OPEN_B = "User grew up in Harbin and went skiing in the snow every winter."


class FakeJudge:
    name = "fake"

    def __init__(self, label="contradiction"):
        self.calls = []
        self.label = label

    def judge(self, a, b):
        self.calls.append((a, b))
        return judge_verdict(self.label, 0.8, "cannot be both", self.name)


def test_the_rules_leave_the_example_pair_open():
    assert RuleDetector().compare(OPEN_A, OPEN_B).label is not Label.CONTRADICTION


def test_judge_run_asks_within_budget_and_caches():
    judge = FakeJudge()
    run = JudgeRun(judge, RuleDetector(), budget=1)
    assert run.ask(OPEN_A, OPEN_B).label is Label.CONTRADICTION
    assert run.ask(OPEN_B, OPEN_A).source == "judge"  # cached, either order
    assert run.ask("User's team is tiny.", "User's team has 200 engineers.") is None  # budget spent
    assert len(judge.calls) == 1 and run.report()["cached"] == 1


def test_judge_is_not_asked_about_pairs_the_rules_decide_but_no_wording_gate_keeps_a_pair_from_it():
    judge = FakeJudge("compatible")
    run = JudgeRun(judge, RuleDetector())
    assert run.ask("User lives in Berlin.", "User lives in Paris.") is None
    assert judge.calls == []
    run.ask("User avoids crowds.", "用户每年都去音乐节。")  # no shared word: a paraphrase across languages
    assert judge.calls == [("User avoids crowds.", "用户每年都去音乐节。")]


def test_a_failing_judge_gives_no_opinion():
    def broken(a, b):
        raise OSError("unreachable")

    run = JudgeRun(CallableJudge(broken), RuleDetector())
    assert run.ask(OPEN_A, OPEN_B) is None and run.errors == 1


@pytest.mark.parametrize(("answer", "label"), [
    ({"label": "contradiction", "confidence": 0.9}, Label.CONTRADICTION),
    ('```json\n{"label": "compatible", "confidence": 0.6}\n```', Label.COMPATIBLE),
    ("no idea", None),
    ({"label": "maybe"}, None),
])
def test_callable_judge_reads_verdicts_dicts_and_json_text(answer, label):
    verdict = CallableJudge(lambda a, b: answer).judge("a", "b")
    assert (verdict.label if verdict else None) is label


def test_judge_from_env_needs_a_url():
    assert judge_from_env({}) is None
    judge = judge_from_env({"DMEM_JUDGE_URL": "http://127.0.0.1:9/v1", "DMEM_JUDGE_MODEL": "m"})
    assert isinstance(judge, EndpointJudge) and judge.model == "m"


def test_maintenance_consults_the_judge_but_adding_never_does(tmp_path):
    judge = FakeJudge()
    store = MemoryStore(tmp_path, judge=judge, user_char_limit=0, memory_char_limit=0)
    store.load_from_disk()
    store.add("user", OPEN_A)
    store.add("user", OPEN_B)
    assert judge.calls == [] and store.get_contradictions("user") == []
    report = store.run_maintenance("user")
    assert len(judge.calls) == 1 and report["judge"]["asked"] == 1
    edges = store.get_contradictions("user")
    assert len(edges) == 1 and edges[0]["author"] == "judge:fake"
    assert edges[0]["reason_data"]["source"] == "judge" and edges[0]["kind"] == "judge"
    store.run_maintenance("user")
    assert len(judge.calls) == 1  # checked entries are not asked about again


def test_rule_edges_carry_kind_and_reason_data(tmp_path):
    store = MemoryStore(tmp_path)
    store.load_from_disk()
    store.add("user", "User lives in Berlin.")
    store.add("user", "User lives in Paris.")
    edge = store.get_contradictions("user")[0]
    assert edge["kind"] == "value"
    assert edge["reason_data"]["slot"] == "residence"
    assert sorted(edge["reason_data"]["values"]) == ["Berlin", "Paris"]
    json.dumps(edge)  # plain data
