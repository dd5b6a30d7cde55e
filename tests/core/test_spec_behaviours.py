"""SPEC §8: the 34 behaviours the original test suite checked, one test each, and the numbers of §4–5."""

from __future__ import annotations

import hashlib
import json
import math
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dialectical_memory import (
    BeliefStatus,
    ContradictionEdge,
    EntryMeta,
    KnowledgeType,
    MaturityLevel,
    SidecarDocument,
    SourceKind,
)
from dialectical_memory.core import beliefs as model
from dialectical_memory.core.beliefs import (
    apply_promotion,
    apply_validation_decay,
    decayed_confidence,
    evaluate_promotion,
    promotion_check,
    ranking_score,
    raw_decayed_confidence,
    record_hit,
    record_ignore,
    record_observed_behavior,
    synthesize,
    text_hash,
)
from dialectical_memory.storage.files import dumps_sidecar

from helpers import DAY, T0, edit_meta

NOW = T0


def aged(days: float, **values) -> EntryMeta:
    """An entry created and last updated/validated ``days`` ago."""
    when = NOW - days * DAY
    meta = EntryMeta(**values)
    meta.created_at = meta.updated_at = meta.last_validated_at = when
    return meta


# ---------------------------------------------------------------- entry metadata (4)


def test_entry_metadata_defaults_are_incident_belief_user_explicit_active():
    meta = EntryMeta()
    assert meta.maturity is MaturityLevel.INCIDENT
    assert meta.knowledge_type is KnowledgeType.BELIEF
    assert meta.source_kind is SourceKind.USER_EXPLICIT
    assert meta.status is BeliefStatus.ACTIVE
    assert (meta.authority, meta.conviction, meta.importance, meta.confidence) == (0.7, 0.7, 0.7, 0.7)
    assert (meta.hit_count, meta.surface_count, meta.ignore_count, meta.observed_behavior_count) == (0, 0, 0, 0)
    assert meta.contradiction_ids == [] and meta.contradiction_count == 0
    assert meta.parent_ids == [] and meta.child_ids == [] and meta.noise_context == []
    assert meta.synthesis_id is None and meta.superseded_by is None
    assert meta.original_text is None and meta.principle_text is None
    assert meta.scope == {"lang": "all", "framework": "any", "project": "any"}
    assert uuid.UUID(meta.entry_id).version == 4
    assert EntryMeta().entry_id != meta.entry_id
    fresh = EntryMeta.new(NOW)
    assert fresh.created_at == fresh.updated_at == fresh.last_validated_at == NOW


def test_entry_metadata_survives_a_dict_round_trip():
    meta = EntryMeta(
        maturity=MaturityLevel.PRINCIPLE, knowledge_type=KnowledgeType.RULE, source_kind=SourceKind.OBSERVED,
        status=BeliefStatus.CONTRADICTED, authority=0.91, confidence=0.42, hit_count=7,
        contradiction_ids=["e1"], contradiction_count=1, parent_ids=["p1", "p2"], child_ids=["c1"],
        synthesis_id="s1", superseded_by="x", original_text="old", principle_text="short",
        scope={"lang": "python", "framework": "any", "project": "demo"},
        noise_context=[{"reason": "stale_rule", "at": 1.0}], text="some text",
    )  # fmt: skip
    assert EntryMeta.from_dict(meta.to_dict()) == meta


def test_unknown_keys_are_ignored_and_missing_fields_default_on_load():
    data = {"entry_id": "abc", "hit_count": 3, "from_the_future": {"x": 1}, "another_new_field": 5}
    meta = EntryMeta.from_dict(data)
    assert meta.entry_id == "abc"
    assert meta.hit_count == 3
    assert meta.confidence == 0.7 and meta.maturity is MaturityLevel.INCIDENT
    assert not hasattr(meta, "from_the_future")
    document = SidecarDocument.from_dict({"version": 1, "entries": {}, "future": True})
    assert document.entries == {}


def test_maturity_is_stored_as_its_integer_and_other_enums_as_strings():
    for level in MaturityLevel:
        data = EntryMeta(maturity=level).to_dict()
        assert type(data["maturity"]) is int and data["maturity"] == level.value
        assert EntryMeta.from_dict(data).maturity is level
    assert [level.value for level in MaturityLevel] == [0, 1, 2, 3]
    data = EntryMeta(knowledge_type=KnowledgeType.STATE, source_kind=SourceKind.OBSERVED).to_dict()
    assert (data["knowledge_type"], data["source_kind"], data["status"]) == ("state", "observed", "active")
    assert json.loads(json.dumps(data))["maturity"] == 0


