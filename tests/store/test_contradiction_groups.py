"""Issue 41: groups belong to the store. The entries linked to one another by unresolved
contradictions are one group, read by every door from `StoreReads.contradiction_groups`: a stale
entry and the entries that changed it are counted once and listed once (web, CLI, MCP, counts)."""

from __future__ import annotations

from dialectical_memory import MemoryStore
from dialectical_memory.adapters.cli import main
from dialectical_memory.detection import RuleDetector

DAY = 86400.0
FIRST = 1767225600.0  # 2026-01-01 UTC


def _home(home):
    clock = [FIRST]
    store = MemoryStore(home, detector=RuleDetector(), clock=lambda: clock[0], memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    ids = {}
    for days, text in ((0, "User lives in Lisbon."), (30, "User lives in Oslo."), (60, "User lives in Porto."),
                       (61, "User prefers short replies."), (61, "User wants long, detailed answers.")):
        clock[0] = FIRST + days * DAY
        ids[text] = store.add("user", text).entry_id
    return store, ids, clock


def test_a_stale_entry_and_the_entries_that_changed_it_are_one_group(home):
    store, ids, _clock = _home(home)
    groups = store.contradiction_groups("user")
    places = {ids["User lives in Lisbon."], ids["User lives in Oslo."], ids["User lives in Porto."]}
    assert len(groups) == 2
    (moves,) = [group for group in groups if set(group["entry_ids"]) == places]
    assert len(moves["entry_ids"]) == 3 and moves["newest_id"] == ids["User lives in Porto."]
    assert moves["kinds"] == ["update"] and len(moves["edge_ids"]) == len(set(moves["edge_ids"])) >= 2
    assert store.contradiction_groups("user", entry_id=ids["User lives in Oslo."]) == [moves]
    counts = store.counts("user")
    assert counts["contradiction_groups"] == 2 and counts["unresolved_contradictions"] > 2


def test_a_group_closes_when_its_links_are_resolved(home):
    store, ids, clock = _home(home)
    tastes = [ids["User prefers short replies."], ids["User wants long, detailed answers."]]
    (edge,) = store.get_contradictions("user", entry_id=tastes[0])
    clock[0] += DAY
    store.synthesize("user", tastes, "User wants short replies, and detail when asked.", actor="person")
    assert [sorted(group["entry_ids"]) for group in store.contradiction_groups("user")] == [
        sorted([ids["User lives in Lisbon."], ids["User lives in Oslo."], ids["User lives in Porto."]])]
    assert store.counts("user")["contradiction_groups"] == 1 and edge["edge_id"]


def test_the_cli_counts_the_groups(home, capsys):
    _home(home)
    assert main(["--home", str(home), "contradictions", "-t", "user"]) == 0
    assert "2 open group(s) of linked entries" in capsys.readouterr().out
