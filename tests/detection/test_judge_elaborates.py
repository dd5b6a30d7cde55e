"""The judge's answer "one entry holds the other's fact and more": its direction is validated, kept
with the answer, and never read backwards whichever order the pair is asked in."""

from __future__ import annotations

import json

import pytest

from dialectical_memory.detection.judge import (ChatJudge, JudgeRun, carries_forward, folds, fuller_side,
                                                parse_answers)
from dialectical_memory.detection.scripted_judge import judge_from_pairs
from dialectical_memory.detection.verdicts import VerdictFile

SHORT = "The user plays the guitar."
FULL = "The user plays the acoustic guitar, which they picked up five years ago to unwind after work."


def _reply(**answer) -> str:
    return json.dumps({"answers": [{"pair": 1, "label": "elaborates", "confidence": 0.9, **answer}]})


@pytest.mark.parametrize(("fuller", "side"), [("B", 1), ("a", 0), (" b ", 1)])
def test_an_elaborates_answer_names_its_fuller_side(fuller, side):
    (verdict,) = parse_answers(_reply(fuller=fuller), 1, "model")
    assert fuller_side(verdict) == side and folds(verdict)


@pytest.mark.parametrize("fuller", [None, "C", "both", 1, ["B"], "B" * 20])
def test_an_elaborates_answer_without_a_valid_side_is_no_opinion(fuller):
    answer = {} if fuller is None else {"fuller": fuller}
    assert parse_answers(_reply(**answer), 1, "model") == [None]


def test_the_prompt_asks_for_the_fuller_side():
    captured = []
    ChatJudge(lambda messages: captured.append(messages) or _reply(fuller="B"), "model").judge_many([(SHORT, FULL)])
    assert '"elaborates"' in captured[0][0]["content"] and '"fuller"' in captured[0][0]["content"]


def test_a_kept_answer_is_read_the_right_way_round_in_either_order(tmp_path):
    judge = judge_from_pairs([{"a": SHORT, "b": FULL, "label": "elaborates", "fuller": "b"}])
    assert fuller_side(judge.judge(FULL, SHORT)) == 0 and fuller_side(judge.judge(SHORT, FULL)) == 1
    path = tmp_path / ".USER.verdicts.json"
    first = JudgeRun(judge, verdicts=VerdictFile(path))
    assert fuller_side(first.ask(SHORT, FULL)) == 1
    first.finish()
    again = JudgeRun(judge, verdicts=VerdictFile(path))
    assert fuller_side(again.ask(FULL, SHORT)) == 0 and again.cached == 1 and again.asked == 0


def test_a_kept_answer_whose_direction_is_lost_or_foreign_is_asked_again(tmp_path):
    judge = judge_from_pairs([{"a": SHORT, "b": FULL, "label": "elaborates", "fuller": "b"}])
    path = tmp_path / ".USER.verdicts.json"
    run = JudgeRun(judge, verdicts=VerdictFile(path))
    run.ask(SHORT, FULL)
    run.finish()
    document = json.loads(path.read_text(encoding="utf-8"))
    (answer,) = document["verdicts"].values()
    answer["fuller"] = "0" * 20  # neither text's hash
    path.write_text(json.dumps(document), encoding="utf-8")
    again = JudgeRun(judge, verdicts=VerdictFile(path))
    assert fuller_side(again.ask(SHORT, FULL)) == 1 and again.asked == 1
    del answer["fuller"]  # no direction at all: the answer is dropped when the file is read
    path.write_text(json.dumps(document), encoding="utf-8")
    assert VerdictFile(path).get(SHORT, FULL, judge.name) is None


def test_a_label_naming_no_side_answers_compatible():
    judge = judge_from_pairs([{"a": SHORT, "b": FULL, "label": "elaborates"}])
    assert not folds(judge.judge(SHORT, FULL))


def test_a_progress_answer_needs_no_side_and_is_kept_as_such(tmp_path):
    (verdict,) = parse_answers(json.dumps({"label": "progress", "confidence": 0.8}), 1, "model")
    assert carries_forward(verdict) and folds(verdict) and fuller_side(verdict) is None
    judge = judge_from_pairs([{"a": SHORT, "b": FULL, "label": "progress"}])
    path = tmp_path / ".USER.verdicts.json"
    run = JudgeRun(judge, verdicts=VerdictFile(path))
    run.ask(FULL, SHORT)
    run.finish()
    assert carries_forward(JudgeRun(judge, verdicts=VerdictFile(path)).ask(SHORT, FULL))
