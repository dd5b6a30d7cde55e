"""Mechanisms that make the rule detector generalise beyond its word lists, one at a
time, in English and Chinese: what a pole word describes, past states, whose fact
an entry states, general cases and their exceptions, partial negations, routine
times, preferences that single out one option.

The set that showed the way to them is `blind-a` of `pairs/mixed.jsonl`, written before the
detector code was read; `blind-b` to `blind-d` came later (where they came from, and their
floors, in `pairs/floors.toml`).
"""

import pytest

from dialectical_memory.detection.analysis import analyse
from dialectical_memory.detection.slots import extract_slots
from dialectical_memory.detection.text import stem
from judging import flags, pair_set

ROWS = pair_set("mixed.jsonl", source="blind-a")


def test_the_set_written_before_the_code_was_read_is_balanced_and_bilingual():
    assert len(ROWS) == 120
    assert sum(row["lang"] == "en" for row in ROWS) == 60
    share = sum(row["label"] == "contradiction" for row in ROWS) / len(ROWS)
    assert 0.4 <= share <= 0.5


@pytest.mark.parametrize(("a", "b"), [
    ("Summarise long threads before replying.", "User prefers concise replies."),
    ("User used to live in Berlin", "User lives in Paris"),
    ("以前住在北京，现在住在上海", "用户住在上海"),
])
def test_hard_cases_from_the_brief_are_not_flagged(a, b):
    assert not flags(a, b)


# --- the stemmer does not merge unrelated words ----------------------------------


@pytest.mark.parametrize(("word", "other"), [
    ("care", "car"), ("caring", "car"), ("quite", "quit"), ("theme", "them"),
    ("evening", "even"), ("plane", "plan"),
])
def test_stemmer_keeps_words_apart(word, other):
    assert stem(word) != stem(other)


@pytest.mark.parametrize("inflected", ["cares", "caring", "cared"])
def test_protected_stem_still_merges_inflections(inflected):
    assert stem(inflected) == stem("care")


def test_quite_is_not_a_cessation():
    assert not flags("User quite likes jazz", "User likes jazz")
    assert flags("User does not own a car", "User drives their own car to work")


# --- a pole word describes the noun it modifies ----------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("Summarise long threads before replying.", "User prefers concise replies."),
    ("User writes long blog posts", "User wants short replies in chat"),
    ("User reads long research papers for work", "User wants brief answers"),
    ("User wants detailed code comments", "User prefers concise replies"),
    ("回复前先总结很长的讨论串。", "用户喜欢简洁的回复。"),
    ("用户喜欢看很长的文章", "用户希望回复简洁"),
    ("用户喜欢详细的攻略", "用户喜欢简短的回复"),
])
def test_length_of_other_things_does_not_clash_with_reply_length(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User prefers short, concise answers.", "User prefers long, detailed answers."),
    ("Keep answers short", "User wants detailed explanations"),
    ("用户喜欢简短的回答。", "用户喜欢详细的长回答。"),
    ("用户希望回答详细", "用户希望回复简洁"),
    ("User wants long emails", "User wants short emails"),  # the same thing on both sides
    ("User uses a dark theme in VS Code", "User prefers light mode"),
    ("User prefers the light theme", "User switched to the dark theme for good"),
])
def test_reply_length_and_theme_still_clash(a, b):
    assert flags(a, b)


def test_target_names_the_head_noun():
    poles = [pole for claim in analyse("Summarise long threads before replying").claims
             for pole in claim.poles]
    assert [pole.target for pole in poles] == [stem("threads")]
    zh = [pole for claim in analyse("回复前先总结很长的讨论串").claims for pole in claim.poles]
    assert zh and zh[0].target == "串"  # 讨论 is a known word, 串 the head
    replies = [pole for claim in analyse("用户喜欢详细的长回答").claims for pole in claim.poles]
    assert replies and all(pole.target == "" for pole in replies)


def test_a_named_thing_meets_an_exception_that_names_it():
    assert flags("Keep replies short, except for code reviews", "User wants short code reviews")


