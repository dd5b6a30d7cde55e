"""A contradiction the rules found reads in plain words on every page that shows it, whatever its kind.

The pages once parsed the reason string with their own list of kinds, without ``temporal``: "User left
Google to join Spotify" / "User works at Google" read "Linked by hand: temporal: left google vs works at
google", and the list showed every other kind's raw ``kind: a↔b``. The pages now word the verdict's
contract (``reason_data``, detection/contract.py); these tests run a real verdict of every kind the
registry exports, found by the detector in a store, through the list, the edge page and the entry page.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import RuleDetector
from dialectical_memory.detection.registry import KINDS

from .seeding import NOW

DAY = 86400.0
# One pair per kind the rules give (first entry written a week before the second), as the detector reads it.
PAIRS = {
    "value": ("User lives in Berlin.", "User lives in Paris.", "Both say where the user lives: Berlin vs Paris."),
    "antonym": ("User's apartment is spacious.", "User's apartment is cramped.",
                "Opposite preferences: “apartment is spacious” vs “apartment is cramped”."),
    "negation": ("User can't swim.", "User is a swimming coach at the local pool.",
                 "One says it, the other denies it: “can not swim” vs “is a swimming coach at the local pool”."),
    "implicit": ("User is vegetarian.", "User ate a steak last night.",
                 "One rules the other out: “is vegetarian” vs “ate a steak last night”."),
    "order": ("User prefers salary over job title.", "User prefers job title over salary.",
              "Opposite order of preference: salary over job title vs job title over salary."),
    "frequency": ("User goes running every day.", "User never goes running.",
                  "They disagree on how often: “every day” vs “never”."),
    "scoped": ("User has a full-time job at a bank.", "User is currently unemployed.",
               "They disagree about the same situation: “has a full-time job at a bank” vs “is currently unemployed”."),
    "temporal": ("User works at Google.", "User left Google to join Spotify.",
                 "One says it is over, the other that it holds: “left google” vs “works at google”. "
                 "The later entry (2026-01-08) says “left google”."),
}
CHINESE = {
    "value": ("用户住在北京。", "用户住在上海。", "两条都说了用户住在哪里：北京 与 上海。"),
    "temporal": ("用户每天去公司上班。", "用户已经退休了。",
                 "一条说已经结束，一条说仍然如此：“退休”与“去公司上班”。较新的一条（2026-01-08）说“退休”。"),
}
FIRST_WRITTEN = 1767225600.0  # 2026-01-01 UTC; the second entry of a pair a week later


def test_every_kind_the_registry_exports_has_a_real_pair_here_and_words_on_the_pages():
    from dialectical_memory.web.adapter import detector_kinds
    from dialectical_memory.store.reason_words import KIND_WORDED

    assert set(PAIRS) == set(KINDS)
    assert set(detector_kinds()) <= KIND_WORDED


@pytest.mark.parametrize("kind", sorted(PAIRS))
def test_the_detector_gives_each_pair_its_kind(kind):
    first, second, _words = PAIRS[kind]
    assert RuleDetector().compare(first, second).kind == kind


@pytest.fixture
def seeded(home):
    """Each pair written by a real store with the rule detector: a change over time's second entry a
    week later, a clash's on the same day (a week apart, a clash about a state is an update: below)."""
    clock = [FIRST_WRITTEN]
    store = MemoryStore(home, detector=RuleDetector(), clock=lambda: clock[0], memory_char_limit=0,
                        user_char_limit=0)
    store.load_from_disk()
    edges = {}
    for key, (first, second, _words) in [*PAIRS.items(), *((f"zh-{k}", v) for k, v in CHINESE.items())]:
        clock[0] = FIRST_WRITTEN
        store.add("memory", first)
        clock[0] = FIRST_WRITTEN + (7 * DAY if key.endswith("temporal") else 60)
        found = store.add("memory", second).contradictions
        (edges[key],) = [edge for edge in found if {edge["from_text"], edge["to_text"]} == {first, second}]
    return edges


@pytest.fixture
def app_config():
    return {"DETECTOR": RuleDetector(), "CLOCK": lambda: NOW}


def text_of(page: str) -> str:
    """What a person reads: tags out, entities decoded, spaces collapsed."""
    body = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _no_raw_reason(page: str, kind: str) -> None:
    assert "Linked by hand" not in page and "手动标记" not in page
    assert f"{kind}: " not in page and "↔" not in page