# ---------------------------------------------------------------- sidecar document (3)


def test_empty_sidecar_document():
    document = SidecarDocument()
    assert document.to_dict() == {"version": 1, "entries": {}, "contradictions": [], "text_to_id": {}}
    assert SidecarDocument.from_dict({}) == document


def test_sidecar_round_trip_with_three_entries_and_one_edge():
    metas = [EntryMeta(text=f"entry {i}", hit_count=i) for i in range(3)]
    edge = ContradictionEdge(from_id=metas[0].entry_id, to_id=metas[1].entry_id, reason="r", created_at=NOW)
    document = SidecarDocument(
        entries={m.entry_id: m for m in metas},
        contradictions=[edge],
        text_to_id={text_hash(m.text): m.entry_id for m in metas},
    )
    loaded = SidecarDocument.from_dict(json.loads(json.dumps(document.to_dict())))
    assert loaded == document
    assert len(loaded.entries) == 3 and loaded.contradictions == [edge]


def test_text_to_id_maps_the_first_16_hex_chars_of_sha256():
    text = "用户喜欢简洁的回答"
    expected = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    assert text_hash(text) == expected and len(expected) == 16
    document = SidecarDocument(text_to_id={expected: "id-1"})
    assert document.id_for_text(text) == "id-1"
    assert document.id_for_text("another text") is None


# ---------------------------------------------------------------- decay (5)


def test_fact_keeps_its_confidence_after_365_days():
    meta = aged(365, knowledge_type=KnowledgeType.FACT, confidence=0.9)
    assert decayed_confidence(meta, NOW) == 0.9


def test_state_decays_below_initial_after_30_days_but_not_below_its_floor():
    meta = aged(30, knowledge_type=KnowledgeType.STATE, confidence=0.9)
    value = decayed_confidence(meta, NOW)
    assert 0.1 <= value < 0.9
    assert value == pytest.approx(0.9 * 0.98**30)


def test_entry_validated_half_a_day_ago_does_not_decay():
    meta = aged(100, knowledge_type=KnowledgeType.STATE, confidence=0.9)
    meta.last_validated_at = NOW - 0.5 * DAY
    assert decayed_confidence(meta, NOW) == 0.9


def test_observed_behaviour_decays_at_half_speed():
    plain = aged(60, knowledge_type=KnowledgeType.STATE, confidence=0.9)
    observed = aged(60, knowledge_type=KnowledgeType.STATE, confidence=0.9, source_kind=SourceKind.OBSERVED,
                    observed_behavior_count=1)  # fmt: skip
    assert decayed_confidence(observed, NOW) > decayed_confidence(plain, NOW)
    assert decayed_confidence(observed, NOW) == pytest.approx(0.9 * math.sqrt(0.98**60))
    # observed source without any observed behaviour decays at full speed
    unobserved = aged(60, knowledge_type=KnowledgeType.STATE, confidence=0.9, source_kind=SourceKind.OBSERVED)
    assert decayed_confidence(unobserved, NOW) == decayed_confidence(plain, NOW)


def test_principle_state_stays_at_its_maturity_floor_after_200_days():
    meta = aged(200, knowledge_type=KnowledgeType.STATE, confidence=0.9, maturity=MaturityLevel.PRINCIPLE)
    assert 0.9 * 0.98**200 < 0.5
    assert decayed_confidence(meta, NOW) == 0.5


# ---------------------------------------------------------------- promotion (5)


def test_incident_with_three_hits_confidence_06_and_five_days_promotes_to_pattern():
    meta = aged(5, hit_count=3, confidence=0.6)
    assert evaluate_promotion(meta, NOW) is MaturityLevel.PATTERN


def test_promotion_requires_enough_hits():
    meta = aged(5, hit_count=1, confidence=0.6)
    assert evaluate_promotion(meta, NOW) is None


def test_promotion_requires_three_days_of_age():
    meta = aged(2, hit_count=3, confidence=0.6)
    assert evaluate_promotion(meta, NOW) is None
    assert evaluate_promotion(aged(3, hit_count=3, confidence=0.6), NOW) is MaturityLevel.PATTERN


