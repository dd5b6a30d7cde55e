"""Floors on the lead's six sets of 132 pairs (issue 11, rounds 11d-11i).

Each set was written by the lead before a round of rules, scored once after it, and only then
handed to the next round as development data, so their first scores measured generalisation
(F1 at the round's start -> after it): `lead_11d_pairs` 0.764 -> 0.812, `lead_11e_pairs`
0.784 -> 0.822, `lead_11f_pairs` 0.835 -> 0.859, `lead_11g_pairs` 0.902 -> 0.902 (round four
added nothing there), `lead_11h_pairs` 0.862 -> 0.870, `lead_11i_pairs` 0.926 -> 0.926 (nor did
round six). Tuned on since, they now guard regressions. Every set holds all 21 kinds
of the broad file (73 contradictions, 59 look-alikes) in English, Chinese and mixed pairs.
"""

from pathlib import Path

import pytest

from judging import assert_floor

HERE = Path(__file__).parent

FLOORS = {  # file: (precision, recall)
    "lead_11d_pairs.jsonl": (1.0, 0.91),
    "lead_11e_pairs.jsonl": (1.0, 0.98),
    "lead_11f_pairs.jsonl": (1.0, 0.97),
    "lead_11g_pairs.jsonl": (1.0, 0.98),
    "lead_11h_pairs.jsonl": (1.0, 0.95),
    "lead_11i_pairs.jsonl": (1.0, 0.86),
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_all_kinds_sets_keep_their_floor(name):
    precision, recall = FLOORS[name]
    assert_floor(HERE / name, precision=precision, recall=recall, false_alarms=1)


@pytest.mark.parametrize("denial", ["User avoids crowded markets at all costs.",
                                    "User avoids crowded markets whenever possible.",
                                    "用户无论如何都不去人多的市场。"])
def test_emphasis_says_how_firmly_not_what_about(denial):
    """'at all costs' is no topic of its own: it must not thin the denied topic below what the
    other entry covers."""
    from judging import flags

    other = "用户很喜欢人多的市场。" if denial.startswith("用户") else "User loves crowded markets."
    assert flags(other, denial)
