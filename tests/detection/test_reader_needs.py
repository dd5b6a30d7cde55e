"""A reader declares what it cannot find anything without (core/regex_cues.Needs), and a text holding
none of it is not read at all (`reads_only_where`): a reader of many patterns pays one test, not a
gate per pattern. That may change no answer, held two ways: reader by reader, the ungated reader
finds nothing in any text of the corpora that lacks its needs (a declaration that leaves out a
pattern the reader can find something by fails here); and the gate itself: skipped where no cue is,
run where one is, always run where a need has no cue (or the table is off)."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import dialectical_memory.detection as detection
from dialectical_memory.core import regex_cues
from dialectical_memory.core.regex_cues import CueTable, LazyPattern, Needs, folded, reads_only_where
from dialectical_memory.detection.analysis import analyse
from dialectical_memory.detection.text import normalize
from helpers import tuned_pairs

from test_pattern_gate import PAIR_FILES, _rows, _texts


def _gated_readers() -> list:
    """Every reader of the detector behind a `reads_only_where` gate."""
    found = {}
    for module in pkgutil.iter_modules(detection.__path__):
        loaded = importlib.import_module(f"{detection.__name__}.{module.name}")
        for name, value in vars(loaded).items():
            if callable(value) and isinstance(getattr(value, "needs", None), Needs):
                found[f"{module.name}.{name}"] = value
    return sorted(found.items())


GATED = _gated_readers()


@pytest.fixture(scope="module")
def forms() -> list[str]:
    """Texts as the readers meet them: as written (NFKC), normalised, and clause by clause. A fixture,
    not a module constant: the tuned pairs lie in the shared data, and a checkout without them skips
    the tests that read them (a CI run fails) instead of failing to collect this module."""
    texts = _texts(tuned_pairs() + _rows(PAIR_FILES))
    forms = []
    for text in texts:
        original = analyse(text).text
        forms += [original, normalize(original), *(part.strip() for part in re.split(r"[,;，；。]", original))]
    return list(dict.fromkeys(form for form in forms if form))



def test_the_readers_of_many_patterns_are_gated():
    names = {name for name, _reader in GATED}
    assert {"slots._residence", "slots._employer", "slots._attributes", "slots.routine_times", "slots._systems",
            "states._named_families", "analysis._employment_claims", "holders._zh_person", "holders._zh_heads",
            "holders._en_name_zh_predicate", "holders._user_named"} <= names
    for name, reader in GATED:
        assert reader.needs.cues(), f"{name} declares a need with no cue: its gate would never skip"


@pytest.mark.parametrize("name, reader", GATED, ids=[name for name, _reader in GATED])
def test_a_reader_finds_nothing_where_a_text_lacks_what_it_needs(name, reader, forms):
    skipped = [form for form in forms if not reader.needs.held_in(form)]
    assert len(skipped) > 100  # the gate does skip texts of the corpora
    found = [(form, answer) for form in skipped for answer in [reader.ungated(form)] if answer]
    assert not found, found[:3]


class _Table(CueTable):
    def __init__(self, rows):
        self._rows = rows


def _counting(found=("found",)):
    calls = []

    def read(text):
        calls.append(text)
        return found
    return calls, read


def test_a_text_without_a_cue_is_not_read_and_one_with_a_cue_is():
    table = _Table({(r"\bcoffee\s+(\w+)", 0): (("coffee",), False), (r"茶(?:叶|水)", 0): (("茶叶", "茶水"), False)})
    calls, read = _counting()
    gated = reads_only_where(LazyPattern(r"\bcoffee\s+(\w+)", 0, table), LazyPattern(r"茶(?:叶|水)", 0, table),
                             "Latte", nothing=())(read)
    assert gated("tea in the morning") == () and gated("茶壶") == ()
    assert calls == []
    assert gated("black COFFEE daily") == ("found",)  # case-blind: the reader decides
    assert gated("喝茶水") == ("found",) and gated("a latte") == ("found",)
    assert calls == ["black COFFEE daily", "喝茶水", "a latte"]
    assert gated.ungated is read and gated.__name__ == "read"


def test_a_need_with_no_cue_lets_every_text_be_read():
    table = _Table({(r"\bcoffee\b", 0): (("coffee",), False)})
    for need in (LazyPattern(r"\d+", 0, table), LazyPattern(r"\bcoffee\b", 0, _Table({})), "x"):
        calls, read = _counting()
        gated = reads_only_where(LazyPattern(r"\bcoffee\b", 0, table), need)(read)
        assert gated("tea") == ("found",) and calls == ["tea"]
        assert Needs(need).cues() == () and Needs(need).held_in("anything")


def test_needs_given_by_a_function_are_read_on_first_use():
    asked = []

    def words():
        asked.append(1)
        return ("espresso", "拿铁")
    needs = Needs(words)
    assert asked == []
    assert needs.held_in("一杯拿铁") and needs.held_in("An Espresso") and not needs.held_in("tea")
    assert asked == [1]


def test_texts_met_in_turn_are_each_folded_as_their_own():
    """The gates share the last text's case-blind form: a text met after another never reads it."""
    needs = Needs("coffee")
    for text in ("COFFEE", "tea", "Coffee", "TEA", "tea", "coffee"):
        assert needs.held_in(text) == ("coffee" in text.lower())
        assert folded(text) == regex_cues.matching_case(text)
    assert folded("\u212aELVIN") == regex_cues.matching_case("\u212aELVIN") == "kelvin"


def test_the_reader_gates_are_off_with_the_pattern_gates(monkeypatch):
    """``DMEM_PATTERN_GATE=0`` turns every gate off, a reader's of words too: the on/off comparison of
    test_pattern_gate then covers the readers as well."""
    monkeypatch.setenv("DMEM_PATTERN_GATE", "0")
    calls, read = _counting()
    gated = reads_only_where("espresso", "拿铁")(read)
    assert gated("tea") == ("found",) and calls == ["tea"]
    assert Needs("espresso").cues() == ()
