"""The commit of a write touches each file as few times as its guarantees need: the system calls of
an add are counted (never timed), file by file."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from dialectical_memory.storage import files

from helpers import make_store


class FileCalls:
    """``os.open``, ``os.stat`` and ``os.lstat`` by path while active (pathlib's ``exists``,
    ``is_dir`` and ``is_symlink`` go through them too)."""

    def __init__(self, monkeypatch):
        self.opened: Counter[str] = Counter()
        self.statted: Counter[str] = Counter()
        for name, seen in (("open", self.opened), ("stat", self.statted), ("lstat", self.statted)):
            monkeypatch.setattr(os, name, self._counting(getattr(os, name), seen))

    @staticmethod
    def _counting(real, seen):
        def call(path, *args, **kwargs):
            if not isinstance(path, int):
                seen[os.fspath(path).rsplit("/", 1)[-1]] += 1
            return real(path, *args, **kwargs)

        return call

    def clear(self) -> None:
        self.opened.clear()
        self.statted.clear()


@pytest.fixture
def warm_small_home(home, clock):
    store = make_store(home, clock, memory_char_limit=0)
    for number in range(3):
        store.add("memory", f"Warm-up note number {number} about the garden")
    return store


def test_an_add_opens_each_file_it_writes_once(warm_small_home, monkeypatch):
    """Each temp file is fsynced through the descriptor it was written with, the history file is
    appended through one open (no ``exists`` and ``is_symlink`` stats before it)."""
    calls = FileCalls(monkeypatch)
    warm_small_home.add("memory", "User keeps bees on the roof")
    temps = {name: count for name, count in calls.opened.items() if name.endswith(".tmp")}
    assert sorted(name.split(".tmp")[0].rsplit(".", 1)[0] for name in temps) == [".MEMORY.md", ".MEMORY.meta.json"]
    # each temp file: created once; the displaced .md is not read (its identity proves it is the
    # file this store wrote: see files.backdate), neither right after the exchange nor after
    assert [count for name, count in sorted(temps.items())] == [1, 1], temps
    assert calls.opened["MEMORY.md"] == 0, "the .md this store wrote is not read back before the next write"
    assert calls.opened["MEMORY.history.jsonl"] == 1
    assert calls.statted["MEMORY.history.jsonl"] == 1, "the history's size for the sidecar's tail, no more"


def test_an_add_to_a_home_without_a_journal_looks_for_it_only_in_the_freshness_checks(warm_small_home, home, monkeypatch):
    """The journal's absence, confirmed under the locks, is not asked again before the commit
    (which empties a journal only when there is one); the home is looked at once."""
    assert not (home / "MEMORY.meta.journal").exists()
    calls = FileCalls(monkeypatch)
    warm_small_home.add("memory", "User keeps bees on the roof")
    # under the locks only: not before them, and not for the stamps kept after the commit (an
    # add writes neither the journal nor the archive, and only stores write them, under the lock)
    assert calls.statted["MEMORY.meta.journal"] == 1, calls.statted
    assert calls.statted["MEMORY.archive.jsonl"] == 1, calls.statted
    assert calls.statted[home.name] == 1, calls.statted
    assert sum(calls.statted.values()) <= 13, calls.statted  # 24, then 15


def test_a_write_after_another_store_wrote_refreshes_without_holding_the_locks(warm_small_home, new_store, home, monkeypatch):
    """The files are looked at once per write, under the locks; when another store wrote, that
    look finds it, the locks are let go, and the state is brought up to date without them (a
    reload under the locks would hold off every other writer for its length)."""
    import fcntl

    from dialectical_memory.store import memory_store

    new_store().add("memory", "Another process wrote this note about the garden")
    held_during_refresh = []
    real_refresh = memory_store.refresh

    def refresh(state, now):
        probe = os.open(home / ".MEMORY.lock", os.O_RDWR)
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held_during_refresh.append(False)
        except BlockingIOError:
            held_during_refresh.append(True)
        finally:
            os.close(probe)
        return real_refresh(state, now)

    monkeypatch.setattr(memory_store, "refresh", refresh)
    warm_small_home.add("memory", "User keeps bees on the roof")
    assert held_during_refresh == [False], held_during_refresh
    texts = warm_small_home.entries("memory")
    assert {"Another process wrote this note about the garden", "User keeps bees on the roof"} <= {e.text for e in texts}


def test_a_forked_child_draws_other_temp_names_than_its_parent(tmp_path):
    """Temp names come from a generator per process: a child forked after the parent drew names
    would otherwise draw the very names the parent draws next (O_EXCL would refuse one, and a
    writer would retry; the names must differ to begin with)."""
    for folder in ("parent", "child"):
        (tmp_path / folder).mkdir()  # apart: O_EXCL must not be what tells the names apart
    files.write_temp(tmp_path / "parent" / "x", b"")  # the parent's generator made and used
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next names, to the parent
        try:
            names = [files.write_temp(tmp_path / "child" / "x", b"").name for _ in range(3)]
            os.write(write_end, "\n".join(names).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    os.waitpid(pid, 0)
    with os.fdopen(read_end) as pipe:
        child = pipe.read().split("\n")
    parent = [files.write_temp(tmp_path / "parent" / "x", b"").name for _ in range(3)]
    assert len(child) == 3 and not set(child) & set(parent), (child, parent)


def test_an_append_through_a_symlink_in_the_home_is_undone_in_its_target(tmp_path):
    """``O_NOFOLLOW`` tells the symlink: it is followed (it stays in the home), and a plan that
    fails truncates the target back instead of deleting it."""
    home = tmp_path / "home"
    (home / "kept").mkdir(parents=True)
    target = home / "kept" / "history.jsonl"
    target.write_bytes(b'{"a":1}\n')
    link = home / "MEMORY.history.jsonl"
    link.symlink_to(target)
    with pytest.raises(RuntimeError), files.CommitPlan(home) as plan:
        plan.append(link, [{"b": 2}], sync=False)
        assert target.read_bytes() == b'{"a":1}\n{"b":2}\n'
        raise RuntimeError("a later step failed")
    assert target.read_bytes() == b'{"a":1}\n' and link.is_symlink()
    with files.CommitPlan(home) as plan:
        plan.append(home / "MEMORY.archive.jsonl", [{"c": 3}], sync=False)
    assert (home / "MEMORY.archive.jsonl").read_bytes() == b'{"c":3}\n'
    with pytest.raises(RuntimeError), files.CommitPlan(home) as plan:
        plan.append(home / "MEMORY.new.jsonl", [{"d": 4}], sync=False)
        raise RuntimeError("a later step failed")
    assert not (home / "MEMORY.new.jsonl").exists(), "a file the plan created is removed again"
    assert oct((home / "MEMORY.archive.jsonl").stat().st_mode & 0o777) == "0o600"


def test_a_backdated_file_changes_its_identity_with_any_later_write(tmp_path):
    """``backdate`` leaves the modification time before the one the file's write got, so a write
    right after (within the same tick of the clock, same length) still changes the identity."""
    path = tmp_path / "MEMORY.md"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        os.write(fd, b"first text")
        written = os.fstat(fd)
        stamped = files.backdate(fd)
        assert stamped is not None and stamped.st_mtime_ns < written.st_mtime_ns
        os.pwrite(fd, b"other text", 0)  # in place, same length, at once
        assert files.md_identity(os.fstat(fd)) != files.md_identity(stamped)
        assert os.fstat(fd).st_mtime_ns >= written.st_mtime_ns
    finally:
        os.close(fd)


@pytest.mark.parametrize("small", [True, False], ids=["sidecar", "journal"])
def test_the_stamps_kept_after_a_commit_are_those_of_the_files(home, clock, monkeypatch, small):
    """After a commit only the files it wrote are looked at again (the others keep the stamps they
    were confirmed by under the locks): what the state keeps must still be what is on disk, or
    the next write would take its own commit for another store's and reload."""
    from dialectical_memory.store import memory_store

    if not small:
        monkeypatch.setattr(memory_store, "SMALL_STORE_ENTRIES", 1)  # journal lines from the second entry on
    store = make_store(home, clock, memory_char_limit=0)
    state = lambda: store._states["memory"]  # noqa: E731
    for step in (lambda: store.add("memory", "User keeps bees on the roof"),
                 lambda: store.add("memory", "User grows tomatoes in the garden"),
                 lambda: store.record_hit("memory", store.entries("memory")[0].entry_id),
                 lambda: store.remove("memory", "tomatoes"),  # the archive appended
                 lambda: store.compact("memory"),  # the journal emptied
                 lambda: store.add("memory", "User walks the dog at six")):
        step()
        assert state().meta_stamps == files.metadata_stamps(state().paths)
    assert (home / "MEMORY.archive.jsonl").exists()
    assert small or (home / "MEMORY.meta.journal").exists()


