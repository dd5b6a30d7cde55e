"""The judge's "same fact" answer in the reflection layer: the later entry is folded into the earlier."""

from __future__ import annotations

from dialectical_memory import MemoryStore
from dialectical_memory.detection.judge import SAME, ChatJudge, parse_answers, says_same
from dialectical_memory.detection.scripted_judge import judge_from_pairs
from dialectical_memory.store import maintenance, restated

from helpers import md_path

# Other words for one fact: the matcher at the add cannot tell (it names the pair, absorbs nothing).
FAMILY = "The user treasures quiet evenings at home with the family."
FAMILY_AGAIN = "Time spent at home with the family in the evening means a lot to the user."
# A related fact, not the same one.
FAMILY_DINNER = "The user cooks dinner for the family every evening."


def _store(home, clock, rows, **options) -> MemoryStore:
    store = MemoryStore(home, judge=judge_from_pairs(rows), memory_char_limit=0, user_char_limit=0, clock=clock, **options)
    store.load_from_disk()
    return store


def _rows():
    return [{"a": FAMILY, "b": FAMILY_AGAIN, "label": SAME}, {"a": FAMILY, "b": FAMILY_DINNER, "label": "related"}]


def test_the_judge_protocol_has_an_answer_for_the_same_fact():
    reply = '{"answers": [{"pair": 1, "label": "same", "confidence": 0.8, "reason": "restated"}, {"pair": 2, "label": "compatible"}]}'
    same, other = parse_answers(reply, 2, "model")
    assert says_same(same) and not says_same(other)
    captured = []
    ChatJudge(lambda messages: captured.append(messages) or reply, "model").judge_many([("a", "b"), ("c", "d")])
    assert '"same"' in captured[0][0]["content"]


def test_a_same_answer_folds_the_later_entry_into_the_earlier(home, clock):
    store = _store(home, clock, _rows())
    kept = store.add("user", FAMILY).entry_id
    clock.advance(10)
    later = store.add("user", FAMILY_AGAIN)
    assert not later.reinforced
    clock.advance(1)
    report = store.run_maintenance("user")
    assert report["restated"] == [later.entry_id]
    assert [entry.entry_id for entry in store.entries("user")] == [kept]
    meta = store.get_entry("user", kept).meta
    assert meta.hit_count == 1 and meta.last_validated_at == clock()
    (record,) = store.history("user", entry_id=kept, action="reinforce")
    assert record["detail"]["wording"] == FAMILY_AGAIN
    (archived,) = store.archived("user")
    assert archived.entry_id == later.entry_id and kept in archived.archive_reason


def test_a_related_fact_is_never_folded(home, clock):
    store = _store(home, clock, _rows())
    store.add("user", FAMILY)
    store.add("user", FAMILY_DINNER)
    report = store.run_maintenance("user")
    assert report["restated"] == [] and len(store.entries("user")) == 2


def test_a_folded_entry_is_restored_from_the_archive(home, clock):
    store = _store(home, clock, _rows())
    store.add("user", FAMILY)
    later = store.add("user", FAMILY_AGAIN).entry_id
    store.run_maintenance("user")
    store.restore("user", later)
    assert sorted(entry.text for entry in store.entries("user")) == sorted([FAMILY, FAMILY_AGAIN])


def test_the_same_answer_is_kept_in_the_verdict_file(home, clock):
    store = _store(home, clock, _rows())
    store.add("user", FAMILY)
    store.add("user", FAMILY_AGAIN)
    store.run_maintenance("user")
    stored = store.verdicts("user").get(FAMILY, FAMILY_AGAIN, "labels")
    assert stored["label"] == SAME


def test_an_entry_another_program_wrote_is_reinforced_in_the_sidecar_only(home, clock):
    store = _store(home, clock, _rows())
    kept = store.add("user", FAMILY).entry_id
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8") + "\n§\n" + FAMILY_AGAIN, encoding="utf-8")
    store.expect_origin("user", FAMILY_AGAIN, provenance={"origin": "hermes", "tool_name": "memory"})
    store.load_from_disk()
    before = md.read_bytes()
    store.run_maintenance("user")
    assert md.read_bytes() == before
    assert store.get_entry("user", kept).meta.hit_count == 1
    line = store.get_entry_meta("user", FAMILY_AGAIN)
    assert line.says_again == kept  # the line stands for the kept entry: a later saying counts there
    store.run_maintenance("user")
    assert store.get_entry("user", kept).meta.hit_count == 1


def test_a_line_hermes_keeps_is_folded_once_and_stands_for_its_entry_after(home, clock):
    """Through the Hermes door the line a fold links stays an entry; a later pass folded it again, or
    folded a third saying into it, and the fact's sayings were counted twice (291 folds where 178
    were sayings, on the life replay with the label judge)."""
    third = "Evenings with the family at home are what the user treasures most."
    rows = [*_rows(), {"a": FAMILY_AGAIN, "b": third, "label": SAME}]
    store = _store(home, clock, rows)
    kept = store.add("user", FAMILY).entry_id
    md = md_path(home, "user")
    md.write_text(md.read_text(encoding="utf-8") + "\n§\n" + FAMILY_AGAIN, encoding="utf-8")
    store.expect_origin("user", FAMILY_AGAIN, provenance={"origin": "hermes", "tool_name": "memory"})
    store.load_from_disk()
    store.run_maintenance("user")
    assert store.get_entry("user", kept).meta.hit_count == 1
    clock.advance(86400)
    assert not store.add("user", third).reinforced
    store.run_maintenance("user")
    assert store.get_entry("user", kept).meta.hit_count == 2  # the third saying counts for the entry
    assert third not in {entry.text for entry in store.entries("user")}
    line = store.get_entry_meta("user", FAMILY_AGAIN)
    assert line.hit_count == 0 and line.says_again == kept


