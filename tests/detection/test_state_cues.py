"""`states.cues()` must let every family pattern through, as `contexts._TRIGGERS` must
the setting phrases (see test_setting_triggers): a family whose cue words miss a
way of matching its pattern would silently never fire that way."""

import pytest

from dialectical_memory.detection import states
from test_setting_triggers import _alternatives, _covered

PATTERNS = [(family.name, side, pattern.pattern) for family in states.families()
            for side, pattern in (("ended", family.ended), ("ongoing", family.ongoing))]


@pytest.mark.parametrize("family", [family.name for family in states.families()])
def test_every_family_has_cues(family):
    assert states.cues()[family]


@pytest.mark.parametrize("name,side,pattern", PATTERNS)
def test_every_way_of_matching_a_family_contains_a_cue(name, side, pattern):
    for alternative in _alternatives(pattern):
        assert _covered(alternative, states.cues()[name]), f"{name} ({side}): {pattern!r} has a way without a cue"
