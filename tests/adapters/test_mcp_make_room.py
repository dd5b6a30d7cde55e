"""A refusal for the limit, through the official MCP SDK's client, names what could go (ids, sizes)."""

from __future__ import annotations

from dialectical_memory import MemoryStore

from .conftest import mcp_server_params, run_async


def test_add_memory_refused_for_the_limit_names_the_best_candidates(mcp_sdk, tmp_path):
    from mcp import Client

    home = tmp_path / "home"
    store = MemoryStore(home, user_char_limit=200)
    fragment = store.add("user", "User drinks oat milk cortados.").entry_id
    store.add("user", "User drinks oat milk cortados every morning.")
    inferred = store.add("user", "User probably enjoys jazz.", source_kind="agent_inferred").entry_id
    store.add("user", "User works from home three days a week.")
    before = (home / "USER.md").read_bytes()

    async def main():
        async with Client(mcp_server_params(home, "--user-char-limit", "200"), cache=None) as client:
            return await client.call_tool("add_memory", {"content": "User collects fountain pens. " * 4, "target": "user"})

    result = run_async(main)
    assert result.is_error
    text = result.content[0].text
    assert "would be at" in text and "replace or remove existing entries first" in text
    assert f"could go: {fragment[:8]} ({len('User drinks oat milk cortados.') + 3} chars, superseded" in text
    assert inferred[:8] in text and "dmem make-room --target user" in text
    assert (home / "USER.md").read_bytes() == before
