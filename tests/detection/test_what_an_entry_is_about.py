"""What an entry is about, read before any holder: a floor is no place to live, a name given is no
call, a guest system is no second system, a plan is no state, "she was" is the past."""

import pytest

from judging import flags


@pytest.mark.parametrize(("a", "b"), [
    ("They live on the 4th floor, with a lift.", "User lives in Lyon."),
    ("他们住在 3 楼。", "用户住在里昂。"),
])
def test_a_floor_is_no_place_to_live(a, b):
    assert not flags(a, b)
    assert flags("User lives in Lyon.", "User lives in Marseille.")


def test_a_system_beside_the_main_one_is_no_other_system():
    assert not flags("ember 是台式机，装的是 Windows 11。", "ember 上装了 WSL2（Ubuntu 24.04）。")
    assert not flags("The desktop `ember` runs Windows 11.", "`ember` also dual-boots Fedora for work.")


def test_a_plan_to_buy_is_no_home_bought():
    assert not flags("They rent a flat near the river.", "They are saving to buy a flat in a few years.")
    assert flags("They rent a flat near the river.", "They bought a flat last year and moved in.")


def test_a_name_given_is_no_call():
    assert not flags("She hates phone calls.", "They have a dog called Biscuit.")
    assert flags("She hates phone calls.", "She calls her sister every evening.")


def test_a_pronoun_before_was_states_a_past_state():
    assert not flags("She was vegetarian for two years in college.", "User eats steak most weekends.")
    assert flags("She is vegetarian.", "User eats steak most weekends.")
