"""`dmem hermes pending|approve|reject`: Hermes' write-approval queue from a terminal."""

from __future__ import annotations

import json
import re

from dialectical_memory import MemoryStore
from dialectical_memory.storage.hermes_pending import pending_dir
from helpers import T0
from hermes_queue_files import add, batch, remove, replace, stage, write_raw

from .cli_run import dmem


def seed(home):
    store = MemoryStore(home)
    for text in ("User lives in Berlin", "User is vegetarian", "User eats lentil soup every week", "User is 34 years old"):
        store.add("user", text)


def fingerprint(capsys, home, hermes_home, pid) -> str:
    """The fingerprint `dmem hermes pending` shows for ``pid``."""
    code, out, _ = dmem(capsys, home, "hermes", "pending", "--hermes-home", str(hermes_home))
    (found,) = re.findall(rf"^{pid}  .* · fingerprint ([0-9a-f]{{12}})$", out, re.MULTILINE)
    return found


def test_pending_lists_what_each_write_would_do(capsys, home, tmp_path):
    seed(home)
    a = stage(tmp_path, add("user", "User lives in Paris"), created_at=T0)
    b = stage(tmp_path, replace("user", "lentil soup", "User eats steak every week"), created_at=T0 + 1)
    c = stage(tmp_path, batch("user", remove("user", "34 years"), add("user", "User is 41 years old")), origin="background_review", created_at=T0 + 2)
    write_raw(tmp_path, "0badf00d.json", b"{")
    code, out, err = dmem(capsys, home, "hermes", "pending", "--hermes-home", str(tmp_path))
    assert code == 0 and err == ""
    assert f"4 staged memory writes in {tmp_path}:" in out
    assert f"\n{a}  add · user · foreground · " in out and "⚡ would contradict “User lives in Berlin”: Both say where the user lives: Berlin vs Paris." in out
    assert f"\n{b}  replace · user" in out and "~ “User eats lentil soup every week” → “User eats steak every week”" in out
    assert "⚡ would contradict “User is vegetarian”" in out
    assert f"\n{c}  batch of 2 · user · background review" in out and "- “User is 34 years old”" in out
    assert "0badf00d.json  refused: it is not valid JSON" in out
    assert "after it: " in out and "/1,375 chars" in out


def test_pending_json_is_the_queue_with_each_preview(capsys, home, tmp_path):
    seed(home)
    pid = stage(tmp_path, add("user", "User lives in Paris"), created_at=T0)
    code, out, _ = dmem(capsys, home, "hermes", "pending", "--hermes-home", str(tmp_path), "--json")
    document = json.loads(out)
    assert code == 0 and document["count"] == 1 and document["hermes_home"] == str(tmp_path)
    (item,) = document["items"]
    assert item["id"] == pid and [c["text"] for c in item["contradictions"]] == ["User lives in Berlin"]


def test_approve_and_reject_act_on_the_files_as_hermes_does(capsys, home, tmp_path):
    seed(home)
    a = stage(tmp_path, add("user", "User lives in Paris"), created_at=T0)
    b = stage(tmp_path, replace("user", "lentil soup", "User eats steak every week"), created_at=T0)
    code, out, _ = dmem(capsys, home, "hermes", "approve", a, "--hermes-home", str(tmp_path), "--expect", fingerprint(capsys, home, tmp_path, a))
    assert code == 0 and out.startswith(f"Approved staged write {a}: Applied the staged write (1 operation).")
    assert "⚡ contradicts: User lives in Berlin" in out
    code, out, _ = dmem(capsys, home, "hermes", "reject", b, "--hermes-home", str(tmp_path))
    assert code == 0 and out.strip() == f"Rejected staged write {b}; Hermes will not apply it."
    assert list(pending_dir(tmp_path).iterdir()) == []
    assert (home / "USER.md").read_text(encoding="utf-8").endswith("User is 34 years old\n§\nUser lives in Paris")


