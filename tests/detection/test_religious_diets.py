"""Religious dietary laws imply abstaining: halal (pork, alcohol), kosher (pork, shellfish)."""

from pathlib import Path

import pytest

from dialectical_memory.detection import evaluate, load_pairs
from judging import detector, flags

PAIRS = load_pairs(Path(__file__).parent / "religious_diet_pairs.jsonl")


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair['a']} / {pair['b']}")
def test_religious_diet_pair(pair):
    assert flags(pair["a"], pair["b"]) is (pair["label"] == "contradiction")


def test_every_contradiction_is_reported_as_implicit():
    report = evaluate(detector, PAIRS)
    assert report["overall"]["recall"] == 1.0
    assert report["by_type"]["implicit"]["tp"] == 5
