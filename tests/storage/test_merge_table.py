"""The merge drivers' rules, one table row per case (issue 13): pure functions, no git, no disk."""

from __future__ import annotations

import orjson
import pytest

from dialectical_memory.storage import hermes_format
from dialectical_memory.storage.merge import (
    CONFLICT_REASON,
    copy_id,
    merge_jsonl,
    merge_md,
    merge_sidecars,
    plan_texts,
)
from dialectical_memory.core.beliefs import BeliefStatus, ContradictionEdge, EntryMeta, MaturityLevel, SidecarDocument, text_hash
from dialectical_memory.storage.files import dumps_sidecar

# ---------------------------------------------------------------- which texts survive

X = "x-id"
TEXT_CASES = [
    # (case, base, ours, theirs, expected texts by id, expected copies, expected re-verify)
    ("untouched", {X: "a"}, {X: "a"}, {X: "a"}, {X: "a"}, {}, set()),
    ("changed on our side only", {X: "a"}, {X: "a1"}, {X: "a"}, {X: "a1"}, {}, set()),
    ("changed on their side only", {X: "a"}, {X: "a"}, {X: "a2"}, {X: "a2"}, {}, set()),
    ("same change on both sides", {X: "a"}, {X: "a1"}, {X: "a1"}, {X: "a1"}, {}, set()),
    ("changed on both: both kept", {X: "a"}, {X: "a1"}, {X: "a2"}, {X: "a1", copy_id(X, "a2"): "a2"}, {copy_id(X, "a2"): X}, set()),
    ("added on our side", {}, {X: "a"}, {}, {X: "a"}, {}, set()),
    ("added on their side", {}, {}, {X: "a"}, {X: "a"}, {}, set()),
    ("removed on our side, untouched there", {X: "a"}, {}, {X: "a"}, {}, {}, set()),
    ("removed on their side, untouched here", {X: "a"}, {X: "a"}, {}, {}, {}, set()),
    ("removed on both sides", {X: "a"}, {}, {}, {}, {}, set()),
    ("removed here, edited there: edit kept", {X: "a"}, {}, {X: "a2"}, {X: "a2"}, {}, {X}),
    ("edited here, removed there: edit kept", {X: "a"}, {X: "a1"}, {}, {X: "a1"}, {}, {X}),
    ("same text added under two ids: one entry", {}, {"p": "t"}, {"q": "t"}, {"p": "t"}, {}, set()),
    ("their edit equals our new entry: one entry, still a conflict", {X: "a"}, {X: "a1", "n": "a2"}, {X: "a2"}, {X: "a1", "n": "a2"}, {"n": X}, set()),
    ("a conflict merged again is not copied twice", {X: "a"}, {X: "a1", copy_id(X, "a2"): "a2"}, {X: "a2"}, {X: "a1", copy_id(X, "a2"): "a2"}, {copy_id(X, "a2"): X}, set()),
]


@pytest.mark.parametrize("case,base,ours,theirs,texts,copies,reverify", TEXT_CASES, ids=[c[0] for c in TEXT_CASES])
def test_plan_texts_decides_each_entry_against_the_common_ancestor(case, base, ours, theirs, texts, copies, reverify):
    plan = plan_texts(base, ours, theirs, created={"p": 1.0, "q": 2.0, "n": 1.0})
    assert plan.texts == texts
    assert plan.copies == copies
    assert plan.reverify == reverify


def test_copy_ids_are_derived_so_two_devices_make_the_same_copy():
    assert copy_id(X, "a2") == copy_id(X, "a2") != copy_id(X, "a3")


# ---------------------------------------------------------------- sidecar metadata


def meta(entry_id, text, **values) -> EntryMeta:
    base = {"created_at": 100.0, "updated_at": 100.0, "last_validated_at": 100.0}
    return EntryMeta(entry_id=entry_id, text=text, **{**base, **values})


def sidecar(*metas: EntryMeta, edges=()) -> bytes:
    doc = SidecarDocument(entries={m.entry_id: m for m in metas}, contradictions=list(edges))
    doc.text_to_id = {text_hash(m.text): m.entry_id for m in metas}
    return dumps_sidecar(doc.to_dict())


