"""In a Hermes home the store never lets MEMORY.md / USER.md grow past Hermes' own limits."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dialectical_memory import CharLimitError, MemoryStore
from dialectical_memory.storage.hermes_config import HERMES_DEFAULT_LIMITS, parse_memory_limits

from helpers import snapshot_files

CONFIGS = {
    "empty file": ("", {}),
    "both limits": ("memory:\n  memory_char_limit: 3000\n  user_char_limit: 1500\n", {"memory": 3000, "user": 1500}),
    "comments and other keys": (
        "# Hermes\nmodel: gpt\nmemory:\n  # room to grow\n  memory_enabled: true\n  memory_char_limit: 3000 # more\n"
        "other:\n  memory_char_limit: 5\n",
        {"memory": 3000},
    ),
    "nested mapping, four spaces": (
        "memory:\n    provider:\n        memory_char_limit: 1\n    user_char_limit: 900\n",
        {"user": 900},
    ),
    "underscores": ("memory:\n  memory_char_limit: 3_000\n", {"memory": 3000}),
    "plus sign": ("memory:\n  user_char_limit: +999\n", {"user": 999}),
    "document marker": ("---\nmemory:\n  memory_char_limit: 2500\n", {"memory": 2500}),
    "null section": ("memory:\nagent:\n  max_turns: 3\n", {}),
    "top-level key is not memory's": ("memory_char_limit: 3000\n", {}),
    "repeated section: last wins": (
        "memory:\n  memory_char_limit: 1000\nmemory:\n  user_char_limit: 500\n",
        {"user": 500},
    ),
    "zero": ("memory:\n  memory_char_limit: 0\n", {"memory": 0}),
}
REFUSED = {
    "quoted": "memory:\n  memory_char_limit: '3000'\n",
    "flow mapping": "memory: {memory_char_limit: 3000}\n",
    "octal in YAML 1.1": "memory:\n  memory_char_limit: 0755\n",
    "float": "memory:\n  memory_char_limit: 3000.5\n",
    "anchor": "memory:\n  memory_char_limit: &big 4000\n",
    "empty value": "memory:\n  memory_char_limit:\n",
    "tab indentation": "memory:\n\tmemory_char_limit: 3000\n",
    "two documents": "memory:\n  memory_char_limit: 3000\n---\nmemory:\n  memory_char_limit: 10\n",
}


@pytest.mark.parametrize("case", CONFIGS, ids=list(CONFIGS))
def test_reader_reads_block_style_config(case):
    text, expected = CONFIGS[case]
    assert parse_memory_limits(text) == (expected, [])


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_reader_refuses_what_it_does_not_understand_with_a_reason(case):
    values, problems = parse_memory_limits(REFUSED[case])
    assert "memory" not in values and problems and "line" in problems[0]


HERMES_LOAD = """
import json, os, sys, tempfile
from pathlib import Path
out = []
for text in json.load(sys.stdin):
    home = Path(tempfile.mkdtemp())
    (home / "config.yaml").write_text(text, encoding="utf-8")
    os.environ["HERMES_HOME"] = str(home)
    from hermes_cli.config import load_config
    memory = load_config().get("memory") or {}
    out.append([memory.get("memory_char_limit"), memory.get("user_char_limit")])
