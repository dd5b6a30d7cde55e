"""`dmem make-room` and `dmem merge`, and a refused `dmem add` naming what could go."""

from __future__ import annotations

import json

import pytest

from dialectical_memory import MemoryStore

from .cli_run import dmem

LIMIT = "300"
FRAGMENT = "User drinks oat milk cortados."
TEXTS = [
    FRAGMENT,
    "User drinks oat milk cortados every morning.",
    "Mia likes hiking in the Alps on weekends.",
    "Mia goes hiking in the Alps most weekends.",
    "User works from home three days a week.",
    "User keeps notes in plain text files, one per project.",
]


@pytest.fixture
def full(home):
    store = MemoryStore(home, user_char_limit=int(LIMIT))
    ids = {text: store.add("user", text).entry_id for text in TEXTS}
    ids["inferred"] = store.add("user", "User probably enjoys jazz.", source_kind="background_review").entry_id
    assert store.counts("user")["usage"]["chars"] >= 0.8 * int(LIMIT)
    return ids


def test_make_room_prints_the_plan_and_changes_nothing(capsys, home, full):
    before = (home / "USER.md").read_bytes()
    code, out, _ = dmem(capsys, home, "--user-char-limit", LIMIT, "make-room", "--target", "user")
    assert code == 0
    assert f"/{int(LIMIT):,} chars" in out and "could go" in out and "could merge" in out
    lines = out.splitlines()
    assert full[FRAGMENT][:8] in lines[2] and "superseded" in lines[2]  # the best candidate first
    assert out.index(full[FRAGMENT][:8]) < out.index(full["inferred"][:8])
    assert (home / "USER.md").read_bytes() == before


def test_make_room_json_and_the_policy_applies_only_what_could_go(capsys, home, full):
    code, out, _ = dmem(capsys, home, "--user-char-limit", LIMIT, "make-room", "--target", "user", "--policy", "auto", "--json")
    assert code == 0
    data = json.loads(out)["user"]
    assert data["plan"]["due"] and data["plan"]["candidates"][0]["entry_id"] == full[FRAGMENT]
    archived = data["applied"]["archived"]
    assert archived and set(archived) <= {c["entry_id"] for c in data["plan"]["candidates"] if c["policy_applies"]}
    assert data["after"]["usage"] == data["plan"]["usage"] - data["applied"]["freed"]
    assert data["after"]["usage"] < 0.8 * int(LIMIT)
    md = (home / "USER.md").read_text(encoding="utf-8")
    assert "Mia likes hiking" in md and "Mia goes hiking" in md  # a merge is never applied by a policy
    store = MemoryStore(home, user_char_limit=int(LIMIT))
    assert all(store.get_entry("user", i).archived for i in archived)
    code, out, _ = dmem(capsys, home, "review", "undo", data["applied"]["history_id"], "--target", "user")
    assert code == 0 and "Undone: make room" in out
    assert FRAGMENT in (home / "USER.md").read_text(encoding="utf-8")


def test_make_room_archive_by_prefix_and_merge(capsys, home, full):
    code, out, _ = dmem(capsys, home, "--user-char-limit", LIMIT, "make-room", "--archive", full[TEXTS[4]][:8])
    assert code == 0 and "1 entry archived" in out and "undo: dmem review undo" in out
    assert TEXTS[4] not in (home / "USER.md").read_text(encoding="utf-8")
    code, out, err = dmem(capsys, home, "--user-char-limit", LIMIT, "merge", full[TEXTS[2]][:8], full[TEXTS[3]][:8],
                          "--text", "Mia hikes in the Alps most weekends.")
    assert code == 0, err
    assert "Merged 2 entries into one PATTERN" in out
    md = (home / "USER.md").read_text(encoding="utf-8")
    assert "Mia hikes in the Alps most weekends." in md and "Mia likes hiking" not in md
    code, _, err = dmem(capsys, home, "merge", full[TEXTS[1]][:8], full["inferred"][:8], "--draft")
    assert code == 1 and "no judge model" in err


def test_a_refused_add_names_the_best_candidates(capsys, home, full):
    before = (home / "USER.md").read_bytes()
    code, _, err = dmem(capsys, home, "--user-char-limit", LIMIT, "add", "--target", "user", "User collects fountain pens and restores them. " * 3)
    assert code == 1
    assert "would be at" in err and "could go: " + full[FRAGMENT][:8] in err and f"{len(FRAGMENT) + 3} chars" in err
    assert "dmem make-room --target user" in err
    assert (home / "USER.md").read_bytes() == before


def test_below_the_threshold_make_room_says_so(capsys, home):
    MemoryStore(home).add("user", "User works from home three days a week.")
    code, out, _ = dmem(capsys, home, "make-room")
    assert code == 0 and "below 80%: nothing to do" in out
