"""How tools/train_semantic.py picks the classifier's threshold (no model needed)."""

import importlib.util
from pathlib import Path

import numpy as np

_SPEC = importlib.util.spec_from_file_location(
    "train_semantic", Path(__file__).parents[2] / "tools" / "train_semantic.py")
train_semantic = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(train_semantic)


def test_strong_rules_do_not_let_the_classifier_add_mostly_wrong_pairs():
    """168 right rule flags keep the total above 0.90 even if the classifier adds 2 right and 17
    wrong; the bound on the added pairs' own precision refuses that and abstains."""
    probabilities = np.array([0.9, 0.8] + [0.7] * 17 + [0.1] * 261)
    labels = np.array([1.0, 1.0] + [0.0] * 17 + [0.0] * 261)
    threshold, chosen = train_semantic.pick_threshold(probabilities, labels, (168, 0), 0.90, 0.5)
    assert threshold == 1.0 and chosen["added_right"] == chosen["added_wrong"] == 0
    lenient, _ = train_semantic.pick_threshold(probabilities, labels, (168, 0), 0.90, 0.0)
    assert lenient == 0.7


def test_a_classifier_that_is_mostly_right_may_add_its_pairs():
    probabilities = np.array([0.95, 0.9, 0.85, 0.8, 0.75] + [0.1] * 50)
    labels = np.array([1.0, 1.0, 1.0, 0.0, 1.0] + [0.0] * 50)
    threshold, chosen = train_semantic.pick_threshold(probabilities, labels, (100, 0), 0.90, 0.5)
    assert threshold == 0.75 and (chosen["added_right"], chosen["added_wrong"]) == (4, 1)
