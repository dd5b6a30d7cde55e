"""An agent process for the concurrency test: tool calls on a shared home, each acknowledged on stdout.

Usage: python agent_worker.py HOME WORKER_ID MAX_OPS CONTROL_DIR. Prints ``op<TAB>args…`` for every
tool call that answered success; the test checks every one of them is reflected on disk at the end.
After its first acknowledged call it creates ``CONTROL_DIR/ready-<id>``; it stops when
``CONTROL_DIR/stop`` exists (or after MAX_OPS calls), so the test knows the agents are still writing
while the dashboard does.
"""

import json
import random
import sys
from pathlib import Path

from dialectical_memory import MemoryStore, memory_tool


def main() -> None:
    home, worker, count, control = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
    rng = random.Random(worker)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    mine: list[str] = []
    for n in range(count):
        if (control / "stop").exists():
            break
        roll = rng.random()
        if mine and roll < 0.25:
            old = mine.pop(rng.randrange(len(mine)))
            new = f"{old} — updated"
            answer = json.loads(memory_tool("replace", "memory", content=new, old_text=old, store=store))
            op = ["replace", old, new]
            mine.append(new)
        elif mine and roll < 0.35:
            old = mine.pop(rng.randrange(len(mine)))
            answer = json.loads(memory_tool("remove", "memory", old_text=old, store=store))
            op = ["remove", old]
        else:
            text = f"worker {worker} note {n}: 用户提到了话题 {rng.randrange(10_000)}"
            answer = json.loads(memory_tool("add", "memory", content=text, source_kind="observed", store=store))
            op = ["add", text]
            mine.append(text)
        if not answer["success"]:
            print(f"error\t{answer['error']}", flush=True)
            sys.exit(1)
        print("\t".join(op), flush=True)
        (control / f"ready-{worker}").touch()


if __name__ == "__main__":
    main()
