"""Pattern proposals (store/patterns.py) and a person's decisions on them (store/pattern_review.py).

Every note here is made up. A home of one person's incidents: three of one story (an animal
shelter), two of another (green tea), and look-alikes that share a word or a day with them but
tell a different story, or are about someone else.
"""

from __future__ import annotations

import pytest

from dialectical_memory import CharLimitError, NotFoundError
from dialectical_memory.core.beliefs import BeliefStatus, MaturityLevel
from dialectical_memory.store import patterns

from helpers import check_invariants, md_path

SHELTER = [
    "Lena volunteers at the animal shelter every Saturday morning.",
    "Lena walked the shelter dogs at the animal shelter again this weekend.",
    "Lena organised a fundraiser for new kennels at the animal shelter where she volunteers.",
]
TEA = [
    "Lena drinks jasmine green tea every afternoon.",
    "Lena keeps a tin of jasmine green tea on her desk at work.",
]
OTHERS = [
    "Lena bought a road bike to commute to the office.",
    "Lena's brother Tomas volunteers at the animal shelter on Sundays.",  # another holder, same words
    "Lena reads history books every Saturday morning.",  # shares only the day with the shelter
    "Lena is allergic to cats.",
    "Lena plays the cello in a community orchestra.",
    "Lena moved into a flat near the river last spring.",
]


@pytest.fixture
def lena(big_store):
    ids = {}
    for text in SHELTER + TEA + OTHERS:
        ids[text] = big_store.add("user", text).entry_id
    return big_store, ids


def groups(store, target="user"):
    return [set(p.texts) for p in store.pattern_proposals(target)]


def test_incidents_of_one_story_are_proposed_as_one_pattern_and_look_alikes_stay_out(lena):
    store, _ids = lena
    found = groups(store)
    assert set(SHELTER) in found
    assert set(TEA) in found
    for text in OTHERS:
        assert not any(text in group for group in found), text


def test_a_proposal_says_why_and_starts_from_its_members_in_file_order(lena):
    store, ids = lena
    proposal = next(p for p in store.pattern_proposals("user") if set(p.texts) == set(SHELTER))
    assert proposal.entry_ids == [ids[t] for t in SHELTER]
    assert proposal.draft.startswith(SHELTER[0]) and all(t in proposal.draft for t in SHELTER)
    assert proposal.drafted_by == "members" and proposal.kind == "pattern"
    assert "3 incidents about Lena" in proposal.reason and "shelter" in proposal.reason
    row = proposal.to_dict()
    assert {"id", "kind", "entry_ids", "draft", "drafted_by", "reason"} <= set(row)


def test_a_group_never_mixes_holders(big_store):
    for text in ["Lena volunteers at the animal shelter on Saturdays.",
                 "Lena's brother Tomas volunteers at the animal shelter on Saturdays too.",
                 "Lena's brother Tomas walks the animal shelter dogs on Sundays."]:
        big_store.add("user", text)
    for proposal in big_store.pattern_proposals("user"):
        assert len({patterns.holder_key(t) for t in proposal.texts}) == 1
        assert not any(t.startswith("Lena volunteers") for t in proposal.texts)


def test_chinese_incidents_of_one_story_are_grouped_and_a_shared_day_is_not_enough(big_store):
    story = ["用户每周六上午去动物收容所做志愿者。", "用户这周末又去动物收容所遛狗了。", "用户为动物收容所的新狗舍组织了募捐。"]
    others = ["用户每周六上午读历史书。", "用户对猫过敏。", "用户在社区乐团拉大提琴。", "用户买了一辆公路自行车通勤。",
              "用户去年春天搬到了河边的公寓。"]
    for text in story + others:
        big_store.add("user", text)
    found = groups(big_store)
    assert set(story) in found
    assert not any(text in group for group in found for text in others)
    proposal = next(p for p in big_store.pattern_proposals("user") if set(p.texts) == set(story))
    assert proposal.draft == "".join(story), "Chinese sentences follow each other without a space"


