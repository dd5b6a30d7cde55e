"""Three-way merge of a memory home's files, entry by entry: what git's merge drivers run.

Git merges ``MEMORY.md`` and ``MEMORY.meta.json`` as two separate files, each through its own
driver. Both drivers decide *which text each entry has* with the same function,
:func:`plan_texts`, over ``{entry_id: text}`` maps of the common ancestor, ours and theirs. The
sidecar driver reads those maps from the sidecars it is given; the ``.md`` driver reads them from the
sidecars of the same three commits (found through ``HEAD`` and the ``GITHEAD_<sha>`` variable git
sets for a merge, and checked against the ``.md`` blobs it was handed). Where that is not possible
(a hand-run rebase, a virtual merge base) the ``.md`` driver merges the *set of texts* instead, which
gives the same entries whenever every edit changed the sidecar too. ``dmem sync`` reconciles the
home after every merge, so a rare disagreement becomes a reconciled edit, never a loss.

Rules (issue 13): changed on one side → take it; changed on both → keep both, the other side's text
a new entry with the original as its parent and an unresolved contradiction "changed on two
devices"; removed on one side, edited on the other → keep the edit, queued for re-verification;
same text, different metadata → counters add their deltas, timestamps take the max, status and
maturity by precedence; edges union by id, resolved wins; history and archive union by record,
ordered by time; ``text_to_id`` rebuilt; ``.md`` order: ours, then their new entries.
Nothing here touches the disk or git.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass, field, fields
from typing import Any

import orjson

from . import hermes_format
from ..core.beliefs import BeliefStatus, ContradictionEdge, EntryMeta, SidecarDocument, capped_wordings, text_hash

CONFLICT_REASON = "changed on two devices"
CONFLICT_AUTHOR = "sync"
# Ids made by a merge are derived from what they stand for, so two devices that make the same merge
# make the same entry and the same edge, and a merge repeated after a crash changes nothing.
_NAMESPACE = uuid.UUID("6f1d2c1e-3b9a-4c55-9d2e-13a7d1a0c0de")

COUNTERS = ("hit_count", "surface_count", "ignore_count", "observed_behavior_count", "contradiction_count")
LATEST = ("updated_at", "last_validated_at")
ID_LISTS = ("contradiction_ids", "parent_ids", "child_ids", "keep_marks")  # unions (keep marks: each device's own)
# When both sides changed an entry's status, the first of these wins (then edges settle
# ACTIVE/CONTRADICTED): leaving the active set beats being contested, which beats expiry.
STATUS_PRECEDENCE = (
    BeliefStatus.SYNTHESIZED,
    BeliefStatus.SUPERSEDED,
    BeliefStatus.CONTRADICTED,
    BeliefStatus.DECAYED,
    BeliefStatus.ACTIVE,
)
NOISE_CONTEXT_LIMIT = 50


def copy_id(entry_id: str, text: str) -> str:
    """Id of the entry holding the other device's text of ``entry_id``."""
    return str(uuid.uuid5(_NAMESPACE, f"copy\n{entry_id}\n{text}"))


def conflict_edge_id(entry_id: str, other_id: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"edge\n{entry_id}\n{other_id}"))


def pseudo_id(text: str) -> str:
    """Identity of a text that no sidecar describes (a hand edit not yet reconciled)."""
    return f"text:{text_hash(text)}"


# ---------------------------------------------------------------- which text each entry has


@dataclass
class TextPlan:
    """The entries active after a merge and why."""

    texts: dict[str, str] = field(default_factory=dict)  # id → text, every active entry
    copies: dict[str, str] = field(default_factory=dict)  # copy id → original id
    reverify: set[str] = field(default_factory=set)  # removed on one side, edited on the other
    aliases: dict[str, str] = field(default_factory=dict)  # dropped id → kept id (same text)


def plan_texts(
    base: dict[str, str],
    ours: dict[str, str],
    theirs: dict[str, str],
    created: dict[str, float] | None = None,
) -> TextPlan:
    """Decide, entry by entry against the common ancestor, which texts survive a merge."""
    plan = TextPlan()
    for entry_id in dict.fromkeys([*ours, *theirs]):
        o, a, t = base.get(entry_id), ours.get(entry_id), theirs.get(entry_id)
        if a is not None and t is not None:
            if a == t or t == o:
                plan.texts[entry_id] = a
            elif a == o:
                plan.texts[entry_id] = t
            else:  # changed on both devices: keep both
                plan.texts[entry_id] = a
                duplicate = copy_id(entry_id, t)
                plan.texts.setdefault(duplicate, t)
                plan.copies[duplicate] = entry_id
        elif a is not None or t is not None:
            kept = a if a is not None else t
            if o is None:
                plan.texts[entry_id] = kept  # new on one side
            elif kept != o:
                plan.texts[entry_id] = kept  # removed there, edited here: the edit survives
                plan.reverify.add(entry_id)
            # else: removed on one side, untouched (or only re-scored) on the other: removed
    _merge_same_texts(plan, created or {})
    return plan


