"""The review inbox's registry: every decision counted once, in the order a person should see them."""

from __future__ import annotations

from dialectical_memory import MemoryStore
from dialectical_memory.store.decisions import GROUP_EDGES_SHOWN, DecisionKind, Decision, waiting

from dialectical_memory.detection.base import Label, Verdict

NOW = 1_750_000_000.0


class QuietDetector:
    """Finds no contradictions: each test links its entries itself."""

    name = "quiet"

    def compare(self, a: str, b: str) -> Verdict:
        return Verdict(Label.UNRELATED, 0.0, "", "")


def quiet_store(home) -> MemoryStore:
    return MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: NOW, detector=QuietDetector())


def test_a_group_of_four_contradicting_entries_is_one_decision(home):
    store = quiet_store(home)
    ids = [store.add("memory", f"The office is on floor {n}.").entry_id for n in (2, 3, 4, 5)]
    for a in ids:
        for b in ids:
            if a < b:
                store.mark_contradiction("memory", a, b, actor="agent")
    assert len(store.get_contradictions("memory")) == 6  # six edges, one question
    inbox = waiting(store)
    assert inbox.next.kind == "contradiction" and sorted(e.entry_id for e in inbox.next.subject.members) == sorted(ids)
    contradictions = inbox.total - len(store.pattern_proposals("memory"))
    assert contradictions == 1


def test_a_group_decision_carries_why_its_entries_contradict(home):
    """A person decides a group knowing why it was flagged: each edge that links its entries, with
    its reason and who found it; a large group names the first few and counts the rest."""
    store = quiet_store(home)
    ids = [store.add("memory", f"The office is on floor {n}.").entry_id for n in range(2, 7)]
    for a in ids:
        for b in ids:
            if a < b:
                store.mark_contradiction("memory", a, b, reason=f"floors {a[:4]} and {b[:4]} differ", actor="agent")
    group = waiting(store).next.subject
    assert len(group.edges) == GROUP_EDGES_SHOWN and group.more_edges == 10 - GROUP_EDGES_SHOWN
    member_ids = {entry.entry_id for entry in group.members}
    for edge in group.edges:
        assert {edge["from_id"], edge["to_id"]} <= member_ids and not edge["resolved"]
        assert edge["from_id"][:4] in edge["reason"] and edge["to_id"][:4] in edge["reason"]  # its own reason
        assert edge["author"] == "agent"


def test_the_next_decision_follows_the_registry_order_across_both_files(home):
    store = quiet_store(home)
    a, b = (store.add("user", text).entry_id for text in ("User drinks tea.", "User never drinks tea."))
    store.mark_contradiction("user", a, b, actor="agent")
    later = DecisionKind("later", lambda s, target: 1 if target == "memory" else 0,
                         lambda s, target: Decision("later", target, "k", None))
    inbox = waiting(store, extra=(later,))
    assert (inbox.next.kind, inbox.next.target) == ("contradiction", "user")  # a store kind before an added one
    assert inbox.by_target["memory"] >= 1 and inbox.by_target["user"] >= 1
    store.dismiss_contradiction("user", store.get_contradictions("user")[0]["edge_id"])
    assert waiting(store, extra=(later,)).next.kind in ("pattern", "later")
    assert waiting(store).total == waiting(store, extra=(later,)).total - 1
