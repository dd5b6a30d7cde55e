"""``dmem mcp``: the memory as an MCP server (official ``mcp`` SDK 2.x, ``MCPServer``).

Agents get the action layer (add / replace / remove), reads, the contradictions and the review queue.
What needs a person stays with a person: synthesis, dismissal and promotion approval are not tools
(maintenance only *proposes*). The agent is a judge too: ``add_memory`` names the nearest entries it
compared and did not flag, and ``link_contradiction`` records the agent's own finding (source ``agent``). Failures are MCP tool errors carrying the store's one-line reason.
Stdio by default; ``--http PORT`` serves streamable HTTP on 127.0.0.1 only, with the dashboard's
rules for Host and Origin (DNS rebinding, other sites).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import ToolAnnotations
from pydantic import ValidationError

from ..core.version import __version__
from ..core.errors import CharLimitError, DecidedByPersonError, DialecticalMemoryError, InvalidInputError
from ..core.beliefs import ContradictionMode
from ..store import make_room
from ..store.memory_store import MemoryStore
from ..store.agent_views import edge_summary, entry_detail, entry_summary, history_summary, review_summary, search_summary

Target = Literal["memory", "user"]
SourceKindName = Literal["user_explicit", "observed", "agent_inferred", "user_correction", "background_review", "derived"]
KnowledgeTypeName = Literal["fact", "state", "rule", "belief", "memory"]
MaturityName = Literal["INCIDENT", "PATTERN", "PRINCIPLE", "WISDOM"]
StatusName = Literal["active", "contradicted", "superseded", "decayed", "synthesized"]
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")

INSTRUCTIONS = """\
Long-term memory of the user and of your own notes, kept by dialectical memory.
Two targets: "user" (who the user is: preferences, facts, habits) and "memory" (your notes:
environment, conventions, lessons). Save durable, high-signal facts with add_memory and say where
each came from with source_kind: what you observed the user do ("observed") outweighs what they
said they prefer ("user_explicit"); your own guesses are "agent_inferred".
A new entry that contradicts an old one does not overwrite it: both are kept and the response lists
the contradiction. The response also names the nearest entries the rules compared and did not
flag: if one of them cannot be true together with the new entry, call link_contradiction with a
short reason (you catch what rules cannot); if one states the same fact in other words (possibly_same
names the likeliest), call same_fact. Don't silently pick a side; list_contradictions shows
which side has more authority, and asking the user is often best. When you rely on an entry and the
user goes along, call record_use; when you see the user behave as an entry says, call
record_observed: both keep the entry alive, and practice outweighs what was merely said. Only a person resolves contradictions, approves
promotions or dismisses false alarms (dashboard: `dmem serve`, or the dmem CLI); run_maintenance
only proposes. replace_memory and remove_memory find an entry by a unique substring (old_text);
removed entries go to an archive a person can restore from.
"""

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
ADDS = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False)
CHANGES = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False)
PROPOSES = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def _tool_errors(call, store: MemoryStore | None = None):
    """Run a store call; its failure becomes an MCP tool error with the one-line reason (a refusal
    for the limit also names what could go or merge to make room, with ids and sizes)."""
    try:
        return call()
    except CharLimitError as error:
        plan = store.refusal_plan(error) if store is not None else None
        raise ToolError(make_room.refusal_message(error, plan)) from error
    except DialecticalMemoryError as error:
        raise ToolError(str(error)) from error


class _Server(MCPServer):
    """The SDK's server, whose argument errors are one line a model can act on: the field and what
    is wrong with it, never pydantic's multi-line report with the rejected value and a docs URL."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context=None):
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            if isinstance(error.__cause__, ValidationError):
                raise ToolError(f"Error executing tool {name}: {_one_line(error.__cause__)}") from None
            raise


def _one_line(error: ValidationError) -> str:
    problems = []
    for item in error.errors(include_url=False, include_input=False)[:5]:
        where = ".".join(str(part) for part in item.get("loc", ())) or "arguments"
        problems.append(f"{where}: {' '.join(str(item.get('msg', 'invalid')).split())}")
    more = error.error_count() - len(problems)
    return "invalid arguments: " + "; ".join(problems) + (f"; and {more} more" if more > 0 else "")


