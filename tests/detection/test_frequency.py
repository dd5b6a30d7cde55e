"""The ordinal frequency scale: never < rarely < yearly < monthly < weekly < daily < hourly."""

import pytest

from dialectical_memory.detection import frequency
from judging import flags


@pytest.mark.parametrize(("text", "label"), [
    ("runs every day", "daily"),
    ("deploys several times a day", "hourly"),
    ("washes the car every weekend", "weekly"),
    ("calls once or twice a year", "yearly"),
    ("rarely eats out", "rarely..yearly"),
    ("checks email once a day at most", "never..daily"),
    ("每天都写日记", "daily"),
    ("好几年才回一次老家", "rarely"),
    ("每个月去一次", "monthly"),
])
def test_rate_reads_a_level_or_a_range(text, label):
    assert frequency.rate(text).label == label


@pytest.mark.parametrize(("a", "b"), [
    ("User runs about once a month.", "User runs every day."),
    ("User calls their sister every evening.", "User calls their sister once or twice a year."),
    ("用户每天都给爸妈打电话。", "用户一般过年才给爸妈打一次电话。"),
    ("User checks email once a day at most.", "User checks email several times a day."),
])
def test_far_apart_frequencies_of_one_habit_contradict(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User runs every day.", "User runs several times a week."),
    ("User runs every day.", "User calls their mother once a year."),
    ("Project atlas deploys every day.", "Project ember deploys once a quarter."),
    ("User used to run every day.", "User runs once a month."),
])
def test_near_frequencies_other_habits_or_past_habits_do_not(a, b):
    assert not flags(a, b)