def test_a_tail_text_is_the_json_of_the_tail_however_it_grew():
    """``TailText`` serialises each carried record once and reuses it while the tail grows at its
    end; whatever the tail (grown, restarted, read back from a sidecar, of another shape), its
    text is ``orjson.dumps(tail)``, written as a JSON string."""
    import orjson

    records = [{"id": f"r{n}", "op": "o", "at": 1.5 * n, "before": None, "after": {"text": "é\"\\\n\x01😀", "n": n}} for n in range(9)]
    text = files.TailText()

    def tail(start, end, *held):
        return {"start": start, "end": end, "inode": 7, "records": list(held)}

    shown = [tail(0, 10, records[0]), tail(0, 20, records[0], records[1]), tail(0, 40, *records[:4]),  # grown
             tail(40, 50, records[4]),  # restarted after the file was synced
             tail(40, 60, records[4], records[5]), tail(0, 10),  # none carried
             orjson.loads(orjson.dumps(tail(40, 70, *records[4:7]))),  # read back: other objects
             {"records": [records[7]], "start": 1, "end": 2, "inode": 0},  # keys in another order
             {"start": 0, "end": 1, "inode": 0, "records": "not a list"},
             tail(0, 90, *records[:2], records[8])]  # the records before it are not a prefix of it
    for shape in shown:
        assert orjson.dumps(text.written(shape)) == orjson.dumps(orjson.dumps(shape).decode("utf-8")), shape


