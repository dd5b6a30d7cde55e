"""SPEC §2 sidecars: entries keyed by id with no per-entry text, and ``text_to_id`` (first 16 hex chars
of the SHA-256 of the text → id). The store reads them without losing an id, a maturity, a hit count
or an edge, and what it writes can be read the same way by a reader that only knows SPEC §2."""

from __future__ import annotations

import json

from dialectical_memory.core.beliefs import text_hash

from helpers import T0, md_path

TEXTS = ["User lives in Berlin", "User lives in Paris", "用户喜欢简洁回复"]
IDS = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"]


def _spec_sidecar() -> dict:
    entries = {
        entry_id: {
            "maturity": 2 if i == 2 else 0,
            "knowledge_type": "fact",
            "source_kind": "observed",
            "status": "contradicted" if i < 2 else "active",
            "authority": 0.95,
            "confidence": 0.9,
            "created_at": T0 - 86_400 * 10,
            "updated_at": T0 - 86_400,
            "last_validated_at": T0 - 86_400,
            "hit_count": 7 + i,
            "contradiction_ids": ["e1"] if i < 2 else [],
            "contradiction_count": 1 if i < 2 else 0,
        }
        for i, entry_id in enumerate(IDS)
    }
    edge = {"edge_id": "e1", "from_id": IDS[0], "to_id": IDS[1], "reason": "value: Berlin↔Paris",
            "confidence": 0.8, "author": "agent", "created_at": T0 - 86_400, "resolved": False, "resolution_id": None}  # fmt: skip
    return {"version": 1, "entries": entries, "contradictions": [edge],
            "text_to_id": {text_hash(t): i for t, i in zip(TEXTS, IDS)}}  # fmt: skip


def _spec_reader(home) -> dict[str, dict]:
    """What a SPEC §2 reader finds for each line of the ``.md`` file: text → its metadata."""
    document = json.loads((home / "MEMORY.meta.json").read_text(encoding="utf-8"))
    texts = md_path(home).read_text(encoding="utf-8").split("\n§\n")
    return {t: document["entries"][document["text_to_id"][text_hash(t)]] for t in texts}


def test_a_spec_sidecar_without_texts_keeps_ids_metadata_and_edges(home, new_store):
    home.mkdir()
    md_path(home).write_text("\n§\n".join(TEXTS), encoding="utf-8")
    (home / "MEMORY.meta.json").write_text(json.dumps(_spec_sidecar()), encoding="utf-8")
    store = new_store()
    entries = {e.text: e for e in store.entries("memory")}
    assert {t: entries[t].entry_id for t in TEXTS} == dict(zip(TEXTS, IDS))
    assert entries[TEXTS[2]].meta.maturity == 2 and entries[TEXTS[0]].meta.hit_count == 7
    assert store.archived("memory") == []
    [edge] = store.get_contradictions("memory")
    assert {edge["from_id"], edge["to_id"]} == set(IDS[:2])
    assert not [r for r in store.history("memory") if r["action"] in ("add", "archive")], "nothing was re-created"


def test_what_the_store_writes_a_spec_reader_reads(home, new_store):
    home.mkdir()
    md_path(home).write_text("\n§\n".join(TEXTS), encoding="utf-8")
    (home / "MEMORY.meta.json").write_text(json.dumps(_spec_sidecar()), encoding="utf-8")
    store = new_store()
    store.record_hit("memory", IDS[0])
    added = store.add("memory", "User prefers tea").entry_id
    seen = _spec_reader(home)
    assert seen[TEXTS[0]]["hit_count"] == 8 and seen[TEXTS[0]]["entry_id"] == IDS[0]
    assert seen["User prefers tea"]["entry_id"] == added
    reread = {e.text: e.entry_id for e in new_store().entries("memory")}
    assert reread == {**dict(zip(TEXTS, IDS)), "User prefers tea": added}
