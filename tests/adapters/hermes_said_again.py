"""Runs INSIDE the real Hermes venv (write approval off): Hermes' memory tool writes a fact, then the
same fact in other words, and its MemoryManager mirrors each write to the provider. Prints the tool
results."""

import json
import sys

from agent.background_review import build_memory_write_metadata
from agent.memory_manager import MemoryManager
from plugins.memory import load_memory_provider
from tools.memory_tool import MemoryStore, memory_tool

manager = MemoryManager()
manager.add_provider(load_memory_provider("dialectical"))
manager.initialize_all(session_id="session-s", platform="cli", agent_context="primary")
store = MemoryStore()
store.load_from_disk()


class Agent:  # the attributes build_memory_write_metadata reads from an AIAgent
    session_id = "session-s"
    _parent_session_id = ""
    platform = "cli"
    _memory_write_origin = "assistant_tool"
    _memory_write_context = "foreground"


results = []
for content in sys.argv[1:]:
    args = {"action": "add", "target": "user", "content": content}
    result = memory_tool(action="add", target="user", content=content, store=store)
    manager.notify_memory_tool_write(result, args, build_metadata=lambda: build_memory_write_metadata(Agent()))
    results.append(json.loads(result))
manager.shutdown_all()
json.dump(results, sys.stdout, ensure_ascii=False)