@settings(max_examples=300, deadline=None)
@given(
    days=st.floats(min_value=0, max_value=400),
    hits=st.integers(min_value=0, max_value=40),
    observed=st.integers(min_value=0, max_value=5),
    confidence=st.floats(min_value=0, max_value=1),
    maturity=st.sampled_from(list(MaturityLevel)),
    kind=st.sampled_from(list(KnowledgeType)),
)
def test_evaluate_promotion_is_what_the_full_check_says(days, hits, observed, confidence, maturity, kind):
    """The maintenance scan's shortcut agrees with the check the dashboard explains."""
    meta = aged(days, hit_count=hits, observed_behavior_count=observed, confidence=confidence, maturity=maturity, knowledge_type=kind)
    check = promotion_check(meta, NOW)
    assert evaluate_promotion(meta, NOW) == (check.target if check.eligible else None)


def test_wisdom_never_promotes():
    meta = aged(1000, hit_count=500, confidence=1.0, maturity=MaturityLevel.WISDOM, knowledge_type=KnowledgeType.FACT)
    assert evaluate_promotion(meta, NOW) is None


def test_one_hit_plus_one_observed_behaviour_counts_as_two_hits():
    meta = aged(5, hit_count=1, observed_behavior_count=1, confidence=0.6)
    assert evaluate_promotion(meta, NOW) is MaturityLevel.PATTERN
    assert evaluate_promotion(aged(5, hit_count=1, confidence=0.6), NOW) is None


# ---------------------------------------------------------------- signals (3)


def test_hit_increments_count_revalidates_and_raises_confidence():
    meta = aged(10, confidence=0.7)
    record_hit(meta, NOW)
    assert meta.hit_count == 1
    assert meta.last_validated_at == meta.updated_at == NOW
    assert meta.confidence == pytest.approx(0.71)
    record_hit(meta, NOW)
    assert meta.hit_count == 2 and meta.confidence == pytest.approx(0.73)


def test_noise_context_keeps_only_the_last_50_records():
    meta = EntryMeta()
    for i in range(60):
        record_ignore(meta, NOW + i, reason=f"r{i}")
    assert meta.ignore_count == 60
    assert len(meta.noise_context) == 50
    assert [r["reason"] for r in meta.noise_context] == [f"r{i}" for i in range(10, 60)]
    record_ignore(meta, NOW)
    assert meta.noise_context[-1]["reason"] == "agent_skipped"


def test_observed_behaviour_raises_authority_by_002_capped_at_1():
    meta = aged(10, authority=0.9)
    record_observed_behavior(meta, NOW)
    assert meta.authority == pytest.approx(0.92)
    assert meta.observed_behavior_count == 1 and meta.last_validated_at == NOW
    meta.authority = 0.99
    record_observed_behavior(meta, NOW)
    assert meta.authority == 1.0


# ---------------------------------------------------------------- validation decay (3)


def test_state_with_confidence_015_after_100_days_becomes_decayed():
    meta = aged(100, knowledge_type=KnowledgeType.STATE, confidence=0.15)
    assert apply_validation_decay(meta, NOW) is True
    assert meta.status is BeliefStatus.DECAYED
    assert meta.confidence == 0.15, "decay never modifies the stored confidence"


def test_healthy_entry_stays_active_under_validation_decay():
    meta = aged(100, knowledge_type=KnowledgeType.RULE, confidence=0.9)
    assert apply_validation_decay(meta, NOW) is False
    assert meta.status is BeliefStatus.ACTIVE


@pytest.mark.parametrize(
    "status", [BeliefStatus.CONTRADICTED, BeliefStatus.SUPERSEDED, BeliefStatus.SYNTHESIZED, BeliefStatus.DECAYED]
)
def test_validation_decay_ignores_entries_that_are_not_active(status):
    meta = aged(300, knowledge_type=KnowledgeType.STATE, confidence=0.15, status=status)
    assert apply_validation_decay(meta, NOW) is False
    assert meta.status is status


# ---------------------------------------------------------------- synthesis (4)


def _parents():
    a = EntryMeta(text="prefers concise replies", authority=0.6, importance=0.5, maturity=MaturityLevel.PATTERN,
                  knowledge_type=KnowledgeType.RULE, scope={"lang": "all", "framework": "flask", "project": "a"})  # fmt: skip
    b = EntryMeta(text="asks for detail on technical questions", authority=0.95, importance=0.9,
                  knowledge_type=KnowledgeType.BELIEF, scope={"lang": "all", "framework": "django", "project": "a"})  # fmt: skip
    return a, b


