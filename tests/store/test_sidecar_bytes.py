"""A sidecar is written in its stored form (``SidecarDocument.to_json``: each entry's id and the
fields away from their defaults): read back, it must be exactly the full document (``to_dict``) in
every state an entry can be in."""

import enum
from dataclasses import fields

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from dialectical_memory import MemoryStore
from dialectical_memory.core.beliefs import BeliefStatus, EntryMeta, KnowledgeType, MaturityLevel, SidecarDocument, SourceKind
from dialectical_memory.features.demo import seed_demo
from dialectical_memory.storage.files import StoredRecords, dumps_sidecar, read_sidecar


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
    assert dumps_sidecar(doc.to_json(StoredRecords().fragment)) == dumps_sidecar(doc.to_json())  # as a small home writes it
    defaults = EntryMeta(entry_id=meta.entry_id).to_dict()
    assert {k for k, v in doc.to_dict()["entries"][meta.entry_id].items() if k == "entry_id" or v != defaults[k]} <= set(record)
    assert not [k for k, v in record.items() if k != "entry_id" and v == defaults[k] and type(v) is type(defaults[k])]
    for owned in (False, True):  # the first record of a shape, then the fast path of a shape seen
        for _ in range(2):
            loaded = EntryMeta.from_dict(dict(record), owned=owned)
            assert loaded.to_dict() == doc.to_dict()["entries"][meta.entry_id]


def _change_in_place(meta: EntryMeta, name: str, annotation: str) -> None:
    """Give field ``name`` another value as code might: an assignment, or a list or dict changed in
    place. A field of a type not named here fails the test (say how to change it)."""
    value = getattr(meta, name)
    if isinstance(value, list):
        value.append({"reason": "changed", "at": 1.0} if name == "noise_context" else "changed")
    elif isinstance(value, dict):
        value["changed"] = "yes"
    elif isinstance(value, bool):
        setattr(meta, name, not value)
    elif isinstance(value, enum.Enum):
        setattr(meta, name, next(member for member in type(value) if member is not value))
    elif isinstance(value, (int, float)):
        setattr(meta, name, value + 1 if isinstance(value, int) else value / 2)
    elif value is None:
        setattr(meta, name, 3 if annotation.startswith("int") else "changed")
    else:
        raise AssertionError(f"say how to change {name} ({annotation}) in _change_in_place")


def test_every_field_changed_after_a_write_is_in_the_next_sidecar(tmp_path):
    """A small home rewrites its sidecar on every change from records kept serialised
    (``StoredRecords``): a field changed by any means — even in place, and without telling the
    change — must be in the next sidecar written, or metadata would be lost silently."""
    store = MemoryStore(tmp_path)
    kept = store.add("memory", "User drinks green tea every morning").entry_id
    store.add("memory", "User lives in Berlin")
    meta = store._states["memory"].entries[kept]
    written = [f for f in fields(EntryMeta) if f.name not in ("entry_id", "text")]  # the id and the .md's text: not free to change
    for number, f in enumerate(written):
        _change_in_place(meta, f.name, f.type)
        store.add("memory", f"User visited museum number {number} of the tour")  # another entry: the whole sidecar is written
        record = read_sidecar(store._states["memory"].paths.sidecar)["entries"][kept]
        on_disk = EntryMeta.from_dict({**record, "entry_id": kept})
        assert getattr(on_disk, f.name) == getattr(meta, f.name), f.name


def test_records_kept_serialised_are_the_bytes_of_a_full_serialisation(tmp_path):
    store = MemoryStore(tmp_path)
    for text in ("User drinks green tea every morning", "用户每天早上喝绿茶", "User never drinks tea"):
        store.add("memory", text)
    state = store._states["memory"]
    records = StoredRecords()
    for _ in range(2):  # made, then reused
        document = state.sidecar_document()
        assert dumps_sidecar(document.to_json(records.fragment)) == dumps_sidecar(document.to_json())
