"""Files of a newer version, and numbers out of range, are read — never damaged.

A sidecar or journal written by a newer version opens read-only with a message (writing it back
would drop what this version does not know); an implausible version or counter is clamped with a
warning, and every later write works.
"""

from __future__ import annotations

import json

import pytest

from dialectical_memory import StorageError

from helpers import check_invariants, md_path, read_sidecar, sidecar_path
from .test_arrival_gate import files_of


def _seeded(store):
    store.add("memory", "User likes green tea")
    return store.add("memory", "User likes jazz").entry_id


def _rewrite_sidecar(home, change) -> None:
    document = read_sidecar(home)
    change(document)
    sidecar_path(home).write_text(json.dumps(document), encoding="utf-8")


def test_a_sidecar_from_a_newer_version_is_shown_read_only_and_never_rewritten(store, home, new_store):
    entry_id = _seeded(store)

    def newer(document):
        document["version"] = 99
        document["a_field_from_the_future"] = {"keep": "me"}
        document["entries"][entry_id]["a_field_from_the_future"] = [1, 2]

    _rewrite_sidecar(home, newer)
    md_path(home).write_text(md_path(home).read_text(encoding="utf-8") + "\n§\nUser likes chess", encoding="utf-8")
    before = files_of(home)
    reader = new_store()
    assert [e.text for e in reader.entries("memory")] == ["User likes green tea", "User likes jazz", "User likes chess"]
    assert any("newer dialectical memory (format 99" in w for w in reader.warnings("memory"))
    assert "newer dialectical memory" in reader.counts("memory")["read_only"]
    for attempt in (lambda: reader.add("memory", "User likes tango"), lambda: reader.record_hit("memory", entry_id),
                    lambda: reader.compact("memory")):  # fmt: skip
        with pytest.raises(StorageError, match="newer dialectical memory.*nothing was changed"):
            attempt()
    new_store().load_from_disk()
    assert files_of(home) == before, "neither the reads nor the refused writes rewrote anything"
    assert read_sidecar(home)["a_field_from_the_future"] == {"keep": "me"}


def test_a_journal_batch_from_a_newer_version_makes_the_target_read_only(home, new_store):
    store = new_store(memory_char_limit=0)
    for n in range(205):  # past the small-store size: the journal is used
        store.add("memory", f"Note number {n} about tea")
    journal = store.paths("memory").journal
    batch = json.loads(journal.read_text(encoding="utf-8").splitlines()[-1])
    journal.write_text(journal.read_text(encoding="utf-8") + json.dumps({**batch, "seq": batch["seq"] + 1, "version": 7}) + "\n", encoding="utf-8")
    before = files_of(home)
    reader = new_store(memory_char_limit=0)
    with pytest.raises(StorageError, match="newer"):
        reader.add("memory", "User likes tango")
    assert files_of(home) == before


@pytest.mark.parametrize("value", [10**30, 1e30, -5, 2**64])
def test_an_implausible_sidecar_version_is_read_as_this_one_with_a_warning(store, home, new_store, value):
    _seeded(store)
    sidecar_path(home).write_text(sidecar_path(home).read_text(encoding="utf-8").replace('"version": 1', f'"version": {value}'), encoding="utf-8")
    again = new_store()
    assert any("format version" in w and "out of range" in w for w in again.warnings("memory"))
    again.add("memory", "User likes tango")
    again.add("memory", "User likes chess")
    assert read_sidecar(home)["version"] == 1
    check_invariants(again)


@pytest.mark.parametrize("raw", ["18446744073709551615", "18446744073709551616", "1e30", "-3"])
def test_a_counter_out_of_range_is_clamped_with_a_warning_and_later_writes_work(store, home, new_store, raw):
    entry_id = _seeded(store)
    text = sidecar_path(home).read_text(encoding="utf-8")
    document = json.loads(text)
    document["entries"][entry_id]["hit_count"] = 123456789
    text = json.dumps(document).replace("123456789", raw)
    sidecar_path(home).write_text(text, encoding="utf-8")
    again = new_store()
    assert any("out of range were clamped" in w for w in again.warnings("memory"))
    again.record_hit("memory", entry_id)
    again.add("memory", "User likes tango")
    hits = again.get_entry("memory", entry_id).meta.hit_count
    assert 0 < hits <= 2**53 + 1
    check_invariants(again)


