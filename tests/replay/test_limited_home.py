"""The life replay in a home with a character limit (benchmarks/life/limited.py): each way of making
room lets different entries go, and the report counts the questions whose evidence each kept."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.life import limited

from .test_life_replay import CONVERSATION

# Ada's notes: Berlin (20 chars) and penicillin (30) fit in 60; Paris (19) in session 2 does not,
# and the penicillin note said again there adds nothing (it reinforces its entry).
ASKED = {**CONVERSATION, "qa": [
    {"question": "Where does Ada live now?", "evidence": ["D2:2"], "category": 1},
    {"question": "What is Ada allergic to?", "evidence": ["D1:2"], "category": 1},
    {"question": "Not one of the four categories", "evidence": ["D1:1"], "category": 5},
]}


def test_each_way_lets_its_own_entry_go_and_the_evidence_kept_is_counted(tmp_path: Path):
    oldest = limited.replay_limited(ASKED, "99", "Ada", tmp_path / "oldest", "oldest", 60)
    newest = limited.replay_limited(ASKED, "99", "Ada", tmp_path / "newest", "newest", 60)
    hint = limited.replay_limited(ASKED, "99", "Ada", tmp_path / "hint", "hint", 60)
    assert oldest["removed"] == newest["removed"] == hint["removed"] == 1 and oldest["dropped"] == 0
    assert oldest["questions"] == 2  # category 5 is not asked
    assert oldest["kept"] == 2  # Berlin went: Paris and the allergy stay
    assert newest["kept"] == 1  # the allergy went, the newest entry before Paris
    assert hint["kept"] == 2  # the hint lets the plain belief go before a fact said twice
    assert hint["found"] == 2 and newest["found"] == 1


def test_a_note_that_cannot_fit_is_dropped_and_counted(tmp_path: Path):
    row = limited.replay_limited(ASKED, "99", "Ada", tmp_path / "home", "oldest", 25)
    assert row["dropped"] == 2  # the penicillin note (30 chars), said twice, never fits in 25
    assert row["removed"] == 1 and row["entries"] == 1  # only Berlin made room, for Paris


def test_the_report_prints_a_row_per_way(tmp_path: Path, capsys):
    (tmp_path / "conv99.json").write_text(json.dumps(ASKED), encoding="utf-8")
    out_json = tmp_path / "rows.json"
    assert limited.main([str(tmp_path), "--limit", "60", "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert "USER.md limited to 60 characters; 2 homes" in out
    assert [line.split()[0] for line in out.splitlines()[2:]] == list(limited.WAYS)
    rows = json.loads(out_json.read_text(encoding="utf-8"))
    assert {(row["speaker"], row["way"]) for row in rows} == {(s, w) for s in ("Ada", "Ben") for w in limited.WAYS}
