"""Issue 41: one stale entry and the entries that changed it, counted once (store/corroboration.py).

A new entry that would contradict an entry S the way an entry C already does (S and C have an
unresolved edge about the same claim, and the new entry says again what C says) is named on that
edge (``reason_data["also_said_by"]``), not flagged as a contradiction of its own; maintenance's
deep check applies the same rule, and a person's decision on the edge holds for the entries named on it.
"""

from __future__ import annotations

import json

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import RuleDetector
from dialectical_memory.store.corroboration import MOST_NAMED, said_by

from helpers import read_sidecar, sidecar_path

DAY = 86400.0
FIRST = 1767225600.0  # 2026-01-01 UTC
LEFT = "User resigned from his job at the bank to start a bakery."
LOST = "User lost his job at the bank last winter."
LOST_AGAIN = "User is opening a bakery after losing his job."


def _store(home, clock):
    store = MemoryStore(home, detector=RuleDetector(), clock=lambda: clock[0], memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    return store


def _home(home, *texts):
    """A store over ``home`` with ``texts`` added a month apart; their ids by text, and the clock."""
    clock = [FIRST]
    store = _store(home, clock)
    ids = {}
    for months, text in enumerate(texts):
        clock[0] = FIRST + months * 30 * DAY
        ids[text] = store.add("user", text).entry_id
    return store, ids, clock


def _edges(store):
    return store.get_contradictions("user", include_resolved=True)


def test_an_entry_saying_again_what_one_side_says_is_named_on_the_edge_not_flagged(home):
    store, ids, _clock = _home(home, LEFT, LOST, LOST_AGAIN)
    (edge,) = _edges(store)
    assert {edge["from_id"], edge["to_id"]} == {ids[LEFT], ids[LOST]}
    assert said_by(edge["reason_data"]) == [ids[LOST_AGAIN]]
    assert store.get_contradictions("user", entry_id=ids[LOST_AGAIN]) == []
    assert len(store.contradiction_groups("user")) == 1  # one stale entry, counted once
    assert said_by(read_sidecar(home, "user")["contradictions"][0]["reason_data"]) == [ids[LOST_AGAIN]]  # saved


def test_the_add_tells_the_agent_which_contradiction_it_said_again(home):
    """The agent is told why no contradiction came back: the entry it spoke against, by id."""
    store, ids, clock = _home(home, LEFT, LOST)
    clock[0] += 60 * DAY
    result = store.add("user", LOST_AGAIN)
    assert result.contradictions == []
    assert result.extra["said_again_against"] == [ids[LEFT]]
    assert f"open contradiction of entry {ids[LEFT]}" in result.message
    assert "said_again_against" not in store.add("user", "User grows tomatoes on the balcony.").extra


def test_a_different_claim_against_the_same_entry_gets_its_own_edge(home):
    """The look-alike: "still works at the bank" contradicts S too, but says nothing C says."""
    store, ids, _clock = _home(home, LEFT, LOST, "User still works at the bank.")
    pairs = {frozenset((edge["from_id"], edge["to_id"])) for edge in _edges(store)}
    assert frozenset((ids[LEFT], ids["User still works at the bank."])) in pairs
    assert all(said_by(edge["reason_data"]) == [] for edge in _edges(store))


def test_another_value_of_a_slot_is_no_value_said_again(home):
    """The matcher names "works as a nurse" / "works as a teacher" POSSIBLE (one word swapped); the
    detector flags one against the other, so the second job is a claim of its own, not the first said again."""
    store, ids, _clock = _home(home, "User is unemployed.", "User works as a nurse.", "User works as a teacher.")
    teacher = ids["User works as a teacher."]
    assert {edge["from_id"] for edge in store.get_contradictions("user", entry_id=teacher)} >= {ids["User is unemployed."]}
    assert all(said_by(edge["reason_data"]) == [] for edge in _edges(store))


def test_the_deep_check_does_not_flag_what_the_add_named_on_the_edge(home):
    store, ids, clock = _home(home, LEFT, LOST, LOST_AGAIN)
    clock[0] += DAY
    report = store.run_maintenance("user")
    assert report["contradictions_found"] == []
    (edge,) = _edges(store)
    assert said_by(edge["reason_data"]) == [ids[LOST_AGAIN]]


@pytest.mark.parametrize("decide", ["dismiss", "keep the stale side", "keep the other side"])
def test_a_person_deciding_the_edge_leaves_the_entries_named_on_it_active_and_unflagged(home, decide):
    store, ids, clock = _home(home, LEFT, LOST, LOST_AGAIN)
    (edge,) = _edges(store)
    if decide == "dismiss":
        store.dismiss_contradiction("user", edge["edge_id"])
    else:
        kept, dropped = (ids[LEFT], ids[LOST]) if decide == "keep the stale side" else (ids[LOST], ids[LEFT])
        store.supersede("user", kept, dropped)
    clock[0] += DAY
    store.run_maintenance("user")  # the deep check meets the pair again, the edge no longer open
    assert store.get_contradictions("user", entry_id=ids[LOST_AGAIN], include_resolved=True) == []
    assert store.get_entry("user", ids[LOST_AGAIN]).archived is False


def test_after_a_person_decided_a_new_entry_saying_it_again_is_news(home):
    store, ids, clock = _home(home, LEFT, LOST)
    (edge,) = _edges(store)
    store.dismiss_contradiction("user", edge["edge_id"])
    clock[0] += 30 * DAY
    later = store.add("user", LOST_AGAIN)
    assert len(later.contradictions) == 1 and said_by(_edges(store)[0]["reason_data"]) == []


def test_a_hostile_also_said_by_in_the_sidecar_is_dropped_when_read(home):
    store, ids, _clock = _home(home, LEFT, LOST, LOST_AGAIN)
    document = read_sidecar(home, "user")
    hostile = ["../../etc/passwd", 7, None, {"id": "x"}, "<script>alert(1)</script>", ids[LOST_AGAIN], ids[LOST_AGAIN]]
    document["contradictions"][0]["reason_data"]["also_said_by"] = hostile + [f"id-{n}" for n in range(500)]
    sidecar_path(home, "user").write_text(json.dumps(document), encoding="utf-8")
    (edge,) = _edges(_store(home, [FIRST + 90 * DAY]))
    kept = said_by(edge["reason_data"])
    assert kept[0] == ids[LOST_AGAIN] and len(kept) == MOST_NAMED and len(set(kept)) == MOST_NAMED
    assert not any("/" in entry_id or "<" in entry_id for entry_id in kept)
    assert said_by({"also_said_by": "not a list"}) == said_by("not a dict") == []
