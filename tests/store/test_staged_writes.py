"""Staged writes in the store (store/staged.py) and the origins the loader gives arriving text.

``preview_write`` says what a write would do and writes nothing; ``apply_staged`` does exactly that,
all or nothing, under Hermes' limit semantics. ``expect_origin`` and the origins ledger let text that
another program writes into the ``.md`` arrive with the source and provenance it was announced with.
"""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore, SourceKind
from dialectical_memory.core.beliefs import _WELL_FORMED_SHAPES, EntryMeta, record_shape
from dialectical_memory.core.errors import CharLimitError, NotFoundError
from helpers import T0, md_path, snapshot_files


@pytest.fixture
def seeded(home, clock):
    store = MemoryStore(home, clock=clock)  # the real detector
    for text in ("User lives in Berlin", "User works at Acme", "User is 34 years old"):
        store.add("user", text)
    return store


def test_preview_writes_nothing_and_predicts_what_apply_flags(seeded, home):
    ops = [{"action": "add", "content": "User lives in Paris"}, {"action": "replace", "old_text": "Acme", "content": "User works at Initech"}]
    before = snapshot_files(home)
    preview = seeded.preview_write("user", ops)
    assert snapshot_files(home) == before
    assert [[c["text"] for c in op.contradicts] for op in preview.operations] == [["User lives in Berlin"], []]
    assert preview.operations[1].replaces["text"] == "User works at Acme"
    result = seeded.apply_staged("user", ops, actor="cli")
    assert sorted((e["from_text"], e["to_text"]) for e in result.contradictions) == [("User lives in Berlin", "User lives in Paris")]
    assert preview.usage_after["chars"] == len(md_path(home, "user").read_text(encoding="utf-8"))


def test_contradictions_inside_one_batch_are_announced_too(seeded):
    ops = [{"action": "add", "content": "User prefers tea over coffee"}, {"action": "add", "content": "User prefers coffee over tea"}]
    preview = seeded.preview_write("user", ops)
    (found,) = preview.operations[1].contradicts
    assert found["entry_id"] is None and found["text"] == "User prefers tea over coffee"
    result = seeded.apply_staged("user", ops)
    assert [e["reason"] for e in result.contradictions] == [found["reason"]]


def test_limits_follow_hermes_a_lone_remove_always_a_batch_on_its_final_state(seeded, home):
    texts = md_path(home, "user").read_text(encoding="utf-8")
    limit = len(texts)  # full: nothing more fits
    add = [{"action": "add", "content": "User has a cat"}]
    assert seeded.preview_write("user", add, single=True, limit=limit).refused.startswith(f"user would be at {limit + 17:,}/{limit:,} chars")
    with pytest.raises(CharLimitError):
        seeded.apply_staged("user", add, single=True, limit=limit)
    freeing = [{"action": "remove", "old_text": "34 years"}, {"action": "add", "content": "User has a cat"}]
    assert seeded.preview_write("user", freeing, limit=limit).refused is None
    over = limit - 5  # already over the limit: Hermes still lets a lone remove through
    assert seeded.preview_write("user", [{"action": "remove", "old_text": "Acme"}], single=True, limit=over).refused is None
    assert seeded.apply_staged("user", freeing, limit=limit).action == "approve_staged"
    assert len(md_path(home, "user").read_text(encoding="utf-8")) <= limit


def test_a_refused_apply_writes_nothing(seeded, home):
    before = snapshot_files(home)
    with pytest.raises(NotFoundError, match="operation 2 \\(replace\\): no user entry contains 'Initrode'; no operation was applied"):
        seeded.apply_staged("user", [{"action": "add", "content": "User has a cat"}, {"action": "replace", "old_text": "Initrode", "content": "x y"}])
    assert snapshot_files(home) == before


def test_text_announced_by_its_writer_arrives_with_that_source(seeded, home, clock):
    seeded.expect_origin("user", "User works at Initech", source_kind="background_review",
                         provenance={"origin": "background_review", "session_id": "s-1", "platform": "telegram", "evil": "x"})  # fmt: skip
    seeded.expect_origin("user", "User lives in Paris", provenance={"origin": "assistant_tool", "session_id": "s-1"})
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8").replace("User lives in Berlin", "User lives in Paris") + "\n§\nUser works at Initech", encoding="utf-8")
    new = seeded.find_entry("user", "Initech").meta
    assert new.source_kind is SourceKind.BACKGROUND_REVIEW and new.authority == 0.6
    assert new.provenance == {"origin": "background_review", "session_id": "s-1", "platform": "telegram"}
    edited = seeded.find_entry("user", "Paris").meta  # an edit of Berlin's entry: it keeps its id and source
    assert edited.original_text == "User lives in Berlin" and edited.source_kind is SourceKind.USER_EXPLICIT
    assert edited.provenance == {"origin": "assistant_tool", "session_id": "s-1"}
    reread = MemoryStore(home, clock=clock).find_entry("user", "Initech").meta
    assert reread.source_kind is SourceKind.BACKGROUND_REVIEW and reread.provenance == new.provenance


def test_a_sidecar_written_before_provenance_existed_loads_on_the_fast_path():
    old = EntryMeta.new(T0, text="User lives in Berlin").to_dict()
    del old["provenance"]
    first = EntryMeta.from_dict(dict(old))
    assert first.provenance == {} and record_shape(old) in _WELL_FORMED_SHAPES
    second = EntryMeta.from_dict(dict(old), owned=True)  # the shape is known now: no per-field checks
    assert second.provenance == {} and second.to_dict()["provenance"] == {}


def test_a_staged_add_that_says_an_entry_again_is_previewed_as_the_reinforcement_it_is(home, clock):
    """Applied here, the add reinforces the entry it says again and writes nothing: the preview said
    "add", counted its characters and looked for its contradictions."""
    store = MemoryStore(home, clock=clock)
    first = store.add("user", "The user works as a nurse at the city hospital.").entry_id
    ops = [{"action": "add", "content": "The user is a nurse at the city hospital."}]
    before = snapshot_files(home)
    (preview,) = store.preview_write("user", ops).operations
    assert snapshot_files(home) == before
    assert preview.says_again == {"entry_id": first, "text": "The user works as a nurse at the city hospital."}
    assert store.preview_write("user", ops).usage_after == store.preview_write("user", []).usage_before
    result = store.apply_staged("user", ops, single=True)
    assert result.entry_id == first and store.get_entry("user", first).meta.hit_count == 1
    assert md_path(home, "user").read_text(encoding="utf-8") == "The user works as a nurse at the city hospital."
    new = [{"action": "add", "content": "The user grows tomatoes on the balcony."}]
    assert store.preview_write("user", new).operations[0].says_again is None
