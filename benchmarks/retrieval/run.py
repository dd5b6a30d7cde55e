"""The retrieval benchmark: does a question find the entry that answers it? (``python benchmarks/retrieval/run.py``)

``home.jsonl`` holds event notes and facts in English and Chinese (the answers), written the way a
long conversation leaves them; ``questions.jsonl`` asks about them in paraphrase: in English, in
Chinese and across the two (``lang`` "en>zh": an English question whose answer is Chinese). Both
were written before the search was tuned. The answers are planted in a grown home
(:func:`benchmarks.corpus.build_grown`: 1,000 templated bilingual entries per target by default) as
hand edits the loader picks up, so every method ranks the same ~2,000 entries.

Reported per method, overall and per language: recall@5 (a question counts when any of its answers
is in the first five) and MRR (over the first 100). The methods:

* ``bm25s_default``: bm25s with its own tokenizer (English stop words) over the raw texts, what a
  plain BM25 gives;
* ``bm25s_tokens``: bm25s on the search's own tokens (the same words and bridge; no embeddings, no slots);
* ``lexical``: ``store.search`` without embeddings;
* ``semantic``: the embedding ranking alone;
* ``search (RRF)``, ``search (not centred)``: the same with reciprocal-rank fusion, or with raw
  cosines (an entry sharing no word then enters above the median candidate by 0.3 of the best one's margin);
* ``search``: ``store.search`` as shipped (with ``[semantic]``: lexical and embeddings fused);
* ``prefetch``: the Hermes provider's ``prefetch`` block (the entries it names, in order).

Latency: the median of ``store.search`` over the questions at 1,000 and 10,000 entries a target,
lexical and with a warm embedding cache (``--latency``).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import build_grown  # noqa: E402
from dialectical_memory import MemoryStore  # noqa: E402
from dialectical_memory.storage import hermes_format  # noqa: E402
from dialectical_memory.storage.files import TargetPaths  # noqa: E402
from dialectical_memory.store.search import embed_entries  # noqa: E402

HERE = Path(__file__).resolve().parent
K = 5
TARGETS = ("memory", "user")
# Words that carry no content, for the "shares no content word" count only (independent of the
# search's own tokenizer, so the count does not move when the search changes).
_FUNCTION_WORDS = frozenset(
    "a an the is are was were be been am do does did to of in on at for with and or but so as by from about "
    "it its this that what which who whom whose when where why how her his she he they them their user "
    "user's does did any have has had i you your my me we our there here any some after before".split()
)
_CHINESE_FUNCTION = frozenset("用户什么哪里哪儿怎么为什么吗了的在是有和去做")


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (HERE / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def content_units(text: str) -> set[str]:
    """English words (lowercased, a final s dropped) and Chinese character bigrams, without function words."""
    units = {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _FUNCTION_WORDS and len(w) > 1}
    for run in re.findall(r"[\u4e00-\u9fff]+", text):
        units.update(run[i : i + 2] for i in range(len(run) - 1) if not set(run[i : i + 2]) <= _CHINESE_FUNCTION)
    return units


def build_home(folder: Path, size: int, entries: list[dict]) -> Path:
    """A grown home of ``size`` entries per target with the answers appended by hand."""
    home = folder / f"home-{size}"
    now = time.time()
    for seed, target in enumerate(TARGETS):
        build_grown(home, target, size, now, seed=5 + seed)
        texts = [e["text"] for e in entries if e["target"] == target]
        with open(TargetPaths(home, target).md, "a", encoding="utf-8") as md:
            md.write(hermes_format.ENTRY_DELIMITER + hermes_format.dumps(texts))
    return home


def open_store(home: Path) -> MemoryStore:
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    return store


def score(ranked: list[list[str]], questions: list[dict]) -> dict[str, dict[str, float]]:
    """recall@5 and MRR overall and per ``lang``; ``ranked`` holds answer ids (or None) in order."""
    groups: dict[str, list[tuple[int, float]]] = {}
    for question, ids in zip(questions, ranked):
        wanted = set(question["answers"])
        rank = next((i for i, found in enumerate(ids[:100]) if found in wanted), None)
        row = (int(rank is not None and rank < K), 0.0 if rank is None else 1.0 / (rank + 1))
        for group in ("all", question["lang"], "no shared word" if question["disjoint"] else "shared word"):
            groups.setdefault(group, []).append(row)
    return {group: {"recall@5": 100 * statistics.mean(r for r, _ in rows), "mrr": statistics.mean(m for _, m in rows),
                    "n": len(rows)} for group, rows in groups.items()}


def rank_bm25s(store: MemoryStore, questions: list[dict], by_text: dict[str, str], tokenizer) -> list[list[str]]:
    """bm25s (the maintained library) over every active entry of both targets."""
    import bm25s

    texts = [e.text for target in TARGETS for e in store.entries(target) if not e.meta.blocked]
    if tokenizer is None:
        corpus = bm25s.tokenize(texts, stopwords="en", show_progress=False)
        retriever = bm25s.BM25()
        retriever.index(corpus, show_progress=False)
        tokenized = [bm25s.tokenize([q["q"]], stopwords="en", show_progress=False) for q in questions]
    else:
        retriever = bm25s.BM25()
        documents, question = tokenizer
        retriever.index([documents(t) or ["∅"] for t in texts], show_progress=False)
        tokenized = [[question(q["q"])] for q in questions]
    ranked = []
    for query in tokenized:
        try:
            docs, _scores = retriever.retrieve(query, k=min(100, len(texts)), show_progress=False)
            ranked.append([by_text.get(texts[i]) for i in docs[0]])
        except (ValueError, IndexError):  # a query with no token the corpus knows
            ranked.append([])
    return ranked


def rank_search(store: MemoryStore, questions: list[dict], by_text: dict[str, str], **how) -> list[list[str]]:
    return [[by_text.get(hit.entry.meta.text) for hit in store.search(q["q"], limit=100, **how).items] for q in questions]


def rank_prefetch(store: MemoryStore, questions: list[dict], by_text: dict[str, str]) -> list[list[str]]:
    """The entries the provider's prefetch block names, in its order (texts are shown flat, maybe cut)."""
    from dialectical_memory.hermes.provider import DialecticalMemoryProvider

    provider = DialecticalMemoryProvider(store)
    shown = {" ".join(text.split())[:100]: entry_id for text, entry_id in by_text.items()}
    ranked = []
    for question in questions:
        block = provider.prefetch(question["q"])
        ids = []
        for line in block.splitlines():
            match = re.match(r"- \[(?:memory|user)\] (.*) \(confidence [0-9.]+, [^)]*\)$", line)
            if match:
                ids.append(shown.get(match.group(1)[:100]))
        ranked.append(ids)
    return ranked


