"""Fixtures every test area shares: a temp memory home, a movable clock, stores over them, and
real peers that live outside the project's venv. Each is defined here once; a folder's
conftest.py only adds what its own layer needs (tests/README.md lists them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers import Clock, make_store


@pytest.fixture
def home(tmp_path) -> Path:
    """The memory home of a test: a folder that does not exist yet (a store creates it on first write)."""
    return tmp_path / "memories"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def new_store(home, clock):
    """Factory: ``new_store(**options)`` opens (another) store over the same home and clock, with the
    predictable fake detector unless ``detector=`` says otherwise; options go to ``MemoryStore``."""

    def factory(**options):
        return make_store(home, clock, **options)

    return factory


@pytest.fixture
def store(new_store):
    """A store with Hermes' default limits and the predictable fake detector."""
    return new_store()


@pytest.fixture
def big_store(new_store):
    """A store with no character limits."""
    return new_store(memory_char_limit=0, user_char_limit=0)


def _required(flag: str) -> bool:
    return bool(os.environ.get(flag) or os.environ.get("CI"))


@pytest.fixture(scope="session")
def hermes_python() -> Path:
    """Python of the venv holding the real ``hermes-agent`` package (``make hermes`` builds it).

    Skipped on a developer machine without it; under CI or ``DMEM_REQUIRE_HERMES`` a missing
    venv fails, so a green run can never come from skipping the real peer.
    """
    # absolute(), not resolve(): a venv python is a symlink, and resolving it leaves the venv.
    path = Path(os.environ.get("DMEM_HERMES_PYTHON", ".cache/hermes-agent-0.19.0/bin/python")).absolute()
    if path.is_file():
        return path
    message = f"the hermes-agent venv is missing at {path} (run `make hermes`)"
    if _required("DMEM_REQUIRE_HERMES"):
        pytest.fail(f"{message}; Hermes tests are required here", pytrace=False)
    pytest.skip(message)