def test_synthesis_marks_parents_synthesized_and_records_parent_ids():
    a, b = _parents()
    child = synthesize([a, b], "concise in general, depth on technical questions", NOW)
    assert a.status is b.status is BeliefStatus.SYNTHESIZED
    assert a.synthesis_id == b.synthesis_id == child.entry_id
    assert child.parent_ids == [a.entry_id, b.entry_id]
    assert a.child_ids == b.child_ids == [child.entry_id]


def test_synthesis_inherits_max_authority_maturity_importance_and_is_derived():
    a, b = _parents()
    child = synthesize([a, b], "synthesis", NOW)
    assert child.authority == 0.95
    assert child.maturity is MaturityLevel.PATTERN
    assert child.importance == 0.9
    assert child.knowledge_type is KnowledgeType.RULE, "knowledge type of the first parent"
    assert child.source_kind is SourceKind.DERIVED and child.status is BeliefStatus.ACTIVE
    assert (child.conviction, child.confidence) == (0.8, 0.8)
    assert child.created_at == NOW


def test_synthesis_merges_scopes_key_by_key():
    a, b = _parents()
    child = synthesize([a, b], "synthesis", NOW)
    assert child.scope == {"lang": "all", "framework": "any", "project": "a"}


def test_synthesis_resolves_the_edge_between_its_parents():
    a, b = _parents()
    edge = ContradictionEdge(from_id=a.entry_id, to_id=b.entry_id)
    other = ContradictionEdge(from_id=a.entry_id, to_id="someone-else")
    child = synthesize([a, b], "synthesis", NOW, edges=[edge, other])
    assert edge.resolved and edge.resolution_id == child.entry_id and edge.resolution == "synthesis"
    assert not other.resolved


# ---------------------------------------------------------------- serialization (3)


def test_entry_serialization_round_trip_through_json():
    meta = aged(3, text="住在上海", hit_count=2, noise_context=[{"reason": "wrong_context", "at": 5.0}])
    assert EntryMeta.from_dict(json.loads(json.dumps(meta.to_dict(), ensure_ascii=False))) == meta


def test_sidecar_serialization_round_trip_through_its_file_bytes():
    metas = [EntryMeta(text=t) for t in ("a", "b", "c")]
    edge = ContradictionEdge(from_id=metas[0].entry_id, to_id=metas[2].entry_id, confidence=0.55)
    document = SidecarDocument(entries={m.entry_id: m for m in metas}, contradictions=[edge],
                               text_to_id={text_hash(m.text): m.entry_id for m in metas})  # fmt: skip
    data = dumps_sidecar(document.to_dict())
    assert SidecarDocument.from_dict(json.loads(data)) == document
    assert dumps_sidecar(SidecarDocument.from_dict(json.loads(data)).to_dict()) == data


def test_edge_serialization_round_trip():
    edge = ContradictionEdge(from_id="a", to_id="b", reason="value: vim↔emacs", created_at=NOW)
    assert (edge.confidence, edge.author, edge.resolved, edge.resolution_id) == (0.8, "agent", False, None)
    assert uuid.UUID(edge.edge_id).version == 4
    assert ContradictionEdge.from_dict(json.loads(json.dumps(edge.to_dict()))) == edge
    assert ContradictionEdge.from_dict({**edge.to_dict(), "unknown": 1}) == edge


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        ({"created_at": NOW * 1000}, {"created_at": NOW}),
        ({"created_at": -5.0}, {"created_at": 0.0}),
        ({"resolved_at": float("inf")}, {"resolved_at": None}),
        ({"confidence": float("nan")}, {"confidence": 0.8}),
    ],
)
def test_edge_values_are_checked_after_a_well_formed_record_of_the_same_shape(damage, expected):
    """Records of a known shape skip the type checks, never the value checks."""
    good = ContradictionEdge(from_id="a", to_id="b", created_at=NOW, resolved_at=NOW).to_dict()
    assert ContradictionEdge.from_dict(dict(good), owned=True).__dict__ == good
    loaded = ContradictionEdge.from_dict({**good, **damage}, owned=True)
    assert {name: getattr(loaded, name) for name in expected} == expected


