"""A sidecar is written in its stored form (``SidecarDocument.to_json``: each entry's id and the
fields away from their defaults): read back, it must be exactly the full document (``to_dict``) in
every state an entry can be in."""

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from dialectical_memory import MemoryStore
from dialectical_memory.core.beliefs import BeliefStatus, EntryMeta, KnowledgeType, MaturityLevel, SidecarDocument, SourceKind
from dialectical_memory.features.demo import seed_demo
from dialectical_memory.storage.files import dumps_sidecar, read_sidecar


def test_the_demo_home_sidecars_are_the_same_bytes(tmp_path):
    home = seed_demo(tmp_path / "demo")
    store = MemoryStore(home)
    store.load_from_disk()
    for target in ("memory", "user"):
        doc = store._states[target].sidecar_document()
        assert doc.entries
        stored = orjson.loads(dumps_sidecar(doc.to_json()))
        assert SidecarDocument.from_dict(stored, owned=True).to_dict() == doc.to_dict()
        assert len(dumps_sidecar(doc.to_json())) < 0.6 * len(dumps_sidecar(doc.to_dict()))


def test_a_written_sidecar_reads_back_as_the_copied_document(tmp_path):
    store = MemoryStore(tmp_path)
    store.add("memory", "User drinks green tea every morning")
    store.add("memory", "用户每天早上喝绿茶")
    store.add("memory", "User never drinks tea")
    state = store._states["memory"]
    written = SidecarDocument.from_dict(read_sidecar(state.paths.sidecar)).to_dict()
    expected = state.sidecar_document().to_dict()
    assert written["entries"] == expected["entries"] and written["contradictions"] == expected["contradictions"]


_TEXT = st.text(max_size=20)
_NUMBER = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.integers(-(2**53), 2**53))


@settings(max_examples=200, deadline=None)
@given(
    maturity=st.sampled_from(MaturityLevel), kind=st.sampled_from(KnowledgeType), source=st.sampled_from(SourceKind),
    status=st.sampled_from(BeliefStatus), score=_NUMBER, count=st.integers(0, 2**53), ids=st.lists(_TEXT, max_size=3),
    scope=st.dictionaries(_TEXT, _TEXT, max_size=3), noise=st.lists(st.dictionaries(_TEXT, _NUMBER, max_size=2), max_size=2),
    optional=st.one_of(st.none(), _TEXT), pending=st.one_of(st.none(), st.integers(0, 5)), flag=st.booleans(), text=_TEXT,
)  # fmt: skip
def test_any_entry_serialises_to_the_same_bytes(maturity, kind, source, status, score, count, ids, scope, noise, optional, pending, flag, text):
    meta = EntryMeta(
        maturity=maturity, knowledge_type=kind, source_kind=source, status=status, authority=score, confidence=score,
        hit_count=count, contradiction_ids=ids, parent_ids=list(ids), scope=scope, noise_context=noise, text=text,
        synthesis_id=optional, blocked=optional, pending_promotion=pending, safety_kept=flag, keep_marks=ids,
        provenance=scope,
    )  # fmt: skip
    doc = SidecarDocument(entries={meta.entry_id: meta}, text_to_id={"ab": meta.entry_id})
    record = orjson.loads(dumps_sidecar(doc.to_json()))["entries"][meta.entry_id]
    defaults = EntryMeta(entry_id=meta.entry_id).to_dict()
    assert {k for k, v in doc.to_dict()["entries"][meta.entry_id].items() if k == "entry_id" or v != defaults[k]} <= set(record)
    assert not [k for k, v in record.items() if k != "entry_id" and v == defaults[k] and type(v) is type(defaults[k])]
    for owned in (False, True):  # the first record of a shape, then the fast path of a shape seen
        for _ in range(2):
            loaded = EntryMeta.from_dict(dict(record), owned=owned)
            assert loaded.to_dict() == doc.to_dict()["entries"][meta.entry_id]
