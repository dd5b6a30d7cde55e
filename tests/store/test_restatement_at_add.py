"""At the add, a fact said again in other words reinforces the entry that holds it."""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore

from helpers import md_path

NURSE = "The user works as a nurse at the city hospital."
NURSE_AGAIN = "The user is a nurse at the city hospital."
BROTHER = "The user's brother works as a nurse at the city hospital."
TOMATOES = "The user grows tomatoes on the balcony."
TOMATOES_MORE = "The user grows tomatoes, basil, peppers and strawberries on the balcony in clay pots."


@pytest.fixture
def real_store(home, clock):
    """The default detector: the matcher runs whatever the detector is."""
    return MemoryStore(home, clock=clock)


def test_a_restatement_reinforces_and_reverifies_the_entry_it_restates(real_store, clock):
    entry_id = real_store.add("user", NURSE).entry_id
    clock.advance(40)
    result = real_store.add("user", NURSE_AGAIN)
    assert result.reinforced and result.entry_id == entry_id
    assert f'the same fact as entry {entry_id} "{NURSE}"' in result.message  # an agent reads what it said again
    meta = real_store.get_entry("user", entry_id).meta
    assert meta.hit_count == 1 and meta.last_validated_at == clock()
    assert [entry.text for entry in real_store.entries("user")] == [NURSE]


def test_the_new_wording_is_kept_in_the_entry_history(real_store):
    entry_id = real_store.add("user", NURSE).entry_id
    real_store.add("user", NURSE_AGAIN)
    records = real_store.history("user", entry_id=entry_id, action="reinforce")
    assert records and records[0]["detail"]["wording"] == NURSE_AGAIN


def test_a_look_alike_about_another_holder_is_added_apart(real_store):
    first = real_store.add("user", NURSE).entry_id
    result = real_store.add("user", BROTHER)
    assert not result.reinforced and result.entry_id != first
    assert len(real_store.entries("user")) == 2


def test_an_uncertain_match_names_the_pair_and_absorbs_nothing(real_store):
    first = real_store.add("user", TOMATOES).entry_id
    result = real_store.add("user", TOMATOES_MORE)
    assert not result.reinforced and result.entry_id != first
    assert result.extra["possibly_same"] == first
    assert f'Possibly the same as entry {first} "{TOMATOES}" (kept apart)' in result.message
    assert len(real_store.entries("user")) == 2


def test_an_entry_the_add_contradicts_is_never_named_possibly_the_same(real_store):
    """"Contradicts" and "possibly the same" of one pair would tell the agent two opposite things."""
    warm = real_store.add("user", "User likes the room warm.").entry_id
    result = real_store.add("user", "User likes the room a bit cool.")
    assert [edge["from_id"] for edge in result.contradictions] == [warm]
    assert "possibly_same" not in result.extra and "Possibly the same" not in result.message


def test_a_long_entry_is_named_shortened_in_the_message(real_store):
    """The message quotes the entry on one line, shortened (through screening.quoted: words the
    safety scan refuses never reach an agent's context through it)."""
    long_first = "The user grows tomatoes on the balcony " + "in large clay pots " * 12
    first = real_store.add("user", long_first).entry_id
    result = real_store.add("user", TOMATOES_MORE)
    named = result.message.split(f"entry {first} ", 1)[1]
    assert named.startswith('"The user grows tomatoes on the balcony in large clay pots') and '…" (kept apart)' in named
    assert len(named) < 160


def test_a_restatement_does_not_rewrite_the_markdown(real_store, home):
    real_store.add("user", NURSE)
    before = md_path(home, "user").read_bytes()
    real_store.add("user", NURSE_AGAIN)
    assert md_path(home, "user").read_bytes() == before



def test_a_restatement_hermes_wrote_reinforces_the_earlier_entry_in_the_sidecar_only(real_store, home, clock):
    entry_id = real_store.add("user", NURSE).entry_id
    clock.advance(3)
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8") + "\n§\n" + NURSE_AGAIN, encoding="utf-8")
    real_store.expect_origin("user", NURSE_AGAIN, provenance={"origin": "assistant_tool", "tool_name": "memory"})
    written = real_store.get_entry_meta("user", NURSE_AGAIN)
    before = md.read_bytes()
    result = real_store.check_entry("user", written.entry_id)
    assert result.extra["reinforced"] == entry_id and entry_id in result.message
    assert md.read_bytes() == before
    meta = real_store.get_entry("user", entry_id).meta
    assert meta.hit_count == 1 and meta.last_validated_at == clock()
    assert real_store.history("user", entry_id=entry_id, action="reinforce")[0]["detail"]["wording"] == NURSE_AGAIN


