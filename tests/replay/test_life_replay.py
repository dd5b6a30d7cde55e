"""The life replay (benchmarks/life/replay.py) follows its protocol and scores what the store did.

A made-up conversation in the folder's format (the real one is research data kept out of the
repository): two speakers, two sessions, one note said again word for word, one change over time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.life import replay

CONVERSATION = {
    "speaker_a": "Ada",
    "speaker_b": "Ben",
    "session_1_date_time": "9:00 am on 2 March, 2024",
    "session_1_observation": {
        "Ada": [["Ada lives in Berlin.", "D1:1"], ["Ada is allergic to penicillin.", "D1:2"]],
        "Ben": [["Ben plays the cello.", "D1:3"]],
    },
    "session_2_date_time": "6:30 pm on 20 April, 2024",
    "session_2_observation": {
        "Ada": [["Ada is allergic to penicillin.", "D2:1"], ["Ada lives in Paris.", "D2:2"]],
        "Ben": [["Ben plays the cello.", "D2:3"]],
    },
    "session_3_date_time": "10:00 am on 1 May, 2024",  # no observations: not replayed
}
PAIRS = [
    {"conv": "99", "who": "Ada", "a": "Ada lives in Berlin.", "b": "Ada lives in Paris.", "label": "update"},
    {"conv": "99", "who": "Ada", "a": "Ada lives in Berlin.", "b": "Ada is allergic to penicillin.", "label": "unrelated"},
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "conv99.json").write_text(json.dumps(CONVERSATION), encoding="utf-8")
    (tmp_path / "pairs.jsonl").write_text("".join(json.dumps(row) + "\n" for row in PAIRS), encoding="utf-8")
    return tmp_path


def test_session_dates_are_read_in_utc():
    assert replay.session_time("9:00 am on 2 March, 2024") == 1709370000.0
    assert replay.sessions(CONVERSATION) == [1, 2]


def test_the_replay_scores_adds_flags_and_what_waits(folder: Path, tmp_path: Path, capsys):
    out = tmp_path / "report.json"
    assert replay.main([str(folder), "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["homes"] == 2 and result["notes"] == 6
    # The exact re-adds reinforced their entries: counted as such, not as restatements recognised.
    assert result["restatement"]["exact_readds"] == 2
    assert result["restatement"]["absorbed_adds"] == 0
    assert result["entries"] == 4  # Ada: Berlin, penicillin, Paris; Ben: cello
    homes = {row["who"]: row for row in result["per_home"]}
    assert homes["Ada"]["notes"] == 4 and homes["Ben"]["entries"] == 1
    # Berlin then Paris is flagged by the rules and scored against its label.
    assert result["flags"]["by_label"].get("update") == 1
    assert result["linked"]["update"] == "1/1"
    assert result["flags"]["precision_labelled"] == 1.0
    assert "flags:" in capsys.readouterr().out


def test_an_absorbed_add_is_scored_against_the_pair_it_makes(folder: Path):
    home = replay.Home("99", "Ada")
    home.entry_of_text = {"Ada lives in Berlin.": "e1"}
    home.first_text_of = {"e1": "Ada lives in Berlin."}
    home.adds = [replay.Add("Ada lives in Berlin.", "e1", False, False, None),
                 replay.Add("Ada is allergic to penicillin.", "e1", True, False, "Ada lives in Berlin.")]
    scored = replay.score_restatement([home], replay.read_pairs(folder))
    assert scored["distinct_absorbed"] == 1 and scored["distinct_labelled"] == 2
    assert scored["absorbed_by_label"] == {"unrelated": 1}


def test_an_absorbed_add_nobody_labelled_is_listed_to_be_labelled(tmp_path: Path, capsys):
    conversation = {
        "speaker_a": "Ada", "speaker_b": "Ben",
        "session_1_date_time": "9:00 am on 2 March, 2024",
        "session_1_observation": {"Ada": [["Ada repairs old radios in her garage and sells them at the flea market.", "D1:1"]],
                                  "Ben": []},
        "session_2_date_time": "9:00 am on 3 March, 2024",
        "session_2_observation": {"Ada": [["Ada repairs old radios in her garage.", "D2:1"]], "Ben": []},
    }
    (tmp_path / "conv98.json").write_text(json.dumps(conversation), encoding="utf-8")
    (tmp_path / "pairs.jsonl").write_text("", encoding="utf-8")
    assert replay.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "absorbed adds on unlabelled pairs: 1" in out
    assert "'Ada repairs old radios in her garage and sells them at the flea market.' <- 'Ada repairs old radios in her garage.'" in out


def test_what_waits_counts_open_groups_only_and_each_entry_once(tmp_path: Path):
    """An expired side of an open contradiction is one decision (its group), not two; a
    contradiction a person dismissed no longer waits; an entry proposed for promotion is matured."""
    clock = replay.Clock(1_700_000_000.0)
    store = replay.MemoryStore(tmp_path / "home", memory_char_limit=0, user_char_limit=0, promotion_policy="review",
                               clock=clock)
    store.add(replay.TARGET, "Ada lives in Berlin.", knowledge_type="belief")
    for _ in range(3):  # said three times over four days: two hits, old enough to be proposed
        store.add(replay.TARGET, "Ada plays the cello.", knowledge_type="fact")
        clock.now += 2 * replay.DAY
    store.run_maintenance(replay.TARGET)
    assert replay.end_state(store)["matured"] == 1
    clock.now += 300 * replay.DAY
    store.run_maintenance(replay.TARGET)  # the belief expired: it waits for re-verification
    assert replay.end_state(store)["reverify"] == 1
    store.add(replay.TARGET, "Ada lives in Paris.")
    end = replay.end_state(store)
    assert end["open_groups"] == 1 and end["reverify"] == 0  # the expired side is decided in its group
    (edge,) = store.get_contradictions(replay.TARGET)
    store.dismiss_contradiction(replay.TARGET, edge["edge_id"])
    end = replay.end_state(store)
    assert end["open_groups"] == 0 and end["reverify"] == 1


def test_the_label_judge_reads_which_note_holds_more_and_answers_it_through_same_chains():
    """An `elaborates` label's note names the fuller side ("b adds …"); "neither contains the other"
    names none. What holds a fact and more holds each of its wordings: a perfect judge answers
    `elaborates` between the shorter note's `same` chain and the fuller note."""
    short, again, full = "Ada bakes bread.", "Ada makes her own bread.", "Ada bakes sourdough bread every Sunday for her neighbours."
    labelled = {"conv": "99", "who": "Ada", "a": short, "b": full, "label": "elaborates"}
    rows = [replay.with_fuller_side({**labelled, "note": "b adds the kind, when and for whom"}),
            {"conv": "99", "who": "Ada", "a": short, "b": again, "label": "same"}]
    assert rows[0]["fuller"] == "b"
    assert replay.with_fuller_side({**labelled, "note": "A contains b's kind and adds when"})["fuller"] == "a"
    assert "fuller" not in replay.with_fuller_side({**labelled, "note": "b adds a dog, neither contains the other"})
    assert "fuller" not in replay.with_fuller_side({**labelled, "label": "related", "note": "b adds a dog"})
    (chained,) = replay.same_chains(rows)
    assert chained == {"a": again, "b": full, "label": "elaborates", "fuller": "b"}
    later = "Ada sells her sourdough at the market now."
    progress = {"conv": "99", "who": "Ada", "a": again, "b": later, "label": "progress"}
    chained = replay.same_chains([*rows, progress])
    assert {"a": short, "b": later, "label": "progress"} in chained  # the earlier chain, the later account


