"""Recall mechanisms added after blind batch e, one at a time, in English and Chinese.

Batch e (the set `blind-e` of `pairs/mixed.jsonl`) was written before these changes and guided
them; batch f (`blind-f`) was written after them and scored once as their generalisation estimate
(both stories, and their floors, in `pairs/floors.toml`).
"""

import pytest

from dialectical_memory.detection.slots import extract_slots
from judging import flags, pair_set

BATCH_E = pair_set("mixed.jsonl", source="blind-e")
BATCH_F = pair_set("mixed.jsonl", source="blind-f")


def slot_values(text: str, name: str) -> list[str]:
    return [slot.value for slot in extract_slots(text) if slot.name == name]


# --- the blind batches ----------------------------------------------------------------


def test_batches_are_balanced_and_bilingual():
    for rows, size in ((BATCH_E, 80), (BATCH_F, 60)):
        assert len(rows) == size
        assert sum(row["lang"] == "en" for row in rows) == size // 2
        assert {row["label"] for row in rows} == {"contradiction", "compatible", "unrelated"}
        share = sum(row["label"] == "contradiction" for row in rows) / size
        assert 0.4 <= share <= 0.6


# --- synonyms: the object decides the topic, whatever word names it ------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User adores sci-fi films.", "User detests sci-fi movies."),
    ("User loves horror films.", "User can't stand horror movies."),
    ("User graduated from university.", "User never went to college."),
    ("User enjoys cooking.", "User hates cooking."),
    ("用户喜欢看电影。", "用户讨厌看影片。"),
    ("用户很喜欢看恐怖电影。", "用户受不了恐怖片。"),
    ("用户会说流利的日语。", "用户一点日语都不会说。"),
    ("用户和女朋友同居。", "用户一个人独居。"),
    ("用户吃全素。", "用户最爱吃红烧肉。"),
])
def test_synonyms_share_a_topic(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User loves horror novels.", "User hates horror movies."),
    ("User watches a lot of films.", "User doesn't like horror movies."),
    ("用户喜欢看电影。", "用户不喜欢看电视剧。"),
    ("用户会说日语。", "用户听不懂韩语。"),
    ("User speaks fluent French.", "User isn't fluent in Spanish."),
])
def test_synonyms_do_not_merge_different_things(a, b):
    assert not flags(a, b)


# --- states with antonymous adjectives: health, employment --------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User is in good health.", "User is seriously ill."),
    ("User is healthy.", "User is sick."),
    ("User has a full-time job at a bank.", "User is currently unemployed."),
    ("User works as a nurse.", "User is out of work."),
    ("User works at a bank.", "User is unemployed."),
    ("用户身体很健康。", "用户身患重病。"),
    ("用户身体很好。", "用户生病了。"),
    ("用户在一家银行上班。", "用户目前失业在家。"),
    ("用户有工作。", "用户待业。"),
])
def test_antonymous_states_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User is healthy.", "User's mother is seriously ill."),
    ("User is healthy.", "User is sick of his job."),
    ("User works at a bank.", "User's husband is unemployed."),
    ("User works as a volunteer at a shelter.", "User is unemployed."),
    ("User used to work at a bank.", "User is unemployed."),
    ("User was unemployed for a year.", "User works at Google."),
    ("User is looking for work at a bank.", "User is unemployed."),
    ("用户身体很好。", "用户的猫生病了。"),
    ("用户以前在银行上班。", "用户失业了。"),
    ("用户想在银行工作。", "用户失业了。"),
    ("用户失业了。", "用户正在找工作。"),
    ("User is unemployed.", "User is applying for jobs at banks."),
])
def test_states_of_others_or_the_past_do_not_clash(a, b):
    assert not flags(a, b)


# --- one usual way to work ----------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User commutes to work by bus.", "User drives to work every day."),
    ("User takes the subway to work.", "User cycles to work."),
    ("用户每天坐公交车上班。", "用户每天自己开车上班。"),
    ("用户坐地铁上班。", "用户骑自行车上班。"),
])
def test_commute_modes_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User takes the bus to work.", "User rides the bus on weekdays."),
    ("User drives to work.", "User takes the bus on weekends."),
    ("User drives to work.", "User sometimes takes the bus to work."),
    ("User bikes to work in summer.", "User drives to work in winter."),
    ("User takes the subway to work.", "User drives to the supermarket."),
    ("用户开车上班。", "用户周末骑自行车。"),
    ("用户坐地铁上班。", "用户下雨天打车上班。"),
])
def test_commute_modes_in_other_settings_do_not_clash(a, b):
    assert not flags(a, b)


def test_commute_slot_needs_one_mode_and_a_destination():
    assert slot_values("User drives to work.", "commute") == ["car"]
    assert slot_values("用户坐地铁上班。", "commute") == ["subway"]
    assert slot_values("User drives to the station and takes the train to work.", "commute") == []
    assert slot_values("User takes the bus.", "commute") == []


