"""A writer that acknowledges each completed mutation on stdout; the crash test kills it with -9.

Usage: python crash_writer.py HOME START [SEED]. Each line printed is ``op<TAB>text`` for a mutation
that returned successfully (so was acknowledged to its caller).
"""

import random
import sys

from dialectical_memory import MemoryStore


def main() -> None:
    home, start = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else start)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    mine: list[str] = []
    n = start
    while True:
        roll = rng.random()
        if mine and roll < 0.2:
            old = mine.pop(rng.randrange(len(mine)))
            new = f"{old} (revised)"
            store.replace("memory", old, new)
            mine.append(new)
            print(f"replace\t{old}\t{new}", flush=True)
        elif mine and roll < 0.3:
            old = mine.pop(rng.randrange(len(mine)))
            store.remove("memory", old)
            print(f"remove\t{old}", flush=True)
        else:
            text = f"crash-test note {n}: user mentioned topic {rng.randrange(1000)} / 第{n}条"
            store.add("memory", text)
            mine.append(text)
            print(f"add\t{text}", flush=True)
            n += 1


if __name__ == "__main__":
    main()
