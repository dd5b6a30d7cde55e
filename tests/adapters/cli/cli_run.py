"""What the CLI tests share: one `dmem` call with its output (their home is made in conftest.py)."""

from __future__ import annotations

from dialectical_memory.adapters.cli import main


def dmem(capsys, home, *args):
    code = main(["--home", str(home), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err
