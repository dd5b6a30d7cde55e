"""Runs INSIDE the real Hermes venv (write approval off): Hermes' memory tool writes, and its
MemoryManager mirrors each write to the provider with the metadata Hermes builds itself
(`agent.background_review.build_memory_write_metadata`), once as a foreground turn and once as its
background review; or, given texts, each of them as a foreground turn. Prints the tool results."""

import json
import sys

from agent.background_review import build_memory_write_metadata
from agent.memory_manager import MemoryManager
from plugins.memory import load_memory_provider
from tools.memory_tool import MemoryStore, memory_tool

manager = MemoryManager()
manager.add_provider(load_memory_provider("dialectical"))
manager.initialize_all(session_id="session-h", platform="discord", agent_context="primary")
store = MemoryStore()
store.load_from_disk()


class Agent:  # the attributes build_memory_write_metadata reads from an AIAgent
    session_id = "session-h"
    _parent_session_id = ""
    platform = "discord"

    def __init__(self, origin):
        self._memory_write_origin = origin
        self._memory_write_context = "background_review" if origin == "background_review" else "foreground"


results = []
writes = [("assistant_tool", text) for text in sys.argv[1:]] or [("assistant_tool", "User works at Acme"),
                                                                 ("background_review", "User works at Initech")]
for origin, content in writes:
    args = {"action": "add", "target": "user", "content": content}
    result = memory_tool(action="add", target="user", content=content, store=store)
    manager.notify_memory_tool_write(result, args, build_metadata=lambda origin=origin: build_memory_write_metadata(Agent(origin)))
    results.append(json.loads(result))
manager.shutdown_all()
json.dump(results, sys.stdout, ensure_ascii=False)
