"""The antonym table is looked up unit by unit in its text (a process's first add meets a few dozen
units and need not build the whole table): each unit's poles are the ones the whole table gives."""

from dialectical_memory.detection import antonyms, bundled, lexicon
from dialectical_memory.detection.text import stem


def _whole_table() -> dict[str, set[tuple[int, int]]]:
    found: dict[str, set[tuple[int, int]]] = {}
    lines = bundled.rows("wordnet_axes.tsv")
    for number, line in enumerate(lines):
        for side, words in enumerate(line):
            for word in words.split():
                found.setdefault(word, set()).add((number, side))
    for number, poles in enumerate(lexicon.BILINGUAL_AXES, start=len(lines)):
        for side, words in enumerate(poles):
            for word in words:
                found.setdefault(antonyms.gloss(word), set()).add((number, side))
                if word.isascii():
                    found.setdefault(stem(word), set()).add((number, side))
    return found


def test_every_unit_looked_up_alone_has_the_poles_the_whole_table_gives():
    table = _whole_table()
    assert len(table) > 4000
    antonyms._poles.cache_clear()  # each unit searched for in the table's text, none read whole
    assert {unit for unit, poles in table.items() if antonyms._poles.__wrapped__(unit) != frozenset(poles)} == set()


def test_a_unit_on_both_sides_of_a_line_and_at_its_edges():
    antonyms._poles.cache_clear()
    first = bundled.rows("wordnet_axes.tsv")[0]
    opening, after_tab, last = first[0].split()[0], first[1].split()[0], first[1].split()[-1]
    assert (0, 0) in antonyms.poles_of(opening)
    assert (0, 1) in antonyms.poles_of(after_tab) and (0, 1) in antonyms.poles_of(last)
    assert antonyms.opposed(opening, after_tab)


def test_no_pole_for_what_is_no_word_of_the_table():
    antonyms._poles.cache_clear()
    for unit in ("", " ", "\t", "quiet noisy", "zzzq", f"{bundled.rows('wordnet_axes.tsv')[0][0].split()[0]} x"):
        assert antonyms.poles_of(unit) == frozenset()
        assert not antonyms.is_unit_on_axis(unit)
    count = len(bundled.rows("wordnet_axes.tsv"))
    assert antonyms.is_bilingual_axis(count) and not antonyms.is_bilingual_axis(count - 1)


def test_a_batch_reads_the_whole_table_once_and_finds_the_same_poles():
    antonyms._poles.cache_clear()
    table = _whole_table()
    units = sorted(table)
    assert [antonyms.poles_of(unit) for unit in units] == [frozenset(table[unit]) for unit in units]
    assert antonyms._wordnet_poles.cache_info().currsize == 1  # read whole once many units were asked