def _merge_same_texts(plan: TextPlan, created: dict[str, float]) -> None:
    """One text, one entry: two ids that ended with the same text become the older one."""
    by_text: dict[str, list[str]] = {}
    for entry_id, text in plan.texts.items():
        by_text.setdefault(text, []).append(entry_id)
    for ids in by_text.values():
        if len(ids) < 2:
            continue
        ids.sort(key=lambda i: (i.startswith("text:"), created.get(i, math.inf), i))
        for dropped in ids[1:]:
            plan.aliases[dropped] = ids[0]
            del plan.texts[dropped]
            plan.reverify.discard(dropped)
    for duplicate, original in list(plan.copies.items()):
        kept_original, kept_copy = plan.aliases.get(original, original), plan.aliases.get(duplicate, duplicate)
        del plan.copies[duplicate]
        if kept_original != kept_copy:
            plan.copies[kept_copy] = kept_original


# ---------------------------------------------------------------- the .md file


def md_entries(data: bytes) -> list[str]:
    """Entries of a ``.md`` blob; invalid UTF-8 is refused (the store would not write it either)."""
    text, warnings = hermes_format.decode(data)
    if any("not valid UTF-8" in w for w in warnings):
        raise ValueError("the file is not valid UTF-8; merge it by hand")
    return hermes_format.loads(text)


def _md_view(texts: list[str], doc: SidecarDocument | None) -> dict[str, str]:
    by_text = {meta.text: entry_id for entry_id, meta in doc.entries.items() if meta.text} if doc else {}
    return {by_text.get(text) or pseudo_id(text): text for text in texts}


def merge_md(
    base: bytes,
    ours: bytes,
    theirs: bytes,
    sidecars: tuple[SidecarDocument, SidecarDocument, SidecarDocument] | None = None,
) -> bytes:
    """The merged ``.md``: ours in our order, then their new entries in their order."""
    views = [_md_view(md_entries(data), sidecars[i] if sidecars else None) for i, data in enumerate((base, ours, theirs))]
    created = {}
    for doc in sidecars or ():
        created.update({i: m.created_at for i, m in doc.entries.items() if i not in created})
    plan = plan_texts(*views, created=created)
    ordered: list[str] = []
    emitted: set[str] = set()
    for view in (views[1], views[2]):
        for entry_id in view:
            kept = plan.aliases.get(entry_id, entry_id)
            if kept in plan.texts and kept not in emitted:
                emitted.add(kept)
                ordered.append(plan.texts[kept])
    ordered.extend(plan.texts[i] for i in sorted(plan.texts) if i not in emitted)
    return hermes_format.dumps(list(dict.fromkeys(ordered))).encode("utf-8")


# ---------------------------------------------------------------- the sidecar


@dataclass
class MetaMerge:
    document: dict[str, Any]
    plan: TextPlan


def parse_sidecar(data: bytes) -> SidecarDocument:
    """A sidecar blob; an empty one (no common ancestor) is an empty document."""
    if not data.strip():
        return SidecarDocument()
    raw = orjson.loads(data)
    if not isinstance(raw, dict):
        raise ValueError("the sidecar is not a JSON object")
    return SidecarDocument.from_dict(raw)


