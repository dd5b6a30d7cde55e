"""A person's decisions on pattern proposals (:mod:`.patterns` finds them): approve, as given or
edited, one or several; reject.

Approving is the merge step every door already has (:meth:`ReviewActions.merge_entries`): one
PATTERN entry whose parents are the members, the members archived (restorable), one undoable
change. The proposal is looked up again first, so a member that changed or left since the person
saw it refuses the approval instead of merging something else. Rejecting writes one history record
(``reject_pattern``, its members' ids), read back by :meth:`PatternReview.rejected_patterns`: a
rejected group, or any part of it, is never proposed again. No policy approves a pattern.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import AmbiguousMatchError, ConflictError, InvalidInputError, NotFoundError
from ..core.results import MutationResult
from ..storage.files import atomic_write, file_stamp
from . import history_log

if TYPE_CHECKING:
    from .patterns import Proposal

REJECT_ACTION = "reject_pattern"
_REJECT_LINE = re.compile(rb'"action"\s*:\s*"reject_pattern"')
MIN_ID_CHARS = 4
PROPOSALS_SUFFIX = ".patterns.json"
PROPOSALS_FORMAT = "dialectical-memory-patterns"
MAX_KEPT = 10_000


class PatternReview:
    """Mixed into :class:`MemoryStore`."""

    def pattern_proposals(self, target: str, *, fresh: bool = False) -> list[Proposal]:
        """The pattern proposals of ``target``, the largest and closest groups first. The groups
        are kept in ``.X.patterns.json`` (a derived cache, never synced), so between two reflection
        runs a proposal keeps its id, across processes, while its members are unchanged: approving
        one never regroups the others. ``fresh`` (the reflection run) groups the home anew; a group
        found again has the same id."""
        from . import patterns, read_models  # on demand: rare

        target = self._target(target)
        rejected = frozenset(self.rejected_patterns(target))
        path = self._paths[target].home / f".{self._paths[target].stem}{PROPOSALS_SUFFIX}"
        kept = () if fresh else read_groups(path)
        with self.reading(target) as state:
            found = read_models.derived(state, "pattern_proposals", (rejected, kept), lambda: patterns.proposals(
                state, state.ensure_index().holders(), rejected, kept))
            writable = not (state.newer_format or state.read_only)  # a home shown read-only gets no file
        groups = tuple((p.proposal_id, tuple(p.entry_ids)) for p in found)
        if groups != kept and writable:
            write_groups(path, groups)
        return found

    def pattern_proposal(self, target: str, proposal_id) -> Proposal:
        """The current proposal whose id is ``proposal_id`` or starts with it (at least 4 characters)."""
        if not isinstance(proposal_id, str) or len(proposal_id.strip()) < MIN_ID_CHARS:
            raise InvalidInputError(f"give a proposal id (at least {MIN_ID_CHARS} characters)")
        wanted = proposal_id.strip().lower()
        found = [p for p in self.pattern_proposals(target) if p.proposal_id.startswith(wanted)]
        if not found:
            raise NotFoundError(f"no pattern proposal {wanted[:20]!r} in {self._target(target)}: "
                                "its entries changed, were merged, or it was rejected")
        if len(found) > 1:
            raise AmbiguousMatchError(f"several proposals start with {wanted!r}; give more characters",
                                      [p.proposal_id for p in found[:5]])
        return found[0]

    def approve_pattern(self, target: str, proposal_id, *, text=None, actor: str = "person") -> MutationResult:
        """Write the proposal as one PATTERN entry (``text``, else its starting text) whose parents
        are its members, archived; one undoable change (``extra["history_id"]``)."""
        proposal = self.pattern_proposal(target, proposal_id)
        chosen = proposal.draft if text is None or (isinstance(text, str) and not text.strip()) else text
        etags = {entry_id: self.get_entry(target, entry_id).etag for entry_id in proposal.entry_ids}
        result = self.merge_entries(target, proposal.entry_ids, chosen, expected_etags=etags, actor=actor)
        result.extra["proposal_id"] = proposal.proposal_id
        return result

    def approve_patterns(self, target: str, proposal_ids, *, actor: str = "person") -> list[MutationResult]:
        """Approve several proposals with their starting texts, each its own undoable change.
        Every id is looked up before the first is written, so an unknown one writes nothing."""
        if not isinstance(proposal_ids, (list, tuple)) or not proposal_ids:
            raise InvalidInputError("name at least one proposal to approve")
        found = [self.pattern_proposal(target, i) for i in dict.fromkeys(proposal_ids)]
        chosen = list({p.proposal_id: p for p in found}.values())  # one named twice (a prefix and its id) once
        members = [i for p in chosen for i in p.entry_ids]
        if len(members) != len(set(members)):
            raise ConflictError("two of these proposals share an entry; approve one of them")
        return [self.approve_pattern(target, p.proposal_id, actor=actor) for p in chosen]

    def reject_pattern(self, target: str, proposal_id, *, actor: str = "person") -> MutationResult:
        """A person's no: the group (and any part of it) is not proposed again. Nothing else changes."""
        proposal = self.pattern_proposal(target, proposal_id)
        with self.unit_of_work(target, actor) as (state, change):
            for entry_id in proposal.entry_ids:
                self._active(state, entry_id)
            change.log(state.target, REJECT_ACTION, proposal.entry_ids[0], None, None,
                       proposal=proposal.proposal_id, entry_ids=list(proposal.entry_ids))
            return self._result(state, REJECT_ACTION, None, "Pattern proposal rejected; it will not be proposed again.",
                                extra={"proposal_id": proposal.proposal_id, "entry_ids": list(proposal.entry_ids)})

    def rejected_patterns(self, target: str) -> set[frozenset[str]]:
        """The member sets a person rejected, from the history (scanned once; later calls read only
        what was appended since)."""
        target = self._target(target)
        path = self._paths[target].history
        stamp = file_stamp(path)
        if stamp is None:
            return set()
        cache = self.__dict__.setdefault("_rejected_patterns", {})
        cached = cache.get(target)
        if cached is None or cached[0] != stamp[2] or stamp[1] < cached[1]:
            cached = (stamp[2], 0, set())
        inode, offset, rejected = cached
        for end, record in history_log.from_offset(path, offset, target, self._history_warner(target), only=_REJECT_LINE):
            offset = end
            ids = (record or {}).get("detail", {}) or {}
            if record is not None and record["action"] == REJECT_ACTION and isinstance(ids.get("entry_ids"), list):
                rejected.add(frozenset(ids["entry_ids"]))
        cache[target] = (inode, offset, rejected)
        return set(rejected)


