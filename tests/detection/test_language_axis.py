"""The language axis: each language's words live in `detection/lang/<code>/`, not in the code.

`languages.py` reads them, lazily; the code keys them by the ids it uses. These tests hold the
shape: the wing stays mostly code (tools/detection_tables.py), every language folder is one
language (its words in its script), and importing the wing reads no language file.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dialectical_memory.detection import languages

ROOT = Path(__file__).resolve().parents[2]
LANG = ROOT / "dialectical_memory" / "detection" / "lang"
CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_literal_tables_are_at_most_eight_percent_of_the_wing():
    tables = _tool("detection_tables")
    found, total = tables.tables()
    in_tables = sum(table.lines for table in found)
    assert in_tables / total <= tables.LIMIT == 0.08, sorted(found, key=lambda t: -t.lines)[:10]


def test_the_measure_counts_a_literal_table_and_not_code(tmp_path):
    tables = _tool("detection_tables")
    (tmp_path / "words.py").write_text('WORDS = (\n    "a", "b",\n    "c",\n)\nSHORT = ("a", "b")\n'
                                       'def f(x):\n    return (\n        g(x) + h(x)\n    )\n'
                                       'CALLS = tuple(\n    g(x) for x in h()\n)\n', encoding="utf-8")
    found, total = tables.tables(tmp_path)
    assert [(t.name, t.lines) for t in found] == [("WORDS", 4)] and total == 12


def test_the_languages_read_are_the_folders_here():
    assert sorted(path.name for path in LANG.iterdir() if path.is_dir()) == sorted(languages.LANGUAGES)
    for code in languages.LANGUAGES:
        assert languages.data(code, "language")["scripts"]


def _words(value, chinese: bool):
    """Every word of a table: the strings in its lists, at any depth; of a mapping keyed by words
    in the file's language ("老公" → "husband"), its keys (its values are then ids)."""
    if isinstance(value, dict):
        if value and all(bool(CJK.search(key)) == chinese for key in value) and chinese:
            yield from value
            return
        for item in value.values():
            yield from _words(item, chinese)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                yield item
            else:
                yield from _words(item, chinese)


@pytest.mark.parametrize("path", sorted(LANG.glob("*/*.json")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_language_file_holds_words_of_its_own_language_only(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    chinese = path.parent.name == "zh"
    for key, table in data.items():
        if key in ("_about", "name", "scripts"):
            continue
        strays = [w for w in _words(table, chinese) if bool(CJK.search(w)) != chinese]
        assert not strays, f"{path.parent.name}/{path.name} {key}: {strays[:5]}"


def test_importing_the_wing_reads_no_language_file():
    code = ("import dialectical_memory.detection, dialectical_memory.detection.lexicon, "
            "dialectical_memory.detection.languages as l; print(l.data.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "0"


def test_every_language_words_a_concept_and_the_first_language_comes_first():
    meat = languages.word_map("concepts", "concepts")["meat"]
    assert meat[0] == "meat" and "肉" in meat
    assert meat.index("meat") < meat.index("肉")


def test_a_table_only_one_language_has_is_read_from_it():
    assert languages.table("antonyms", "scales")[0] == [["高"], ["矮", "低"]]
    assert not languages.has("antonyms", "no such table")
    with pytest.raises(KeyError):
        languages.table("antonyms", "no such table")


def test_opposite_poles_merge_pole_by_pole():
    from dialectical_memory.detection import lexicon

    quiet, noisy = lexicon.BILINGUAL_AXES[0]
    assert quiet[0] == "quiet" and "安静" in quiet and "noisy" in noisy and "热闹" in noisy


def test_a_changed_language_file_makes_stored_candidate_indexes_stale(tmp_path, monkeypatch):
    """The index file is keyed by a fingerprint of what turns a text into terms: the words are part of it."""
    import shutil

    from dialectical_memory.detection import index_file

    copy = tmp_path / "detection"
    shutil.copytree(index_file._PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(index_file, "_PACKAGE", copy)
    index_file.analysis_fingerprint.cache_clear()  # computed once per process
    before = index_file.analysis_fingerprint()
    concepts = copy / "lang" / "en" / "concepts.json"
    concepts.write_text(concepts.read_text(encoding="utf-8").replace('"caffeine": ["caffeine"]', '"caffeine": ["caffeine", "guarana"]'), encoding="utf-8")
    index_file.analysis_fingerprint.cache_clear()
    assert index_file.analysis_fingerprint() != before
    index_file.analysis_fingerprint.cache_clear()  # the package's own, for the tests after this one


@pytest.mark.parametrize(("a", "b", "label"), [
    # "oolong" (lang/en/concepts.json) and "普洱" (lang/zh/concepts.json) are words for tea
    ("User never drinks tea.", "User drinks oolong every afternoon.", "contradiction"),
    ("用户从不喝茶。", "用户每天下午都喝普洱。", "contradiction"),
    # look-alikes: the same tea said twice, or liked and drunk
    ("User drinks oolong every afternoon.", "User drinks tea every afternoon.", "compatible"),
    ("用户喜欢喝茶。", "用户每天下午都喝普洱。", "compatible"),
])
def test_a_concept_word_added_to_each_language_is_read(a, b, label):
    from dialectical_memory.detection import RuleDetector

    assert RuleDetector().compare(a, b).label.value == label
