"""Helpers every test area may import (`from helpers import ...`): a movable clock, a predictable
detector, a store over a home, file snapshots and the invariants a home must keep."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection.base import Label, Verdict
from dialectical_memory.core.beliefs import SECONDS_PER_DAY, text_hash

# The project's shared data sets, read where they lie beside the clone (CI lays ../shared/ there),
# never copied into the repository or the package.
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

T0 = 1_700_000_000.0
DAY = SECONDS_PER_DAY

_VALUE = re.compile(r"^(?P<key>.+?)(?:\s+is\s+|是)(?P<value>.+)$", re.DOTALL)


class Clock:
    """``clock.t`` is a one-element list so a plain ``lambda: t[0]`` would work just as well."""

    def __init__(self, start: float = T0):
        self.t = [start]

    def __call__(self) -> float:
        return self.t[0]

    def advance(self, days: float) -> None:
        self.t[0] += days * DAY


class FakeDetector:
    """Contradiction when two texts give the same key different values: "X is A" vs "X is B" (or 是)."""

    name = "fake"

    def __init__(self):
        self.calls: list[tuple[str, str]] = []

    @staticmethod
    def split(text: str):
        match = _VALUE.match(text.strip())
        if not match:
            return None, None
        return match["key"].strip().casefold(), match["value"].strip().casefold()

    def compare(self, a: str, b: str) -> Verdict:
        self.calls.append((a, b))
        key_a, value_a = self.split(a)
        key_b, value_b = self.split(b)
        if key_a is not None and key_a == key_b and value_a != value_b:
            return Verdict(Label.CONTRADICTION, 0.9, f"value: {value_a}↔{value_b}", "value")
        return Verdict(Label.UNRELATED, 0.0, "", "")


def make_store(home: Path, clock: Clock, **kwargs) -> MemoryStore:
    kwargs.setdefault("detector", FakeDetector())
    store = MemoryStore(home, clock=clock, **kwargs)
    store.load_from_disk()
    return store


def snapshot_files(home: Path) -> dict[str, bytes]:
    """Every file under ``home`` (names relative to it) with its bytes, except lock files (empty;
    a write creates Hermes' ``X.md.lock`` before it knows whether it will write)."""
    if not home.exists():
        return {}
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


def md_path(home: Path, target: str = "memory") -> Path:
    return home / ("MEMORY.md" if target == "memory" else "USER.md")


def sidecar_path(home: Path, target: str = "memory") -> Path:
    return home / ("MEMORY.meta.json" if target == "memory" else "USER.meta.json")


def read_sidecar(home: Path, target: str = "memory") -> dict:
    return json.loads(sidecar_path(home, target).read_text(encoding="utf-8"))


def edit_meta(home: Path, entry_id: str, target: str = "memory", **fields) -> None:
    """Change stored metadata of one entry by hand, as an older version or a person might have."""
    path = sidecar_path(home, target)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["entries"][entry_id].update(fields)
    path.write_text(json.dumps(document, ensure_ascii=False, indent=2), encoding="utf-8")


def check_invariants(store: MemoryStore, target: str = "memory") -> None:
    """What must hold after any operation: metadata for every active entry, consistent edges and ids."""
    from dialectical_memory.storage import hermes_format

    md = md_path(store.home, target)
    texts = hermes_format.loads(md.read_text(encoding="utf-8")) if md.exists() else []
    active = store.entries(target)
    assert [e.text for e in active] == texts, "every .md entry has metadata, in file order"
    state = store._read_state(target)
    assert state.usage() == hermes_format.usage(state.texts), "the kept character count follows every change"
    assert len({e.entry_id for e in active}) == len(active)
    archived_ids = {e.entry_id for e in store.archived(target)}
    active_ids = {e.entry_id for e in active}
    assert not active_ids & archived_ids, "an entry is either active or archived"
    for entry in active:
        assert store.get_entry_meta(target, entry.text).entry_id == entry.entry_id
    known = active_ids | archived_ids
    for edge in store.get_contradictions(target, include_resolved=True):
        assert edge["from_id"] in known and edge["to_id"] in known
    sidecar, journal = store.paths(target).sidecar, store.paths(target).journal
    if sidecar.exists() and (not journal.exists() or journal.stat().st_size == 0):
        mapping = read_sidecar(store.home, target)["text_to_id"]
        assert mapping == {text_hash(e.text): e.entry_id for e in active}, "text_to_id matches the text"


def shared_data(name: str) -> Path:
    """A file of the shared data sets (``../shared/data/NAME``): missing, a CI run fails and a
    checkout without it skips, as the held-out checks do."""
    path = SHARED_DATA / name
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"the shared data set is missing at {path}", pytrace=False)
        pytest.skip(f"the shared data is not beside this clone ({path})")
    return path


def shared_pairs(name: str, **where) -> list[dict]:
    """The rows of a shared pair set (JSON lines) whose fields equal ``where``, in the file's order."""
    rows = [json.loads(line) for line in shared_data(name).read_text(encoding="utf-8").splitlines() if line.strip()]
    return [row for row in rows if all(row.get(key) == wanted for key, wanted in where.items())]


def tuned_pairs() -> list[dict]:
    """The labelled pairs the detector was tuned on: the shared broad set's train split, then the dev set."""
    return shared_pairs("contradiction_broad.jsonl", split="train") + shared_pairs("contradiction_dev.jsonl")
