"""Runs INSIDE the real Hermes venv: the dialectical provider, loaded by Hermes' own plugin loader and
MemoryManager, answers the model's dmem_review call. Prints the answer."""

import json
import sys

from agent.memory_manager import MemoryManager
from plugins.memory import _get_active_memory_provider, load_memory_provider

provider = load_memory_provider(_get_active_memory_provider())
manager = MemoryManager()
manager.add_provider(provider)
manager.initialize_all(session_id="patterns-1", platform="cli", agent_context="primary")
answer = manager.handle_tool_call("dmem_review", {"target": "user"})
manager.shutdown_all()
json.dump({"provider": provider.name, "answer": answer}, sys.stdout, ensure_ascii=False)