def test_an_entry_this_store_wrote_is_not_reinforced_twice_by_a_check(real_store):
    first = real_store.add("user", NURSE).entry_id
    second = real_store.add("user", BROTHER).entry_id
    assert "reinforced" not in real_store.check_entry("user", second).extra
    assert real_store.get_entry("user", first).meta.hit_count == 0


def test_a_restatement_of_an_expired_entry_reverifies_it(real_store, clock):
    """The user said it again: the queue's question is answered, the entry is active and its decay
    restarts (an exact re-add and another wording alike)."""
    entry_id = real_store.add("user", NURSE, knowledge_type="belief").entry_id
    clock.advance(300)  # a belief expires after about 250 days
    real_store.run_maintenance("user")
    assert real_store.get_entry("user", entry_id).meta.status.value == "decayed"
    assert real_store.counts("user")["reverify"] == 1
    result = real_store.add("user", NURSE_AGAIN)
    assert result.reinforced and result.entry_id == entry_id
    meta = real_store.get_entry("user", entry_id).meta
    assert meta.status.value == "active" and meta.updated_at == clock()
    assert real_store.counts("user")["reverify"] == 0
    clock.advance(300)
    real_store.run_maintenance("user")
    real_store.add("user", NURSE)  # the very same text
    assert real_store.get_entry("user", entry_id).meta.status.value == "active"
    assert real_store.counts("user")["reverify"] == 0


def test_a_restatement_of_a_contested_entry_does_not_settle_its_contradiction(real_store, clock):
    berlin = real_store.add("user", "The user lives in Berlin.", knowledge_type="belief").entry_id
    clock.advance(300)
    real_store.run_maintenance("user")
    assert real_store.get_entry("user", berlin).meta.status.value == "decayed"
    assert real_store.add("user", "The user lives in Paris.").contradictions  # an open edge to the expired entry
    assert real_store.add("user", "The user lives in Berlin.").entry_id == berlin
    assert real_store.get_entry("user", berlin).meta.status.value == "contradicted"
    real_store.add("user", "The user lives in Berlin.")
    assert real_store.get_entry("user", berlin).meta.status.value == "contradicted"


BICYCLES = "The user has been repairing bicycles at the neighbourhood workshop, finding it deeply rewarding and meaningful."
BICYCLES_SHORT = "The user repairs bicycles at the neighbourhood workshop and finds it rewarding."
BICYCLES_OLD = "The user repairs bicycles at the old neighbourhood workshop."  # restates SHORT, only possibly BICYCLES
SISTER_OLD = "The user's sister repairs bicycles at the old neighbourhood workshop."


def test_a_wording_that_restates_an_absorbed_wording_reinforces_the_entry(real_store, clock):
    entry_id = real_store.add("user", BICYCLES).entry_id
    clock.advance(10)
    assert real_store.add("user", BICYCLES_SHORT).entry_id == entry_id
    clock.advance(10)
    result = real_store.add("user", BICYCLES_OLD)
    assert result.reinforced and result.entry_id == entry_id
    assert real_store.get_entry("user", entry_id).meta.hit_count == 2
    assert [entry.text for entry in real_store.entries("user")] == [BICYCLES]


def test_without_the_absorbed_wording_the_same_text_is_only_possibly_the_same(real_store):
    entry_id = real_store.add("user", BICYCLES).entry_id
    result = real_store.add("user", BICYCLES_OLD)
    assert not result.reinforced and result.extra["possibly_same"] == entry_id


def test_a_kept_wording_does_not_absorb_a_look_alike_about_another_holder(real_store):
    entry_id = real_store.add("user", BICYCLES).entry_id
    real_store.add("user", BICYCLES_SHORT)
    result = real_store.add("user", SISTER_OLD)
    assert not result.reinforced and result.entry_id != entry_id


def test_an_entry_whose_own_text_is_restated_comes_before_another_entrys_wording(real_store):
    """The new text restates entry X's own text and, more closely, a wording entry Y absorbed: it is
    X's fact said again (what the entry states comes first; a kept wording is the second look)."""
    from types import SimpleNamespace

    from dialectical_memory.core.beliefs import EntryMeta

    said_alone = "The user repairs bicycles at the neighbourhood workshop."
    x = EntryMeta.new(0.0, text="The user repairs bicycles at the neighbourhood workshop with a friend.")
    y = EntryMeta.new(0.0, text=BICYCLES)
    y.restated = [{"text": BICYCLES_SHORT, "at": 0.0, "source": "user_explicit"}]
    state = SimpleNamespace(entries={x.entry_id: x, y.entry_id: y}, said_first=lambda entry_id: entry_id)
    found = real_store._restated(state, said_alone, 86400.0, [y.entry_id, x.entry_id])
    assert found[0] == x.entry_id and found[1].sure
