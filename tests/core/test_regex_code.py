"""The generated programs (core/regex_code.py, core/pattern_code.json) build the same patterns
``re.compile`` makes, and nothing but the table this engine runs is ever used.

Held four ways: every tabled program, built, is the compiled pattern (flags, groups, names) and finds
what it finds in the pair files' texts, match by match; the detector's verdicts over every pair are
the same with the table on and off (test_pattern_gate.py, a third process); a table made for another
engine, a damaged program, a damaged file and ``DMEM_PATTERN_CODE=0`` each fall back to compiling;
and a process's warm-up compiles a handful of patterns instead of two hundred.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dialectical_memory.core import regex_code
from dialectical_memory.core.regex_code import ProgramTable, compile_fixed, pattern_key, table_document
from dialectical_memory.core.regex_cues import LazyPattern

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "dialectical_memory" / "core" / regex_code.TABLE_NAME
PAIR_FILES = sorted((ROOT / "tests" / "detection" / "pairs").glob("*.jsonl"))


def _texts() -> list[str]:
    rows = [json.loads(line) for path in PAIR_FILES for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return list(dict.fromkeys(text for row in rows for text in (row["a"], row["b"])))


def _tabled() -> list[tuple[str, int]]:
    """(pattern, flags) of every row, found by the key the generator gave it: the patterns the
    generator tables (the cue tables' and what the detector builds from its word lists)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_pattern_cues
    finally:
        sys.path.remove(str(ROOT / "tools"))
    wanted = {pattern_key(p, f): (p, int(f)) for p, f in make_pattern_cues.pattern_sets()[2]}
    keys = [row[0] for row in json.loads(TABLE.read_text(encoding="utf-8"))["patterns"]]
    return [wanted[key] for key in keys]


@pytest.fixture(scope="module")
def tabled(request):
    previous = os.environ.get("DMEM_PATTERN_GATE")
    try:
        return _tabled()
    finally:  # every_pattern() turns the cue gate off for the process: put it back
        if previous is None:
            os.environ.pop("DMEM_PATTERN_GATE", None)
        else:
            os.environ["DMEM_PATTERN_GATE"] = previous


def test_the_table_is_for_this_engine_and_holds_the_detectors_and_the_safety_checks_patterns(tabled):
    document = json.loads(TABLE.read_text(encoding="utf-8"))
    assert document["engine"] == regex_code.engine()  # made by the Python CI runs (make_pattern_cues --check holds the rest)
    assert len(tabled) == len(document["patterns"]) > 700


def test_every_tabled_program_is_the_pattern_re_compile_makes(tabled):
    table = ProgramTable(TABLE)
    texts = _texts()
    assert len(texts) > 500
    differing = []
    for pattern, flags in tabled:
        built, made = table.pattern(pattern, flags), re.compile(pattern, flags)
        assert built is not None, pattern
        assert (built.pattern, built.flags, built.groups, dict(built.groupindex)) == (made.pattern, made.flags, made.groups, dict(made.groupindex))
        for text in texts:
            found = [(m.span(), m.groups()) for m in built.finditer(text)]
            if found != [(m.span(), m.groups()) for m in made.finditer(text)]:
                differing.append((pattern[:60], text))
    assert not differing, differing[:3]


def _table_file(tmp_path: Path, patterns, edit=None) -> Path:
    document = table_document(patterns, "test")
    if edit is not None:
        edit(document)
    path = tmp_path / "pattern_code.json"
    path.write_bytes(json.dumps(document).encode())
    return path


REGEX = r"\b(?:went|drove) to (?P<place>[A-Z]\w+)|去了(?P<zh>[\u4e00-\u9fff]{1,4})"


def test_a_table_builds_a_pattern_without_compiling_it(tmp_path, monkeypatch):
    path = _table_file(tmp_path, [(REGEX, re.IGNORECASE)])
    compiled = []
    real = regex_code.re.compile
    monkeypatch.setattr(regex_code.re, "compile", lambda *args: compiled.append(args) or real(*args))
    built = ProgramTable(path).pattern(REGEX, re.IGNORECASE)
    assert built.search("User drove to Berlin")["place"] == "Berlin" and built.search("用户去了北京")["zh"] == "北京"
    assert built.search("用户去了北京")["place"] is None and compiled == []
    assert ProgramTable(path).pattern(REGEX, 0) is None  # other flags: another pattern


@pytest.mark.parametrize("damage", ["another engine", "another patch release", "a refused program", "a program past the end",
                                    "bad base64", "not json"])
def test_a_table_for_another_engine_or_damaged_is_not_used_and_the_pattern_compiles_as_before(tmp_path, damage):
    def edit(document):
        row = document["patterns"][0]
        if damage == "another engine":
            document["engine"][4] += 1  # another _sre.MAGIC: its opcodes may mean something else
        elif damage == "another patch release":
            document["engine"][3] += 1  # its compiler may make other programs (a bug fixed)
        elif damage == "a refused program":
            words = regex_code.array.array("I", [1, 2, 3, 999_999])
            document["programs"] = regex_code.binascii.b2a_base64(regex_code.zlib.compress(words.tobytes()), newline=False).decode()
            row[-2:] = [0, 4]
        elif damage == "a program past the end":
            row[-1] += 10_000
        elif damage == "bad base64":
            document["programs"] = "*" + document["programs"]

    path = _table_file(tmp_path, [(REGEX, 0)], edit)
    if damage == "not json":
        path.write_bytes(path.read_bytes()[:-5])
    table = ProgramTable(path)
    assert table.pattern(REGEX, 0) is None
    table.path = tmp_path / "missing.json"
    assert table.pattern(REGEX, 0) is None  # once refused, it stays refused: compiled as before


def test_dmem_pattern_code_0_reads_the_table_as_empty(tmp_path, monkeypatch):
    path = _table_file(tmp_path, [(REGEX, 0)])
    monkeypatch.setenv("DMEM_PATTERN_CODE", "0")
    assert ProgramTable(path).pattern(REGEX, 0) is None
    monkeypatch.setenv("DMEM_PATTERN_CODE", "1")
    assert ProgramTable(path).pattern(REGEX, 0) is not None


def test_compile_fixed_and_a_lazy_pattern_answer_alike_with_or_without_a_program():
    untabled = r"(?P<n>\d+) (?:pets|dogs) and counting"
    assert compile_fixed(untabled).search("User has 3 dogs and counting")["n"] == "3"
    assert compile_fixed(untabled) is re.compile(untabled)  # compiled as before: re's own cache
    lazy = LazyPattern(untabled, 0)
    assert lazy.search("2 pets and counting")["n"] == "2"


_COUNT_COMPILES = """
import re._compiler as compiler
from dialectical_memory import MemoryStore  # what every command imports first
real, made = compiler.compile, []
compiler.compile = lambda p, flags=0: made.append(p) or real(p, flags)
from dialectical_memory.store import warm_up
warm_up.prepare()
print(len(made))
"""


def _compiles_in_a_warm_up(table: str) -> int:
    env = {**os.environ, "DMEM_PATTERN_CODE": table}
    done = subprocess.run([sys.executable, "-c", _COUNT_COMPILES], env=env, capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1])


def test_a_processs_warm_up_builds_its_patterns_from_the_table_instead_of_compiling_them():
    """The first add of a process met ~220 of the package's patterns and compiled each (~90 ms of
    a warm-up's 180); from the table it compiles only those made of what it reads (none of the
    package's own)."""
    with_table, without = _compiles_in_a_warm_up("1"), _compiles_in_a_warm_up("0")
    assert without > 150 and with_table < 20, (with_table, without)
