"""The model tier in the reflection layer: what a judge is asked, when, how often, and what is kept.

A scripted judge answers from labels (what a perfect model would say): what these tests measure is
whether maintenance asks about the right pairs within its default budgets, and keeps the answers.
"""

from __future__ import annotations

import json
from pathlib import Path

from dialectical_memory import MemoryStore
from dialectical_memory.detection import Label, RuleDetector
from dialectical_memory.detection.judge import JUDGE_BUDGET, CallableJudge
from dialectical_memory.detection.home_evaluation import load_home, score_home
from dialectical_memory.detection.scripted_judge import judge_from_home
from dialectical_memory.detection.verdicts import VerdictFile, verdicts_path
from dialectical_memory.features.sync import NEVER_SYNCED, SYNCED_FILES
from dialectical_memory.features.trial import run_home
from dialectical_memory.storage.hermes_format import dumps

HOMES = Path(__file__).resolve().parents[1] / "detection" / "homes"
# The rules see no conflict here: no word in common, and across languages.
CROWDS = "User avoids crowds and loud places."
FESTIVALS = "用户每年夏天都去参加大型音乐节，越热闹越好。"


class Scripted:
    """Says "contradiction" for the pairs it is given, "compatible" for any other; counts questions."""

    def __init__(self, *pairs):
        self.contradicting = {frozenset(pair) for pair in pairs}
        self.calls: list[tuple[str, str]] = []
        self.name = "scripted"

    def __call__(self, a, b):
        self.calls.append((a, b))
        label = "contradiction" if frozenset((a, b)) in self.contradicting else "compatible"
        return {"label": label, "confidence": 0.9, "reason": f"the model says {label}"}


def _store(home, fn, **kwargs) -> MemoryStore:
    store = MemoryStore(home, judge=CallableJudge(fn, fn.name), memory_char_limit=0, user_char_limit=0, **kwargs)
    store.load_from_disk()
    return store


def test_the_rules_miss_the_example_pair():
    assert RuleDetector().compare(CROWDS, FESTIVALS).label is not Label.CONTRADICTION


def test_a_paraphrase_across_languages_reaches_the_judge_and_becomes_an_edge_suggested_by_it(tmp_path):
    judge = Scripted((CROWDS, FESTIVALS))
    store = _store(tmp_path, judge)
    store.add("user", CROWDS)
    store.add("user", FESTIVALS)
    report = store.run_maintenance("user")
    (edge,) = store.get_contradictions("user")
    assert edge["author"] == "judge:scripted" and edge["kind"] == "judge"
    assert edge["reason"] == "the model says contradiction"
    assert report["judge"]["asked"] == 1 and report["judge"]["budget"] == JUDGE_BUDGET


def test_in_a_small_home_every_pair_is_asked_once_and_the_answers_survive_a_restart(tmp_path):
    texts = ["User drinks tea.", "User runs on Sundays.", "User works from Lisbon.", CROWDS, FESTIVALS]
    judge = Scripted((CROWDS, FESTIVALS))
    store = _store(tmp_path, judge)
    for text in texts:
        store.add("user", text)
    store.run_maintenance("user")
    asked = {frozenset(pair) for pair in judge.calls}
    assert len(judge.calls) == len(asked) == 10  # every pair of 5, none twice
    # a restart, and every entry to check again: the verdict file answers, the model is not asked
    again = Scripted((CROWDS, FESTIVALS))
    restarted = _store(tmp_path, again)
    sidecar = tmp_path / "USER.meta.json"
    data = json.loads(sidecar.read_text(encoding="utf-8"))
    for meta in data["entries"].values() if isinstance(data["entries"], dict) else data["entries"]:
        meta["deep_checked"] = False
    sidecar.write_text(json.dumps(data), encoding="utf-8")
    report = restarted.run_maintenance("user")
    assert again.calls == [] and report["judge"]["cached"] >= 1


def test_a_damaged_verdict_file_is_rebuilt(tmp_path):
    judge = Scripted()
    store = _store(tmp_path, judge)
    store.add("user", CROWDS)
    path = verdicts_path(tmp_path, "USER")
    path.write_bytes(b"\x00not json")
    store.add("user", FESTIVALS)
    store.run_maintenance("user")
    assert len(judge.calls) == 1
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == 1 and len(document["verdicts"]) == 1


