"""Review actions: what a person does to the memory (edit, archive, resolve, promote, re-verify).

A mixin of ``MemoryStore``; it uses the store's locked mutation and commit machinery.
"""

from __future__ import annotations

from typing import Any

from . import undo as undo_snapshot
from ..core.errors import (
    CharLimitError,
    ConflictError,
    DecidedByPersonError,
    InvalidInputError,
    NotFoundError,
    StorageError,
    echo,
)
from ..core.validation import parse_enum
from ..core.beliefs import (
    SOURCE_AUTHORITY,
    BeliefStatus,
    ContradictionEdge,
    KnowledgeType,
    MaturityLevel,
    SourceKind,
    apply_promotion,
    revalidate,
)
from ..core.beliefs import (
    synthesize as synthesize_meta,
)
from ..core.results import MutationResult
from .screening import MAX_ENTRY_CHARS, MAX_KEEP_MARKS, WITHHELD, admit_reason, admit_stored, clean_reason, entry_problem, keep_mark
from .state import TargetState, summary


UNDOABLE_ACTORS = ("person", "cli")
PERSON_WRITES = ("add", "edit", "revise", "restore")  # history actions that put a person's text in


def _given_reason(reason) -> str:
    """A caller's short reason for a judgement (an agent's or a person's), through the gate of a
    reason; "" when none was given."""
    if not isinstance(reason, str) or len(reason) > 500:
        raise InvalidInputError("reason must be a string of at most 500 characters")
    return admit_reason(reason, "the reason") if reason.strip() else ""