# --- a past state says nothing of the present; "no longer" does -------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User used to live in Berlin", "User lives in Paris"),
    ("User used to be a smoker", "User does not smoke"),
    ("User used to smoke", "User smokes every day"),
    ("User formerly worked at Google", "User works at Meta"),
    ("User used to prefer tea over coffee", "User prefers coffee over tea"),
    ("User lived in Lisbon last year", "User lives in Porto"),
    ("User lived in Lisbon", "User lives in Porto"),  # a state verb in the past tense
    ("User worked at Google for five years", "User works at Meta"),
    ("User smoked in college", "User does not smoke"),
    ("用户以前是老师", "用户现在是产品经理"),
    ("用户曾经吸烟", "用户不吸烟"),
    ("用户过去在阿里巴巴工作", "用户在腾讯工作"),
    ("用户曾在谷歌工作", "用户在微软工作"),
    ("用户去年住在重庆", "用户从三月开始住在成都"),
    ("用户三年前住在广州", "用户住在深圳"),
    ("用户曾经是素食者", "用户每天吃牛排"),
    ("用户小时候学过钢琴", "用户现在不弹任何乐器"),
])
def test_past_states_do_not_contradict_present_ones(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User no longer lives in Berlin", "User lives in Berlin"),
    ("User no longer smokes", "User smokes a pack a day"),
    ("User is a former smoker", "User smokes every day"),
    ("User quit smoking last year", "User smokes every day"),  # a change: true now
    ("User moved to Berlin last year", "User lives in Munich"),
    ("User got married last year", "User is single"),
    ("User adopted a dog two years ago", "User has no pets"),
    ("User has lived in Lisbon for years", "User lives in Porto"),
    ("User used to live in Berlin, now lives in Paris", "User lives in Berlin"),
    ("User used to run but stopped", "User runs every day"),
    ("用户已经戒烟了", "用户每天抽一包烟"),
    ("用户以前抽烟，现在戒了", "用户每天抽烟"),
    ("用户现在在谷歌工作", "用户在微软工作"),
    ("User smoked in college", "User has never smoked"),  # a lifetime "never" covers the past
    ("用户以前抽过烟", "用户从没抽过烟"),
])
def test_present_denials_and_changes_still_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("text", "past"), [
    ("User used to live in Berlin", True),
    ("User is used to working late", False),  # accustomed, not a past state
    ("User uses to-do lists every day", False),  # the stemmer reads "use to"
    ("User previously mentioned they like jazz", False),  # a past saying
    ("用户之前提到喜欢爵士乐", False),
    ("用户以前住在北京", True),
    ("用户睡觉以前不喝咖啡", False),  # 以前 after a verb means "before"
    ("User started running last year", False),
    ("用户去年开始跑步", False),
    ("User drank a lot of coffee in college", True),
])
def test_which_clauses_are_past(text, past):
    claims = analyse(text).claims
    assert claims and all(claim.past is past for claim in claims)


def test_slots_come_only_from_clauses_that_hold_now():
    slots = analyse("以前住在北京，现在住在上海").slots
    assert [(slot.name, slot.value) for slot in slots] == [("residence", "上海")]
    assert analyse("User used to live in Berlin").slots == ()
    assert [slot.value for slot in analyse("User doesn't live in Berlin anymore, moved to Paris").slots] \
        == ["paris"]


# --- whose fact an entry states -----------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("User's sister lives in Sydney.", "User lives in Melbourne."),
    ("用户的妹妹住在广州", "用户住在深圳"),
    ("用户妹妹住在广州", "用户住在深圳"),
    ("User's wife works at Google", "User works at Apple"),
    ("User's daughter is 5 years old", "User is 34 years old"),
    ("用户的女儿今年5岁", "用户今年35岁"),
    ("User's husband is vegetarian", "User eats meat"),
    ("用户的丈夫是素食者", "用户吃肉"),
    ("User's mom is allergic to cats", "User has two cats"),
    ("用户的妈妈不吃辣", "用户很喜欢吃辣"),
    ("User's kids love pizza", "User hates pizza"),
])
def test_facts_about_other_people_do_not_clash_with_the_users(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User's wife works at Google", "User's wife works at Apple"),
    ("用户的妹妹住在广州", "用户的妹妹住在深圳"),
    ("User's wife is a teacher", "User is single"),  # having a wife is the user's fact
    ("用户还没有结婚", "用户的丈夫是工程师"),
    ("User's daughter is vegan", "User has no children"),
])
def test_the_same_persons_facts_and_the_persons_existence_still_clash(a, b):
    assert flags(a, b)


def test_holder_is_recorded_on_slots_and_claims():
    slots = extract_slots("User's sister lives in Sydney")
    assert [(slot.name, slot.holder) for slot in slots] == [("residence", "sister")]
    analysis = analyse("用户的丈夫是素食者")
    held = [claim for claim in analysis.claims if claim.holder == "丈夫"]
    own = [claim for claim in analysis.claims if not claim.holder]
    assert held and any(claim.implicit for claim in held)
    assert own and own[0].poles[0].axis == "marital"


# --- single-valued facts read in more forms ------------------------------------------


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("用户在北京工作", "用户在杭州工作", True),
    ("User works in Berlin", "User works in Munich", True),
    ("User works in Berlin", "User works in Germany", False),
    ("User works in Marketing", "User works at Google", False),
    ("用户的周会在周一。", "用户的周会在周四。", True),
    ("用户的生日在五月", "用户的生日在十月", True),
    ("用户的航班在周五", "用户的会议在周一", False),
    ("用户住在西安。", "用户在南京住了六年，现在还住在那里。", True),
    ("User is 29.", "User turned 35 last month.", True),
])
def test_more_value_forms(a, b, expected):
    assert flags(a, b) is expected


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("用户晚上十一点睡觉。", "用户通常凌晨两点才睡。", True),
    ("User goes to bed at 11 pm", "User usually goes to bed around 2 am", True),
    ("User goes to bed at 11", "User goes to bed at 11:30 pm", False),
    ("User sleeps around midnight", "用户晚上12点睡觉", False),
    ("用户每天早上6点起床", "用户每天早上九点起床", True),
    ("User wakes up at 6 am", "User wakes up at 9 am on weekends", False),
    ("用户每天早上6点起床", "用户周末10点起床", False),
    ("用户12点前睡觉", "用户凌晨两点睡觉", False),  # a bound, not a time
])
def test_routine_times(a, b, expected):
    assert flags(a, b) is expected


