"""`dmem export` / `dmem import`: thin over dialectical_memory.features.transfer, scriptable, nothing lost."""

import io
import json

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.adapters.cli import main


@pytest.fixture
def source(tmp_path):
    home = tmp_path / "source"
    store = MemoryStore(home)
    store.add("memory", "User prefers concise replies")
    store.add("memory", "User wants long, detailed answers", source_kind="observed")
    store.add("user", "User lives in Berlin")
    store.remove("user", "Berlin")
    store.add("user", "User lives in Paris")
    return home


def files(home):
    return {p.name: p.read_bytes() for p in sorted(home.iterdir()) if p.is_file() and not p.name.startswith(".")}


def test_export_to_stdout_is_one_json_document(capsys, source):
    assert main(["--home", str(source), "export"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["format"] == "dialectical-memory-export" and document["version"] == 1
    assert len(document["targets"]["memory"]["contradictions"]) == 1
    assert document["targets"]["user"]["archive"][0]["meta"]["text"] == "User lives in Berlin"


def test_export_one_target_as_markdown(capsys, source):
    assert main(["--home", str(source), "export", "--target", "user", "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Dialectical memory export") and "## user" in out and "## memory" not in out


def test_export_to_a_file_then_import_elsewhere(capsys, source, tmp_path):
    backup = tmp_path / "backup.json"
    assert main(["--home", str(source), "export", "-o", str(backup)]) == 0
    assert "Exported memory 2, user 1 entries" in capsys.readouterr().err
    fresh = tmp_path / "fresh"
    assert main(["--home", str(fresh), "--create", "import", str(backup), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dry run: nothing written.") and "2 new entries" in out
    assert files(fresh) == {}
    assert main(["--home", str(fresh), "import", str(backup)]) == 0
    assert "Imported (merge)" in capsys.readouterr().out
    old, new = MemoryStore(source), MemoryStore(fresh)
    for target in ("memory", "user"):
        assert [(e.entry_id, e.text) for e in new.entries(target)] == [(e.entry_id, e.text) for e in old.entries(target)]
        assert [e.entry_id for e in new.archived(target)] == [e.entry_id for e in old.archived(target)]
    assert len(new.get_contradictions("memory")) == 1


def test_import_from_stdin_with_json_plan(capsys, source, tmp_path, monkeypatch):
    main(["--home", str(source), "export", "--target", "user"])
    exported = capsys.readouterr().out
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    monkeypatch.setattr("sys.stdin", io.StringIO(exported))
    assert main(["--home", str(fresh), "import", "-", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert plan["mode"] == "merge" and len(plan["targets"]["user"]["added"]) == 1


def test_replace_archives_the_local_entries_it_replaces(capsys, source, tmp_path):
    backup = tmp_path / "b.json"
    main(["--home", str(source), "export", "--target", "user", "-o", str(backup)])
    other = tmp_path / "other"
    MemoryStore(other).add("user", "User has two cats")
    assert main(["--home", str(other), "import", str(backup), "--replace"]) == 0
    store = MemoryStore(other)
    assert [e.text for e in store.entries("user")] == ["User lives in Paris"]
    assert "User has two cats" in [e.text for e in store.archived("user")]


def test_merge_and_replace_are_exclusive(capsys, source, tmp_path):
    with pytest.raises(SystemExit):
        main(["--home", str(source), "import", "x.json", "--merge", "--replace"])


@pytest.mark.parametrize(("content", "message"), [(None, "no such file"), ("# Dialectical memory export\n", "Markdown export"),
                                                  ("{}", "not a dialectical memory export")])  # fmt: skip
def test_import_errors_are_one_line_and_write_nothing(capsys, source, tmp_path, content, message):
    path = tmp_path / "in.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    before = files(source)
    assert main(["--home", str(source), "import", str(path)]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert files(source) == before
