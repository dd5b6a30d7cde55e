"""A writer that acknowledges each completed mutation on stdout; the crash test kills it with -9.

Usage: python crash_writer.py HOME START [SEED]. Before each mutation it prints the intent,
``op<TAB>args…``; after the mutation returns (is acknowledged) it prints ``ok``. The one intent that
has no ``ok`` when the process dies was in flight: it may or may not have taken effect.
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
            print(f"replace\t{old}\t{new}", flush=True)
            store.replace("memory", old, new)
            mine.append(new)
            print("ok", flush=True)
        elif mine and roll < 0.3:
            old = mine.pop(rng.randrange(len(mine)))
            print(f"remove\t{old}", flush=True)
            store.remove("memory", old)
            print("ok", flush=True)
        else:
            text = f"crash-test note {n}: user mentioned topic {rng.randrange(1000)} / 第{n}条"
            print(f"add\t{text}", flush=True)
            store.add("memory", text)
            mine.append(text)
            print("ok", flush=True)
            n += 1


if __name__ == "__main__":
    main()