NEIGHBOURS_INSTRUCTION = ("These nearest entries were compared with the new one and not flagged; if one cannot be "
                          "true together with it, call link_contradiction(entry_id, other_id, reason).")


POSSIBLY_SAME_INSTRUCTION = ("The new entry may state the same fact as possibly_same in other words. If it does, "
                             "call same_fact(entry_id, other_id, reason): the later is folded into the earlier "
                             "(a person can undo it); if not, leave both.")


def _mutation_reply(store: MemoryStore, result) -> dict[str, Any]:
    data = result.to_dict()
    reply = {"message": data["message"], "usage": data["usage"], "contradictions": [edge_summary(e) for e in result.contradictions]}
    if result.entry_id:
        reply["entry"] = entry_summary(store.get_entry(result.target, result.entry_id))
    if result.reinforced:
        reply["reinforced"] = True  # said again: "entry" is the entry it restated
    possibly = _neighbours(store, result.target, [result.extra["possibly_same"]] if result.extra.get("possibly_same") else [])
    if possibly:
        reply["possibly_same"] = possibly[0]  # the matcher could not tell; left to the reflection layer, or to you
        reply["possibly_same_instruction"] = POSSIBLY_SAME_INSTRUCTION
    neighbours = _neighbours(store, result.target, result.extra.get("compared", ()))
    if neighbours:
        reply["unflagged_neighbours"] = neighbours
        reply["instruction"] = NEIGHBOURS_INSTRUCTION
    return reply


def _neighbours(store: MemoryStore, target: str, ids) -> list[dict[str, Any]]:
    """The entries the add compared and did not flag, as the agent may see them (no new work: the
    add's own candidates, read back)."""
    shown = []
    for entry_id in ids:
        try:
            shown.append(entry_summary(store.get_entry(target, entry_id)))
        except DialecticalMemoryError:
            continue  # gone meanwhile
    return shown


