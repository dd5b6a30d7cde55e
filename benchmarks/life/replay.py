"""The life replay: real notes, replayed as their README says, scored against labelled pairs.

    python benchmarks/life/replay.py ../shared/data/life_dev [--json out.json] [--conv 26,30] [--judge labels]

The folder holds LoCoMo conversations (``convNN.json``), the notes an assistant keeps about each
speaker (``session_N_observation``), and ``pairs.jsonl`` (labelled pairs of those notes, see its
``LABELS.md``). The data is research data: it is read from where it lies and never copied into the
repository, the package or its tests.

The protocol (the folder's README): one fresh home per speaker, no character limits,
``promotion_policy="review"``, the default detector; sessions in order, the clock at each session's
date; the speaker's notes added to USER.md verbatim as ``user_explicit`` with no knowledge type;
maintenance an hour after each session, then daily for 30 days after the last.

What it reports (per home and in all):
* restatement: labelled ``same`` pairs whose later note's add said ``reinforced`` with the entry the
  earlier note is in; distinct pairs absorbed that way (``elaborates``/``progress`` apart); every
  absorbed add, with the label of the pair it made when the pair is labelled; each ``same`` pair
  missed, grouped by why (where its later note went, or the matcher's guard or score for the pair
  alone), and in ``--json`` the ``same`` pairs still apart at the end and the re-verification items;
* with ``--judge labels``, a judge in maintenance answering from the labels (``same`` the same fact,
  ``elaborates`` one note holding the other and more, its fuller side read from the pair's note,
  ``progress`` the later note carrying the earlier's plan forward,
  ``update``/``contradicts`` a contradiction): labelled pairs whose notes ended in one entry by the
  end of the replay (absorbed at the add or folded by the reflection layer);
* maturity: entries per tier and knowledge type, entries above INCIDENT or proposed for promotion
  (and those proposed at some point: a proposal nobody answers is withdrawn once the entry's
  confidence decays under SPEC §4's line), entries by hits;
* what waits for a person, as the review inbox counts it: open contradiction groups (unresolved
  edges), pending promotions, expired re-verification items (an entry of an open group counted there
  only; those expiring within a week apart),
  each by home; pattern proposals, which wait too, reported apart;
* flags: every contradiction edge raised, by the label of its pair and by the detector's family
  (its ``kind``); an edge on a pair nobody labelled is listed to be labelled by hand; notes named on
  an edge as saying it again (not flagged) apart, each by its pair's label. A labelled pair counts as
  linked when its notes are an edge's two sides, or one side and a note said again on that edge.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dialectical_memory import MemoryStore, SourceKind  # noqa: E402
from dialectical_memory.store.corroboration import said_by  # noqa: E402

TARGET = "user"
ROLES = ("speaker_a", "speaker_b")  # one home each
DATE_FORMAT = "%I:%M %p on %d %B, %Y"
HOUR = 3600.0
DAY = 86400.0
DAYS_AFTER = 30
DISTINCT_LABELS = ("related", "unrelated", "update", "contradicts")
MERGEABLE_LABELS = ("elaborates", "progress")
FLAG_LABELS = ("update", "contradicts")


def session_time(text: str) -> float:
    """A session's date as the README reads it: ``%I:%M %p on %d %B, %Y`` in UTC."""
    return datetime.strptime(text.strip(), DATE_FORMAT).replace(tzinfo=timezone.utc).timestamp()


def sessions(conversation: dict) -> list[int]:
    """The session numbers that have observations, in number order."""
    numbers = []
    for key in conversation:
        if key.startswith("session_") and key.endswith("_observation"):
            numbers.append(int(key[len("session_"):-len("_observation")]))
    return sorted(numbers)


def notes_of(conversation: dict, number: int, speaker: str) -> list[str]:
    """One speaker's notes of one session, in list order (each is ``[text, dialogue id]``)."""
    observed = conversation.get(f"session_{number}_observation") or {}
    return [item[0] for item in observed.get(speaker, []) if item and isinstance(item[0], str)]


