"""A count per period (`detection/counts.py`): how many of one thing in one period, as a cap, a
floor, a range or an approximation says it, in English and Chinese and across them. Its pairs:
`pairs/counts.jsonl` (floor in `pairs/floors.toml`); the look-alikes below are of other categories."""

import math

import pytest

from dialectical_memory.detection import counts as counts_module
from dialectical_memory.detection.counts import counts

from judging import flags


@pytest.mark.parametrize("text, period, low, high", [
    ("He drinks six or seven beers a week.", "week", 6, 7),
    ("He caps himself at two beers a week and none on workdays.", "week", 0, 2),  # a cap
    ("Maria has at least three meetings a day.", "day", 3, math.inf),  # a floor
    ("User drinks about ten glasses of wine a week.", "week", 7.5, 12.5),  # an approximation
    ("User smokes a pack of twenty cigarettes a day.", "day", 20, 20),  # the count nearest the thing
    ("User walks the dog twice a day.", "day", 2, 2),
    ("User works 40 hours a week.", "week", 40, 40),
    ("用户每天要喝四杯咖啡。", "day", 4, 4),
    ("用户每天喝三四杯茶。", "day", 3, 4),  # two numerals in a row: a range
    ("用户每天最多喝一杯奶茶。", "day", 0, 1),
    ("用户每个月读两本书。", "month", 2, 2),
    ("用户每周跑步十二次左右。", "week", 9, 15),
    ("用户每晚只睡五个小时。", "day", 5, 5),
])
def test_a_count_is_read_as_the_range_it_says(text, period, low, high):
    (found,) = counts(text)
    assert (found.period, found.low, found.high) == (period, low, high) and not found.open


@pytest.mark.parametrize("text", [
    "User used to smoke twenty cigarettes a day.",  # the past
    "User plans to cut down to one coffee a day.",  # a plan
    "User's doctor says two coffees a day is the limit.",  # advice
    "User does not drink four coffees a day.",  # a denial
    "User drinks four coffees a day during exam season.",  # a scope
    "用户以前每天抽一包烟。",
    "用户打算每天只喝一杯咖啡。",
    "用户周末每天喝一杯咖啡。",
    "用户每天不喝咖啡。",
])
def test_a_count_that_holds_at_no_time_now_is_compared_with_nothing(text):
    assert all(found.open for found in counts(text))


@pytest.mark.parametrize("text", [
    "User had four coffees yesterday.",  # a single day: no period
    "有一天用户喝了四杯咖啡。",
    "User drinks two a day.",  # two of what?
    "User goes running a few times a week.",  # a vague quantity: the scale's, not a count
    "用户每天喝两杯。",
    "用户平时每天喝两杯。",  # a time word before the period is no thing
    "她女儿每天喝三杯。",  # nor a person
    "The trip took a day.",
])
def test_no_count_per_period(text):
    assert counts(text) == ()


@pytest.mark.parametrize("a, b", [
    ("He caps himself at two beers a week and none on workdays.", "He drinks six or seven beers a week."),
    ("User goes to the gym three times a week.", "User goes to the gym once a week."),
    ("用户每周去三次健身房。", "用户每周只去一次健身房。"),
    ("User drinks one coffee a day.", "用户每天喝四杯咖啡。"),  # the bridge names one thing
    ("用户每周跑步两次。", "User runs five times a week."),
    ("User spends 200 dollars a month on books.", "User spends 900 dollars a month on books."),
    ("用户咖啡每天喝一杯。", "用户每天喝四杯咖啡。"),  # the thing as the clause's topic, before the period
    ("咖啡她一天最多喝两杯。", "她每天喝五杯咖啡。"),
])
def test_counts_that_cannot_both_hold(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User drinks at most four coffees a day.", "User drinks one coffee a day."),  # within the cap
    ("User drinks at least two litres of water a day.", "User drinks three litres of water a day."),
    ("User drinks three or four espressos a day.", "User drinks about four espressos a day."),
    ("User drinks one coffee a day.", "User drinks four cups of tea a day."),  # another thing
    ("User goes to the gym three times a week.", "User goes swimming once a week."),  # another habit
    ("User drinks one coffee a day.", "User drinks four coffees a week."),  # another period
    ("Tom drinks four coffees a day.", "User drinks one coffee a day."),  # another holder
    ("User sells 200 coffees a day.", "User drinks one coffee a day."),  # another verb
    ("User spends 200 dollars a month on books.", "User spends 900 dollars a month on rent."),  # money: on what
    ("用户每个月在书上花两百元。", "用户每个月房租花三千元。"),
    ("用户每天喝一杯咖啡。", "用户每天喝四杯水。"),
    ("用户以前每天抽一包烟。", "用户现在每天抽两根烟。"),
    ("用户早餐每天喝两杯。", "用户每天喝四杯咖啡。"),  # a topic that is no coffee
])
def test_counts_that_may_both_hold(a, b):
    assert not flags(a, b)


def test_the_words_are_per_language():
    """Each language's words are its own file: the English table holds no Chinese, and the reader
    of one language is built from that language's file alone."""
    from dialectical_memory.detection import languages

    english, chinese = languages.data("en", counts_module.TABLES), languages.data("zh", counts_module.TABLES)
    assert english["periods"].keys() == chinese["periods"].keys()
    assert all(text.isascii() for forms in english["periods"].values() for text in forms)
    assert not any(text.isascii() for forms in chinese["periods"].values() for text in forms)


def test_a_long_entry_is_read_as_far_as_the_analysis_reads_and_its_counts_are_bounded():
    """An entry may be any length: the reader reads what the analysis reads (its first 2,000
    characters), keeps at most 16 counts, and reads a count's clause only near it."""
    assert counts_module.READ_CHARS == 2000
    assert counts("x " * 1000 + "User drinks four coffees a day.") == ()  # beyond what is read
    many = counts("; ".join(f"User drinks {n} coffees a day" for n in range(2, 60)))
    assert len(many) == counts_module.MOST_COUNTS
    far = "User used to live abroad" + " and liked it" * 10 + " and drinks four coffees a day."
    assert counts(far) and not counts(far)[0].open  # the past said far before is not this count's


def test_days_and_weeks_are_no_things():
    assert counts("a day " * 50) == ()
    assert counts("Thursday is her one climbing night each week.") == ()


def test_a_clause_of_contrast_is_its_own():
    """"used to … but now …": the past of the first clause is not the second count's."""
    then, now = counts("User used to drink one coffee a day but now drinks four coffees a day.")
    assert then.open and not now.open and (now.low, now.high) == (4, 4)
