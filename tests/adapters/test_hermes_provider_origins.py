"""Who wrote an entry, as the provider learns it (project venv; the real Hermes is in
test_hermes_write_approval.py): Hermes' hook metadata, and the approval queue watched while Hermes runs."""

from __future__ import annotations

import json
import time

import pytest

from dialectical_memory import MemoryStore, SourceKind
from dialectical_memory.hermes import DialecticalMemoryProvider
from dialectical_memory.storage.hermes_pending import LEDGER_NAME
from hermes_queue_files import add, stage


@pytest.fixture
def provider(tmp_path):
    provider = DialecticalMemoryProvider()
    provider.initialize("session-7", hermes_home=str(tmp_path), platform="telegram", agent_context="primary")
    yield provider
    provider.shutdown()


def hermes_appends(hermes_home, target, text):
    path = hermes_home / "memories" / ("USER.md" if target == "user" else "MEMORY.md")
    path.parent.mkdir(parents=True, exist_ok=True)
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(f"{old}\n§\n{text}" if old else text, encoding="utf-8")


def test_a_background_review_write_through_the_hook_gets_that_source(provider, tmp_path):
    hermes_appends(tmp_path, "user", "User works at Acme")
    provider.on_memory_write("add", "user", "User works at Acme", {"write_origin": "assistant_tool", "session_id": "session-7",
                                                                    "platform": "telegram", "tool_name": "memory"})  # fmt: skip
    hermes_appends(tmp_path, "user", "User works at Initech")
    provider.on_memory_write("add", "user", "User works at Initech", {"write_origin": "background_review", "session_id": "session-7",
                                                                       "platform": "telegram", "tool_name": "memory", "task_id": 3})  # fmt: skip
    store = MemoryStore(tmp_path / "memories")
    told = store.find_entry("user", "Acme").meta
    assert told.source_kind is SourceKind.USER_EXPLICIT
    assert told.provenance == {"origin": "assistant_tool", "session_id": "session-7", "platform": "telegram", "tool_name": "memory"}
    guessed = store.find_entry("user", "Initech").meta
    assert guessed.source_kind is SourceKind.BACKGROUND_REVIEW and guessed.authority == 0.6
    assert guessed.provenance["origin"] == "background_review"
    (edge,) = store.get_contradictions("user")
    assert edge["preferred_id"] == told.entry_id  # what the user said outweighs the review's guess


def test_missing_metadata_falls_back_to_the_session_and_unsafe_values_are_dropped(provider, tmp_path):
    hermes_appends(tmp_path, "memory", "Project deploys on Fridays")
    provider.on_memory_write("add", "memory", "Project deploys on Fridays", {"session_id": ["not", "text"], "platform": "cli\x1b[2J"})
    meta = MemoryStore(tmp_path / "memories").find_entry("memory", "Fridays").meta
    assert meta.provenance == {"origin": "assistant_tool", "session_id": "session-7", "platform": "cli[2J", "tool_name": "memory"}


@pytest.mark.parametrize(("context", "platform"), [("subagent", "cli"), ("cron", "cli"), ("flush", "cli"), ("primary", "cron")])
def test_subagent_and_cron_contexts_still_never_write(tmp_path, context, platform):
    hermes_appends(tmp_path, "user", "User works at Initech")
    stage(tmp_path, add("user", "User lives in Paris"), origin="background_review", created_at=time.time())
    provider = DialecticalMemoryProvider()
    provider.initialize("s", hermes_home=str(tmp_path), platform=platform, agent_context=context)
    before = sorted(p.name for p in (tmp_path / "memories").iterdir())
    provider.on_memory_write("add", "user", "User works at Initech", {"write_origin": "background_review"})
    assert provider._watcher is None
    assert sorted(p.name for p in (tmp_path / "memories").iterdir()) == before and LEDGER_NAME not in before


def test_while_hermes_runs_the_queue_is_watched_so_its_own_approve_keeps_the_origin(provider, tmp_path):
    pid = stage(tmp_path, add("user", "User works at Initech"), origin="background_review", created_at=time.time())
    ledger = tmp_path / "memories" / LEDGER_NAME
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not (ledger.exists() and pid in ledger.read_text(encoding="utf-8")):
        time.sleep(0.05)
    assert pid in json.loads(ledger.read_text(encoding="utf-8"))["writes"]
    hermes_appends(tmp_path, "user", "User works at Initech")  # Hermes' /memory approve: the file, then the record gone
    (tmp_path / "pending" / "memory" / f"{pid}.json").unlink()
    meta = provider.store.find_entry("user", "Initech").meta
    assert meta.source_kind is SourceKind.BACKGROUND_REVIEW and meta.provenance == {"origin": "background_review", "pending_id": pid}
    provider.shutdown()
    assert provider._watcher is None
