"""A sidecar is written from the entries' own attribute dicts (``SidecarDocument.to_json``): the
bytes must be exactly those of the copied document (``to_dict``) in every state an entry can be in."""

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
        assert dumps_sidecar(doc.to_json()) == dumps_sidecar(doc.to_dict())


def test_a_written_sidecar_reads_back_as_the_copied_document(tmp_path):
    store = MemoryStore(tmp_path)
    store.add("memory", "User drinks green tea every morning")
    store.add("memory", "用户每天早上喝绿茶")
    store.add("memory", "User never drinks tea")
    state = store._states["memory"]
    written = read_sidecar(state.paths.sidecar)
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
    assert dumps_sidecar(doc.to_json()) == dumps_sidecar(doc.to_dict())
    loaded = EntryMeta.from_dict({**doc.to_dict()["entries"][meta.entry_id]})
    again = SidecarDocument(entries={loaded.entry_id: loaded})
    assert dumps_sidecar(again.to_json()) == dumps_sidecar(again.to_dict())
