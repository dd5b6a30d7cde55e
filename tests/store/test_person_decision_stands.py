"""A person's decision outranks an agent's: a pair a person dismissed is not reopened by the agent's
link (store, MCP's link_contradiction, Hermes' dmem_link), and nothing is written when it tries."""

from __future__ import annotations

import json

import pytest

from dialectical_memory import ConflictError, MemoryStore
from dialectical_memory.core.errors import DecidedByPersonError
from dialectical_memory.hermes import DialecticalMemoryProvider

SNOW = "User has never seen snow."
HARBIN = "User grew up in Harbin and went skiing in the snow every winter."
REASON = "one cannot ski in the snow every winter and never have seen snow"


def dismissed_pair(home):
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    a = store.add("user", SNOW).entry_id
    b = store.add("user", HARBIN).entry_id
    store.mark_contradiction("user", a, b, reason=REASON, actor="agent")
    (edge,) = store.get_contradictions("user")
    store.dismiss_contradiction("user", edge["edge_id"])  # the person: "Not a contradiction"
    return store, a, b


def files_of(home):
    return {p.name: p.read_bytes() for p in sorted(home.iterdir()) if p.is_file() and not p.name.endswith(".lock")}


def test_the_agent_cannot_relink_a_pair_a_person_dismissed_and_nothing_is_written(tmp_path):
    store, a, b = dismissed_pair(tmp_path)
    before = files_of(tmp_path)
    with pytest.raises(DecidedByPersonError, match="a person dismissed this"):
        store.mark_contradiction("user", b, a, reason=REASON, actor="agent")
    assert files_of(tmp_path) == before and store.get_contradictions("user") == []
    store.mark_contradiction("user", a, b, reason="I changed my mind", actor="person")  # the person may
    assert len(store.get_contradictions("user")) == 1


def test_the_same_texts_under_new_ids_stay_dismissed_for_the_agent(tmp_path):
    store, a, b = dismissed_pair(tmp_path)
    store.archive_entry("user", b)
    again = store.add("user", HARBIN).entry_id
    with pytest.raises(DecidedByPersonError):
        store.mark_contradiction("user", a, again, reason=REASON, actor="agent")


def test_hermes_dmem_link_on_adismissed_pair_says_success_false(tmp_path):
    memories = tmp_path / "memories"
    _store, a, b = dismissed_pair(memories)
    provider = DialecticalMemoryProvider()
    provider.initialize("s1", hermes_home=str(tmp_path), platform="cli", agent_context="primary")
    before = files_of(memories)
    answer = json.loads(provider.handle_tool_call("dmem_link", {"target": "user", "entry_id": a, "other_id": b,
                                                                "reason": REASON}))
    assert answer["success"] is False and "a person dismissed this" in answer["error"]
    assert files_of(memories) == before



ALLERGY = "User is allergic to penicillin."
AGENT_ALLERGY = "User is allergic to penicillin and got hives from amoxicillin in 2019, per the clinic letter."
FILLER = ["User drinks tea.", "User runs on Sundays.", "User works from Lisbon."]


def _full_store(home, texts, limit_share=0.95):
    """A store whose user target holds ``texts`` (text, source_kind) at about 95 % of its limit."""
    size = sum(len(t) for t, _s in texts) + 3 * (len(texts) - 1)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=int(size / limit_share) + 1)
    ids = [store.add("user", text, source_kind=source).entry_id for text, source in texts]
    return store, ids


def _active_texts(store):
    return {e.text for e in store.entries("user")}


def test_auto_never_archives_a_stated_fact_an_agents_longer_entry_repeats(tmp_path):
    store, _ids = _full_store(tmp_path, [(ALLERGY, "user_explicit"), (AGENT_ALLERGY, "agent_inferred"),
                                         *((t, "user_explicit") for t in FILLER)])
    store.make_room("user", policy="auto", needed=400)
    assert ALLERGY in _active_texts(store), "something about the allergy stays: the person's own words"


