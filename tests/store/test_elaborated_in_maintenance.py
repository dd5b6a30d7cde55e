"""The judge's "elaborates" answer in the reflection layer: the entry that holds the other's fact and
more stays, the other is folded into it (reinforced, its wording kept, archived, undoable)."""

from __future__ import annotations

from dialectical_memory import MemoryStore
from dialectical_memory.detection.judge import ELABORATES
from dialectical_memory.detection.scripted_judge import judge_from_pairs

SHORT = "The user plays the guitar."
FULL = "The user plays the acoustic guitar, which they picked up five years ago to unwind after work."


def _store(home, clock, fuller: str | None) -> MemoryStore:
    rows = [{"a": SHORT, "b": FULL, "label": ELABORATES, **({"fuller": fuller} if fuller else {})}]
    store = MemoryStore(home, judge=judge_from_pairs(rows), memory_char_limit=0, user_char_limit=0, clock=clock)
    store.load_from_disk()
    return store


def _add_both(store, clock, first: str, second: str) -> tuple[str, str]:
    earlier = store.add("user", first).entry_id
    clock.advance(10)
    later = store.add("user", second)
    assert not later.reinforced  # the add never absorbs a wording that says more
    clock.advance(1)
    return earlier, later.entry_id


def test_a_later_fuller_wording_becomes_the_entry_and_the_shorter_is_folded_into_it(home, clock):
    store = _store(home, clock, "b")
    earlier, later = _add_both(store, clock, SHORT, FULL)
    report = store.run_maintenance("user")
    assert report["restated"] == [earlier]
    assert [entry.text for entry in store.entries("user")] == [FULL]
    meta = store.get_entry("user", later).meta
    assert meta.hit_count == 1 and meta.last_validated_at == clock()
    assert SHORT in [said["text"] for said in meta.restated]  # never a silent loss: searched with the entry
    (archived,) = store.archived("user")
    assert archived.entry_id == earlier and "with more" in archived.archive_reason


def test_an_earlier_fuller_entry_stays_and_the_later_shorter_wording_is_folded(home, clock):
    store = _store(home, clock, "b")  # the labels' "b" is FULL, whichever was written first
    earlier, later = _add_both(store, clock, FULL, SHORT)
    assert store.run_maintenance("user")["restated"] == [later]
    assert [entry.entry_id for entry in store.entries("user")] == [earlier]


def test_an_elaborates_answer_naming_no_fuller_side_folds_nothing(home, clock):
    store = _store(home, clock, None)
    _add_both(store, clock, SHORT, FULL)
    assert store.run_maintenance("user")["restated"] == [] and len(store.entries("user")) == 2


def test_a_person_undoing_the_fold_outranks_the_judge(home, clock):
    store = _store(home, clock, "b")
    _add_both(store, clock, SHORT, FULL)
    store.run_maintenance("user")
    (record,) = store.history("user", action="restated")
    store.undo("user", record["id"])
    assert sorted(entry.text for entry in store.entries("user")) == sorted([SHORT, FULL])
    clock.advance(1)
    store.run_maintenance("user")
    assert len(store.entries("user")) == 2  # the person's verdict: never folded again


PLAN = "The user plans to run a half marathon in the spring."
DONE = "The user ran a half marathon in April and finished in under two hours."


def test_a_later_account_of_a_plan_carries_it_forward_without_a_hit(home, clock):
    """The judge's "progress": the plan is archived into the later account (undoable), which is
    not the plan said again: no hit, no wording kept; asked either way round, the later stays."""
    store = MemoryStore(home, judge=judge_from_pairs([{"a": DONE, "b": PLAN, "label": "progress"}]),
                        memory_char_limit=0, user_char_limit=0, clock=clock)
    store.load_from_disk()
    plan, done = _add_both(store, clock, PLAN, DONE)
    assert store.run_maintenance("user")["restated"] == [plan]
    meta = store.get_entry("user", done).meta
    assert meta.hit_count == 0 and meta.restated == []
    (archived,) = store.archived("user")
    assert archived.entry_id == plan and "carried forward" in archived.archive_reason
    (record,) = store.history("user", action="restated")
    store.undo("user", record["id"])
    assert sorted(entry.text for entry in store.entries("user")) == sorted([PLAN, DONE])


def test_an_entry_above_incident_is_never_folded_into_a_fuller_one_below_it(home, clock):
    """A tier a person granted (or the policy they chose) outranks the judge: the matured shorter
    entry and the fuller new one both stay."""
    store = MemoryStore(home, judge=judge_from_pairs([{"a": SHORT, "b": FULL, "label": ELABORATES, "fuller": "b"}]),
                        memory_char_limit=0, user_char_limit=0, clock=clock, promotion_policy="auto")
    store.load_from_disk()
    for _ in range(3):  # said three times over four days: promoted to PATTERN
        short = store.add("user", SHORT).entry_id
        clock.advance(2)
    store.run_maintenance("user")
    assert store.get_entry("user", short).meta.maturity == 1
    store.add("user", FULL)
    clock.advance(1)
    assert store.run_maintenance("user")["restated"] == [] and len(store.entries("user")) == 2