def test_a_group_with_a_contested_entry_says_so(lena):
    store, ids = lena
    store.mark_contradiction("user", ids[SHELTER[1]], ids[OTHERS[3]], reason="made up for the test")
    proposal = next(p for p in store.pattern_proposals("user") if SHELTER[0] in p.texts)
    assert proposal.contested == [ids[SHELTER[1]]]
    assert "1 of them is a side of an open contradiction" in proposal.reason


def test_a_blocked_entry_is_never_proposed(home, new_store):
    home.mkdir(parents=True, exist_ok=True)
    unsafe = "Lena's animal shelter volunteer password is hunter2hunter2"
    md_path(home, "user").write_text("\n§\n".join([*SHELTER, unsafe]), encoding="utf-8")
    store = new_store(memory_char_limit=0, user_char_limit=0)
    assert [e.text for e in store.blocked_entries("user")] == [unsafe]
    assert set(SHELTER) in groups(store)
    assert not any(unsafe in group for group in groups(store))


def test_only_incidents_are_grouped(lena):
    store, ids = lena
    store.approve_pattern("user", next(p.proposal_id for p in store.pattern_proposals("user") if TEA[0] in p.texts))
    assert all(store.get_entry("user", i).meta.maturity == MaturityLevel.INCIDENT
               for p in store.pattern_proposals("user") for i in p.entry_ids)


def test_a_rejected_group_is_not_proposed_again_even_by_another_store(lena, new_store):
    store, _ids = lena
    proposal = next(p for p in store.pattern_proposals("user") if set(p.texts) == set(SHELTER))
    result = store.reject_pattern("user", proposal.proposal_id[:6])
    assert result.action == "reject_pattern"
    assert not any(set(SHELTER) <= group or len(group & set(SHELTER)) > 1 for group in groups(store))
    fresh = new_store(memory_char_limit=0, user_char_limit=0)
    assert not any(len(group & set(SHELTER)) > 1 for group in groups(fresh))
    with pytest.raises(NotFoundError):
        fresh.approve_pattern("user", proposal.proposal_id)


def test_a_proposal_keeps_its_id_while_its_members_are_unchanged(lena, new_store):
    store, ids = lena
    first = {frozenset(p.texts): p.proposal_id for p in store.pattern_proposals("user")}
    again = new_store(memory_char_limit=0, user_char_limit=0)
    assert {frozenset(p.texts): p.proposal_id for p in again.pattern_proposals("user")} == first
    tea = first[frozenset(TEA)]
    again.approve_pattern("user", first[frozenset(SHELTER)])  # approving one never regroups another
    assert tea in {p.proposal_id for p in new_store(memory_char_limit=0, user_char_limit=0).pattern_proposals("user")}
    again.edit_text("user", ids[TEA[1]], "Lena keeps a tin of jasmine green tea on her office desk.")
    assert tea not in {p.proposal_id for p in again.pattern_proposals("user")}


def test_approving_writes_one_pattern_whose_parents_are_archived_and_one_undo_brings_them_back(lena):
    store, ids = lena
    proposal = next(p for p in store.pattern_proposals("user") if set(p.texts) == set(SHELTER))
    result = store.approve_pattern("user", proposal.proposal_id, text="Lena gives her Saturdays to the animal shelter.")
    pattern = store.get_entry("user", result.entry_id)
    assert pattern.text == "Lena gives her Saturdays to the animal shelter."
    assert pattern.meta.maturity == MaturityLevel.PATTERN
    assert pattern.meta.parent_ids == [ids[t] for t in SHELTER]
    for text in SHELTER:
        parent = store.get_entry("user", ids[text])
        assert parent.archived and parent.meta.status == BeliefStatus.SYNTHESIZED
    assert SHELTER[0] not in md_path(store.home, "user").read_text(encoding="utf-8")
    store.undo("user", result.extra["history_id"])
    assert {e.text for e in store.entries("user")} >= set(SHELTER)
    assert "Lena gives her Saturdays" not in md_path(store.home, "user").read_text(encoding="utf-8")
    check_invariants(store)