def read_groups(path: Path) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``(id, member ids)`` of the proposals last made; anything unreadable reads as none (the
    groups are made again)."""
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return ()
    rows = data.get("proposals") if isinstance(data, dict) and data.get("format") == PROPOSALS_FORMAT else None
    if not isinstance(rows, list):
        return ()
    from .patterns import GROUP_MAX, GROUP_MIN

    groups = []
    for row in rows[:MAX_KEPT]:
        if not isinstance(row, dict):
            continue
        known_id, ids = row.get("id"), row.get("entry_ids")
        if (isinstance(known_id, str) and len(known_id) <= 64 and isinstance(ids, list)
                and GROUP_MIN <= len(ids) <= GROUP_MAX
                and all(isinstance(i, str) and len(i) <= 64 for i in ids)):
            groups.append((known_id, tuple(ids)))
    return tuple(groups)


def write_groups(path: Path, groups) -> None:
    """Keep the groups for the next reader; a home that cannot be written goes without (they are
    only made again)."""
    payload = {"format": PROPOSALS_FORMAT, "version": 1,
               "proposals": [{"id": known_id, "entry_ids": list(ids)} for known_id, ids in groups]}
    try:
        atomic_write(path, json.dumps(payload, separators=(",", ":")).encode("utf-8"), sync_dir=False)
    except OSError:
        pass