def merged_doc(base, ours, theirs) -> SidecarDocument:
    return SidecarDocument.from_dict(merge_sidecars(base, ours, theirs).document)


META_CASES = [
    # (case, base fields, our fields, their fields, expected fields)
    ("hits on both sides add their deltas", {"hit_count": 2}, {"hit_count": 5}, {"hit_count": 3}, {"hit_count": 6}),
    ("every counter adds deltas", {"surface_count": 1, "ignore_count": 1, "observed_behavior_count": 0},
     {"surface_count": 3, "ignore_count": 1, "observed_behavior_count": 2}, {"surface_count": 2, "ignore_count": 4, "observed_behavior_count": 1},
     {"surface_count": 4, "ignore_count": 4, "observed_behavior_count": 3}),
    ("timestamps take the max", {}, {"updated_at": 300.0, "last_validated_at": 150.0}, {"updated_at": 200.0, "last_validated_at": 400.0},
     {"updated_at": 300.0, "last_validated_at": 400.0, "created_at": 100.0}),
    ("maturity changed on one side is taken", {}, {}, {"maturity": MaturityLevel.PATTERN}, {"maturity": MaturityLevel.PATTERN}),
    ("a demotion on one side is taken", {"maturity": MaturityLevel.PATTERN}, {"maturity": MaturityLevel.INCIDENT}, {"maturity": MaturityLevel.PATTERN}, {"maturity": MaturityLevel.INCIDENT}),
    ("maturity changed on both: the higher", {}, {"maturity": MaturityLevel.PATTERN}, {"maturity": MaturityLevel.PRINCIPLE}, {"maturity": MaturityLevel.PRINCIPLE}),
    ("status changed on one side is taken", {}, {"status": BeliefStatus.DECAYED}, {}, {"status": BeliefStatus.DECAYED}),
    ("status changed on both: precedence", {"status": BeliefStatus.DECAYED}, {"status": BeliefStatus.ACTIVE}, {"status": BeliefStatus.SYNTHESIZED}, {"status": BeliefStatus.ACTIVE}),
    ("a plain field changed on both: the later toucher", {}, {"confidence": 0.9, "updated_at": 200.0}, {"confidence": 0.4, "updated_at": 300.0}, {"confidence": 0.4}),
    ("principle text written on one side is taken", {}, {"principle_text": "short"}, {}, {"principle_text": "short"}),
    ("noise records are united", {}, {"noise_context": [{"reason": "stale_rule", "at": 1.0}]}, {"noise_context": [{"reason": "wrong_context", "at": 2.0}]},
     {"noise_context": [{"reason": "stale_rule", "at": 1.0}, {"reason": "wrong_context", "at": 2.0}]}),
]  # fmt: skip


@pytest.mark.parametrize("case,base,ours,theirs,expected", META_CASES, ids=[c[0] for c in META_CASES])
def test_same_text_different_metadata_merges_field_by_field(case, base, ours, theirs, expected):
    doc = merged_doc(sidecar(meta(X, "a", **base)), sidecar(meta(X, "a", **ours)), sidecar(meta(X, "a", **theirs)))
    merged = doc.entries[X]
    for name, value in expected.items():
        assert getattr(merged, name) == value, name


def test_changed_on_two_devices_becomes_a_child_entry_and_an_unresolved_contradiction():
    doc = merged_doc(sidecar(meta(X, "lives in Berlin")), sidecar(meta(X, "lives in Munich")), sidecar(meta(X, "lives in Hamburg", hit_count=2)))
    copy = copy_id(X, "lives in Hamburg")
    assert doc.entries[X].text == "lives in Munich"
    assert doc.entries[copy].text == "lives in Hamburg"
    assert doc.entries[copy].parent_ids == [X] and copy in doc.entries[X].child_ids
    (edge,) = doc.contradictions
    assert (edge.from_id, edge.to_id, edge.reason, edge.resolved) == (X, copy, CONFLICT_REASON, False)
    assert doc.entries[X].status is doc.entries[copy].status is BeliefStatus.CONTRADICTED
    assert {doc.text_to_id[text_hash(t)] for t in ("lives in Munich", "lives in Hamburg")} == {X, copy}


