"""The history's "why" of a contradiction names who found it by the edge, not by the write's actor:
a hand edit of the file is a person's write, and the contradiction the detector found in it is the
detector's, in its plain words; only a pair a person linked reads "Linked by hand"."""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.storage import hermes_format
from dialectical_memory.store.reason_words import plain_reason
from dialectical_memory.web import create_app

from .conftest import logged_in_client
from .seeding import NOW

LIVES = "The user lives in Berlin"
MOVED = "The user lives in Paris"


@pytest.fixture
def seeded(home):
    """A detector-found contradiction raised by a hand edit (the reconcile's actor is a person), and
    a pair a person linked with a reason."""
    store = MemoryStore(home, clock=lambda: NOW)
    store.add("user", LIVES)
    md = home / "USER.md"
    md.write_text(hermes_format.dumps([LIVES, MOVED]), encoding="utf-8")  # an editor's save
    store = MemoryStore(home, clock=lambda: NOW)
    store.load_from_disk()
    tea = store.add("memory", "User drinks green tea in the afternoon").entry_id
    coffee = store.add("memory", "User drinks black coffee at night").entry_id
    store.mark_contradiction("memory", tea, coffee, reason="caffeine late contradicts sleep advice", actor="person")
    return home


@pytest.fixture
def app(home, seeded):
    return create_app({"MEMORY_HOME": str(home), "TESTING": True, "CLOCK": lambda: NOW})


def test_a_contradiction_a_hand_edit_raised_reads_in_the_detectors_words(app, home):
    (record,) = [r for r in MemoryStore(home).history("user") if r["action"] == "contradiction"]
    assert record["actor"] == "person"  # the write was a person's: the trap this test guards
    html = logged_in_client(app).get("/user/history").get_data(as_text=True)
    assert "why: Both say where the user lives: Berlin vs Paris." in html
    assert "Linked by hand" not in html


def test_the_whole_reason_is_read_not_its_first_sixty_characters(home):
    """Other details are cut at 60 characters; a contradiction's why is a sentence a person reads."""
    clock = [NOW - 90 * 86_400]
    store = MemoryStore(home, clock=lambda: clock[0])
    store.add("memory", "User practises taekwondo at the club downtown")
    clock[0] = NOW
    store.add("memory", "User no longer practises taekwondo at the club downtown")
    (edge,) = store.get_contradictions("memory")
    why = plain_reason(edge)
    assert len(why) > 100  # the trap: a sentence longer than the 60 characters other details get
    app = create_app({"MEMORY_HOME": str(home), "TESTING": True, "CLOCK": lambda: NOW})
    html = logged_in_client(app).get("/memory/history").get_data(as_text=True)
    assert "why: " + why in html


def test_a_pair_a_person_linked_reads_linked_by_hand(app):
    html = logged_in_client(app).get("/memory/history").get_data(as_text=True)
    assert "Linked by hand: caffeine late contradicts sleep advice" in html
