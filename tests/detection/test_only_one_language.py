""""Only speaks English" leaves no room for another spoken language (`only_languages.py`), and no
pair file held one of its pairs: these are its own, contradictions and look-alikes in both
languages (a setting apart, learning or reading another language, another holder, the same one)."""

import pytest

from dialectical_memory.detection import RuleDetector
from dialectical_memory.detection.analysis import analyse
from dialectical_memory.detection.base import Label
from dialectical_memory.detection.only_languages import FAMILY

PAIRS = [
    ("User only speaks English.", "User speaks fluent Spanish.", "contradiction"),
    ("用户只会说普通话。", "用户粤语说得很流利。", "contradiction"),
    ("User speaks only German.", "User speaks French with her mother.", "contradiction"),
    ("User only speaks English at work.", "User speaks Spanish at home.", "compatible"),
    ("User only speaks English.", "User is learning Spanish.", "compatible"),
    ("用户只会说普通话。", "用户在学粤语。", "compatible"),
    ("User's mother only speaks Cantonese.", "User speaks fluent Mandarin.", "compatible"),
    ("User only speaks English.", "User speaks English fluently.", "compatible"),
    ("User only speaks English.", "User reads Spanish novels.", "compatible"),
]


@pytest.mark.parametrize("a,b,label", PAIRS)
def test_only_one_language_against_another_spoken(a, b, label):
    for first, second in ((a, b), (b, a)):
        found = RuleDetector().compare(first, second).label is Label.CONTRADICTION
        assert found == (label == "contradiction"), (first, second)
    assert (FAMILY.compare(analyse(a), analyse(b)) is not None) == (label == "contradiction")
