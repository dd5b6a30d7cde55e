"""A disk that fills up in the middle of a mutation: every refused call leaves every file
byte-identical, and the store keeps working once there is room again.

On a small tmpfs (when this process may mount one) the free space is swept page by page, so the
write that fails moves through the commit: the ``.md`` temp file, the sidecar, the journal, the
archive, the history. Elsewhere ``RLIMIT_FSIZE`` in a child process plays the full disk (any write
past the limit fails with EFBIG).
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.core.errors import StorageError

sys.path.insert(0, str(Path(__file__).parent))
from conftest import snapshot_files  # noqa: E402  (also imported by the child process below)

pytestmark = pytest.mark.slow
DAY = 86_400.0
PAGE = 4096
T0 = 1_750_000_000.0


def _seed(home: Path, extra: int = 0) -> None:
    clock = [T0]
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: clock[0])
    store.add("memory", "User prefers concise replies")
    store.add("memory", "User asks for detailed answers on technical questions")
    store.add("memory", "Project uses pytest for its tests")
    for _ in range(3):
        store.record_hit("memory", _id(store, "pytest"))
    if extra:
        with open(home / "MEMORY.md", "a", encoding="utf-8") as handle:
            handle.write("".join(f"\n§\nbackground note {i} about 园艺 and gardening" for i in range(extra)))
    clock[0] = T0 + 5 * DAY
    store.run_maintenance("memory")
    assert store.get_entry("memory", _id(store, "pytest")).meta.pending_promotion is not None


def _id(store: MemoryStore, needle: str) -> str:
    return next(e.entry_id for e in store.entries("memory") if needle in e.text)


OPS = {
    "add": lambda s: s.add("memory", "User lives in Berlin"),
    "replace": lambda s: s.replace("memory", "concise", "User prefers short replies"),
    "remove": lambda s: s.remove("memory", "concise"),
    "synthesize": lambda s: s.synthesize(
        "memory", [_id(s, "concise"), _id(s, "detailed")], "Concise in general, detailed on technical questions"
    ),
    "approve": lambda s: s.approve_promotion("memory", _id(s, "pytest"), principle_text="Tests use pytest"),
}


def _mount_tmpfs(where: Path, size: str) -> bool:
    where.mkdir()
    if os.geteuid() != 0:
        return False
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    return result.returncode == 0


def _free_bytes(path: Path) -> int:
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


def _fill_leaving(mount: Path, pages: int) -> Path:
    filler = mount / f"filler-{uuid.uuid4().hex}"
    size = max(0, _free_bytes(mount) - pages * PAGE)
    with open(filler, "wb") as handle:
        while size > 0:
            chunk = min(size, 1 << 20)
            try:
                handle.write(b"\0" * chunk)
                handle.flush()
            except OSError:
                break
            size -= chunk
    return filler


@pytest.fixture
def mount(tmp_path):
    where = tmp_path / "mnt"
    if not _mount_tmpfs(where, "4m"):
        yield None
        return
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.mark.parametrize("size", [0, 260], ids=["sidecar", "journal"])
@pytest.mark.parametrize("op", list(OPS))
def test_a_write_refused_for_lack_of_space_changes_no_file(mount, tmp_path, op, size):
    if mount is None:
        return _rlimit_sweep(tmp_path, op, size)
    home = mount / "home"
    _seed(home, size)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: T0 + 5 * DAY)
    store.entries("memory")
    refusals = 0
    for pages in range(0, 400):
        filler = _fill_leaving(mount, pages)
        before = snapshot_files(home)
        try:
            OPS[op](store)
        except StorageError as error:
            assert "No space left" in str(error) or "space" in str(error).lower(), error
            assert snapshot_files(home) == before, f"{op} refused with {pages} free pages, yet files changed"
            refusals += 1
            continue
        finally:
            filler.unlink()
        break
    else:
        pytest.fail(f"{op} never succeeded")
    print(f"\n{op} ({size} extra entries): refused {refusals} times, files identical after each; then it succeeded")
    assert refusals >= 2, "the sweep should refuse at more than one step of the commit"
    _check_once(home, op)


def _check_once(home: Path, op: str) -> None:
    """The operation that finally succeeded took effect exactly once, and the home loads clean."""
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: T0 + 5 * DAY)
    texts = [e.text for e in store.entries("memory")]
    expected = {
        "add": lambda: texts.count("User lives in Berlin") == 1,
        "replace": lambda: "User prefers short replies" in texts and "User prefers concise replies" not in texts,
        "remove": lambda: "User prefers concise replies" not in texts,
        "synthesize": lambda: texts.count("Concise in general, detailed on technical questions") == 1,
        "approve": lambda: "Tests use pytest" in texts,
    }[op]
    assert expected(), texts[:5]
    assert not [w for w in store.warnings("memory") if "skipped" in w or "unreadable" in w]
    actions = [
        r["action"] for r in store.history("memory")
        if r["at"] == T0 + 5 * DAY and not (r.get("detail") or {}).get("via")  # not a hand edit reconciled
    ]
    assert actions.count({"approve": "promote"}.get(op, op)) == 1, actions


CHILD = """
import resource, sys
sys.path.insert(0, {tests!r})
from test_disk_full import OPS
from dialectical_memory import MemoryStore
from dialectical_memory.core.errors import StorageError
store = MemoryStore({home!r}, memory_char_limit=0, user_char_limit=0, clock=lambda: {now!r})
store.entries("memory")
resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
try:
    OPS[{op!r}](store)
    print("done")
except StorageError as error:
    print("refused", error)
"""


def _rlimit_sweep(tmp_path: Path, op: str, size: int) -> None:
    home = tmp_path / "home"
    _seed(home, size)
    tests = str(Path(__file__).parent)
    refusals = 0
    for limit in (0, 1, 64, 512, 2048, 8192, 32768, 131072, 524288, 1 << 21, 1 << 23, 1 << 26):
        before = snapshot_files(home)
        code = CHILD.format(tests=tests, home=str(home), now=T0 + 5 * DAY, limit=limit, op=op)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        if out.stdout.startswith("refused"):
            assert snapshot_files(home) == before, f"{op} refused at RLIMIT_FSIZE={limit}, yet files changed"
            refusals += 1
            continue
        assert out.stdout.startswith("done"), out.stdout
        break
    assert refusals >= 2
    _check_once(home, op)
