"""What an add skips, proved to change no answer: the rules asked only for a contradiction
(`RuleDetector.contradiction`) say what `compare` says where it finds one, and nothing else; the
same-fact matcher's cheap test in front of it (`restatement.too_few_in_common`) passes over only
pairs it would call DIFFERENT. Checked on every pair of the repository's pair files and the
restatement tests, both ways round."""

from __future__ import annotations

import json
from pathlib import Path

from dialectical_memory.detection import restatement
from dialectical_memory.detection.base import Label
from dialectical_memory.detection.restatement import Sameness, best_restated
from dialectical_memory.detection.rules import RuleDetector
from test_restatement import LOOK_ALIKES, RESTATED

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


def test_a_pair_with_too_few_words_in_common_is_one_the_matcher_calls_different():
    passed_over = asked = 0
    for earlier, later in [*BOTH_WAYS, *RESTATED, *((a, b) for a, b, *_ in LOOK_ALIKES)]:
        if restatement.too_few_in_common(earlier, later):
            passed_over += 1
            assert restatement.compare(earlier, later).sameness is Sameness.DIFFERENT, (earlier, later)
        else:
            asked += 1
    assert passed_over > 100 and asked > 50  # it passes over most pairs, and not every one


def test_restated_and_possible_pairs_are_never_passed_over():
    for earlier, later in RESTATED:
        assert not restatement.too_few_in_common(earlier, later), (earlier, later)
        assert best_restated(later, [("e1", earlier, 0.0)]) is not None


def test_every_antonym_axis_and_scale_has_two_sides():
    """The antonym families seek the other side of an axis as side 1 - side (`antonyms.opposed` reads
    it so too): an axis or a scale with a third pole would need more than one other side sought."""
    from dialectical_memory.detection import bundled, languages, lexicon

    assert all(len(line) == 2 for line in bundled.rows("wordnet_axes.tsv"))
    assert all(len(poles) == 2 for poles in lexicon.BILINGUAL_AXES)
    assert all(len(poles) == 2 for poles in languages.table("antonyms", "scales"))