def _with(rank, *args, **knobs):
    """``rank(*args)`` with some of store/search.py's settings changed for the call."""
    from dialectical_memory.store import search

    saved = {name: getattr(search, name) for name in knobs}
    for name, value in knobs.items():
        setattr(search, name, value)
    try:
        return rank(*args)
    finally:
        for name, value in saved.items():
            setattr(search, name, value)


def quality(size: int, folder: Path) -> dict:
    entries, questions = load("home.jsonl"), load("questions.jsonl")
    for question in questions:
        answers = [e["text"] for e in entries if e["id"] in question["answers"]]
        question["disjoint"] = not any(content_units(question["q"]) & content_units(a) for a in answers)
    store = open_store(build_home(folder, size, entries))
    by_text = {e["text"]: e["id"] for e in entries}
    warm(store)
    from dialectical_memory.detection.lexical import document_tokens, tokens

    methods = {
        "bm25s_default": lambda: rank_bm25s(store, questions, by_text, None),
        "bm25s_tokens": lambda: rank_bm25s(store, questions, by_text, (document_tokens, tokens)),
        "lexical": lambda: rank_search(store, questions, by_text, semantic=False),
        "semantic": lambda: rank_search(store, questions, by_text, semantic="only"),
        "search (RRF)": lambda: _with(rank_search, store, questions, by_text, FUSION="rrf"),
        "search (not centred)": lambda: _with(rank_search, store, questions, by_text, CENTRED=False, MEANING_ADMIT=0.3),
        "search": lambda: rank_search(store, questions, by_text),
        "prefetch": lambda: rank_prefetch(store, questions, by_text),
    }
    results = {name: score(run(), questions) for name, run in methods.items()}
    disjoint = sum(q["disjoint"] for q in questions)
    return {"size": size, "questions": len(questions), "disjoint": disjoint, "methods": results}


def warm(store: MemoryStore) -> None:
    """Every entry embedded (as maintenance leaves a home in time), when [semantic] is installed: a
    search embeds none itself."""
    for name in TARGETS:
        while embed_entries(store, name, 60.0, always=True).get("embedded"):
            pass


def latency(size: int, folder: Path) -> dict:
    entries, questions = load("home.jsonl"), load("questions.jsonl")
    store = open_store(build_home(folder, size, entries))
    warm(store)
    result = {}
    for name, how in (("lexical", {"semantic": False}), ("search", {})):
        store.search(questions[0]["q"], limit=5, **how)  # warms the index (and the embedding cache)
        samples = []
        for question in questions:
            start = time.perf_counter()
            store.search(question["q"], limit=5, **how)
            samples.append((time.perf_counter() - start) * 1000)
        result[name] = {"median_ms": statistics.median(samples), "p95_ms": sorted(samples)[int(len(samples) * 0.95)]}
    return {"size": size, **result}


def table(report: dict) -> str:
    groups = ["all", "en", "zh", "en>zh", "zh>en", "no shared word"]
    lines = [f"{report['questions']} questions ({report['disjoint']} share no content word with their answer), "
             f"{report['size']:,} entries a target",
             "| method | " + " | ".join(f"{g} R@5 / MRR" for g in groups) + " |",
             "| --- |" + " --- |" * len(groups)]
    for name, rows in report["methods"].items():
        cells = [f"{rows[g]['recall@5']:.1f} / {rows[g]['mrr']:.3f}" if g in rows else "–" for g in groups]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000, help="grown entries per target (quality)")
    parser.add_argument("--latency", action="store_true", help="also time store.search at 1,000 and 10,000")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = {"quality": quality(args.size, Path(folder))}
        print(table(report["quality"]))
        if args.latency:
            report["latency"] = [latency(size, Path(folder)) for size in (1_000, 10_000)]
            for row in report["latency"]:
                print(f"latency at {row['size']:,}: lexical median {row['lexical']['median_ms']:.1f} ms "
                      f"(p95 {row['lexical']['p95_ms']:.1f}), search median {row['search']['median_ms']:.1f} ms "
                      f"(p95 {row['search']['p95_ms']:.1f})")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