@pytest.mark.parametrize("kind", sorted(PAIRS))
def test_every_kind_reads_in_plain_words_on_the_edge_page_and_the_entry_page(client, seeded, kind):
    edge = seeded[kind]
    words = PAIRS[kind][2]
    panel = client.get(f"/memory/contradictions/edges/{edge['edge_id']}").get_data(as_text=True)
    assert words in text_of(panel), text_of(panel)[:2000]
    _no_raw_reason(panel, kind)
    entry = client.get(f"/memory/entries/{edge['to_id']}").get_data(as_text=True)
    assert words in text_of(entry)
    _no_raw_reason(entry, kind)


def test_the_contradictions_list_words_every_kind_and_shows_no_raw_reason(client, seeded):
    page = client.get("/memory/contradictions/").get_data(as_text=True)
    for kind, (_first, _second, words) in PAIRS.items():
        assert words[:60] in text_of(page), kind
        _no_raw_reason(page, kind)


@pytest.mark.parametrize("kind", sorted(CHINESE))
def test_a_chinese_pair_reads_in_chinese(client, seeded, kind):
    edge = seeded[f"zh-{kind}"]
    panel = client.get(f"/memory/contradictions/edges/{edge['edge_id']}").get_data(as_text=True)
    assert CHINESE[kind][2] in text_of(panel)
    _no_raw_reason(panel, kind)


def test_a_change_over_time_carries_both_days_and_which_side_is_current(seeded):
    data = seeded["temporal"]["reason_data"]
    assert data["a"] == "works at google" and data["b"] == "left google"
    assert data["ended"] == "b" and data["dates"] == ["2026-01-01", "2026-01-08"] and data["current"] == "b"
    assert data["language"] == "en" and data["rule"] == "change" and data["holder"] == ""


def test_every_verdict_names_its_kind_holder_predicate_phrases_and_language(seeded):
    for key, edge in seeded.items():
        data = edge["reason_data"]
        assert {"kind", "rule", "a", "b", "holder", "predicate", "language"} <= set(data), key
        assert data["kind"] == edge["kind"] and data["language"] == ("zh" if key.startswith("zh-") else "en")
    assert seeded["value"]["reason_data"]["predicate"] == "residence"


def test_an_old_edge_with_only_a_reason_string_is_read_the_one_documented_way():
    from dialectical_memory.store.reason_words import plain_reason

    old = {"reason": "temporal: left google↔works at google", "from_text": "a", "to_text": "b", "author": "detector:rules"}
    assert plain_reason(old) == "A change over time: “left google” vs “works at google”."
    assert plain_reason({**old, "reason": "value: lives in Berlin↔Paris"}) == (
        "They give different answers: “lives in Berlin” vs “Paris”.")


def test_only_a_person_links_by_hand():
    from dialectical_memory.store.reason_words import plain_reason

    assert plain_reason({"reason": "marked by a person", "author": "person"}) == "Linked by hand."
    assert plain_reason({"reason": "they cannot both be true", "author": "person"}) == "Linked by hand: they cannot both be true"
    agent = plain_reason({"reason": "they cannot both be true", "author": "agent"})
    assert "Linked by hand" not in agent and "they cannot both be true" in agent


def test_a_named_holder_reads_as_its_entries_write_the_name(tmp_path):
    """Holder keys are lowercase ("person:sam"); a person reads "where Sam lives", as the entries
    write the name, and a name the texts do not hold stays as the key has it."""
    from dialectical_memory.store.reason_words import plain_reason

    store = MemoryStore(tmp_path, memory_char_limit=0, user_char_limit=0)
    store.add("user", "Sam lives in Berlin.")
    store.add("user", "Sam lives in Paris.")
    (edge,) = store.get_contradictions("user")
    assert edge["reason_data"]["holder"] == "person:sam"
    assert plain_reason(edge) == "Both say where Sam lives: Berlin vs Paris."
    unnamed = {**edge, "from_text": "He lives in Berlin.", "to_text": "He lives in Paris."}
    assert plain_reason(unnamed) == "Both say where sam lives: Berlin vs Paris."
    implicit = {**edge, "reason_data": {**edge["reason_data"], "kind": "implicit", "holder": "person:sam/partner"},
                "from_text": "SAM's partner is vegetarian.", "to_text": "x"}
    assert plain_reason(implicit).startswith("About SAM: ")
