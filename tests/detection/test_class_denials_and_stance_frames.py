"""A class denied covers its members, a member denied leaves the class; wants and needs across
languages; fear, refusal of an activity's gear and "提不起兴趣" as stances; emphasis says how firmly,
not what about; Chinese comfort and character antonyms read as their English words; "喜欢X多过Y"
orders; names are not topics. Their pairs: the sets `stances` and `stances-heldout` of
`pairs/stances.jsonl` (floors in `pairs/floors.toml`)."""

import pytest

from dialectical_memory.detection import Label
from judging import flags, label


@pytest.mark.parametrize("a, b", [
    # a class denied covers each member
    ("用户不信任何宗教。", "用户信基督教。"),
    ("User has no religion.", "用户信仰基督教。"),
    ("用户不用任何社交媒体。", "User uses Instagram every day."),
    ("User doesn't play any sports.", "User plays badminton twice a week."),
    ("User doesn't use any streaming service.", "用户每天都用爱奇艺。"),
    # wants and needs in either language
    ("User wants weekly summaries.", "用户不需要每周总结。"),
    ("用户想要代码示例。", "User doesn't need code examples."),
    # stances: fear, no interest, refusing the gear of an activity
    ("User loves thunderstorms.", "User is terrified of thunderstorms and hides indoors."),
    ("User loves board games.", "用户对桌游完全提不起兴趣。"),
    ("用户很享受独处。", "用户特别害怕一个人待着。"),
    ("User is keen on camping.", "User refuses to sleep in a tent ever again."),
    # Chinese antonyms, and comfort across languages
    ("用户性格很开朗。", "用户性格很阴郁。"),
    ("User's desk chair is comfortable.", "用户的办公椅很不舒服。"),
    # Chinese orders
    ("用户喜欢米饭多过面条。", "用户更爱吃面条而不是米饭。"),
])
def test_flags(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    # a member denied leaves the class
    ("User uses social media.", "User doesn't use TikTok."),
    ("User likes streaming services.", "User cancelled Netflix."),
    ("用户喜欢运动。", "用户不喜欢打高尔夫。"),
    # watching a sport is not doing it
    ("User doesn't exercise.", "User watches basketball on TV every night."),
    # gear lacked or wanted is no aversion; another holder's aversion is theirs
    ("User doesn't own a tent.", "User loves camping."),
    ("用户喜欢露营。", "用户想买一顶新帐篷。"),
    ("User's wife hates sleeping in a tent.", "User loves camping."),
    # a name is not the thing
    ("用户养了一只叫“可乐”的狗。", "用户不喝可乐。"),
    ("User has a cat named Pepper.", "User doesn't like pepper."),
    ("User's dog is called Whisky.", "User never drinks whisky."),
    # the same order twice
    ("用户喜欢茶多过咖啡。", "用户比起咖啡更喜欢茶。"),
])
def test_look_alikes_do_not_flag(a, b):
    assert not flags(a, b)


def test_names_still_tell_entries_apart():
    assert flags("User's only pet is a cat named Mochi.", "User's only pet is a cat named Biscuit.")
    assert label("用户养了一只叫“咖啡”的猫。", "用户不喝咖啡。") is not Label.CONTRADICTION


@pytest.mark.parametrize("denial", ["User avoids crowded markets at all costs.",
                                    "User avoids crowded markets whenever possible.",
                                    "用户无论如何都不去人多的市场。"])
def test_emphasis_says_how_firmly_not_what_about(denial):
    """'at all costs' is no topic of its own: it must not thin the denied topic below what the
    other entry covers."""
    other = "用户很喜欢人多的市场。" if denial.startswith("用户") else "User loves crowded markets."
    assert flags(other, denial)