class ReviewActions:
    # ------------------------------------------------------------ person edits

    def edit_text(self, target: str, entry_id, new_text, *, expected_etag=None, actor: str = "person") -> MutationResult:
        text = self._content(new_text, "text")
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if text == meta.text:
                return self._result(state, "edit", meta.entry_id, "Text unchanged.")
            self._no_duplicate(state, text, meta.entry_id)
            self.check_limit(state, [text], [meta.text])
            snap = undo_snapshot.take(state, [meta.entry_id])
            edges = self._change_text(state, change, meta, text, "edit")
            return self._undoable(state, change, snap, "edit", meta.entry_id, "Entry edited.", contradictions=self._edge_dicts(state, edges))

    def keep_blocked(self, target: str, entry_id, *, expected_etag=None, actor: str = "person") -> MutationResult:
        """A person's override: this entry, blocked by the safety check, is fine and goes back in the prompt."""
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if not meta.blocked:
                raise ConflictError("this entry is not blocked")
            mark = keep_mark(state, meta)
            if mark is None:
                raise StorageError(f"the memory home {state.paths.home} cannot hold this device's key (.dmem-device); nothing was changed")
            reason, meta.blocked, meta.safety_kept = meta.blocked, None, True
            meta.keep_marks = [*(m for m in meta.keep_marks if m != mark), mark][-MAX_KEEP_MARKS:]
            change.touch(meta)
            change.log(state.target, "keep_blocked", meta.entry_id, reason=reason)
            return self._result(state, "keep_blocked", meta.entry_id, "Kept: the entry is back in the prompt from the next session.")

    def archive_entry(self, target: str, entry_id, *, expected_etag=None, reason: str = "archived by a person", actor: str = "person") -> MutationResult:
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            snap = undo_snapshot.take(state, [meta.entry_id])
            self._archive(state, change, meta, reason, "archive")
            return self._undoable(state, change, snap, "archive", meta.entry_id, "Entry archived.")

    def restore(self, target: str, entry_id, *, actor: str = "person") -> MutationResult:
        with self.unit_of_work(target, actor) as (state, change):
            archived = state.archive.get(entry_id) if isinstance(entry_id, str) else None
            if archived is None:
                raise NotFoundError(f"no archived {state.target} entry with id {echo(entry_id)}")
            text = admit_stored(archived.meta.text, "the archived entry")
            self._no_duplicate(state, text)
            self.check_limit(state, [text])
            meta = state.from_archive(change, entry_id)
            meta.text = text
            meta.blocked, meta.safety_kept, meta.keep_marks = None, False, []  # it passed the gate just now
            if meta.status in (BeliefStatus.SUPERSEDED, BeliefStatus.SYNTHESIZED, BeliefStatus.CONTRADICTED):
                meta.status = BeliefStatus.ACTIVE
            meta.superseded_by = None
            meta.updated_at = change.now
            state.insert(change, meta)
            state.reopen_archived_edges(change, meta.entry_id)
            change.log(state.target, "restore", meta.entry_id, None, summary(meta))
            return self._result(state, "restore", meta.entry_id, "Entry restored.")

    def _edge(self, state: TargetState, edge_id) -> ContradictionEdge:
        edge = state.edge(edge_id) if isinstance(edge_id, str) else None
        if edge is None:
            raise NotFoundError(f"no {state.target} contradiction with id {echo(edge_id)}")
        return edge

    def synthesize(self, target: str, entry_ids, text, *, knowledge_type=None, expected_etags: dict | None = None, actor: str = "person") -> MutationResult:
        """Resolve contradicting entries with a person's synthesis; the parents go to the archive."""
        content = self._content(text, "synthesis text")
        kind = parse_enum(KnowledgeType, knowledge_type, "knowledge_type") if knowledge_type else None
        if not isinstance(entry_ids, (list, tuple)) or len(set(entry_ids)) < 2:
            raise InvalidInputError("a synthesis needs at least two different entries")
        with self.unit_of_work(target, actor) as (state, change):
            parents = [self._active(state, i, (expected_etags or {}).get(i)) for i in dict.fromkeys(entry_ids)]
            synthesis, snap, found = self._replace_with_synthesis(state, change, parents, content, kind, "synthesized into", "synthesize")
            return self._undoable(
                state, change, snap, "synthesize", synthesis.entry_id, f"Synthesis written; {len(parents)} entries resolved.",
                created=[synthesis.entry_id], contradictions=self._edge_dicts(state, found),
            )

    def _replace_with_synthesis(self, state: TargetState, change, parents: list, content: str, kind: KnowledgeType | None,
                                archived_as: str, action: str, level: MaturityLevel | None = None):
        """One new entry in the place of ``parents`` (a synthesis or a merge): their contradictions
        with each other resolved by it, the parents archived (``archived_as`` its id), the new entry
        checked for contradictions with the rest. Returns it, the undo snapshot and what it found."""
        parent_ids = {p.entry_id for p in parents}
        if state.id_for_text(content) not in parent_ids:  # a parent's very text may stay, as the new entry
            self._no_duplicate(state, content)
        if len(content) > sum(len(p.text) for p in parents):  # one entry in the place of several frees room: always written
            self.check_limit(state, [content], [p.text for p in parents])
        befores = {p.entry_id: summary(p) for p in parents}
        snap = undo_snapshot.take(state, sorted(parent_ids))
        position = min(state.texts.index(p.text) for p in parents)
        edges = [e for p in parents for e in state.unresolved_edges_of(p.entry_id) if e.pair() <= parent_ids]
        synthesis = synthesize_meta(parents, content, change.now, kind, edges=[])
        if level is not None:
            apply_promotion(synthesis, max(level, synthesis.maturity), change.now)
        for edge in {e.edge_id: e for e in edges}.values():
            state.resolve(change, edge, "synthesis", synthesis.entry_id)
        for parent in parents:
            state.to_archive(change, parent, f"{archived_as} {synthesis.entry_id}")
            change.log(state.target, "synthesized", parent.entry_id, befores[parent.entry_id], None, synthesis=synthesis.entry_id)
        state.insert(change, synthesis, position)
        change.log(state.target, action, synthesis.entry_id, None, summary(synthesis), parents=sorted(parent_ids))
        return synthesis, snap, self._detect(state, change, synthesis)

    def dismiss_contradiction(self, target: str, edge_id, *, actor: str = "person") -> MutationResult:
        """A false alarm: the edge is resolved as dismissed and the pair is never flagged again."""
        with self.unit_of_work(target, actor) as (state, change):
            edge = self._edge(state, edge_id)
            if edge.resolved:
                raise ConflictError("this contradiction is already resolved")
            snap = undo_snapshot.take(state, [edge.from_id, edge.to_id])
            snap.edges.setdefault(edge.edge_id, edge.to_dict())
            state.resolve(change, edge, "dismissed", None)
            change.log(state.target, "dismiss", edge.to_id, detail_edge=edge.edge_id, other=edge.from_id)
            return self._undoable(state, change, snap, "dismiss", None, "Marked as not a contradiction.", extra={"edge_id": edge.edge_id})

    def supersede(self, target: str, keep_id, drop_id, *, expected_etags: dict | None = None, actor: str = "person") -> MutationResult:
        """Keep one side; the other becomes SUPERSEDED and goes to the archive."""
        with self.unit_of_work(target, actor) as (state, change):
            if keep_id == drop_id:
                raise InvalidInputError("an entry cannot supersede itself")
            etags = expected_etags or {}
            keep, drop = self._active(state, keep_id, etags.get(keep_id)), self._active(state, drop_id, etags.get(drop_id))
            before = summary(drop)
            snap = undo_snapshot.take(state, [keep.entry_id, drop.entry_id])
            for edge in state.unresolved_edges_of(drop.entry_id):
                if edge.touches(keep.entry_id):
                    state.resolve(change, edge, "superseded", keep.entry_id)
            drop.status = BeliefStatus.SUPERSEDED
            drop.superseded_by = keep.entry_id
            drop.updated_at = change.now
            state.to_archive(change, drop, f"superseded by {keep.entry_id}")
            change.log(state.target, "supersede", drop.entry_id, before, None, kept=keep.entry_id)
            return self._undoable(state, change, snap, "supersede", keep.entry_id, "Kept one side; the other is archived as superseded.")

    def same_fact(self, target: str, entry_id, other_id, *, reason: str = "", actor: str = "agent") -> MutationResult:
        """Two entries state one fact (the agent's judgement of a pair the add named "possibly the
        same", or a person's): the later is folded into the earlier as a judge's fold is — a hit on
        the earlier, the later's wording kept on it and the later archived (a line Hermes keeps stays,
        marked as saying it again) — undoable from the history page. Refused, for an agent, for a
        pair a person decided about (they undid such a fold, or dismissed a contradiction: what
        every judge is held to); for anyone, for a pair a contradiction links, and one a person kept
        or the safety check blocked."""
        from ..detection.verdicts import PERSON
        from .restated import fold_restatement

        reason = _given_reason(reason)
        with self.unit_of_work(target, actor) as (state, change):
            if entry_id == other_id:
                raise InvalidInputError("an entry is the same fact as itself")
            a, b = self._active(state, entry_id), self._active(state, other_id)
            a, b = self._active(state, state.said_first(a.entry_id)), self._active(state, state.said_first(b.entry_id))
            if a is b:
                return self._result(state, "same_fact", a.entry_id, "Already one fact: nothing changed.")
            if actor not in UNDOABLE_ACTORS and self.verdicts(state.target).person_said(a.text, b.text):
                raise DecidedByPersonError("a person already decided about these two entries (they undid a fold of "
                                           "them, or dismissed a contradiction), and that stands (nothing was folded)")
            if state.edge_between(a.entry_id, b.entry_id):
                raise ConflictError("these entries are linked as contradicting: a person decides that (nothing was folded)")
            who = PERSON if actor in UNDOABLE_ACTORS else actor
            why = f"{who}: the same fact" + (f" ({reason.strip()})" if reason.strip() else "")
            kept = fold_restatement(state, change, (a.entry_id, a.text, b.entry_id, b.text), why, who)
            if kept is None:
                raise ConflictError("these entries are left as they are: one is blocked, kept by a person or of a "
                                    "higher tier than the other (nothing was folded)")
            later = b.entry_id if kept == a.entry_id else a.entry_id
            return self._result(state, "same_fact", kept,
                                f"The same fact: entry {later} folded into entry {kept} (undo it from the history).",
                                extra={"kept": kept, "folded": later})

    def mark_contradiction(self, target: str, from_id, to_id, *, reason: str = "", actor: str = "person") -> MutationResult:
        reason = _given_reason(reason)
        with self.unit_of_work(target, actor) as (state, change):
            if from_id == to_id:
                raise InvalidInputError("an entry cannot contradict itself")
            a, b = self._active(state, from_id), self._active(state, to_id)
            if any(not e.resolved for e in state.edges_of(a.entry_id) if e.touches(b.entry_id)):
                raise ConflictError("these entries are already marked as contradicting")
            if actor not in UNDOABLE_ACTORS and self._person_dismissed(state, a, b):
                raise DecidedByPersonError("a person dismissed this: they said these entries are not a contradiction, "
                                           "and that stands (nothing was linked)")
            snap = undo_snapshot.take(state, [a.entry_id, b.entry_id])
            edge = ContradictionEdge(
                from_id=a.entry_id, to_id=b.entry_id, reason=reason.strip() or "marked by a person",
                confidence=1.0, author=actor, created_at=change.now,
            )
            state.add_edge(change, edge)
            change.log(state.target, "contradiction", b.entry_id, detail_edge=edge.edge_id, other=a.entry_id, reason=edge.reason)
            return self._undoable(
                state, change, snap, "contradiction", None, "Linked as contradicting.", contradictions=self._edge_dicts(state, [edge]),
                result_action="mark_contradiction",
            )

    @staticmethod
    def _person_dismissed(state, a, b) -> bool:
        """Whether a person dismissed a contradiction between ``a`` and ``b`` (these entries, or
        entries with these very texts): an agent's link does not reopen it."""
        texts = frozenset((a.text, b.text))
        for edge in state.doc.contradictions:
            if edge.resolution != "dismissed":
                continue
            if edge.touches(a.entry_id) and edge.touches(b.entry_id):
                return True
            one, other = state.meta_anywhere(edge.from_id), state.meta_anywhere(edge.to_id)
            if one is not None and other is not None and frozenset((one.text, other.text)) == texts:
                return True
        return False

    # ------------------------------------------------------------ promotions

    def approve_promotion(self, target: str, entry_id, *, principle_text=None, expected_etag=None, actor: str = "person") -> MutationResult:
        compressed = self._content(principle_text, "principle text") if principle_text not in (None, "") else None
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if meta.pending_promotion is None:
                raise ConflictError("this entry has no pending promotion")
            before = summary(meta)
            snap = undo_snapshot.take(state, [meta.entry_id])
            if compressed and compressed != meta.text:
                self._no_duplicate(state, compressed, meta.entry_id)
                self.check_limit(state, [compressed], [meta.text])
                original = meta.original_text if meta.original_text is not None else meta.text
                state.set_text(change, meta, compressed)
                meta.original_text = original
                meta.principle_text = compressed
            apply_promotion(meta, MaturityLevel(meta.pending_promotion), change.now)
            change.touch(meta)
            change.log(state.target, "promote", meta.entry_id, before, summary(meta))
            return self._undoable(state, change, snap, "promote", meta.entry_id, f"Promoted to {meta.maturity.name}.")

    def reject_promotion(self, target: str, entry_id, *, expected_etag=None, actor: str = "person") -> MutationResult:
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if meta.pending_promotion is None:
                raise ConflictError("this entry has no pending promotion")
            proposed = MaturityLevel(meta.pending_promotion).name
            snap = undo_snapshot.take(state, [meta.entry_id])
            meta.pending_promotion = None
            meta.rejected_promotion_hits = meta.hit_count + meta.observed_behavior_count
            change.touch(meta)
            change.log(state.target, "reject_promotion", meta.entry_id, detail_to=proposed)
            return self._undoable(state, change, snap, "reject_promotion", meta.entry_id, f"Promotion to {proposed} rejected.")

    # ------------------------------------------------------------ re-verification

    def confirm(self, target: str, entry_id, *, expected_etag=None, actor: str = "person") -> MutationResult:
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            before = summary(meta)
            snap = undo_snapshot.take(state, [meta.entry_id])
            revalidate(meta, change.now)
            self._still_contested(state, meta)
            change.touch(meta)
            change.log(state.target, "confirm", meta.entry_id, before, summary(meta))
            return self._undoable(state, change, snap, "confirm", meta.entry_id, "Confirmed: still true.")

    def revise(self, target: str, entry_id, new_text, *, expected_etag=None, actor: str = "person") -> MutationResult:
        """The belief changed: new text from the person, counted as a user correction."""
        text = self._content(new_text, "revised text")
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            if text != meta.text:
                self._no_duplicate(state, text, meta.entry_id)
                self.check_limit(state, [text], [meta.text])
            snap = undo_snapshot.take(state, [meta.entry_id])
            revalidate(meta, change.now)
            self._still_contested(state, meta)
            edges = []
            if text != meta.text:
                edges = self._change_text(state, change, meta, text, "revise", SourceKind.USER_CORRECTION)
            else:
                meta.source_kind = SourceKind.USER_CORRECTION
                meta.authority = max(meta.authority, SOURCE_AUTHORITY[SourceKind.USER_CORRECTION])
                change.touch(meta)
                change.log(state.target, "revise", meta.entry_id)
            return self._undoable(state, change, snap, "revise", meta.entry_id, "Revised.", contradictions=self._edge_dicts(state, edges))

    def retire(self, target: str, entry_id, *, expected_etag=None, actor: str = "person") -> MutationResult:
        with self.unit_of_work(target, actor) as (state, change):
            meta = self._active(state, entry_id, expected_etag)
            snap = undo_snapshot.take(state, [meta.entry_id])
            self._archive(state, change, meta, "retired: no longer true", "retire")
            return self._undoable(state, change, snap, "retire", meta.entry_id, "Retired (kept in the archive).")

    # ------------------------------------------------------------ making room (store/make_room.py plans it)

    def make_room_plan(self, target: str, *, needed: int = 0, merges: bool = True):
        """What could go and what could merge in ``target`` (a :class:`make_room.Plan`): empty
        below 80 % of its limit unless ``needed`` (characters a refused write needed) is given."""
        from . import make_room

        target = self._target(target)
        with self.reading(target) as state:
            return make_room.plan(state, self.limits[target], self.now(), needed, with_merges=merges,
                                  pattern_groups=lambda: self.pattern_proposals(target))

    def refusal_plan(self, error: CharLimitError):
        """The plan for a write the limit refused (``error`` names its target), or None."""
        if getattr(error, "target", None) not in ("memory", "user"):
            return None
        try:
            return self.make_room_plan(error.target, needed=max(1, error.needed))
        except Exception:  # noqa: BLE001 - naming candidates must never hide the refusal itself
            return None

    def make_room(self, target: str, entry_ids=None, *, policy: str | None = None, needed: int = 0, actor: str = "person") -> MutationResult:
        """Carry out the "could go" part of the plan: the entries named (a person chose them), or
        under ``policy="auto"`` the plan's applicable candidates in order until its goal is freed
        (never a merge, a principle, or a side of an open contradiction). Every entry goes to the
        archive; a person's or the CLI's run is one undoable change."""
        from . import make_room

        if (entry_ids is None) == (policy is None):
            raise InvalidInputError("name the entries to let go, or give policy='auto' (not both)")
        if policy is not None and policy != "auto":
            raise InvalidInputError("the only make-room policy is 'auto' (it applies only what could go)")
        if entry_ids is not None and (not isinstance(entry_ids, (list, tuple)) or not entry_ids):
            raise InvalidInputError("name at least one entry to let go")
        with self.unit_of_work(target, actor) as (state, change):
            limit = self.limits[state.target]
            if entry_ids is not None:
                found, _protected = make_room.candidates(state, change.now)
                by_id = {c.entry_id: c for c in found}
                picks = []
                for entry_id in dict.fromkeys(entry_ids):
                    meta = self._active(state, entry_id)
                    if meta.entry_id not in by_id:
                        raise ConflictError(f"{meta.entry_id[:8]} is a {meta.maturity.name} or blocked: make-room never lets it go")
                    picks.append(by_id[meta.entry_id])
            else:
                plan = make_room.plan(state, limit, change.now, needed, with_merges=False)
                picks = plan.policy_picks(spare=self._written_again_by_person(state.target, plan.candidates))
            if not picks:
                return self._result(state, "make_room", None, "Nothing could go: nothing was changed.", extra={"freed": 0, "archived": []})
            before_usage = state.usage()
            snap = undo_snapshot.take(state, [c.entry_id for c in picks])
            for candidate in picks:
                meta = state.entries[candidate.entry_id]
                self._archive(state, change, meta, f"make room ({candidate.tier.replace('_', ' ')}): {candidate.why}"[:300], "archive")
            freed = before_usage - state.usage()
            change.log(state.target, "make_room", None, None, None, freed=freed, archived=[c.entry_id for c in picks],
                       policy=policy or "person")
            return self._undoable(state, change, snap, "make_room", None,
                                  f"Made room: {len(picks)} entr{'y' if len(picks) == 1 else 'ies'} archived, {freed:,} chars freed.",
                                  extra={"freed": freed, "archived": [c.entry_id for c in picks]})

    def _written_again_by_person(self, target: str, candidates) -> set[str]:
        """The candidates whose text a person resolved away and a person then wrote again: the
        "written again" tier is for text an agent brought back, never for a person's second mind."""
        spare = set()
        for candidate in candidates:
            if candidate.written_again and any(
                    r.get("actor") in UNDOABLE_ACTORS and r.get("action") in PERSON_WRITES
                    for r in self.history(target, entry_id=candidate.entry_id)):
                spare.add(candidate.entry_id)
        return spare

    def merge_entries(self, target: str, entry_ids, text, *, knowledge_type=None, expected_etags: dict | None = None, actor: str = "person") -> MutationResult:
        """Merge entries about one holder and topic into one synthesis a person wrote (or edited):
        the parents go to the archive (undoable); the merged entry is a PATTERN made of incidents,
        a PRINCIPLE made of patterns. Never under a policy."""
        content = self._content(text, "merged text")
        kind = parse_enum(KnowledgeType, knowledge_type, "knowledge_type") if knowledge_type else None
        if not isinstance(entry_ids, (list, tuple)) or len(set(entry_ids)) < 2:
            raise InvalidInputError("a merge needs at least two different entries")
        with self.unit_of_work(target, actor) as (state, change):
            parents = [self._active(state, i, (expected_etags or {}).get(i)) for i in dict.fromkeys(entry_ids)]
            if any(p.blocked for p in parents):
                raise ConflictError("a blocked entry is never merged: keep, edit or retire it on the Blocked page first")
            if any(p.maturity >= MaturityLevel.WISDOM for p in parents):
                raise ConflictError("a WISDOM entry is never merged away")
            top = max(p.maturity for p in parents)
            level = MaturityLevel.PATTERN if top < MaturityLevel.PATTERN else MaturityLevel.PRINCIPLE
            merged, snap, found = self._replace_with_synthesis(state, change, parents, content, kind, "merged into", "merge", level)
            freed = sum(len(p.text) for p in parents) + 3 * (len(parents) - 1) - len(content)
            return self._undoable(
                state, change, snap, "merge", merged.entry_id,
                f"Merged {len(parents)} entries into one {merged.maturity.name}; {max(0, freed):,} chars freed.",
                created=[merged.entry_id], contradictions=self._edge_dicts(state, found), extra={"freed": freed},
            )

    def draft_merge(self, target: str, entry_ids, deadline: float | None = None) -> str | None:
        """The judge model's draft of one merged text for the person to edit (None without a
        judge, or when it gave none). Asked outside every lock, by ``deadline`` (``time.monotonic()``)
        at the latest; the draft is only shown. See :meth:`merge_drafter`."""
        drafter = self.merge_drafter(target, entry_ids)
        return None if drafter is None else drafter(deadline)

    def merge_drafter(self, target: str, entry_ids):
        """What asks the judge for a merge draft of ``entry_ids``: a function of a deadline that
        touches no state of this store (a page runs it on a thread of its own), or None without a
        judge. Refused here, before anything is sent, when an entry is archived, blocked, kept on
        the Blocked page by a person, or flagged by the safety scan: maintenance never sends such a
        text, and neither does a draft."""
        from ..detection.judge import draft_merge

        judge = getattr(self, "judge", None)
        if judge is None:
            return None
        target = self._target(target)
        texts = []
        for entry_id in dict.fromkeys(entry_ids or ()):
            entry = self.get_entry(target, entry_id)
            if entry.archived or entry.meta.blocked or entry.meta.safety_kept or entry_problem(entry.text):
                raise ConflictError("only active entries that pass the safety check are sent to a model "
                                    "(an entry a person kept on the Blocked page stays here)")
            texts.append(entry.text)
        if len(texts) < 2:
            raise InvalidInputError("a merge needs at least two different entries")

        def ask(deadline: float | None = None) -> str | None:
            draft = draft_merge(judge, texts, deadline)
            if not isinstance(draft, str) or not draft.strip():
                return None
            line = clean_reason(draft, cap=MAX_ENTRY_CHARS)  # a model's words: one line, scanned like a reason
            return None if line == WITHHELD else line

        return ask

    # ------------------------------------------------------------ undo

    def _undoable(self, state, change, snap, action: str, entry_id, message: str, *, created=(), result_action=None, **kwargs) -> MutationResult:
        """The result of an undoable action; its history record keeps what :meth:`undo` needs."""
        record = next(r for r in reversed(change.history) if r["action"] == action)
        extra = {**kwargs.pop("extra", {}), "history_id": record["id"]}
        if change.actor in UNDOABLE_ACTORS:  # what a person did; the agent corrects itself by acting again
            record["undo"] = undo_snapshot.payload(state, change, snap, list(created))
        else:
            del extra["history_id"]
        return self._result(state, result_action or action, entry_id, message, extra=extra, **kwargs)

    def undo(self, target: str, history_id, *, actor: str = "person") -> MutationResult:
        """Reverse a person's action named by its history record id (or a unique prefix of it).

        The undo is a new change with its own history record; nothing is rewritten. Refused when
        the action cannot be undone, was undone already, its entries changed since, or its record
        is not one this store could have written (see :mod:`.undo`).
        """
        if not isinstance(history_id, str) or len(history_id.strip()) < 4:
            raise InvalidInputError("give the history id of the change to undo (at least 4 characters)")
        with self.unit_of_work(target, actor) as (state, change):
            record = self.history_record(state.target, history_id.strip())
            data = undo_snapshot.check_record(record, UNDOABLE_ACTORS)
            if record["id"] in self.undone_ids(state.target):
                raise ConflictError("this change was already undone")
            undo_snapshot.apply(state, change, data, record)
            self._check_usage(state)
            action = record.get("action", "")
            if action in undo_snapshot.MODEL_DECISIONS:
                self._person_unfolded(state, record)
            change.log(state.target, "undo", record.get("entry_id"), None, None, undone=record["id"], undone_action=action)
            return self._result(
                state, "undo", record.get("entry_id"), f"Undone: {action.replace('_', ' ')}.", extra={"undone": record["id"]}
            )

    def _person_unfolded(self, state: TargetState, record: dict) -> None:
        """A person undid a judge's fold: the two texts are not the same fact, a verdict no model's
        answer overrides (else the next maintenance would fold them again)."""
        from ..detection.verdicts import PERSON

        kept = state.entries.get(str((record.get("detail") or {}).get("kept")))
        later = state.entries.get(str(record.get("entry_id")))
        if kept is not None and later is not None:
            verdicts = self.verdicts(state.target)
            verdicts.put(kept.text, later.text, PERSON, "compatible", 1.0, "a person undid the fold: not the same fact", self.now())
            verdicts.save()

    def _check_usage(self, state: TargetState) -> None:
        limit = self.limits[state.target]
        if limit and state.usage() > limit:
            raise CharLimitError(
                f"undoing would put {state.target} at {state.usage():,}/{limit:,} chars; make room first",
                usage=state.usage(),
                limit=limit,
                target=state.target,
                needed=state.usage() - limit,
            )

    def _still_contested(self, state: TargetState, meta) -> None:
        """Confirming or revising a contested entry does not settle its contradictions."""
        if meta.status is BeliefStatus.ACTIVE and state.unresolved_edges_of(meta.entry_id):
            meta.status = BeliefStatus.CONTRADICTED

    def _recheck_edges(self, state: TargetState, change, meta) -> None:
        """The text changed: each open contradiction a detector found is checked against the new text,
        its reason updated, or resolved as "revised" when the new text no longer contradicts."""
        from ..detection import Label

        edges = list(state.unresolved_edges_of(meta.entry_id))
        detector = self.detector_in(state) if edges else None
        for edge in edges:
            other = state.entries.get(edge.other(meta.entry_id))
            if other is None or not str(edge.author).startswith("detector:"):
                continue
            texts = (meta.text, other.text) if edge.from_id == meta.entry_id else (other.text, meta.text)
            verdict = detector.compare(*texts)
            if verdict.label is Label.CONTRADICTION:
                if clean_reason(verdict.reason) != edge.reason:
                    edge.reason, edge.confidence = clean_reason(verdict.reason), round(float(verdict.score), 3)
                    change.touch_edge(edge)
                    change.log(state.target, "contradiction_updated", meta.entry_id, detail_edge=edge.edge_id, other=other.entry_id, reason=edge.reason)
            else:
                state.resolve(change, edge, "revised", None)
                change.log(state.target, "contradiction_resolved", meta.entry_id, detail_edge=edge.edge_id, other=other.entry_id, reason="the new text no longer contradicts")

    # ------------------------------------------------------------ reflection layer

    def _judge_run(self, target: str):
        """A fresh budget per run over the store's judge; its answers (and every person's
        dismissal) kept in the target's verdict file, so no pair is asked twice."""
        judge = getattr(self, "judge", None)
        if judge is None:
            return None
        from ..detection.judge import JudgeRun

        budgets = getattr(self, "judge_budgets", None) or {}
        return JudgeRun(judge, verdicts=self.verdicts(target), clock=self.now, **budgets)

    def judge_status(self, target: str) -> dict[str, Any]:
        """What the overview says of the model tier: which judge is configured (None: the rules
        only) and its last run on ``target`` (asked, failures, the last error)."""
        judge = getattr(self, "judge", None)
        name = str(getattr(judge, "name", "judge")) if judge is not None else None
        return {"judge": name, "last_run": self.verdicts(self._target(target)).status() if name else {}}

    def verdicts(self, target: str):
        """The target's verdict file (``.X.verdicts.json``), one object per store."""
        from ..detection.verdicts import VerdictFile, verdicts_path

        files = self.__dict__.setdefault("_verdict_files", {})
        if target not in files:
            files[target] = VerdictFile(verdicts_path(self.home, self.paths(target).stem))
        return files[target]

    def run_maintenance(self, target: str, *, policy: str | None = None, actor: str = "maintenance", progress=None) -> dict[str, Any]:
        """Decay, promotions, ignore-ratio supersede, demotion, deeper contradiction checks, then
        pattern proposals: the reflection layer's steps in order (:mod:`.reflection`).

        Computed outside the locks and applied in short locked steps, so it never blocks the
        action layer; ``progress(done, total)`` is called after each deep-check step."""
        from .reflection import run

        chosen = policy or self.promotion_policy
        if chosen not in ("review", "auto"):
            raise InvalidInputError("policy must be 'review' or 'auto'")
        return run(self, self._target(target), chosen, actor, progress, self._judge_run(self._target(target)))
