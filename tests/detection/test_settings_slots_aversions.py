"""Floors on pairs of our own for the settings, typed-slot and aversion rules.

`setting_pairs.jsonl` was written after the settings rule and scored once
(2 false alarms, fixed by reading "to friends" and by letting a listed clause
inherit its neighbour's setting); `slot_pairs.jsonl` and `aversion_pairs.jsonl`
were used while writing their rules, so they guard against regressions rather
than measure generalisation. `scope_antonym_pairs.jsonl` holds scoped
antonyms ("short answers for simple questions" / "long answers for complex
ones") the rules still flag: it is scored here only so its false alarms do not grow.
"""

from pathlib import Path

import pytest

from dialectical_memory.detection import evaluate, load_pairs
from judging import detector

HERE = Path(__file__).parent


@pytest.mark.parametrize("name", ["setting_pairs", "slot_pairs", "aversion_pairs"])
def test_own_pairs_keep_precision_and_recall(name):
    report = evaluate(detector, load_pairs(HERE / f"{name}.jsonl"))
    assert report["overall"]["precision"] >= 0.95
    assert report["overall"]["recall"] >= 0.7
    assert all(alarm["fp"] == 0 for alarm in report["false_alarms"].values())


def test_scoped_antonyms_do_not_raise_more_alarms():
    report = evaluate(detector, load_pairs(HERE / "scope_antonym_pairs.jsonl"))
    assert report["false_alarms"]["scope_refinement"]["fp"] <= 4
