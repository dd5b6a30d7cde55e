"""Two devices and a bare remote, all real git repositories in a temp folder."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from dialectical_memory.adapters import cli
from dialectical_memory.store.memory_store import MemoryStore

MEMORY_FILES = ("MEMORY.md", "USER.md", "MEMORY.meta.json", "USER.meta.json",
                "MEMORY.history.jsonl", "USER.history.jsonl", "MEMORY.archive.jsonl", "USER.archive.jsonl")  # fmt: skip


@pytest.fixture(autouse=True)
def isolated_git(tmp_path, monkeypatch):
    """No global or system git configuration leaks in; commits get a test identity."""
    config = tmp_path / "gitconfig"
    config.write_text("[user]\n\tname = Sync Test\n\temail = sync@test.invalid\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("DMEM_HOME", raising=False)
    monkeypatch.delenv("DMEM_SYNC_STALL", raising=False)


@pytest.fixture
def remote(tmp_path) -> Path:
    path = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True)
    return path


class Device:
    """A memory home on one device: a store for changes, ``dmem`` for syncing."""

    def __init__(self, home: Path, host: str, monkeypatch, capsys):
        self.home, self.host = home, host
        self._monkeypatch, self._capsys = monkeypatch, capsys

    def store(self) -> MemoryStore:
        store = MemoryStore(self.home, memory_char_limit=0, user_char_limit=0)
        store.load_from_disk()
        return store

    def dmem(self, *args: str) -> str:
        """Run ``dmem --home HOME ARGS`` in process; returns stdout, fails the test on an error."""
        self._capsys.readouterr()
        with self._monkeypatch.context() as patch:
            patch.setenv("DMEM_SYNC_HOST", self.host)
            code = cli.main(["--home", str(self.home), "--memory-char-limit", "0", "--user-char-limit", "0", *args])
        out = self._capsys.readouterr()
        assert code == 0, out.err
        return out.out

    def files(self) -> dict[str, bytes]:
        return {name: (self.home / name).read_bytes() for name in MEMORY_FILES if (self.home / name).exists()}

    def head(self) -> str:
        return subprocess.run(["git", "-C", str(self.home), "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def devices(tmp_path, monkeypatch, capsys):
    def make(name: str) -> Device:
        return Device(tmp_path / name, name, monkeypatch, capsys)

    return make