def create_server(store: MemoryStore, *, dashboard_url: str | None = None) -> MCPServer:
    """An ``MCPServer`` over ``store`` (already loaded: its prompt snapshot is the one served)."""
    server = _Server("dialectical-memory", instructions=INSTRUCTIONS, version=__version__)

    @server.tool(annotations=ADDS)
    def add_memory(content: str, target: Target = "memory", source_kind: SourceKindName = "user_explicit",
                   knowledge_type: KnowledgeTypeName | None = None) -> dict[str, Any]:  # fmt: skip
        """Save one durable entry. Re-adding existing text reinforces it. Returns the entry and any
        contradictions it caused (both sides are kept)."""
        return _tool_errors(lambda: _mutation_reply(store, store.add(target, content, source_kind=source_kind, knowledge_type=knowledge_type)), store)

    @server.tool(annotations=CHANGES)
    def replace_memory(old_text: str, content: str, target: Target = "memory") -> dict[str, Any]:
        """Replace the entry containing old_text (a unique substring) with content; the old text is kept
        in the entry's history."""
        return _tool_errors(lambda: _mutation_reply(store, store.replace(target, old_text, content)), store)

    @server.tool(annotations=CHANGES)
    def remove_memory(old_text: str, target: Target = "memory") -> dict[str, Any]:
        """Remove the entry containing old_text (a unique substring); it goes to the archive, restorable by a person."""
        return _tool_errors(lambda: store.remove(target, old_text).to_dict() | {"archived": True})

    @server.tool(annotations=ADDS)
    def link_contradiction(entry_id: str, other_id: str, reason: str, target: Target = "memory") -> dict[str, Any]:
        """Record your own judgement that two active entries cannot both be true (for instance one of
        the unflagged_neighbours add_memory named): an edge whose source is "agent", with your short
        reason. Both entries are kept; a person resolves or dismisses it."""
        return _tool_errors(lambda: _link(store, target, entry_id, other_id, reason))

    @server.tool(annotations=CHANGES)
    def same_fact(entry_id: str, other_id: str, reason: str = "", target: Target = "memory") -> dict[str, Any]:
        """Record your own judgement that two active entries state the same fact in other words (for
        instance the possibly_same add_memory named): the later is folded into the earlier, which
        gains a hit and keeps the later's wording; the later goes to the archive. A person can undo
        it; a pair a person already decided about is refused (success false)."""
        return _tool_errors(lambda: _same(store, target, entry_id, other_id, reason))

    @server.tool(annotations=READ_ONLY)
    def search_memories(query: str = "", target: Target | None = None, maturity: MaturityName | None = None,
                        status: StatusName | None = None, limit: int = 20, offset: int = 0) -> dict[str, Any]:  # fmt: skip
        """Active entries that answer query, best first, in English or Chinese (a question in one language
        finds entries in the other), both targets unless target is given. Each result has a score and
        `matched`: the words it shares with the query and, with embeddings installed, how close it is in
        meaning. Contested entries say so. An empty query lists entries in file order. Filter by maturity
        and status; page with limit and offset."""
        return _tool_errors(lambda: _search(store, query, target, maturity, status, limit, offset))

    @server.tool(annotations=READ_ONLY)
    def get_memory(entry_id: str, target: Target = "memory") -> dict[str, Any]:
        """One entry (active or archived) with all its metadata, its contradiction edges and its history."""
        return _tool_errors(lambda: _entry_detail(store, target, entry_id))

    @server.tool(annotations=ADDS)
    def record_use(entry_id: str, target: Target = "memory") -> dict[str, Any]:
        """Record that an entry was confirmed in use: you relied on it and the user went along (a hit).
        It counts toward promotion and restarts the entry's decay; call it once per use, not per read."""
        return _tool_errors(lambda: _signal_reply(store, store.record_hit(target, entry_id)))

    @server.tool(annotations=ADDS)
    def record_observed(entry_id: str, target: Target = "memory") -> dict[str, Any]:
        """Record that you just saw the user behave as an entry says (what they do outweighs what they
        said they prefer): the entry gains authority and is re-validated."""
        return _tool_errors(lambda: _signal_reply(store, store.record_observed(target, entry_id)))

    @server.tool(annotations=READ_ONLY)
    def list_contradictions(target: Target = "memory", include_resolved: bool = False,
                            mode: Literal["surface", "filter"] = "surface") -> dict[str, Any]:  # fmt: skip
        """Contradictions: both sides, the reason, and preferred_id (the side with more authority,
        observed behaviour first). mode=filter names only that side in `shown`."""
        edges = _tool_errors(lambda: store.get_contradictions(target, include_resolved=include_resolved, mode=mode))
        groups = _tool_errors(lambda: store.contradiction_groups(target))
        return {"target": target, "mode": ContradictionMode(mode).value, "count": len(edges),
                "contradictions": [edge_summary(e) for e in edges], "groups": groups}

    @server.tool(annotations=PROPOSES)
    def run_maintenance(target: Target = "memory") -> dict[str, Any]:
        """The reflection layer: decay, promotion *proposals* (a person approves them), deeper
        contradiction checks. Never approves or resolves anything itself."""
        return _tool_errors(lambda: store.run_maintenance(target, policy="review", actor="maintenance"))

    @server.tool(annotations=READ_ONLY)
    def review_queue(target: Target = "memory") -> dict[str, Any]:
        """What waits for a person: pending promotions, beliefs to re-verify, counts, the dashboard URL."""
        return _tool_errors(lambda: review_summary(store, target, dashboard_url=dashboard_url))

    @server.tool(annotations=READ_ONLY)
    def next_draft(target: Target = "memory") -> dict[str, Any]:
        """The next proposal a person will decide that has no first text yet: {id, kind, entry_ids,
        texts}; kind is pattern (one entry for these incidents), synthesis (one entry holding the sides
        of a contradiction) or principle (this entry as a short general principle). Write the text and
        give it to record_draft. `proposal` is null when nothing waits."""
        return {"target": target, "proposal": _tool_errors(lambda: store.next_to_draft(target))}

    @server.tool(annotations=PROPOSES)
    def record_draft(proposal_id: str, text: str, target: Target = "memory") -> dict[str, Any]:
        """Your first text for the proposal next_draft gave (its id). It is only shown to the person,
        pre-filling the box they edit; nothing is written to memory. In the entries' language."""
        return _tool_errors(lambda: store.record_draft(target, proposal_id, text))

    @server.resource("memory://{target}/snapshot", mime_type="text/plain")
    def snapshot(target: str) -> str:
        """The frozen system-prompt block of a target, as it was when this server started."""
        return store.format_for_system_prompt(_resource_target(target))

    @server.resource("memory://{target}/contradictions", mime_type="application/json")
    def contradictions(target: str) -> str:
        """The unresolved contradictions of a target, as JSON."""
        return json.dumps([edge_summary(e) for e in store.get_contradictions(_resource_target(target))], ensure_ascii=False)

    return server


