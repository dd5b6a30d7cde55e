"""Chinese reactions to a thing met (一见到X就烦), a stance with a trailing act ("hates X and leaves
when ..."), a bare measure naming what is drunk or smoked (喝几杯, 抽两根), observed rates for
gambling, soft drinks, eating out and late nights, never skipping a thing, a vocabulary app left
unused, an allergen and what carries it, never abroad against a foreign city, and V得很A
evaluations. Their pairs: the `reactions` sets of `pairs/mixed.jsonl` (where each came from, and
its floor, in `pairs/floors.toml`).
"""

import pytest

from judging import flags

CLASHES = [
    # a reaction to a thing met is a stance on it
    ("用户很喜欢小孩。", "用户一见到小孩就烦。"),
    ("用户喜欢看书。", "用户一看书就犯困。"),
    ("用户很喜欢狗。", "用户看到狗就紧张。"),
    ("用户很喜欢唱歌。", "用户一唱歌就紧张得发抖。"),
    ("User likes dancing.", "User hates dancing and leaves parties when the music starts."),
    ("User loves cooking.", "User hates cooking and orders takeaway whenever possible."),
    # an ended habit against a bare measure of it
    ("用户已经戒酒了。", "用户现在每晚都要喝几杯。"),
    ("用户去年戒了酒。", "用户周末常和朋友小酌两杯。"),
    ("用户已经戒烟三年了。", "用户每天饭后都要抽两根。"),
    # stated against observed
    ("User says they don't gamble.", "User buys lottery tickets every week."),
    ("用户说自己从不赌博。", "用户每个周末都在网上下注赌球。"),
    ("User says they rarely eat out.", "User has dinner at a restaurant five nights a week."),
    ("用户说自己从来不熬夜。", "用户几乎每晚两点以后才睡。"),
    ("用户自称不喝碳酸饮料。", "用户冰箱里常备可乐，每天喝两罐。"),
    ("User says they never skip leg day.", "User's workout log has no leg exercises in the last three months."),
    ("用户说自己每天都学英语。", "用户的背单词软件显示他已经两个月没打开过了。"),
    ("User says they study Spanish every day.", "User hasn't opened Duolingo in two months."),
    # an allergen and what carries it
    ("用户对花粉过敏。", "用户开了一家花店，每天和鲜花打交道。"),
    ("User is allergic to feathers.", "User sleeps on a goose-down pillow every night."),
    # never abroad, a foreign city
    ("用户从来没出过国。", "用户去年去巴黎度了蜜月。"),
    ("用户从没出过国。", "用户在东京待了三个月。"),
    # evaluations of how a thing is done
    ("用户的字写得很漂亮。", "用户的字写得很难看。"),
    ("他的菜做得很好吃。", "他的菜做得很难吃。"),
]

LOOKALIKES = [
    ("用户很喜欢小孩。", "用户的丈夫一见到小孩就烦。"),
    ("用户喜欢开车。", "用户以前一开车就紧张。"),
    ("用户很喜欢狗。", "用户一见到狗就很开心。"),
    ("User likes dancing.", "User's wife hates dancing and leaves parties when the music starts."),
    ("User likes trains.", "User hates flying and takes the train whenever possible."),
    ("用户已经戒酒了。", "用户每天都要喝几杯茶。"),
    ("用户已经戒酒了。", "用户以前每晚都要喝几杯。"),
    ("用户已经戒烟了。", "用户的父亲每天都要抽两根。"),
    ("User says they don't gamble.", "User's brother places bets on football every weekend."),
    ("User says they don't gamble.", "User watches poker on TV."),
    ("用户说自己从来不熬夜。", "用户几乎每天早上六点以后才起床。"),
    ("用户说自己不喝碳酸饮料。", "用户每天都喝一杯橙汁。"),
    ("User speaks English every day.", "User hasn't opened Duolingo in months."),
    ("User studies Spanish every day with a tutor.", "User hasn't opened Duolingo in two months."),
    ("用户每天都学英语。", "用户的背单词软件两个月没打开过了，现在改用纸质单词书。"),
    ("用户对花粉过敏。", "用户在花店上班，每天吃抗过敏药。"),
    ("用户对花粉过敏。", "用户的妈妈开了一家花店。"),
    ("User is allergic to pollen.", "User buys flowers for his wife every Friday."),
    ("用户从来没出过国。", "用户去年去三亚度了蜜月。"),
    ("用户从来没出过国。", "用户想去巴黎度蜜月。"),
    ("用户的字写得很漂亮。", "用户妹妹的字写得很难看。"),
    ("用户小时候字写得很难看。", "用户现在字写得很漂亮。"),
    ("用户的英语说得很好。", "用户的日语说得很差。"),
]


@pytest.mark.parametrize("a, b", CLASHES)
def test_category_clashes_flag_both_ways(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", LOOKALIKES)
def test_lookalikes_do_not_flag(a, b):
    assert not flags(a, b)
