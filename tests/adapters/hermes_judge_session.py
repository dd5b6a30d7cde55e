"""Runs INSIDE the real Hermes venv: one Hermes session whose memory provider's judge is Hermes'
own model. config.yaml's auxiliary.dialectical_judge points at a local OpenAI-compatible stub, so
the question travels through Hermes' call_llm. Hermes' memory tool writes two entries the rules
cannot relate; the session ends; maintenance asks the model in the background.

Prints one JSON document: the memory files before and after the session end, the prefetch, the
edges. HERMES_HOME must hold the installed plugin, selected, and pair.json (the two texts).
"""

import json
import sys
import time

from agent.memory_manager import MemoryManager, inject_memory_provider_tools
from hermes_constants import get_hermes_home
from plugins.memory import _get_active_memory_provider, load_memory_provider
from tools.memory_tool import MEMORY_SCHEMA, MemoryStore, memory_tool

FIRST, SECOND = json.loads((get_hermes_home() / "pair.json").read_text(encoding="utf-8"))  # written by the test
memories = get_hermes_home() / "memories"


def files():
    """Each memory file of the home: its text, or (the sidecars) its entries and edges."""
    found = {}
    for path in sorted(memories.iterdir()) if memories.is_dir() else []:
        if path.suffix == ".md":
            found[path.name] = path.read_text(encoding="utf-8")
        elif path.name.endswith(".meta.json"):
            sidecar = json.loads(path.read_text(encoding="utf-8"))
            found[path.name] = {"contradictions": [{k: e.get(k) for k in ("author", "kind", "reason", "resolved")}
                                                   for e in sidecar.get("contradictions", [])]}
        elif path.name.endswith(".verdicts.json"):
            verdicts = json.loads(path.read_text(encoding="utf-8"))
            found[path.name] = {"verdicts": sorted(v["label"] for v in verdicts["verdicts"].values()),
                                "last_run": verdicts.get("last_run", {})}
        else:
            found[path.name] = f"{path.stat().st_size} bytes"
    return found


report = {"transcript": []}
provider = load_memory_provider(_get_active_memory_provider())
manager = MemoryManager()
manager.add_provider(provider)
manager.initialize_all(session_id="session-judge", platform="cli", agent_context="primary")


class Agent:
    _memory_manager = manager
    tools = [{"type": "function", "function": MEMORY_SCHEMA}]
    enabled_toolsets = ["memory"]


inject_memory_provider_tools(Agent)
report["tools"] = [tool["function"]["name"] for tool in Agent.tools]
report["judge"] = getattr(provider.store.judge, "name", None)
store = MemoryStore()
store.load_from_disk()
for content in (FIRST, SECOND):
    args = {"action": "add", "target": "user", "content": content}
    result = memory_tool(action="add", target="user", content=content, store=store)
    manager.notify_memory_tool_write(result, args, build_metadata=lambda: {"session_id": "session-judge"})
    report["transcript"].append(json.loads(result))
report["prefetch"] = manager.prefetch_all("What does the user like to do in summer?")
report["files_before"] = files()
started = time.perf_counter()
manager.on_session_end([])
report["session_end_seconds"] = time.perf_counter() - started
manager.shutdown_all()  # joins the background maintenance (bounded)
report["files_after"] = files()
json.dump(report, sys.stdout, ensure_ascii=False)
