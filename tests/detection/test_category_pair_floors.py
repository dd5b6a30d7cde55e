"""Floors on pairs of our own for the issue-11 rules by category (branch issue-11c).

`issue11c_category_pairs.jsonl` (200 pairs, EN and ZH, contradictions and
compatible near-misses) was written while adding the rules - slots read in
more phrasings (roles, handles, products, pay, workplaces, projects, traits),
ended states (`states.py`), stated against observed habits, orders, trait
antonyms, times and settings that keep entries apart, past periods - and was
tuned on, so it guards regressions rather than measures generalisation. Its
two false alarms are left on purpose: a plain taste against an occasion
("prefers short replies" / "detail when debugging an incident", "不喜欢吃甜食" /
"生日时会吃一块蛋糕") is a scoped contradiction by this project's own rule
(test_rules: "likes concise replies" / "detailed answers when debugging code").

`fresh_11c_pairs.jsonl` (50 pairs) was written before any of these rules and
not looked at until the end: scored before at P 0.941 R 0.667 F1 0.780 and
once after at P 0.950 R 0.792 F1 0.864 (one false alarm: "likes spicy food" /
"avoids spicy food when they have a stomach ache", the same scoped-taste case).
Changes made after that scoring (tuned on train and our category pairs, never
on these) leave it at P 1.000 R 0.750 F1 0.857: no longer held out, a floor.
"""

from pathlib import Path

from dialectical_memory.detection import evaluate, load_pairs
from judging import detector

HERE = Path(__file__).parent


def test_category_pairs_keep_precision_and_recall():
    report = evaluate(detector, load_pairs(HERE / "issue11c_category_pairs.jsonl"))
    assert report["overall"]["precision"] >= 0.97
    assert report["overall"]["recall"] >= 0.93
    for lang in ("en", "zh"):
        assert report["by_lang"][lang]["f1"] >= 0.93, lang
    assert report["false_alarms"]["scope_refinement"]["fp"] <= 2
    assert all(alarm["fp"] == 0 for kind, alarm in report["false_alarms"].items() if kind != "scope_refinement")


def test_fresh_pairs_score_above_floor():
    report = evaluate(detector, load_pairs(HERE / "fresh_11c_pairs.jsonl"))
    assert report["overall"]["precision"] >= 0.9
    assert report["overall"]["recall"] >= 0.75
