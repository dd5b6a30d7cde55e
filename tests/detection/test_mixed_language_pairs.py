"""Pairs of one English and one Chinese entry, as a category.

One-character Chinese words read in English on the cross-language path (暗 dark, 山 mountain),
orders bridged, "never been to <country>" against a stay in one of its cities in either
language, and a liked "spicy food" on the spice axis. Look-alikes: other holders, other
places, a character inside a word the lexicon does not know (面对 is not 面 noodles). Their
pairs: the `mixed-language` sets of `pairs/cross_language.jsonl` (floors in `pairs/floors.toml`).
"""

import pytest

from judging import flags

CLASHES = [
    ("User's bedroom is very bright.", "用户的卧室很暗。"),
    ("User's kitchen is very dark.", "用户的厨房很亮。"),
    ("User's apartment is big.", "用户的公寓很小。"),
    ("User prefers mountains over the sea.", "比起山，用户更喜欢海。"),
    ("User prefers cats to dogs.", "比起猫，用户更喜欢狗。"),
    ("User likes spicy food.", "用户不爱吃辣的东西。"),
    ("用户喜欢吃辣的东西。", "用户不爱吃辣的东西。"),
    ("User loves rock concerts.", "用户很反感摇滚演唱会。"),
    ("User has never been to Japan.", "用户去年在东京待了两周。"),
    ("User has never been to France.", "用户去年夏天在巴黎住了一个月。"),
    ("用户从来没去过英国。", "User spent a week in London last spring."),
    ("User has never been to Japan.", "User spent two weeks in Tokyo last year."),
]

LOOKALIKES = [
    ("User prefers cats to dogs.", "比起狗，用户更喜欢猫。"),
    ("User's apartment is big.", "用户朋友的公寓很小。"),
    ("User likes spicy food.", "用户的妈妈不爱吃辣的东西。"),
    ("User likes spicy food.", "User avoids spicy food before exams."),
    ("用户爱吃辣。", "User doesn't like the numbing taste of Sichuan peppercorns."),
    ("User has never been to Japan.", "用户想明年去东京旅游。"),
    ("User has never been to Japan.", "用户的哥哥去年在东京待了两周。"),
    ("User has never been to Paris.", "用户去年在里昂待了一周。"),
    ("User has never been to Spain.", "用户去年在墨西哥城待了一周。"),
    ("User likes noodles.", "用户不想面对这个问题。"),
    ("User loves flowers.", "用户从不乱花钱。"),
    ("User likes Apple products.", "用户不爱吃苹果。"),
]


@pytest.mark.parametrize(("a", "b"), CLASHES)
def test_mixed_clashes_flag_both_ways(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), LOOKALIKES)
def test_lookalikes_do_not_flag(a, b):
    assert not flags(a, b)


