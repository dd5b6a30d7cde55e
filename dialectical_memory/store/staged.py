"""Staged writes: a write another program proposed (Hermes' write-approval queue), what it would do
before a person decides, and applying it, all or nothing, once they approve.

A mixin of ``MemoryStore``. :meth:`StagedWrites.preview_write` only reads: it runs the add path's
contradiction check on the nearest candidates, as an add would, but records nothing.
:meth:`StagedWrites.apply_staged` is one locked mutation, like ``apply_batch``, with the source and
provenance the proposal carries and a history record of the approval.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..storage import hermes_format
from ..core.beliefs import SourceKind, clean_provenance
from ..core.errors import (
    AmbiguousMatchError,
    CharLimitError,
    ConflictError,
    DialecticalMemoryError,
    InvalidInputError,
    NotFoundError,
    echo,
)
from ..core.results import MutationResult
from ..core.validation import parse_enum
from .operations import checked_operations, numbered
from .state import TargetState


class OperationPreview(NamedTuple):
    """What one operation would do: the text it writes, the entry it replaces or removes, the
    entry it would only reinforce (the text is there already), the contradictions it would raise."""

    action: str
    text: str | None = None
    old_text: str | None = None
    replaces: dict[str, Any] | None = None  # {"entry_id", "text"}
    removes: dict[str, Any] | None = None
    duplicate_of: str | None = None
    unchanged: bool = False  # a replacement with the text the entry already has
    contradicts: list[dict[str, Any]] = ()  # each preview passes its own list: () only where a caller names none
    says_again: dict[str, Any] | None = None  # {"entry_id", "text"}: an add restating a kept entry (it reinforces it)

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action, "text": self.text, "old_text": self.old_text, "replaces": self.replaces,
            "removes": self.removes, "duplicate_of": self.duplicate_of, "unchanged": self.unchanged,
            "contradicts": list(self.contradicts), "says_again": self.says_again,
        }  # fmt: skip


class WritePreview(NamedTuple):
    """A staged write as it would land now. ``refused`` says why applying it would change nothing."""

    target: str
    operations: list[OperationPreview]
    usage_before: dict[str, Any]
    usage_after: dict[str, Any]
    refused: str | None = None

    @property
    def contradictions(self) -> list[dict[str, Any]]:
        return [c for op in self.operations for c in op.contradicts]

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target, "refused": self.refused, "operations": [op.to_dict() for op in self.operations],
            "contradictions": len(self.contradictions), "usage_before": self.usage_before, "usage_after": self.usage_after,
        }  # fmt: skip


class StagedWrites:
    # ------------------------------------------------------------ reading

    def preview_write(self, target: str, operations, *, single: bool = False, limit: int | None = None) -> WritePreview:
        """What ``operations`` (``[{action, content, old_text}, …]``, Hermes' batch form; ``single``
        for a lone add, replace or remove) would do if applied now, without writing anything: the
        entries replaced or removed, the contradictions the add path would flag (the same
        candidates, the same detector, pairs already judged skipped), the characters used after.
        A refusal (no match, a limit, unsafe text) is ``refused``, with the reason an apply would give.
        ``limit``: the character limit the proposer applies (Hermes' own; default: the store's)."""
        target = self._target(target)
        limit = self._staged_limit(target, limit)
        with self.reading(target) as state:
            before = self._usage_of(state, state.texts, limit)
            try:
                ops = checked_operations(operations, single=single)
            except DialecticalMemoryError as error:
                return WritePreview(target, [], before, before, str(error))
            texts = list(state.texts)
            ids = [state.id_for_text(text) for text in texts]
            previews: list[OperationPreview] = []
            gone: set[str] = set()  # entries the write replaces or removes before a later operation
            fresh: list[str] = []  # texts it wrote before a later operation
            try:
                for number, (action, text, old_text) in enumerate(ops, 1):
                    try:
                        previews.append(self._preview_one(state, texts, ids, gone, fresh, action, text, old_text))
                    except DialecticalMemoryError as error:
                        raise numbered(error, number, action, single) from None
                _check_staged_limit(state, ops, single, texts, limit)
            except DialecticalMemoryError as error:
                return WritePreview(target, previews, before, self._usage_of(state, texts, limit), str(error))
            return WritePreview(target, previews, before, self._usage_of(state, texts, limit))

    def _preview_one(self, state, texts, ids, gone, fresh, action, text, old_text) -> OperationPreview:
        if action == "add":
            if text in texts:
                return OperationPreview("add", text, duplicate_of=ids[texts.index(text)], contradicts=[])
            nearest = self._nearest(state, text)  # one query of the index for both checks, as an add asks it
            said = self._says_again(state, text, gone, nearest)
            if said is not None:  # the add reinforces that entry and writes nothing
                return OperationPreview("add", text, says_again=said, contradicts=[])
            found = self._would_contradict(state, text, None, gone, fresh, nearest)
            texts.append(text)
            ids.append(None)
            fresh.append(text)
            return OperationPreview("add", text, contradicts=found)
        index = _match(texts, old_text, state.target, {state.entries[i].text for i in state.entries.flagged("blocked")})
        entry = {"entry_id": ids[index], "text": texts[index]}
        if action == "remove":
            del texts[index], ids[index]
            if entry["entry_id"]:
                gone.add(entry["entry_id"])
            return OperationPreview("remove", old_text=old_text, removes=entry, contradicts=[])
        if text == texts[index]:
            return OperationPreview("replace", text, old_text, replaces=entry, unchanged=True, contradicts=[])
        if text in texts:
            raise ConflictError(f"an active {state.target} entry with exactly this text already exists")
        found = self._would_contradict(state, text, ids[index], gone, fresh)
        texts[index] = text
        fresh.append(text)
        return OperationPreview("replace", text, old_text, replaces=entry, contradicts=found)

    def _says_again(self, state: TargetState, text: str, gone: set[str], nearest: list[str]) -> dict[str, Any] | None:
        """The kept entry an added ``text`` says again in other words (the same-fact matcher, sure):
        applied here, the add reinforces that entry and keeps the words in its history."""
        found = self._restated(state, text, self.now(), nearest)
        if found is None or not found[1].sure or found[0] in gone:
            return None
        return {"entry_id": found[0], "text": state.entries[found[0]].text}

    def _would_contradict(self, state: TargetState, text: str, own_id: str | None, gone: set[str], fresh: list[str],
                          nearest: list[str] | None = None) -> list[dict[str, Any]]:
        """The contradictions the add path would flag for ``text`` (as entry ``own_id`` when it
        replaces one): stored candidates still there, then the texts written earlier in the write
        (``nearest``: the index's answer for ``text``, when asked already)."""
        from ..detection import Label

        found, detector = [], self.detector_in(state)
        for candidate_id in self._candidate_ids(state, text, own_id, nearest=nearest):
            other = state.entries.get(candidate_id)
            if other is None or candidate_id in gone or (own_id and state.edge_between(candidate_id, own_id)):
                continue
            verdict = detector.compare(other.text, text)
            if verdict.label is Label.CONTRADICTION:
                found.append(_contradiction(candidate_id, other.text, verdict))
        for other_text in fresh:
            verdict = detector.compare(other_text, text)
            if verdict.label is Label.CONTRADICTION:
                found.append(_contradiction(None, other_text, verdict))
        return found

    @staticmethod
    def _usage_of(state: TargetState, texts: list[str], limit: int) -> dict[str, Any]:
        chars = hermes_format.usage(texts)
        return {"chars": chars, "limit": limit, "percent": round(100 * chars / limit, 1) if limit else None}

    def _staged_limit(self, target: str, limit) -> int:
        if limit is None:
            return self.limits[target]
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise InvalidInputError("a character limit is an integer ≥ 0 (0 = unlimited)")
        return limit

    # ------------------------------------------------------------ writing

    def apply_staged(self, target: str, operations, *, single: bool = False, source_kind=None, provenance=None,
                     limit: int | None = None, actor: str = "person", record: dict[str, Any] | None = None) -> MutationResult:  # fmt: skip
        """Apply a staged write as Hermes' ``apply_memory_pending`` would, all or nothing, under both
        locks: a lone add or replace within the character limit, a lone remove always, a batch
        against its final state.

        ``source_kind`` is the source of what it writes (None: an add is a person's, a replacement
        keeps its entry's); ``provenance`` is kept on every entry it writes; ``limit`` is the
        proposer's character limit (Hermes' own; default: the store's); ``record`` becomes the detail
        of the ``approve_staged`` history record. Any refusal raises and writes nothing.
        """
        limit = self._staged_limit(self._target(target), limit)
        ops = checked_operations(operations, single=single)
        source = parse_enum(SourceKind, source_kind, "source_kind") if source_kind is not None else None
        kept = clean_provenance(provenance)
        with self.unit_of_work(target, actor) as (state, change):
            results, texts_before = [], list(state.texts)
            for number, (action, text, old_text) in enumerate(ops, 1):
                try:
                    results.append(self._apply_one(state, change, action, text, old_text, source, kept))
                except DialecticalMemoryError as error:
                    raise numbered(error, number, action, single) from None
            _check_staged_limit(state, ops, single, state.texts, limit, texts_before)
            edges = [edge for result in results for edge in result.contradictions]
            detail = {key: value for key, value in (record or {}).items() if isinstance(value, (str, int, float))}
            change.log(state.target, "approve_staged", None, operations=len(results), **detail)
            return self._result(
                state, "approve_staged", results[0].entry_id if single else None,
                f"Applied the staged write ({len(results)} operation{'s' if len(results) != 1 else ''}).",
                contradictions=edges, extra={"results": [result.to_dict() for result in results]},
            )  # fmt: skip

    def _apply_one(self, state, change, action, text, old_text, source, provenance) -> MutationResult:
        if action == "remove":
            return self._remove_in(state, change, old_text)
        there = state.id_for_text(text) is not None  # reinforced, or a replacement that changes nothing
        if action == "add":
            result = self._add_in(state, change, text, source or SourceKind.USER_EXPLICIT, None, check_limit=False)
        else:
            result = self._replace_in(state, change, old_text, text, source, check_limit=False)
        meta = state.entries.get(result.entry_id)
        if meta is not None and not there and provenance:
            meta.provenance = dict(provenance)
            change.touch(meta)
        return result

    def record_staged_decision(self, target: str, action: str, *, actor: str = "person", **detail) -> MutationResult:
        """A history record of a decision about a staged write that changes no entry (a rejection)."""
        if action not in ("reject_staged",):
            raise InvalidInputError(f"unknown decision {echo(action)}")
        kept = {key: value for key, value in detail.items() if isinstance(value, (str, int, float))}
        with self.unit_of_work(target, actor) as (state, change):
            change.log(state.target, action, None, **kept)
            return self._result(state, action, None, "Recorded.", extra={"history_id": change.history[-1]["id"]})

def _check_staged_limit(state: TargetState, ops, single: bool, texts_after: list[str], limit: int, texts_before: list[str] | None = None) -> None:
    """Hermes' limit on a write, on the texts it would leave: a lone add or replace that grows past
    the limit is refused (one that does not change the text is not), a lone remove never is, a batch
    is judged on its final state only (it may free room and add)."""
    if not limit:
        return
    before = state.texts if texts_before is None else texts_before
    action = ops[0][0]
    usage = hermes_format.usage(texts_after)
    if usage <= limit or (single and (action == "remove" or texts_after == before)):
        return
    current = hermes_format.usage(before)
    if single:
        raise CharLimitError(
            f"{state.target} would be at {usage:,}/{limit:,} chars (now {current:,}); "
            "replace or remove existing entries first", usage=current, limit=limit,
        )  # fmt: skip
    raise CharLimitError(
        f"after all operations {state.target} would be at {usage:,}/{limit:,} chars; "
        "remove or shorten more entries in the same batch (no operation was applied)", usage=current, limit=limit,
    )  # fmt: skip


def _match(texts: list[str], old_text: str, target: str, blocked: set[str]) -> int:
    """The index of the one text containing ``old_text``, with the store's errors: the same entries
    the apply matches (``_find_by_substring``), so a blocked entry is never matched here either."""
    needle = old_text.strip()
    matches = [i for i, text in enumerate(texts) if needle in text and text not in blocked]
    if not matches:
        raise NotFoundError(f"no {target} entry contains {echo(needle)}")
    if len(matches) > 1:
        previews = [texts[i][:60] + ("…" if len(texts[i]) > 60 else "") for i in matches[:5]]
        raise AmbiguousMatchError(f"{len(matches)} {target} entries contain {echo(needle)}; be more specific", previews)
    return matches[0]


def _contradiction(entry_id: str | None, text: str, verdict) -> dict[str, Any]:
    return {
        "entry_id": entry_id, "text": text, "reason": verdict.reason, "kind": getattr(verdict, "kind", ""),
        "confidence": round(float(verdict.score), 3), "reason_data": dict(getattr(verdict, "reason_data", None) or {}),
    }  # fmt: skip
