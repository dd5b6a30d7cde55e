"""Drafts by Hermes' own model, inside the real hermes-agent 0.19.0 (issue 45): config.yaml's
``auxiliary.dialectical_draft`` points at a local OpenAI-compatible stub, and Hermes' ``call_llm``
carries the request. Two incidents written through Hermes' memory tool become a pattern proposal
at the session's end, and its draft is the stub's, ``drafted_by`` ``hermes:<model>``. The agent drafts
too, through the provider's ``dmem_next_draft`` / ``dmem_record_draft``, and is never handed a kept secret."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from dialectical_memory import MemoryStore

from .conftest import make_hermes_home, run_in_hermes
from .test_drafts_end_to_end import DRAFTS, GARDEN, KEPT, SECRET, DraftStub, noor_home

HERE = Path(__file__).parent


def _configure(home: Path, hermes_python, task: str, **settings) -> None:
    hermes = Path(hermes_python).with_name("hermes")
    for key, value in settings.items():
        subprocess.run([str(hermes), "config", "set", f"auxiliary.{task}.{key}", str(value)],
                       env={"HERMES_HOME": str(home), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                       timeout=120, check=True)


def test_hermes_call_llm_drafts_the_pattern_of_incidents_its_memory_tool_wrote(hermes_python, hermes_pythonpath, tmp_path):
    home = make_hermes_home(tmp_path / "home", hermes_python)
    with DraftStub() as stub:
        for task, model in (("dialectical_judge", "stub-judge"), ("dialectical_draft", "stub-drafter")):
            _configure(home, hermes_python, task, provider="custom", base_url=stub.url, model=model,
                       api_key="stub-key", timeout=20)
        (home / "pair.json").write_text(json.dumps(GARDEN[:2]), encoding="utf-8")
        out = run_in_hermes(hermes_python, hermes_pythonpath, home, HERE / "hermes_judge_session.py", timeout=240)
    assert out.returncode == 0, out.stderr[-3000:]
    drafted = [r for r in stub.requests if "Write ONE entry" in r["body"]["messages"][0]["content"]]
    assert drafted and all(r["body"]["model"] == "stub-drafter" for r in drafted)
    (pattern,) = [p for p in MemoryStore(home / "memories").proposals_with_drafts("user") if p["kind"] == "pattern"]
    assert set(pattern["texts"]) == set(GARDEN[:2])
    assert (pattern["draft"], pattern["drafted_by"]) == (DRAFTS["pattern"], "hermes:stub-drafter")


def test_the_agent_drafts_through_dmem_tools_in_hermes_and_never_sees_a_kept_secret(hermes_python, hermes_pythonpath, tmp_path):
    home = make_hermes_home(tmp_path / "home", hermes_python)
    memories = home / "memories"
    noor_home(memories)
    MemoryStore(memories, user_char_limit=0, drafter=False).run_maintenance("user")  # proposes the principle
    out = run_in_hermes(hermes_python, hermes_pythonpath, home, HERE / "hermes_agent_drafts.py")
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    assert {"dmem_next_draft", "dmem_record_draft"} <= set(report["tools"])
    handed = report["handed"]
    assert {p["kind"] for p in handed} == {"pattern", "synthesis", "principle"}
    assert all(set(p) == {"id", "kind", "entry_ids", "texts"} for p in handed)
    assert SECRET not in json.dumps(handed, ensure_ascii=False), "a kept secret is never handed to the agent"
    assert report["refused"]["success"] is False and "safety" in report["refused"]["error"]
    assert all(r["success"] and r["drafted_by"] == "agent" for r in report["recorded"])

    shown = {(p["kind"], frozenset(p["entry_ids"])): p for p in MemoryStore(memories).proposals_with_drafts("user")}
    for proposal in handed:
        row = shown[(proposal["kind"], frozenset(proposal["entry_ids"]))]
        assert (row["draft"], row["drafted_by"]) == (f"Agent's {proposal['kind']} of {len(proposal['texts'])} entries.", "agent")
    kept_group = next(p for p in shown.values() if KEPT in p["texts"])
    assert (kept_group["draft"], kept_group["drafted_by"]) == ("", "")