print(json.dumps(out))
"""


def test_reader_agrees_with_hermes_own_config_loader(hermes_python, tmp_path):
    texts = [text for text, _expected in CONFIGS.values()]
    out = subprocess.run([str(hermes_python), "-I", "-c", HERMES_LOAD], input=json.dumps(texts),
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    for (case, (text, _expected)), hermes in zip(CONFIGS.items(), json.loads(out.stdout)):
        ours, _problems = parse_memory_limits(text)
        mine = [ours.get("memory", HERMES_DEFAULT_LIMITS["memory"]), ours.get("user", HERMES_DEFAULT_LIMITS["user"])]
        assert mine == hermes, case


# ---------------------------------------------------------------- the store in a Hermes home


@pytest.fixture
def hermes_home(tmp_path, monkeypatch):
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    monkeypatch.setenv("HERMES_HOME", str(home))
    return home


def _config(hermes_home, memory=None, user=None):
    lines = ["memory:"] + [f"  {k}: {v}" for k, v in (("memory_char_limit", memory), ("user_char_limit", user)) if v is not None]
    (hermes_home / "config.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_limits_come_from_hermes_config_even_when_unlimited_is_asked(hermes_home):
    _config(hermes_home, memory=120, user=80)
    store = MemoryStore(memory_char_limit=0, user_char_limit=0)
    assert store.home == (hermes_home / "memories").resolve()
    assert store.limits == {"memory": 120, "user": 80}
    store.add("memory", "x" * 100)
    before = snapshot_files(store.home)
    with pytest.raises(CharLimitError) as refused:
        store.add("memory", "y" * 30)
    assert refused.value.usage == 100 and refused.value.limit == 120
    assert "133/120 chars (now 100" in str(refused.value) and "config.yaml" in str(refused.value)
    assert snapshot_files(store.home) == before


def test_a_smaller_limit_than_hermes_is_kept(hermes_home):
    _config(hermes_home, memory=3000)
    assert MemoryStore(memory_char_limit=500, user_char_limit=0).limits == {"memory": 500, "user": 1375}


def test_hermes_defaults_apply_without_a_config_file(hermes_home):
    assert MemoryStore(memory_char_limit=0, user_char_limit=0).limits == HERMES_DEFAULT_LIMITS


def test_the_default_hermes_home_is_recognised_too(tmp_path, monkeypatch):
    monkeypatch.delenv("HERMES_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".hermes").mkdir()
    (tmp_path / ".hermes" / "config.yaml").write_text("memory:\n  user_char_limit: 700\n", encoding="utf-8")
    store = MemoryStore(tmp_path / ".hermes" / "memories", memory_char_limit=0, user_char_limit=0)
    assert store.limits == {"memory": 2200, "user": 700}


def test_other_homes_keep_zero_as_unlimited(hermes_home, tmp_path):
    _config(hermes_home, memory=120)
    assert MemoryStore(tmp_path / "elsewhere", memory_char_limit=0, user_char_limit=0).limits == {"memory": 0, "user": 0}


def test_a_config_the_reader_cannot_follow_is_reported_and_defaults_apply(hermes_home):
    (hermes_home / "config.yaml").write_text("memory: {memory_char_limit: 9000}\n", encoding="utf-8")
    store = MemoryStore(memory_char_limit=0, user_char_limit=0)
    assert store.limits == HERMES_DEFAULT_LIMITS
    assert any("not a block mapping" in w for w in store.warnings("memory"))


def test_a_hermes_zero_is_reported_not_taken_as_unlimited(hermes_home):
    _config(hermes_home, memory=0)
    store = MemoryStore(memory_char_limit=0, user_char_limit=0)
    assert store.limits["memory"] == 2200
    assert any("would refuse every entry" in w for w in store.warnings("memory"))


def _dmem(*args, env):
    return subprocess.run([sys.executable, "-m", "dialectical_memory", *args], capture_output=True, text=True, timeout=60, env=env)


def test_cli_applies_hermes_limits_in_a_hermes_home(hermes_home, monkeypatch):
    import os

    _config(hermes_home, memory=60)
    env = {k: v for k, v in os.environ.items() if k != "DMEM_HOME"}
    assert _dmem("add", "a" * 50, env=env).returncode == 0
    for flags in ([], ["--memory-char-limit", "0"], ["--memory-char-limit", "5000"]):
        result = _dmem(*flags, "add", "b" * 20, env=env)
        assert result.returncode != 0 and "Traceback" not in result.stderr
        assert "73/60 chars (now 50" in result.stderr
    assert (hermes_home / "memories" / "MEMORY.md").read_text() == "a" * 50
