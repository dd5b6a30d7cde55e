"""Fixtures of the core tests: a temp memory home, a movable clock and stores over them."""

from __future__ import annotations

import pytest

from .helpers import Clock, FakeDetector, make_store


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def home(tmp_path):
    return tmp_path / "memories"


@pytest.fixture
def new_store(home, clock):
    """Factory: ``new_store(**kwargs)`` opens (another) store over the same home and clock."""

    def factory(**kwargs):
        return make_store(home, clock, **kwargs)

    return factory


@pytest.fixture
def store(new_store):
    """A store with Hermes' default limits and the predictable fake detector."""
    return new_store()


@pytest.fixture
def big_store(new_store):
    """A store with no character limits."""
    return new_store(memory_char_limit=0, user_char_limit=0)


@pytest.fixture
def detector() -> FakeDetector:
    return FakeDetector()
