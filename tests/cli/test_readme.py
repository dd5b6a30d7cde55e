"""The README's library snippet runs as written, against a fresh home."""

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_readme_library_snippet_runs_as_written(tmp_path):
    snippet = _python_blocks()[0]
    assert "store.load_from_disk()" in snippet and "run_maintenance" in snippet
    check = "\nassert len(contradictions) == 1, contradictions\nassert isinstance(actions, dict)\n"
    env = {"DMEM_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", snippet + check], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "home" / "MEMORY.md").read_text(encoding="utf-8") == "用户喜欢简洁回复\n§\n用户在技术问题上追问细节"


def test_the_readme_tool_snippet_runs_as_written(tmp_path):
    snippet = next(block for block in _python_blocks() if "memory_tool(" in block)
    env = {"DMEM_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", snippet], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "home" / "USER.md").read_text(encoding="utf-8") == "User lives in Berlin"
