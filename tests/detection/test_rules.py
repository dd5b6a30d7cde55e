"""Behaviour of the rule detector, one rule family at a time, in English and Chinese."""

import pytest

from dialectical_memory.detection import Label, RuleDetector, Verdict

detector = RuleDetector()

CONTRADICTIONS = [
    # (a, b, kind)
    ("User enjoys board games", "User does not enjoy board games", "negation"),
    ("User reads science fiction", "User no longer reads science fiction", "negation"),
    ("User has given up caring about football", "User cares about football", "negation"),
    ("用户喜欢古典音乐", "用户不喜欢古典音乐", "negation"),
    ("用户再也不吃薯片了", "用户吃薯片", "negation"),
    ("User wants terse answers", "User likes verbose responses", "antonym"),
    ("User adores opera", "User loathes opera", "antonym"),
    ("User is a night owl", "User is an early bird", "antonym"),
    ("用户喜欢简洁的回答", "用户想要详细的回答", "antonym"),
    ("用户喜欢下雨天", "用户讨厌下雨天", "antonym"),
    ("User lives in Madrid", "User lives in Rome", "value"),
    ("User lives in Osaka", "User lives in Germany", "value"),
    ("User works at Siemens", "User works at Bosch", "value"),
    ("User is 52 years old", "User is in their twenties", "value"),
    ("User's timezone is UTC+8", "User's timezone is UTC-5", "value"),
    ("User runs Fedora on their laptop", "User uses Windows on their laptop", "value"),
    ("User has three kids", "User has one child", "value"),
    ("用户住在成都", "用户住在深圳", "value"),
    ("用户今年40岁", "用户今年22岁", "value"),
    ("用户希望用英文回复", "用户希望用日语回复", "value"),
    ("User prefers cats over dogs", "User prefers dogs to cats", "order"),
    ("用户更喜欢看书而不是看电影", "比起看书，用户更喜欢看电影", "order"),
    ("User rarely cooks at home", "User cooks at home every day", "frequency"),
    ("用户很少看电视", "用户每天都看电视", "frequency"),
    ("User is vegan", "User drinks milk every morning", "implicit"),
    ("User is allergic to shrimp", "User loves shrimp", "implicit"),
    ("用户是素食者", "用户喜欢吃牛肉", "implicit"),
    ("用户对花生过敏", "用户每天吃花生", "implicit"),
    ("User has never had a pet", "User owns a dog", "implicit"),
    ("User likes concise replies", "User wants detailed answers when debugging code", "scoped"),
]

COMPATIBLE = [
    ("User prefers concise replies", "User does not like long-winded replies"),  # negated antonym
    ("User prefers brief answers", "User hates verbose answers"),
    ("User never drinks soda", "User avoids soda"),
    ("User lives in Munich", "User lives in Germany"),
    ("User is 34", "User is in their early thirties"),
    ("User likes green tea", "User drinks green tea every morning"),
    ("用户喜欢简洁回复", "用户不喜欢冗长的回答"),
    ("用户住在广州", "用户住在中国"),
    ("用户不喝咖啡", "用户避免咖啡因"),
    ("用户喜欢猫", "用户养了一只猫"),
]

UNRELATED = [
    ("User plays chess", "User lives in Paris"),
    ("User prefers dark mode", "User's sister is a nurse"),
    ("用户会弹吉他", "用户住在北京"),
    ("用户喜欢深色主题", "用户对花生过敏"),
]


@pytest.mark.parametrize(("a", "b", "kind"), CONTRADICTIONS)
def test_contradiction_is_flagged_with_its_rule_family(a, b, kind):
    verdict = detector.compare(a, b)
    assert verdict.label is Label.CONTRADICTION, verdict
    assert verdict.kind == kind


@pytest.mark.parametrize(("a", "b"), COMPATIBLE)
def test_compatible_pair_is_not_flagged(a, b):
    assert detector.compare(a, b).label is Label.COMPATIBLE


@pytest.mark.parametrize(("a", "b"), UNRELATED)
def test_pair_without_shared_subject_is_unrelated(a, b):
    assert detector.compare(a, b).label is Label.UNRELATED


@pytest.mark.parametrize(("a", "b"), [(a, b) for a, b, _ in CONTRADICTIONS] + COMPATIBLE + UNRELATED)
def test_label_is_symmetric(a, b):
    assert detector.compare(a, b).label is detector.compare(b, a).label


def test_identical_statements_are_compatible():
    assert detector.compare("User likes jazz", "user likes jazz.").label is Label.COMPATIBLE


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("User prefers concise replies", "User wants long, in-depth answers", "antonym: concise↔long"),
    ("User lives in Berlin", "User lives in Paris", "value: lives in Berlin↔Paris"),
    ("User prefers tea over coffee", "User prefers coffee over tea", "order: tea>coffee↔coffee>tea"),
    ("User never uses emojis", "User often uses emojis", "frequency: never↔often"),
    ("User likes dark mode", "User does not like dark mode",
     "negation: likes dark mode↔does not like dark mode"),
])
def test_reason_names_both_sides_in_argument_order(a, b, expected):
    assert detector.compare(a, b).reason == expected


def test_reason_follows_argument_order_when_rule_fires_on_swapped_pair():
    forward = detector.compare("User does not like dark mode", "User likes dark mode").reason
    assert forward == "negation: does not like dark mode↔likes dark mode"


def test_verdict_to_dict_is_plain_json_data():
    verdict = Verdict(Label.CONTRADICTION, 0.8, "value: lives in Berlin↔Paris", "value")
    assert verdict.to_dict() == {"label": "contradiction", "score": 0.8,
                                 "reason": "value: lives in Berlin↔Paris", "kind": "value",
                                 "source": "rule", "reason_data": {}}


def test_no_kind_and_bounded_score_without_contradiction():
    verdict = detector.compare("User plays chess", "User lives in Paris")
    assert verdict.kind == ""
    assert 0.0 <= verdict.score <= 1.0


@pytest.mark.parametrize(("a", "b"), [
    ("User uses Windows at work", "User uses macOS at home"),  # different scopes
    ("User lives in Brooklyn", "User lives in New York"),  # unknown place inside a known one
    ("User's friend is Bob", "User's friend is Alice"),  # several friends are fine
    ("User's name is Daniel", "User wants to be called Dan"),  # nickname
    ("User is a former nurse", "User works as a teacher"),
])
def test_values_that_can_both_hold_do_not_clash(a, b):
    assert detector.compare(a, b).label is not Label.CONTRADICTION


def test_loose_length_word_needs_a_reply_context():
    assert detector.compare("User prefers short answers", "User enjoys long walks").label \
        is not Label.CONTRADICTION


def test_a_long_entry_is_judged_by_its_beginning():
    """Some patterns cost time quadratic in an unbroken run's length (8,000 digits took ~1 s), so
    the rules read at most ANALYSED_CHARS of an entry; a clash at its beginning is still found."""
    from dialectical_memory.detection.analysis import ANALYSED_CHARS, analyse

    padding = " and".join(["User keeps notes about the garden"] * (ANALYSED_CHARS // 30))
    assert len(padding) > ANALYSED_CHARS
    digits = "User wakes at " + "1" * 7980  # an entry may hold 8,000 characters
    assert len(analyse(digits).text) <= ANALYSED_CHARS < len(digits)
    detector = RuleDetector()
    assert detector.compare(f"User lives in Berlin. {padding}", "User lives in Paris").label is Label.CONTRADICTION
