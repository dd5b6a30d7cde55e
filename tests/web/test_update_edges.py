"""Issue 41: a change over time is a dated change.

A clash about a state (a slot's value, a denied claim) between entries written on different days is
stored as an edge of kind ``update`` among the contradictions: its ``reason_data`` keeps the family's
kind (``found_as``), both days and the side written later as ``current``, and the pages word it as a
change ("first …, now …") from that data. The same clash written on one day, and a clash about what
a life does not change, stay as found.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import RuleDetector
from dialectical_memory.detection.contract import as_change

from .seeding import NOW

DAY = 86400.0
FIRST_WRITTEN = 1767225600.0  # 2026-01-01 UTC


def _edge(home, first: str, second: str, apart: float, target: str = "memory") -> dict:
    clock = [FIRST_WRITTEN]
    store = MemoryStore(home, detector=RuleDetector(), clock=lambda: clock[0], memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    store.add(target, first)
    clock[0] = FIRST_WRITTEN + apart
    (edge,) = store.add(target, second).contradictions
    return edge


@pytest.mark.parametrize("first, second, found_as", [
    ("User lives in Lisbon.", "User lives in Oslo.", "value"),
    ("User has two cats.", "User has three cats at home.", "value"),
    ("User has no pets.", "User has a cat.", "implicit"),
    ("User has never been to Japan.", "User visited Japan last spring.", "negation"),
    ("User doesn't drink coffee.", "User drinks two coffees every morning.", "negation"),
    ("用户住在成都。", "用户住在广州。", "value"),
])
def test_a_state_replaced_on_a_later_day_is_an_update_naming_the_later_side(home, first, second, found_as):
    edge = _edge(home, first, second, 30 * DAY)
    data = edge["reason_data"]
    assert edge["kind"] == "update" and data["kind"] == "update" and data["found_as"] == found_as
    assert data["dates"] == ["2026-01-01", "2026-01-31"] and data["current"] == "b"


@pytest.mark.parametrize("first, second, kind", [
    ("User lives in Lisbon.", "User lives in Oslo.", "value"),
    ("User has no pets.", "User has a cat.", "implicit"),
])
def test_the_same_clash_written_on_one_day_stays_as_found(home, first, second, kind):
    edge = _edge(home, first, second, 60.0)
    assert edge["kind"] == kind and "dates" not in edge["reason_data"]


def test_a_taste_said_twice_and_what_a_life_does_not_change_are_not_updates():
    written = (FIRST_WRITTEN, FIRST_WRITTEN + 30 * DAY)
    assert as_change({"kind": "antonym", "predicate": "reply length"}, written)["kind"] == "antonym"
    assert as_change({"kind": "value", "predicate": "birthplace"}, written)["kind"] == "value"
    assert as_change({"kind": "value", "predicate": "residence"}, (0.0, written[1]))["kind"] == "value"
    assert as_change({"kind": "value", "predicate": "residence"}, written)["kind"] == "update"


@pytest.fixture
def app_config():
    return {"DETECTOR": RuleDetector(), "CLOCK": lambda: NOW}


def _text(page: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_the_pages_word_an_update_as_a_change_with_both_days(home, client):
    edge = _edge(home, "User lives in Lisbon.", "User lives in Oslo.", 30 * DAY)
    panel = _text(client.get(f"/memory/contradictions/edges/{edge['edge_id']}").get_data(as_text=True))
    assert "This changed over time: first “Lisbon” (2026-01-01), now “Oslo” (2026-01-31)." in panel
    listing = _text(client.get("/memory/contradictions/").get_data(as_text=True))
    assert "now “Oslo” (2026-01-31)" in listing


def test_a_chinese_update_reads_in_chinese(home, client):
    edge = _edge(home, "用户住在成都。", "用户住在广州。", 30 * DAY)
    panel = _text(client.get(f"/memory/contradictions/edges/{edge['edge_id']}").get_data(as_text=True))
    assert "情况前后变了：先是“成都”（2026-01-01），现在是“广州”（2026-01-31）。" in panel