def test_an_fsync_that_fails_on_a_worker_is_raised_once_every_fsync_returned(tmp_path, monkeypatch):
    """``fsync_at_once`` hands all but the first descriptor to worker threads: a failure there is
    the caller's (the plan is undone), and only after every fsync returned (the caller closes the
    descriptors next)."""
    import errno
    import time

    fds = [os.open(tmp_path / f"file{n}", os.O_RDWR | os.O_CREAT, 0o600) for n in range(3)]
    returned = []

    def fsync(fd):
        if fd == fds[1]:
            time.sleep(0.05)  # the slow one: still running when the failing one has failed
        returned.append(fd)
        if fd == fds[2]:
            raise OSError(errno.EIO, "lost the disk")

    monkeypatch.setattr(os, "fsync", fsync)
    try:
        with pytest.raises(OSError) as failed:
            files.fsync_at_once(fds)
        assert failed.value.errno == errno.EIO
        assert sorted(returned) == sorted(fds)
        returned.clear()
        files.fsync_at_once(fds[:2])  # the workers are still there after a failure
        assert sorted(returned) == sorted(fds[:2])
    finally:
        for fd in fds:
            os.close(fd)


@pytest.mark.parametrize("small", [True, False], ids=["sidecar", "journal"])
def test_a_foreign_write_merged_during_a_commit_is_in_the_history_and_what_carries_it(home, clock, monkeypatch, small):
    """Hermes replaces the ``.md`` between the store's look under its locks and its exchange: the
    store merges it and writes again, and the records of that merge are appended and carried
    (the journal line, or the sidecar's tail) with the commit's own, not only those serialised
    before the merge."""
    import orjson

    from dialectical_memory.storage import hermes_format
    from dialectical_memory.store import memory_store

    if not small:
        monkeypatch.setattr(memory_store, "SMALL_STORE_ENTRIES", 1)  # journal lines from the second entry on
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "User keeps bees on the roof")
    store.add("memory", "User grows tomatoes in the garden")
    md = home / "MEMORY.md"
    publish, landed = files.CommitPlan.publish, []

    def publish_after_a_foreign_write(plan, tmp, path):
        if path.name == md.name and not landed:
            landed.append(True)
            texts = hermes_format.loads(md.read_text(encoding="utf-8"))
            (home / "hermes.tmp").write_text(hermes_format.dumps([*texts, "Hermes wrote this note meanwhile"]), encoding="utf-8")
            os.replace(home / "hermes.tmp", md)
        return publish(plan, tmp, path)

    monkeypatch.setattr(files.CommitPlan, "publish", publish_after_a_foreign_write)
    before = len(files.read_records(home / "MEMORY.history.jsonl")[0])
    store.add("memory", "User walks the dog at six")
    assert landed and "Hermes wrote this note meanwhile" in md.read_text(encoding="utf-8")
    this_commit = files.read_records(home / "MEMORY.history.jsonl")[0][before:]
    assert {"Hermes wrote this note meanwhile", "User walks the dog at six"} <= {(r["after"] or {}).get("text") for r in this_commit}
    if small:
        carried = orjson.loads(files.read_sidecar(home / "MEMORY.meta.json")["history_tail"])["records"]
    else:
        carried = orjson.loads((home / "MEMORY.meta.journal").read_bytes().splitlines()[-1])["history"]
    assert {r["id"] for r in this_commit} <= {r["id"] for r in carried}


