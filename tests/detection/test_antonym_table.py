"""The WordNet table the detector loads (wordnet_axes.tsv) is what tools/make_antonyms.py makes of
WordNet with today's stemmer, and raw WordNet words meet it through their stems."""

import importlib.util
import os
from pathlib import Path

import pytest

from dialectical_memory.detection import antonyms, bundled
from dialectical_memory.detection.text import stem

ROOT = Path(__file__).resolve().parents[2]
WORDNET = Path("/usr/share/wordnet")

# WordNet words as WordNet spells them, one per ending the stemmer cuts, each against an antonym on
# one of its axes: a change to text.stem that moves their stems breaks these (rerun the tool).
RAW_PAIRS = [("quiet", "noisy"), ("spacious", "cramped"), ("narrow", "wide"), ("fragile", "sturdy"),
             ("transparent", "opaque"), ("blunt", "sharp"), ("fertile", "barren"), ("hollow", "solid"),
             ("abiding", "temporary"), ("accelerated", "sluggish"), ("accustomed", "unusual"),
             ("concise", "wordy"), ("organized", "disorganized"), ("relaxed", "tense"), ("interesting", "boring"),
             ("clumsy", "skillful"), ("hurried", "unhurried")]


def test_every_row_is_one_axis_of_two_poles_of_stemmed_words():
    rows = bundled.rows("wordnet_axes.tsv")
    assert len(rows) > 1000
    assert all(len(row) == 2 and row[0].split() and row[1].split() for row in rows)


@pytest.mark.parametrize("word,other", RAW_PAIRS)
def test_wordnet_words_are_opposed_through_their_stems(word, other):
    assert antonyms.opposed(stem(word), stem(other))
    assert not antonyms.opposed(stem(word), stem(word))


def test_the_table_is_what_the_tool_makes_of_wordnet_with_the_current_stemmer():
    if not (WORDNET / "data.adj").is_file():
        message = "WordNet (Debian wordnet-base) is not installed"
        if os.environ.get("DMEM_REQUIRE_WORDNET") or os.environ.get("CI"):
            pytest.fail(f"{message}; make test installs it (DMEM_REQUIRE_WORDNET / CI is set)", pytrace=False)
        pytest.skip(message)
    spec = importlib.util.spec_from_file_location("make_antonyms", ROOT / "tools" / "make_antonyms.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    bundled_text = (ROOT / "dialectical_memory" / "detection" / "wordnet_axes.tsv").read_text(encoding="utf-8")
    assert tool.table(WORDNET) == bundled_text, "text.stem or WordNet changed: run `python tools/make_antonyms.py`"


def test_a_unit_looked_up_alone_has_the_poles_the_whole_table_gives_it():
    """The first units of a process are found in the table's text, not read from all of it: for
    every word of both tables, and units no table holds or that no table word can be (a space, a
    line break, nothing), the same poles as the table read whole."""
    table = antonyms._poles()
    others = ["xyzzy", "e", "a", "in", "long winded", "", " ", "abid\n", "quiet\tnoisi", "安静", "comfortabl"]
    differ = [unit for unit in [*table, *others] if antonyms._find_poles(unit) != table.get(unit, frozenset())]
    assert not differ, differ[:10]


def test_the_table_is_read_whole_once_many_units_were_looked_up(monkeypatch):
    monkeypatch.setitem(antonyms._PROGRESS, "table", None)
    monkeypatch.setitem(antonyms._PROGRESS, "looked_up", {})
    for number in range(antonyms._LOOKUPS_BEFORE_TABLE):
        antonyms.poles_of(f"unit{number}")
    assert antonyms._PROGRESS["table"] is None and antonyms.opposed("quiet", "noisi")
    assert antonyms._PROGRESS["table"] is antonyms._poles()
    assert antonyms.opposed("quiet", "noisi") and not antonyms.opposed("quiet", "quiet")
