"""Chinese attribute antonyms, hyponym foods, stances in a clause of their own, and sports that
need a skill one lacks. Their pairs: the sets `zh-attributes` and `zh-attributes-heldout` of
`pairs/mixed.jsonl` (floors in `pairs/floors.toml`)."""

import pytest

from dialectical_memory.detection.analysis import analyse
from judging import flags


@pytest.mark.parametrize("a, b", [
    ("用户的皮肤很干。", "用户的皮肤很油。"),
    ("用户的上司脾气很温和。", "用户的上司脾气很暴躁。"),
    ("用户的客厅很宽敞。", "用户的客厅很狭窄。"),
    ("用户的邻居很大方。", "用户的邻居很小气。"),
    ("用户的电脑很旧了。", "用户的电脑很新。"),
])
def test_attribute_antonyms_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("用户的皮肤很干。", "用户的头发很油。"),            # another attribute
    ("用户的上司脾气很温和。", "用户的同事脾气很暴躁。"),  # another holder
    ("用户以前很胖。", "用户现在很瘦。"),                  # then and now
    ("用户的皮肤比以前干。", "用户的皮肤很油。"),          # a comparison
    ("用户冬天皮肤很干。", "用户夏天皮肤很油。"),          # two seasons
])
def test_attribute_lookalikes_do_not_clash(a, b):
    assert not flags(a, b)


def test_no_topic_bigram_spans_two_words():
    topic = analyse("用户的上司脾气很古怪。").claims[0].topic
    assert "司脾" not in topic and {"上司", "脾气"} <= topic


@pytest.mark.parametrize("a, b, clash", [
    ("用户不吃牛肉。", "用户最爱吃牛排。", True),
    ("User doesn't eat beef.", "User orders a steak every Friday.", True),
    ("用户不吃牛肉。", "用户爱吃鸡排。", False),
    ("User doesn't eat beef.", "User loves tuna steak.", False),
    ("User doesn't eat beef.", "User loves pork steak.", False),
    ("User doesn't eat steak.", "User eats beef stew every week.", False),
])
def test_a_steak_is_beef(a, b, clash):
    assert flags(a, b) is clash


@pytest.mark.parametrize("a, b, clash", [
    ("User enjoys gardening.", "User finds gardening a chore and pays someone to do it.", True),
    ("User enjoys cooking.", "User finds cooking a hassle and orders takeaway most nights.", True),
    ("User likes jogging.", "User can't be bothered with jogging.", True),
    ("User loves camping.", "User has had enough of camping.", True),
    ("User enjoys gardening.", "User's neighbour finds gardening a chore.", False),
    ("User enjoys gardening.", "User finds weeding a chore but loves planting.", False),
    ("User enjoys cooking.", "User used to find cooking a chore.", False),
])
def test_stance_in_a_clause_of_its_own(a, b, clash):
    assert flags(a, b) is clash


@pytest.mark.parametrize("a, b, clash", [
    ("User can't ride a horse.", "User competes in show jumping every summer.", True),
    ("用户不会骑马。", "用户每年都参加马术比赛。", True),
    ("User can't skate.", "User plays ice hockey every Sunday.", True),
    ("User can't swim.", "User competes in triathlons every year.", True),
    ("User can't ride a horse.", "User watches show jumping every summer.", False),
    ("User can't ride a horse.", "User plays water polo every weekend.", False),
    ("User can't swim.", "User's son plays water polo every week.", False),
    ("User can't ride a horse.", "User's daughter competes in dressage every year.", False),
])
def test_sports_need_their_skill(a, b, clash):
    assert flags(a, b) is clash


@pytest.mark.parametrize("b", ["User watches swimming on TV every week.", "User watches water polo on TV every week."])
def test_watching_a_sport_needs_no_skill(b):
    assert not flags("User can't swim.", b)
