"""Chinese negation and value mechanisms, added after a batch of 60 Chinese pairs that guided them
(the set `zh-negation-values` of `pairs/mixed.jsonl`; its first score and its floor in
`pairs/floors.toml`).
"""

import pytest

from dialectical_memory.detection.slots import amount, extract_slots
from dialectical_memory.detection.text import stem
from judging import flags, pair_set

BATCH = pair_set("mixed.jsonl", source="zh-negation-values")


def slot_values(text: str, name: str) -> list[str]:
    return [slot.value for slot in extract_slots(text) if slot.name == name]


def test_batch_is_chinese_and_balanced():
    assert len(BATCH) == 60 and all(row["lang"] == "zh" for row in BATCH)
    assert sum(row["label"] == "contradiction" for row in BATCH) == 40


# --- negation forms and scope ----------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("用户在吃降压药", "用户停了降压药"),          # 停了 is a cessation
    ("用户喝绿茶", "用户停掉了绿茶"),
    ("用户喝茶", "用户压根不喝茶"),                # emphatic adverbs carry no topic
    ("用户喝茶", "用户早就不喝茶了"),
    ("用户会说日语", "用户一句日语都不会说"),      # "一句…都不": the measure phrase
    ("用户喜欢吃甜食", "用户不碰甜食"),            # 碰 stands for consuming
    ("用户很喜欢看恐怖片", "用户不敢看恐怖片"),
    ("用户精通法语", "用户完全不懂法语"),
    ("用户喜欢看电影", "用户对电影不感兴趣"),      # 感兴趣 is a stance verb
    ("用户是个电影迷", "用户对电影毫无兴趣"),
    ("用户同意分享数据", "用户不同意分享数据"),    # 不同意 is not 不同 + 意
    ("用户每天都写日记", "用户已经很久没写日记了"),
    ("用户每天喝牛奶", "用户不怎么喝牛奶"),        # 不怎么 is a low frequency
    ("用户喜欢被直呼其名", "用户不喜欢别人直呼其名"),  # 别人 is "others", not 别
    ("用户希望被叫作小王", "用户要求不要叫他小王"),
    ("用户总是要求标注来源", "用户不关心来源"),
    ("用户喜欢喝咖啡", "用户对咖啡因敏感所以不喝咖啡"),  # 所以 opens a clause
    ("用户家里有一条金毛", "用户家里从来没养过狗"),  # measure word after a numeral
    ("用户每天睡午觉", "用户从来不午睡"),
    ("用户在用Notion记笔记", "用户没用过Notion"),   # "Notion" does not stem to "not"
])
def test_chinese_negations_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("用户不会游泳", "用户正在学游泳"),            # learning something does not affirm it
    ("用户不会游泳", "用户在学习游泳"),
    ("User can't swim", "User is learning to swim"),
    ("用户不喜欢吵闹", "用户喜欢安静"),
    ("用户不吃辣", "用户口味清淡"),
    ("用户喝茶", "用户几乎不喝茶"),                # a low frequency, not a denial
    ("用户别人叫他老王", "用户养了一只猫"),
    ("用户有两辆车", "用户有两条狗"),
])
def test_agreeing_or_unrelated_negations_do_not_clash(a, b):
    assert not flags(a, b)


def test_learning_still_clashes_with_stopping_to_learn():
    assert flags("用户在学法语", "用户不学法语了")
    assert flags("用户想学Rust", "用户对Rust没兴趣")


def test_note_words_are_not_negations():
    assert stem("notion") == "notion" and stem("notes") == "note" and stem("noted") == "note"
    assert flags("User takes notes in meetings", "User never takes notes")


# --- value slots ---------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    ("用户的血型是A型", "用户的血型是O型"),
    ("用户是O型血", "用户是AB型血"),
    ("用户是狮子座", "用户是双鱼座"),
    ("用户属龙", "用户属猴"),
    ("用户的老家在湖南", "用户的老家在山东"),
    ("用户老家是河南的", "用户老家是福建的"),
    ("用户的专业是法律", "用户的专业是医学"),
    ("用户毕业于清华大学", "用户毕业于复旦大学"),
    ("用户在北京大学读书", "用户在复旦大学读书"),
    ("用户开的是宝马", "用户开的是丰田"),
    ("用户开的是奔驰", "用户开一辆特斯拉"),
    ("用户用的是苹果手机", "用户用的是华为手机"),
    ("用户常用的浏览器是Chrome", "用户常用的浏览器是Firefox"),
    ("用户的预算是五千元", "用户的预算是一万元"),
    ("用户的月薪是一万", "用户的月薪是三万"),
    ("用户出生于1990年", "用户出生于1995年"),
    ("用户用的是Java 8", "用户用的是Java 17"),
])
def test_chinese_values_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("用户的血型是A型", "用户是A型血"),
    ("用户的老家在四川", "用户住在北京"),
    ("用户是湖南人", "用户老家在长沙"),           # a city of unknown province: no clash
    ("用户是中国人", "用户是上海人"),
    ("用户毕业于北京大学", "用户现在在清华大学读博士"),
    ("用户毕业于北大", "用户毕业于北京大学"),     # an abbreviation is not another school
    ("用户的预算是五千元", "用户的预算是5000元"),
    ("用户用的是Python 3", "用户用的是Python 3.12"),
    ("User has used Java 8 and Java 17", "User uses Java 17"),
    ("用户用的是苹果手机", "用户工作用华为电脑"),
    ("用户开的是宝马", "用户喜欢丰田"),
])
def test_compatible_values_do_not_clash(a, b):
    assert not flags(a, b)


def test_chinese_amounts():
    assert amount("五千元") == 5000 and amount("1.5万") == 15000 and amount("两千五百块") == 2500
    assert amount("一万二") is None and amount("很多") is None


def test_attribute_slots_read_their_value():
    assert slot_values("用户的血型是A型", "blood type") == ["a"]
    assert slot_values("用户是天蝎座", "star sign") == ["scorpio"]  # one id in both languages
    assert slot_values("用户开的是宝马", "car") == ["bmw"]
    assert slot_values("用户不是天蝎座", "star sign") == []
