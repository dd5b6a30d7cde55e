"""A fact Hermes wrote again, in other words, into its own file: the line stays, and stands for the
entry it says again (``EntryMeta.says_again``)."""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.core.beliefs import EntryMeta, KnowledgeType

from helpers import md_path, sidecar_path

NURSE = "The user works as a nurse at the city hospital."
NURSE_AGAIN = "The user is a nurse at the city hospital."
# the same fact as NURSE_AGAIN for the matcher, but only possibly NURSE's (another verb)
NURSE_ONCE_MORE = "The user nurses at the city hospital."
HERMES = {"origin": "assistant_tool", "tool_name": "memory"}


@pytest.fixture
def store(home, clock):
    return MemoryStore(home, clock=clock, user_char_limit=0)


def hermes_writes(store, home, text: str) -> str:
    """Hermes' tool appends ``text`` to USER.md and its hook asks for a check: the entry's id."""
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8") + "\n§\n" + text, encoding="utf-8")
    store.expect_origin("user", text, provenance=HERMES)
    entry_id = store.get_entry_meta("user", text).entry_id
    store.check_entry("user", entry_id)
    return entry_id


def meta(store, entry_id: str) -> EntryMeta:
    return store.get_entry("user", entry_id).meta


def test_the_line_hermes_keeps_names_the_entry_it_says_again(store, home):
    first = store.add("user", NURSE).entry_id
    line = hermes_writes(store, home, NURSE_AGAIN)
    assert meta(store, line).says_again == first
    assert meta(store, first).says_again is None
    assert NURSE_AGAIN in md_path(home, "user").read_text(encoding="utf-8")  # the file stays as Hermes wrote it


def test_a_later_saying_that_matches_the_line_counts_for_the_entry_it_says_again(store, home, clock):
    """Without the link the third saying reinforced the line, and the fact's sayings were split."""
    first = store.add("user", NURSE).entry_id
    line = hermes_writes(store, home, NURSE_AGAIN)
    clock.advance(5)
    result = store.add("user", NURSE_ONCE_MORE)
    assert result.reinforced and result.entry_id == first
    assert meta(store, first).hit_count == 2 and meta(store, first).last_validated_at == clock()
    assert meta(store, line).hit_count == 0


def test_a_later_line_hermes_writes_links_to_the_first_entry_too(store, home):
    first = store.add("user", NURSE).entry_id
    hermes_writes(store, home, NURSE_AGAIN)
    third = hermes_writes(store, home, NURSE_ONCE_MORE)
    assert meta(store, third).says_again == first
    assert meta(store, first).hit_count == 2


def test_a_line_checked_twice_is_said_once(store, home):
    first = store.add("user", NURSE).entry_id
    line = hermes_writes(store, home, NURSE_AGAIN)
    result = store.check_entry("user", line)  # Hermes' hook again (a batch, a restart)
    assert result.extra["reinforced"] == first
    assert meta(store, first).hit_count == 1


def test_the_link_survives_a_reload(store, home, clock):
    first = store.add("user", NURSE).entry_id
    line = hermes_writes(store, home, NURSE_AGAIN)
    again = MemoryStore(home, clock=clock, user_char_limit=0)
    assert again.get_entry("user", line).meta.says_again == first


def test_a_new_text_for_the_line_drops_the_link(store, home):
    store.add("user", NURSE)
    line = hermes_writes(store, home, NURSE_AGAIN)
    store.replace("user", NURSE_AGAIN, "The user grows tomatoes on the balcony.")
    assert meta(store, line).says_again is None


def expired(store, clock, *entry_ids) -> list[str]:
    clock.advance(400)  # a belief expires in about eight months
    for entry_id in entry_ids:
        assert meta(store, entry_id).knowledge_type is KnowledgeType.BELIEF
    store.run_maintenance("user")
    return [item.entry.entry_id for item in store.reverification_queue("user")]


BELIEF = "The user thinks night trains are the best way to travel in Europe."
BELIEF_AGAIN = "The user thinks night trains are the best way to travel across Europe."


def test_the_queue_asks_about_the_fact_once_until_the_entry_it_says_again_goes(store, home, clock):
    first = store.add("user", BELIEF).entry_id
    line = hermes_writes(store, home, BELIEF_AGAIN)
    assert meta(store, line).says_again == first
    assert expired(store, clock, first, line) == [first]
    store.archive_entry("user", first)
    assert [item.entry.entry_id for item in store.reverification_queue("user")] == [line]


def test_making_room_offers_the_line_as_said_again(home, clock):
    store = MemoryStore(home, clock=clock)  # Hermes' limit on USER.md
    first = store.add("user", NURSE).entry_id
    line = hermes_writes(store, home, NURSE_AGAIN)
    plan = store.make_room_plan("user", needed=1200)
    offered = {c.entry_id: c for c in plan.candidates}
    assert offered[line].tier == "superseded" and "says again in other words" in offered[line].why
    assert offered[line].repeated_in == first
    assert offered[first].tier != "superseded"


