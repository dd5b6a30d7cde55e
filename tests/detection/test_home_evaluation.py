"""A detector scored in a populated home: the home's own entries checked by maintenance, then each
probe added alone to a fresh copy, as LABELS.md describes."""

import json

import pytest

from dialectical_memory.adapters.cli import main
from dialectical_memory.detection import Label, Verdict
from dialectical_memory.detection.home_evaluation import HomeEdge, HomeRun, is_home_file, load_home, score_home
from dialectical_memory.features.trial import run_home

HOME = {
    "memory": [{"key": "m1", "text": "The build server runs nightly at 02:00."}],
    "user": [{"key": "u1", "text": "User lives in Lyon."}, {"key": "u2", "text": "User drinks tea every morning."}],
    "probes": [
        {"id": "p1", "target": "user", "text": "User lives in Porto.", "contradicts": ["u1"], "kind": "slot_change"},
        {"id": "p2", "target": "user", "text": "用户很喜欢看书。", "contradicts": [], "kind": "unrelated"},
    ],
}


def _write(tmp_path, data) -> str:
    path = tmp_path / "home.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_a_home_file_is_told_from_labelled_pairs(tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"a": "x", "b": "y", "label": "compatible", "kind": "k", "lang": "en"}\n', encoding="utf-8")
    assert is_home_file(_write(tmp_path, HOME)) and not is_home_file(pairs)


@pytest.mark.parametrize(("change", "message"), [
    (lambda h: h["user"].append({"key": "u1", "text": "again"}), "used twice"),
    (lambda h: h["probes"][0].update(contradicts=["m1"]), "contradicts no user entry m1"),
    (lambda h: h["probes"][0].pop("kind"), "missing keys kind"),
    (lambda h: h["probes"][1].update(id="p1"), "share an id"),
])
def test_a_malformed_home_names_what_is_wrong(tmp_path, change, message):
    data = json.loads(json.dumps(HOME))
    change(data)
    with pytest.raises(ValueError, match=message):
        load_home(_write(tmp_path, data))


def test_score_counts_own_edges_probes_found_and_every_other_edge_as_a_false_alarm():
    run = HomeRun(own=[HomeEdge("u1", "u2", "value", "r")],
                  probes={"p1": [HomeEdge("u1", "p1", "value", "r", "add"), HomeEdge("u2", "p1", "negation", "r")],
                          "p2": [HomeEdge("p2", "u2", "antonym", "r")]})
    report = score_home(HOME, run)
    assert report["own"]["false_contradictions"] == 1 and report["own"]["edges"][0]["a_text"] == "User lives in Lyon."
    totals = report["probes"]
    assert (totals["found"], totals["found_at_add"], totals["contradicting"]) == (1, 1, 1)
    assert (totals["false_alarms"], totals["false_alarms_on_lookalikes"], totals["lookalikes_flagged"]) == (2, 1, 1)
    assert report["by_lang"]["zh"]["lookalikes_flagged"] == 1 and report["by_kind"]["slot_change"]["found"] == 1


class _Flags:
    """Flags a pair only when both name Porto and Lyon: what a run reports is what it raised."""

    name = "porto"

    def compare(self, a: str, b: str) -> Verdict:
        if {"Porto" in a or "Porto" in b, "Lyon" in a or "Lyon" in b} == {True}:
            return Verdict(Label.CONTRADICTION, 0.9, "value: Lyon↔Porto", "value")
        return Verdict(Label.UNRELATED, 0.5, "")


def test_a_trial_builds_a_real_store_and_adds_each_probe_to_its_own_copy():
    run = run_home(HOME, _Flags())
    assert run.own == []
    assert [(e.a, e.b, e.stage) for e in run.probes["p1"]] == [("u1", "p1", "add")]
    assert run.probes["p2"] == [] and not run.refused


def test_eval_detector_reads_a_home(tmp_path, capsys):
    assert main(["eval-detector", _write(tmp_path, HOME), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["probes"]["found"] == 1 and report["own"]["false_contradictions"] == 0
    assert main(["eval-detector", _write(tmp_path, HOME), "--failures"]) == 0
    assert "contradicting probes found 1/1" in capsys.readouterr().out
