"""A long-lived store's spare copy of a large ``.md`` (storage/spare.py): an add appends its entry to
the copy and exchanges it into place instead of writing the whole file, and the file it displaced
becomes the next copy. The copy is used only when it provably holds the file as last read or
written; anything else and the add writes the whole file, as without one."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.storage import spare as spare_files
from dialectical_memory.storage.files import TargetPaths, leftover_temp_files
from dialectical_memory.store import memory_store

ENTRIES = memory_store.SMALL_STORE_ENTRIES + 40  # a home with a journal: large enough to keep a copy


def _seed(home: Path, entries: int = ENTRIES) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "MEMORY.md").write_text("\n§\n".join(f"Background note {n} about the allotment plot {n * 7}" for n in range(entries)), encoding="utf-8")


def _spares(home: Path) -> list[Path]:
    return sorted(home.glob(".MEMORY.md.spare-*.tmp"))


def _long_lived(home: Path, clock) -> MemoryStore:
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=clock)
    store.load_from_disk(prepare_adds=True)  # as a large home's load, or the MCP server's warm-up, does
    return store


@pytest.fixture
def large_home(home):
    _seed(home)
    MemoryStore(home, memory_char_limit=0, user_char_limit=0).load_from_disk(prepare_adds=False)  # adopted: sidecar written
    md = home / "MEMORY.md"
    os.utime(md, ns=(md.stat().st_atime_ns, md.stat().st_mtime_ns - 10**9))  # written a while ago: its identity proves its bytes
    return home


class Writes:
    """Bytes written with ``os.write`` into the ``.md`` or a file that becomes it, while active."""

    def __init__(self, monkeypatch):
        self.total = 0
        real = os.write

        def counting(fd, data):
            written = real(fd, data)
            if ".MEMORY.md." in os.readlink(f"/proc/self/fd/{fd}"):
                self.total += written
            return written

        monkeypatch.setattr(os, "write", counting)


def test_a_long_lived_store_adds_by_appending_to_its_copy_which_stays_the_file(large_home, clock, monkeypatch):
    store = _long_lived(large_home, clock)
    [spare] = _spares(large_home)
    assert spare.read_bytes() == (large_home / "MEMORY.md").read_bytes()
    size = spare.stat().st_size
    writes = Writes(monkeypatch)
    for number in range(3):
        result = store.add("memory", f"User planted garlic in bed number {number}")
        assert not result.reinforced
    monkeypatch.undo()
    assert writes.total < size // 2, f"three adds wrote {writes.total} bytes: the whole {size}-byte file again"
    md = (large_home / "MEMORY.md").read_bytes()
    assert md.endswith("\n§\nUser planted garlic in bed number 2".encode())
    assert _spares(large_home) == [spare] and spare.read_bytes() == md
    assert not leftover_temp_files(TargetPaths(large_home, "memory")), "a copy is not a killed write's leftover"
    fresh = MemoryStore(large_home, memory_char_limit=0, user_char_limit=0)
    texts = [entry.text for entry in fresh.entries("memory")]
    assert len(texts) == ENTRIES + 3 and texts[-1] == "User planted garlic in bed number 2"


def test_a_one_shot_store_and_a_small_home_keep_no_copy(home, clock):
    _seed(home)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=clock)
    store.load_from_disk(prepare_adds=False)  # dmem's commands
    store.add("memory", "User bought a greenhouse")
    assert _spares(home) == []
    small = home.parent / "small"
    _seed(small, 20)
    store = _long_lived(small, clock)
    store.add("memory", "User bought a greenhouse")
    assert _spares(small) == []


def test_a_change_other_than_an_append_drops_the_copy_and_the_next_add_makes_one(large_home, clock):
    store = _long_lived(large_home, clock)
    store.add("memory", "User keeps two beehives")
    store.remove("memory", "Background note 3 about")
    assert _spares(large_home) == []
    store.add("memory", "User sells honey at the market")
    [spare] = _spares(large_home)
    md = (large_home / "MEMORY.md").read_bytes()
    assert spare.read_bytes() == md and b"Background note 3 about" not in md


@pytest.mark.parametrize("how", ["written into", "hard-linked", "mode changed"])
def test_a_copy_that_is_not_provably_the_file_is_never_published(large_home, clock, how):
    store = _long_lived(large_home, clock)
    store.add("memory", "User keeps two beehives")
    [spare] = _spares(large_home)
    md = large_home / "MEMORY.md"
    backup = large_home.parent / "backup-MEMORY.md"
    if how == "written into":  # an editor that opened the .md before an exchange saves in place
        data = bytearray(spare.read_bytes())
        data[0:10] = b"XXXXXXXXXX"
        spare.write_bytes(bytes(data))
    elif how == "hard-linked":
        os.link(spare, backup)
        kept = backup.read_bytes()
    else:
        md.chmod(0o640)
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        store.add("memory", "User sells honey at the market")
    text = md.read_bytes().decode()
    assert text.startswith("Background note 0") and text.endswith("\n§\nUser sells honey at the market")
    assert text.count("User keeps two beehives") == 1
    if how == "hard-linked":
        assert backup.read_bytes() == kept, "a file with another link is never written into"
    late = list(large_home.glob("MEMORY.md.late-save-*"))
    if how == "written into":  # what was saved into the copy is kept, and said
        assert [path.read_bytes() for path in late] == [bytes(data)]
        assert any("late-save" in str(warning.message) for warning in warned)
    else:
        assert late == [] and not warned
    if how == "mode changed":
        assert md.stat().st_mode & 0o777 == 0o640
    [spare] = _spares(large_home)  # the next copy, made from the file this add displaced
    assert spare.read_bytes() == md.read_bytes()


def test_a_write_by_hermes_between_adds_is_merged_not_overwritten_by_the_copy(large_home, clock):
    store = _long_lived(large_home, clock)
    store.add("memory", "User keeps two beehives")
    md = large_home / "MEMORY.md"
    foreign = md.with_name("hermes.tmp")
    foreign.write_bytes(md.read_bytes() + "\n§\nUser asked Hermes to water the tomatoes".encode())
    os.replace(foreign, md)  # Hermes' own write: temp file and rename
    store.add("memory", "User sells honey at the market")
    texts = md.read_bytes().decode().split("\n§\n")
    assert texts[-2:] == ["User asked Hermes to water the tomatoes", "User sells honey at the market"]
    assert len(texts) == ENTRIES + 3


def test_a_failed_commit_puts_the_file_back_and_leaves_no_copy_behind(large_home, clock, monkeypatch):
    store = _long_lived(large_home, clock)
    store.add("memory", "User keeps two beehives")
    md = large_home / "MEMORY.md"
    before = md.read_bytes()
    real_append = memory_store.CommitPlan.append

    def failing(plan, path, records, **kwargs):
        if path.name.endswith("journal"):
            raise OSError(28, "No space left on device")
        return real_append(plan, path, records, **kwargs)

    monkeypatch.setattr(memory_store.CommitPlan, "append", failing)
    with pytest.raises(Exception, match="space"):
        store.add("memory", "User sells honey at the market")
    monkeypatch.undo()
    assert md.read_bytes() == before
    assert _spares(large_home) == [] and not list(large_home.glob(".MEMORY.md.*.tmp"))
    store.add("memory", "User sells honey at the market")
    assert md.read_bytes() == before + "\n§\nUser sells honey at the market".encode()


def test_copies_of_processes_gone_are_swept_and_a_collected_store_removes_its_own(large_home, clock):
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    dead = large_home / f".MEMORY.md.spare-{int(gone.stdout)}-0badf00d.tmp"
    alive = large_home / f".MEMORY.md.spare-{os.getppid()}-0badf00d.tmp"
    for path in (dead, alive):
        path.write_bytes(b"an old copy")
    store = _long_lived(large_home, clock)
    assert not dead.exists() and alive.exists()
    [own] = [path for path in _spares(large_home) if path != alive]
    del store
    gc.collect()
    assert not own.exists() and alive.exists()


def test_a_copy_is_used_only_by_the_process_that_made_it(large_home):
    md = large_home / "MEMORY.md"
    st = md.stat()
    ident = (st.st_ino, st.st_size, st.st_mtime_ns)
    spare = spare_files.make(md, spare_files.new_owner(), md.read_bytes(), 0o644, ident)
    assert spare is not None and spare_files.usable(spare, md, 0o644, ident)
    assert not spare_files.usable(spare._replace(pid=spare.pid + 1), md, 0o644, ident)  # a forked child's view
    assert not spare_files.usable(spare, md, 0o644, (ident[0], ident[1] + 1, ident[2]))  # another file read since
    spare_files.discard(spare._replace(pid=spare.pid + 1))
    assert spare.path.exists(), "a child never removes its parent's copy"


def test_a_save_into_the_copy_is_kept_when_the_store_ends(large_home, clock):
    store = _long_lived(large_home, clock)
    store.add("memory", "User keeps two beehives")
    [spare] = _spares(large_home)
    spare.write_bytes(spare.read_bytes() + "\n§\nA note saved by an editor that held the old file".encode())
    del store
    gc.collect()
    [late] = large_home.glob("MEMORY.md.late-save-*")
    assert late.read_bytes().endswith(b"held the old file") and _spares(large_home) == []


def test_two_long_lived_stores_of_one_process_keep_a_copy_each(large_home, clock):
    first, second = _long_lived(large_home, clock), _long_lived(large_home, clock)
    assert len(_spares(large_home)) == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no copy is taken for a save into another
        for number in range(3):
            first.add("memory", f"User planted garlic in bed number {number}")
            second.add("memory", f"User sowed carrots in row number {number}")
    assert list(large_home.glob("MEMORY.md.late-save-*")) == []
    md = (large_home / "MEMORY.md").read_bytes()
    assert md.endswith("\n§\nUser sowed carrots in row number 2".encode())
    assert md.decode().count("User planted garlic in bed number") == 3


def test_a_closed_store_removes_its_copy_and_goes_on_adding(large_home, clock):
    store = _long_lived(large_home, clock)
    store.add("memory", "User keeps two beehives")
    assert len(_spares(large_home)) == 1
    store.close()
    assert _spares(large_home) == []
    store.add("memory", "User sells honey at the market")
    assert (large_home / "MEMORY.md").read_bytes().endswith("\n§\nUser sells honey at the market".encode())
