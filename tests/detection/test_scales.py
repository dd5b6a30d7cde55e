"""Scales, orders and antonyms by category. Their pairs: `pairs/scales.jsonl` (where each set came
from, and its floor, in `pairs/floors.toml`)."""

import pytest

from dialectical_memory.detection import antonyms, frequency
from dialectical_memory.detection.index import index_terms
from judging import flags


@pytest.mark.parametrize(("text", "label"), [
    ("checks slack constantly", "hourly..constantly"),
    ("refreshes email every few minutes", "hourly..constantly"),
    ("is on the phone all day", "hourly..constantly"),
    ("每隔几分钟就看一次手机", "hourly..constantly"),
    ("goes once in a blue moon", "rarely"),
    ("visits a couple of times a year", "yearly"),
    ("一个月才洗一次车", "monthly"),
    ("隔三差五就去健身房", "weekly..daily"),
    ("时不时就刷一下微博", "weekly..daily"),
    ("一年到头也去不了几次", "rarely..yearly"),
    ("occasionally eats out", "rarely..monthly"),
    ("posts no more than twice a month", "never..monthly"),
    ("顶多一个星期一次", "never..weekly"),
    ("一周吃三四次炸鸡", "weekly"),
])
def test_more_ways_to_say_each_rung(text, label):
    assert frequency.rate(text).label == label


