"""Ended states, stated against observed habits, giving things up, and scope refinements that must
not clash. Their pairs: `pairs/states.jsonl` (where each set came from, and its floor, in
`pairs/floors.toml`)."""

import pytest

from dialectical_memory.detection import amounts
from judging import flags


@pytest.mark.parametrize("a, b", [
    # an ended state against the same thing held now
    ("User gave away their piano when they moved.", "User still has a piano in the living room."),
    ("用户把健身卡退掉了。", "用户每周都去健身房。"),
    ("User currently works at Microsoft.", "用户三月份已经离开了微软。"),
    # a stated habit against what a record shows
    ("User says they always go to bed by 10 pm.", "User's messages are often sent at 2 am."),
    ("用户声称自己已经完全戒糖了。", "用户每天下午都点一杯奶茶。"),
    ("User insists they barely use their phone.", "User's screen-time report shows eight hours a day."),
    ("User says they always answer emails within a day.", "User's emails often sit unanswered for a week."),
    ("用户说自己每天都吃早饭。", "用户通常中午才吃第一顿饭。"),
    ("用户说自己很少网购。", "用户每周都要收好几个快递，都是淘宝上买的。"),
    ("User says they walk 10,000 steps every day.", "User's step counter shows an average of 1,500 steps a day."),
    # giving up as a lasting state
    ("User gave up golf years ago and hasn't played since.", "User is a keen golfer."),
    ("用户三年前就不打篮球了。", "用户每周都和同事打篮球。"),
    ("User stopped playing tennis after a knee injury and never went back.", "User plays tennis twice a week."),
    ("用户最怕参加聚会，能推就推。", "User loves going to parties."),
])
def test_flags(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    # an ending undone later, or someone else's
    ("User cancelled their gym membership in January but rejoined in May.", "User goes to the gym every week."),
    ("用户戒了两年烟，后来又开始抽了。", "用户现在每天抽烟。"),
    ("User's brother sold his car.", "User still drives their car to work."),
    # what a record shows keeps to the habit, or is someone else's, or one day
    ("User claims to have cut out sugar completely.", "User's partner orders bubble tea every afternoon."),
    ("用户声称自己已经完全戒糖了。", "用户每天下午都点一杯无糖茶。"),
    ("User says they barely use their phone.", "User's screen-time report shows about 40 minutes a day."),
    ("User says they walk 10,000 steps every day.", "User's step counter shows an average of 11,000 steps a day."),
    ("User says they walk 10,000 steps every day.", "User walked 3,000 steps yesterday."),
    ("User says they always go to bed by 10 pm.", "User stayed up until 2 am once for a product launch last year."),
    # scopes that differ, a sub-aspect denied, an elaboration
    ("User uses Vim for code.", "User uses a GUI app for reading PDFs, not Vim."),
    ("用户日常问题喜欢简短的回答。", "用户专业问题希望回答详细一些。"),
    ("User uses VS Code.", "User doesn't install themes in VS Code."),
    ("User is allergic to peanuts.", "User's peanut allergy is severe and they carry an EpiPen."),
    ("User drinks coffee at work.", "User doesn't drink coffee at home."),
    ("User uses Linux when coding.", "User uses Windows when gaming."),
    ("用户出差期间用iPhone。", "用户在家时用安卓手机。"),
    # an ending with a clock time after it is still scoped
    ("User stopped drinking coffee after 3 pm.", "User drinks coffee every morning."),
    ("User quit smoking and has not smoked again.", "User's sister smokes every day."),
])
def test_does_not_flag(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User wants bullet points for technical questions.", "User doesn't want bullet points for technical questions."),
    ("User drinks coffee at work.", "User doesn't drink coffee at work."),
    ("User quit smoking and has not smoked again.", "User smokes every day."),
    ("User quit smoking again last month.", "User smokes every day."),
    ("User uses Linux when coding.", "User uses Windows when coding."),
    ("User lives in Berlin while working on the project.", "User lives in Paris when on holiday."),
])
def test_same_scope_still_flags(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("text, value", [
    ("用户说自己每天都走一万步。", 10000), ("用户每天平均只走两千步。", 2000),
    ("User walks about 10k steps a day.", 10000), ("用户每天睡八个小时。", 8), ("每天走一万五千步", 15000),
])
def test_daily_amounts_read_numbers_in_both_languages(text, value):
    assert amounts.amounts(text)[0][1] == value
