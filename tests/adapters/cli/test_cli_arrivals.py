"""`dmem` over odd records and files: a warning or a one-line error, never a traceback."""

import errno
import json
import tracemalloc
import uuid

import pytest

from dialectical_memory import MemoryStore

from .cli_run import dmem

BAD_RECORDS = [
    {"id": "r1", "at": "yesterday", "target": "memory", "actor": "agent", "action": "add", "entry_id": "x", "before": None, "after": None, "detail": None},
    {"id": "r2", "at": 1.7e9, "target": "memory", "actor": "agent", "action": "contradiction", "entry_id": 42, "before": None, "after": None, "detail": None},
    {"id": "r3", "at": 1.7e9, "target": "memory", "actor": "agent", "action": "contradiction", "entry_id": "e", "before": None, "after": None, "detail": {"other": ["a", "b"]}},
]  # fmt: skip


def _seeded(home):
    store = MemoryStore(home)
    entry_id = store.add("memory", "User likes green tea").entry_id
    with open(home / "MEMORY.history.jsonl", "a", encoding="utf-8") as handle:
        for record in BAD_RECORDS:
            handle.write(json.dumps(record) + "\n")
    return entry_id


@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["show", "ENTRY"], ["export"], ["export", "--format", "md"]])
def test_history_show_and_export_answer_over_ill_typed_records(capsys, home, command):
    entry_id = _seeded(home)
    code, out, err = dmem(capsys, home, *[entry_id if part == "ENTRY" else part for part in command])
    assert code == 0, err
    assert "Traceback" not in err and "skipped a record" in err
    assert "User likes green tea" in out


def test_history_with_a_limit_holds_only_what_it_prints(capsys, home):
    _seeded(home)
    line = json.dumps({"id": "x", "at": 1.7e9, "target": "memory", "actor": "agent", "action": "hit", "entry_id": "e",
                       "before": None, "after": None, "detail": {"reason": "z" * 900}}) + "\n"  # fmt: skip
    with open(home / "MEMORY.history.jsonl", "a", encoding="utf-8") as handle:
        handle.write(line * 30_000)  # ~30 MB
    tracemalloc.start()
    try:
        code, out, _err = dmem(capsys, home, "history", "--limit", "3")
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 0 and len(out.splitlines()) == 3
    assert peak < 8_000_000, f"dmem history --limit 3 held {peak:,} bytes"


def test_history_limit_below_zero_is_a_one_line_error(capsys, home):
    _seeded(home)
    code, _out, err = dmem(capsys, home, "history", "--limit", "-1")
    assert code == 1 and err.strip() == "dmem: error: limit must be a whole number ≥ 0"


def test_undo_of_a_forged_record_is_a_one_line_refusal(capsys, home):
    store = MemoryStore(home)
    entry_id = store.add("memory", "User likes green tea").entry_id
    result = store.edit_text("memory", entry_id, "User likes oolong", actor="cli")
    (record,) = [r for r in store.history("memory") if r["id"] == result.extra["history_id"]]
    forged = {**record, "id": str(uuid.uuid4()), "actor": "agent"}
    with open(home / "MEMORY.history.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps(forged) + "\n")
    before = (home / "MEMORY.md").read_bytes()
    code, _out, err = dmem(capsys, home, "review", "undo", forged["id"])
    assert code == 1 and len(err.strip().splitlines()) == 1 and "not a person's action this store can undo" in err
    assert (home / "MEMORY.md").read_bytes() == before


def test_a_newer_sidecar_refuses_writes_with_the_reason(capsys, home):
    MemoryStore(home).add("memory", "User likes green tea")
    sidecar = home / "MEMORY.meta.json"
    document = json.loads(sidecar.read_text(encoding="utf-8"))
    document["version"] = 3
    sidecar.write_text(json.dumps(document), encoding="utf-8")
    before = sidecar.read_bytes()
    code, _out, err = dmem(capsys, home, "add", "User likes jazz")
    assert code == 1 and "newer dialectical memory (format 3" in err and "Traceback" not in err
    code, out, err = dmem(capsys, home, "list")
    assert code == 0 and "User likes green tea" in out and "read-only" in err
    assert sidecar.read_bytes() == before


# ------------------------------------------------------------------ dmem hermes install


def test_hermes_install_refuses_to_overwrite_another_tools_plugin_yaml(capsys, tmp_path):
    plugin = tmp_path / "hermes" / "plugins" / "dialectical"
    plugin.mkdir(parents=True)
    (plugin / "plugin.yaml").write_text("name: dialectical\nkind: standalone\ndescription: someone else's\n", encoding="utf-8")
    code, _out, err = dmem(capsys, tmp_path, "hermes", "install", "--hermes-home", str(tmp_path / "hermes"))
    assert code == 1 and "plugin.yaml exists and was not written by dmem" in err
    assert (plugin / "plugin.yaml").read_text(encoding="utf-8").endswith("someone else's\n")
    assert not (plugin / "__init__.py").exists()


def test_hermes_install_says_so_when_plugins_is_a_file(capsys, tmp_path):
    (tmp_path / "hermes").mkdir()
    (tmp_path / "hermes" / "plugins").write_text("not a folder", encoding="utf-8")
    code, _out, err = dmem(capsys, tmp_path, "hermes", "install", "--hermes-home", str(tmp_path / "hermes"))
    assert code == 1 and "plugins is a file, not a folder" in err and "Traceback" not in err
    assert (tmp_path / "hermes" / "plugins").read_text(encoding="utf-8") == "not a folder"


def test_hermes_install_rewrites_its_own_earlier_plugin(capsys, tmp_path):
    from dialectical_memory.hermes.install import MARKER

    plugin = tmp_path / "hermes" / "plugins" / "dialectical"
    plugin.mkdir(parents=True)
    (plugin / "__init__.py").write_text(f'"""An earlier plugin. {MARKER}."""\n', encoding="utf-8")
    earlier = 'name: dialectical\nversion: 0.1.0\nkind: exclusive\ndescription: "Dialectical memory: contradictions kept."\n'
    (plugin / "plugin.yaml").write_text(earlier, encoding="utf-8")
    code, _out, err = dmem(capsys, tmp_path, "hermes", "install", "--hermes-home", str(tmp_path / "hermes"))
    assert code == 0, err
    assert "Written by `dmem hermes install`" in (plugin / "plugin.yaml").read_text(encoding="utf-8")


# ------------------------------------------------------------------ dmem serve


def test_serve_on_a_home_that_cannot_hold_the_dashboard_secret_is_a_clear_error(capsys, home, monkeypatch):
    """What a read-only home does to the secret's creation (the test runs as a user who may write
    anywhere, so the file system's refusal is played by the function that creates the file)."""
    from dialectical_memory.web import security

    def read_only(path):
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(security, "_create_secret_file", read_only)
    code, _out, err = dmem(capsys, home, "serve", "--port", "0")
    assert code == 1 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "cannot create or read the dashboard's session secret" in err and "Read-only file system" in err