def merge_sidecars(base: bytes, ours: bytes, theirs: bytes) -> MetaMerge:
    """The merged sidecar document (a dict ready for ``dumps_sidecar``) and the plan behind it."""
    docs = [parse_sidecar(data) for data in (base, ours, theirs)]
    o_doc, a_doc, t_doc = docs
    created = {i: m.created_at for doc in (a_doc, t_doc) for i, m in doc.entries.items()}
    plan = plan_texts(*({i: m.text for i, m in doc.entries.items()} for doc in docs), created=created)
    entries: dict[str, EntryMeta] = {}
    for entry_id, text in plan.texts.items():
        if entry_id in plan.copies and entry_id not in a_doc.entries and entry_id not in t_doc.entries:
            continue  # built below, once its original is merged
        a, t = a_doc.entries.get(entry_id), t_doc.entries.get(entry_id)
        meta = merge_meta(o_doc.entries.get(entry_id), a, t) if a and t else _clone(a or t)
        meta.text = text
        entries[entry_id] = meta
    for dropped, kept in plan.aliases.items():
        source = a_doc.entries.get(dropped) or t_doc.entries.get(dropped)
        if source is not None and kept in entries:
            entries[kept] = merge_meta(None, entries[kept], source, additive=True)
    edges = _merge_edges(a_doc.contradictions, t_doc.contradictions, plan.aliases)
    for duplicate, original in plan.copies.items():
        if duplicate not in entries:
            entries[duplicate] = _conflict_copy(t_doc.entries.get(original) or entries[original], duplicate, plan.texts[duplicate], original)
        _link_conflict(entries, edges, original, duplicate)
    _settle(entries, edges, plan.reverify)
    document = orjson.loads(ours) if ours.strip() else {}
    document.update(SidecarDocument(
        version=max(a_doc.version, t_doc.version),
        entries=entries,
        contradictions=list(edges.values()),
        text_to_id={text_hash(m.text): i for i, m in entries.items()},
    ).to_json())  # the form a store writes: a merge that changes nothing leaves the same bytes  # fmt: skip
    theirs_raw = orjson.loads(theirs) if theirs.strip() else {}
    seqs = [d.get("journal_seq", 0) for d in (document, theirs_raw) if isinstance(d.get("journal_seq", 0), int)]
    document["journal_seq"] = max(seqs or [0])
    return MetaMerge(document, plan)


def _clone(meta: EntryMeta) -> EntryMeta:
    return EntryMeta.from_dict(meta.to_dict())


def _touched(meta: EntryMeta) -> float:
    return max(meta.updated_at, meta.last_validated_at)


def merge_meta(o: EntryMeta | None, a: EntryMeta, t: EntryMeta, *, additive: bool = False) -> EntryMeta:
    """One entry's metadata from both sides; ``additive``: two entries folded into one (no ancestor)."""
    merged = _clone(a)
    for f in fields(EntryMeta):
        name = f.name
        av, tv = getattr(a, name), getattr(t, name)
        ov = getattr(o, name) if o is not None else None
        if av == tv or name in ("entry_id", "text"):
            continue
        if name in COUNTERS:
            start = ov if o is not None else (0 if additive else min(av, tv))
            value = max(0, av + tv - start)
        elif name == "created_at":
            value = min(av, tv)
        elif name in LATEST:
            value = max(av, tv)
        elif name in ID_LISTS:
            value = list(dict.fromkeys([*av, *tv]))
        elif name == "noise_context":
            value = _merge_noise(av, tv)
        elif name == "restated":
            value = _merge_wordings(av, tv)
        elif o is not None and av == ov:
            value = tv
        elif o is not None and tv == ov:
            value = av
        elif name == "status":
            value = min((av, tv), key=STATUS_PRECEDENCE.index)
        elif name == "maturity":
            value = max(av, tv)
        else:  # both changed a plain field: the side that touched the entry last
            value = tv if _touched(t) > _touched(a) else av
        setattr(merged, name, value)
    return merged


def _merge_noise(a: list[dict], b: list[dict]) -> list[dict]:
    seen, merged = set(), []
    for record in [*a, *b]:
        key = orjson.dumps(record, option=orjson.OPT_SORT_KEYS)
        if key not in seen:
            seen.add(key)
            merged.append(record)
    merged.sort(key=lambda r: r.get("at", 0) if isinstance(r.get("at"), (int, float)) else 0)
    return merged[-NOISE_CONTEXT_LIMIT:]


def _merge_wordings(a: list, b: list) -> list[dict]:
    """The wordings either side's entry absorbed, each text once, oldest first, the newest kept
    (the loader checks each text again after the merge)."""
    by_text = {item["text"]: item for item in [*a, *b] if isinstance(item, dict) and isinstance(item.get("text"), str)}
    ordered = sorted(by_text.values(), key=lambda r: r.get("at", 0) if isinstance(r.get("at"), (int, float)) else 0)
    return capped_wordings(ordered)


