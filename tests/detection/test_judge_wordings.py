"""A judge question carries an entry's kept wordings beside its text (``judge.Said``): a model reads
every wording a fact was said in, and the label judge answers through any of them."""

from __future__ import annotations

import json

from dialectical_memory.detection.judge import ChatJudge, JudgeRun, Said, fuller_side, messages_for, says_same
from dialectical_memory.detection.scripted_judge import judge_from_pairs

ENTRY = "The user treasures quiet evenings at home with the family."
WORDING = "Evenings with the family at home are the highlight of the user's day."
LATER = "Time spent at home with the family in the evening means a lot to the user."
FULLER = "The user treasures quiet evenings at home with the family, reading aloud to the kids after dinner."


def test_the_prompt_shows_each_sides_wordings_as_json_after_its_text():
    (_system, user) = messages_for([(Said(ENTRY, [WORDING]), LATER)])
    assert user["content"] == f"Pair 1:\nA: {json.dumps(ENTRY)}\nA also: {json.dumps([WORDING])}\nB: {json.dumps(LATER)}"
    assert '"A also"' in _system["content"]
    assert messages_for([(ENTRY, LATER)])[1]["content"] == f"Pair 1:\nA: {json.dumps(ENTRY)}\nB: {json.dumps(LATER)}"


def test_a_said_text_is_its_text_everywhere_else():
    said = Said(ENTRY, [WORDING])
    assert said == ENTRY and hash(said) == hash(ENTRY) and json.dumps(said) == json.dumps(ENTRY)
    assert frozenset((said, LATER)) == frozenset((ENTRY, LATER))


def test_the_label_judge_answers_through_a_kept_wording_either_side():
    judge = judge_from_pairs([{"a": WORDING, "b": LATER, "label": "same"}])
    assert not says_same(judge.judge(ENTRY, LATER))  # the entry's own text is labelled against nothing
    assert says_same(judge.judge(Said(ENTRY, [WORDING]), LATER))
    assert says_same(judge.judge(LATER, Said(ENTRY, [WORDING])))


def test_the_label_judge_names_the_side_whose_wording_holds_more():
    judge = judge_from_pairs([{"a": WORDING, "b": FULLER, "label": "elaborates", "fuller": "b"},
                              {"a": LATER, "b": ENTRY, "label": "elaborates", "fuller": "b"}])
    assert fuller_side(judge.judge(Said(ENTRY, [WORDING]), FULLER)) == 1
    assert fuller_side(judge.judge(FULLER, Said(ENTRY, [WORDING]))) == 0
    assert fuller_side(judge.judge(Said(LATER, ["other"]), ENTRY)) == 1


def test_a_contradiction_through_any_wording_comes_before_the_same_fact():
    judge = judge_from_pairs([{"a": ENTRY, "b": LATER, "label": "same"}, {"a": WORDING, "b": LATER, "label": "contradiction"}])
    assert judge.judge(Said(ENTRY, [WORDING]), LATER).label.value == "contradiction"


def test_an_answer_is_kept_with_the_wordings_asked_and_a_wording_kept_since_asks_again(tmp_path):
    from dialectical_memory.detection.verdicts import VerdictFile

    asked = []
    reply = '{"answers": [{"pair": 1, "label": "compatible"}]}'
    run = JudgeRun(ChatJudge(lambda messages: asked.append(messages) or reply, "model"), verdicts=VerdictFile(tmp_path / "v.json"))
    run.ask(ENTRY, LATER)
    run.ask(Said(ENTRY, [WORDING]), LATER)
    run.ask(LATER, Said(ENTRY, [WORDING]))  # the same question the other way round: answered already
    assert len(asked) == 2 and run.cached == 1
    run.finish()
    again = JudgeRun(ChatJudge(lambda messages: asked.append(messages) or reply, "model"), verdicts=VerdictFile(tmp_path / "v.json"))
    again.ask(Said(ENTRY, [WORDING]), LATER)
    assert len(asked) == 2 and again.cached == 1  # kept in the verdict file under the text and its wordings


def test_a_person_s_dismissal_holds_whatever_wordings_a_side_carries():
    asked = []
    run = JudgeRun(ChatJudge(lambda messages: asked.append(messages) or "{}", "model"))
    run.remember_dismissed([(ENTRY, LATER)])
    assert run.ask(Said(ENTRY, [WORDING]), LATER) is None and asked == [] and run.dismissed == 1