def test_approving_with_the_starting_text_and_several_at_once(lena):
    store, _ids = lena
    chosen = [p for p in store.pattern_proposals("user") if set(p.texts) in (set(SHELTER), set(TEA))]
    results = store.approve_patterns("user", [p.proposal_id for p in chosen])
    assert len(results) == 2 and all(r.extra.get("history_id") for r in results)
    texts = {e.text for e in store.entries("user")}
    assert {p.draft for p in chosen} <= texts
    assert not (set(SHELTER) | set(TEA)) & texts


def test_an_approval_refuses_when_a_member_changed_since(lena):
    store, ids = lena
    proposal = next(p for p in store.pattern_proposals("user") if set(p.texts) == set(TEA))
    store.edit_text("user", ids[TEA[0]], "Lena drinks jasmine green tea after lunch.")
    with pytest.raises(NotFoundError):
        store.approve_pattern("user", proposal.proposal_id)
    assert TEA[1] in {e.text for e in store.entries("user")}


def test_an_unknown_id_among_several_writes_nothing(lena):
    store, _ids = lena
    proposal = store.pattern_proposals("user")[0]
    with pytest.raises(NotFoundError):
        store.approve_patterns("user", [proposal.proposal_id, "ffffffffffff"])
    assert set(proposal.texts) <= {e.text for e in store.entries("user")}, "an unknown id writes nothing"


def test_search_finds_a_parents_fact_through_the_pattern(lena):
    store, _ids = lena
    proposal = next(p for p in store.pattern_proposals("user") if set(p.texts) == set(SHELTER))
    result = store.approve_pattern("user", proposal.proposal_id, text="Lena gives her time to animals.")
    found = [entry.entry_id for _score, entry in store.recall("user", "Who organised a fundraiser for kennels?", limit=3)]
    assert found[:1] == [result.entry_id]


def test_the_reflection_run_proposes_patterns_after_maintenance(lena):
    store, _ids = lena
    report = store.run_maintenance("user")
    assert [s["step"] for s in report["steps"]] == ["maintenance", "patterns", "drafts", "embeddings"]
    assert report["patterns_proposed"] == len(store.pattern_proposals("user")) >= 2


def test_a_merge_that_frees_room_is_written_in_a_home_over_its_limit(new_store):
    store = new_store(user_char_limit=0)
    for text in SHELTER + OTHERS:
        store.add("user", text)
    small = new_store(user_char_limit=300)  # the same home, over a smaller limit before and after
    proposal = next(p for p in small.pattern_proposals("user") if set(p.texts) == set(SHELTER))
    result = small.approve_pattern("user", proposal.proposal_id, text="Lena helps at the animal shelter.")
    assert small.get_entry("user", result.entry_id).meta.maturity == MaturityLevel.PATTERN
    assert result.usage["chars"] > 300
    with pytest.raises(CharLimitError):
        small.add("user", "Lena sings in a choir.")


def test_nothing_approves_a_pattern_on_its_own(lena):
    store, _ids = lena
    before = {e.text for e in store.entries("user")}
    store.run_maintenance("user", policy="auto")
    assert {e.text for e in store.entries("user")} == before


def test_an_unknown_id_is_refused_clearly_and_one_named_twice_is_approved_once(lena):
    store, _ids = lena
    with pytest.raises(NotFoundError, match="no pattern proposal"):
        store.reject_pattern("user", "abcdef")
    proposal = store.pattern_proposals("user")[0]
    results = store.approve_patterns("user", [proposal.proposal_id, proposal.proposal_id[:8]])
    assert len(results) == 1


def test_a_pattern_may_keep_a_members_very_text(lena):
    store, ids = lena
    proposal = next(p for p in store.pattern_proposals("user") if set(p.texts) == set(TEA))
    result = store.approve_pattern("user", proposal.proposal_id, text=TEA[0])
    pattern = store.get_entry("user", result.entry_id)
    assert pattern.text == TEA[0] and pattern.entry_id != ids[TEA[0]]
    assert [e.text for e in store.entries("user")].count(TEA[0]) == 1
    check_invariants(store)
    store.undo("user", result.extra["history_id"])
    assert store.get_entry("user", ids[TEA[0]]).archived is False
    assert {e.text for e in store.entries("user")} >= set(TEA)
    check_invariants(store)


