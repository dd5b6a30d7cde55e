"""Abilities, allergies to a part, stance frames, life states, past spans, valuing orders,
lifelong homes, and the false alarms they replace. Their pairs: `pairs/abilities.jsonl` (where
each set came from, and its floor, in `pairs/floors.toml`)."""

import pytest

from judging import flags, label


@pytest.mark.parametrize("a, b", [
    # a lasting inability against a habit or a role that needs the skill
    ("User can't swim.", "User is a swimming coach at the local pool."),
    ("用户不会开车。", "用户每天自己开车送孩子上学。"),
    ("用户从没学过弹钢琴。", "用户每周末在酒店弹钢琴。"),
    ("User can't speak Spanish.", "User works as a Spanish interpreter at the hospital."),
    ("User never learned to cook.", "User is a professional chef."),
    ("User can't ride a bike.", "用户每天骑自行车上班。"),
    # an allergy to a part of what the other entry keeps
    ("用户对猫毛过敏。", "用户家里养了三只猫，天天抱着睡。"),
    ("User is allergic to dog fur.", "用户家里有两只柯基。"),
    # stance frames
    ("用户很喜欢坐飞机。", "用户一坐飞机就难受，能不坐就不坐。"),
    ("用户能不加班就不加班。", "用户很乐意加班。"),
    ("用户愿意当众发言。", "用户极度抗拒当众发言。"),
    # life states
    ("User is still single.", "User got married last spring."),
    ("用户已经毕业了。", "用户还在读大三。"),
    ("用户租房住。", "用户住在自己买的房子里。"),
    # orders by valuing
    ("User values salary more than job title.", "User cares more about job title than salary."),
    ("用户更看重薪水而不是头衔。", "User cares more about job title than salary."),
    # a lifelong home
    ("User has lived in Singapore their whole life.", "User grew up in Norway."),
    ("用户一辈子都住在成都。", "用户在广州长大。"),
])
def test_flags(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User can't swim any more after the shoulder surgery.", "User used to swim every morning."),
    ("User can't drive today because their car is in the shop.", "User drives to work every day."),
    ("User's wife can't drive.", "User drives the kids to school every day."),
    ("用户不会游泳。", "用户正在学游泳。"),
    ("用户不会游泳。", "用户每周带孩子去上游泳课。"),
    ("User can't cook very well.", "User cooks dinner every night."),
    ("用户不会说法语。", "用户每天听法语歌。"),
    ("User is allergic to cat hair but takes antihistamines every day.", "User has a cat."),
    ("User is lactose intolerant.", "User drinks lactose-free milk every morning."),
    ("用户对猫毛过敏。", "用户喜欢看猫的视频。"),
    ("User is allergic to cats.", "User had a cat as a child."),
    ("用户单身。", "用户想明年结婚。"),
    ("用户单身。", "用户的前女友结婚了。"),
    ("User got married in 2010.", "User is divorced."),
    ("用户高中毕业了。", "用户在读大一。"),
    ("User used Windows for years.", "用户现在只用 Mac。"),
    ("用户在北京住了十年，后来搬走了。", "用户现在住在上海。"),
    ("用户很少生病。", "用户身体很好，几乎不生病。"),
    ("User wants code answers in English.", "用户闲聊时希望用中文回复。"),
    ("User has lived in Singapore their whole life.", "User grew up in Singapore."),
])
def test_does_not_flag(a, b):
    assert not flags(a, b), label(a, b)


def test_has_used_still_holds():
    assert flags("User has used Windows for years.", "User only uses a Mac.")