def test_routine_time_is_an_hour_of_the_day():
    slot = next(slot for slot in extract_slots("用户晚上十一点睡觉") if slot.name == "bedtime")
    assert slot.value == "23"
    slot = next(slot for slot in extract_slots("User wakes up at 6:30 am on weekends")
                if slot.name == "wake time")
    assert (slot.value, slot.scope) == ("6.5", frozenset({"weekend"}))


# --- a general case admits exceptions; less is not none ---------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("用户平时不喝酒。", "用户过年时会喝一点酒。"),
    ("User normally doesn't eat breakfast", "User eats breakfast on weekends"),
    ("User usually prefers short answers", "User wants long answers for code reviews"),
    ("用户一般在家办公。", "用户每周四去公司。"),
    ("User avoids sugar.", "User tries to eat fewer sweets."),
    ("用户在尽量少喝咖啡", "用户每天喝咖啡"),
    ("User is trying to drink less coffee", "User drinks coffee every day"),
    ("User wants less detail in replies", "User prefers concise replies"),
])
def test_general_cases_and_reductions_are_not_flagged(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User doesn't eat breakfast", "User eats breakfast every day"),
    ("用户平时不吃早餐", "用户每天都吃早餐"),
    ("User mostly works remotely", "User always works in the office"),
    ("User wants less detailed answers", "User wants detailed answers"),
])
def test_general_cases_still_clash_where_they_meet(a, b):
    assert flags(a, b)


# --- partial negation: "with no", "without", "instead of", "不加…的", "代替" --------------


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("User takes sugar in their coffee.", "User drinks their coffee black with no sugar.", True),
    ("用户喝咖啡要加糖。", "用户只喝不加糖的黑咖啡。", True),
    ("User prefers answers without emoji", "User likes emoji in replies", True),
    ("User likes tea without milk", "User drinks milk every morning", False),
    ("用户喜欢不加糖的酸奶", "用户每天喝牛奶", False),
    ("User can't work without music", "User loves music", False),
    ("User avoids dairy.", "User drinks oat milk instead of cow's milk.", False),
    ("用户不喝牛奶。", "用户用燕麦奶代替牛奶。", False),
])
def test_partial_negation(a, b, expected):
    assert flags(a, b) is expected


# --- preferences that single out one option --------------------------------------------


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("User prefers morning meetings.", "User prefers afternoon meetings.", True),
    ("用户更喜欢上午开会", "用户更喜欢下午开会", True),
    ("User likes morning runs", "User likes evening runs", False),
    ("User prefers Android phones.", "User prefers iPhones over Android phones.", True),
    ("用户更喜欢安卓手机。", "用户更喜欢苹果手机而不是安卓手机。", True),
    ("User prefers tea", "User prefers tea over coffee", False),
    ("User likes coffee", "User prefers tea over coffee", False),
])
def test_exclusive_preferences(a, b, expected):
    assert flags(a, b) is expected


# --- vocabulary and clause reading ---------------------------------------------------------


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("User rarely eats out.", "User eats at restaurants almost every day.", True),
    ("用户很少在外面吃饭。", "用户几乎每天都在餐馆吃饭。", True),
    ("User has a younger brother.", "User is an only child.", True),
    ("用户是独生子女。", "用户有一个弟弟。", True),
    ("User is an only child", "User has a sister-in-law", False),
    ("User lives alone.", "User lives with their partner and two kids.", True),
    ("用户一个人住。", "用户和父母住在一起。", True),
    ("用户严格不吃麸质。", "用户几乎每天晚饭都吃意大利面。", True),
    ("用户每天骑车上班。", "用户从来不骑自行车。", True),
    ("User loves podcasts.", "User finds podcasts boring and never listens to them.", True),
    ("用户很喜欢听播客。", "用户觉得播客很无聊，从来不听。", True),
    ("用户喜欢分点列出的回答。", "用户希望回答写成完整的段落。", True),
    ("用户睡觉以前不喝咖啡", "用户睡前喝咖啡", True),
    ("User is terrified of flying.", "User loves flying.", True),
    ("用户最喜欢的季节是秋天。", "用户最喜欢的季节是夏天。", True),  # values of different kinds
    ("User doesn't drink coffee anymore", "User drinks coffee every morning", True),  # one denial
])
def test_vocabulary(a, b, expected):
    assert flags(a, b) is expected