def test_an_owned_edge_record_is_not_copied_and_an_unowned_one_is():
    record = ContradictionEdge(from_id="a", to_id="b", created_at=NOW, reason_data={"slot": "city"}).to_dict()
    ContradictionEdge.from_dict(dict(record))  # teaches the shape
    copied = ContradictionEdge.from_dict(record)
    copied.reason_data["slot"] = "changed"
    assert record["reason_data"] == {"slot": "city"}
    assert ContradictionEdge.from_dict(record, owned=True).__dict__ is record


# ---------------------------------------------------------------- store (5)


def test_store_add_creates_metadata(store):
    result = store.add("memory", "Project uses pytest for tests")
    meta = store.get_entry_meta("memory", "Project uses pytest for tests")
    assert meta is not None and meta.entry_id == result.entry_id
    assert meta.created_at == NOW and meta.status is BeliefStatus.ACTIVE
    assert store.paths("memory").sidecar.exists()


def test_store_metadata_survives_a_reload(store, new_store):
    result = store.add("user", "User lives in Berlin", source_kind="observed", knowledge_type="state")
    store.record_hit("user", result.entry_id)
    reloaded = new_store()
    meta = reloaded.get_entry_meta("user", "User lives in Berlin")
    assert meta == store.get_entry_meta("user", "User lives in Berlin")
    assert meta.hit_count == 1 and meta.knowledge_type is KnowledgeType.STATE


def test_fresh_store_has_no_contradictions(store):
    assert store.get_contradictions("memory") == []
    assert store.get_contradictions("user") == []


def test_maintenance_marks_old_low_confidence_state_as_decayed(store, home):
    entry_id = store.add("memory", "The build server is down", knowledge_type="state").entry_id
    edit_meta(home, entry_id, confidence=0.15, updated_at=NOW - 200 * DAY, last_validated_at=NOW - 200 * DAY)
    report = store.run_maintenance("memory")
    assert len(report["decayed"]) >= 1 and entry_id in report["decayed"]
    assert store.get_entry("memory", entry_id).meta.status is BeliefStatus.DECAYED


@pytest.mark.parametrize("source", list(SourceKind))
def test_add_with_a_source_kind_sets_its_authority(store, source):
    store.add("memory", f"Noted from {source.value}", source_kind=source)
    meta = store.get_entry_meta("memory", f"Noted from {source.value}")
    assert meta.source_kind is source
    assert meta.authority == model.SOURCE_AUTHORITY[source]


# ---------------------------------------------------------------- the numbers of §4–5


def test_source_authority_table():
    assert {k.value: v for k, v in model.SOURCE_AUTHORITY.items()} == {
        "observed": 0.95, "user_correction": 0.95, "user_explicit": 0.90,
        "background_review": 0.60, "agent_inferred": 0.50, "derived": 0.40,
    }  # fmt: skip
    for source, authority in model.SOURCE_AUTHORITY.items():
        assert EntryMeta.new(NOW, source_kind=source).authority == authority


def test_decay_table_rates_and_floors():
    assert {k.value: v for k, v in model.DECAY.items()} == {
        "fact": (0.0, 0.5), "state": (0.02, 0.1), "rule": (0.002, 0.3), "belief": (0.005, 0.1), "memory": (0.001, 0.2),
    }  # fmt: skip


@pytest.mark.parametrize(
    "kind, rate, floor",
    [(KnowledgeType.STATE, 0.02, 0.1), (KnowledgeType.RULE, 0.002, 0.3), (KnowledgeType.BELIEF, 0.005, 0.1),
     (KnowledgeType.MEMORY, 0.001, 0.2)],
)  # fmt: skip
def test_decayed_confidence_follows_rate_and_type_floor(kind, rate, floor):
    for days in (2, 50, 5000):
        # an INCIDENT's maturity floor is 0.3
        meta = aged(days, knowledge_type=kind, confidence=0.9)
        expected = max(floor, 0.3, 0.9 * (1 - rate) ** days)
        assert decayed_confidence(meta, NOW) == pytest.approx(expected)
        assert raw_decayed_confidence(meta, NOW) == pytest.approx(0.9 * (1 - rate) ** days)


def test_raw_decay_has_no_grace_day_and_no_floor():
    meta = aged(0.5, knowledge_type=KnowledgeType.STATE, confidence=0.9)
    assert raw_decayed_confidence(meta, NOW) == pytest.approx(0.9 * 0.98**0.5)
    assert decayed_confidence(meta, NOW) == 0.9
    old = aged(1000, knowledge_type=KnowledgeType.STATE, confidence=0.9, maturity=MaturityLevel.WISDOM)
    assert raw_decayed_confidence(old, NOW) < 0.01


