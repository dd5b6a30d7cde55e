"""`dmem` as a script uses it: ids in either target, one JSON document, a home that must exist,
help for every option, and history rows that say what they are about."""

import argparse
import json
import os
import uuid
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.adapters.cli import build_parser, main

from .cli_run import dmem

DAY = 86_400.0


def ids(home, target):
    return [e.entry_id for e in MemoryStore(home).entries(target)]


# ---------------------------------------------------------------- ids across targets


def test_show_and_restore_find_a_user_entry_without_target(capsys, home):
    dmem(capsys, home, "add", "User is a night owl", "-t", "user")
    (entry_id,) = ids(home, "user")
    code, out, err = dmem(capsys, home, "show", entry_id[:6])
    assert code == 0 and "User is a night owl" in out and "target          user" in out, err
    dmem(capsys, home, "remove", "night owl", "-t", "user")
    code, out, err = dmem(capsys, home, "restore", entry_id[:6])
    assert code == 0 and "Entry restored." in out, err
    assert (home / "USER.md").read_text(encoding="utf-8") == "User is a night owl"


def test_a_prefix_matching_in_both_targets_is_an_error_listing_the_matches(capsys, home, monkeypatch):
    made = (uuid.UUID(f"abcd0000-0000-4000-8000-{n:012d}") for n in range(1, 1000))
    monkeypatch.setattr(uuid, "uuid4", lambda: next(made))  # every id (entries, history) starts with abcd
    store = MemoryStore(home)
    memory_id = store.add("memory", "The CI runs on Fridays").entry_id
    user_id = store.add("user", "User lives in Lisbon").entry_id
    monkeypatch.undo()
    code, _out, err = dmem(capsys, home, "show", "")
    assert code == 1 and "must not be empty" in err
    code, _out, err = dmem(capsys, home, "show", "abcd")
    assert code == 1 and err.startswith("dmem: error: 2 entry ids start with 'abcd'")
    assert f"memory {memory_id}" in err and f"user   {user_id}" in err
    code, out, _err = dmem(capsys, home, "show", "abcd", "--target", "user")
    assert code == 0 and "Lisbon" in out


def test_an_unknown_id_names_both_targets(capsys, home):
    code, _out, err = dmem(capsys, home, "show", "ffffffff")
    assert code == 1 and "(looked in memory and user)" in err and err.count("\n") == 1


# ---------------------------------------------------------------- --json is one document


@pytest.mark.parametrize(
    "args",
    [["maintain", "--json"], ["list", "--json"], ["history", "--json"], ["contradictions", "--json"],
     ["review", "promotions", "--json"], ["review", "queue", "--json"], ["add", "User likes figs", "--json"]],
)  # fmt: skip
def test_json_output_is_one_document(capsys, home, args):
    MemoryStore(home).add("memory", "User runs on Sundays")
    code, out, _err = dmem(capsys, home, *args)
    assert code == 0
    json.loads(out)  # raises on two documents or on text around one


def test_maintain_json_is_keyed_by_target(capsys, home):
    code, out, _err = dmem(capsys, home, "maintain", "--json")
    reports = json.loads(out)
    assert code == 0 and set(reports) == {"memory", "user"} and reports["user"]["target"] == "user"


def test_maintenance_reports_no_change_when_nothing_changed(capsys, home):
    MemoryStore(home).add("memory", "User runs on Sundays")
    _code, out, _err = dmem(capsys, home, "maintain", "--json")
    assert json.loads(out)["memory"]["changed"] is False, "marking entries as deep-checked is bookkeeping"
    assert json.loads(out)["user"]["changed"] is False


# ---------------------------------------------------------------- --home


def test_a_home_that_does_not_exist_is_an_error(capsys, tmp_path):
    missing = tmp_path / "typo"
    code = main(["--home", str(missing), "list"])
    err = capsys.readouterr().err
    assert code == 1 and "does not exist" in err and "--create" in err and err.count("\n") == 1
    assert not missing.exists()
    assert main(["--home", str(missing), "add", "x y z"]) == 1 and not missing.exists()


