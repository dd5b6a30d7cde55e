"""World knowledge by category, lifelong "never" against a dated event, a home left against one
still lived in, counts per period, projects named by their modifiers. Each pair is judged both
ways round (judging.py). Their pairs: the `world` sets of `pairs/world.jsonl` (floors in
`pairs/floors.toml`)."""

import pytest

from judging import flags

CLASHES = [
    # frequency: a trailing "until late" keeps the activity; a count per period one rung from daily
    ("经常加班到深夜", "从来不加班"),
    ("她经常工作到很晚", "她从不加班"),
    ("User often works late into the night", "User never works overtime"),
    ("每周去一次超市", "几乎每天都去超市"),
    ("User visits the dentist once a year", "User goes to the dentist every month"),
    # a never-experienced claim against a past instance, a place outside the one never left
    ("从来没坐过飞机", "去年坐飞机去了三亚"),
    ("用户从来没滑过雪", "User went skiing in Hokkaido last winter"),
    ("User has never ridden a horse", "User rode a horse on the beach in Mexico last summer"),
    ("User has never left Australia", "User went skiing in Japan last winter"),
    ("用户从来没出过国", "User spent a semester in Germany"),
    # a home left
    ("用户已经从北京搬走了", "用户现在还住在北京"),
    ("用户去年搬离了上海", "用户目前住在上海"),
    ("User moved out of Berlin last year", "用户现在还住在柏林"),
    # senses, platforms, junk food
    ("User is blind", "User reads printed novels every night"),
    ("用户是盲人", "用户每天开车上班"),
    ("User is deaf", "User talks with clients on the phone all day"),
    ("用户是色盲", "用户能分辨细微的色差"),
    ("User's only computer is a Chromebook", "User edits videos in Final Cut Pro on it"),
    ("User's only computer is a MacBook", "User writes C# in Visual Studio on it"),
    ("User says they don't eat junk food", "User's receipts show fried chicken every week"),
    ("用户说自己从不吃垃圾食品", "用户每周都点炸鸡和薯条"),
    # one project, two values
    ("The backend repo uses Python 3.12", "The backend repo uses Python 3.9"),
]

LOOKALIKES = [
    ("The backend repo uses Python 3.12", "The data pipeline repo uses Python 3.9"),
    ("后端仓库用的是Python 3.12", "数据管道项目用的是Python 3.9"),
    ("The mobile app uses React Native 0.72", "The web app uses React 18"),
    ("User has never flown", "User wants to fly to Paris one day"),
    ("User had never flown before 2020", "User flew to Berlin in 2022"),
    ("从来没坐过飞机", "他妈妈去年坐飞机去了三亚"),
    ("User has never left Australia", "User went skiing in Thredbo last winter"),
    ("用户已经从北京搬走了", "用户下个月出差去北京"),
    ("用户已经从北京搬走了", "用户的父母还住在北京"),
    ("用户2015年搬离了上海，2020年又搬回了上海", "用户目前住在上海"),
    ("User is blind to his own faults", "User drives to work every day"),
    ("用户在盲人学校做志愿者", "用户每天开车上班"),
    ("User is deaf", "User hates talking on the phone"),
    ("User is blind", "User reads braille books every night"),
    ("User's father is blind", "User drives to work every day"),
    ("User is colour-blind", "User relies on labels to tell colours apart"),
    ("User doesn't eat junk food", "User bought fries for his kids"),
    ("User never eats junk food except on birthdays", "User had a burger at his birthday party"),
    ("User avoids junk food", "User had a homemade burger for dinner"),
    ("User calls mom once a week", "User texts mom every day"),
    ("User goes to the gym once a week in winter", "User goes to the gym every day in summer"),
    ("User's only computer is a MacBook", "User writes code in Visual Studio Code"),
    ("User has a Chromebook", "User edits videos in Final Cut Pro"),
]


@pytest.mark.parametrize("a,b", CLASHES)
def test_clashes(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a,b", LOOKALIKES)
def test_lookalikes_do_not_flag(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize("a,b,clash", [
    ("用户在海南长大，从没离开过海南。", "用户小时候每年冬天都在东北老家滑雪。", True),
    ("用户从没离开过海南", "用户去年在三亚潜水", False),  # Sanya is in Hainan
    ("用户从没离开过四川", "用户在成都上学", False),
    ("用户从没离开过广东", "用户打算去北京旅游", False),  # a plan
])
def test_a_province_never_left(a, b, clash):
    assert flags(a, b) is clash