def test_refusals_are_one_line_errors(capsys, home, tmp_path):
    seed(home)
    pid = stage(tmp_path, replace("user", "no such words", "User eats steak every week"), created_at=T0)
    code, out, err = dmem(capsys, home, "hermes", "approve", pid, "--hermes-home", str(tmp_path), "--expect", fingerprint(capsys, home, tmp_path, pid))
    assert code == 1 and out == "" and err == f"dmem: error: staged write {pid} was not applied: no user entry contains 'no such words'\n"
    code, _, err = dmem(capsys, home, "hermes", "reject", "../../etc/passwd", "--hermes-home", str(tmp_path))
    assert code == 1 and err == "dmem: error: '../../etc/passwd' is not a pending write id (Hermes makes them of 8 hex digits)\n"
    code, _, err = dmem(capsys, home, "hermes", "approve", "0f0f0f0f", "--hermes-home", str(tmp_path), "--expect", "0" * 12)
    assert code == 1 and "no pending memory write 0f0f0f0f" in err


def test_a_memory_home_that_is_not_hermes_needs_its_hermes_home(capsys, home, tmp_path, monkeypatch):
    monkeypatch.delenv("HERMES_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "nobody"))
    code, _, err = dmem(capsys, home, "hermes", "pending")
    assert code == 1 and "is not the memories folder of a Hermes home" in err and "--hermes-home" in err
    code, _, err = dmem(capsys, home, "hermes", "pending", "--hermes-home", str(tmp_path / "elsewhere"))
    assert code == 1 and "Hermes applies" in err


def test_approve_refuses_a_file_rewritten_after_it_was_shown(capsys, home, tmp_path):
    seed(home)
    store = MemoryStore(home)
    store.add("user", "User is allergic to penicillin")
    pid = stage(tmp_path, add("user", "User likes green tea"), created_at=T0)
    shown = fingerprint(capsys, home, tmp_path, pid)
    stage(tmp_path, remove("user", "penicillin"), created_at=T0, pending_id=pid)  # rewritten under the page
    before = (home / "USER.md").read_bytes()
    code, out, err = dmem(capsys, home, "hermes", "approve", pid, "--hermes-home", str(tmp_path), "--expect", shown)
    assert code == 1 and out == "" and f"staged write {pid} changed since it was shown" in err
    assert (home / "USER.md").read_bytes() == before and (pending_dir(tmp_path) / f"{pid}.json").exists()


def test_approve_without_expect_from_a_script_is_refused_and_applies_nothing(capsys, home, tmp_path):
    seed(home)
    pid = stage(tmp_path, add("user", "User likes green tea"), created_at=T0)
    before = (home / "USER.md").read_bytes()
    code, _, err = dmem(capsys, home, "hermes", "approve", pid, "--hermes-home", str(tmp_path))
    assert code == 1 and "needs --expect FINGERPRINT" in err and (home / "USER.md").read_bytes() == before


ESC_TEXT = "User likes tea\x1b]0;owned\x07\x1b[2K\x1b[1A"


def test_pending_list_show_and_history_escape_control_characters(capsys, home, tmp_path):
    seed(home)
    (home / "USER.md").write_text((home / "USER.md").read_text(encoding="utf-8") + "\n§\n" + ESC_TEXT, encoding="utf-8")
    stage(tmp_path, add("user", "User drinks \x1b[31mred\x1b[0m wine"), created_at=T0)
    write_raw(tmp_path, "0badf00d.json", b"{")
    outputs = []
    for command in (("hermes", "pending", "--hermes-home", str(tmp_path)), ("list",), ("history",)):
        code, out, err = dmem(capsys, home, *command)
        assert code == 0, err
        outputs.append(out + err)
    (blocked,) = MemoryStore(home).blocked_entries("user")  # a control character blocks it; it is still shown
    code, out, err = dmem(capsys, home, "show", blocked.entry_id[:8])
    assert code == 0, err
    outputs.append(out + err)
    joined = "".join(outputs)
    assert "\x1b" not in joined and "\x07" not in joined
    assert "\\x1b[31mred" in joined and "User likes tea\\x1b]0;owned\\x07" in joined  # shown, escaped


def test_pending_names_a_write_that_says_an_entry_again_in_other_words(capsys, home, tmp_path):
    MemoryStore(home).add("user", "The user works as a nurse at the city hospital.")
    stage(tmp_path, add("user", "The user is a nurse at the city hospital."), created_at=T0)
    code, out, _ = dmem(capsys, home, "hermes", "pending", "--hermes-home", str(tmp_path))
    assert code == 0
    assert "= says again “The user works as a nurse at the city hospital.” in other words: approving it reinforces that entry" in out
