"""``DialecticalMemoryProvider``: the Hermes agent's memory provider ``dialectical``.

Hermes' built-in ``memory`` tool keeps writing ``MEMORY.md`` / ``USER.md`` itself; this provider runs
beside it on the same files (``<hermes_home>/memories``). After every built-in write Hermes calls
:meth:`on_memory_write`: the store reconciles the file and checks the new entry at once, so a
contradiction exists before the next turn; an add its tool found already written ("Entry already
exists") reinforces that entry, as the fact said again (:mod:`.repeated_adds`). The provider adds what the built-in memory lacks: open
contradictions and the behaviour-first hint in the system prompt, ranked recall before each turn,
a few ``dmem_*`` tools, and maintenance in the background when a session ends.

The reflection layer asks Hermes' own model about the pairs the rules leave open: the judge is built
on ``agent.auxiliary_client.call_llm(task="dialectical_judge", …)``, so ``auxiliary.dialectical_judge``
in ``config.yaml`` picks its provider, model, endpoint and timeout like any auxiliary task
(``enabled: false`` turns it off). The agent is a judge too: the next ``prefetch`` after a write
names the new entry's nearest entries that the rules did not flag, ``dmem_link`` records the
agent's own finding (source ``agent``) and ``dmem_same`` its finding that two state one fact. The
agent drafts as well: ``dmem_next_draft`` hands it the next proposal a person will decide that has
no first text yet (never one holding a blocked, kept or flagged entry) and ``dmem_record_draft``
keeps its text, ``drafted_by`` ``agent``, only shown.

Who wrote an entry is kept: Hermes' hook says (``write_origin``, session, platform), and a write its
background review made gets ``SourceKind.BACKGROUND_REVIEW``, not a person's authority. With
``memory.write_approval`` on, Hermes stages writes instead; while it runs, a thread watches the
queue and remembers each staged text's origin (``features.hermes_pending``), because Hermes' own
``/memory approve`` tells no provider what it applied.

Written against hermes-agent 0.19.0's ``agent.memory_provider.MemoryProvider``. Outside Hermes the
class still works (it then derives from ``object``), which keeps it usable and testable anywhere.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

from ..core.errors import DialecticalMemoryError
from ..core.beliefs import ContradictionMode, SourceKind
from ..store import make_room
from ..store.memory_store import MemoryStore
from ..store.agent_views import edge_summary, entry_summary, result_summary, review_summary, search_summary
from ..store.screening import quoted
from ..features.hermes_pending import QueueWatcher
from ..storage import hermes_format
from .repeated_adds import RepeatedAdds

try:  # inside Hermes: the real base class, so Hermes' own type checks and defaults apply
    from agent.memory_provider import MemoryProvider as _ProviderBase
except ImportError:  # pragma: no cover - exercised by the project venv, which has no Hermes
    _ProviderBase = object

log = logging.getLogger(__name__)

PROVIDER_NAME = "dialectical"
TARGETS = ("memory", "user")
PROMPT_BUDGET_CHARS = 1200
PREFETCH_LIMIT = 5
PREFETCH_QUERY_CHARS = 2_000  # a turn longer than this is searched by its start
ROOM_HINT_CANDIDATES = 3  # candidates the system prompt names per file at ≥ 80 %
ROOM_LINE_CHARS = 330
SESSION_END_JOIN_SECONDS = 5.0
BEHAVIOUR_FIRST = (
    "Behaviour first: what you observed the user do outweighs what they said they prefer. "
    "Both sides of a contradiction are kept until a person resolves it (`dmem serve`); "
    "don't silently pick one — ask when it matters."
)

TOOL_SCHEMAS: list[dict[str, Any]] = [
    {
        "name": "dmem_contradictions",
        "description": "Open contradictions in long-term memory: both sides, why they conflict, and which side "
        "has more authority (observed behaviour first). Read-only.",
        "parameters": {
            "type": "object",
            "properties": {
                "target": {"type": "string", "enum": [*TARGETS, "both"], "description": "Which memory file (default both)."},
                "mode": {"type": "string", "enum": [m.value for m in ContradictionMode],
                         "description": "surface: both sides; filter: only the side with more authority."},  # fmt: skip
            },
            "additionalProperties": False,
        },
    },
    {
        "name": "dmem_review",
        "description": "Review work waiting for a person: pending promotions, beliefs to re-verify, open "
        "contradictions, counts. Read-only; a person acts on it in the dashboard or with `dmem`.",
        "parameters": {
            "type": "object",
            "properties": {"target": {"type": "string", "enum": list(TARGETS), "description": "Which memory file (default memory)."}},
            "additionalProperties": False,
        },
    },
    {
        "name": "dmem_search",
        "description": "Search long-term memory with a question or a few words, in English or Chinese (either finds "
        "the other), best first; each result says which words matched and whether it is contested. Read-only.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to look for."},
                "target": {"type": "string", "enum": [*TARGETS, "both"], "description": "Which memory file (default both)."},
                "limit": {"type": "integer", "minimum": 1, "maximum": 50, "description": "At most this many (default 8)."},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
    {
        "name": "dmem_observed",
        "description": "Record that you just observed the user behave as an existing entry says (behaviour "
        "outweighs stated preference): the entry gains authority and is re-validated.",
        "parameters": {
            "type": "object",
            "properties": {
                "target": {"type": "string", "enum": list(TARGETS)},
                "old_text": {"type": "string", "description": "A unique substring of the entry."},
            },
            "required": ["target", "old_text"],
            "additionalProperties": False,
        },
    },
]


def _judgement_of_two(name: str, description: str, reason: str) -> dict[str, Any]:
    """The schema of a tool that records the agent's own judgement of two entries, with a reason."""
    return {
        "name": name,
        "description": description,
        "parameters": {
            "type": "object",
            "properties": {
                "target": {"type": "string", "enum": list(TARGETS)},
                "entry_id": {"type": "string", "description": "One entry's id."},
                "other_id": {"type": "string", "description": "The other entry's id."},
                "reason": {"type": "string", "description": reason},
            },
            "required": ["target", "entry_id", "other_id", "reason"],
            "additionalProperties": False,
        },
    }


