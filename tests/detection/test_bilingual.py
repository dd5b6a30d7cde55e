"""Cross-language pairs share concepts; aversion and willingness are stances."""

import pytest

from dialectical_memory.detection.index import index_terms
from judging import flags


@pytest.mark.parametrize(("a", "b"), [
    ("User eats instant noodles every day.", "用户很少吃泡面。"),
    ("User writes in their diary every day.", "用户一年只写几次日记。"),
    ("User's handwriting is very neat.", "用户的字写得很潦草。"),
    ("User likes phone calls.", "User dreads phone calls."),
    ("用户习惯用 Vim 写代码。", "用户对 Vim 很抵触。"),
    ("User is happy to use Teams.", "User refuses to use Teams."),
])
def test_paraphrased_and_cross_language_conflicts(a, b):
    assert flags(a, b)


def test_a_cross_language_pair_shares_a_concept_term_in_the_index():
    english, chinese = index_terms("User eats instant noodles every day."), index_terms("用户很少吃泡面。")
    assert {term for term in english & chinese if term.startswith("#")}