def test_auto_archives_a_repeated_entry_only_while_the_entry_that_repeats_it_stays(tmp_path):
    longer = "User is allergic to penicillin, says the person, and carries a card."
    store, _ids = _full_store(tmp_path, [(ALLERGY, "agent_inferred"), (longer, "agent_inferred"),
                                         *((t, "user_explicit") for t in FILLER)])
    result = store.make_room("user", policy="auto", needed=400)
    active = _active_texts(store)
    assert longer in active or ALLERGY in active, f"both allergy entries went: {result.message}"
    assert result.to_dict()["archived"], "the policy still frees what it may"


def test_auto_never_archives_a_text_a_person_wrote_again(tmp_path):
    store, ids = _full_store(tmp_path, [("User lives in Porto near the river.", "user_explicit"),
                                        *((t, "user_explicit") for t in FILLER)])
    store.retire("user", ids[0])
    store.add("user", "User lives in Porto near the river.", actor="person")  # a person's second mind
    result = store.make_room("user", policy="auto", needed=400)
    assert "User lives in Porto near the river." in _active_texts(store), result.message


def test_auto_still_archives_a_text_an_agent_wrote_again(tmp_path):
    store, ids = _full_store(tmp_path, [("User lives in Porto near the river.", "user_explicit"),
                                        *((t, "user_explicit") for t in FILLER)])
    store.retire("user", ids[0])
    store.add("user", "User lives in Porto near the river.", actor="agent")
    store.make_room("user", policy="auto", needed=400)
    assert "User lives in Porto near the river." not in _active_texts(store)


def test_a_merge_refuses_a_blocked_entry(tmp_path):
    (tmp_path / "USER.md").write_text("User's Wi-Fi password is hunter2hunter2\n§\nUser's router is in the hall",
                                      encoding="utf-8")
    store = MemoryStore(tmp_path, memory_char_limit=0, user_char_limit=0)
    ids = [e.entry_id for e in store.entries("user")]
    before = files_of(tmp_path)
    with pytest.raises(ConflictError, match="blocked entry is never merged"):
        store.merge_entries("user", ids, "User's router is in the hall.")
    assert files_of(tmp_path) == before


def _hermes_writes(store, home, text: str, **provenance) -> None:
    """Hermes' own tool appends ``text`` to USER.md; its hook names the write (as the provider does)."""
    md = home / "USER.md"
    md.write_text(md.read_text(encoding="utf-8") + "\n§\n" + text, encoding="utf-8")
    store.expect_origin("user", text, provenance={"origin": "assistant_tool", "tool_name": "memory", **provenance})
    store.get_entry_meta("user", text)  # reconciles the file


def test_a_text_hermes_tool_wrote_is_the_agents_in_the_history(tmp_path):
    """It was logged as a person's add, so it read "person added" on the dashboard and counted as a
    person's second mind below."""
    store = MemoryStore(tmp_path, memory_char_limit=0, user_char_limit=0)
    store.add("user", "User drinks tea.")
    _hermes_writes(store, tmp_path, "User runs on Sundays.")
    (record,) = store.history("user", action="add", entry_id=store.get_entry_meta("user", "User runs on Sundays.").entry_id)
    assert record["actor"] == "agent"
    _hermes_writes(store, tmp_path, "User works from Lisbon.", pending_id="p1", approved_by="dashboard")
    (approved,) = store.history("user", action="add", entry_id=store.get_entry_meta("user", "User works from Lisbon.").entry_id)
    assert approved["actor"] == "person"  # a staged write a person approved
    md = tmp_path / "USER.md"
    md.write_text(md.read_text(encoding="utf-8") + "\n§\nUser reads at night.", encoding="utf-8")
    (by_hand,) = store.history("user", action="add", entry_id=store.get_entry_meta("user", "User reads at night.").entry_id)
    assert by_hand["actor"] == "person"  # an edit of the file by hand


def test_auto_still_archives_a_text_hermes_tool_wrote_again(tmp_path):
    store, ids = _full_store(tmp_path, [("User lives in Porto near the river.", "user_explicit"),
                                        *((t, "user_explicit") for t in FILLER)])
    store.retire("user", ids[0])
    _hermes_writes(store, tmp_path, "User lives in Porto near the river.")
    store.make_room("user", policy="auto", needed=400)
    assert "User lives in Porto near the river." not in _active_texts(store)
