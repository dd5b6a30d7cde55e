"""What the CLI tests share: a memory home that exists, and one `dmem` call with its output."""

from __future__ import annotations

import pytest

from dialectical_memory.adapters.cli import main


@pytest.fixture
def home(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    return home


def dmem(capsys, home, *args):
    code = main(["--home", str(home), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err
