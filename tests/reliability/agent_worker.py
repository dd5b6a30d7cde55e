"""An agent process for the concurrency test: tool calls on a shared home, each acknowledged on stdout.

Usage: python agent_worker.py HOME WORKER_ID COUNT. Prints ``op<TAB>args…`` for every tool call that
answered success; the test checks every one of them is reflected on disk at the end.
"""

import json
import random
import sys

from dialectical_memory import MemoryStore, memory_tool


def main() -> None:
    home, worker, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(worker)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    mine: list[str] = []
    for n in range(count):
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


if __name__ == "__main__":
    main()
