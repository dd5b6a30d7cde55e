"""What arrived from outside never reaches a model — through MCP (the SDK's own client),
the one tool, the Hermes provider (in this venv and inside the real hermes-agent 0.19.0).

The home of ``hostile_home.build`` holds a payload per way in (see its table). Every read surface
is asked for everything it offers; no marker may appear in any answer, a blocked entry asked for by
id is ``[BLOCKED: reason]`` with ``"blocked": true``, and no read changes a byte of any file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore, memory_tool
from dialectical_memory.hermes import DialecticalMemoryProvider

from . import hostile_home
from .conftest import make_hermes_home, run_in_hermes
from .test_mcp_server import run_client

HERE = Path(__file__).parent


@pytest.fixture
def hostile(tmp_path):
    home = tmp_path / "home"
    ids = hostile_home.build(home)
    return home, ids


def test_the_system_prompt_shows_none_of_it(hostile):
    home, _ids = hostile
    store = MemoryStore(home, memory_char_limit=0)
    store.load_from_disk()
    prompts = [store.format_for_system_prompt("memory"), store.format_for_system_prompt("memory", mode="filter")]
    assert hostile_home.leaked(*prompts) == []
    assert prompts[0].count("[BLOCKED: MEMORY.md entry failed the safety check") == 3
    assert "User likes tea" in prompts[0] and len(prompts[0]) < 3_000


def test_mcp_tools_and_resources_through_the_sdk_client(mcp_sdk, hostile):
    home, ids = hostile
    before = hostile_home.files_of(home)

    async def script(client):
        seen = {}
        for name, arguments in [
            ("search_memories", {}), ("search_memories", {"query": "ZQX"}), ("search_memories", {"query": "deploy token"}),
            ("search_memories", {"query": "instructions"}), ("list_contradictions", {"include_resolved": True}),
            ("list_contradictions", {"mode": "filter"}), ("review_queue", {}),
            *[("get_memory", {"entry_id": entry_id}) for entry_id in ids.values()],
        ]:  # fmt: skip
            result = await client.call_tool(name, arguments)
            assert not result.is_error, result.content
            seen[f"{name} {json.dumps(arguments)}"] = result.structured_content or json.loads(result.content[0].text)
        for uri in ("memory://memory/snapshot", "memory://memory/contradictions"):
            seen[uri] = (await client.read_resource(uri)).contents[0].text
        return seen

    seen = run_client(home, script)
    assert hostile_home.leaked(seen) == []
    assert seen['search_memories {"query": "ZQX"}']["results"] == []
    assert seen['search_memories {"query": "deploy token"}']["results"] == []
    for role in ("secret", "kept_elsewhere", "long", "archived"):
        entry = seen[f'get_memory {json.dumps({"entry_id": ids[role]})}']["entry"]
        assert entry["blocked"] is True and entry["text"].startswith("[BLOCKED: "), role
    tea = seen[f'get_memory {json.dumps({"entry_id": ids["tea"]})}']
    assert tea["entry"]["blocked"] is False and tea["entry"]["text"] == "User likes tea"
    reasons = [e["reason"] for e in seen['list_contradictions {"include_resolved": true}']["contradictions"]]
    assert all("\n" not in r for r in reasons) and "clean reason on two lines" in reasons
    assert hostile_home.files_of(home) == before


@pytest.mark.parametrize("arguments", [{"content": 5}, {"content": "x", "target": "elsewhere"}, {"content": ["a"], "knowledge_type": 3}])
def test_mcp_argument_errors_are_one_line_without_a_pydantic_report(mcp_sdk, tmp_path, arguments):
    async def script(client):
        return await client.call_tool("add_memory", arguments)

    result = run_client(tmp_path / "home", script)
    text = result.content[0].text
    assert result.is_error and text.startswith("Error executing tool add_memory: invalid arguments: ")
    assert "\n" not in text and "pydantic" not in text and "http" not in text and "input_value" not in text
    assert not (tmp_path / "home" / "MEMORY.md").exists()


def test_the_one_tool_answers_hold_none_of_it(hostile):
    home, _ids = hostile
    store = MemoryStore(home, memory_char_limit=0)
    store.load_from_disk()
    before = hostile_home.files_of(home)
    answers = [memory_tool(action="contradictions", target="memory", store=store),
               memory_tool(action="contradictions", target="memory", contradiction_mode="filter", store=store)]  # fmt: skip
    assert hostile_home.leaked(*answers) == []
    assert hostile_home.files_of(home) == before
    # an add that contradicts an existing entry reports it; the report is gated too
    added = json.loads(memory_tool(action="add", target="memory", content="User likes green tea", store=store))
    assert added["success"] and hostile_home.leaked(added) == []


def _provider_outputs(provider) -> list:
    outputs = [provider.system_prompt_block(), provider.prefetch("deploy token instructions tea ZQX")]
    for name, arguments in [("dmem_search", {"query": "deploy token"}), ("dmem_search", {"query": "ZQX instructions"}),
                            ("dmem_contradictions", {}), ("dmem_contradictions", {"mode": "filter"}), ("dmem_review", {})]:  # fmt: skip
        outputs.append(provider.handle_tool_call(name, arguments))
    return outputs


def test_the_hermes_provider_in_this_venv(hostile, tmp_path):
    home, _ids = hostile
    hermes_home = tmp_path / "hermes"
    hermes_home.mkdir()
    (hermes_home / "memories").symlink_to(home, target_is_directory=True)
    before = hostile_home.files_of(home)
    provider = DialecticalMemoryProvider()
    provider.initialize("s1", hermes_home=str(hermes_home), platform="cli", agent_context="primary")
    outputs = _provider_outputs(provider)
    assert hostile_home.leaked(*outputs) == []
    block = outputs[0]
    assert '(reason: "[withheld: it failed the safety check]")' in block
    assert all(line.startswith(("- ", "DIALECTICAL", "Behaviour", "Contested")) for line in block.splitlines())
    assert hostile_home.files_of(home) == before


def test_the_hermes_provider_inside_the_real_hermes_agent(hermes_python, hermes_pythonpath, tmp_path):
    hermes_home = make_hermes_home(tmp_path / "hermes", hermes_python)
    hostile_home.build(hermes_home / "memories")
    before = hostile_home.files_of(hermes_home / "memories")
    out = run_in_hermes(hermes_python, hermes_pythonpath, hermes_home, HERE / "hermes_hostile.py")
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    assert report["provider"] == "dialectical"
    assert hostile_home.leaked(report["outputs"]) == []
    assert any('(reason: "[withheld' in o for o in report["outputs"] if isinstance(o, str))
    assert hostile_home.files_of(hermes_home / "memories") == before
