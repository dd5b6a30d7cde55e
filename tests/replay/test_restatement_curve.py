"""The matcher's curve on labelled pairs (benchmarks/life/restatement_curve.py): each pair given to
``restatement.compare`` in its order, counted by kind at each threshold, the held-out split scored at
the threshold the tuning split chose. Made-up pairs in the folder's format (the real ones are
research data kept out of the repository)."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.life import restatement_curve as bench
from dialectical_memory.detection import restatement

DATE = "9:00 am on 2 March, 2024"
LATER = "9:00 am on 20 April, 2024"


def pair(conv: str, a: str, b: str, label: str) -> dict:
    return {"id": f"P{conv}{label}{len(a)}", "conv": conv, "who": "Ada", "a_date": DATE, "a": a, "b_date": LATER,
            "b": b, "label": label}


CELLO = "Ada plays the cello in an orchestra."
ROWS = [
    pair("1", CELLO, "Ada plays the cello in a local orchestra.", "same"),  # scores 0.75
    pair("1", "Ada values her friends' support.", "Ada appreciates the support of her friends.", "same"),  # 1.0
    pair("1", CELLO, "Ada does not play the cello in an orchestra anymore.", "update"),  # a denial: never absorbed
    pair("1", "Ada repairs old radios in her garage.",
         "Ada repairs old radios in her garage and sells them at the flea market.", "elaborates"),
    pair("2", "Ada swims in the lake.", "Ada swims in the lake every summer.", "related"),
    pair("2", "Ada bakes rye bread.", "Ada bakes rye bread at home.", "same"),
]


def test_labels_are_counted_as_same_distinct_or_merging():
    assert [bench.kind(label) for label in ("same", "update", "related", "unrelated", "elaborates", "progress")] == [
        "same", "distinct", "distinct", "distinct", "elaborates", "progress"]


def test_a_pair_counts_at_every_threshold_up_to_its_score_and_the_module_keeps_its_own():
    kept = restatement.SURE_SCORE
    points = dict(bench.curve(ROWS[:4]))
    assert restatement.SURE_SCORE == kept  # the sweep puts the module's threshold back
    assert points[0.7]["same"] == 2 and points[0.8]["same"] == 1 and points[1.0]["same"] == 1
    assert all(counts["distinct"] == 0 for counts in points.values())  # the denial guard holds at any threshold


def test_the_held_out_split_is_scored_at_the_threshold_the_tuning_split_chose(tmp_path: Path, capsys):
    tuned = bench.summary(ROWS[:4], "tune")
    assert tuned["best"]["same"] == 2 and tuned["allowed"] == 0
    held = bench.summary(ROWS[4:], "held out", chosen=tuned["best_threshold"])
    assert held["chosen_threshold"] == tuned["best_threshold"]
    assert held["chosen"] == dict(next(counts for threshold, counts in held["curve"]
                                       if threshold == tuned["best_threshold"]))
    (tmp_path / "pairs.jsonl").write_text("".join(json.dumps(row) + "\n" for row in ROWS), encoding="utf-8")
    assert bench.main([str(tmp_path), "--tune", "1"]) == 0
    out = capsys.readouterr().out
    assert "tune 1: same 2, distinct 1" in out and f"at the tuned {tuned['best_threshold']}" in out


def test_leave_one_out_scores_each_conversation_at_the_threshold_the_others_chose(capsys):
    held = bench.leave_one_out(ROWS)
    out = capsys.readouterr().out
    assert "held out 1: threshold" in out and "held out 2: threshold" in out
    assert held["same_labelled"] == 3 and held["distinct_labelled"] == 2
    # conversation 2's own `same` pair counts only at the threshold conversation 1 chose
    without_2 = bench.summary(ROWS[:4], "1")["best_threshold"]
    at = dict(next(counts for threshold, counts in bench.curve(ROWS[4:]) if threshold == without_2))
    without_1 = bench.summary(ROWS[4:], "2")["best_threshold"]
    at_1 = dict(next(counts for threshold, counts in bench.curve(ROWS[:4]) if threshold == without_1))
    assert held["same"] == at.get("same", 0) + at_1.get("same", 0)
