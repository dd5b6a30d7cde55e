"""The decisions waiting for a person, in one order: the review inbox's registry.

Each kind of decision says how to count what waits in a target and how to read the first one; the
inbox walks the kinds in the order of :data:`KINDS` (the most urgent first) and, within a kind, the
memory file before the user profile. Another issue adds a kind by adding a :class:`DecisionKind`
here (or, for a kind that lives above the store, by passing it to :func:`waiting` as ``extra``).
Deciding belongs to the pages: this module only counts and orders, and knows nothing of the web.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..storage.paths import TARGET_FILES


@dataclass(frozen=True)
class Decision:
    """One decision: its kind, the file it belongs to, a key naming it within the kind, and what a
    person decides about (the kind's read model: an entry, a group of entries, a proposal…)."""

    kind: str
    target: str
    key: str
    subject: Any


@dataclass(frozen=True)
class DecisionKind:
    name: str
    count: Callable[[Any, str], int]  # (store, target) -> how many wait
    first: Callable[[Any, str], Decision | None]  # (store, target) -> the one to decide next


@dataclass(frozen=True)
class Inbox:
    """What waits: the next decision (None when nothing does) and how many wait in all."""

    next: Decision | None
    total: int
    by_target: dict[str, int]
    by_kind: dict[str, dict[str, int]] = field(default_factory=dict)  # kind → target → how many wait


def contradiction_groups(store, target: str) -> list[list[str]]:
    """Entries linked by unresolved contradictions, each group once, largest first: the store's
    group read (a stale note and the notes that changed it are one group), as every door counts it."""
    return [group["entry_ids"] for group in _open_groups(store, target)]


def _open_groups(store, target: str) -> list[dict]:
    """The store's groups of two or more entries, with the edges that link each."""
    return [group for group in store.contradiction_groups(target) if len(group["entry_ids"]) > 1]


def _blocked_first(store, target: str) -> Decision | None:
    entries = store.blocked_entries(target)
    return Decision("blocked", target, entries[0].entry_id, entries[0]) if entries else None


@dataclass(frozen=True)
class ContradictionGroup:
    """A group of entries linked by unresolved contradictions, as a person decides it: the entries
    (in the store's group order) and the edges that link them, each with its reason and who found
    it (the first :data:`GROUP_EDGES_SHOWN`; ``more_edges`` counts the rest)."""

    members: list
    edges: list[dict]
    more_edges: int = 0


# Why the entries of a group contradict: the reasons a person reads before deciding. A group of
# dozens is linked by as many edges; the page names the first ones, each one store read.
GROUP_EDGES_SHOWN = 6


def _group_first(store, target: str) -> Decision | None:
    groups = _open_groups(store, target)
    if not groups:
        return None
    members = [store.get_entry(target, entry_id) for entry_id in groups[0]["entry_ids"]]
    edge_ids = groups[0]["edge_ids"]
    edges = [edge for edge_id in edge_ids[:GROUP_EDGES_SHOWN]
             for edge in store.get_contradictions(target, edge_id=edge_id)]
    subject = ContradictionGroup(members, edges, max(0, len(edge_ids) - GROUP_EDGES_SHOWN))
    return Decision("contradiction", target, members[0].entry_id, subject)


def _reverify_first(store, target: str) -> Decision | None:
    items = store.reverification_queue(target, horizon_days=0, limit=1)  # expired only: what counts
    return Decision("reverify", target, items[0].entry.entry_id, items[0]) if items else None


def _promotion_first(store, target: str) -> Decision | None:
    items = store.pending_promotions(target, limit=1)
    return Decision("promotion", target, items[0].entry.entry_id, items[0]) if items else None


def _pattern_first(store, target: str) -> Decision | None:
    proposals = store.pattern_proposals(target)
    return Decision("pattern", target, proposals[0].proposal_id, proposals[0]) if proposals else None


KINDS: tuple[DecisionKind, ...] = (
    DecisionKind("blocked", lambda store, target: store.counts(target)["blocked"], _blocked_first),
    DecisionKind("contradiction", lambda store, target: len(contradiction_groups(store, target)), _group_first),
    DecisionKind("reverify", lambda store, target: store.counts(target)["reverify"], _reverify_first),
    DecisionKind("promotion", lambda store, target: store.counts(target)["pending_promotions"], _promotion_first),
    DecisionKind("pattern", lambda store, target: len(store.pattern_proposals(target)), _pattern_first),
)


def waiting(store, *, extra: tuple[DecisionKind, ...] = ()) -> Inbox:
    """Count every decision in both files and read the first one in the inbox's order."""
    by_target = {target: 0 for target in TARGET_FILES}
    by_kind: dict[str, dict[str, int]] = {}
    found: Decision | None = None
    for kind in (*KINDS, *extra):
        for target in TARGET_FILES:
            count = kind.count(store, target)
            by_target[target] += count
            by_kind.setdefault(kind.name, {})[target] = count
            if found is None and count:
                found = kind.first(store, target)
    return Inbox(found, sum(by_target.values()), by_target, by_kind)
