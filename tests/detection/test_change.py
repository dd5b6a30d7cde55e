"""A change of state leaves the old state behind; history in the past tense does not clash."""

import pytest

from judging import flags


@pytest.mark.parametrize(("a", "b"), [
    ("Project ember migrated from MySQL to PostgreSQL.", "Project ember still uses MySQL."),
    ("项目 atlas 已经从 Jenkins 迁移到了 GitHub Actions。", "项目 atlas 现在还在用 Jenkins。"),
    ("User left Siemens in May to join Bosch.", "User currently works at Siemens."),
    ("User recently switched from Android to an iPhone.", "用户现在用的是安卓手机。"),
    ("用户把上海的房子卖了。", "用户还住在上海那套房子里。"),
    ("User moved back to Lisbon.", "User lives in Dublin."),
])
def test_a_state_left_behind_contradicts_holding_it_now(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Project ember migrated from MySQL to PostgreSQL.", "Project ember uses PostgreSQL."),
    ("User left Siemens in May to join Bosch.", "User works at Bosch."),
    ("User lives in Brooklyn.", "User lives in New York."),
])
def test_the_new_state_agrees(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("User has never left the UK.", "User backpacked through Vietnam in 2019.", True),
    ("用户从没离开过中国。", "用户去年去日本玩了一周。", True),
    ("User has never left Germany.", "User travelled to Munich last year.", False),
    ("用户从没离开过中国。", "用户去年去北京玩了一周。", False),
])
def test_a_trip_outside_the_only_country_one_has_been_in(a, b, expected):
    assert flags(a, b) is expected
