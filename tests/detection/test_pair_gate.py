"""What an add skips, proved to change no answer: the rules asked only for a contradiction
(`RuleDetector.contradiction`) say what `compare` says where it finds one, and nothing else, on
every pair of the repository's pair files, both ways round."""

from __future__ import annotations

import json
from pathlib import Path

from dialectical_memory.detection.base import Label
from dialectical_memory.detection.rules import RuleDetector

ROOT = Path(__file__).resolve().parents[2]
PAIRS = sorted({(row["a"], row["b"]) for path in sorted((ROOT / "tests").rglob("*.jsonl"))
                for row in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if "a" in row and "b" in row})
BOTH_WAYS = [(a, b) for first, second in PAIRS for a, b in ((first, second), (second, first))]


def test_asked_only_for_a_contradiction_the_rules_give_compares_contradictions_and_nothing_else():
    detector = RuleDetector()
    flagged = 0
    for a, b in BOTH_WAYS:
        verdict, found = detector.compare(a, b), detector.contradiction(a, b)
        if verdict.label is Label.CONTRADICTION:
            flagged += 1
            assert found == verdict, (a, b)
        else:
            assert found is None, (a, b, found)
    assert flagged > 100  # the pair files hold contradictions of every kind


def test_every_antonym_axis_and_scale_has_two_sides():
    """The antonym families seek the other side of an axis as side 1 - side (`antonyms.opposed` reads
    it so too): an axis or a scale with a third pole would need more than one other side sought."""
    from dialectical_memory.detection import bundled, languages, lexicon

    assert all(len(line) == 2 for line in bundled.rows("wordnet_axes.tsv"))
    assert all(len(poles) == 2 for poles in lexicon.BILINGUAL_AXES)
    assert all(len(poles) == 2 for poles in languages.table("antonyms", "scales"))
