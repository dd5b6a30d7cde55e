"""Robustness properties of the rule detector: it never raises, and its label is the same both ways
round, whatever the text. (Its floors on labelled pairs are in `pairs/floors.toml`.)"""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from dialectical_memory.detection import Label, RuleDetector

detector = RuleDetector()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.text(max_size=60))
def test_compare_never_raises_and_label_is_symmetric(a, b):
    forward, backward = detector.compare(a, b), detector.compare(b, a)
    assert forward.label is backward.label
    assert 0.0 <= forward.score <= 1.0


words = st.sampled_from(
    "User user's not never no longer likes hates prefers over to lives in works at Berlin "
    "Paris is a 34 years old every day rarely concise detailed replies coffee tea vegetarian "
    "steak 用户 不 喜欢 讨厌 住在 北京 上海 每天 从不 很少 咖啡 茶 而不是 更喜欢 岁 的 是".split())


@settings(max_examples=300, deadline=None)
@given(st.lists(words, max_size=8).map(" ".join), st.lists(words, max_size=8).map(" ".join))
@example("over 的", "over 的 是 User")  # a possessive whose slot is no word ("用户的 是 …") raised IndexError
# a job pattern whose gap ran over a clause's end ("！", "but", "."): no one clause held the match (StopIteration)
@example("用户在公司！工作很忙。", "用户失业了。")
@example("User works for but hates it.", "User is unemployed.")
@example("用户在京.东工作（）", " User 用户在京东工作。")
def test_label_is_symmetric_on_lexicon_heavy_text(a, b):
    assert detector.compare(a, b).label is detector.compare(b, a).label


def test_compare_accepts_empty_and_punctuation_only_text():
    assert detector.compare("", "...").label is Label.COMPATIBLE
    assert detector.compare("", "User likes tea").label is Label.UNRELATED
