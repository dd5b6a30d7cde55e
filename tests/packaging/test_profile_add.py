"""benchmarks/profile_add.py (issue 46): where a small home's add spends its CPU, by layer."""

from types import SimpleNamespace

from benchmarks.profile_add import OTHER, layer_of, profile


def _stack(*paths: str):
    """A stand-in for an interrupted frame: the innermost path last (all layer_of reads)."""
    frame = None
    for path in paths:
        frame = SimpleNamespace(f_code=SimpleNamespace(co_filename=path), f_back=frame)
    return frame


PKG = "/site-packages/dialectical_memory"


def test_a_sample_goes_to_the_first_layer_found_anywhere_in_its_stack():
    store = f"{PKG}/store/memory_store.py"
    # the new text read for the candidate index is "reading the new text", not the index
    assert layer_of(_stack(store, f"{PKG}/detection/index.py", f"{PKG}/detection/analysis.py",
                           f"{PKG}/core/regex_cues.py")) == "reading the new text"
    # the same reading done for the matcher is the matcher's
    assert layer_of(_stack(store, f"{PKG}/detection/restatement.py", f"{PKG}/detection/analysis.py")) == "same-fact matcher"
    assert layer_of(_stack(store, f"{PKG}/detection/index.py", f"{PKG}/detection/terms.py")) == "candidate index, other detection"
    assert layer_of(_stack(store, f"{PKG}/storage/files.py")) == "files written (commit)"
    assert layer_of(_stack(store, f"{PKG}/store/state.py")) == "store bookkeeping"
    assert layer_of(_stack("/usr/lib/python3.11/threading.py")) == OTHER


def test_a_profile_of_a_small_home_names_its_layers_and_their_shares_add_up():
    result = profile(20, "shared", adds=100, interval_ms=0.5, first=50_001)  # ~2.5 ms of CPU each: ~60 samples
    assert result["wall_ms"] >= result["cpu_ms"] * 0.5 > 0
    assert result["samples"] > 0
    assert abs(sum(result["layers"].values()) - 1) < 1e-9
    # a shared-words home: every add reads its text and meets candidates the matcher compares
    assert {"reading the new text", "files written (commit)"} <= set(result["layers"])
