"""Runs INSIDE the real Hermes venv: the dialectical provider, loaded by Hermes' own plugin loader
and MemoryManager, over a home that hostile_home.build filled. Prints what the model would see.
"""

import json
import sys

from agent.memory_manager import MemoryManager
from plugins.memory import _get_active_memory_provider, load_memory_provider

provider = load_memory_provider(_get_active_memory_provider())
manager = MemoryManager()
manager.add_provider(provider)
manager.initialize_all(session_id="hostile-1", platform="cli", agent_context="primary")

outputs = [provider.system_prompt_block(), manager.prefetch_all("deploy token instructions tea ZQX")]
for name, arguments in [("dmem_search", {"query": "deploy token"}), ("dmem_search", {"query": "ZQX instructions"}),
                        ("dmem_contradictions", {}), ("dmem_contradictions", {"mode": "filter"}), ("dmem_review", {})]:
    outputs.append(manager.handle_tool_call(name, arguments))
manager.shutdown_all()
json.dump({"provider": provider.name, "outputs": outputs}, sys.stdout, ensure_ascii=False)
