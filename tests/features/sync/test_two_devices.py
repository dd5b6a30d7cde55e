"""Two devices, one bare remote, concurrent changes of every kind: three syncs and they agree."""

from __future__ import annotations

import subprocess

import pytest

from dialectical_memory.storage import hermes_format
from dialectical_memory.storage.merge import CONFLICT_REASON
from dialectical_memory.core.beliefs import BeliefStatus

from .conftest import MEMORY_FILES

MARKERS = (b"<<<<<<<", b">>>>>>>", b"\n=======\n")


def every_text(store, target: str) -> set[str]:
    """Active ∪ archive ∪ history: where a text that was ever written must still be."""
    texts = {e.text for e in store.entries(target)} | {e.text for e in store.archived(target)}
    for record in store.history(target):
        for side in ("before", "after"):
            if record.get(side):
                texts.add(record[side]["text"])
    return texts


def active(store, target: str) -> dict[str, str]:
    return {e.text: e.entry_id for e in store.entries(target)}


def test_concurrent_changes_of_every_kind_converge_after_three_syncs_and_lose_nothing(devices, remote):
    laptop, desktop = devices("laptop"), devices("desktop")
    store = laptop.store()
    store.add("user", "用户住在北京")
    store.add("user", "User prefers concise replies")
    store.add("memory", "Deploys happen on Fridays")
    store.add("memory", "Uses the staging server")
    store.add("memory", "Project uses pytest")
    vim = store.add("memory", "User's editor is vim").entry_id
    emacs = store.add("memory", "User's editor is emacs").entry_id
    store.add("user", "User lives in Berlin")
    paris = store.add("user", "User lives in Paris").entry_id
    old = store.add("memory", "An old note that was retired").entry_id
    store.retire("memory", old)
    (editor_edge,) = store.get_contradictions("memory")
    (city_edge,) = [e for e in store.get_contradictions("user") if paris in (e["from_id"], e["to_id"]) and "Berlin" in e["reason"]]
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    assert desktop.files() == laptop.files()

    written = {target: {e.text for e in store.entries(target)} | {e.text for e in store.archived(target)} for target in ("memory", "user")}

    def change(device, target, method, *args):
        if method in ("add", "replace"):
            written[target].add(args[-1])
        return getattr(device.store(), method)(target, *args)

    # the same entry edited on both devices
    change(laptop, "user", "replace", "北京", "用户住在上海")
    change(desktop, "user", "replace", "北京", "用户住在广州")
    # hits on both devices
    for device in (laptop, desktop):
        s = device.store()
        s.record_hit("user", active(s, "user")["User prefers concise replies"])
    laptop.store().record_hit("user", active(laptop.store(), "user")["User prefers concise replies"])
    # removed on one device, edited on the other
    change(laptop, "memory", "remove", "Fridays")
    change(desktop, "memory", "replace", "Fridays", "Deploys happen on Thursdays")
    # removed on one device, only used on the other: the removal stands (in the archive)
    change(desktop, "memory", "remove", "staging server")
    s = laptop.store()
    s.record_hit("memory", active(s, "memory")["Uses the staging server"])
    # an edit on one side only, a new entry on each, a resolution on each side
    change(laptop, "memory", "replace", "pytest", "Project uses pytest with xdist")
    change(laptop, "memory", "add", "Laptop: the build uses make")
    change(desktop, "user", "add", "Desktop: 用户喜欢绿茶")
    laptop.store().dismiss_contradiction("memory", editor_edge["edge_id"])
    desktop.store().supersede("user", active(desktop.store(), "user")["User lives in Berlin"], paris)
    # restored on one side
    laptop.store().restore("memory", old)

    first = laptop.dmem("sync")
    second = desktop.dmem("sync")
    third = laptop.dmem("sync")
    assert "pushed." in first and "pushed." in second and "nothing to push." in third
    assert "USER.md: 1 arrived" in second and "1 concurrent edit(s) became contradictions" in second
    assert "queued for re-verification" in second

    # identical homes, same commit
    assert laptop.files() == desktop.files()
    assert laptop.head() == desktop.head()
    for device in (laptop, desktop):
        for name, data in device.files().items():
            assert not any(marker in data for marker in MARKERS), name
        status = subprocess.run(["git", "-C", str(device.home), "status", "--porcelain"], capture_output=True, text=True)
        assert status.stdout == ""

    for device in (laptop, desktop):
        s = device.store()
        for target in ("memory", "user"):
            assert written[target] <= every_text(s, target), (device.host, target, written[target] - every_text(s, target))
            texts = hermes_format.loads((device.home / f"{target.upper()}.md").read_text(encoding="utf-8"))
            assert set(texts) == set(active(s, target)), "the .md and the sidecar describe the same entries"
        users = active(s, "user")
        # the concurrent edit: both texts, one a child of the other, an unresolved contradiction
        assert {"用户住在上海", "用户住在广州"} <= set(users)
        conflict = [e for e in s.get_contradictions("user") if e["reason"] == CONFLICT_REASON]
        assert len(conflict) == 1
        assert {conflict[0]["from_id"], conflict[0]["to_id"]} == {users["用户住在上海"], users["用户住在广州"]}
        assert s.get_entry("user", conflict[0]["to_id"]).meta.parent_ids == [conflict[0]["from_id"]]
        # counters added their deltas: 1 hit on the desktop + 2 on the laptop
        assert s.get_entry("user", users["User prefers concise replies"]).meta.hit_count == 3
        # removed vs edited: the edit is active and waits for re-verification
        memory = active(s, "memory")
        thursdays = memory["Deploys happen on Thursdays"]
        assert s.get_entry("memory", thursdays).meta.status is BeliefStatus.DECAYED
        assert thursdays in {item.entry.entry_id for item in s.reverification_queue("memory")}
        assert "Deploys happen on Fridays" not in memory
        # removed vs only used: archived, restorable
        assert "Uses the staging server" not in memory
        assert "Uses the staging server" in {e.text for e in s.archived("memory")}
        # one-sided changes, additions, resolutions and the restore arrived
        assert {"Project uses pytest with xdist", "Laptop: the build uses make", "An old note that was retired"} <= set(memory)
        assert "Desktop: 用户喜欢绿茶" in users and "User lives in Paris" not in users
        resolved = {e["edge_id"]: e for e in s.get_contradictions("memory", include_resolved=True)}
        assert resolved[editor_edge["edge_id"]]["resolved"]
        user_edges = {e["edge_id"]: e for e in s.get_contradictions("user", include_resolved=True)}
        assert user_edges[city_edge["edge_id"]]["resolved"]
        assert {vim, emacs} <= set(memory.values())


