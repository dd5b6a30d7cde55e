"""Damaged or odd files either recover with the text intact and a warning, or refuse clearly."""

import json

import pytest

from dialectical_memory import MemoryStore, StorageError
from dialectical_memory.storage.hermes_format import dumps
from dialectical_memory.storage.files import TargetPaths

TEXTS = ["User prefers tea in the afternoon", "用户住在杭州", "Multi-line entry\nsecond line § with a bare section sign"]


@pytest.fixture
def texts_on_disk(home):
    """TEXTS added to ``home`` through a store with no limits: the files the damage tests then break."""
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    for text in TEXTS:
        store.add("memory", text)
    return TEXTS


def _paths(home):
    return TargetPaths(home, "memory")


def _load(home):
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    return store


def _texts(store):
    return [e.text for e in store.entries("memory")]


SIDECAR_DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "garbage": lambda data: b"\x00\xff not json at all",
    "empty": lambda data: b"",
    "array": lambda data: b"[1, 2, 3]",
    "invalid-utf8": lambda data: data.replace(b"{", b"{\xff", 1),
}


@pytest.mark.parametrize("damage", SIDECAR_DAMAGE, ids=list(SIDECAR_DAMAGE))
def test_damaged_sidecar_is_quarantined_and_rebuilt_with_text_intact(home, texts_on_disk, damage):
    paths = _paths(home)
    md_before = paths.md.read_bytes()
    original = paths.sidecar.read_bytes()
    paths.sidecar.write_bytes(SIDECAR_DAMAGE[damage](original))
    store = _load(home)
    assert _texts(store) == TEXTS
    assert paths.md.read_bytes() == md_before
    quarantined = list(home.glob("MEMORY.meta.json.corrupt-*"))
    assert len(quarantined) == 1 and quarantined[0].read_bytes() == SIDECAR_DAMAGE[damage](original)
    assert any("unreadable" in w for w in store.warnings("memory"))
    assert json.loads(paths.sidecar.read_bytes())["entries"], "sidecar was rebuilt"


def test_sidecar_with_wrong_field_types_loads_with_defaults(home, texts_on_disk):
    paths = _paths(home)
    document = json.loads(paths.sidecar.read_bytes())
    for meta in document["entries"].values():
        meta.update(confidence="high", hit_count=[1], maturity="expert", status=None, scope="x")
    paths.sidecar.write_text(json.dumps(document))
    store = _load(home)
    assert _texts(store) == TEXTS
    entry = store.entries("memory")[0]
    assert entry.meta.confidence == 0.7 and entry.meta.hit_count == 0 and entry.meta.maturity == 0


def test_sidecar_that_disagrees_with_md_is_reconciled(home, texts_on_disk):
    paths = _paths(home)
    paths.md.write_text(dumps([TEXTS[0], "A note added in an editor", TEXTS[2]]), encoding="utf-8")
    store = _load(home)
    assert _texts(store) == [TEXTS[0], "A note added in an editor", TEXTS[2]]
    assert TEXTS[1] in {e.text for e in store.archived("memory")}


@pytest.mark.parametrize("damage", ["truncated-tail", "garbage-line", "binary"])
def test_damaged_history_or_archive_never_blocks_loading(home, texts_on_disk, damage):
    paths = _paths(home)
    for path in (paths.history, paths.archive):
        data = path.read_bytes() if path.exists() else b""
        path.write_bytes(
            {"truncated-tail": data + b'{"at": 1, "act', "garbage-line": b"not json\n" + data, "binary": b"\xff\xfe\x00" + data}[damage]
        )
    store = _load(home)
    assert _texts(store) == TEXTS
    store.add("memory", "still writable after damage")
    assert "still writable after damage" in _texts(_load(home))
    assert len(store.history("memory")) >= 1