def _merge_edges(ours: list[ContradictionEdge], theirs: list[ContradictionEdge], aliases: dict[str, str]) -> dict[str, ContradictionEdge]:
    """Union by id; an edge resolved on either side stays resolved."""
    edges: dict[str, ContradictionEdge] = {}
    for edge in [*ours, *theirs]:
        mine = edges.get(edge.edge_id)
        if mine is None or (edge.resolved and not mine.resolved):
            edges[edge.edge_id] = ContradictionEdge.from_dict(edge.to_dict())
    for edge_id, edge in list(edges.items()):
        edge.from_id, edge.to_id = aliases.get(edge.from_id, edge.from_id), aliases.get(edge.to_id, edge.to_id)
        if edge.from_id == edge.to_id:
            del edges[edge_id]
    return edges


def _conflict_copy(source: EntryMeta, duplicate: str, text: str, original: str) -> EntryMeta:
    meta = _clone(source)
    meta.entry_id, meta.text = duplicate, text
    meta.parent_ids, meta.child_ids = [original], []
    meta.contradiction_ids, meta.contradiction_count = [], 0
    meta.synthesis_id = meta.superseded_by = meta.pending_promotion = meta.says_again = None
    return meta


def _link_conflict(entries: dict[str, EntryMeta], edges: dict[str, ContradictionEdge], original: str, duplicate: str) -> None:
    """The unresolved contradiction "changed on two devices" between an entry and its copy."""
    edge_id = conflict_edge_id(original, duplicate)
    first, second = entries[original], entries[duplicate]
    if duplicate not in first.child_ids:
        first.child_ids.append(duplicate)
    if edge_id in edges:
        return
    edges[edge_id] = ContradictionEdge(
        from_id=original, to_id=duplicate, reason=CONFLICT_REASON, confidence=1.0, author=CONFLICT_AUTHOR,
        created_at=max(first.updated_at, second.updated_at), edge_id=edge_id,
    )  # fmt: skip
    for meta in (first, second):
        if edge_id not in meta.contradiction_ids:
            meta.contradiction_ids.append(edge_id)
            meta.contradiction_count += 1


def _settle(entries: dict[str, EntryMeta], edges: dict[str, ContradictionEdge], reverify: set[str]) -> None:
    """Edges closed only because a side was archived reopen when both sides are active again;
    then CONTRADICTED means "has an open edge"; kept edits of removed entries await re-verification."""
    open_ends: set[str] = set()
    for edge in edges.values():
        if edge.resolved and edge.resolution == "archived" and edge.from_id in entries and edge.to_id in entries:
            edge.resolved, edge.resolution, edge.resolution_id, edge.resolved_at = False, None, None, None
        if not edge.resolved:
            open_ends.update((edge.from_id, edge.to_id))
    for entry_id, meta in entries.items():
        if entry_id in reverify and meta.status is not BeliefStatus.CONTRADICTED:
            meta.status = BeliefStatus.DECAYED
            meta.superseded_by = meta.synthesis_id = None
        elif meta.status in (BeliefStatus.SYNTHESIZED, BeliefStatus.SUPERSEDED):
            meta.status = BeliefStatus.ACTIVE  # active text, so not merged away
        if entry_id in open_ends and meta.status is BeliefStatus.ACTIVE:
            meta.status = BeliefStatus.CONTRADICTED
        elif entry_id not in open_ends and meta.status is BeliefStatus.CONTRADICTED:
            meta.status = BeliefStatus.ACTIVE


# ---------------------------------------------------------------- history and archive


def merge_jsonl(base: bytes, ours: bytes, theirs: bytes) -> bytes:
    """Union of JSON-lines records, ordered by their ``at`` (ties: ours first); nothing dropped.

    A line that does not parse (a torn tail) is kept verbatim after the record before it.
    """
    seen: set[bytes] = set()
    rows: list[tuple[float, int, int, bytes]] = []
    for rank, data in enumerate((ours, theirs, base)):
        at = -math.inf
        for number, line in enumerate(data.split(b"\n")):
            if not line.strip():
                continue
            try:
                record = orjson.loads(line)
                key = orjson.dumps(record, option=orjson.OPT_SORT_KEYS)
                when = record.get("at") if isinstance(record, dict) else None
                if isinstance(when, (int, float)) and not isinstance(when, bool) and math.isfinite(when):
                    at = float(when)
            except orjson.JSONDecodeError:
                key = line
            if key in seen:
                continue
            seen.add(key)
            rows.append((at, rank, number, line))
    rows.sort(key=lambda row: row[:3])
    return b"".join(line + b"\n" for *_order, line in rows)
