"""Fixtures for the agent integrations: the real Hermes agent in its own venv, the MCP SDK."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dialectical_memory

REPO = Path(dialectical_memory.__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def hermes_pythonpath(tmp_path_factory) -> str:
    """A PYTHONPATH that lets Hermes' python import this checkout and nothing else of our venv:
    the package itself plus its one runtime dependency, linked one by one (the shared Hermes venv
    is never modified)."""
    deps = tmp_path_factory.mktemp("hermes-deps")
    for name in ("orjson",):
        spec = importlib.util.find_spec(name)
        source = Path(spec.origin).parent
        (deps / source.name).symlink_to(source, target_is_directory=True)
    return os.pathsep.join([str(REPO), str(deps)])


def make_hermes_home(home: Path, hermes_python) -> Path:
    """A fresh Hermes home with the plugin installed by `dmem hermes install` and selected by Hermes'
    own `hermes config set` (the command `dmem` prints)."""
    out = subprocess.run([sys.executable, "-m", "dialectical_memory", "hermes", "install", "--hermes-home", str(home)],
                         capture_output=True, text=True, timeout=60, check=True)  # fmt: skip
    command = out.stdout.strip().splitlines()[-1].split()
    assert command == ["hermes", "config", "set", "memory.provider", "dialectical"]
    hermes = Path(hermes_python).with_name("hermes")
    subprocess.run([str(hermes), *command[1:]], env={**os.environ, "HERMES_HOME": str(home)},
                   capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    return home


@pytest.fixture(scope="module")
def hermes_home(tmp_path_factory, hermes_python) -> Path:
    """A Hermes home with the plugin installed and selected, one per test module (a module's tests
    share the session or turns they read)."""
    return make_hermes_home(tmp_path_factory.mktemp("hermes") / "home", hermes_python)


def run_in_hermes(hermes_python, pythonpath: str, home: Path, script: Path, timeout: int = 180):
    env = {**os.environ, "HERMES_HOME": str(home), "PYTHONPATH": pythonpath}
    env.pop("DMEM_HOME", None)
    return subprocess.run([str(hermes_python), str(script)], env=env, capture_output=True, text=True, timeout=timeout, cwd=home)


@pytest.fixture(scope="session")
def mcp_sdk():
    """The official MCP SDK (the `mcp` extra). Missing: skipped on a developer machine, a failure under
    CI or DMEM_REQUIRE_MCP, so a green run never comes from skipping it."""
    try:
        import mcp
        from mcp.client.stdio import StdioServerParameters  # noqa: F401
    except ImportError as error:
        message = f"the mcp SDK is missing ({error}); pip install -e '.[test]'"
        if os.environ.get("DMEM_REQUIRE_MCP") or os.environ.get("CI"):
            pytest.fail(f"{message}; MCP tests are required here", pytrace=False)
        pytest.skip(message)
    return mcp


def mcp_server_params(home: Path, *extra: str):
    """`dmem mcp` over stdio, exactly as an MCP client configuration launches it."""
    from mcp.client.stdio import StdioServerParameters

    env = {key: value for key, value in os.environ.items() if key not in ("DMEM_HOME", "HERMES_HOME")}
    return StdioServerParameters(command=sys.executable, args=["-m", "dialectical_memory", "--home", str(home), "--create", *extra, "mcp"], env=env)


def run_async(function, *args):
    """``anyio.run(function, *args)`` on a thread of its own: the browser tests' Playwright keeps an
    event loop running on the main thread for the whole session."""
    from concurrent.futures import ThreadPoolExecutor

    import anyio

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(anyio.run, function, *args).result()
