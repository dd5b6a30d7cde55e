"""The Hermes memory file format: byte-exact round trips, golden files and tolerance of real files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dialectical_memory.storage import hermes_format
from dialectical_memory.storage.hermes_format import ENTRY_DELIMITER, dumps, loads

from helpers import make_store, md_path, snapshot_files

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_NAMES = sorted(p.stem for p in GOLDEN.glob("*.md"))


def golden(name: str) -> tuple[bytes, list[str]]:
    data = (GOLDEN / f"{name}.md").read_bytes()
    entries = json.loads((GOLDEN / f"{name}.entries.json").read_text(encoding="utf-8"))
    return data, entries


def test_delimiter_is_newline_section_sign_newline():
    assert ENTRY_DELIMITER == "\n§\n" and len(ENTRY_DELIMITER) == 3


def test_there_are_golden_files():
    assert {"multiline", "bare_section", "chinese", "ends_with_section"} <= set(GOLDEN_NAMES)


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_file_loads_to_its_entries(name):
    data, entries = golden(name)
    assert loads(data.decode("utf-8")) == entries


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_file_is_written_byte_for_byte(name):
    data, entries = golden(name)
    assert dumps(entries).encode("utf-8") == data


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_dumps_of_loads_is_byte_exact_for_normalised_input(name):
    data, _entries = golden(name)
    text = data.decode("utf-8")
    assert dumps(loads(text)) == text


def test_bare_section_sign_inside_an_entry_is_not_a_delimiter():
    assert loads("price: §5\n§\nnext") == ["price: §5", "next"]
    assert loads("a §\nb") == ["a §\nb"]
    assert loads("a\n§ b\n§\nc") == ["a\n§ b", "c"]


def test_entries_may_span_lines():
    assert loads("line one\nline two\n§\nthird") == ["line one\nline two", "third"]


def test_crlf_file_loads_the_same_entries_as_lf():
    for name in GOLDEN_NAMES:
        data, entries = golden(name)
        crlf = data.decode("utf-8").replace("\n", "\r\n")
        assert loads(crlf) == entries


def test_trailing_newline_is_ignored_on_read_and_never_written():
    assert loads("a\n§\nb\n") == ["a", "b"]
    assert loads("a\n§\nb\n\n") == ["a", "b"]
    assert dumps(["a", "b"]) == "a\n§\nb"
    assert not dumps(["a", "b"]).endswith("\n")


def test_trailing_delimiter_gives_no_empty_entry():
    assert loads("a\n§\nb\n§\n") == ["a", "b"]


def test_duplicates_are_dropped_keeping_the_first():
    assert loads("a\n§\nb\n§\na\n§\nc\n§\nb") == ["a", "b", "c"]
    assert loads("  a  \n§\na") == ["a"], "duplicates compare after stripping"


def test_empty_file_is_the_empty_list_and_back():
    assert loads("") == []
    assert dumps([]) == ""


def test_whitespace_only_pieces_are_dropped():
    assert loads("a\n§\n   \n§\n\t\n§\nb") == ["a", "b"]
    assert loads("   \n  ") == []
    assert loads("\n§\n") == []


def test_pieces_are_stripped():
    assert loads("  a  \n§\n\n b\n") == ["a", "b"]


def test_byte_order_mark_is_ignored():
    assert loads("\ufeffa\n§\nb") == ["a", "b"]
    text, warnings = hermes_format.decode("\ufeffa".encode("utf-8"))
    assert loads(text) == ["a"] and warnings


def test_decode_keeps_invalid_utf8_visible_and_warns():
    text, warnings = hermes_format.decode(b"ok\n\xc3\x28 broken")
    assert "\ufffd" in text
    assert any("not valid UTF-8" in w for w in warnings)
    assert hermes_format.decode("fine 中文".encode())[1] == []


def test_usage_is_the_length_of_the_joined_file():
    assert hermes_format.usage([]) == 0
    assert hermes_format.usage(["abc"]) == 3
    assert hermes_format.usage(["abc", "de"]) == 3 + 3 + 2
    assert hermes_format.usage(["中文"]) == 2, "characters, not bytes"


# ---------------------------------------------------------------- with a store


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_store_loads_a_hermes_written_file_with_every_entry_unchanged(name, home, clock):
    data, entries = golden(name)
    home.mkdir(parents=True)
    md_path(home).write_bytes(data)
    store = make_store(home, clock, memory_char_limit=0)
    assert [e.text for e in store.entries("memory")] == entries
    assert md_path(home).read_bytes() == data, "reading never rewrites the .md file"


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_file_written_by_the_store_loads_in_hermes_with_identical_entries(name, home, clock):
    data, entries = golden(name)
    home.mkdir(parents=True)
    md_path(home).write_bytes(data)
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "a new note written by the store")
    written = md_path(home).read_bytes()
    assert written == dumps([*entries, "a new note written by the store"]).encode("utf-8")
    assert loads(written.decode("utf-8")) == [e.text for e in store.entries("memory")]


def test_store_writes_no_trailing_newline_and_an_empty_file_for_no_entries(store, home):
    store.add("memory", "only entry")
    assert md_path(home).read_bytes() == b"only entry"
    store.remove("memory", "only entry")
    assert md_path(home).read_bytes() == b""


def test_store_round_trips_entries_that_hermes_wrote_with_crlf(home, clock):
    _data, entries = golden("multiline")
    home.mkdir(parents=True)
    crlf = dumps(entries).replace("\n", "\r\n").encode("utf-8")
    md_path(home).write_bytes(crlf)
    store = make_store(home, clock, memory_char_limit=0)
    assert [e.text for e in store.entries("memory")] == entries
    before = snapshot_files(home)
    assert store.entries("memory") and snapshot_files(home) == before


# ---------------------------------------------------------------- properties

# Entries as they exist once written: stripped, non-empty, unique, and with no line that is only "§"
# (an entry that starts with "§\n" or ends with "\n§" would be split too). CRLF is normalised on read.
entry_text = st.text(
    alphabet=st.sampled_from(list("ab §\n\t中文x\r")) | st.characters(codec="utf-8"), min_size=1, max_size=30
).filter(
    lambda s: s == s.strip()
    and s != ""
    and ENTRY_DELIMITER not in f"\n{s}\n"
    and "\r\n" not in s
    and not s.startswith("\ufeff")
)
entry_lists = st.lists(entry_text, max_size=8, unique=True)


@settings(max_examples=300, deadline=None)
@given(entry_lists)
def test_loads_of_dumps_is_identity_for_normalised_entries(entries):
    assert loads(dumps(entries)) == entries


@settings(max_examples=300, deadline=None)
@given(entry_lists)
def test_dumps_of_loads_is_byte_exact_for_files_written_by_dumps(entries):
    text = dumps(entries)
    assert dumps(loads(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab §\n \r中")), max_size=40))
def test_loaded_entries_are_stripped_non_empty_and_unique(text):
    entries = loads(text)
    assert all(e == e.strip() and e for e in entries)
    assert len(set(entries)) == len(entries)
