"""Every line that tells a user how to install works as written: the package is not on PyPI.

The README's install blocks run verbatim in a copy of the checkout, each in a fresh environment;
the hint that `dmem hermes install` prints is run as printed and then Hermes' Python imports the
provider; the messages that ask for an extra name where this copy was installed from.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from dialectical_memory.core.install_hint import install_hint, installed_from

ROOT = Path(__file__).resolve().parents[2]
SOURCE = shlex.quote(str(ROOT))  # as a shell command names it
README = ROOT / "README.md"
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", ".cache", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
    ".hypothesis", "test-artifacts", ".demo-home", "benchmarks",
)  # fmt: skip


def install_blocks() -> list[str]:
    section = README.read_text(encoding="utf-8").split("## Install", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)```", section, flags=re.DOTALL)


def user_env(home: Path) -> dict[str, str]:
    """A user's shell: their own HOME, the Python this suite runs on first on PATH, no venv active."""
    python_dir = str(Path(sys.base_prefix) / "bin")
    return {"HOME": str(home), "PATH": f"{python_dir}:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}


def bash(script: str, cwd: Path, env: dict[str, str], timeout: int = 600) -> str:
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=timeout)  # fmt: skip
    assert result.returncode == 0, f"{script}\nfailed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("checkout") / "dialectical-memory"
    shutil.copytree(ROOT, copy, ignore=NOT_SOURCE, symlinks=True)
    return copy


def test_the_readme_has_a_checkout_install_and_a_wheel_install():
    checkout_block, wheel_block = install_blocks()
    assert "pip install '." in checkout_block and "dmem --version" in checkout_block
    assert "make wheel" in wheel_block and ".whl[" in wheel_block
    assert "pip install dialectical-memory" not in README.read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_readme_checkout_install_runs_as_written(checkout, tmp_path):
    block = install_blocks()[0]
    out = bash(block, cwd=checkout, env=user_env(tmp_path))
    assert out.strip().endswith("dmem 0.1.0")
    venv_python = tmp_path / ".venvs" / "dmem" / "bin" / "python"
    assert venv_python.is_file(), "the block's venv is where it says"
    bash(f"{venv_python} -c 'import dialectical_memory.web, mcp'", cwd=tmp_path, env=user_env(tmp_path))


@pytest.mark.slow
def test_the_readme_wheel_install_runs_as_written(checkout, tmp_path):
    env = user_env(tmp_path)
    bash(f"{sys.executable} -m venv {tmp_path / 'env'}", cwd=tmp_path, env=env)
    activate = f". {tmp_path / 'env' / 'bin' / 'activate'}\n"
    bash(activate + install_blocks()[1], cwd=checkout, env=env)
    wheel = next((checkout / "dist").glob("dialectical_memory-*.whl"))
    assert wheel.name in install_blocks()[1], "the README names the file make wheel builds"
    out = bash(activate + "cd / && dmem --version && python -c 'import dialectical_memory.web'", cwd=tmp_path, env=env)
    assert out.strip() == "dmem 0.1.0"


def test_an_install_hint_names_where_this_copy_came_from():
    """`make install` installs the checkout (editable): the hint names the checkout itself."""
    assert installed_from() == str(ROOT)
    assert install_hint("web").startswith(f"pip install '{ROOT}[web]'")
    assert "not on PyPI" in install_hint("web")


def test_without_a_known_source_the_hint_gives_both_ways(monkeypatch):
    monkeypatch.setattr("dialectical_memory.core.install_hint.installed_from", lambda: None)
    hint = install_hint("mcp", pip="/opt/hermes/bin/python -m pip")
    assert "/opt/hermes/bin/python -m pip install '.[mcp]'" in hint
    assert "/opt/hermes/bin/python -m pip install 'dist/dialectical_memory-0.1.0-py3-none-any.whl[mcp]'" in hint


def _fake_hermes(bin_dir: Path, python: Path) -> None:
    """A `hermes` command on PATH run by ``python``, as pip or pipx installs it."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    script = bin_dir / "hermes"
    script.write_text(f"#!{python}\nimport sys\nsys.exit(0)\n")
    script.chmod(0o755)


@pytest.mark.slow
def test_hermes_install_prints_a_command_that_makes_hermes_python_import_the_provider(tmp_path):
    hermes_venv = tmp_path / "hermes-venv"
    subprocess.run([sys.executable, "-m", "venv", hermes_venv], check=True)
    _fake_hermes(tmp_path / "bin", hermes_venv / "bin" / "python")
    env = {**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}", "HERMES_HOME": str(tmp_path / "hermes")}
    dmem = [sys.executable, "-m", "dialectical_memory", "hermes", "install"]
    first = subprocess.run(dmem, env=env, capture_output=True, text=True, check=True).stdout
    (command,) = [line.strip() for line in first.splitlines() if " -m pip install " in line]
    assert command.startswith(f"{hermes_venv / 'bin' / 'python'} -m pip install {SOURCE} ")
    plugin = (tmp_path / "hermes" / "plugins" / "dialectical" / "__init__.py").read_text()
    assert f"{hermes_venv / 'bin' / 'python'} -m pip install {SOURCE} " in plugin  # its ImportError says so too
    runnable = command.split(" (where this copy")[0]
    subprocess.run(["bash", "-c", runnable], env=env, check=True, capture_output=True, timeout=600)
    check = subprocess.run([hermes_venv / "bin" / "python", "-c", "import dialectical_memory.hermes"], capture_output=True)
    assert check.returncode == 0, check.stderr
    again = subprocess.run(dmem, env=env, capture_output=True, text=True, check=True).stdout
    assert "imports dialectical_memory already" in again and " -m pip install " not in again


def test_the_plugin_names_the_install_command_when_hermes_python_lacks_the_package(tmp_path):
    from dialectical_memory.hermes import install_plugin

    plugin = install_plugin(tmp_path)
    bare = subprocess.run([sys.executable, "-I", "-S", "-c", textwrap.dedent(f"""
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location("plugin", {str(plugin / '__init__.py')!r})
        try:
            spec.loader.exec_module(importlib.util.module_from_spec(spec))
        except ImportError as error:
            print(error)
    """)], capture_output=True, text=True, check=True)  # fmt: skip
    assert "needs the dialectical-memory package in the Python that runs Hermes" in bare.stdout
    assert f"pip install {SOURCE} " in bare.stdout


def test_the_mcp_server_refuses_a_home_that_does_not_exist(tmp_path):
    missing = tmp_path / "no-such-home"
    result = subprocess.run([sys.executable, "-m", "dialectical_memory", "--home", str(missing), "mcp"],
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert result.returncode == 1 and "does not exist" in result.stderr and "--create" in result.stderr
    assert not missing.exists()
