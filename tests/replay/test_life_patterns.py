"""The patterns benchmark (benchmarks/life/patterns.py): purity by the labels, and a whole run on a
made-up conversation in the folder's format (the real one is research data kept out of the
repository)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from benchmarks.life import patterns as bench
from benchmarks.life.replay import pair_key

NOTES = ["Ada volunteers at the animal shelter every Saturday.", "Ada walked the shelter dogs at the animal shelter.",
         "Ada organised a fundraiser for the animal shelter where she volunteers.", "Ada plays the cello."]


def home_of(notes):
    return SimpleNamespace(conv="99", speaker="Ada", entry_of_text={text: f"e{i}" for i, text in enumerate(notes)})


def judged(labels, members=(0, 1, 2)):
    pairs = {pair_key("99", "Ada", NOTES[a], NOTES[b]): {"label": label} for (a, b), label in labels.items()}
    proposal = SimpleNamespace(entry_ids=[f"e{i}" for i in members], texts=[NOTES[i] for i in members])
    return bench.purity(None, home_of(NOTES), pairs, proposal)


def test_a_proposal_is_pure_when_labelled_pairs_connect_every_member():
    assert judged({(0, 1): "related", (2, 0): "elaborates"}) == "pure"  # a chain through one member is enough
    assert judged({(0, 1): "same", (1, 2): "progress"}) == "pure"


def test_an_unrelated_pair_makes_it_impure_and_too_few_labels_leave_it_unjudged():
    assert judged({(0, 1): "related", (1, 2): "related", (0, 2): "unrelated"}) == "impure"
    assert judged({(0, 1): "related"}) == "unjudged"  # the third member is connected to no one
    assert judged({(0, 1): "related", (1, 2): "update"}) == "unjudged"  # a change connects no story


CONVERSATION = {
    "speaker_a": "Ada", "speaker_b": "Ben",
    "session_1_date_time": "9:00 am on 2 March, 2024",
    "session_1_observation": {"Ada": [[NOTES[0], "D1:1"], [NOTES[3], "D1:2"]], "Ben": [["Ben plays chess.", "D1:3"]]},
    "session_2_date_time": "6:30 pm on 20 April, 2024",
    "session_2_observation": {"Ada": [[NOTES[1], "D2:1"], [NOTES[2], ["D2:2", "D2:3"]]], "Ben": []},
    "qa": [{"question": "Where does Ada volunteer?", "evidence": ["D1:1"], "category": 1},
           {"question": "What instrument does Ada play?", "evidence": "D1:2", "category": 4},
           {"question": "Ignored: an adversarial one", "evidence": ["D1:1"], "category": 5}],
}


def test_a_run_proposes_approves_every_proposal_and_counts_entries_and_questions(tmp_path: Path, capsys):
    (tmp_path / "conv99.json").write_text(json.dumps(CONVERSATION), encoding="utf-8")
    pairs = [{"conv": "99", "who": "Ada", "a": NOTES[0], "b": NOTES[1], "label": "related"},
             {"conv": "99", "who": "Ada", "a": NOTES[0], "b": NOTES[2], "label": "elaborates"}]
    (tmp_path / "pairs.jsonl").write_text("".join(json.dumps(row) + "\n" for row in pairs), encoding="utf-8")
    out = tmp_path / "out.json"
    assert bench.main([str(tmp_path), "--json", str(out), "--cut-from", "first"]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    ada = next(row for row in result["homes"] if row["who"] == "Ada")
    assert ada["proposals"] == ada["approved"] == 1 and ada["pure"] == 1 and not ada["refused"]
    assert (ada["entries_before"], ada["entries_after"]) == (4, 2)  # three shelter incidents became one pattern
    assert ada["questions"] == 2 and ada["qa_after"] >= 1  # the shelter question still finds its (parent's) evidence
    assert result["total"]["judgeable_share"] == 1.0


def test_a_question_about_a_folded_note_is_found_by_the_entry_it_was_folded_into():
    home = SimpleNamespace(entry_of_text={NOTES[0]: "e0", NOTES[3]: "e3"}, folded_into={"e0": "e9"})
    asked = dict(bench.questions(CONVERSATION, "Ada", home))
    assert asked == {"Where does Ada volunteer?": {"e9"}, "What instrument does Ada play?": {"e3"}}