def test_other_numbers_out_of_range_are_clamped(store, home, new_store):
    entry_id = _seeded(store)

    def damage(document):
        meta = document["entries"][entry_id]
        meta.update(confidence=7.5, authority=-2, pending_promotion=99, rejected_promotion_hits=-1,
                    noise_context=["not a record", {"reason": "stale_rule", "at": 1}], parent_ids=[1, "ok"], scope={"lang": 3})  # fmt: skip
        document["journal_seq"] = 10**30

    _rewrite_sidecar(home, damage)
    again = new_store()
    meta = again.get_entry("memory", entry_id).meta
    assert (meta.confidence, meta.authority, meta.pending_promotion, meta.rejected_promotion_hits) == (1.0, 0.0, None, 0)
    assert meta.noise_context == [{"reason": "stale_rule", "at": 1}] and meta.parent_ids == ["ok"] and meta.scope == {}
    again.add("memory", "User likes tango")
    assert again.pending_promotions("memory") == []
    check_invariants(again)


def test_a_record_out_of_range_is_clamped_though_an_earlier_record_of_its_shape_was_sound(store, home, new_store):
    """The loader learns a record's shape (keys and value types) from the first sound one and checks
    only the numbers later records of that shape hold: those are checked on every record."""
    sound = store.add("memory", "User likes green tea").entry_id
    damaged = [store.add("memory", f"User likes {topic}").entry_id for topic in ("jazz", "chess", "tango", "opera", "salsa")]
    damages = [dict(hit_count=-3), dict(confidence=1.5), dict(created_at=1_700_000_000_000.0), dict(text=""), dict(parent_ids=[7, "p"])]

    def same_shape_then_damage(document):
        entries = document["entries"]
        for entry_id in (sound, *damaged):  # one shape for all five: the same keys, the same types
            entries[entry_id].update(hit_count=2, confidence=0.5, created_at=1_700_000_000.0, parent_ids=["p"])
        for entry_id, damage in zip(damaged, damages):
            entries[entry_id].update(damage)
        # the sound record first, so its shape is the one learnt before the damaged ones are read
        document["entries"] = {sound: entries[sound], **{i: entries[i] for i in damaged}}

    _rewrite_sidecar(home, same_shape_then_damage)
    again = new_store()
    metas = [again.get_entry("memory", entry_id).meta for entry_id in damaged]
    assert metas[0].hit_count == 0 and metas[1].confidence == 1.0
    assert metas[2].created_at == 1_700_000_000.0  # milliseconds read as seconds
    assert metas[3].text == "User likes opera"  # given back from text_to_id, not left empty
    assert metas[4].parent_ids == ["p"]
    assert again.get_entry("memory", sound).meta.hit_count == 2
    assert any("out of range were clamped" in w for w in again.warnings("memory"))
    assert any("timestamp(s) out of range were corrected" in w for w in again.warnings("memory"))
    check_invariants(again)


def test_a_pending_promotion_not_above_its_entry_is_dropped_though_an_earlier_record_of_its_shape_was_sound(store, home, new_store):
    """A promotion waiting for a person is checked in the shape's checks (they are common: a first
    maintenance of 10,000 entries proposed 2,876), against the entry's maturity on every record."""
    sound = store.add("memory", "User likes green tea").entry_id
    damaged = [store.add("memory", f"User likes {topic}").entry_id for topic in ("jazz", "chess", "tango")]

    def same_shape_then_damage(document):
        entries = document["entries"]
        for entry_id in (sound, *damaged):
            entries[entry_id].update(maturity=1, pending_promotion=2)
        for entry_id, level in zip(damaged, (1, 0, 4)):  # not above PATTERN; below it; beyond WISDOM
            entries[entry_id]["pending_promotion"] = level
        document["entries"] = {sound: entries[sound], **{i: entries[i] for i in damaged}}

    _rewrite_sidecar(home, same_shape_then_damage)
    again = new_store()
    assert again.get_entry("memory", sound).meta.pending_promotion == 2
    assert [again.get_entry("memory", i).meta.pending_promotion for i in damaged] == [None, None, None]
    assert any("out of range were clamped" in w for w in again.warnings("memory"))
    check_invariants(again)
