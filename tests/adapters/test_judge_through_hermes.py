"""The host's model as the judge, inside the real hermes-agent 0.19.0: config.yaml's
``auxiliary.dialectical_judge`` points at a local OpenAI-compatible stub, and Hermes' own
``call_llm`` carries the question. A pair the rules miss becomes an edge suggested by the model
once the session ends."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection import Label, RuleDetector

from .conftest import make_hermes_home, run_in_hermes
from .judge_stub import JudgeStub

HERE = Path(__file__).parent
CROWDS = "User avoids crowds and loud music."
FESTIVALS = "User spends every summer at big music festivals, the louder the better."


def _configure(home: Path, hermes_python, **settings) -> None:
    hermes = Path(hermes_python).with_name("hermes")
    for key, value in settings.items():
        subprocess.run([str(hermes), "config", "set", f"auxiliary.dialectical_judge.{key}", str(value)],
                       env={"HERMES_HOME": str(home), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                       timeout=120, check=True)


@pytest.fixture(scope="module")
def judged(hermes_python, hermes_pythonpath, tmp_path_factory):
    home = make_hermes_home(tmp_path_factory.mktemp("hermes-judge") / "home", hermes_python)
    with JudgeStub([(CROWDS, FESTIVALS)]) as stub:
        _configure(home, hermes_python, provider="custom", base_url=stub.url, model="stub-judge", api_key="stub-key", timeout=20)
        (home / "pair.json").write_text(json.dumps([CROWDS, FESTIVALS]), encoding="utf-8")
        out = run_in_hermes(hermes_python, hermes_pythonpath, home, HERE / "hermes_judge_session.py", timeout=240)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    artifacts = Path(__file__).parents[2] / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "hermes-judge-session.json").write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    return report, stub, home




def test_the_rules_miss_the_pair():
    assert RuleDetector().compare(CROWDS, FESTIVALS).label is not Label.CONTRADICTION


def test_hermes_own_call_llm_asks_the_stub_and_the_edge_is_suggested_by_the_model(judged):
    report, stub, home = judged
    assert report["judge"] == "hermes:stub-judge"
    assert "dmem_link" in report["tools"]
    chats = [r for r in stub.requests if r["path"].endswith("/chat/completions")]
    assert chats and chats[0]["body"]["model"] == "stub-judge" and chats[0]["authorization"] == "Bearer stub-key"
    assert {frozenset(pair) for pair in stub.pairs_asked()} == {frozenset((CROWDS, FESTIVALS))}
    before, after = report["files_before"], report["files_after"]
    assert before["USER.meta.json"]["contradictions"] == []  # the rules found nothing at the write
    assert after["USER.meta.json"]["contradictions"] == [
        {"author": "judge:hermes:stub-judge", "kind": "judge", "reason": "stub says contradiction", "resolved": False}]
    assert "USER.verdicts.json" not in before and after[".USER.verdicts.json"]["verdicts"] == ["contradiction"]
    (edge,) = MemoryStore(home / "memories").get_contradictions("user")
    assert edge["found_by"] == "the model hermes:stub-judge"
    assert report["session_end_seconds"] < 0.5


def test_the_next_prefetch_names_the_new_entrys_unflagged_neighbours(judged):
    report = judged[0]
    assert "dmem_link(target, entry_id, other_id, reason)" in report["prefetch"]
    block = report["prefetch"].split("no rule flagged")[1]
    assert "User spends every summer" in block and "User avoids crowds" in block


def test_auxiliary_dialectical_judge_enabled_false_turns_the_judge_off(hermes_python, hermes_pythonpath, tmp_path):
    home = make_hermes_home(tmp_path / "home", hermes_python)
    _configure(home, hermes_python, enabled="false")
    out = run_in_hermes(hermes_python, hermes_pythonpath, home, HERE / "hermes_judge_off.py")
    assert out.returncode == 0, out.stderr[-3000:]
    assert json.loads(out.stdout) == {"judge": None}
