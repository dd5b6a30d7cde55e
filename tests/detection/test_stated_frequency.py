"""Stated vs observed habits as a category: a record's count over a period or a lapse is a
rung of the frequency scale, compared with a stated habit of the same activity in either
language; one way of a routine against another (`observed.py`, `routines.py`). Their pairs:
`pairs/stated_observed.jsonl` (floors in `pairs/floors.toml`)."""

import pytest

from dialectical_memory.detection import frequency, observed

from judging import flags


@pytest.mark.parametrize("clause, low, high", [
    ("ordered takeout 25 times in the past month", frequency.DAILY, frequency.DAILY),
    ("上个月下了二十多单", frequency.DAILY, frequency.DAILY),
    ("这个月只运动了两次", frequency.MONTHLY, frequency.MONTHLY),
    ("logged only three sessions last month", frequency.MONTHLY, frequency.MONTHLY),
    ("30 hours played last week", frequency.DAILY, frequency.DAILY),  # at most a session a day
    ("once last year", frequency.NEVER, frequency.YEARLY),  # one event is no habit
    ("has not finished a book in over a year", frequency.NEVER, frequency.RARELY),
    ("has not played tennis in months", frequency.NEVER, frequency.YEARLY),
    ("一年多没看过书", frequency.NEVER, frequency.RARELY),
    ("半个月没打卡", frequency.NEVER, frequency.MONTHLY),
    ("这周一次都没遛过狗", frequency.NEVER, frequency.WEEKLY),
    ("last blog post was eight months ago", frequency.NEVER, frequency.YEARLY),
    ("上一次游泳还是去年夏天", frequency.NEVER, frequency.YEARLY),
    ("上周买了五杯奶茶", frequency.WEEKLY, frequency.CONSTANTLY),  # things: a lower bound
])
def test_observed_rungs(clause, low, high):
    found = observed.rate(clause)
    assert found is not None and (found.low, found.high) == (low, high), found


@pytest.mark.parametrize("clause", [
    "上个月读完了两本书",  # two books may be read every day
    "spent 300 dollars last month",  # money is no count of sessions
    "三天没跑步",  # a few days off is no lapse
    "walked 3,000 steps yesterday",
])
def test_not_observed_rungs(clause):
    assert observed.rate(clause) is None


@pytest.mark.parametrize("a, b", [
    ("User never drinks alcohol.", "User's bank statement shows a bar tab every Friday night."),
    ("User plays chess online every night.", "用户几乎从不下棋。"),
    ("用户很少加班。", "用户几乎每天都在公司待到晚上十点以后。"),
    ("User says they always take the stairs.", "User takes the lift every day."),
])
def test_cross_wording_activities(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("用户每天都喝咖啡。", "用户昨天一杯咖啡都没喝。"),  # a single day
    ("用户说自己很少喝酒。", "用户出差时几乎每天都要陪客户喝酒。"),  # an occasion
    ("User never stays up late.", "User stayed up late once last year for a deadline."),
    ("用户从不点外卖。", "用户公司的外卖平台上个月有两千多单。"),  # the company's record
    ("User runs every day unless it rains", "User never runs in the rain"),
])
def test_look_alikes(a, b):
    assert not flags(a, b)