def _link(store: MemoryStore, target, entry_id, other_id, reason) -> dict[str, Any]:
    """The agent's link; on a pair a person dismissed, ``success: false`` with the reason (a
    decision, not a failure of the call) and nothing written."""
    try:
        result = store.mark_contradiction(target, entry_id, other_id, reason=reason, actor="agent")
    except DecidedByPersonError as error:
        return {"success": False, "error": str(error), "contradictions": []}
    return {"success": True, "message": result.message, "contradictions": [edge_summary(e) for e in result.contradictions]}


def _same(store: MemoryStore, target, entry_id, other_id, reason) -> dict[str, Any]:
    """The agent's "same fact"; on a pair a person decided about, ``success: false`` with the reason
    and nothing written."""
    try:
        result = store.same_fact(target, entry_id, other_id, reason=reason, actor="agent")
    except DecidedByPersonError as error:
        return {"success": False, "error": str(error)}
    reply = {"success": True, "message": result.message, "entry": entry_summary(store.get_entry(result.target, result.entry_id))}
    if result.extra.get("folded"):
        reply["folded"] = result.extra["folded"]
    return reply


def _signal_reply(store: MemoryStore, result) -> dict[str, Any]:
    return {"message": result.message, "entry": entry_summary(store.get_entry(result.target, result.entry_id))}


def _resource_target(target: str) -> str:
    if target not in ("memory", "user"):
        raise ResourceError(f"unknown target {target!r}; expected 'memory' or 'user'")
    return target


def _search(store: MemoryStore, query, target, maturity, status, limit: int, offset: int) -> dict[str, Any]:
    if not isinstance(limit, int) or not isinstance(offset, int) or not 0 < limit <= 100 or not 0 <= offset <= 10_000:
        raise InvalidInputError("limit must be between 1 and 100 and offset between 0 and 10,000")
    found = store.search(query, target, limit=limit, offset=offset, maturity=maturity, status=status)
    return {"results": [search_summary(hit) for hit in found.items], "total": found.total, "offset": offset,
            "limit": limit, "has_more": found.has_more, "ranked": found.ranked,
            "meaning_coverage": found.meaning_coverage}  # fmt: skip


def _entry_detail(store: MemoryStore, target: str, entry_id: str) -> dict[str, Any]:
    """The entry as an agent may see it: a blocked one as ``[BLOCKED: reason]`` with ``blocked``,
    its edges and history rendered by the gate (see ``store.agent_views``)."""
    entry = store.get_entry(target, entry_id)
    edges = [edge_summary(e) for e in store.get_contradictions(target, include_resolved=True, entry_id=entry.entry_id)]
    history = [history_summary(r, entry) for r in store.history(target, entry_id=entry.entry_id, limit=50)]
    return {"entry": entry_detail(entry), "contradictions": edges, "history": history}


def transport_security(port: int) -> TransportSecuritySettings:
    """The dashboard's rules: Host must name this server (loopback, this port); an Origin, when a
    browser sends one, must be this server's own."""
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[f"{name}:{port}" for name in LOOPBACK],
        allowed_origins=[f"http://{name}:{port}" for name in LOOPBACK],
    )


def serve_mcp(home: str | Path | None, *, http_port: int | None = None, memory_char_limit: int, user_char_limit: int,
              judge=None, drafter=None) -> None:
    """Run the server until the client goes away (stdio) or it is interrupted (HTTP); ``judge`` is
    the model run_maintenance consults (``detection.judge``), ``drafter`` the one it asks for drafts."""
    store = MemoryStore(home, memory_char_limit=memory_char_limit, user_char_limit=user_char_limit, judge=judge,
                        drafter=drafter)
    store.load_from_disk(prepare_adds=False)  # prepared on the warm-up's thread instead
    store.warm_up()  # the agent's first write finds the detector and the index ready
    try:
        if http_port is None:
            create_server(store).run()
            return
        server = create_server(store, dashboard_url=None)
        server.run("streamable-http", host="127.0.0.1", port=http_port, transport_security=transport_security(http_port))
    finally:
        store.close()  # its spare copies of large .md files (storage/spare.py)