def joined_after(devices, remote, target: str, shared: str, on_laptop: str, on_desktop: str):
    """Two devices that share ``shared`` through ``remote``, each told one more text, synced thrice."""
    laptop, desktop = devices("laptop"), devices("desktop")
    laptop.store().add(target, shared)
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    laptop.store().add(target, on_laptop)
    desktop.store().add(target, on_desktop)
    for device in (laptop, desktop, laptop):
        device.dmem("sync")
    return laptop, desktop


def test_a_fourth_sync_changes_nothing(devices, remote):
    laptop, desktop = joined_after(devices, remote, "memory", "Shared from the laptop", "Added on the laptop", "Added on the desktop")
    head = laptop.head()
    out = desktop.dmem("sync")
    assert "0 arrived, 0 changed, 0 left" in out and "nothing to push." in out
    assert desktop.head() == head == laptop.head()


def test_a_fact_told_each_device_in_other_words_is_one_entry_after_sync(devices, remote):
    """Each device's add absorbs its own restatements; the same fact told to each was two entries."""
    laptop, desktop = joined_after(devices, remote, "user", "User prefers concise replies",
                                   "The user works as a nurse at the city hospital.", "The user is a nurse at the city hospital.")
    for device in (laptop, desktop):
        texts = sorted(e.text for e in device.store().entries("user"))
        assert len(texts) == 2 and "User prefers concise replies" in texts, texts
        assert {e.text for e in device.store().archived("user")} & {"The user works as a nurse at the city hospital.",
                                                                    "The user is a nurse at the city hospital."}
    assert active(laptop.store(), "user") == active(desktop.store(), "user")  # they agree on which stays


def test_join_merges_an_existing_home_instead_of_replacing_it(devices, remote):
    laptop, desktop = devices("laptop"), devices("desktop")
    laptop.store().add("user", "User prefers tea")
    laptop.store().add("user", "Same fact on both devices")
    laptop.dmem("sync", "init", str(remote))
    desktop.store().add("user", "用户每天跑步")
    desktop.store().add("user", "Same fact on both devices")
    out = desktop.dmem("sync", "join", str(remote))
    assert "+ User prefers tea" in out
    laptop.dmem("sync")
    for device in (laptop, desktop):
        texts = hermes_format.loads((device.home / "USER.md").read_text(encoding="utf-8"))
        assert sorted(texts) == sorted(["User prefers tea", "Same fact on both devices", "用户每天跑步"])
    assert laptop.files() == desktop.files()


def test_init_writes_ignores_attributes_and_drivers_and_refuses_a_second_init(devices, remote):
    laptop = devices("laptop")
    laptop.store().add("memory", "Something to share")
    (laptop.home / ".dashboard-secret").write_text("secret", encoding="utf-8")
    (laptop.home / ".MEMORY.index.v1").write_text("cache", encoding="utf-8")
    laptop.dmem("sync", "init", str(remote))
    tracked = subprocess.run(["git", "-C", str(laptop.home), "ls-files"], capture_output=True, text=True).stdout.split()
    assert set(tracked) <= set(MEMORY_FILES) | {".gitignore", ".gitattributes"}
    assert "MEMORY.md" in tracked and ".dashboard-secret" not in tracked and ".MEMORY.index.v1" not in tracked
    config = subprocess.run(["git", "-C", str(laptop.home), "config", "--get-regexp", r"merge\.dmem-.*\.driver"], capture_output=True, text=True).stdout
    assert "--kind md %O %A %B %P" in config and "--kind meta" in config and "--kind jsonl" in config
    with pytest.raises(AssertionError, match="already a git repository"):
        laptop.dmem("sync", "init", str(remote))