TOOL_SCHEMAS.append(_judgement_of_two(
    "dmem_link",
    "Record your own judgement that two memory entries cannot both be true (for instance a new entry and one of "
    "the neighbours the memory context named): a contradiction whose source is you, with a short reason. Both "
    "entries are kept; a person resolves or dismisses it.",
    "Why both cannot be true, one short line."))
TOOL_SCHEMAS.append(_judgement_of_two(
    "dmem_same",
    "Record your own judgement that two memory entries state the same fact in other words (for instance a new "
    "entry and a neighbour the memory context named): the later counts as the earlier said again (archived into "
    "it, or, when it is a line of your memory file, kept and marked). A person can undo it.",
    "Why they say one thing, one short line."))
TOOL_SCHEMAS.append({
    "name": "dmem_next_draft",
    "description": "The next decision waiting for a person that has no first text yet: {id, kind, entry_ids, texts}. "
    "kind is pattern (ONE entry stating what these incidents show), synthesis (ONE entry holding what is true in "
    "each side of a contradiction) or principle (this entry as ONE short general principle). Write the text in the "
    "entries' language and give it to dmem_record_draft. `proposal` is null when nothing waits. Read-only.",
    "parameters": {
        "type": "object",
        "properties": {"target": {"type": "string", "enum": list(TARGETS), "description": "Which memory file (default memory)."}},
        "additionalProperties": False,
    },
})
TOOL_SCHEMAS.append({
    "name": "dmem_record_draft",
    "description": "Your first text for the proposal dmem_next_draft gave (its id). It only pre-fills the box the "
    "person edits, labelled as yours; nothing is written to memory.",
    "parameters": {
        "type": "object",
        "properties": {
            "target": {"type": "string", "enum": list(TARGETS)},
            "proposal_id": {"type": "string", "description": "The id dmem_next_draft gave."},
            "text": {"type": "string", "description": "The drafted entry, one line."},
        },
        "required": ["target", "proposal_id", "text"],
        "additionalProperties": False,
    },
})
TOOL_NAMES = tuple(schema["name"] for schema in TOOL_SCHEMAS)
JUDGE_TASK = "dialectical_judge"  # Hermes' auxiliary task: auxiliary.dialectical_judge in config.yaml
JUDGE_MAX_TOKENS = 800