def test_removed_on_one_device_edited_on_the_other_is_kept_for_reverification():
    doc = merged_doc(sidecar(meta(X, "a"), meta("y", "b")), sidecar(meta("y", "b")), sidecar(meta(X, "a edited"), meta("y", "b")))
    assert doc.entries[X].text == "a edited"
    assert doc.entries[X].status is BeliefStatus.DECAYED  # the re-verification queue shows it first


def test_an_edge_archived_away_reopens_when_the_edit_comes_back():
    edge = ContradictionEdge(X, "y", edge_id="e1")
    closed = ContradictionEdge(X, "y", edge_id="e1", resolved=True, resolution="archived")
    base = sidecar(meta(X, "a", status=BeliefStatus.CONTRADICTED), meta("y", "b", status=BeliefStatus.CONTRADICTED), edges=[edge])
    ours = sidecar(meta("y", "b"), edges=[closed])
    theirs = sidecar(meta(X, "a edited", status=BeliefStatus.CONTRADICTED), meta("y", "b", status=BeliefStatus.CONTRADICTED), edges=[edge])
    doc = merged_doc(base, ours, theirs)
    assert not doc.contradictions[0].resolved
    assert doc.entries["y"].status is BeliefStatus.CONTRADICTED


EDGE_CASES = [
    ("union by id", [ContradictionEdge(X, "y", edge_id="e1")], [ContradictionEdge(X, "z", edge_id="e2")], {"e1": False, "e2": False}),
    ("resolved on our side stays resolved", [ContradictionEdge(X, "y", edge_id="e1", resolved=True, resolution="dismissed")], [ContradictionEdge(X, "y", edge_id="e1")], {"e1": True}),
    ("resolved on their side stays resolved", [ContradictionEdge(X, "y", edge_id="e1")], [ContradictionEdge(X, "y", edge_id="e1", resolved=True, resolution="synthesis")], {"e1": True}),
]


@pytest.mark.parametrize("case,ours,theirs,expected", EDGE_CASES, ids=[c[0] for c in EDGE_CASES])
def test_edges_union_by_id_and_resolved_wins(case, ours, theirs, expected):
    entries = [meta(X, "a"), meta("y", "b"), meta("z", "c")]
    doc = merged_doc(sidecar(*entries), sidecar(*entries, edges=ours), sidecar(*entries, edges=theirs))
    assert {e.edge_id: e.resolved for e in doc.contradictions} == expected
    for entry_id in ("y", "z"):
        unresolved = any(not e.resolved and e.touches(entry_id) for e in doc.contradictions)
        assert (doc.entries[entry_id].status is BeliefStatus.CONTRADICTED) == unresolved


def test_same_text_under_two_ids_folds_into_the_older_and_edges_follow():
    older, newer = meta("p", "t", created_at=50.0, hit_count=2), meta("q", "t", created_at=90.0, hit_count=3)
    other = meta("r", "u")
    doc = merged_doc(sidecar(other), sidecar(older, other), sidecar(newer, other, edges=[ContradictionEdge("q", "r", edge_id="e")]))
    assert set(doc.entries) == {"p", "r"}
    assert doc.entries["p"].hit_count == 5
    assert (doc.contradictions[0].from_id, doc.contradictions[0].to_id) == ("p", "r")


def test_the_sidecar_keeps_unknown_keys_and_rebuilds_text_to_id():
    ours = orjson.loads(sidecar(meta(X, "a")))
    ours["future_key"] = 7
    ours["text_to_id"] = {"bogus": "nothing"}
    document = merge_sidecars(sidecar(meta(X, "a")), orjson.dumps(ours), sidecar(meta(X, "a"), meta("y", "b"))).document
    assert document["future_key"] == 7
    assert document["text_to_id"] == {text_hash("a"): X, text_hash("b"): "y"}


