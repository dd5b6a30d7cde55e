"""The life replay through the Hermes door (benchmarks/life/hermes_door.py): the notes written into
the file as Hermes' own tool writes them, the provider told after each, as Hermes tells it."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.life import hermes_door

from .test_life_replay import CONVERSATION


def test_entries_hermes_wrote_get_their_types_and_a_repeat_reinforces(tmp_path: Path):
    ada = hermes_door.replay_through_hermes(CONVERSATION, "Ada", tmp_path / "ada")
    assert ada["entries"] == 3  # Berlin, penicillin, Paris: the repeat is not written twice
    assert ada["by_type"] == {"belief": 2, "fact": 1}  # an allergy is a lasting fact
    assert ada["hits"] == {0: 2, 1: 1}  # the penicillin note said again in session 2
    ben = hermes_door.replay_through_hermes(CONVERSATION, "Ben", tmp_path / "ben")
    assert ben["entries"] == 1 and ben["hits"] == {1: 1}


def test_the_door_prints_types_maturity_and_what_waits(tmp_path: Path, capsys):
    (tmp_path / "conv99.json").write_text(json.dumps(CONVERSATION), encoding="utf-8")
    assert hermes_door.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "homes 2, entries at the end 4; knowledge types {'belief': 3, 'fact': 1}" in out
    assert "waiting for a person per home" in out