DRAFT_TASK = "dialectical_draft"  # auxiliary.dialectical_draft: the model that drafts (off: enabled: false)
DRAFT_MAX_TOKENS = 600


def _judge_config(task: str = JUDGE_TASK) -> dict[str, Any]:
    """``auxiliary.<task>`` of Hermes' config.yaml ({} outside Hermes or when unset)."""
    try:
        from hermes_cli.config import load_config

        auxiliary = (load_config() or {}).get("auxiliary") or {}
    except Exception:  # outside Hermes, or a config Hermes itself cannot read
        return {}
    section = auxiliary.get(task) if isinstance(auxiliary, dict) else None
    return section if isinstance(section, dict) else {}


def hermes_judge():
    """A judge on Hermes' own model (``call_llm(task="dialectical_judge")``), several pairs a request;
    None outside Hermes or when ``auxiliary.dialectical_judge.enabled`` is false."""
    try:
        from agent.auxiliary_client import call_llm
    except ImportError:
        return None
    from ..detection.judge import JUDGE_BATCH, ChatJudge

    config = _judge_config()
    if config.get("enabled") is False or str(config.get("enabled", "")).lower() in ("false", "off", "no"):
        return None

    def send(messages: list[dict[str, str]]) -> str:
        response = call_llm(task=JUDGE_TASK, messages=messages, temperature=0, max_tokens=JUDGE_MAX_TOKENS)
        return _response_text(response)

    model = str(config.get("model") or config.get("provider") or "auxiliary").strip()
    try:
        batch = int(config.get("batch", JUDGE_BATCH))
    except (TypeError, ValueError):
        batch = JUDGE_BATCH
    return ChatJudge(send, f"hermes:{model}", batch)


def hermes_drafter():
    """The model that drafts patterns, syntheses and principles: Hermes' ``call_llm`` on the
    auxiliary task ``dialectical_draft`` (configured like the judge's), named ``hermes:<model>``.
    ``False`` (no drafts) when ``auxiliary.dialectical_draft.enabled`` is false; None outside Hermes
    or when the task is not configured (the judge's model then drafts, on the judge's task)."""
    try:
        from agent.auxiliary_client import call_llm
    except ImportError:
        return None
    from ..detection.judge import ChatJudge

    config = _judge_config(DRAFT_TASK)
    if not config:
        return None
    if config.get("enabled") is False or str(config.get("enabled", "")).lower() in ("false", "off", "no"):
        return False

    def send(messages: list[dict[str, str]]) -> str:
        return _response_text(call_llm(task=DRAFT_TASK, messages=messages, temperature=0, max_tokens=DRAFT_MAX_TOKENS))

    model = str(config.get("model") or config.get("provider") or "auxiliary").strip()
    return ChatJudge(send, f"hermes:{model}", 1)


def _response_text(response) -> str:
    """The text of a chat completion as call_llm returns it (an OpenAI-style object)."""
    content = response.choices[0].message.content
    if isinstance(content, list):
        return "".join(part.get("text", "") if isinstance(part, dict) else str(getattr(part, "text", "")) for part in content)
    return str(content or "")


