"""A home with a blocked entry (text that reached the .md file from outside and failed the safety
check) survives export and import like any other: the entry arrives blocked, as a load of the .md
takes it, and an export that claims unsafe text is not blocked does not get it into a prompt."""

from __future__ import annotations

import pytest

from dialectical_memory import InvalidInputError, MemoryStore, UnsafeContentError
from dialectical_memory.features.demo import INJECTED, seed_demo
from dialectical_memory.features.transfer import export_document, import_document, read_document, to_json


def test_a_home_with_a_blocked_entry_exports_and_imports_with_the_entry_still_blocked(tmp_path):
    source = MemoryStore(seed_demo(tmp_path / "demo"), memory_char_limit=0, user_char_limit=0)
    document = read_document(to_json(export_document(source)))
    target = MemoryStore(tmp_path / "new", memory_char_limit=0, user_char_limit=0)
    import_document(target, document)
    assert [entry.text for entry in target.blocked_entries("memory")] == [INJECTED]


def test_the_import_of_a_blocked_entry_is_planned_as_blocked_and_its_text_stays_out_of_every_summary(tmp_path):
    source = MemoryStore(seed_demo(tmp_path / "demo"), memory_char_limit=0, user_char_limit=0)
    document = read_document(to_json(export_document(source)))
    target = MemoryStore(tmp_path / "new", memory_char_limit=0, user_char_limit=0)
    plan = import_document(target, document, dry_run=True)
    assert len(plan.targets["memory"].blocked) == 1
    assert "blocked" in plan.summary() and INJECTED not in plan.summary()
    import_document(target, document)
    assert INJECTED not in target.format_for_system_prompt("memory")
    assert INJECTED in (tmp_path / "new" / "MEMORY.md").read_text()  # nothing is lost


def test_unsafe_text_that_the_export_does_not_call_blocked_is_refused_and_nothing_is_imported(tmp_path):
    source = MemoryStore(seed_demo(tmp_path / "demo"), memory_char_limit=0, user_char_limit=0)
    document = read_document(to_json(export_document(source)))
    for meta in document["targets"]["memory"]["entries"]:
        meta.pop("blocked", None)  # a hand-made export that hides what the text is
    target = MemoryStore(tmp_path / "new", memory_char_limit=0, user_char_limit=0)
    with pytest.raises(UnsafeContentError, match="nothing was imported"):
        import_document(target, document)
    assert target.entries("memory") == []


def test_an_export_with_a_text_that_could_not_be_one_entry_is_still_refused(tmp_path):
    source = MemoryStore(tmp_path / "src", memory_char_limit=0, user_char_limit=0)
    source.add("memory", "the build runs on the laptop")
    document = read_document(to_json(export_document(source)))
    document["targets"]["memory"]["entries"][0]["text"] = "one part\n§\nanother part"
    target = MemoryStore(tmp_path / "new", memory_char_limit=0, user_char_limit=0)
    with pytest.raises(InvalidInputError, match="separates entries"):
        import_document(target, document)
    assert target.entries("memory") == []
