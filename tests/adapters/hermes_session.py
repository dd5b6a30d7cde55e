"""Runs INSIDE the real Hermes venv (its python, its modules): one Hermes session with the
dialectical provider, driven through Hermes' own discovery, loader, MemoryManager and memory tool.

Prints one JSON document for the test to check. HERMES_HOME must point at a home where
`dmem hermes install` wrote the plugin and config.yaml selects it.
"""

import json
import sys
import time

from agent.memory_manager import MemoryManager, inject_memory_provider_tools
from agent.memory_provider import MemoryProvider
from hermes_constants import get_hermes_home
from plugins.memory import _get_active_memory_provider, discover_memory_providers, load_memory_provider
from tools.memory_tool import MEMORY_SCHEMA, MemoryStore, memory_tool

report = {"hermes_home": str(get_hermes_home()), "transcript": []}
say = report["transcript"].append

report["discovered"] = [[name, available] for name, _desc, available in discover_memory_providers()]
report["active"] = _get_active_memory_provider()
provider = load_memory_provider(report["active"])
report["provider_class"] = type(provider).__name__
report["is_memory_provider"] = isinstance(provider, MemoryProvider)

manager = MemoryManager()
manager.add_provider(provider)
manager.initialize_all(session_id="session-1", platform="cli", agent_context="primary")


class Agent:  # the two attributes inject_memory_provider_tools reads from an AIAgent
    _memory_manager = manager
    tools = [{"type": "function", "function": MEMORY_SCHEMA}]
    enabled_toolsets = ["memory"]


agent = Agent()
report["injected"] = inject_memory_provider_tools(agent)
report["tools"] = [tool["function"]["name"] for tool in agent.tools]
report["routed"] = sorted(manager.get_all_tool_names())

store = MemoryStore()  # Hermes' own built-in memory, exactly as an AIAgent builds it
store.load_from_disk()


def hermes_memory_call(args, call_id):
    """What agent/tool_executor.py does for a `memory` tool call: run it, then mirror it (with the
    metadata keys run_agent builds: the session and the model's tool call id)."""
    result = memory_tool(action=args.get("action"), target=args.get("target", "memory"), content=args.get("content"),
                         old_text=args.get("old_text"), operations=args.get("operations"), store=store)
    started = time.perf_counter()
    manager.notify_memory_tool_write(result, args, build_metadata=lambda: {"session_id": "session-1", "tool_call_id": call_id})
    mirrored = round((time.perf_counter() - started) * 1000, 1)
    say({"tool_call": {"name": "memory", "arguments": args}, "result": json.loads(result), "mirror_ms": mirrored})
    return result


hermes_memory_call({"action": "add", "target": "user", "content": "User lives in Berlin"}, "call-1")
hermes_memory_call({"action": "add", "target": "user", "content": "User lives in Paris"}, "call-2")
# Straight after Hermes' write and its on_memory_write, before anything reads the store again:
sidecar = get_hermes_home() / "memories" / "USER.meta.json"
report["edges_on_disk_after_write"] = json.loads(sidecar.read_text(encoding="utf-8"))["contradictions"] if sidecar.exists() else []
hermes_memory_call({"target": "memory", "operations": [
    {"action": "add", "content": "Project deploys on Fridays"},
    {"action": "add", "content": "User drinks coffee in the morning."},
]}, "call-3")

call = {"name": "dmem_contradictions", "arguments": {"target": "user"}}
answer = manager.handle_tool_call(call["name"], call["arguments"])
say({"tool_call": call, "result": json.loads(answer)})
report["contradictions"] = json.loads(answer)

report["system_prompt"] = manager.build_system_prompt()
report["prefetch"] = manager.prefetch_all("Which city does the user live in?")
say({"prefetch": report["prefetch"]})

# The model says a fact again in the same words: Hermes' tool answers that it already exists
memories = get_hermes_home() / "memories" / "MEMORY.md"
before = memories.read_bytes()
report["repeat"] = json.loads(hermes_memory_call({"action": "add", "target": "memory", "content": "Project deploys on Fridays"}, "call-4"))
report["repeat_left_the_file"] = memories.read_bytes() == before

started = time.perf_counter()
manager.on_session_end([])
report["session_end_seconds"] = time.perf_counter() - started
manager.shutdown_all()
json.dump(report, sys.stdout, ensure_ascii=False)