def _shown(text: str | None, width: int = 140) -> str:
    """Memory text as it enters the provider's block: flat and short. It comes from an agent view
    (``store.agent_views``), which shows a blocked or unscreened text as ``[BLOCKED: …]``."""
    if not text:
        return "(gone)"
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


class DialecticalMemoryProvider(_ProviderBase):
    """Dialectical memory as Hermes' external memory provider (``memory.provider: dialectical``)."""

    def __init__(self, store: MemoryStore | None = None):
        self._store = store
        self._primary = True
        self._session_id = ""
        self._platform = ""
        self._watcher: QueueWatcher | None = None
        self._maintenance: threading.Thread | None = None
        self._lock = threading.Lock()
        self._repeats = RepeatedAdds(self._file_texts)

    # ------------------------------------------------------------ identity and lifecycle

    @property
    def name(self) -> str:
        return PROVIDER_NAME

    def is_available(self) -> bool:
        """Always: local files, no network, no credentials."""
        return True

    def initialize(self, session_id: str, **kwargs) -> None:
        """Open the store on ``<hermes_home>/memories``; only the primary agent context writes
        (never a subagent's, a cron job's or a flush), and only it watches the approval queue."""
        self._session_id = session_id
        self._platform = kwargs.get("platform") or ""
        self._primary = kwargs.get("agent_context", "primary") == "primary" and self._platform != "cron"
        hermes_home = Path(kwargs.get("hermes_home") or os.environ.get("HERMES_HOME") or Path.home() / ".hermes")
        if self._store is None:
            # Hermes enforces its own character limits; this store never adds text for Hermes.
            self._store = MemoryStore(hermes_home / "memories", memory_char_limit=0, user_char_limit=0,
                                      judge=hermes_judge() if self._primary else None,
                                      drafter=hermes_drafter() if self._primary else False)
        self._store.load_from_disk(prepare_adds=False)  # the primary warms up on a thread; the others never add
        if self._primary:
            self._store.warm_up()  # what it checks next finds the detector and the index ready
            for target in TARGETS:
                self._repeats.look(target)
        if self._primary and self._watcher is None and (hermes_home / "memories").resolve() == Path(self._store.home).resolve():
            self._watcher = QueueWatcher(self._store, hermes_home)
            self._watcher.start()

    @property
    def store(self) -> MemoryStore:
        if self._store is None:
            raise RuntimeError("the dialectical provider is not initialized")
        return self._store

    def get_config_schema(self) -> list[dict[str, Any]]:
        return []  # local files only: nothing to configure, no secrets

    def shutdown(self) -> None:
        """Stop watching the queue; give a running maintenance pass a bounded chance to finish (its
        writes are atomic anyway)."""
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None
        worker = self._maintenance
        if worker is not None:
            worker.join(SESSION_END_JOIN_SECONDS)
        if self._store is not None:
            self._store.close()  # its spare copies of large .md files (storage/spare.py)

    # ------------------------------------------------------------ what the model sees

    def system_prompt_block(self) -> str:
        """Open contradictions (both sides, the side with more authority starred), the behaviour-first
        hint and, for a file at 80 % of its limit or more, what could go or merge to make room, within
        ``PROMPT_BUDGET_CHARS``."""
        header = "DIALECTICAL MEMORY\n" + BEHAVIOUR_FIRST + self._room_block()
        title = "Contested entries (★ = more authority):"
        lines, more = [], 0
        used = len(header) + 1 + len(title)
        for target in TARGETS:
            for edge in map(edge_summary, self.store.get_contradictions(target)):
                star = {edge["from_id"]: "", edge["to_id"]: ""}
                star[edge["preferred_id"]] = "★"
                line = (f"- [{target}] {star[edge['from_id']]}\"{_shown(edge['from_text'])}\" ⟷ "
                        f"{star[edge['to_id']]}\"{_shown(edge['to_text'])}\" (reason: {quoted(edge['reason'], 160)})")  # fmt: skip
                if used + 1 + len(line) > PROMPT_BUDGET_CHARS - 50:  # room for the "… more" line
                    more += 1
                    continue
                lines.append(line)
                used += len(line) + 1
        if not lines and not more:
            return header
        body = title + "\n" + "\n".join(lines)
        if more:
            body += f"\n- … {more} more (call dmem_contradictions)"
        return f"{header}\n{body}"

    def _room_block(self) -> str:
        """A line per file at ≥ 80 % of Hermes' limit naming the best candidates to make room (ids,
        sizes): Hermes' own refusal never reaches a provider, so the model learns it here first."""
        lines = []
        for target in TARGETS:
            try:
                plan = self.store.make_room_plan(target)
            except DialecticalMemoryError:
                continue
            if plan.due:
                lines.append(f"- {target}: {plan.usage:,}/{plan.limit:,} chars ({plan.percent}%); "
                             + _shown(make_room.hint(plan, ROOM_HINT_CANDIDATES), ROOM_LINE_CHARS))
        if not lines:
            return ""
        return ("\nMemory nearly full. Before adding, remove or merge what is worth least (both go to the archive; "
                "never a principle):\n" + "\n".join(lines))

    def prefetch(self, query: str, *, session_id: str = "") -> str:
        """The few entries that best answer this turn (``store.search``, both targets), with what the
        files lack: confidence, maturity, whether they are contested."""
        if not isinstance(query, str) or not query.strip():
            return ""
        found = self.store.search(query[:PREFETCH_QUERY_CHARS], limit=PREFETCH_LIMIT).items
        shown = {(hit.target, hit.entry.entry_id) for hit in found}
        # a line Hermes keeps that says another entry found here again: that one says it
        found = [hit for hit in found if (hit.target, hit.entry.meta.says_again) not in shown]
        lines = [
            f"- [{hit.target}] {_shown(entry_summary(hit.entry)['text'])} (confidence {hit.entry.effective_confidence:.2f}, "
            f"{hit.entry.meta.maturity.name.lower()}{', contested' if hit.entry.contested else ''})"
            for hit in found
        ]
        recalled = "Relevant long-term memory (dialectical):\n" + "\n".join(lines) if lines else ""
        return "\n\n".join(part for part in (recalled, self._neighbours_block()) if part)

    def _neighbours_block(self) -> str:
        """The entries written since the last turn, each with the nearest entries the rules compared it
        with and did not flag (no extra work: what the write's own check compared), named once."""
        lines = []
        for target in TARGETS:
            for entry_id, others in self.store.recent_neighbours(target, clear=True).items():
                entry = self._active_entry(target, entry_id)
                shown = [(other_id, self._active_entry(target, other_id)) for other_id in others]
                shown = [(other_id, other) for other_id, other in shown if other is not None]
                if entry is None or not shown:
                    continue
                lines.append(f"- [{target}] new {entry_id} \"{_shown(entry_summary(entry)['text'])}\" vs "
                             + "; ".join(f"{other_id} \"{_shown(entry_summary(other)['text'], 90)}\"" for other_id, other in shown))
                if len(lines) >= PREFETCH_LIMIT:
                    break
        if not lines:
            return ""
        return ("Memory written lately, beside its nearest entries that no rule flagged. If a pair cannot both be "
                "true, call dmem_link(target, entry_id, other_id, reason); if it states one fact twice, call "
                "dmem_same(target, entry_id, other_id, reason):\n" + "\n".join(lines))

    def _active_entry(self, target: str, entry_id: str):
        try:
            entry = self.store.get_entry(target, entry_id)
        except DialecticalMemoryError:
            return None
        return None if entry.archived else entry

    def get_tool_schemas(self) -> list[dict[str, Any]]:
        return [dict(schema) for schema in TOOL_SCHEMAS]

    def handle_tool_call(self, tool_name: str, args: dict[str, Any], **kwargs) -> str:
        """Run one ``dmem_*`` tool; always a JSON string, failures as ``{"success": false, "error": …}``."""
        handlers = {
            "dmem_contradictions": self._tool_contradictions,
            "dmem_review": self._tool_review,
            "dmem_search": self._tool_search,
            "dmem_observed": self._tool_observed,
            "dmem_link": self._tool_link,
            "dmem_same": self._tool_same,
            "dmem_next_draft": self._tool_next_draft,
            "dmem_record_draft": self._tool_record_draft,
        }
        handler = handlers.get(tool_name)
        if handler is None:
            return json.dumps({"success": False, "error": f"unknown tool {tool_name!r}"})
        if not isinstance(args, dict):
            return json.dumps({"success": False, "error": "arguments must be an object"})
        try:
            return json.dumps({"success": True, **handler(**args)}, ensure_ascii=False)
        except TypeError as error:
            return json.dumps({"success": False, "error": f"bad arguments: {error}"})
        except DialecticalMemoryError as error:
            return json.dumps({"success": False, "error": str(error)}, ensure_ascii=False)

    @staticmethod
    def _targets(target: str, allow_both: bool = True) -> tuple[str, ...]:
        if target == "both" and allow_both:
            return TARGETS
        if target not in TARGETS:
            raise DialecticalMemoryError(f"unknown target {target!r}; expected memory, user{' or both' if allow_both else ''}")
        return (target,)

    def _tool_contradictions(self, target: str = "both", mode: str = "surface") -> dict[str, Any]:
        edges = [
            {"target": name, **edge_summary(edge)}
            for name in self._targets(target)
            for edge in self.store.get_contradictions(name, mode=mode)
        ]
        return {"contradictions": edges, "count": len(edges), "mode": mode}

    def _tool_review(self, target: str = "memory") -> dict[str, Any]:
        (name,) = self._targets(target, allow_both=False)
        return review_summary(self.store, name)

    def _tool_search(self, query: str, target: str = "both", limit: int = 8) -> dict[str, Any]:
        if not isinstance(limit, int) or not 0 < limit <= 50:
            raise DialecticalMemoryError("limit must be between 1 and 50")
        chosen = None if target == "both" else self._targets(target)[0]
        found = self.store.search(query, chosen, limit=limit)
        return {"results": [search_summary(hit) for hit in found.items], "total": found.total}

    def _tool_observed(self, target: str, old_text: str) -> dict[str, Any]:
        if not self._primary:
            raise DialecticalMemoryError("this agent context does not write memory (only the primary agent does)")
        (name,) = self._targets(target, allow_both=False)
        entry = self.store.find_entry(name, old_text)
        return result_summary(self.store.record_observed(name, entry.entry_id).to_dict())

    def _tool_link(self, target: str, entry_id: str, other_id: str, reason: str) -> dict[str, Any]:
        if not self._primary:
            raise DialecticalMemoryError("this agent context does not write memory (only the primary agent does)")
        (name,) = self._targets(target, allow_both=False)
        result = self.store.mark_contradiction(name, entry_id, other_id, reason=reason, actor="agent")
        return {"message": result.message, "contradictions": [edge_summary(edge) for edge in result.contradictions]}

    def _tool_same(self, target: str, entry_id: str, other_id: str, reason: str) -> dict[str, Any]:
        if not self._primary:
            raise DialecticalMemoryError("this agent context does not write memory (only the primary agent does)")
        (name,) = self._targets(target, allow_both=False)
        result = self.store.same_fact(name, entry_id, other_id, reason=reason, actor="agent")
        return {"message": result.message, **result.extra}

    def _tool_next_draft(self, target: str = "memory") -> dict[str, Any]:
        """The next open proposal whose texts may leave the home (never a blocked, kept or flagged
        entry's: ``store.next_to_draft``), for the agent to draft."""
        (name,) = self._targets(target, allow_both=False)
        return {"target": name, "proposal": self.store.next_to_draft(name)}

    def _tool_record_draft(self, target: str, proposal_id: str, text: str) -> dict[str, Any]:
        if not self._primary:
            raise DialecticalMemoryError("this agent context does not record drafts (only the primary agent does)")
        (name,) = self._targets(target, allow_both=False)
        return self.store.record_draft(name, proposal_id, text)

    # ------------------------------------------------------------ hooks

    def on_memory_write(self, action: str, target: str, content: str, metadata: dict[str, Any] | None = None) -> None:
        """Hermes' built-in tool has just written the file: reconcile now and check the entry it wrote,
        so its contradictions exist before the next turn (not only after maintenance). The entry
        keeps who wrote it (``metadata``); a background review's write gets that source."""
        if not self._primary or target not in TARGETS:
            return
        try:
            self._mirror(action, target, content, metadata if isinstance(metadata, dict) else {})
        finally:
            self._repeats.look(target)

    def _mirror(self, action: str, target: str, content: str, metadata: dict[str, Any]) -> None:
        if action not in ("add", "replace") or not isinstance(content, str) or not content.strip():
            self.store.warnings(target)  # reconciles: a removed entry goes to the archive
            return
        repeat = action == "add" and self._repeats.is_repeat(target, content, metadata.get("tool_call_id"))
        source, provenance = self._origin(metadata)
        self.store.expect_origin(target, content, source_kind=source, provenance=provenance)
        meta = self.store.get_entry_meta(target, content)  # reconciles first (and checks, within budget)
        if meta is not None and repeat and meta.blocked is None:
            # Hermes' tool found it already written: the fact said again in its words, as an add of it
            # here reinforces its entry (a hit that re-verifies it; the file stays as it is)
            self.store.add(target, content, source_kind=source or meta.source_kind)
        elif meta is not None:
            self.store.check_entry(target, meta.entry_id)

    def _file_texts(self, target: str) -> frozenset[str]:
        """The entries Hermes' file holds now, as Hermes reads them (none when it cannot be read)."""
        try:
            data = self.store.paths(target).md.read_bytes()
        except OSError:
            return frozenset()
        return frozenset(hermes_format.loads(hermes_format.decode(data)[0]))

    def _origin(self, metadata: dict[str, Any]) -> tuple[SourceKind | None, dict[str, Any]]:
        """Source and provenance of a write from Hermes' hook metadata (``write_origin``:
        ``assistant_tool`` or ``background_review``); a foreground write keeps today's source."""
        def text(key: str, default: str) -> str:
            value = metadata.get(key)
            return value if isinstance(value, str) and value.strip() else default

        origin = text("write_origin", "assistant_tool")
        background = "background_review" in (origin, metadata.get("execution_context"))
        provenance = {
            "origin": "background_review" if background else origin,
            "session_id": text("session_id", self._session_id),
            "platform": text("platform", self._platform),
            "tool_name": text("tool_name", "memory"),
        }
        return (SourceKind.BACKGROUND_REVIEW if background else None), provenance

    def on_session_end(self, messages: list[dict[str, Any]]) -> None:
        """Maintenance (decay, promotion proposals, deeper contradiction checks) on a thread of its
        own: this returns at once and never blocks a turn. Proposals wait for a person."""
        if not self._primary or self._store is None:
            return
        with self._lock:
            if self._maintenance is not None and self._maintenance.is_alive():
                return
            self._maintenance = threading.Thread(target=self._maintain, name="dmem-maintenance", daemon=True)
            self._maintenance.start()

    def _maintain(self) -> None:
        for target in TARGETS:
            try:
                self.store.run_maintenance(target, policy="review")
            except DialecticalMemoryError as error:
                log.warning("dialectical memory maintenance of %s failed: %s", target, error)
