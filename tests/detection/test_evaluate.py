"""Scoring a detector on labelled pairs."""

import json

import pytest

from dialectical_memory.detection import Label, Verdict, evaluate, format_report, load_pairs


class KeywordDetector:
    """Calls a pair a contradiction when either side contains "not"."""

    name = "keyword"

    def compare(self, a: str, b: str) -> Verdict:
        if "not" in a or "not" in b:
            return Verdict(Label.CONTRADICTION, 1.0, "has not", "negation")
        return Verdict(Label.COMPATIBLE, 1.0, "")


ROWS = [
    {"a": "x", "b": "not x", "label": "contradiction", "type": "negation", "lang": "en"},
    {"a": "y", "b": "y2", "label": "contradiction", "type": "value", "lang": "en"},
    {"a": "z", "b": "not z", "label": "compatible", "type": "neg_compatible", "lang": "zh"},
    {"a": "w", "b": "w2", "label": "compatible", "type": "paraphrase", "lang": "zh"},
    {"a": "v", "b": "q", "label": "unrelated", "type": "unrelated", "lang": "zh"},
]


def test_overall_scores_count_the_contradiction_class():
    overall = evaluate(KeywordDetector(), ROWS)["overall"]
    assert (overall["tp"], overall["fp"], overall["fn"], overall["support"]) == (1, 1, 1, 2)
    assert overall["precision"] == pytest.approx(0.5)
    assert overall["recall"] == pytest.approx(0.5)
    assert overall["f1"] == pytest.approx(0.5)


def test_scores_are_split_by_language_and_type():
    report = evaluate(KeywordDetector(), ROWS)
    assert report["by_lang"]["en"]["recall"] == pytest.approx(0.5)
    assert report["by_lang"]["zh"]["fp"] == 1
    assert report["by_type"]["negation"]["tp"] == 1
    assert report["by_type"]["value"]["fn"] == 1


def test_accuracy_is_over_all_three_labels():
    # right: rows 0 and 3; wrong: 1 (missed), 2 (false alarm), 4 (unrelated called compatible)
    assert evaluate(KeywordDetector(), ROWS)["accuracy"] == pytest.approx(2 / 5)


def test_reach_counts_contradictions_the_newer_side_would_never_be_compared_with():
    rows = [
        {"a": "User lives in Berlin", "b": "User moved to Paris and lives there", "label": "contradiction", "lang": "en", "type": "value"},
        {"a": "User plays the violin", "b": "用户讨厌吃香菜", "label": "contradiction", "lang": "mixed", "type": "implicit"},
    ]
    reach = evaluate(KeywordDetector(), rows)["reach"]
    assert (reach["contradictions"], reach["reached"]) == (2, 1)  # nothing links the second pair
    assert "index reach: 1/2 contradictions" in format_report(evaluate(KeywordDetector(), rows))


def test_format_report_is_a_fixed_width_table():
    text = format_report(evaluate(KeywordDetector(), ROWS))
    lines = text.splitlines()
    assert lines[0] == "detector: keyword"
    assert lines[3].split() == ["overall", "0.500", "0.500", "0.500", "2", "1", "1", "1", "5"]
    assert "lang=zh" in text and "type=negation" in text
    assert "3-label accuracy: 0.400" in lines
    table = [line for line in lines if line.startswith(("overall", "lang=", "type="))]
    assert len({len(line) for line in table}) == 1


def test_load_pairs_ignores_extra_keys_and_blank_lines(tmp_path):
    path = tmp_path / "pairs.jsonl"
    path.write_text(json.dumps({**ROWS[0], "split": "dev", "id": 3}) + "\n\n", encoding="utf-8")
    assert load_pairs(path) == [{**ROWS[0], "split": "dev", "id": 3}]


@pytest.mark.parametrize(("bad_line", "message"), [
    ("{not json", "line 2: not valid JSON"),
    ('["a", "b"]', "line 2: expected a JSON object"),
    ('{"a": "x", "b": "y", "label": "contradiction", "lang": "en"}', "line 2: missing keys type"),
    ('{"a": "x", "b": "y", "label": "maybe", "type": "t", "lang": "en"}', "line 2: unknown label"),
])
def test_load_pairs_names_the_malformed_line(tmp_path, bad_line, message):
    path = tmp_path / "pairs.jsonl"
    path.write_text(json.dumps(ROWS[0]) + "\n" + bad_line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_pairs(path)


def test_kind_names_the_pair_type_when_type_is_missing():
    rows = [{**row, "kind": row["type"], "split": "train" if i % 2 else "test"}
            for i, row in enumerate(ROWS)]
    for row in rows:
        del row["type"]
    report = evaluate(KeywordDetector(), rows)
    assert report["by_type"]["negation"]["tp"] == 1
    assert report["by_split"]["test"]["n"] == 3 and report["by_split"]["train"]["n"] == 2


def test_false_alarms_are_counted_for_kinds_without_contradictions():
    alarms = evaluate(KeywordDetector(), ROWS)["false_alarms"]
    assert alarms["neg_compatible"] == {"fp": 1, "n": 1, "rate": 1.0}
    assert alarms["paraphrase"]["fp"] == 0 and "negation" not in alarms


def test_failures_name_the_pair_and_the_verdict():
    report = evaluate(KeywordDetector(), ROWS)
    assert [(f["a"], f["predicted"]) for f in report["failures"]] == [
        ("y", "compatible"), ("z", "contradiction"), ("v", "compatible")]
    assert "failures (3):" in format_report(report, failures=True)
    assert "failures" not in format_report(report)


def test_reach_is_measured_with_the_candidates_the_store_compares():
    import importlib

    from dialectical_memory.store import maintenance
    from dialectical_memory.store import memory_store as store

    module = importlib.import_module("dialectical_memory.detection.evaluate")

    assert module.ADD_CANDIDATES == store.FAST_CHECK_CANDIDATES
    assert module.DEEP_CHECK_CANDIDATES == maintenance.DEEP_CHECK_CANDIDATES
