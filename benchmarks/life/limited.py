"""The life replay in a home with Hermes' character limit: what each way of making room keeps.

    python benchmarks/life/limited.py ../shared/data/life_dev [--limit 1375] [--json out.json]

A Hermes user's USER.md holds 1,375 characters (Hermes' default), a dozen notes; the replay brings
each speaker ~100. Every note is added as ``replay.py`` adds it (its protocol: sessions in order,
maintenance after each, daily for a month after). When an add is refused for the limit, room is made
one of four ways, each in its own copy of the run, and the note is added again:

* ``oldest``: the oldest entries go first (what Hermes >= 0.20 does on its own: it evicts the oldest
  entries to ``memories/ARCHIVE.jsonl``);
* ``hint``: the agent follows the refusal's make-room hint (``store.refusal_plan``): the candidates
  it names, in its order (what could go, then what is worth least), until the note fits;
* ``random``: any entry (seeded by the home: the same on every run), as an agent that picks
  without the hint might;
* ``newest``: the newest entries go first (the foil: a memory that forgets what it just learned).

A note that still does not fit (everything left is protected) is dropped and counted. Each
removal goes to the archive, as every removal does. At the end of the replay it reports, per way:
LoCoMo questions (categories 1-4) whose evidence is still in the home (an active entry holds an
evidence note: it went into it, was said again into it, or is one of its parents), and those whose
evidence the search finds in its top 5 (``store.recall``, as ``patterns.py`` asks). The questions
are the conversation's, asked at the replay's end.

The data is research data: read from where it lies, never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.life.patterns import TOP, ancestors, questions  # noqa: E402
from benchmarks.life.replay import (  # noqa: E402
    DAY, DAYS_AFTER, HOUR, ROLES, TARGET, Clock, Home, conversations, notes_of, session_time, sessions,
)
from dialectical_memory import MemoryStore, SourceKind  # noqa: E402
from dialectical_memory.core.errors import CharLimitError  # noqa: E402

HERMES_USER_LIMIT = 1_375
WAYS = ("oldest", "hint", "random", "newest")


def make_room(store: MemoryStore, way: str, error: CharLimitError, rng: random.Random) -> bool:
    """Let one entry go the ``way`` named, as the agent's remove does; False when nothing may go."""
    if way == "hint":
        plan = store.refusal_plan(error)
        chosen = [candidate.entry_id for candidate in plan.best(len(plan.candidates))] if plan else []
    elif way == "random":
        chosen = [entry.entry_id for entry in store.entries(TARGET)]
        rng.shuffle(chosen)
    else:
        in_file = [entry.entry_id for entry in store.entries(TARGET)]  # the file's order: the order written
        chosen = in_file[::-1] if way == "newest" else in_file
    for entry_id in chosen:
        try:  # as an agent lets an entry go: a remove by its text (to the archive)
            store.remove(TARGET, store.get_entry(TARGET, entry_id).text, actor="agent")
            return True
        except Exception:  # noqa: BLE001 - its text is part of another entry's: the next one
            continue
    return False


def add_within_limit(store: MemoryStore, home: Home, text: str, way: str, limit: int, counts: dict,
                     rng: random.Random) -> None:
    for _attempt in range(200):
        try:
            result = store.add(TARGET, text, source_kind=SourceKind.USER_EXPLICIT)
        except CharLimitError as error:
            if len(text) > limit or not make_room(store, way, error, rng):  # a note longer than the file never fits
                counts["dropped"] += 1
                return
            counts["removed"] += 1
            continue
        except Exception:  # noqa: BLE001 - refused by the safety check: counted, as replay.py does
            counts["refused"] += 1
            return
        if result.entry_id:
            home.entry_of_text.setdefault(text, result.entry_id)
        return
    counts["dropped"] += 1


def replay_limited(conversation: dict, conv: str, speaker: str, folder: Path, way: str, limit: int) -> dict:
    clock = Clock()
    store = MemoryStore(folder, memory_char_limit=limit, user_char_limit=limit, promotion_policy="review", clock=clock)
    home = Home(conv, speaker)
    counts = {"notes": 0, "removed": 0, "dropped": 0, "refused": 0}
    rng = random.Random(f"{conv}:{speaker}")  # the same choices on every run
    for number in sessions(conversation):
        clock.now = session_time(conversation[f"session_{number}_date_time"])
        for text in notes_of(conversation, number, speaker):
            counts["notes"] += 1
            add_within_limit(store, home, text, way, limit, counts, rng)
        clock.now += HOUR
        store.run_maintenance(TARGET)
    for _ in range(DAYS_AFTER):
        clock.now += DAY
        store.run_maintenance(TARGET)
    asked = questions(conversation, speaker, home)
    active = store.entries(TARGET)
    held = set().union(*(ancestors(store, entry) for entry in active)) if active else set()
    found = 0
    for question, ids in asked:
        top = store.recall(TARGET, question, limit=TOP)
        found += any(ancestors(store, entry) & ids for _score, entry in top)
    return {**counts, "questions": len(asked), "kept": sum(bool(ids & held) for _q, ids in asked), "found": found,
            "entries": len(active)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--limit", type=int, default=HERMES_USER_LIMIT, help="USER.md's character limit")
    parser.add_argument("--conv", default="", help="only these conversations (comma-separated numbers)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    rows = []
    started = time.perf_counter()
    for conv, conversation in conversations(args.folder, args.conv):
        for role in ROLES:
            speaker = conversation[role]
            for way in WAYS:
                with tempfile.TemporaryDirectory(prefix="dmem-limited-") as tmp:
                    row = replay_limited(conversation, conv, speaker, Path(tmp) / "home", way, args.limit)
                rows.append({"conv": conv, "speaker": speaker, "way": way, **row})
    print(f"USER.md limited to {args.limit:,} characters; {len(rows) // len(WAYS)} homes in {time.perf_counter() - started:.0f} s")
    print(f"{'way':<8} {'notes':>6} {'removed':>8} {'dropped':>8} {'questions':>10} {'evidence kept':>14} {'found in top 5':>15}")
    for way in WAYS:
        mine = [row for row in rows if row["way"] == way]
        total = {key: sum(row[key] for row in mine) for key in ("notes", "removed", "dropped", "questions", "kept", "found")}
        print(f"{way:<8} {total['notes']:>6} {total['removed']:>8} {total['dropped']:>8} {total['questions']:>10} "
              f"{total['kept']:>6} ({100 * total['kept'] / max(1, total['questions']):4.1f}%) "
              f"{total['found']:>6} ({100 * total['found'] / max(1, total['questions']):4.1f}%)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
