"""Prove that a change to the commit path writes the same bytes: one fixed sequence of writes, with
fixed ids and a fixed clock, on a new home, with the code of the tree this file is in.

    PYTHONHASHSEED=0 python tools/commit_equivalence.py > /tmp/after.txt    # this tree
    PYTHONHASHSEED=0 python /path/to/other/tree/tools/commit_equivalence.py > /tmp/before.txt
    diff /tmp/before.txt /tmp/after.txt

The sequence: adds (contradictions and a fact said again among them), a replace, removes, signals,
a batch, then past the small store's size (the journal), removes, a compaction. Prints one digest
of every file after each write (the candidate index, a derived cache, left out), then each file's
digest at the end. The history tail's ``inode`` names a file on this disk: it is zeroed first.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import re
import shutil
import sys
import tempfile
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

INODE = re.compile(rb'\\"inode\\":\d+')


def _bytes(path: Path) -> bytes:
    return INODE.sub(rb'\\"inode\\":0', path.read_bytes())


def _files(home: Path) -> list[Path]:
    return [p for p in sorted(home.iterdir()) if not p.name.endswith(".lock") and ".index." not in p.name]


def _writes(store) -> None:
    texts = [f"User keeps note {i} about the garden and the {w}" for i, w in enumerate(["roses", "bees", "shed", "pond"] * 8)]
    texts += ["User drinks green tea every morning", "User never drinks tea", "用户每天早上喝绿茶", "User lives in Berlin",
              "User lives in Paris", "User's sister is called Ana", "User prefers concise replies"]
    for text in texts:
        store.add("memory", text)
    store.add("memory", "User drinks green tea every morning")  # said again
    store.replace("memory", "note 3 about", "User keeps note 3 about the garden and the tulips")
    for i in range(0, 20, 3):
        store.remove("memory", f"note {i} about")
    store.add("user", "User is a nurse")
    store.add("user", "User works nights")
    ids = list(store._states["memory"].entries)
    store.record_hit("memory", ids[2])
    store.record_observed("memory", ids[4])
    store.apply_batch("memory", [{"action": "add", "content": "User plays chess on Sundays"},
                                 {"action": "remove", "old_text": "note 1 about"}])
    for i in range(230):  # past the small store: journal lines
        store.add("memory", f"Project {i} keeps its records in folder {i * 7}")
    for i in range(0, 40, 4):
        store.remove("memory", f"Project {i} keeps")
    store.add("memory", "User lives in Lisbon")
    store.compact("memory")
    store.add("memory", "User visited the museum of clocks")


def main() -> None:
    ids = random.Random(7)
    uuid.uuid4 = lambda: uuid.UUID(int=ids.getrandbits(128), version=4)
    from dialectical_memory import MemoryStore
    from dialectical_memory.store import memory_store

    every_write, writes = hashlib.sha256(), [0]
    unit_of_work = memory_store.MemoryStore.unit_of_work

    @contextlib.contextmanager
    def digested(self, target, actor):
        with unit_of_work(self, target, actor) as pair:
            yield pair
        for path in _files(self.home):
            every_write.update(path.name.encode() + _bytes(path))
        writes[0] += 1

    memory_store.MemoryStore.unit_of_work = digested
    clock = [1_790_000_000.0]

    def tick() -> float:
        clock[0] += 1.5
        return clock[0]

    folder = Path(tempfile.mkdtemp(prefix="dmem-commit-equivalence-"))
    try:
        store = MemoryStore(folder / "home", clock=tick, memory_char_limit=0, user_char_limit=0)
        store.load_from_disk()
        _writes(store)
        print(f"{every_write.hexdigest()[:16]}  every file after each of {writes[0]} writes")
        for path in _files(folder / "home"):
            data = _bytes(path)
            print(f"{hashlib.sha256(data).hexdigest()[:16]}  {len(data):8d}  {path.name}")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
