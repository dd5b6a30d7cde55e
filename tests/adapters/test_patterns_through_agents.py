"""An agent can list the pattern proposals that wait for a person: MCP's review_queue through the
official SDK's client, and the Hermes provider's dmem_review inside the real hermes-agent 0.19.0."""

from __future__ import annotations

import json
from pathlib import Path

from dialectical_memory import MemoryStore

from .conftest import make_hermes_home, mcp_server_params, run_async, run_in_hermes

HERE = Path(__file__).parent
KAYAK = [
    "User paddles a sea kayak out of the harbour club on calm days.",
    "User rents a sea kayak from the harbour club.",
    "User took a sea kayak rescue course at the harbour club.",
]
OTHERS = ["User is vegetarian.", "User's laptop runs Debian.", "User works night shifts at a bakery.",
          "User's sister Ada lives in Porto."]


def fill(memories: Path) -> set[str]:
    store = MemoryStore(memories, user_char_limit=0)
    return {store.add("user", text).entry_id for text in KAYAK + OTHERS}


def kayak_proposal(proposals: list[dict]) -> dict:
    (found,) = [p for p in proposals if set(p["texts"]) == set(KAYAK)]
    return found


def test_mcp_review_queue_lists_pattern_proposals(mcp_sdk, tmp_path):
    from mcp import Client

    home = tmp_path / "home"
    fill(home)

    async def main():
        async with Client(mcp_server_params(home), cache=None) as client:
            return await client.call_tool("review_queue", {"target": "user"})

    result = run_async(main)
    assert not result.is_error
    review = result.structured_content or json.loads(result.content[0].text)
    proposal = kayak_proposal(review["pattern_proposals"])
    assert proposal["kind"] == "pattern" and proposal["drafted_by"] == "members" and proposal["draft"].startswith(KAYAK[0])
    assert review["pattern_proposals_total"] == len(review["pattern_proposals"])
    store = MemoryStore(home, user_char_limit=0)
    assert proposal["id"] in {p.proposal_id for p in store.pattern_proposals("user")}  # the id a person approves by
    assert len(store.entries("user")) == len(KAYAK + OTHERS), "listing writes nothing"


def test_hermes_provider_dmem_review_lists_pattern_proposals(hermes_python, hermes_pythonpath, tmp_path):
    hermes_home = make_hermes_home(tmp_path / "hermes", hermes_python)
    fill(hermes_home / "memories")
    out = run_in_hermes(hermes_python, hermes_pythonpath, hermes_home, HERE / "hermes_patterns.py")
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    assert report["provider"] == "dialectical"
    review = json.loads(report["answer"])
    proposal = kayak_proposal(review["pattern_proposals"])
    assert proposal["entry_ids"] == [e.entry_id for e in MemoryStore(hermes_home / "memories").entries("user")
                                     if e.text in KAYAK]
