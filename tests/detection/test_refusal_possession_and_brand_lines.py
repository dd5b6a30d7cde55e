"""Stance and possession as categories.

- refusal and coping ("refuses to read horror novels", "can't cope with hot weather", "has
  given up on camping") deny a liking; one occasion, another holder or a childhood refusal do not;
  refusing a thing's usual use (read, listen, play, watch) denies a bare liking of the thing, while
  "doesn't read novels" leaves writing them open (read/listen as light words was tried and dropped:
  it made "doesn't read novels" / "writes novels" flag);
- having a thing denied meets using one's own ("their own laptop", "自家电视"), not a hired one
  or someone else's ("rents a car", "the office laptop", "在爸妈家");
- a brand's product lines are members of its class: a member denied leaves the class affirmed,
  the class denied covers its members;
- being reminded is getting a reminder; a summary every day is a daily summary;
- a voice-pitch axis (deep / low vs high-pitched / squeaky, 低沉 / 尖细) anchored on voice words.

Their pairs: the `refusal-possession` sets of `pairs/stances.jsonl` (floors in `pairs/floors.toml`).
"""

import pytest

from judging import flags


@pytest.mark.parametrize("a, b", [
    ("User adores horror novels.", "User refuses to read horror novels."),
    ("User loves hot weather.", "User can't cope with hot weather and stays inside all summer."),
    ("User loves long road trips.", "User is unable to stand long road trips."),
    ("User loves board games.", "User won't play board games anymore."),
    ("用户喜欢坐过山车。", "用户死活不肯坐过山车。"),
    ("User doesn't have a TV.", "User watches the news on their living-room TV every evening."),
    ("用户没有电脑。", "用户在自己的电脑上剪视频。"),
    ("User doesn't use any Apple products.", "User uses an Apple Watch."),
    ("User wants the assistant to remind them to drink water.", "User does not want water reminders."),
    ("User wants a daily summary.", "User doesn't want summaries every day."),
    ("User's voice is deep.", "User has a high-pitched voice."),
    ("用户的声音很低沉。", "用户的声音很尖细。"),
    ("User's email client is Thunderbird.", "User's email client is Outlook."),
])
def test_category_contradictions_flag(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User refused to read the poem aloud in class.", "User loves reading poems."),
    ("User refused to eat fish as a child.", "User loves fish."),
    ("User's partner can't stand horror films.", "User adores horror films."),
    ("User doesn't own a car.", "User rents a car for holidays."),
    ("User doesn't have a laptop.", "User uses the office laptop for meetings."),
    ("用户没有电视。", "用户周末在爸妈家看电视。"),
    ("User doesn't have a TV in the bedroom.", "User watches the news on their living-room TV."),
    ("User uses Apple products.", "User doesn't use the Apple Watch."),
    ("User likes Google services.", "User doesn't use Google Drive."),
    ("The song reminds the user of their childhood.", "User does not want reminders."),
    ("User is a deep thinker.", "User has a high-pitched voice."),
    ("User has high standards.", "User has a deep voice."),
    ("User wears glasses for driving.", "User does not wear glasses for reading."),
    ("User never reads poetry.", "User writes poetry."),
    ("User doesn't listen to jazz.", "User plays jazz piano."),
    ("User loves podcasts.", "User doesn't listen to podcasts while driving."),
])
def test_look_alikes_do_not_flag(a, b):
    assert not flags(a, b)
