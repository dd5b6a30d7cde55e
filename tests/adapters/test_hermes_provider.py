"""The dialectical provider inside the real hermes-agent 0.19.0, through Hermes' own code paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.hermes import TOOL_NAMES

from .conftest import run_in_hermes

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def session(hermes_python, hermes_pythonpath, hermes_home):
    out = run_in_hermes(hermes_python, hermes_pythonpath, hermes_home, HERE / "hermes_session.py")
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    (Path(__file__).parents[2] / "test-artifacts").mkdir(exist_ok=True)
    (Path(__file__).parents[2] / "test-artifacts" / "hermes-session.json").write_text(
        json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    return report


def test_hermes_discovers_and_loads_the_installed_provider(session, hermes_home):
    assert ["dialectical", True] in session["discovered"]
    assert session["active"] == "dialectical"
    assert session["provider_class"] == "DialecticalMemoryProvider" and session["is_memory_provider"]
    assert (hermes_home / "plugins" / "dialectical" / "plugin.yaml").is_file()


def test_hermes_memory_manager_registers_the_tools(session):
    assert session["routed"] == sorted(TOOL_NAMES)
    assert session["tools"] == ["memory", *TOOL_NAMES]  # none shadows Hermes' own memory tool
    assert session["injected"] == len(TOOL_NAMES)


def test_hermes_own_memory_tool_writes_and_the_contradiction_exists_at_once(session, hermes_home):
    """No maintenance ran and nothing read the store yet: the edge comes from on_memory_write alone."""
    on_disk = session["edges_on_disk_after_write"]
    assert len(on_disk) == 1 and on_disk[0]["reason"] == "value: lives in Berlin↔Paris" and not on_disk[0]["resolved"]
    first, second = session["transcript"][:2]
    assert first["result"]["success"] and second["result"]["success"]
    assert (hermes_home / "memories" / "USER.md").read_text(encoding="utf-8") == "User lives in Berlin\n§\nUser lives in Paris"
    found = session["contradictions"]
    assert found["count"] == 1
    edge = found["contradictions"][0]
    assert (edge["from_text"], edge["to_text"], edge["reason"]) == ("User lives in Berlin", "User lives in Paris", "value: lives in Berlin↔Paris")
    sidecar = json.loads((hermes_home / "memories" / "USER.meta.json").read_text(encoding="utf-8"))
    assert [e["resolved"] for e in sidecar["contradictions"]] == [False]
    history = MemoryStore(hermes_home / "memories").history("user")
    flagged = [r for r in history if r["action"] == "contradiction"]
    assert len(flagged) == 1 and flagged[0]["actor"] != "maintenance"


def test_a_batch_of_hermes_operations_is_mirrored_entry_by_entry(session, hermes_home):
    store = MemoryStore(hermes_home / "memories")
    texts = [e.text for e in store.entries("memory")]
    assert texts == ["Project deploys on Fridays", "User drinks coffee in the morning."]


def test_a_fact_hermes_found_already_written_is_said_again_and_reinforces_its_entry(session, hermes_home):
    """Hermes' tool refuses the exact repeat ("already exists") and its hook tells of it like a write:
    the entry gets the hit an add of it here gives, and Hermes' file stays as Hermes wrote it."""
    assert session["repeat"]["success"] and "already exists" in session["repeat"]["message"].lower()
    assert session["repeat_left_the_file"]
    store = MemoryStore(hermes_home / "memories")
    hits = {text: store.get_entry_meta("memory", text).hit_count for text in
            ("Project deploys on Fridays", "User drinks coffee in the morning.")}
    assert hits == {"Project deploys on Fridays": 1, "User drinks coffee in the morning.": 0}
    entry_id = store.get_entry_meta("memory", "Project deploys on Fridays").entry_id
    [record] = store.history("memory", action="reinforce", entry_id=entry_id)
    assert record["actor"] == "agent"


def test_the_system_prompt_block_shows_the_contested_entries_and_the_hint(session):
    block = session["system_prompt"]
    assert "Behaviour first" in block
    assert '"User lives in Berlin" ⟷ ★"User lives in Paris" (reason: "value: lives in Berlin↔Paris")' in block
    assert len(block) <= 1200


def test_prefetch_recalls_the_relevant_entries_ranked(session):
    lines = session["prefetch"].splitlines()
    assert any("[user] User lives in Paris" in line and "contested" in line for line in lines)
    assert not any("deploys" in line for line in lines)


def test_session_end_returns_at_once_and_maintenance_runs_in_the_background(session, hermes_home):
    assert session["session_end_seconds"] < 0.5
    store = MemoryStore(hermes_home / "memories")
    # shutdown_all() let the background pass finish: every entry got maintenance's deeper check…
    assert all(e.meta.deep_checked for target in ("memory", "user") for e in store.entries(target))
    # …and maintenance only proposes: no contradiction is resolved without a person
    assert [e["resolved"] for e in store.get_contradictions("user", include_resolved=True)] == [False]
