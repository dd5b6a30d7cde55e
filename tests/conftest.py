"""Fixtures shared by every test area: real peers that live outside the project's venv."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


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
