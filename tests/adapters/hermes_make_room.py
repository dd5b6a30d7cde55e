"""Runs INSIDE the real Hermes venv: one phase of a Hermes session whose USER.md is at Hermes'
limit, with the dialectical provider, through Hermes' own loader, MemoryManager and memory tool.

``python hermes_make_room.py PHASE JSON_OPS``: each op is ``[action, content, origin]`` for Hermes'
memory tool (origin ``background_review`` marks a write of Hermes' background review). Prints one
JSON document: each call's result (up to the first Hermes refuses), Hermes' usage, and the system prompt the manager builds.
"""

import json
import sys

from agent.memory_manager import MemoryManager
from plugins.memory import _get_active_memory_provider, load_memory_provider
from tools.memory_tool import load_on_disk_store, memory_tool

phase, ops = sys.argv[1], json.loads(sys.argv[2])
manager = MemoryManager()
manager.add_provider(load_memory_provider(_get_active_memory_provider()))
manager.initialize_all(session_id=f"session-{phase}", platform="cli", agent_context="primary")
store = load_on_disk_store()  # Hermes' built-in memory with config.yaml's limits, as an AIAgent builds it
store.load_from_disk()
report = {"phase": phase, "limits": [store.memory_char_limit, store.user_char_limit], "calls": []}
for action, content, origin in ops:
    args = {"action": action, "target": "user", ("content" if action == "add" else "old_text"): content}
    result = memory_tool(store=store, **args)
    meta = {"session_id": f"session-{phase}", "write_origin": origin}
    manager.notify_memory_tool_write(result, args, build_metadata=lambda meta=meta: meta)
    report["calls"].append({"args": args, "result": json.loads(result)})
    if not report["calls"][-1]["result"].get("success"):
        break  # Hermes refused: the session stops here, as an agent would have to
store._reload_target("user", skip_drift=True)
report["usage"] = store._char_count("user")
report["system_prompt"] = manager.build_system_prompt()
manager.shutdown_all()
json.dump(report, sys.stdout, ensure_ascii=False)