def test_maturity_floors():
    assert {k.name: v for k, v in model.MATURITY_FLOOR.items()} == {
        "INCIDENT": 0.3, "PATTERN": 0.4, "PRINCIPLE": 0.5, "WISDOM": 0.7,
    }  # fmt: skip
    for level, floor in model.MATURITY_FLOOR.items():
        meta = aged(10_000, knowledge_type=KnowledgeType.STATE, confidence=0.9, maturity=level)
        assert decayed_confidence(meta, NOW) == floor


@pytest.mark.parametrize(
    "level, hits, days, confidence, target",
    [(MaturityLevel.INCIDENT, 2, 3, 0.5, MaturityLevel.PATTERN),
     (MaturityLevel.PATTERN, 5, 7, 0.6, MaturityLevel.PRINCIPLE),
     (MaturityLevel.PRINCIPLE, 10, 14, 0.7, MaturityLevel.WISDOM)],
)  # fmt: skip
def test_promotion_thresholds_are_exact(level, hits, days, confidence, target):
    def meta(h=hits, d=days, c=confidence):
        return aged(d, maturity=level, hit_count=h, confidence=c, knowledge_type=KnowledgeType.FACT)

    assert evaluate_promotion(meta(), NOW) is target
    assert evaluate_promotion(meta(h=hits - 1), NOW) is None
    assert evaluate_promotion(meta(d=days - 0.01), NOW) is None
    assert evaluate_promotion(meta(c=confidence - 0.001), NOW) is None


def test_promotion_uses_decayed_confidence():
    meta = aged(40, hit_count=3, confidence=0.55, knowledge_type=KnowledgeType.BELIEF)
    assert decayed_confidence(meta, NOW) < 0.5
    assert evaluate_promotion(meta, NOW) is None


@pytest.mark.parametrize(
    "target, authority, conviction, confidence",
    [(MaturityLevel.PATTERN, 0.7, 0.1, 0.1), (MaturityLevel.PRINCIPLE, 0.8, 0.7, 0.1),
     (MaturityLevel.WISDOM, 0.9, 0.7, 0.8)],
)  # fmt: skip
def test_promotion_side_effects(target, authority, conviction, confidence):
    meta = aged(30, authority=0.1, conviction=0.1, confidence=0.1)
    apply_promotion(meta, target, NOW)
    assert meta.maturity is target
    assert meta.authority == authority and meta.conviction == conviction and meta.confidence == confidence
    assert meta.updated_at == NOW
    high = aged(30, authority=0.99, conviction=0.95, confidence=0.97)
    apply_promotion(high, target, NOW)
    assert (high.authority, high.conviction, high.confidence) == (0.99, 0.95, 0.97), "floors never lower a value"


def test_hit_confidence_increment_is_capped_at_015_and_confidence_at_1():
    meta = EntryMeta(hit_count=19, confidence=0.5)
    record_hit(meta, NOW)
    assert meta.confidence == pytest.approx(0.65)
    meta = EntryMeta(hit_count=40, confidence=0.5)
    record_hit(meta, NOW)
    assert meta.confidence == pytest.approx(0.65)
    meta = EntryMeta(hit_count=10, confidence=0.95)
    record_hit(meta, NOW)
    assert meta.confidence == 1.0


# ranking: FACT entries keep confidence 0.7, so the multiplier is 0.6 + 0.4 × 0.7 = 0.88
MULT = 0.6 + 0.4 * 0.7


def fact(**values) -> EntryMeta:
    return aged(0, knowledge_type=KnowledgeType.FACT, **values)


def test_ranking_score_of_a_plain_entry_is_similarity_times_confidence_factor():
    assert ranking_score(fact(), 0.8, NOW) == pytest.approx(0.8 * MULT)


@pytest.mark.parametrize("hits, boost", [(0, 0.0), (4, 0.06), (16, 0.12), (100, 0.12)])
def test_ranking_hit_boost_is_sqrt_hits_times_003_capped_at_012(hits, boost):
    assert ranking_score(fact(hit_count=hits), 0.5, NOW) == pytest.approx((0.5 + boost) * MULT)