# ---------------------------------------------------------------- the .md file


def md(*texts) -> bytes:
    return hermes_format.dumps(list(texts)).encode("utf-8")


MD_CASES = [
    ("ours, then their new entries", md("a"), md("a", "ours new"), md("a", "theirs new"), md("a", "ours new", "theirs new")),
    ("their removal", md("a", "b"), md("a", "b", "c"), md("b"), md("b", "c")),
    ("both edited: both texts, no markers", md("用户住在北京"), md("用户住在上海"), md("用户住在广州"), md("用户住在上海", "用户住在广州")),
    ("removed vs edited: the edit", md("a", "b"), md("b"), md("a2", "b"), md("b", "a2")),
    ("no common ancestor: union", b"", md("x", "shared"), md("shared", "y"), md("x", "shared", "y")),
    ("a bare § inside an entry is not a delimiter", md("a"), md("a", "x § y"), md("a", "z"), md("a", "x § y", "z")),
]


@pytest.mark.parametrize("case,base,ours,theirs,expected", MD_CASES, ids=[c[0] for c in MD_CASES])
def test_md_merge_without_sidecars_merges_the_set_of_texts(case, base, ours, theirs, expected):
    merged = merge_md(base, ours, theirs)
    assert merged == expected
    assert b"<<<<<<<" not in merged and b">>>>>>>" not in merged


def test_md_merge_with_sidecars_keeps_an_edit_in_place_and_agrees_with_the_sidecar_merge():
    base_doc = sidecar(meta("1", "a"), meta("2", "b"), meta("3", "c"))
    ours_doc = sidecar(meta("1", "a"), meta("2", "b"), meta("3", "c"), meta("4", "d"))
    theirs_doc = sidecar(meta("1", "a edited"), meta("2", "b"), meta("3", "c"))
    docs = tuple(SidecarDocument.from_dict(orjson.loads(d)) for d in (base_doc, ours_doc, theirs_doc))
    merged = merge_md(md("a", "b", "c"), md("a", "b", "c", "d"), md("a edited", "b", "c"), docs)
    assert merged == md("a edited", "b", "c", "d")
    meta_texts = {m.text for m in merged_doc(base_doc, ours_doc, theirs_doc).entries.values()}
    assert meta_texts == set(hermes_format.loads(merged.decode()))


def test_md_merge_refuses_invalid_utf8_instead_of_guessing():
    with pytest.raises(ValueError, match="UTF-8"):
        merge_md(md("a"), b"a\n\xa7\nb\xff", md("a"))


# ---------------------------------------------------------------- history and archive

JSONL_CASES = [
    ("union ordered by time", b'{"at":1,"n":1}\n', b'{"at":1,"n":1}\n{"at":3,"n":3}\n', b'{"at":1,"n":1}\n{"at":2,"n":2}\n',
     b'{"at":1,"n":1}\n{"at":2,"n":2}\n{"at":3,"n":3}\n'),
    ("a record on both sides once", b"", b'{"at":1,"n":1}\n', b'{"at":1,"n":1}\n', b'{"at":1,"n":1}\n'),
    ("same time: ours first", b"", b'{"at":5,"n":"ours"}\n', b'{"at":5,"n":"theirs"}\n', b'{"at":5,"n":"ours"}\n{"at":5,"n":"theirs"}\n'),
    ("a torn line is kept, not dropped", b"", b'{"at":1}\n{"at":2,"tr\n', b'{"at":3}\n', b'{"at":1}\n{"at":2,"tr\n{"at":3}\n'),
    ("no trailing newline on a side", b"", b'{"at":1}', b'{"at":2}', b'{"at":1}\n{"at":2}\n'),
]  # fmt: skip


@pytest.mark.parametrize("case,base,ours,theirs,expected", JSONL_CASES, ids=[c[0] for c in JSONL_CASES])
def test_history_and_archive_merge_as_a_union_of_records(case, base, ours, theirs, expected):
    assert merge_jsonl(base, ours, theirs) == expected