def test_a_damaged_link_in_the_sidecar_is_read_as_none(store, home, clock):
    import json

    store.add("user", NURSE)
    line = hermes_writes(store, home, NURSE_AGAIN)
    sidecar = sidecar_path(home, "user")
    document = json.loads(sidecar.read_text(encoding="utf-8"))
    document["entries"][line]["says_again"] = 42
    sidecar.write_text(json.dumps(document), encoding="utf-8")
    again = MemoryStore(home, clock=clock, user_char_limit=0)
    assert again.get_entry("user", line).meta.says_again is None


def test_a_loop_of_links_in_the_sidecar_ends(store, home, clock):
    import json

    first = store.add("user", NURSE).entry_id
    line = hermes_writes(store, home, NURSE_AGAIN)
    sidecar = sidecar_path(home, "user")
    document = json.loads(sidecar.read_text(encoding="utf-8"))
    document["entries"][first]["says_again"] = line  # A says B, B says A: no order of sayings makes this
    sidecar.write_text(json.dumps(document), encoding="utf-8")
    again = MemoryStore(home, clock=clock, user_char_limit=0)
    state = again.current_state("user")
    assert state.said_first(line) in (first, line)
    assert again.add("user", NURSE_ONCE_MORE).reinforced


def test_the_lines_own_words_said_again_count_for_the_entry_it_says_again(store, home):
    """Hermes' "Entry already exists" is mirrored as an add of the same words: that fact's entry."""
    first = store.add("user", NURSE).entry_id
    hermes_writes(store, home, NURSE_AGAIN)
    result = store.add("user", NURSE_AGAIN)
    assert result.reinforced and result.entry_id == first and meta(store, first).hit_count == 2


def test_a_fact_said_twice_is_no_pattern(store, home):
    """Through an add the second saying is never an entry; through Hermes' file it stays one, and the
    two were proposed as a pattern of two incidents (14 such proposals on the life replay's homes)."""
    first = store.add("user", NURSE).entry_id
    store.add("user", "The user grows tomatoes on the balcony.")
    line = hermes_writes(store, home, NURSE_AGAIN)
    grouped = {entry_id for proposal in store.pattern_proposals("user") for entry_id in proposal.entry_ids}
    assert line not in grouped and first not in grouped


def test_hermes_rewriting_the_line_drops_the_link_until_its_new_words_are_checked(store, home):
    store.add("user", NURSE)
    line = hermes_writes(store, home, NURSE_AGAIN)
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8").replace(NURSE_AGAIN, "The user was a nurse at the city hospital until 2020."), encoding="utf-8")
    store.expect_origin("user", "The user was a nurse at the city hospital until 2020.", provenance=HERMES)
    assert store.get_entry_meta("user", "The user was a nurse at the city hospital until 2020.").entry_id == line  # an edit: the same entry
    assert store.check_entry("user", line).extra.get("reinforced") is None
    assert meta(store, line).says_again is None


def _arrives(store, home, clock, text: str) -> str:
    """What a sync merge leaves: ``text`` written on another device, here with its metadata."""
    import json

    placeholder = store.add("user", "The user keeps bees in the garden.").entry_id
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8").replace("The user keeps bees in the garden.", text), encoding="utf-8")
    document = json.loads(sidecar_path(home, "user").read_text(encoding="utf-8"))
    document["entries"][placeholder]["text"] = text
    document.pop("text_to_id", None)
    sidecar_path(home, "user").write_text(json.dumps(document), encoding="utf-8")
    return placeholder


def test_a_fact_said_again_on_another_device_is_folded_into_the_entry_here(store, home, clock):
    """Each device absorbed its own restatements at the add; across a sync both sayings were entries."""
    first = store.add("user", NURSE).entry_id
    clock.advance(3)
    arrived = _arrives(store, home, clock, NURSE_AGAIN)
    result = store.check_arrived("user", [arrived])
    assert result.extra["folded"] == [arrived] and "folded into it" in result.message
    assert [entry.text for entry in store.entries("user")] == [NURSE]
    assert meta(store, first).hit_count == 1 and meta(store, first).restated[-1]["text"] == NURSE_AGAIN
    (record,) = store.history("user", action="restated")
    store.undo("user", record["id"])  # a person may take it back
    assert {entry.text for entry in store.entries("user")} == {NURSE, NURSE_AGAIN}
    assert store.check_arrived("user", [arrived]).extra["folded"] == []  # and that stands


def test_an_unrelated_arrival_is_left_alone(store, home, clock):
    store.add("user", NURSE)
    arrived = _arrives(store, home, clock, "The user grows tomatoes on the balcony.")
    assert store.check_arrived("user", [arrived]).extra["folded"] == []
    assert len(store.entries("user")) == 2


def test_a_staged_write_hermes_applied_itself_is_linked_when_the_file_is_read(store, home):
    """Hermes' own /memory approve tells no provider what it applied: the text arrives on a read of
    the file, with the origin the queue's watcher remembered, and was only checked for contradictions."""
    first = store.add("user", NURSE).entry_id
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8") + "\n§\n" + NURSE_AGAIN, encoding="utf-8")
    store.expect_origin("user", NURSE_AGAIN, provenance={"origin": "foreground", "pending_id": "a1b2c3d4"})
    line = store.get_entry_meta("user", NURSE_AGAIN)  # the read reconciles: no check_entry
    assert line.says_again == first and meta(store, first).hit_count == 1
    store.check_entry("user", line.entry_id)  # a hook after all: counted once
    assert meta(store, first).hit_count == 1