def test_torn_journal_line_is_skipped_and_later_writes_survive(tmp_path):
    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    for i in range(205):
        store.add("memory", f"bulk entry {i}")
    paths = _paths(home)
    assert paths.journal.exists() and paths.journal.stat().st_size > 0, "large stores journal their metadata"
    with open(paths.journal, "ab") as handle:
        handle.write(b'{"seq": 999999, "put": [{"entry_id"')
    store = _load(home)
    assert len(store.entries("memory")) == 205
    assert any("unfinished last line" in w for w in store.warnings("memory"))
    store.add("memory", "entry after the torn line")
    assert len(_load(home).entries("memory")) == 206


def test_md_with_bom_and_crlf_loads_the_same_entries(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    paths = _paths(home)
    paths.md.write_bytes(b"\xef\xbb\xbf" + dumps(TEXTS).replace("\n", "\r\n").encode())
    store = _load(home)
    assert _texts(store) == TEXTS
    assert any("byte-order mark" in w for w in store.warnings("memory"))


def test_md_with_invalid_utf8_is_read_only_and_never_rewritten(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    paths = _paths(home)
    raw = dumps(TEXTS).encode() + "\n§\n".encode() + b"Latin-1 caf\xe9 entry"
    paths.md.write_bytes(raw)
    store = _load(home)
    assert len(store.entries("memory")) == 4
    assert any("not valid UTF-8" in w for w in store.warnings("memory"))
    with pytest.raises(StorageError, match="not valid UTF-8"):
        store.add("memory", "this must not be written")
    assert paths.md.read_bytes() == raw


def test_home_that_is_a_file_is_a_clear_error(tmp_path):
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    store = MemoryStore(not_a_dir)
    with pytest.raises(StorageError, match="not a directory"):
        store.load_from_disk()
    with pytest.raises(StorageError, match="not a directory"):
        store.add("memory", "anything")
    assert not_a_dir.read_text() == "x"


# ---------------------------------------------------------------- odd values: coerce or skip, never crash

def _with_edge(document, **edge):
    first, second = list(document["entries"])[:2]
    base = {"edge_id": "e-odd", "from_id": first, "to_id": second, "reason": "odd", "confidence": 0.8,
            "author": "agent", "created_at": 1_700_000_000.0, "resolved": False, "resolution_id": None}  # fmt: skip
    document["contradictions"] = [{**base, **edge}]


def _entry_times(document, value):
    for meta in document["entries"].values():
        meta.update(created_at=value, updated_at=value, last_validated_at=value)


ODD_SIDECARS = {
    # row: (damage, edges expected after load, what the warning says)
    "edge without ends": (lambda d: _with_edge(d, from_id=None, to_id=None), 0, "unusable"),
    "edge from_id is a list": (lambda d: _with_edge(d, from_id=["a", "b"]), 0, "unusable"),
    "edge from_id is a dict": (lambda d: _with_edge(d, from_id={"id": "a"}), 0, "unusable"),
    "edge confidence is a string": (lambda d: _with_edge(d, confidence="high"), 1, None),
    "edge created_at is a string": (lambda d: _with_edge(d, created_at="yesterday"), 1, None),
    "edge reason is a list": (lambda d: _with_edge(d, reason=["value", "Berlin↔Paris"]), 1, None),
    "edge created_at in milliseconds": (lambda d: _with_edge(d, created_at=1_700_000_000_000), 1, None),
    "entry times in milliseconds": (lambda d: _entry_times(d, 1_700_000_000_000), 0, "out of range"),
    "entry times 1e18": (lambda d: _entry_times(d, 1e18), 0, "out of range"),
    "entry times -1e18": (lambda d: _entry_times(d, -1e18), 0, "out of range"),
}


@pytest.mark.parametrize("row", ODD_SIDECARS, ids=list(ODD_SIDECARS))
def test_odd_values_in_the_sidecar_are_coerced_or_skipped_never_a_crash(home, texts_on_disk, row, capsys):
    from dialectical_memory.adapters.cli import main

    damage, edges, warning = ODD_SIDECARS[row]
    paths = _paths(home)
    document = json.loads(paths.sidecar.read_bytes())
    damage(document)
    paths.sidecar.write_text(json.dumps(document))
    store = _load(home)
    assert _texts(store) == TEXTS
    contradictions = store.get_contradictions("memory")
    assert len(contradictions) == edges
    for edge in contradictions:
        assert isinstance(edge["reason"], str) and isinstance(edge["confidence"], float)
        assert 0 <= edge["created_at"] < 32_503_680_000
    if warning:
        assert any(warning in w for w in store.warnings("memory")), store.warnings("memory")
    for entry in store.entries("memory"):
        assert 0 <= entry.meta.created_at < 32_503_680_000
        store.confidence_series("memory", entry.entry_id)
    assert main(["--home", str(home), "list"]) == 0
    assert main(["--home", str(home), "show", store.entries("memory")[0].entry_id[:8]]) == 0
    assert main(["--home", str(home), "contradictions"]) == 0
    capsys.readouterr()
    _pages_render(home, store)


def _pages_render(home, store):
    from dialectical_memory.web import create_app

    client = create_app({"MEMORY_HOME": str(home), "TESTING": True}).test_client()
    entry_id = store.entries("memory")[0].entry_id
    for url in ("/memory/", "/memory/entries/", f"/memory/entries/{entry_id}", "/memory/contradictions/",
                "/memory/contradictions/?view=list", "/memory/history", "/memory/archive"):  # fmt: skip
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)


# ---------------------------------------------------------------- modes, symlinks, read-only homes


def test_a_symlinked_md_is_written_through_and_keeps_its_mode(tmp_path):
    import os
    import stat

    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "MEMORY.md"
    target.write_text("User prefers tea", encoding="utf-8")
    target.chmod(0o664)
    home = tmp_path / "home"
    home.mkdir()
    (home / "MEMORY.md").symlink_to(target)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.add("memory", "User lives in Hangzhou")
    assert (home / "MEMORY.md").is_symlink(), "the link was replaced by a regular file"
    assert target.read_text(encoding="utf-8") == "User prefers tea\n§\nUser lives in Hangzhou"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o664
    for name in ("MEMORY.history.jsonl", "MEMORY.meta.json"):
        assert stat.S_IMODE(os.stat(home / name).st_mode) == 0o600, name


def test_history_never_follows_a_symlink_out_of_the_home(tmp_path):
    outside = tmp_path / "outside.jsonl"
    outside.write_text("")
    home = tmp_path / "home"
    home.mkdir()
    (home / "MEMORY.history.jsonl").symlink_to(outside)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    with pytest.raises(StorageError, match="symlink out of the memory home"):
        store.add("memory", "User prefers tea")
    assert outside.read_text() == ""
    assert not (home / "MEMORY.md").exists() or (home / "MEMORY.md").read_text() == "", "a refused add wrote the .md"


def test_a_read_only_home_can_be_listed_and_refuses_writes_clearly(tmp_path):
    import os
    import subprocess

    home = tmp_path / "home"
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.add("memory", "User prefers tea")
    with open(home / "MEMORY.md", "a", encoding="utf-8") as handle:
        handle.write("\n§\nA note added by hand")  # reconciling it would need a write
    if os.geteuid() == 0:
        made = subprocess.run(["mount", "--bind", str(home), str(home)], capture_output=True).returncode == 0
        made = made and subprocess.run(["mount", "-o", "remount,bind,ro", str(home)], capture_output=True).returncode == 0
        if not made:
            pytest.skip("cannot make a read-only bind mount here")
    else:
        home.chmod(0o555)
    try:
        reader = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
        assert sorted(e.text for e in reader.entries("memory")) == ["A note added by hand", "User prefers tea"]
        assert any("read-only" in w for w in reader.warnings("memory"))
        with pytest.raises(StorageError, match="read-only"):
            reader.add("memory", "User lives in Hangzhou")
        from dialectical_memory.web import create_app

        config = {"MEMORY_HOME": str(home), "TESTING": True, "SECRET_KEY": "a read-only home cannot keep one"}
        response = create_app(config).test_client().get("/memory/entries/")
        assert response.status_code == 200 and b"A note added by hand" in response.data
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", "-l", str(home)], check=False)
        else:
            home.chmod(0o755)
