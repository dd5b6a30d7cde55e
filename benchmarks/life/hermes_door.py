"""The life replay through the Hermes door: what a home holds when Hermes' own memory tool writes the
notes and the provider only hears of them.

    python benchmarks/life/hermes_door.py ../shared/data/life_dev [--judge labels]

The protocol of ``replay.py`` (each speaker a fresh home, the notes of a session on its date, then
maintenance; daily maintenance for a month after), with one difference: each note is written into
the file as Hermes' tool writes it (the whole file, the note appended; a note already there is not
written again, as Hermes refuses an exact repeat) and the provider's ``on_memory_write`` is called
as Hermes calls it after a successful write, one tool call per note. Prints the knowledge types the
entries end with, what matured, and what waits for a person, counted as ``replay.py`` counts them.
With ``--judge labels``, maintenance asks ``replay.py``'s label judge (what a perfect model would
say), as a Hermes user's provider asks Hermes' own model by default.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.life.replay import (DAY, DAYS_AFTER, HOUR, TARGET, Clock, end_state, label_judge, notes_of,  # noqa: E402
                                    session_time, sessions)


def replay_through_hermes(conversation: dict, speaker: str, folder: Path, judge=None) -> dict:
    from dialectical_memory import MemoryStore
    from dialectical_memory.hermes import DialecticalMemoryProvider
    from dialectical_memory.storage import hermes_format

    clock = Clock()
    memories = folder / "memories"
    store = MemoryStore(memories, memory_char_limit=0, user_char_limit=0, promotion_policy="review", clock=clock,
                        judge=judge)
    provider = DialecticalMemoryProvider(store)
    provider.initialize("replay", hermes_home=str(folder), platform="cli", agent_context="primary")
    written: list[str] = []
    calls = 0
    try:
        for number in sessions(conversation):
            clock.now = session_time(conversation[f"session_{number}_date_time"])
            for text in notes_of(conversation, number, speaker):
                if text.strip() not in written:  # Hermes' tool: "Entry already exists" writes nothing
                    written.append(text.strip())
                    memories.mkdir(parents=True, exist_ok=True)
                    (memories / "USER.md").write_text(hermes_format.dumps(written), encoding="utf-8")
                calls += 1
                provider.on_memory_write("add", TARGET, text, {"tool_call_id": f"note-{calls}"})
            clock.now += HOUR
            store.run_maintenance(TARGET)
        for _ in range(DAYS_AFTER):
            clock.now += DAY
            store.run_maintenance(TARGET)
        return end_state(store)
    finally:
        provider.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="the folder of conv*.json (../shared/data/life_dev)")
    parser.add_argument("--judge", choices=("labels",), help="a judge in maintenance that answers from pairs.jsonl")
    args = parser.parse_args(argv)
    judge = label_judge(args.data) if args.judge == "labels" else None
    ends = []
    for path in sorted(args.data.glob("conv*.json")):
        conversation = json.loads(path.read_text(encoding="utf-8"))
        for speaker in (conversation["speaker_a"], conversation["speaker_b"]):
            with tempfile.TemporaryDirectory(prefix="dmem-hermes-door-") as tmp:
                ends.append(replay_through_hermes(conversation, speaker, Path(tmp), judge))
    kinds, reverify = Counter(), Counter()
    for end in ends:
        kinds.update(end["by_type"])
        reverify.update(end["reverify_by_type"])
    homes, entries = len(ends), sum(end["entries"] for end in ends)
    matured = sum(end["matured"] for end in ends)
    waiting = sum(end["open_groups"] + end["pending_promotions"] + end["reverify"] for end in ends)
    print(f"homes {homes}, entries at the end {entries}; knowledge types {dict(kinds)}")
    print(f"above INCIDENT or proposed for promotion: {matured} ({100 * matured / max(entries, 1):.1f}%)")
    print(f"waiting for a person per home (groups + promotions + re-verify): {waiting / max(homes, 1):.1f}; "
          f"re-verification (expired) {sum(reverify.values())} by type {dict(reverify)}; "
          f"open groups {sum(end['open_groups'] for end in ends)}; promotions {sum(end['pending_promotions'] for end in ends)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
