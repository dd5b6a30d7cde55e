"""Qualified entries: syntheses, conditions and exceptions (English, Chinese, and pairs across both).

A synthesis ("concise in general, but detailed on technical questions") holds both
poles of an axis under different conditions: it refines either pole and agrees
with a scoped statement that matches one of its clauses, but it still contradicts
a statement that puts the opposite pole where one of its clauses applies. Their pairs: the set
`syntheses` of `pairs/scopes.jsonl` (its floor in `pairs/floors.toml`).
"""

import pytest

from dialectical_memory.detection import Label, RuleDetector
from dialectical_memory.detection.analysis import analyse
from judging import pair_set

ROWS = pair_set("scopes.jsonl", source="syntheses")

detector = RuleDetector()

SYNTHESIS_ZH = "用户一般喜欢简洁回复，但技术问题要讲透、给细节。"
SYNTHESIS_EN = "User prefers concise replies in general, but wants depth on technical questions"
SYNTHESIS_SHORT = "Concise by default; detailed when the topic is technical"
CONCISE = "User prefers concise replies."
DETAIL_ON_TECH = "User asks for detailed explanations on technical questions"


@pytest.mark.parametrize("synthesis", [SYNTHESIS_ZH, SYNTHESIS_EN, SYNTHESIS_SHORT])
@pytest.mark.parametrize("pole", [CONCISE, DETAIL_ON_TECH, "用户喜欢简洁回复", "用户在技术问题上追问细节"])
def test_synthesis_refines_either_pole(synthesis, pole):
    assert detector.compare(synthesis, pole).label is Label.COMPATIBLE
    assert detector.compare(pole, synthesis).label is Label.COMPATIBLE


def test_the_poles_themselves_still_contradict():
    verdict = detector.compare(CONCISE, DETAIL_ON_TECH)
    assert verdict.label is Label.CONTRADICTION and verdict.kind == "scoped"


@pytest.mark.parametrize(("qualified", "other"), [
    (SYNTHESIS_EN, "User wants short answers on technical questions"),
    (SYNTHESIS_ZH, "用户希望技术问题的回答尽量简短"),
    ("User wants detail on technical questions, but is brief otherwise",
     "User wants short answers on technical questions"),
    (SYNTHESIS_EN, "User prefers verbose replies"),  # opposes the general case
    ("User drinks coffee, except on weekends", "User drinks coffee on weekends too"),
    ("除了周末，用户每天跑步", "用户周末也去跑步"),
    ("用户通常喝咖啡，但周末不喝", "用户周末也喝咖啡"),
])
def test_overlapping_conditions_still_contradict(qualified, other):
    assert detector.compare(qualified, other).label is Label.CONTRADICTION
    assert detector.compare(other, qualified).label is Label.CONTRADICTION


@pytest.mark.parametrize(("qualified", "other"), [
    ("User drinks coffee, except on weekends", "User drinks coffee on weekdays"),
    ("除了周末，用户每天跑步", "用户周末不跑步"),
    ("User runs every day unless it rains", "User never runs in the rain"),
    ("User is vegetarian except for fish", "User eats salmon"),
    ("用户喜欢简洁回复，技术问题除外", "用户在技术问题上追问细节"),
])
def test_consistent_exceptions_are_not_flagged(qualified, other):
    assert detector.compare(qualified, other).label is not Label.CONTRADICTION


def test_synthesis_reads_as_a_general_claim_with_an_exception():
    claims = analyse(SYNTHESIS_EN).claims
    general = next(claim for claim in claims if claim.poles and claim.poles[0].pole == "short")
    specific = next(claim for claim in claims if claim.poles and claim.poles[0].pole == "long")
    assert general.default and "technical" in general.excepted and not general.scope
    assert "technical" in specific.scope
    assert analyse(SYNTHESIS_EN).qualified


def test_chinese_synthesis_shares_the_scope_across_listed_clauses():
    claims = analyse(SYNTHESIS_ZH).claims
    longs = [claim for claim in claims if claim.poles and claim.poles[0].pole == "long"]
    assert len(longs) == 2
    assert all("technical" in claim.scope | claim.topic for claim in longs)


@pytest.mark.parametrize(("text", "scope"), [
    ("User drinks coffee, except on weekends", "weekend"),
    ("除了周末，用户每天跑步", "weekend"),
    ("用户除了周末以外每天都喝咖啡", "weekend"),
    ("用户通常喝咖啡，但周末不喝", "weekend"),
])
def test_exception_is_stated_as_a_denial_where_it_applies(text, scope):
    analysis = analyse(text)
    denials = [claim for claim in analysis.claims if claim.sign < 0]
    assert any(scope in claim.scope and claim.topic for claim in denials)
    assert analysis.qualified


def test_besides_is_not_an_exception():
    analysis = analyse("除了咖啡，用户还喝茶")
    assert not analysis.qualified
    assert all(claim.sign > 0 for claim in analysis.claims)


@pytest.mark.parametrize("text", ["User prefers concise replies", "用户住在北京",
                                  "User enjoys running in the morning", "用户是素食者"])
def test_plain_entries_are_not_qualified(text):
    assert not analyse(text).qualified


def test_the_syntheses_cover_both_languages_and_pairs_across_them():
    langs = {row["lang"] for row in ROWS}
    assert {"en", "zh", "mixed"} <= langs
    assert {"synthesis", "exception"} <= {row["kind"] for row in ROWS}
    assert len({row["id"] for row in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[str(row["id"]) for row in ROWS])
def test_nuance_label_is_symmetric(row):
    assert detector.compare(row["a"], row["b"]).label is detector.compare(row["b"], row["a"]).label
