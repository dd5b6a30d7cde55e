"""Sequences are orders: what comes first, in English and Chinese."""

import pytest

from judging import flags


@pytest.mark.parametrize(("a", "b"), [
    ("User reads the news before breakfast.", "User eats breakfast first, then reads the news."),
    ("用户习惯先跑步再吃早饭。", "用户习惯先吃早饭再跑步。"),
    ("User writes the tests first and then the code.", "User writes the code first and only then the tests."),
    ("In emails, user wants the summary at the top and the details below it.",
     "In emails, user wants the details first and the summary at the very end."),
])
def test_a_reversed_sequence_contradicts(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User reads the news before breakfast.", "User reads the news before breakfast every day."),
    ("User has meetings before 9 am.", "User eats breakfast first, then has meetings."),
    ("用户习惯先跑步再吃早饭。", "用户习惯先洗澡再吃晚饭。"),
])
def test_the_same_or_unrelated_sequences_do_not(a, b):
    assert not flags(a, b)