def test_a_same_pair_missed_at_the_add_says_why():
    """Where the later note went (another entry, named possibly the same) or, when it made an entry
    of its own, the matcher's reason for the pair alone: what groups the misses by guard."""
    home = replay.Home("99", "Ada")
    home.entry_of_text = {"Ada lives in Berlin.": "e1", "Ada lives in Berlin now.": "e2",
                          "Ada does not live in Berlin.": "e3", "Ada bakes rye bread.": "e4"}
    home.adds = [replay.Add("Ada lives in Berlin.", "e1", False, False, None),
                 replay.Add("Ada lives in Berlin now.", "e2", False, False, None, possibly_same="e1"),
                 replay.Add("Ada does not live in Berlin.", "e3", False, False, None),
                 replay.Add("Ada bakes rye bread at home.", "e4", True, False, "Ada bakes rye bread.")]

    def why(b: str) -> str:
        return replay.why_missed(home, {"a": "Ada lives in Berlin.", "b": b, "label": "same"})

    assert why("Ada lives in Berlin now.").startswith("named possibly the same: ")
    assert why("Ada does not live in Berlin.") == "a denial on one side only"
    assert why("Ada bakes rye bread at home.") == "absorbed into another entry (the pair alone: different)"
    assert why("Ada was never written down.") == "a note not stored"
    scored = replay.score_restatement([home], {("99", "Ada", "x", "y"): {
        "conv": "99", "who": "Ada", "a": "Ada lives in Berlin.", "b": "Ada does not live in Berlin.", "label": "same"}})
    assert scored["same_missed"] == {"a denial on one side only": 1}
    assert scored["same_apart_at_end"] == [{"conv": "99", "who": "Ada", "a": "Ada lives in Berlin.",
                                           "b": "Ada does not live in Berlin."}]


def test_keep_leaves_each_speakers_home_to_open_and_refuses_a_folder_in_use(folder: Path, tmp_path: Path, capsys):
    from dialectical_memory import MemoryStore

    kept = tmp_path / "kept"
    assert replay.main([str(folder), "--keep", str(kept)]) == 0
    ada = MemoryStore(kept / "99-speaker_a", memory_char_limit=0, user_char_limit=0)
    ada.load_from_disk()
    assert {entry.text for entry in ada.entries("user")} == {"Ada lives in Berlin.", "Ada is allergic to penicillin.", "Ada lives in Paris."}
    with pytest.raises(SystemExit):
        replay.main([str(folder), "--keep", str(kept)])  # a second replay never mixes into the first one's homes
    assert "not empty" in capsys.readouterr().err