def test_the_verdict_file_never_leaves_the_device():
    from fnmatch import fnmatch

    for name in (".MEMORY.verdicts.json", ".USER.verdicts.json"):
        assert name not in SYNCED_FILES and any(fnmatch(name, pattern) for pattern in NEVER_SYNCED)


def test_a_persons_dismissal_is_a_verdict_no_model_overrides(tmp_path):
    judge = Scripted((CROWDS, FESTIVALS))
    store = _store(tmp_path, judge)
    store.add("user", CROWDS)
    festival = store.add("user", FESTIVALS).entry_id
    store.run_maintenance("user")
    (edge,) = store.get_contradictions("user")
    store.dismiss_contradiction("user", edge["edge_id"])
    # the same text comes back as a new entry (removed, then written again): the pair is not asked again
    store.remove("user", FESTIVALS)
    again = store.add("user", FESTIVALS).entry_id
    assert again != festival
    judge.calls.clear()
    store.run_maintenance("user")
    assert judge.calls == [] and store.get_contradictions("user") == []
    assert VerdictFile(verdicts_path(tmp_path, "USER")).person_said(CROWDS, FESTIVALS)


def test_new_arrivals_are_judged_before_old_entries(tmp_path):
    """A home of old entries nobody checked yet (a hand-written file) and one new entry: the run's
    budget goes to the new entry's pairs first."""
    old = [f"User keeps note {number} about project {number} in the wiki." for number in range(90)]
    (tmp_path / "USER.md").write_text(dumps([CROWDS, *old]), encoding="utf-8")
    judge = Scripted((CROWDS, FESTIVALS))
    store = _store(tmp_path, judge)
    store.add("user", FESTIVALS)
    store.run_maintenance("user")
    assert judge.calls[0].count(FESTIVALS) == 1 and len(judge.calls) <= JUDGE_BUDGET
    assert [edge["author"] for edge in store.get_contradictions("user")] == ["judge:scripted"]


def test_the_daily_budget_holds_across_runs(tmp_path):
    judge = Scripted()
    store = _store(tmp_path, judge)
    store.judge_budgets = {"daily_budget": 3}
    for text in ["User drinks tea.", "User runs on Sundays.", "User works from Lisbon."]:
        store.add("user", text)
    store.run_maintenance("user")
    store.add("user", CROWDS)
    report = store.run_maintenance("user")
    assert len(judge.calls) == 3 and report["judge"]["asked"] == 0


def test_a_failing_judge_never_blocks_maintenance_and_is_reported(tmp_path):
    def broken(a, b):
        raise TimeoutError("the model took too long")

    broken.name = "slow"
    store = _store(tmp_path, broken)
    store.add("user", CROWDS)
    store.add("user", FESTIVALS)
    report = store.run_maintenance("user")
    assert report["judge"]["errors"] == 1 and "took too long" in report["judge"]["last_error"]
    assert VerdictFile(verdicts_path(tmp_path, "USER")).status()["errors"] == 1
    assert report["deep_check_pending"] == 0  # the entries were still checked by the rules


def test_a_scripted_judge_from_labels_at_the_default_budgets_finds_the_homes_contradictions(capsys):
    """The bundled home: each probe added to its own copy, maintenance once; the judge answers
    from the labels. Reported: found, false alarms, questions asked per probe."""
    home = load_home(HOMES / "freelance_engineer.json")
    report = score_home(home, run_home(home, judge=judge_from_home(home)))
    probes, questions = report["probes"], report["questions"]
    with capsys.disabled():
        print(f"\n[scripted judge, default budgets] found {probes['found']}/{probes['contradicting']}, "
              f"false alarms {probes['false_alarms']}, questions per probe {questions['per_probe_mean']} "
              f"(at most {questions['per_probe_max']}), {questions['total']} in all")
    assert probes["found"] >= 0.9 * probes["contradicting"]
    assert probes["false_alarms"] <= 3
    assert questions["per_probe_max"] <= JUDGE_BUDGET
