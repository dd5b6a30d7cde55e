"""The stemmed WordNet table the detector loads must be what stemming the generated axes gives today."""

from dialectical_memory.detection import antonyms
from dialectical_memory.detection.wordnet_antonyms import AXES
from dialectical_memory.detection.wordnet_poles import STEMMED_AXES


def test_the_stemmed_table_matches_the_axes_under_the_current_stemmer():
    assert antonyms.stemmed_axes(AXES) == STEMMED_AXES.strip(), (
        "text.stem or the axes changed: run `python tools/make_antonyms.py --restem`"
    )


def test_wordnet_words_are_opposed_through_their_stems():
    assert antonyms.opposed("quiet", "noisi")
    assert antonyms.opposed("spacious", "cramp")
    assert not antonyms.opposed("quiet", "quiet")