@pytest.mark.parametrize("source", [SourceKind.BACKGROUND_REVIEW, SourceKind.DERIVED])
def test_ranking_gives_no_hit_boost_to_review_and_derived_sources(source):
    assert ranking_score(fact(hit_count=16, source_kind=source), 0.5, NOW) == pytest.approx(0.5 * MULT)


@pytest.mark.parametrize("days, penalty", [(10, 0.0), (30, 0.0), (30 + 335 / 2, 0.075), (365, 0.15), (900, 0.15)])
def test_ranking_recency_penalty(days, penalty):
    meta = fact()
    meta.last_validated_at = NOW - days * DAY
    assert ranking_score(meta, 0.5, NOW) == pytest.approx((0.5 - penalty) * MULT)


@pytest.mark.parametrize("ignores, penalty", [(1, 0.05), (3, 0.15), (6, 0.30), (20, 0.30)])
def test_ranking_ignore_penalty_is_005_each_capped_at_030(ignores, penalty):
    assert ranking_score(fact(ignore_count=ignores), 0.9, NOW) == pytest.approx((0.9 - penalty) * MULT)


@pytest.mark.parametrize(
    "reasons, penalty",
    [(["stale_rule"], 0.06), (["wrong_context"], 0.04), (["stale_rule", "wrong_context"], 0.10),
     (["agent_skipped"], 0.0), (["stale_rule"] * 5, 0.18), (["wrong_context"] * 10, 0.18)],
)  # fmt: skip
def test_ranking_noise_penalty_capped_at_018(reasons, penalty):
    meta = fact(noise_context=[{"reason": r, "at": NOW} for r in reasons])
    assert ranking_score(meta, 0.9, NOW) == pytest.approx((0.9 - penalty) * MULT)


def test_ranking_superseded_penalty_is_05():
    assert ranking_score(fact(status=BeliefStatus.SUPERSEDED), 0.9, NOW) == pytest.approx(0.4 * MULT)


def test_ranking_multiplier_uses_decayed_confidence():
    meta = aged(60, knowledge_type=KnowledgeType.STATE, confidence=0.9)
    effective = decayed_confidence(meta, NOW)
    assert ranking_score(meta, 0.5, NOW) == pytest.approx((0.5 - 0.15 * 30 / 335) * (0.6 + 0.4 * effective))


def test_ignore_ratio_and_contradiction_demotion_numbers():
    assert (model.IGNORE_RATIO_LIMIT, model.IGNORE_MIN_SURFACES, model.DEMOTION_CONTRADICTIONS) == (0.5, 5, 2)
    assert model.is_ignored_too_often(EntryMeta(surface_count=5, ignore_count=3))
    assert model.is_ignored_too_often(EntryMeta(surface_count=6, ignore_count=3))
    assert not model.is_ignored_too_often(EntryMeta(surface_count=4, ignore_count=4))
    assert not model.is_ignored_too_often(EntryMeta(surface_count=7, ignore_count=3))
    assert model.REVERIFY_THRESHOLD == 0.2 and model.NOISE_CONTEXT_LIMIT == 50


def test_demotion_lowers_one_level_and_never_below_incident():
    meta = EntryMeta(maturity=MaturityLevel.PRINCIPLE)
    assert model.demote(meta, NOW) and meta.maturity is MaturityLevel.PATTERN and meta.updated_at == NOW
    bottom = EntryMeta()
    assert not model.demote(bottom, NOW) and bottom.maturity is MaturityLevel.INCIDENT


@settings(deadline=None)
@given(st.sampled_from(list(model.BeliefStatus)), st.sampled_from(list(model.MaturityLevel)),
       st.sampled_from(list(model.KnowledgeType)), st.sampled_from(list(model.SourceKind)),
       st.floats(0, 1), st.text(max_size=20))
def test_a_history_summary_holds_the_fields_as_to_dict_writes_them(status, maturity, kind, source, confidence, text):
    from dialectical_memory.store.state import HISTORY_FIELDS, summary

    meta = model.EntryMeta.new(1.0, source_kind=source, text=text, knowledge_type=kind, maturity=maturity)
    meta.status, meta.confidence = status, confidence
    full = meta.to_dict()
    assert summary(meta) == {key: full[key] for key in HISTORY_FIELDS}
    assert json.dumps(summary(meta)) == json.dumps({key: full[key] for key in HISTORY_FIELDS})