def test_a_reflection_run_groups_anew_and_a_read_keeps_what_was_proposed(lena):
    store, _ids = lena
    first = {p.proposal_id for p in store.pattern_proposals("user")}
    late = store.add("user", "Lena drinks a pot of jasmine green tea at her desk.").entry_id
    kept = store.pattern_proposals("user")
    assert first <= {p.proposal_id for p in kept}, "a read keeps what was proposed while its members are unchanged"
    assert not any(late in p.entry_ids for p in kept)
    store.run_maintenance("user")
    tea = next(p for p in store.pattern_proposals("user") if TEA[0] in p.texts)
    assert late in tea.entry_ids, "the run grouped the newcomer with its story"


def test_the_reason_names_each_shared_word_once(big_store):
    for text in ["User goes bouldering at the climbing gym on Tuesday evenings.",
                 "User bought new climbing shoes for the bouldering gym.",
                 "User finished a hard bouldering problem at the climbing gym.",
                 "User is vegetarian.", "User's sister Ada lives in Porto."]:
        big_store.add("user", text)
    (proposal,) = big_store.pattern_proposals("user")
    assert len(proposal.shared) == len(set(proposal.shared)) and "climbing" in proposal.shared


def test_the_starting_text_of_long_incidents_fits_in_one_entry_and_is_approved_as_given(big_store):
    from dialectical_memory.store.screening import MAX_ENTRY_CHARS

    story = [f"Lena restores a wooden sailing boat, part {n}: " + "sanding, varnish and new rigging. " * 90 for n in "ABC"]
    for text in story + ["Lena is allergic to cats.", "Lena plays the cello."]:
        big_store.add("user", text)
    (proposal,) = big_store.pattern_proposals("user")
    assert len(proposal.draft) <= MAX_ENTRY_CHARS and proposal.draft.startswith(story[0][:40])
    result = big_store.approve_pattern("user", proposal.proposal_id)
    assert big_store.get_entry("user", result.entry_id).text == proposal.draft


def test_make_room_offers_the_pattern_proposals_and_never_a_group_a_person_rejected(lena, new_store):
    """Make-room's merges of incidents are the reflection layer's pattern proposals: near the limit
    the same groups are offered to merge, and a group a person rejected is offered by neither."""
    store, _ids = lena
    used = len("\n§\n".join(e.text for e in store.entries("user")))
    near = new_store(memory_char_limit=0, user_char_limit=int(used / 0.85))
    proposed = {frozenset(p.entry_ids) for p in near.pattern_proposals("user")}
    offered = {frozenset(m.entry_ids) for m in near.make_room_plan("user").merges if m.level == "PATTERN"}
    assert offered == proposed and any(len(group) == len(SHELTER) for group in offered)
    shelter = next(p for p in near.pattern_proposals("user") if set(p.texts) == set(SHELTER))
    near.reject_pattern("user", shelter.proposal_id)
    for merge in near.make_room_plan("user").merges:
        assert len(set(merge.texts) & set(SHELTER)) < 2, merge.texts


# Two stories that share one topic word ("garden"), each told twice in its own words, and incidents
# of other stories around them.
TOMATOES = ["User grows cherry tomatoes in the garden greenhouse.",
            "User picked the first ripe cherry tomatoes from the greenhouse."]
PARTY = ["User hosts a garden party for the neighbours every summer.",
         "User's garden party had live music and the neighbours stayed dancing until midnight."]
AROUND = ["User is learning Portuguese for a trip to Lisbon.", "User runs five kilometres before work.",
          "User repaired the leaking kitchen tap.", "User reads crime novels on the train.",
          "User adopted a grey cat from a rescue centre."]


def test_groups_grow_from_nearest_neighbours_and_a_shared_topic_word_joins_no_two_stories(big_store):
    """Each pair is each other's nearest by the words of its own story; "garden", shared by all
    four, makes no group of four and no pair across the stories."""
    for text in TOMATOES + PARTY + AROUND:
        big_store.add("user", text)
    found = groups(big_store)
    assert set(TOMATOES) in found and set(PARTY) in found
    assert not any(text in group for group in found for text in AROUND)


