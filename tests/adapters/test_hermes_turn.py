"""Whole Hermes turns: the real AIAgent, its config, its tool loop, a scripted model endpoint.

Session 1: the user says they moved; the model calls Hermes' built-in memory tool; the provider
flags the contradiction with the stored "User lives in Berlin" before the turn ends. Session 2: the
system prompt the model receives shows both sides and the behaviour-first hint.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore

from .conftest import run_in_hermes

HERE = Path(__file__).parent
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def turns(hermes_python, hermes_pythonpath, hermes_home):
    (hermes_home / "memories").mkdir(parents=True, exist_ok=True)
    (hermes_home / "memories" / "USER.md").write_text("User lives in Berlin", encoding="utf-8")  # an earlier session
    config = hermes_home / "config.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "  memory_enabled: true\n  user_profile_enabled: true\n", encoding="utf-8")
    out = run_in_hermes(hermes_python, hermes_pythonpath, hermes_home, HERE / "hermes_turn.py", timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "hermes-turn.json").write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    return report


def system_prompt(request) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "system")


def test_one_hermes_turn_end_to_end(turns, hermes_home):
    assert turns["tools"] == ["dmem_contradictions", "dmem_link", "dmem_next_draft", "dmem_observed", "dmem_record_draft", "dmem_review", "dmem_same",
                              "dmem_search", "memory"]
    user, call, tool, reply = turns["turn1"]["messages"]
    # before the turn, prefetch put the relevant stored entry in front of the model
    assert "- [user] User lives in Berlin (confidence 0.70, incident)" in user["api_content"]
    assert json.loads(call["tool_calls"][0]["function"]["arguments"]) == {"action": "add", "target": "user", "content": "User lives in Paris"}
    assert json.loads(tool["content"])["success"] is True
    assert reply["content"] == "Noted: you live in Paris now."
    # the contradiction was on disk when the turn ended, before any maintenance or new session
    (edge,) = turns["edges_after_turn1"]
    assert edge["reason"] == "value: lives in Berlin↔Paris" and not edge["resolved"]
    assert (hermes_home / "memories" / "USER.md").read_text(encoding="utf-8") == "User lives in Berlin\n§\nUser lives in Paris"


def test_the_next_session_prompt_shows_both_sides(turns):
    first_of_session2 = turns["requests"][turns["requests_session1"]]
    prompt = system_prompt(first_of_session2)
    assert "User lives in Berlin\n§\nUser lives in Paris" in prompt  # Hermes' own block
    assert '- [user] "User lives in Berlin" ⟷ ★"User lives in Paris" (reason: "value: lives in Berlin↔Paris")' in prompt
    assert "Behaviour first" in prompt
    # within session 1 the prompt stayed frozen (prompt cache): no contradiction block yet
    assert "Contested entries" not in system_prompt(turns["requests"][0])


def test_session_end_ran_maintenance_that_only_proposes(turns, hermes_home):
    store = MemoryStore(hermes_home / "memories")
    assert all(e.meta.deep_checked for e in store.entries("user"))
    assert [e["resolved"] for e in store.get_contradictions("user", include_resolved=True)] == [False]