def test_create_starts_a_new_home(capsys, tmp_path):
    new = tmp_path / "new"
    assert main(["--home", str(new), "--create", "add", "User bakes bread"]) == 0
    assert (new / "MEMORY.md").read_text(encoding="utf-8") == "User bakes bread"
    assert main(["add", "User bakes rye", "--home", str(tmp_path / "other"), "--create"]) == 0


def test_the_default_home_is_created_on_first_use(capsys, tmp_path, monkeypatch):
    """`make run` on a fresh machine: no --home, the default home does not exist yet."""
    default = tmp_path / "hermes" / "memories"
    monkeypatch.setenv("DMEM_HOME", str(default))
    assert main(["add", "User drinks oolong"]) == 0
    assert (default / "MEMORY.md").exists()


def test_serve_refuses_a_missing_home(capsys, tmp_path):
    code = main(["--home", str(tmp_path / "nope"), "serve", "--port", "0"])
    assert code == 1 and "does not exist" in capsys.readouterr().err


# ---------------------------------------------------------------- demo, history, help


def test_demo_takes_its_home_once(capsys, tmp_path):
    assert main(["--home", str(tmp_path / "d1"), "demo"]) == 0
    assert (tmp_path / "d1" / "MEMORY.md").exists()
    assert main(["demo", str(tmp_path / "d2")]) == 0
    code = main(["--home", str(tmp_path / "d3"), "demo", str(tmp_path / "d4")])
    assert code == 1 and "two different homes" in capsys.readouterr().err
    assert not (tmp_path / "d3").exists() and not (tmp_path / "d4").exists()
    assert main(["demo"]) == 1 and "dmem demo DIR" in capsys.readouterr().err


def test_history_rows_without_before_and_after_show_their_text(capsys, home):
    store = MemoryStore(home)
    store.add("memory", "User prefers concise replies")
    store.add("memory", "User wants long, detailed answers", source_kind="observed")
    code, out, _err = dmem(capsys, home, "history")
    row = next(line for line in out.splitlines() if " contradiction " in line)
    assert "detailed answers" in row and "vs. User prefers concise" in row


def test_history_says_why_a_pair_contradicts_in_plain_words_and_who_found_it(capsys, home):
    """A hand edit is a person's write; the contradiction the detector found in it is not "linked by
    hand", and reads in the words the dashboard shows, not the detector's code."""
    from dialectical_memory.storage import hermes_format

    MemoryStore(home).add("user", "The user lives in Berlin")
    (home / "USER.md").write_text(hermes_format.dumps(["The user lives in Berlin", "The user lives in Paris"]), encoding="utf-8")
    MemoryStore(home).load_from_disk()
    code, out, _err = dmem(capsys, home, "history", "--target", "user")
    row = next(line for line in out.splitlines() if " contradiction " in line)
    assert code == 0 and "(Both say where the user lives: Berlin vs Paris.)" in row
    assert "Linked by hand" not in row and "↔" not in row


def test_history_shows_the_text_of_a_rejected_promotion(capsys, home):
    clock = [1_700_000_000.0]
    store = MemoryStore(home, clock=lambda: clock[0])
    entry_id = store.add("memory", "User reviews PRs every morning").entry_id
    store.record_hit("memory", entry_id)
    store.record_hit("memory", entry_id)
    clock[0] += 5 * DAY
    store.run_maintenance("memory")
    store.reject_promotion("memory", entry_id)
    code, out, _err = dmem(capsys, home, "history")
    row = next(line for line in out.splitlines() if "reject_promotion" in line)
    assert "User reviews PRs every morning" in row and "not to PATTERN" in row