def test_an_incident_alike_to_only_one_member_of_a_group_does_not_join_it(big_store):
    """The umbrella shares "keeps … her desk at work" with one tea incident and nothing with the
    other: nearest to the tea pair, it is another story (it used to join it). An incident whose
    nearest are all of a group joins it (the shelter's fundraiser, in the tests above)."""
    umbrella = "Lena keeps a spare umbrella under her desk at work."
    for text in TEA + [umbrella] + OTHERS:
        big_store.add("user", text)
    found = groups(big_store)
    assert set(TEA) in found
    assert not any(umbrella in group for group in found)


def test_an_entry_naming_two_holders_is_about_the_one_it_starts_with(big_store):
    """Two people of the home named in one entry: it is about the one it starts with, not the user,
    so it can be grouped with that person's other incidents; with no name at its head it stays
    the user's."""
    for text in ["Priya plays chess at the club on Thursdays.", "Priya coaches the junior chess team at the club.",
                 "Ivo teaches maths at the secondary school.", "Ivo coaches the school football team."]:
        big_store.add("user", text)
    with big_store.reading("user") as state:
        holders = state.ensure_index().holders()
    assert patterns.holder_key("Priya beat Ivo in the chess final at the club.", holders) == "person:priya"
    assert patterns.holder_key("Ivo watched Priya's chess final at the club.", holders) == "person:ivo"
    assert patterns.holder_key("At the club final the user watched Priya and Ivo.", holders) == ""


def test_a_read_after_a_reflection_run_finds_exactly_the_groups_the_run_found(tmp_path):
    """The groups kept from a run stay neighbours of the rest: an incident whose nearest is in a
    kept group is not paired with its next nearest by the next read (on the demo home's agent notes
    a read used to add two proposals the run had not made)."""
    import time

    from dialectical_memory import MemoryStore
    from dialectical_memory.features.demo import seed_demo

    home = tmp_path / "demo"
    seed_demo(home, now=time.time())
    ran = MemoryStore(home, memory_char_limit=0, user_char_limit=0).pattern_proposals("memory", fresh=True)
    read = MemoryStore(home, memory_char_limit=0, user_char_limit=0).pattern_proposals("memory")
    assert ran and [p.proposal_id for p in read] == [p.proposal_id for p in ran]


def test_notes_alike_only_in_what_a_rule_compares_tell_no_story(lena):
    """Two jobs share nothing but the job rule's slot ("$job", "$work history"): two values of one
    slot are a change or a contradiction for the detector, not one story told again. What an entry
    is about for a group is its words and the concepts they name, so they are no pair, while the
    notes of one story still are."""
    store, _ids = lena
    jobs = ["Lena works nights as a nurse.", "Lena has a job as an accountant."]
    for text in jobs:
        store.add("user", text)
    found = groups(store)
    assert set(TEA) in found
    assert not any(text in group for group in found for text in jobs)


FUNCTION_WORDS_ONLY = [
    # each pair shares only words that name no story: a particle, a reflexive, the "s" of "it's"
    "User set off early for the marathon.", "User hopes the overtime will pay off.",
    "User taught himself to juggle.", "User calls himself a night owl.",
    "User thinks it's too cold to swim in May.", "User says it's the neighbour's turn to host.",
    "User's car is a hybrid.", "User is vegetarian.", "User plays the cello in a community orchestra.",
    "用户自己做了晚饭。", "用户自己修好了自行车。",  # 自己: oneself
]


def test_words_that_name_no_story_make_no_pattern_and_are_not_named_as_shared(big_store):
    """On a replayed home "2 incidents share off" grouped two notes by a particle, and "share him, s"
    two notes about a family; such words are neither a link nor a reason."""
    story = ["User went bouldering at the climbing gym and set off on a new route.",
             "User fell off the wall at the climbing gym while bouldering.",
             "User bought bouldering shoes for the climbing gym himself."]
    for text in FUNCTION_WORDS_ONLY + story:
        big_store.add("user", text)
    (proposal,) = big_store.pattern_proposals("user")
    assert set(proposal.texts) == set(story)
    assert "climbing" in proposal.shared and not {"off", "himself", "s"} & set(proposal.shared)
    assert "off" not in proposal.reason and "himself" not in proposal.reason
