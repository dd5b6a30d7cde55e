"""A trial of a labelled home: a real store in a temporary home, run as a person would meet it.

The home's entries are written as a hand-written ``MEMORY.md`` / ``USER.md`` (the store reconciles
them as it does a file written elsewhere), maintenance checks every entry, and each probe is then
added to a fresh copy of that home: the add's own check first, then maintenance, which checks the
new entry deeper. What the store raised is handed to ``detection.home_evaluation`` to score.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from ..core.errors import DialecticalMemoryError
from ..detection.home_evaluation import TARGETS, HomeEdge, HomeRun
from ..storage.files import TargetPaths
from ..storage.hermes_format import dumps
from ..store.memory_store import MemoryStore

_MAINTENANCE_PASSES = 20  # a pass checks at most a batch of entries; a home of thousands needs a few


def run_home(home: dict, detector=None, progress=None) -> HomeRun:
    """Build the home in a temporary folder, check it, then add each probe to its own copy.
    ``detector`` is the store's (the rules when None); ``progress(done, total)`` follows the probes."""
    probes = home.get("probes", [])
    with tempfile.TemporaryDirectory(prefix="dmem-trial-") as tmp:
        seeded = Path(tmp) / "home"
        keys = _seed(seeded, home)
        store = _store(seeded, detector)
        run = HomeRun(own=[edge for target in TARGETS for edge in _maintained(store, target, keys)])
        for number, probe in enumerate(probes, start=1):
            copy = Path(tmp) / f"probe-{number}"
            shutil.copytree(seeded, copy)
            try:
                run.probes[probe["id"]] = _probe(_store(copy, detector), probe, keys)
            except DialecticalMemoryError as error:
                run.refused[probe["id"]] = str(error)
            shutil.rmtree(copy, ignore_errors=True)
            if progress is not None:
                progress(number, len(probes))
    return run


def _seed(folder: Path, home: dict) -> dict[str, dict[str, str]]:
    """Write each target's entries as its ``.md`` file; returns text → key, by target."""
    folder.mkdir(parents=True)
    keys: dict[str, dict[str, str]] = {}
    for target in TARGETS:
        entries = home.get(target, [])
        keys[target] = {entry["text"]: entry["key"] for entry in entries}
        if entries:
            TargetPaths(folder, target).md.write_text(dumps([entry["text"] for entry in entries]), encoding="utf-8")
    return keys


def _store(folder: Path, detector) -> MemoryStore:
    return MemoryStore(folder, memory_char_limit=0, user_char_limit=0, detector=detector)


def _maintained(store: MemoryStore, target: str, keys: dict[str, dict[str, str]], stage: str = "maintenance") -> list[HomeEdge]:
    """Run maintenance until every entry is checked; the edges it raised, by key."""
    for _ in range(_MAINTENANCE_PASSES):
        if not store.run_maintenance(target)["deep_check_pending"]:
            break
    return _edges(store, target, keys, stage)


def _edges(store: MemoryStore, target: str, keys: dict[str, dict[str, str]], stage: str,
           entry_id: str | None = None) -> list[HomeEdge]:
    known = keys[target]
    return [HomeEdge(known.get(edge["from_text"], edge["from_id"]), known.get(edge["to_text"], edge["to_id"]),
                     edge.get("kind", ""), edge.get("reason", ""), stage)
            for edge in store.get_contradictions(target, entry_id=entry_id)]


def _probe(store: MemoryStore, probe: dict, keys: dict[str, dict[str, str]]) -> list[HomeEdge]:
    """Add the probe, note its edges, run maintenance, note the edges it added."""
    target = probe["target"]
    named = {target_name: dict(texts) for target_name, texts in keys.items()}
    named[target][probe["text"]] = probe["id"]
    entry_id = store.add(target, probe["text"]).entry_id
    at_add = _edges(store, target, named, "add", entry_id)
    _maintained(store, target, named)
    seen = {(edge.a, edge.b) for edge in at_add}
    later = [edge for edge in _edges(store, target, named, "maintenance", entry_id) if (edge.a, edge.b) not in seen]
    return at_add + later
