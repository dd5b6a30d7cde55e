"""Runs INSIDE the real Hermes venv: Hermes' own memory tool stages writes in its approval queue.

argv[1] is a JSON list of steps: {"seed": [target, text]} writes an entry with Hermes' own store
(no gate: the entries that exist before anything is staged), {"call": {memory tool arguments},
"origin": "foreground" | "background_review"} calls the tool exactly as an agent turn would, with
the write origin the background review fork sets. Prints one JSON document: whether the gate is on,
and each call's result (a staged one carries its pending_id).
"""

import json
import sys

from tools import write_approval as wa
from tools.memory_tool import MemoryStore, memory_tool
from tools.skill_provenance import reset_current_write_origin, set_current_write_origin

store = MemoryStore()
store.load_from_disk()
report = {"write_approval": wa.write_approval_enabled(wa.MEMORY), "results": []}
for step in json.loads(sys.argv[1]):
    if "seed" in step:
        target, text = step["seed"]
        report["results"].append(store.add(target, text))
        continue
    args = step["call"]
    token = set_current_write_origin(step.get("origin", "foreground"))
    try:
        result = memory_tool(action=args.get("action"), target=args.get("target", "memory"), content=args.get("content"),
                             old_text=args.get("old_text"), operations=args.get("operations"), store=store)
    finally:
        reset_current_write_origin(token)
    report["results"].append(json.loads(result))
json.dump(report, sys.stdout, ensure_ascii=False)
