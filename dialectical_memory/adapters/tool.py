"""The one entry point an LLM agent calls: ``memory_tool(...)`` and its JSON schema.

Responses are JSON strings, ``{"success": true, ...}`` or ``{"success": false, "error": ...}``.
Bad input of any kind is answered with a reason and writes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import AmbiguousMatchError, CharLimitError, DialecticalMemoryError, echo
from ..core.beliefs import ContradictionMode, KnowledgeType, SourceKind
from ..storage.files import TARGET_FILES
from ..store import make_room
from ..store.agent_views import edge_summary, result_summary
from ..store.memory_store import MemoryStore

ACTIONS = ("add", "replace", "remove", "contradictions", "maintenance")
TARGETS = tuple(TARGET_FILES)
MAX_TOOL_CONTENT_CHARS = 4000
BATCH_ACTIONS = ("add", "replace", "remove")
MAX_BATCH_OPERATIONS = 50

MEMORY_TOOL_SCHEMA: dict[str, Any] = {
    "name": "memory",
    "description": (
        "Long-term memory that survives across sessions. 'memory' holds your own notes (environment, "
        "conventions, lessons learned); 'user' holds what you know about the user. Contradictions are "
        "kept and flagged, not overwritten: when an add contradicts an existing entry the response lists "
        "it. Mark where knowledge came from with source_kind: what you observed the user do outweighs "
        "what they said they prefer. Use 'contradictions' to review open conflicts and 'maintenance' to "
        "run decay checks and promotion proposals."
    ),
    "parameters": {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": list(ACTIONS), "description": "What to do (omit when giving operations)."},
            "target": {"type": "string", "enum": list(TARGETS), "description": "Which memory file."},
            "content": {
                "type": "string",
                "description": "Entry text for add, or the new text for replace.",
                "maxLength": MAX_TOOL_CONTENT_CHARS,
            },
            "old_text": {
                "type": "string",
                "description": "For replace/remove: a unique substring of the entry to change.",
            },
            "source_kind": {
                "type": "string",
                "enum": [s.value for s in SourceKind],
                "description": "Where this knowledge comes from (default user_explicit).",
            },
            "contradiction_mode": {
                "type": "string",
                "enum": [m.value for m in ContradictionMode],
                "description": "surface: show both sides of open contradictions; filter: only the side "
                "with more authority.",
            },
            "operations": {
                "type": "array",
                "description": "Several changes to one target in one call (Hermes' batch form), applied in "
                "order, all or nothing; the character limit applies to the final result. Omit action.",
                "maxItems": MAX_BATCH_OPERATIONS,
                "items": {
                    "type": "object",
                    "properties": {
                        "action": {"type": "string", "enum": list(BATCH_ACTIONS)},
                        "content": {"type": "string", "maxLength": MAX_TOOL_CONTENT_CHARS},
                        "old_text": {"type": "string"},
                    },
                    "required": ["action"],
                    "additionalProperties": False,
                },
            },
            "knowledge_type": {
                "type": "string",
                "enum": [k.value for k in KnowledgeType],
                "description": "How fast this decays: fact never, state fast, rule/memory slowly.",
            },
        },
        "required": ["target"],
        "additionalProperties": False,
    },
}

_STRING_FIELDS = ("content", "old_text", "source_kind", "contradiction_mode", "knowledge_type")


def _error(message: str, **extra) -> str:
    return json.dumps({"success": False, "error": message, **extra}, ensure_ascii=False)


def _ok(payload: dict[str, Any]) -> str:
    return json.dumps({"success": True, **payload}, ensure_ascii=False)


def _check_arguments(action, target, values: dict[str, Any]) -> str | None:
    if not isinstance(action, str) or action not in ACTIONS:
        return f"unknown action {echo(action)}; expected one of: {', '.join(ACTIONS)}"
    if not isinstance(target, str) or target not in TARGETS:
        return f"unknown target {echo(target)}; expected 'memory' or 'user'"
    for name in _STRING_FIELDS:
        value = values.get(name)
        if value is not None and not isinstance(value, str):
            return f"{name} must be a string, not {type(value).__name__}"
    content = values.get("content")
    if action in ("add", "replace") and not (content or "").strip():
        return f"content is required for {action}"
    if content is not None and len(content) > MAX_TOOL_CONTENT_CHARS:
        return f"content is {len(content):,} characters; the tool accepts at most {MAX_TOOL_CONTENT_CHARS:,}"
    if action in ("replace", "remove") and not (values.get("old_text") or "").strip():
        return f"old_text is required for {action}"
    return None


def _check_batch(action, target, operations, values: dict[str, Any]) -> str | None:
    if action is not None:
        return "give either action or operations, not both"
    if not isinstance(target, str) or target not in TARGETS:
        return f"unknown target {target!r}; expected 'memory' or 'user'"
    if not isinstance(operations, list) or not operations:
        return "operations must be a non-empty list of {action, content, old_text} objects"
    if len(operations) > MAX_BATCH_OPERATIONS:
        return f"{len(operations)} operations; one call accepts at most {MAX_BATCH_OPERATIONS}"
    stray = [name for name in ("content", "old_text", "contradiction_mode", "knowledge_type") if values.get(name) is not None]
    if stray:
        return f"with operations, put {', '.join(stray)} inside each operation"
    for number, op in enumerate(operations, 1):
        content = op.get("content") if isinstance(op, dict) else None
        if isinstance(content, str) and len(content) > MAX_TOOL_CONTENT_CHARS:
            return f"operation {number}: content is {len(content):,} characters; the tool accepts at most {MAX_TOOL_CONTENT_CHARS:,}"
    if values.get("source_kind") is not None and not isinstance(values["source_kind"], str):
        return f"source_kind must be a string, not {type(values['source_kind']).__name__}"
    return None


def memory_tool(
    action=None,
    target="memory",
    content=None,
    old_text=None,
    source_kind=None,
    contradiction_mode=None,
    knowledge_type=None,
    operations=None,
    store: MemoryStore | None = None,
    **unexpected,
) -> str:
    """Run one memory action (or Hermes' batch of ``operations``) for an agent; answer with JSON."""
    if unexpected:
        return _error(f"unexpected argument(s): {', '.join(sorted(unexpected))}")
    values = dict(content=content, old_text=old_text, source_kind=source_kind,
                  contradiction_mode=contradiction_mode, knowledge_type=knowledge_type)  # fmt: skip
    if operations is not None:
        problem = _check_batch(action, target, operations, values)
    else:
        problem = _check_arguments(action, target, values)
    if problem:
        return _error(problem)
    try:
        if store is None:
            store = MemoryStore()
            store.load_from_disk()
        if operations is not None:
            source = source_kind or SourceKind.USER_EXPLICIT
            return _ok(result_summary(store.apply_batch(target, operations, source_kind=source).to_dict()))
        return _ok(_run(store, action, target, values))
    except AmbiguousMatchError as error:
        return _error(str(error), matches=error.previews)
    except CharLimitError as error:
        return _limit_error(store, error)
    except DialecticalMemoryError as error:
        return _error(str(error))


def _limit_error(store: MemoryStore | None, error: CharLimitError) -> str:
    """The limit's refusal, naming what could go or merge to make room (ids and sizes)."""
    plan = store.refusal_plan(error) if store is not None else None
    room = {"make_room": make_room.refusal_detail(plan)} if plan is not None else {}
    return _error(make_room.refusal_message(error, plan), usage=error.usage, limit=error.limit, **room)


def _run(store: MemoryStore, action: str, target: str, values: dict[str, Any]) -> dict[str, Any]:
    if action == "add":
        return result_summary(store.add(target, values["content"], source_kind=values["source_kind"] or SourceKind.USER_EXPLICIT,
                                        knowledge_type=values["knowledge_type"]).to_dict())  # fmt: skip
    if action == "replace":
        return result_summary(store.replace(target, values["old_text"], values["content"], source_kind=values["source_kind"]).to_dict())
    if action == "remove":
        return result_summary(store.remove(target, values["old_text"]).to_dict())
    if action == "contradictions":
        mode = values["contradiction_mode"] or store.contradiction_mode
        edges = [edge_summary(edge) for edge in store.get_contradictions(target, mode=mode)]
        return {"target": target, "mode": ContradictionMode(mode).value, "contradictions": edges, "count": len(edges)}
    report = store.run_maintenance(target)
    return {"report": report}


def tool_schema_openai() -> dict[str, Any]:
    """The schema wrapped as an OpenAI ``tools`` item."""
    return {"type": "function", "function": MEMORY_TOOL_SCHEMA}
