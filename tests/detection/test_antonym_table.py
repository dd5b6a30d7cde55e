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