@pytest.mark.parametrize(("a", "b"), [
    ("User checks Slack constantly throughout the workday.", "User checks Slack maybe once a week."),
    ("User goes to the cinema once in a blue moon.", "User goes to the cinema every weekend."),
    ("用户一个月才洗一次车。", "用户天天洗车。"),
    ("用户隔三差五就去健身房。", "用户一年到头也去不了几次健身房。"),
    ("User goes hiking every weekend.", "用户一年才去爬一次山。"),
    ("User posts on Instagram no more than twice a month.", "User posts on Instagram several times a day."),
    ("User cooks dinner at home every night.", "User almost never cooks and orders takeaway nearly every day."),
])
def test_rungs_far_apart_contradict(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("用户隔三差五去超市。", "用户每周去两三次超市。"),                  # adjacent rungs
    ("User swims every day in summer.", "User rarely swims in winter."),  # scoped by season
    ("用户每天都给妈妈打电话。", "用户的哥哥一年才给妈妈打一次电话。"),  # another holder
    ("User used to go clubbing every weekend.", "User now goes clubbing once a year at most."),
    ("User checks email constantly.", "User rarely checks the weather."),  # another habit
])
def test_near_rungs_scopes_holders_and_past_do_not(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User ranks Python above Go.", "User ranks Go above Python."),
    ("User reads emails first thing in the morning and switches to coding later.",
     "User codes first thing in the morning and only reads emails later."),
    ("In user's plan, JavaScript comes before Python.", "In user's plan, JavaScript comes after Python."),
    ("用户更看重薪资，稳定其次。", "用户看重稳定胜过薪资。"),
    ("用户认为健康优先于事业。", "用户把事业放在健康前面。"),
    ("用户先洗澡后吃饭。", "用户先吃饭后洗澡。"),
    ("用户把家庭放在第一位，工作第二。", "用户工作第一，家庭第二。"),
    ("用户觉得健康不如事业重要。", "用户认为健康比事业重要。"),
    ("User thinks health is more important than money.", "User thinks health is less important than money."),
    ("For the user, comfort beats style.", "For the user, style beats comfort."),
    ("User thinks Vim is better than Emacs.", "User thinks Emacs is better than Vim."),
    ("用户觉得Python比Java好用。", "用户觉得Java比Python好用。"),
    ("User brushes their teeth after breakfast.", "User brushes their teeth before breakfast."),
])
def test_a_reversed_order_contradicts(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("User's top priority is family, with career second.", "User puts family before career."),
    ("用户更看重薪资，稳定其次。", "用户认为薪资比稳定更重要。"),
    ("用户先洗澡后吃饭。", "用户的室友先吃饭后洗澡。"),
    ("User used to rank money above free time.", "User now values free time over money."),
    ("用户认为健康优先于事业。", "用户认为事业优先于爱好。"),
    ("用户认为睡眠比运动重要。", "用户的教练认为运动比睡眠重要。"),
    ("User thinks Vim is better than Emacs.", "User prefers Vim to Emacs."),
    ("User drinks coffee after lunch.", "User drinks tea before lunch."),
])
def test_the_same_order_or_another_holder_or_time_does_not(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize(("a", "b", "poles"), [
    ("是个急性子", "是个慢性子", ("急", "慢")),
    ("的卧室朝北", "的卧室朝南", ("北", "南")),
    ("的英语很好", "的英语非常差", ("好", "差")),
    ("性格内向", "性格外向", ("内向", "外向")),
    ("喜欢下雨天", "讨厌下雨天", ("喜欢", "讨厌")),
])
def test_a_chinese_minimal_pair_names_its_poles(a, b, poles):
    assert antonyms.zh_minimal_pair(a, b) == poles
    assert antonyms.zh_minimal_pair(b, a) == poles[::-1]


@pytest.mark.parametrize(("a", "b"), [
    ("不吃早饭", "不吃晚饭"),        # a pole inside a noun: meals
    ("的大女儿在上海", "的小女儿在上海"),  # kin
    ("去过北京", "去过南京"),        # names
    ("早上跑步", "晚上跑步"),        # times of day
    ("的卧室朝南", "的书房朝北"),    # two words differ
    ("怕冷", "怕热"),                # one can shun both poles
    ("不喜欢甜的", "不喜欢咸的"),
    ("不是急性子", "不是慢性子"),
])
def test_poles_inside_nouns_or_two_differences_are_no_minimal_pair(a, b):
    assert antonyms.zh_minimal_pair(a, b) is None


@pytest.mark.parametrize(("a", "b"), [
    ("用户是个急性子。", "用户是个慢性子。"),
    ("用户说话嗓门很大。", "User is soft-spoken."),
    ("User is a loud person.", "User is soft-spoken."),
    ("User enjoys large parties.", "User finds large parties draining."),
    ("User likes the room warm.", "用户喜欢房间凉一点。"),
    ("用户睡眠很浅，一点声音就醒。", "用户睡得很沉，打雷都吵不醒。"),
    ("User finds cooking relaxing.", "User finds cooking stressful."),
    ("User is passionate about gardening.", "User finds gardening tedious."),
    ("用户觉得做饭很累。", "用户觉得做饭很解压。"),
])
def test_antonyms_by_category_contradict(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("用户写代码用深色主题。", "用户看PDF用浅色背景。"),  # a theme per tool
    ("用户的哥哥是急性子。", "用户是个慢性子。"),
    ("用户夏天喝冷饮。", "用户冬天喝热饮。"),
    ("User is loud at football games.", "User is soft-spoken at work."),
    ("User used to be shy.", "User is outgoing now."),
    ("User has a stressful job.", "User has a job at a bank."),  # an attribute, not a stance
    ("User finds cooking relaxing on weekends.", "User finds cooking stressful on weeknights."),
])
def test_antonyms_in_other_contexts_holders_or_times_do_not(a, b):
    assert not flags(a, b)


def test_a_theme_said_of_every_context_meets_each():
    assert flags("User says they prefer dark mode everywhere.", "用户所有设备和软件都手动设成了浅色模式。")


def test_both_poles_of_an_axis_share_an_index_term():
    loud, soft, zh = (index_terms(text) for text in ("User is a loud person.", "User is soft-spoken.", "用户说话嗓门很大。"))
    assert {term for term in loud & soft if term.startswith("~")}
    assert {term for term in zh & soft if term.startswith("~")}


