"""A concept meets a text's word only when the word is one of its forms or an inflection of one:
the stemmer's key alone read "new" as news, "winning" as wine, "late" as a latte and any "team"
as the Microsoft product, so such notes were flagged against a denial and looked alike to each
other in recall and pattern proposals. A plural that names its concept only so (concepts.json's
"plural_names": "news", "teams") is read as written."""

import pytest

from judging import flags

from dialectical_memory.detection.index import relevance_terms
from dialectical_memory.detection.text import inflects


@pytest.mark.parametrize(("denial", "look_alike", "same_concept"), [
    ("User doesn't drink wine.", "User loves winning chess games.", "User drinks red wines with dinner."),
    ("User never follows the news.", "User reads new books every week.", "User reads the news every morning."),
    ("User never uses Microsoft products.", "User coaches the junior football team.", "User uses Teams for meetings."),
    ("User avoids coffee.", "User stays up late every night.", "User orders a latte every morning."),
])
def test_a_word_the_stemmer_merges_with_a_concept_is_no_claim_about_it(denial, look_alike, same_concept):
    assert not flags(denial, look_alike)
    assert flags(denial, same_concept)


@pytest.mark.parametrize(("text", "tag", "tagged"), [
    ("Waits for news from the clinic.", "#news", True),
    ("Bought a new kettle.", "#news", False),
    ("Kept winning at cards all evening.", "#wine", False),
    ("Brought two bottles of wine.", "#wine", True),
    ("Plays with his team on Fridays.", "#microsoft product", False),
    ("Keeps walking, counting her steps.", "#steps", True),
    ("The second step of the recipe is tricky.", "#steps", False),
    ("A book by an author named Nutt.", "#nut", False),
    ("Framed a photo of her grandmother.", "#photography", True),  # "photos" in the table: its singular too
    ("Swims before work.", "#swimming", True),  # a gerund form stands for its verb
    ("Hiked the ridge trail.", "#hiking", True),
])
def test_what_an_entry_is_about_reads_a_concept_only_in_its_own_words(text, tag, tagged):
    assert (tag in relevance_terms(text)) is tagged


def test_an_inflection_is_one_word_and_a_stemmers_cut_is_not():
    assert inflects("hobbies", "hobby") and inflects("drove", "drive") and inflects("swimming", "swim")
    assert inflects("boxes", "box") and inflects("studied", "study") and inflects("photo", "photos")
    assert not inflects("winning", "wine") and not inflects("late", "latte") and not inflects("nutt", "nut")
