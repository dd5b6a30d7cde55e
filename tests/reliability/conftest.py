import hashlib
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore


def snapshot_files(home: Path) -> dict[str, str]:
    """Hash of every file in the home except lock files (which a read may create)."""
    if not home.exists():
        return {}
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.iterdir())
        if p.is_file() and not p.name.endswith(".lock")
    }


@pytest.fixture
def snapshot():
    return snapshot_files


@pytest.fixture
def seeded_home(home):
    """``home`` with three entries, added through a store with the default limits and detector."""
    store = MemoryStore(home)
    store.add("memory", "User prefers concise replies")
    store.add("memory", "User asks for detailed answers on technical questions")
    store.add("user", "用户住在北京")
    return home
