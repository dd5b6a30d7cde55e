"""Realistic bilingual stores of any size, written straight to disk (as a long-lived home would be).

Building 10,000 entries through ``add`` would spend minutes in fsync; the benchmark measures the
operations on a store, not its construction, so the files are generated in one pass: entries in
every tier and status, sources of every kind, contradiction edges (open and resolved), an archive.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from dialectical_memory.storage import hermes_format
from dialectical_memory.core.beliefs import (
    SECONDS_PER_DAY,
    BeliefStatus,
    ContradictionEdge,
    EntryMeta,
    KnowledgeType,
    MaturityLevel,
    SidecarDocument,
    SourceKind,
    text_hash,
)
from dialectical_memory.storage.files import TargetPaths, dumps_sidecar

CITIES = ["Berlin", "Paris", "Tokyo", "Lisbon", "Oslo", "Austin", "Seoul", "Madrid", "Dublin", "Prague"]
CITIES_ZH = ["北京", "上海", "广州", "深圳", "成都", "杭州", "南京", "武汉", "西安", "苏州"]
TOPICS = ["Rust", "Python", "Go", "SQL", "Kubernetes", "the garden", "chess", "jazz", "sourdough", "climbing"]
TOPICS_ZH = ["书法", "围棋", "摄影", "烘焙", "跑步", "古筝", "编程", "茶艺", "徒步", "象棋"]
EN = [
    "User reads about {t} on weekend mornings (note {n})",
    "User asked for a checklist about {t} before the trip (note {n})",
    "Project {n} keeps its notes on {t} in the wiki",
    "User met a friend from {c} to talk about {t} (note {n})",
    "User wants reminders about {t} every Monday (note {n})",
]
ZH = [
    "用户周末早上研究{t}（记录{n}）",
    "用户在{c}参加了{t}活动（记录{n}）",
    "项目{n}的{t}资料放在共享文档里",
    "用户希望每周一提醒{t}（记录{n}）",
]
PAIRS = [
    ("User prefers concise replies (thread {n})", "User wants long, detailed answers (thread {n})"),
    ("User lives in {c} (profile {n})", "User lives in {c2} (profile {n})"),
    ("用户喜欢深色模式（设置{n}）", "用户不喜欢深色模式（设置{n}）"),
]


def entry_text(rng: random.Random, n: int) -> str:
    """One short entry, English or Chinese, numbered ``n`` (so texts rarely repeat)."""
    if rng.random() < 0.5:
        return rng.choice(EN).format(t=rng.choice(TOPICS), c=rng.choice(CITIES), n=n)
    return rng.choice(ZH).format(t=rng.choice(TOPICS_ZH), c=rng.choice(CITIES_ZH), n=n)


def _meta(rng: random.Random, text: str, now: float) -> EntryMeta:
    age_days = rng.uniform(0, 400)
    meta = EntryMeta.new(
        now - age_days * SECONDS_PER_DAY,
        source_kind=rng.choice(list(SourceKind)),
        knowledge_type=rng.choice(list(KnowledgeType)),
        maturity=rng.choices(list(MaturityLevel), weights=[60, 25, 10, 5])[0],
        text=text,
    )
    meta.updated_at = meta.last_validated_at = now - rng.uniform(0, age_days) * SECONDS_PER_DAY
    meta.hit_count = rng.randint(0, 12)
    meta.observed_behavior_count = rng.randint(0, 3)
    meta.confidence = round(rng.uniform(0.3, 0.95), 3)
    if rng.random() < 0.05:
        meta.status = BeliefStatus.DECAYED
    meta.deep_checked = True
    return meta


def build_target(home: Path, target: str, size: int, now: float, seed: int = 7) -> dict[str, list[str]]:
    """Write a target of ``size`` active entries (+ an archive of size/20); returns ids by role."""
    rng = random.Random(seed)
    doc = SidecarDocument()
    texts: list[str] = []
    roles: dict[str, list[str]] = {"plain": [], "contested": []}

    def put(meta: EntryMeta) -> None:
        doc.entries[meta.entry_id] = meta
        doc.text_to_id[text_hash(meta.text)] = meta.entry_id
        texts.append(meta.text)

    pair_count = max(1, size // 50)
    for n in range(pair_count):
        template_a, template_b = PAIRS[n % len(PAIRS)]
        city, city2 = rng.sample(CITIES, 2)
        a = _meta(rng, template_a.format(n=n, c=city), now)
        b = _meta(rng, template_b.format(n=n, c2=city2), now)
        put(a)
        put(b)
        edge = ContradictionEdge(a.entry_id, b.entry_id, reason="seeded", created_at=now)
        if n % 3 == 0:
            edge.resolved, edge.resolution, edge.resolved_at = True, "dismissed", now
        else:
            a.status = b.status = BeliefStatus.CONTRADICTED
            roles["contested"] += [a.entry_id, b.entry_id]
        a.contradiction_ids.append(edge.edge_id)
        b.contradiction_ids.append(edge.edge_id)
        doc.contradictions.append(edge)
    n = pair_count
    while len(texts) < size:
        text = entry_text(rng, n)
        n += 1
        if text_hash(text) in doc.text_to_id:
            continue
        meta = _meta(rng, text, now)
        put(meta)
        roles["plain"].append(meta.entry_id)
    paths = _write_target(home, target, texts, doc)
    archive = []
    for k in range(size // 20):
        meta = _meta(rng, f"Archived note {k} about {rng.choice(TOPICS)}", now)
        archive.append(json.dumps({"op": "archive", "at": now, "actor": "agent", "reason": "removed by agent", "meta": meta.to_dict()}, ensure_ascii=False))
    paths.archive.write_text("".join(line + "\n" for line in archive), encoding="utf-8")
    return roles


def build_notes(home: Path, target: str, size: int, now: float, note, seed: int = 3) -> list[str]:
    """A target of ``size`` distinct notes ``note(rng, n)``, each with metadata (no contradictions, no
    archive); returns their texts."""
    rng = random.Random(seed)
    doc = SidecarDocument()
    texts: list[str] = []
    n = 0
    while len(texts) < size:
        text = note(rng, n)
        n += 1
        if text_hash(text) in doc.text_to_id:
            continue
        meta = _meta(rng, text, now)
        doc.entries[meta.entry_id] = meta
        doc.text_to_id[text_hash(text)] = meta.entry_id
        texts.append(text)
    _write_target(home, target, texts, doc)
    return texts


def _write_target(home: Path, target: str, texts: list[str], doc: SidecarDocument) -> TargetPaths:
    """The ``.md`` of ``texts`` and the sidecar of ``doc``, as a store would have written them."""
    paths = TargetPaths(home, target)
    home.mkdir(parents=True, exist_ok=True)
    paths.md.write_text(hermes_format.dumps(texts), encoding="utf-8")
    document = doc.to_dict()
    document["journal_seq"] = 0
    paths.sidecar.write_bytes(dumps_sidecar(document))
    return paths


def build_grown(home: Path, target: str, size: int, now: float, seed: int = 5) -> dict[str, list[str]]:
    """A home grown the way a long-lived one is, unlike :func:`build_target`'s tidy one: nothing
    pre-marked deep-checked, a tenth of the entries hand-appended to the ``.md`` in chunks (not yet in
    the sidecar), a journal of recent hits not yet folded into the sidecar, and contradictions in
    clusters of 2–4 entries, ~0.7 edges per entry, ~70 % of them open (~7k edges at 10k)."""
    rng = random.Random(seed)
    doc = SidecarDocument()
    texts: list[str] = []
    n = 0
    while len(texts) < size:
        text = entry_text(rng, n)
        n += 1
        if text_hash(text) in doc.text_to_id:
            continue
        texts.append(text)
        if len(texts) <= size * 9 // 10:
            meta = _meta(rng, text, now)
            meta.deep_checked = False
            doc.entries[meta.entry_id] = meta
            doc.text_to_id[text_hash(text)] = meta.entry_id
    ids = list(doc.entries)
    rng.shuffle(ids)
    wanted, at = int(size * 0.7), 0
    while len(doc.contradictions) < wanted and at + 4 <= len(ids):
        cluster = ids[at : at + rng.choice((2, 2, 3, 4))]
        at += len(cluster)
        for i, a in enumerate(cluster):
            for b in cluster[i + 1 :]:
                edge = ContradictionEdge(a, b, reason="value: grown", created_at=now - rng.uniform(0, 300) * SECONDS_PER_DAY)
                if rng.random() < 0.3:
                    edge.resolved, edge.resolution, edge.resolved_at = True, "dismissed", now
                doc.contradictions.append(edge)
                for side in (a, b):
                    meta = doc.entries[side]
                    meta.contradiction_ids.append(edge.edge_id)
                    meta.contradiction_count += 1
                    if not edge.resolved:
                        meta.status = BeliefStatus.CONTRADICTED
    paths = TargetPaths(home, target)
    home.mkdir(parents=True, exist_ok=True)
    in_sidecar = size * 9 // 10
    chunks = [texts[:in_sidecar]] + [texts[k : k + 50] for k in range(in_sidecar, size, 50)]
    paths.md.write_text(hermes_format.dumps(chunks[0]), encoding="utf-8")
    with open(paths.md, "a", encoding="utf-8") as md:  # appended by hand, a chunk at a time
        for chunk in chunks[1:]:
            md.write(hermes_format.ENTRY_DELIMITER + hermes_format.dumps(chunk))
    document = doc.to_dict()
    document["journal_seq"] = 0
    paths.sidecar.write_bytes(dumps_sidecar(document))
    batches = []
    for seq in range(1, min(400, len(ids)) + 1):
        meta = doc.entries[rng.choice(ids)]
        meta.hit_count += 1
        meta.updated_at = meta.last_validated_at = now
        batches.append(json.dumps({"seq": seq, "at": now, "put": [meta.to_dict()], "drop": [], "edges": []}, ensure_ascii=False))
    paths.journal.write_text("".join(line + "\n" for line in batches), encoding="utf-8")
    return {"open_edges": [e.edge_id for e in doc.contradictions if not e.resolved]}