def test_plain_git_merge_uses_the_drivers_too(devices, remote):
    """Someone who runs `git pull` by hand gets the same entry-by-entry merge, never markers."""
    laptop, desktop = devices("laptop"), devices("desktop")
    laptop.store().add("memory", "Entry one")
    laptop.store().add("memory", "Entry two")
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    laptop.store().add("memory", "Laptop addition")
    desktop.store().replace("memory", "Entry one", "Entry one, edited on the desktop")
    laptop.dmem("sync")
    desktop.dmem("sync")  # commits the desktop's change and merges the laptop's
    laptop_git = ["git", "-C", str(laptop.home)]
    subprocess.run([*laptop_git, "pull", "-q", "--no-rebase", "origin", "main"], check=True, capture_output=True)
    md = (laptop.home / "MEMORY.md").read_text(encoding="utf-8")
    assert hermes_format.loads(md) == ["Entry one, edited on the desktop", "Entry two", "Laptop addition"]


def test_the_md_driver_reads_the_sidecars_and_keeps_an_edit_in_place(devices, remote):
    """Both devices changed MEMORY.md, so git runs the md driver; an edit stays where it was."""
    laptop, desktop = devices("laptop"), devices("desktop")
    for text in ("First", "Second", "Third"):
        laptop.store().add("memory", text)
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    laptop.store().replace("memory", "First", "First, edited on the laptop")
    desktop.store().add("memory", "Fourth, from the desktop")
    laptop.dmem("sync")
    desktop.dmem("sync")
    md = (desktop.home / "MEMORY.md").read_text(encoding="utf-8")
    assert hermes_format.loads(md) == ["First, edited on the laptop", "Second", "Third", "Fourth, from the desktop"]


def test_status_says_what_waits(devices, remote):
    laptop = devices("laptop")
    assert "not synced" in laptop.dmem("sync", "status")
    laptop.store().add("memory", "Something")
    laptop.dmem("sync", "init", str(remote))
    out = laptop.dmem("sync", "status")
    assert str(remote) in out and "merge drivers: installed" in out and "local changes: none" in out
    laptop.store().add("memory", "Not yet synced")
    out = laptop.dmem("sync", "status", "--fetch")
    assert "local changes: " in out and "MEMORY.md" in out and "0 to merge" in out


def test_sync_reports_when_a_merge_pushes_past_hermes_limit(devices, remote, monkeypatch, capsys):
    laptop, desktop = devices("laptop"), devices("desktop")
    laptop.store().add("user", "Base entry")
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    laptop.store().add("user", "L" * 800)
    desktop.store().add("user", "D" * 800)
    laptop.dmem("sync")
    from dialectical_memory.adapters import cli

    capsys.readouterr()
    monkeypatch.setenv("DMEM_SYNC_HOST", "desktop")
    assert cli.main(["--home", str(desktop.home), "sync"]) == 0  # Hermes' default limits: user 1,375
    out = capsys.readouterr().out
    assert "USER.md is at 1,616/1,375 chars, over Hermes' limit" in out


def test_a_refused_join_leaves_no_half_made_repository(devices, tmp_path):
    desktop = devices("desktop")
    desktop.store().add("memory", "Mine")
    before = desktop.files()
    with pytest.raises(AssertionError, match="git fetch failed"):
        desktop.dmem("sync", "join", str(tmp_path / "no-such-remote.git"))
    assert not (desktop.home / ".git").exists()
    assert desktop.files() == before


def test_a_hand_run_rebase_falls_back_to_merging_texts_without_markers(devices, remote):
    """During `git pull --rebase` the sides are swapped and the commits are not ours to check: the
    md driver merges the set of texts, the sidecar driver by id, and the next sync reconciles."""
    laptop, desktop = devices("laptop"), devices("desktop")
    laptop.store().add("memory", "Entry one")
    laptop.dmem("sync", "init", str(remote))
    desktop.dmem("sync", "join", str(remote))
    laptop.store().add("memory", "From the laptop")
    desktop.store().add("memory", "From the desktop")
    laptop.dmem("sync")
    git = ["git", "-C", str(desktop.home)]
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "by hand"], check=True)
    subprocess.run([*git, "pull", "-q", "--rebase", "origin", "main"], check=True, capture_output=True)
    for name, data in desktop.files().items():
        assert not any(marker in data for marker in MARKERS), name
    assert set(hermes_format.loads((desktop.home / "MEMORY.md").read_text(encoding="utf-8"))) == {
        "Entry one", "From the laptop", "From the desktop"}  # fmt: skip
    desktop.dmem("sync")
    laptop.dmem("sync")
    assert laptop.files() == desktop.files()
    assert {e.text for e in laptop.store().entries("memory")} == {"Entry one", "From the laptop", "From the desktop"}
