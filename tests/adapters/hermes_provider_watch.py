"""Runs INSIDE the real Hermes venv: a session with the dialectical provider while Hermes' background
review stages a memory write, which Hermes' own `/memory approve` then applies.

Hermes tells no provider what `/memory approve` applied, so the provider must have read the staged
file before. argv[1] is the text; prints one JSON document: the pending id, how long until the
provider had noted it, Hermes' answer to the approval, and the entry as the provider's store has it.
"""

import json
import sys
import time

from agent.memory_manager import MemoryManager
from hermes_cli.write_approval_commands import handle_pending_subcommand
from hermes_constants import get_hermes_home
from plugins.memory import load_memory_provider
from tools import write_approval as wa
from tools.memory_tool import MemoryStore, load_on_disk_store, memory_tool
from tools.skill_provenance import reset_current_write_origin, set_current_write_origin

text = sys.argv[1]
manager = MemoryManager()
provider = load_memory_provider("dialectical")
manager.add_provider(provider)
manager.initialize_all(session_id="session-w", platform="telegram", agent_context="primary")

store = MemoryStore()
store.load_from_disk()
token = set_current_write_origin("background_review")  # what the background review fork sets
try:
    staged = json.loads(memory_tool(action="add", target="user", content=text, store=store))
finally:
    reset_current_write_origin(token)
pid = staged["pending_id"]

ledger = get_hermes_home() / "memories" / ".hermes-origins.json"
started = time.monotonic()
while time.monotonic() - started < 10 and not (ledger.exists() and pid in ledger.read_text(encoding="utf-8")):
    time.sleep(0.05)
noted = time.monotonic() - started

approved = handle_pending_subcommand(wa.MEMORY, ["approve", pid], memory_store=load_on_disk_store())
meta = provider.store.get_entry_meta("user", text)
report = {"staged": staged, "pending_id": pid, "noted_seconds": noted, "approved": approved,
          "source_kind": meta.source_kind.value if meta else None, "provenance": meta.provenance if meta else None}
manager.shutdown_all()
json.dump(report, sys.stdout, ensure_ascii=False)
