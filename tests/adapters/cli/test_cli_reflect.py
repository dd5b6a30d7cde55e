"""`dmem reflect`: the pattern proposals, and a person's approve (as given, edited, several) and reject."""

from __future__ import annotations

import json

import pytest

from dialectical_memory import MemoryStore

from .cli_run import dmem

GARDEN = [
    "Noor grows tomatoes and basil in her balcony garden.",
    "Noor repotted the balcony garden tomatoes into bigger pots.",
    "Noor waters her balcony garden tomatoes and basil before work.",
]
CHESS = [
    "Noor plays online chess against her cousin most evenings.",
    "Noor joined a chess club and plays chess there on Thursdays.",
]
OTHERS = ["Noor is saving money for a trip to Lisbon.", "Noor's laptop is a ten-year-old ThinkPad.",
          "Noor takes the tram to the university.", "Noor dislikes horror films."]


@pytest.fixture
def noor(home):
    store = MemoryStore(home, user_char_limit=0)
    return {text: store.add("user", text).entry_id for text in GARDEN + CHESS + OTHERS}


def listed(capsys, home):
    code, out, _ = dmem(capsys, home, "reflect", "--target", "user", "--json")
    assert code == 0
    return json.loads(out)["user"]


def test_reflect_lists_proposals_as_json_with_what_scripts_read(capsys, home, noor):
    proposals = listed(capsys, home)
    garden = next(p for p in proposals if set(p["texts"]) == set(GARDEN))
    assert garden["kind"] == "pattern" and garden["drafted_by"] == "members"
    assert garden["entry_ids"] == [noor[t] for t in GARDEN]
    assert garden["draft"].startswith(GARDEN[0])
    assert not any(t in p["texts"] for p in proposals for t in OTHERS)
    code, out, _ = dmem(capsys, home, "reflect")
    assert code == 0 and "user: 2 pattern proposals" in out and garden["id"][:12] in out and "memory: no pattern proposals" in out


def test_reflect_approve_with_edited_text_writes_one_pattern_and_prints_its_undo(capsys, home, noor):
    garden = next(p for p in listed(capsys, home) if set(p["texts"]) == set(GARDEN))
    code, out, _ = dmem(capsys, home, "reflect", "approve", garden["id"][:8], "--text", "Noor keeps a balcony vegetable garden.")
    assert code == 0 and "Merged 3 entries into one PATTERN" in out and "undo: dmem review undo" in out
    md = (home / "USER.md").read_text(encoding="utf-8")
    assert "Noor keeps a balcony vegetable garden." in md and GARDEN[1] not in md
    store = MemoryStore(home, user_char_limit=0)
    pattern = next(e for e in store.entries("user") if e.text.startswith("Noor keeps"))
    assert pattern.meta.parent_ids == [noor[t] for t in GARDEN]
    assert all(store.get_entry("user", noor[t]).archived for t in GARDEN)


def test_reflect_approves_several_with_their_starting_texts(capsys, home, noor):
    ids = [p["id"] for p in listed(capsys, home)]
    code, out, _ = dmem(capsys, home, "reflect", "approve", *ids, "--target", "user", "--json")
    assert code == 0
    assert listed(capsys, home) == []
    md = (home / "USER.md").read_text(encoding="utf-8")
    assert md.count("\n§\n") == len(OTHERS) + 2 - 1


def test_reflect_reject_is_kept_and_text_with_several_ids_is_refused(capsys, home, noor):
    chess = next(p for p in listed(capsys, home) if set(p["texts"]) == set(CHESS))
    code, _out, err = dmem(capsys, home, "reflect", "approve", chess["id"], "other", "--text", "x")
    assert code != 0 and "--text edits one proposal" in err
    code, out, _ = dmem(capsys, home, "reflect", "reject", chess["id"])
    assert code == 0 and "will not be proposed again" in out
    assert not any(set(p["texts"]) == set(CHESS) for p in listed(capsys, home))
    code, _out, err = dmem(capsys, home, "reflect", "approve", chess["id"])
    assert code != 0 and "no pattern proposal" in err
    assert all(t in (home / "USER.md").read_text(encoding="utf-8") for t in CHESS)


def test_maintain_says_how_many_pattern_proposals_wait(capsys, home, noor):
    code, out, _ = dmem(capsys, home, "maintain", "--target", "user")
    assert code == 0 and "user:" in out and "; 2 pattern proposals wait (dmem reflect)" in out
