"""The CLI tests' home exists before `dmem` runs, as a user's does: `dmem` refuses a home that is
not there unless asked to ``--create`` it (test_cli_scripting checks that refusal on its own)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def home_exists(home):
    home.mkdir()