def _all_parsers(parser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _all_parsers(child)


def test_every_option_has_help_and_choices_are_shown():
    for parser in _all_parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            assert action.help and action.help != argparse.SUPPRESS, f"{parser.prog} {action.dest} has no help"
        text = parser.format_help()
        for action in parser._actions:
            if action.choices and not isinstance(action, argparse._SubParsersAction):
                assert "{" + ",".join(map(str, action.choices)) + "}" in text, (parser.prog, action.dest)


def test_eval_detector_reads_the_users_own_file_and_has_no_bundled_default(capsys, tmp_path, monkeypatch):
    """The package carries no test data: without a file the command says what it needs."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_info:
        main(["eval-detector", "--json"])
    assert exit_info.value.code == 2 and "file" in capsys.readouterr().err
    pairs = tmp_path / "mine.jsonl"
    pairs.write_text(json.dumps({"a": "User lives in Berlin.", "b": "User lives in Paris.", "label": "contradiction", "type": "value", "lang": "en"}) + "\n"
                     + json.dumps({"a": "User likes tea.", "b": "User plays chess.", "label": "unrelated", "type": "unrelated", "lang": "en"}) + "\n", encoding="utf-8")
    assert main(["eval-detector", "--json", str(pairs)]) == 0
    assert json.loads(capsys.readouterr().out)["overall"]["n"] == 2


def test_serve_without_its_templates_says_so_in_one_line(capsys, home, monkeypatch):
    monkeypatch.setattr("dialectical_memory.web.app.REQUIRED_TEMPLATES", ("base.html", "no-such-page.html"))
    code = main(["--home", str(home), "serve", "--port", "0"])
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("dmem: error: the dashboard's templates are missing") and err.count("\n") == 1


def test_create_accepts_a_home_another_process_created_a_moment_ago(tmp_path, monkeypatch):
    """Two MCP servers started with --create on one new home: the second finds it made meanwhile."""
    from dialectical_memory.adapters.cli import _check_home

    made = tmp_path / "made-meanwhile"
    made.mkdir()
    seen = {"first": True}
    real_is_dir = Path.is_dir

    def is_dir_once_false(self):
        if self == made and seen.pop("first", False):
            return False  # the check ran before the other process's mkdir
        return real_is_dir(self)

    monkeypatch.setattr(Path, "is_dir", is_dir_once_false)
    monkeypatch.setattr(Path, "exists", lambda self: False if self == made else os.path.exists(self))
    _check_home(argparse.Namespace(home=str(made), create=True))
    assert made.is_dir()


# ---------------------------------------------------------------- dmem serve's character limits


def test_serve_help_says_where_its_limits_come_from(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "1. In a Hermes home" in out and "the limits of Hermes' config.yaml" in out
    assert "2. Elsewhere, --memory-char-limit and --user-char-limit. 3. Without them, no limit." in out
    with pytest.raises(SystemExit):
        main(["--help"])
    top = " ".join(capsys.readouterr().out.split())
    assert "default 2200 as Hermes" not in top and "`dmem serve` has its own" in top


@pytest.mark.parametrize(
    "argv, expected",
    [
        ([], {"memory_char_limit": 0, "user_char_limit": 0}),
        (["--memory-char-limit", "2200", "--user-char-limit", "1375"], {"memory_char_limit": 2200, "user_char_limit": 1375}),
    ],
)
def test_serve_takes_its_limits_from_the_flags_before_or_after_the_command(home, monkeypatch, argv, expected):
    seen = []
    monkeypatch.setattr("dialectical_memory.web.serve", lambda home, **options: seen.append(options))
    assert main(["--home", str(home), "serve", "--port", "0", *argv]) == 0
    assert main(["--home", str(home), *argv, "serve", "--port", "0"]) == 0
    assert [{k: s[k] for k in expected} for s in seen] == [expected, expected]


def test_serve_in_a_hermes_home_announces_hermes_limits(tmp_path, monkeypatch, capsys):
    from dialectical_memory.web.server import build_server, limits_line

    hermes = tmp_path / "hermes"
    (hermes / "memories").mkdir(parents=True)
    (hermes / "config.yaml").write_text("memory:\n  memory_char_limit: 900\n", encoding="utf-8")
    monkeypatch.setenv("HERMES_HOME", str(hermes))
    server = build_server(hermes / "memories", host="127.0.0.1", port=0)
    try:
        served = server.app.extensions["dmem_store"]
        line = limits_line(served.limits, served.hermes.config)
    finally:
        server.server_close()
    assert line == f"Character limits: MEMORY.md 900 chars, USER.md 1,375 chars (from Hermes' {hermes / 'config.yaml'})."
    assert limits_line({"memory": 0, "user": 0}, None) == "Character limits: MEMORY.md no limit, USER.md no limit (from the flags, or none without them)."


def _described(parser) -> list:
    """Everything a parser and the parsers under it parse and say, to compare two builds."""
    rows = []
    for each in _all_parsers(parser):
        rows.append((each.prog, each.format_help()))
        rows.extend((each.prog, action.option_strings, action.dest, repr(action.default), action.nargs,
                     action.required, action.help, repr(action.choices) if not isinstance(action, argparse._SubParsersAction) else None,
                     repr(getattr(action, "const", None)))
                    for action in each._actions)
        rows.append((each.prog, sorted((key, getattr(value, "__qualname__", value)) for key, value in each._defaults.items())))
    return rows


def test_the_parser_built_for_one_command_parses_it_as_the_whole_parser_does():
    """A one-shot command builds only its own parser (the others cost ~15 ms): each command's is
    the same as in the parser of every command, down to its help, defaults and function."""
    full = build_parser()
    commands = next(a for a in full._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert len(commands) > 20
    for name, whole in commands.items():
        alone = build_parser(name)
        only = next(a for a in alone._actions if isinstance(a, argparse._SubParsersAction)).choices
        assert list(only) == [name]
        assert _described(only[name]) == _described(whole), name
    assert [a.option_strings for a in build_parser("add")._actions] == [a.option_strings for a in full._actions]


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["add", "x"], "add"),
        (["--home", "list", "add", "x"], "add"),
        (["--hom", "list", "add", "x"], "add"),  # abbreviated, as argparse allows
        (["--home=list", "add", "x"], "add"),
        (["--create", "--memory-char-limit", "0", "list"], "list"),
        (["--version"], None),
    ],
)
def test_the_command_is_the_word_after_the_global_options_and_their_values(argv, command):
    from dialectical_memory.adapters.cli import command_in

    assert command_in(argv) == command


@pytest.mark.parametrize(("argv", "paused"), [(["--home", "h", "add", "x"], True), (["list"], True),
                                             (["serve"], False), (["mcp"], False), (["maintain"], False), (["--version"], False)])
def test_a_one_shot_command_runs_without_the_cyclic_collector_and_a_long_one_keeps_it(argv, paused):
    import gc

    from dialectical_memory.adapters.cli import pause_collector_for

    gc.enable()
    try:
        assert pause_collector_for(argv) is paused
        assert gc.isenabled() is not paused
    finally:
        gc.enable()


def test_the_width_of_help_is_the_terminals_as_argparse_reads_it(monkeypatch):
    """The parsers are told the width without argparse's import of shutil; $COLUMNS as shutil reads it."""
    import shutil

    from dialectical_memory.adapters.cli import _columns

    for columns in ("57", "0", "x", None):
        if columns is None:
            monkeypatch.delenv("COLUMNS", raising=False)
        else:
            monkeypatch.setenv("COLUMNS", columns)
        assert _columns() == shutil.get_terminal_size().columns
    monkeypatch.setenv("COLUMNS", "50")
    assert max(map(len, build_parser("add").format_help().splitlines())) <= 48


def test_a_command_line_whose_command_is_unknown_is_refused_with_every_command_listed(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--home", "list", "addd", "x"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "invalid choice: 'addd'" in err and "'merge-driver'" in err