def test_a_fact_said_again_is_folded_within_a_budget_of_one_question(home, clock):
    store = _store(home, clock, _rows())
    store.judge_budgets = {"budget": 1}
    kept = store.add("user", FAMILY).entry_id
    for number in range(45):  # newer neighbours sharing a word or two with the new entry
        store.add("user", f"The user keeps notebook {number} of evening walks at home with the family dog.")
    store.run_maintenance("user")
    clock.advance(1)
    store.add("user", FAMILY_AGAIN)
    report = store.run_maintenance("user")
    assert report["judge"]["asked"] == 1 and len(report["restated"]) == 1
    assert store.get_entry("user", kept).meta.hit_count == 1


def test_a_fold_carries_the_sayings_the_later_entry_had_gathered(home, clock):
    """Each saying counts once, in the entry that stays: the later entry's own restatements come
    along when it is folded, and an expired earlier entry is re-verified."""
    store = _store(home, clock, _rows())
    kept = store.add("user", FAMILY, knowledge_type="belief").entry_id
    clock.advance(300)
    store.run_maintenance("user")
    assert store.get_entry("user", kept).meta.status.value == "decayed"
    later = store.add("user", FAMILY_AGAIN).entry_id
    store.add("user", FAMILY_AGAIN)  # said a third time, word for word: a hit of the later entry
    assert store.get_entry("user", later).meta.hit_count == 1
    clock.advance(1)
    store.run_maintenance("user")
    meta = store.get_entry("user", kept).meta
    assert meta.hit_count == 2 and meta.status.value == "active" and meta.updated_at == clock()
    assert store.counts("user")["reverify"] == 0


# Newer entries sharing no word with the family ones: the judge's contradiction candidates, no more.
UNRELATED = ("The user collects vinyl records.", "The user swims in a lake.", "The user studies Portuguese.")


def test_a_busy_machine_asks_the_same_fact_questions_a_quiet_one_does(home, clock, monkeypatch):
    """The deep check's steps are cut by time: on a busy machine each step checks one entry, and
    the newest entry's contradiction candidates would spend the run's budget before the fact said
    again is reached. The "same fact?" questions are a count of their own, asked first."""
    monkeypatch.setattr(maintenance, "DEEP_CHECK_STEP_SECONDS", 0.0)
    store = _store(home, clock, _rows())
    store.judge_budgets = {"budget": 2}
    kept = store.add("user", FAMILY).entry_id
    store.run_maintenance("user")
    clock.advance(1)
    later = store.add("user", FAMILY_AGAIN).entry_id
    for text in UNRELATED:
        clock.advance(1)
        store.add("user", text)
    report = store.run_maintenance("user")
    assert report["restated"] == [later]
    assert store.get_entry("user", kept).meta.hit_count == 1


def test_the_closest_pairs_of_a_run_are_asked_first_each_once():
    texts = {"old": FAMILY, "dinner": FAMILY_DINNER, "again": FAMILY_AGAIN, "records": UNRELATED[0]}
    checked = {"again": FAMILY_AGAIN, "dinner": FAMILY_DINNER}  # both new: their pair is asked once
    near = {"again": ["dinner", "old", "records"], "dinner": ["again", "old", "records"]}
    questions = restated.restatement_questions(checked, near, texts)
    assert questions[0] == ("old", "again")  # the closest pair of the run, though "dinner" was checked too
    assert len({frozenset(pair) for pair in questions}) == len(questions) == 3
    assert all("records" not in pair for pair in questions)  # no word in common: never asked "the same?"



def test_a_wording_the_same_as_two_kept_entries_makes_them_one(home, clock):
    """The judge found nothing to join in two entries (asked alone, it said compatible), then a
    third wording it finds the same as each: one fact said three times ends in one entry."""
    evenings = "Evenings with the family at home are the highlight of the user's day."
    rows = [{"a": FAMILY, "b": FAMILY_AGAIN, "label": SAME}, {"a": evenings, "b": FAMILY_AGAIN, "label": SAME}]
    store = _store(home, clock, rows)
    first = store.add("user", FAMILY).entry_id
    clock.advance(10)
    store.add("user", evenings)
    assert store.run_maintenance("user")["restated"] == [] and len(store.entries("user")) == 2
    clock.advance(10)
    later = store.add("user", FAMILY_AGAIN)
    assert not later.reinforced
    report = store.run_maintenance("user")
    assert len(report["restated"]) == 2 and later.entry_id in report["restated"]
    assert [entry.entry_id for entry in store.entries("user")] == [first]
    assert len(store.archived("user")) == 2
