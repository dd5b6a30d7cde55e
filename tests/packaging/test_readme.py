"""The README's snippets run as written, against a fresh home."""

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


SHOW_HOME = "\nprint('HOME=' + str(store.home))\n"


def run_as_a_user_would(tmp_path, script: str) -> tuple[subprocess.CompletedProcess, Path]:
    """Run ``script`` as on a machine where Hermes keeps the user's real memory in ~/.hermes/memories
    (no $DMEM_HOME set); returns the result and the home the snippet wrote to."""
    real = tmp_path / "user-home" / ".hermes" / "memories"
    real.mkdir(parents=True)
    env = {"HOME": str(tmp_path / "user-home"), "PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", script + SHOW_HOME], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert list(real.iterdir()) == [], "the example wrote into the user's real memory"
    home = Path(next(line for line in result.stdout.splitlines() if line.startswith("HOME="))[5:])
    assert home.is_relative_to(tmp_path) and home.parent == tmp_path
    return result, home


def test_the_readme_library_snippet_runs_as_written_in_a_temporary_home(tmp_path):
    snippet = _python_blocks()[0]
    assert "store.load_from_disk()" in snippet and "run_maintenance" in snippet
    check = "\nassert len(contradictions) == 1, contradictions\nassert isinstance(actions, dict)\n"
    _result, home = run_as_a_user_would(tmp_path, snippet + check)
    assert (home / "MEMORY.md").read_text(encoding="utf-8") == "用户喜欢简洁回复\n§\n用户在技术问题上追问细节"


def test_the_readme_tool_snippet_runs_as_written_in_a_temporary_home(tmp_path):
    snippet = next(block for block in _python_blocks() if "memory_tool(" in block)
    _result, home = run_as_a_user_would(tmp_path, snippet)
    assert (home / "USER.md").read_text(encoding="utf-8") == "User lives in Berlin"


def test_more_of_the_api_runs_as_written_after_the_first_snippet(tmp_path):
    """"More of the API" continues the first snippet: together they run, and do what they say."""
    first, more = _python_blocks()[:2]
    assert "More of the API" in README.read_text(encoding="utf-8").split(more)[0][-400:]
    check = (
        "\nassert repr(store.format_for_system_prompt('user')) != \"''\"\n"
        "assert not store.get_contradictions('memory') and not store.get_contradictions('user')\n"
    )
    result, home = run_as_a_user_would(tmp_path, first + more + check)
    lines = result.stdout.splitlines()
    assert "undo" in lines and "''" in lines, "history is newest first; the snapshot was frozen empty"
    assert "User is back from Japan" in result.stdout, "the state went to the user profile, where it belongs"
    assert (home / "USER.md").read_text(encoding="utf-8").split("\n§\n") == [
        "User works at Acme", "User works at Initech on weekends", "User lives in Paris", "User is back from Japan"
    ]  # fmt: skip
    assert "用户一般喜欢简洁回复，但技术问题要讲透" in (home / "MEMORY.md").read_text(encoding="utf-8")
    assert "User lives in Berlin" in (home / "USER.archive.jsonl").read_text(encoding="utf-8")


USAGE = README.parent / "docs" / "usage.md"  # the CLI reference the README links to


def _sh_blocks(path: Path = README) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.DOTALL)


def _dmem_commands(path: Path) -> list[str]:
    lines = [line.split("#")[0].strip() for block in _sh_blocks(path) for line in block.splitlines()]
    return [part.strip() for line in lines for part in line.split("&&") if part.strip().startswith("dmem ")]


def test_every_dmem_command_in_the_readme_parses():
    """Each `dmem …` line of the README and of docs/usage.md is a valid command line (checked by the real parser)."""
    import shlex

    from dialectical_memory.adapters.cli import build_parser

    parser = build_parser()
    commands = _dmem_commands(README) + _dmem_commands(USAGE)
    assert len(_dmem_commands(README)) >= 10 and len(commands) > 40
    for command in commands:
        args = shlex.split(command)[1:]
        try:
            parser.parse_args(args)
        except SystemExit as error:  # argparse exits on a bad command line (and with 0 after --version)
            if error.code != 0:
                raise AssertionError(f"README command does not parse: {command}") from error