# --- durations and quantities of a routine ---------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User sleeps about eight hours a night.", "User only gets four hours of sleep each night."),
    ("User works 10 hours a day.", "User works 6 hours a day."),
    ("用户每晚睡八个小时左右。", "用户每晚只睡四个小时。"),
    ("用户每天工作十二个小时。", "用户每天工作六个小时。"),
])
def test_routine_durations_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User sleeps about seven hours a night.", "User sleeps eight hours a night."),
    ("User sleeps eight hours a night.", "User sleeps ten hours on weekends."),
    ("User works 40 hours a week.", "User works eight hours a day."),
    ("User sleeps at least six hours.", "User sleeps nine hours a night."),
    ("用户每晚睡七个小时。", "用户每晚睡八个小时。"),
    ("用户每晚至少睡六个小时。", "用户每晚睡九个小时。"),
])
def test_close_or_bounded_durations_do_not_clash(a, b):
    assert not flags(a, b)


# --- education: a capped degree against a higher one ------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User has a PhD in chemistry.", "User only has a high school diploma."),
    ("User dropped out of college.", "User has a bachelor's degree."),
    ("用户是博士。", "用户只有高中学历。"),
    ("用户大学毕业。", "用户最高学历是初中。"),
])
def test_capped_degree_clashes_with_a_higher_one(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User has a PhD.", "User has a master's degree."),
    ("User has a bachelor's degree.", "User is doing a PhD."),
    ("User only has a high school diploma.", "User is studying for a college degree."),
    ("用户是博士。", "用户本科学的是物理。"),
    ("用户只有高中学历。", "用户想读大学。"),
])
def test_degrees_that_can_all_hold_do_not_clash(a, b):
    assert not flags(a, b)


# --- a habit kept "only" on some days -------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User works from Monday to Friday.", "User only works on weekends."),
    ("User works only on weekends.", "User works on Mondays."),
    ("用户只在周末工作。", "用户周一到周五上班。"),
    ("用户每周六都要加班。", "用户周六从不上班。"),
])
def test_only_on_some_days_denies_the_others(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User only works on weekends.", "User works on Saturdays."),
    ("User only drinks coffee on weekdays.", "User drinks tea on weekends."),
    ("User works Monday to Friday.", "User sometimes works on Saturdays."),
    ("用户周末只喝咖啡。", "用户周一喝咖啡。"),
    ("用户周六加班。", "用户周日从不上班。"),
])
def test_only_does_not_overreach(a, b):
    assert not flags(a, b)


# --- bedtimes given as a bound ("after midnight", "十二点以后") ------------------------------


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("用户习惯晚上十二点以后睡觉。", "用户每天晚上九点就睡了。", True),
    ("User goes to bed after midnight.", "User goes to bed at 9 pm.", True),
    ("用户十二点以后睡觉。", "用户凌晨一点睡觉。", False),
    ("User goes to bed after 11.", "User goes to bed at 2 am.", False),
    ("User goes to bed after midnight.", "User goes to bed after 1 am.", False),
])
def test_bedtime_bounds(a, b, expected):
    assert flags(a, b) is expected


# --- languages spoken, instruments played ---------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User only speaks English.", "User speaks fluent Spanish."),
    ("User speaks fluent French.", "User doesn't speak any French."),
    ("用户只会说中文。", "用户英语说得很流利。"),
    ("用户会说流利的日语。", "用户一点日语都不会说。"),
    ("User plays the piano.", "User can't play any musical instrument."),
    ("用户会弹钢琴。", "用户不会任何乐器。"),
])
def test_languages_and_instruments_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User only speaks English at work.", "User speaks Spanish at home."),
    ("User speaks English.", "User speaks Spanish."),
    ("User only speaks English with the assistant.", "User is learning Spanish."),
    ("User speaks only English.", "User's wife speaks French."),
    ("User loves French food.", "User doesn't speak French."),
    ("User plays the guitar.", "User can't play the piano."),
    ("用户喜欢日语歌。", "用户不说日语。"),
    ("用户只会说中文。", "用户在学英语。"),
    ("用户会弹吉他。", "用户不会弹钢琴。"),
])
def test_other_languages_and_instruments_do_not_clash(a, b):
    assert not flags(a, b)


# --- a routine bedtime places the user on the chronotype axis --------------------------------


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("User is a night owl.", "User goes to bed at 9 pm every night.", True),
    ("User is an early bird.", "User stays up until 3 am every night.", True),
    ("用户是夜猫子。", "用户每天晚上九点就睡了。", True),
    ("User is a night owl.", "User goes to bed at 11 pm.", False),
    ("User is a night owl.", "User goes to bed at 9 pm on Sundays.", False),
    ("User's son is a night owl.", "User goes to bed at 9 pm.", False),
])
def test_bedtime_implies_chronotype(a, b, expected):
    assert flags(a, b) is expected