class Clock:
    """The store's clock, moved by the replay."""

    def __init__(self, now: float = 0.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Add:
    """One note's add: where it went and what the store said."""

    text: str
    entry_id: str | None
    reinforced: bool
    exact: bool  # the very same text was already in the home
    first_text: str | None  # the note that made the entry it reinforced
    possibly_same: str | None = None  # the entry the add named as possibly the same (kept apart)


@dataclass
class Home:
    """One speaker's replay and its results."""

    conv: str
    speaker: str
    adds: list[Add] = field(default_factory=list)
    entry_of_text: dict[str, str] = field(default_factory=dict)  # note text -> entry it went into
    first_text_of: dict[str, str] = field(default_factory=dict)  # entry id -> the note that made it
    folded_into: dict[str, str] = field(default_factory=dict)  # entry a judge folded -> the entry kept
    edges: list[dict] = field(default_factory=list)  # every edge raised, as the store lists it
    end: dict = field(default_factory=dict)
    seconds: float = 0.0


def replay_home(conversation: dict, conv: str, speaker: str, home_dir: Path, judge=None) -> Home:
    """Run the protocol for one speaker in a fresh home (``judge``: the reflection layer's model)."""
    clock = Clock()
    store = MemoryStore(home_dir, memory_char_limit=0, user_char_limit=0, promotion_policy="review", clock=clock,
                        judge=judge)
    home = Home(conv, speaker)
    started = time.perf_counter()
    for number in sessions(conversation):
        clock.now = session_time(conversation[f"session_{number}_date_time"])
        for text in notes_of(conversation, number, speaker):
            home.adds.append(add_note(store, home, text))
        clock.now += HOUR
        store.run_maintenance(TARGET)
    for _ in range(DAYS_AFTER):
        clock.now += DAY
        store.run_maintenance(TARGET)
    home.seconds = time.perf_counter() - started
    home.edges = store.get_contradictions(TARGET, include_resolved=True)
    home.folded_into = {record["entry_id"]: (record.get("detail") or {}).get("kept")
                        for record in store.history(TARGET, action="restated")}
    home.end = end_state(store)
    return home


def add_note(store: MemoryStore, home: Home, text: str) -> Add:
    exact = text in home.entry_of_text and store.get_entry_meta(TARGET, text) is not None
    try:
        result = store.add(TARGET, text, source_kind=SourceKind.USER_EXPLICIT)
    except Exception as error:  # a refused note (the safety check): counted, never hidden
        print(f"  refused: {text[:70]!r}: {error}", file=sys.stderr)
        return Add(text, None, False, exact, None)
    entry_id = result.entry_id
    reinforced = bool(result.reinforced)
    if entry_id and not reinforced:
        home.first_text_of.setdefault(entry_id, text)
    if entry_id:
        home.entry_of_text.setdefault(text, entry_id)
    return Add(text, entry_id, reinforced, exact, home.first_text_of.get(entry_id) if reinforced else None,
               (result.extra or {}).get("possibly_same"))


def end_state(store: MemoryStore) -> dict:
    """The home at the end of the replay. What waits for a person is counted as the review inbox
    counts it (``store.decisions``): open contradiction groups (unresolved edges only), pending
    promotions, the re-verification queue's expired beliefs (``counts()["reverify"]``, which leaves
    an entry of an open group to its group; those expiring within a week are reported apart).
    Pattern proposals wait too; they are reported apart (the issue's figure is groups + promotions
    + re-verification)."""
    from dialectical_memory.store.decisions import contradiction_groups

    counts = store.counts(TARGET)
    entries = store.entries(TARGET)
    groups = contradiction_groups(store, TARGET)
    queue = {item.entry.entry_id: item for item in store.reverification_queue(TARGET)}  # expired, then within a week
    waits = {entry_id for entry_id, item in queue.items() if item.days_left == 0}  # counts()["reverify"]
    soon = set(queue) - waits  # counts()["reverify_soon"]: not yet due, shown apart
    proposals = store.pattern_proposals(TARGET)
    live = {entry.entry_id for entry in entries}
    ever_proposed = {record["entry_id"] for record in store.history(TARGET, action="propose_promotion")} & live
    return {
        "entries": len(entries),
        "chars": sum(len(entry.text) for entry in entries),
        "by_maturity": dict(counts["by_maturity"]),
        "by_type": dict(Counter(str(getattr(entry.meta.knowledge_type, "value", entry.meta.knowledge_type)) for entry in entries)),
        "matured": sum(1 for entry in entries if entry.meta.maturity > 0 or entry.meta.pending_promotion is not None),
        "hits": dict(Counter(min(entry.meta.hit_count + entry.meta.observed_behavior_count, 3) for entry in entries)),
        "pending_promotions": counts["pending_promotions"],
        "ever_proposed": len(ever_proposed),  # a proposal nobody answered is withdrawn once confidence decays
        "reverify": len(waits),
        "reverify_by_type": dict(Counter(entry.meta.knowledge_type.value for entry in entries if entry.entry_id in waits)),
        "reverify_soon": len(soon),
        "reverify_items": [f"{entry.meta.knowledge_type.value}, {queue[entry.entry_id].days_since_validation:.0f} days, "
                           f"{'expired' if entry.entry_id in waits else 'soon'}: {entry.text}"
                           for entry in entries if entry.entry_id in waits | soon],
        "open_groups": len(groups),
        "pattern_proposals": len(proposals),
        # incidents a pattern proposal would compress into one PATTERN entry (SPEC §1: the other way
        # knowledge matures), counted apart from the promotions the SPEC §4 rules propose
        "in_pattern_proposals": len({i for proposal in proposals for i in proposal.entry_ids} & live),
        "unresolved_edges": counts["unresolved_contradictions"],
    }


# ------------------------------------------------------------------ scoring against the labels

def pair_key(conv: str, who: str, one: str, other: str) -> tuple:
    return (conv, who, *sorted((one, other)))


def read_pairs(folder: Path) -> dict[tuple, dict]:
    pairs = {}
    with open(folder / "pairs.jsonl", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                pairs[pair_key(row["conv"], row["who"], row["a"], row["b"])] = row
    return pairs


def score_restatement(homes: list[Home], pairs: dict[tuple, dict]) -> dict:
    """Labelled pairs recognised or wrongly absorbed at the add, and every absorbed add."""
    by_home = {(home.conv, home.speaker): home for home in homes}
    labelled = Counter()
    recognised = Counter()
    at_end = Counter()
    missed = Counter()
    apart = []  # `same` pairs whose notes are two entries at the end
    for row in pairs.values():
        home = by_home.get((row["conv"], row["who"]))
        if home is None:
            continue
        labelled[row["label"]] += 1
        if absorbed_into(home, row["a"], row["b"]):
            recognised[row["label"]] += 1
        elif row["label"] == "same":
            missed[why_missed(home, row)] += 1
        if one_entry_at_end(home, row["a"], row["b"]):
            at_end[row["label"]] += 1
        elif row["label"] == "same":
            apart.append({"conv": row["conv"], "who": row["who"], "a": row["a"], "b": row["b"]})
    absorbed = []
    for home in homes:
        for add in home.adds:
            if add.reinforced and not add.exact:
                row = pairs.get(pair_key(home.conv, home.speaker, add.first_text or "", add.text))
                absorbed.append({"conv": home.conv, "who": home.speaker, "a": add.first_text, "b": add.text,
                                 "label": row["label"] if row else None})
    distinct = sum(labelled[label] for label in DISTINCT_LABELS)
    wrong = sum(recognised[label] for label in DISTINCT_LABELS)
    return {
        "same_labelled": labelled["same"],
        "same_recognised": recognised["same"],
        "distinct_labelled": distinct,
        "distinct_absorbed": wrong,
        "mergeable_absorbed": {label: recognised[label] for label in MERGEABLE_LABELS},
        "same_at_end": at_end["same"],
        "distinct_at_end": sum(at_end[label] for label in DISTINCT_LABELS),
        "mergeable_at_end": {label: at_end[label] for label in MERGEABLE_LABELS},
        "folded_by_judge": sum(len(home.folded_into) for home in homes),
        "absorbed_adds": len(absorbed),
        "exact_readds": sum(add.exact for home in homes for add in home.adds),
        "absorbed_by_label": dict(Counter(item["label"] or "unlabelled" for item in absorbed)),
        "absorbed_unlabelled": [item for item in absorbed if item["label"] is None],
        "same_missed": dict(missed.most_common()),
        "same_apart_at_end": apart,
    }


def why_missed(home: Home, row: dict) -> str:
    """Why a `same` pair's later note was not recognised at its add: it went elsewhere, or the
    matcher's reason for the pair alone (``compare``: the guard, or too few words in common)."""
    from dialectical_memory.detection.restatement import compare

    entry = home.entry_of_text.get(row["a"])
    add = next((add for add in home.adds if add.text == row["b"]), None)
    if entry is None or add is None:
        return "a note not stored"
    days = (session_time(row["b_date"]) - session_time(row["a_date"])) / DAY if "a_date" in row else 0.0
    found = compare(row["a"], row["b"], days_apart=days)
    if add.reinforced:
        return f"absorbed into another entry (the pair alone: {found.sameness.value})"
    if add.possibly_same == entry:
        return "named possibly the same: " + found.reason
    if found.sure:
        return "sure alone, not at the add (another entry was closer or it was not a candidate)"
    return found.reason


def absorbed_into(home: Home, earlier: str, later: str) -> bool:
    """The later note's add reinforced the entry the earlier note went into."""
    entry = home.entry_of_text.get(earlier)
    if entry is None:
        return False
    return any(add.text == later and add.reinforced and add.entry_id == entry for add in home.adds)


def one_entry_at_end(home: Home, earlier: str, later: str) -> bool:
    """Both notes ended in one entry: absorbed at the add, or folded by the reflection layer."""
    first, second = home.entry_of_text.get(earlier), home.entry_of_text.get(later)
    if first is None or second is None:
        return False
    return first != second and kept_entry(home, first) == kept_entry(home, second) or absorbed_into(home, earlier, later)


def kept_entry(home: Home, entry_id: str) -> str:
    """The entry ``entry_id`` ended in, following the folds (a chain is followed to its end)."""
    seen = set()
    while entry_id in home.folded_into and entry_id not in seen:
        seen.add(entry_id)
        entry_id = home.folded_into[entry_id] or entry_id
    return entry_id


def score_flags(homes: list[Home], pairs: dict[tuple, dict]) -> dict:
    """Every edge the detector raised, by its pair's label and by its family."""
    by_label = Counter()
    by_family = defaultdict(Counter)
    unlabelled = []
    for home in homes:
        for edge in home.edges:
            if not str(edge.get("author") or "").startswith("detector"):
                continue  # what the detector raised (a judge's or a person's links are apart)
            row = pairs.get(pair_key(home.conv, home.speaker, edge["from_text"], edge["to_text"]))
            label = row["label"] if row else "unlabelled"
            family = edge.get("kind") or (edge.get("reason") or "").split(":", 1)[0] or "?"
            found_as = (edge.get("reason_data") or {}).get("found_as")
            family = f"{family} ({found_as})" if found_as else family  # a dated change names the family that found it
            by_label[label] += 1
            by_family[family][label] += 1
            if row is None:
                unlabelled.append({"conv": home.conv, "who": home.speaker, "kind": family,
                                   "a": edge["from_text"], "b": edge["to_text"], "reason": edge.get("reason", "")})
    flagged_labelled = sum(count for label, count in by_label.items() if label != "unlabelled")
    right = sum(by_label[label] for label in FLAG_LABELS)
    said_again = score_said_again(homes, pairs)
    return {
        "flags": sum(by_label.values()),
        "by_label": dict(by_label),
        "by_family": {family: dict(counts) for family, counts in sorted(by_family.items())},
        "precision_labelled": round(right / flagged_labelled, 3) if flagged_labelled else None,
        "unlabelled": unlabelled,
        "said_again": said_again,
    }


def score_said_again(homes: list[Home], pairs: dict[tuple, dict]) -> dict:
    """Notes named on an edge as saying its contradiction again (``store/corroboration.py``), not
    flagged: each by the label of its pair with either side of the edge (a contradiction's first)."""
    by_label = Counter()
    rows = []
    for home in homes:
        for edge in home.edges:
            for entry_id in said_by(edge.get("reason_data")):
                text = home.first_text_of.get(entry_id, "")
                labels = [pairs.get(pair_key(home.conv, home.speaker, edge[f"{end}_text"] or "", text)) for end in ("from", "to")]
                found = [row["label"] for row in labels if row]
                label = next((one for one in found if one in FLAG_LABELS), found[0] if found else "unlabelled")
                by_label[label] += 1
                rows.append({"conv": home.conv, "who": home.speaker, "label": label, "note": text,
                             "edge": [edge["from_text"], edge["to_text"]]})
    return {"count": sum(by_label.values()), "by_label": dict(by_label), "notes": rows}


def score_links(homes: list[Home], pairs: dict[tuple, dict]) -> dict:
    """How many labelled update/contradicts pairs ended linked (shown together: `shown_together`)."""
    linked = Counter()
    total = Counter()
    by_home = {(home.conv, home.speaker): home for home in homes}
    for row in pairs.values():
        home = by_home.get((row["conv"], row["who"]))
        if home is None or row["label"] not in FLAG_LABELS:
            continue
        total[row["label"]] += 1
        ids = {home.entry_of_text.get(row["a"]), home.entry_of_text.get(row["b"])}
        if None not in ids and any(shown_together(edge, ids) for edge in home.edges):
            linked[row["label"]] += 1
    return {label: f"{linked[label]}/{total[label]}" for label in FLAG_LABELS}


def shown_together(edge: dict, ids: set) -> bool:
    """The two entries are an edge's two sides, or one side and a note named as saying it again."""
    ends = {edge["from_id"], edge["to_id"]}
    return ends == ids or len(ids & ends) == 1 and bool(ids & set(said_by(edge.get("reason_data"))))


def report(homes: list[Home], pairs: dict[tuple, dict]) -> dict:
    notes = sum(len(home.adds) for home in homes)
    ends = [home.end for home in homes]
    tiers = Counter()
    for end in ends:
        tiers.update(end["by_maturity"])
    types, hits, reverify_types = Counter(), Counter(), Counter()
    for end in ends:
        types.update(end["by_type"])
        hits.update(end["hits"])
        reverify_types.update(end["reverify_by_type"])
    waiting = [end["open_groups"] + end["pending_promotions"] + end["reverify"] for end in ends]
    return {
        "homes": len(homes),
        "notes": notes,
        "entries": sum(end["entries"] for end in ends),
        "chars": sum(end["chars"] for end in ends),
        "by_maturity": dict(tiers),
        "by_type": dict(types),
        "matured": sum(end["matured"] for end in ends),
        "ever_proposed": sum(end["ever_proposed"] for end in ends),
        "hits": {f"{count}+" if count == 3 else str(count): hits[count] for count in sorted(hits)},
        "reverify_by_type": dict(reverify_types),
        "pattern_proposals": sum(end["pattern_proposals"] for end in ends),
        "in_pattern_proposals": sum(end["in_pattern_proposals"] for end in ends),
        "reverify_soon": sum(end["reverify_soon"] for end in ends),
        "restatement": score_restatement(homes, pairs),
        "flags": score_flags(homes, pairs),
        "linked": score_links(homes, pairs),
        "waiting_per_home": round(sum(waiting) / len(waiting), 1) if waiting else 0,
        "per_home": [{"conv": home.conv, "who": home.speaker, "notes": len(home.adds),
                      "seconds": round(home.seconds, 1), **home.end} for home in homes],
    }


def print_report(result: dict) -> None:
    rest = result["restatement"]
    flags = result["flags"]
    print(f"homes {result['homes']}, notes {result['notes']}, entries at the end {result['entries']}, chars {result['chars']}")
    print(f"tiers {result['by_maturity']}; knowledge types {result['by_type']}")
    share = result["matured"] / result["entries"] if result["entries"] else 0.0
    print(f"above INCIDENT or proposed for promotion: {result['matured']} ({share:.1%}); "
          f"entries by hits (restatements and signals): {result['hits']}; "
          f"proposed at some point of the replay: {result['ever_proposed']}")
    grouped = result["in_pattern_proposals"] / result["entries"] if result["entries"] else 0.0
    print(f"apart: entries in a pattern proposal (incidents proposed to mature into a PATTERN entry by compression): "
          f"{result['in_pattern_proposals']} ({grouped:.1%}) in {result['pattern_proposals']} proposals")
    print(f"same recognised at the add: {rest['same_recognised']}/{rest['same_labelled']}; "
          f"distinct absorbed: {rest['distinct_absorbed']}/{rest['distinct_labelled']}; "
          f"elaborates/progress absorbed: {rest['mergeable_absorbed']}")
    print(f"by the end of the replay (the add and the judge's folds, {rest['folded_by_judge']} folded): "
          f"same {rest['same_at_end']}/{rest['same_labelled']}; distinct {rest['distinct_at_end']}/{rest['distinct_labelled']}; "
          f"elaborates/progress {rest['mergeable_at_end']}")
    print(f"absorbed adds: {rest['absorbed_adds']} (by label {rest['absorbed_by_label']}); exact re-adds {rest['exact_readds']}")
    print("same pairs not recognised at the add, by why:")
    for why, count in rest["same_missed"].items():
        print(f"  {count:4d}  {why}")
    print(f"flags: {flags['flags']} by label {flags['by_label']}; precision on labelled {flags['precision_labelled']}")
    for family, counts in flags["by_family"].items():
        print(f"  {family:<16} {counts}")
    said_again = flags["said_again"]
    print(f"said again on an edge, not flagged: {said_again['count']} by label {said_again['by_label']}")
    for row in said_again["notes"]:
        print(f"  {row['conv']} {row['who']} ({row['label']}): {row['note'][:70]!r} on {row['edge'][0][:50]!r} / {row['edge'][1][:50]!r}")
    print(f"update/contradicts pairs linked (an edge's sides, or a side and a note said again on it): {result['linked']}")
    print(f"waiting for a person per home (groups + promotions + re-verify): {result['waiting_per_home']}; "
          f"re-verification (expired) by type {result['reverify_by_type']}; apart: expiring within a week "
          f"{result['reverify_soon']}, pattern proposals {result['pattern_proposals']}")
    print(f"{'home':<18}{'notes':>6}{'entries':>8}{'groups':>7}{'promo':>6}{'reverify':>9}{'patterns':>9}{'s':>6}")
    for row in result["per_home"]:
        print(f"{row['conv'] + ' ' + row['who']:<18}{row['notes']:>6}{row['entries']:>8}{row['open_groups']:>7}"
              f"{row['pending_promotions']:>6}{row['reverify']:>9}{row['pattern_proposals']:>9}{row['seconds']:>6}")
    if flags["unlabelled"]:
        print(f"flags on unlabelled pairs: {len(flags['unlabelled'])} (label them by LABELS.md before counting)")
    if rest["absorbed_unlabelled"]:
        print(f"absorbed adds on unlabelled pairs: {len(rest['absorbed_unlabelled'])} (label them by LABELS.md before "
              f"counting them either way; the labels stay out of the repository)")
        for item in rest["absorbed_unlabelled"]:
            print(f"  {item['conv']} {item['who']}: {shorten(item['a'])!r} <- {shorten(item['b'])!r}")


def shorten(text: str | None, width: int = 90) -> str:
    text = text or ""
    return text if len(text) <= width else text[: width - 1] + "…"


def label_judge(folder: Path):
    """The scripted judge answering from the folder's labels (what a perfect model would say). The
    same fact is the same fact through a chain ("a" same as "b", "b" same as "c": "a" same as "c"):
    a note may be folded into an entry it was never labelled against, so a perfect judge answers
    "same" within a chain of `same` labels, and "elaborates" between the chains of an `elaborates`
    pair's two notes, unless the pair has a label of its own (:func:`same_chains`)."""
    from dialectical_memory.detection.scripted_judge import judge_from_pairs

    with open(folder / "pairs.jsonl", encoding="utf-8") as handle:
        rows = [with_fuller_side(json.loads(line)) for line in handle if line.strip()]
    return judge_from_pairs(rows + same_chains(rows), contradiction_labels=FLAG_LABELS)


# "b adds …", "a contains b's view …", "B specifies …": the note of an `elaborates` pair naming the
# side that holds more; "neither contains the other" names none (the judge then answers compatible)
FULLER_NOTE = re.compile(r"\b([ab])\s+(?:adds|contains|details|specifies|names|gives|presupposes|says)\b", re.I)


def with_fuller_side(row: dict) -> dict:
    """An `elaborates` row with ``fuller`` ("a" or "b") read from its note, as the person labelling
    it wrote which note holds more; a note naming no side, or saying neither holds the other, none."""
    note = str(row.get("note") or "")
    found = FULLER_NOTE.search(note)
    if row.get("label") == "elaborates" and found and "neither" not in note.lower():
        return {**row, "fuller": found.group(1).lower()}
    return row


def same_chains(rows: list[dict]) -> list[dict]:
    """Rows for the unlabelled pairs a perfect judge answers through a chain of `same` labels:
    `same` for two notes of one chain, and `elaborates` (the same side fuller) or `progress` for a
    note of the chain of such a row's shorter (earlier) note and one of the chain of its fuller
    (later) note (what holds a fact and more holds every wording of that fact)."""
    parent: dict[tuple, tuple] = {}

    def root(node):
        while parent.setdefault(node, node) != node:
            node = parent[node]
        return node

    for row in rows:
        if row["label"] == "same":
            parent[root((row["conv"], row["who"], row["a"]))] = root((row["conv"], row["who"], row["b"]))
    groups = defaultdict(list)
    for node in list(parent):
        groups[root(node)].append(node[2])
    labelled = {frozenset((row["a"], row["b"])) for row in rows}
    found = {frozenset((a, b)): {"a": a, "b": b, "label": "same"} for texts in groups.values()
             for i, a in enumerate(texts) for b in texts[i + 1:] if frozenset((a, b)) not in labelled}

    def chain(row: dict, side: str) -> list[str]:
        node = (row["conv"], row["who"], row[side])
        return groups[root(node)] if node in parent else [row[side]]

    for row in rows:
        if row["label"] == "progress" or row["label"] == "elaborates" and row.get("fuller") in ("a", "b"):
            kept = row.get("fuller", "b")  # a later account (progress) is b: a is never later than b
            for fuller in chain(row, kept):
                for other in chain(row, "b" if kept == "a" else "a"):
                    pair = frozenset((other, fuller))
                    if pair not in labelled and pair not in found:
                        found[pair] = {"a": other, "b": fuller, "label": row["label"],
                                       **({"fuller": "b"} if row["label"] == "elaborates" else {})}
    return list(found.values())


def conversations(folder: Path, only: str = "") -> list[tuple[str, dict]]:
    """``(number, conversation)`` of each ``convNN.json`` in ``folder``, in order; only the numbers
    ``only`` names ("26,30") when it names any."""
    wanted = {name.strip() for name in only.split(",") if name.strip()}
    return [(path.stem[len("conv"):], json.loads(path.read_text(encoding="utf-8")))
            for path in sorted(folder.glob("conv*.json")) if not wanted or path.stem[len("conv"):] in wanted]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("folder", type=Path, help="the life_dev folder (conversations and pairs.jsonl)")
    parser.add_argument("--conv", default="", help="only these conversations, e.g. 26,30")
    parser.add_argument("--json", type=Path, help="write the whole report (with unlabelled pairs) here")
    parser.add_argument("--judge", choices=("labels",), help="a judge in maintenance that answers from pairs.jsonl's "
                        "labels (same: the same fact; update, contradicts: a contradiction)")
    parser.add_argument("--keep", type=Path, help="keep each speaker's home in this folder (new or empty), "
                        "to open with dmem or the dashboard (dmem --home DIR/26-speaker_a review)")
    args = parser.parse_args(argv)
    if args.keep is not None and args.keep.exists() and any(args.keep.iterdir()):
        parser.error(f"--keep {args.keep}: not empty (a home is replayed into a new folder)")
    chosen = conversations(args.folder, args.conv)
    if not chosen:
        parser.error(f"no conversations in {args.folder}")
    judge = label_judge(args.folder) if args.judge == "labels" else None
    homes = []
    with tempfile.TemporaryDirectory(prefix="dmem-life-") as scratch:
        scratch = args.keep or scratch
        for conv, conversation in chosen:
            for role in ROLES:
                speaker = conversation[role]
                homes.append(replay_home(conversation, conv, speaker, Path(scratch) / f"{conv}-{role}", judge))
                print(f"replayed {conv} {speaker}: {len(homes[-1].adds)} notes in {homes[-1].seconds:.1f} s", file=sys.stderr)
    result = report(homes, read_pairs(args.folder))
    print_report(result)
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