def _displaced_md_removed(monkeypatch) -> "threading.Event":
    """An event set once a displaced ``.md`` (kept at the store's temp name) is unlinked."""
    import threading

    removed, unlink = threading.Event(), os.unlink

    def watching(path, *args, **kwargs):
        unlink(path, *args, **kwargs)
        if os.fspath(path).rsplit("/", 1)[-1].startswith(".MEMORY.md."):
            removed.set()

    monkeypatch.setattr(os, "unlink", watching)
    return removed


def test_the_displaced_md_is_removed_while_the_last_fsyncs_run(home, clock, monkeypatch):
    """In journal mode (a large home) removing the displaced ``.md`` (its blocks freed: on ext4 as
    long as an fsync at 10,000 entries) overlaps the commit's last fsyncs instead of following
    them; the call still returns only once it is gone. The folder's fsync here waits for the
    removal: were it to come after, the fsync would give up waiting and the removal would be
    seen too late."""
    import stat

    from dialectical_memory.store import memory_store

    monkeypatch.setattr(memory_store, "SMALL_STORE_ENTRIES", 1)
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "User keeps bees on the roof")
    removed, fsync, seen = _displaced_md_removed(monkeypatch), os.fsync, []

    def folder_waits_for_the_removal(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            seen.append(removed.wait(timeout=5.0))
        fsync(fd)

    monkeypatch.setattr(os, "fsync", folder_waits_for_the_removal)
    store.add("memory", "User grows tomatoes in the garden")
    assert seen == [True], "the displaced .md was removed only after the folder's fsync"
    assert not list(home.glob(".MEMORY.md.*.tmp")), "the call returned before the displaced file was gone"


def test_a_last_fsync_that_fails_after_the_displaced_md_was_removed_leaves_every_file_as_it_was(home, clock, monkeypatch):
    """The displaced ``.md`` is gone when the journal line's fsync fails: the undo writes it back
    from the bytes it held and exchanges it into place, so the refused add changed nothing."""
    import errno

    from dialectical_memory import StorageError
    from dialectical_memory.store import memory_store
    from helpers import snapshot_files

    monkeypatch.setattr(memory_store, "SMALL_STORE_ENTRIES", 1)
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "User keeps bees on the roof")
    store.add("memory", "User grows tomatoes in the garden")
    before = snapshot_files(home)
    journal = os.stat(home / "MEMORY.meta.journal").st_ino
    removed, fsync = _displaced_md_removed(monkeypatch), os.fsync

    def journal_fails_once_removed(fd):
        if os.fstat(fd).st_ino == journal:
            assert removed.wait(timeout=5.0)
            raise OSError(errno.EIO, "lost the disk")
        fsync(fd)

    monkeypatch.setattr(os, "fsync", journal_fails_once_removed)
    with pytest.raises(StorageError):
        store.add("memory", "User walks the dog at six")
    assert removed.is_set()
    assert snapshot_files(home) == before
    monkeypatch.setattr(os, "fsync", fsync)
    assert [e.text for e in make_store(home, clock, memory_char_limit=0).entries("memory")] == [
        "User keeps bees on the roof", "User grows tomatoes in the garden"]


def test_the_md_bytes_a_store_remembers_stay_those_of_the_file_while_its_buffer_grows(home, clock, monkeypatch):
    """The ``.md`` buffer grows in place by each add and the bytes last written are its start
    (not copied out): while the next add's text is already in the buffer, what the store
    remembers is still the file on disk, byte for byte (a merge of a foreign write compares with it)."""
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "User keeps bees on the roof")
    store.add("memory", "User grows tomatoes in the garden")
    md, publish, seen = home / "MEMORY.md", files.CommitPlan.publish, []

    def publish_seeing_what_is_remembered(plan, tmp, path):
        if path.name == md.name:
            state = store._states["memory"]
            seen.append((state.disk_md == md.read_bytes(), state.md_bytes().endswith(b"User walks the dog at six")))
        return publish(plan, tmp, path)

    monkeypatch.setattr(files.CommitPlan, "publish", publish_seeing_what_is_remembered)
    store.add("memory", "User walks the dog at six")
    assert seen == [(True, True)]
    assert store._states["memory"].disk_md == md.read_bytes()
