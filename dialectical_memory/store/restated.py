"""The reflection layer's step for a fact said again: fold the later entry into the earlier one.

When a judge answers that two entries state the same fact (``detection.judge.says_same``), the
earlier entry is reinforced as by a restatement at the add (a hit: its decay restarts, an expired
entry is active again), the later wording is kept in that entry's history record, and the later
entry goes to the archive with a reason naming the kept one (restored from the archive in one step,
like every archived entry); the hits and observations the later entry had gathered are carried over
to the kept one, so each saying counts once, in the entry that stays. An entry
another program wrote into its own file (``provenance``: Hermes) is never archived for it: only the
sidecar of the earlier entry is reinforced, and Hermes' ``.md`` stays as Hermes wrote it. A pair a
contradiction edge links, or an entry that is blocked or kept by a person, is left alone.
"""

from __future__ import annotations

from ..core.beliefs import record_observed_behavior, record_restatement
from ..detection.restatement import closeness
from .state import summary

ACTION = "restated"
SAME_QUESTIONS = 12  # the closest neighbours of each checked entry a judge is asked about first
SAME_FLOOR = 0.1  # and only those sharing at least this share of their words


def restatement_questions(checked: dict[str, str], near: dict[str, list[str]], texts: dict[str, str]) -> list[tuple[str, str]]:
    """``(neighbour id, entry id)`` for each entry just checked: the neighbours closest by the
    same-fact matcher's word closeness (not a model), so the judge's budget reaches a fact said again before
    the long tail of contradiction candidates. An exact match or a sure one never gets here: the
    add absorbed it."""
    questions = []
    for entry_id, text in checked.items():
        scored = [(closeness(texts[other], text), other) for other in near.get(entry_id, ()) if other in texts]
        scored.sort(key=lambda item: -item[0])
        questions.extend((other, entry_id) for score, other in scored[:SAME_QUESTIONS] if score >= SAME_FLOOR)
    return questions


def fold_restatement(state, change, pair: tuple[str, str, str, str], why: str) -> str | None:
    """Fold one judged pair ``(id, text, id, text)``; the kept entry's id, or None when the pair
    changed since it was judged or must be left alone."""
    first_id, first_text, second_id, second_text = pair
    a, b = state.entries.get(first_id), state.entries.get(second_id)
    if a is None or b is None or a.text != first_text or b.text != second_text:
        return None  # edited or gone since the judge was asked
    if state.edge_between(first_id, second_id) or any(m.blocked or m.safety_kept for m in (a, b)):
        return None
    kept, later = sorted((a, b), key=lambda meta: (meta.created_at, _position(state, meta.entry_id)))
    before = summary(kept)
    archived = not later.provenance  # Hermes' own line stays, and keeps its own signals
    record_restatement(kept, change.now, evidence=1 + (later.hit_count if archived else 0),
                       contested=bool(state.unresolved_edges_of(kept.entry_id)))
    for _ in range(later.observed_behavior_count if archived else 0):
        record_observed_behavior(kept, change.now)
    change.touch(kept)
    change.log(state.target, "reinforce", kept.entry_id, before, summary(kept),
               wording=later.text, reason=why, restated_by=later.entry_id)
    if archived:
        reason = f"the same fact as entry {kept.entry_id}, said again"
        was = summary(later)
        state.to_archive(change, later, reason)
        change.log(state.target, ACTION, later.entry_id, was, None, reason=reason, kept=kept.entry_id)
    return kept.entry_id


def _position(state, entry_id: str) -> int:
    """Where the entry stands in its file (written in one instant, the earlier line is the earlier)."""
    return list(state.entries).index(entry_id)
