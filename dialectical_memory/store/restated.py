"""The reflection layer's step for a fact said again: fold the later entry into the earlier one.

When a judge answers that two entries state the same fact (``detection.judge.says_same``), the
earlier entry is reinforced as by a restatement at the add (a hit: its decay restarts), the later
wording is kept in that entry's history record, and the later entry goes to the archive with a reason
naming the kept one (restored from the archive in one step, like every archived entry). An entry
another program wrote into its own file (``provenance``: Hermes) is never archived for it: only the
sidecar of the earlier entry is reinforced, and Hermes' ``.md`` stays as Hermes wrote it. A pair a
contradiction edge links, or an entry that is blocked or kept by a person, is left alone.
"""

from __future__ import annotations

from ..core.beliefs import record_hit
from ..detection.restatement import closeness
from .state import summary

ACTION = "restated"
SAME_QUESTIONS = 12  # the closest neighbours of each checked entry a judge may be asked about
SAME_FLOOR = 0.1  # and only those sharing at least this share of their words
# "The same fact?" questions one maintenance run asks at most, the closest pairs of the run first,
# out of the judge's budget per run (64): a count, so what is asked never depends on the machine's load.
SAME_PER_RUN = 48
SAME_ENTRIES = 256  # the newest entries not yet checked whose neighbours one run asks about


def restatement_questions(checked: dict[str, str], near: dict[str, list[str]], texts: dict[str, str]) -> list[tuple[str, str]]:
    """``(neighbour id, entry id)`` for the entries just checked and their closest neighbours by the
    same-fact matcher's word closeness (not a model), at most ``SAME_QUESTIONS`` each: every pair once,
    the closest of all first (ties in the order of ``checked``), so a count of questions reaches the
    facts most likely said again. An exact match or a sure one never gets here: the add absorbed it."""
    scored: list[tuple[float, str, str]] = []
    for entry_id, text in checked.items():
        nearest = sorted(((closeness(texts[other], text), other) for other in near.get(entry_id, ()) if other in texts),
                         key=lambda item: -item[0])
        scored.extend((score, other, entry_id) for score, other in nearest[:SAME_QUESTIONS] if score >= SAME_FLOOR)
    scored.sort(key=lambda item: -item[0])  # stable
    questions, asked = [], set()
    for _score, other, entry_id in scored:
        pair = frozenset((other, entry_id))
        if pair not in asked:
            asked.add(pair)
            questions.append((other, entry_id))
    return questions


def fold_same(state, change, answered: list[tuple[tuple[str, str, str, str], str]]) -> list[str]:
    """Fold each pair ``(id, text, id, text)`` a judge answered is the same fact, with the judge's
    reason, in order; the ids folded into another entry. The same fact is the same through a chain:
    an entry already folded in this pass stands for the entry it went into, so a later wording the
    judge found the same as two kept entries makes them one (the later of them folded too)."""
    into: dict[str, str] = {}
    folded = []
    for (first_id, first_text, second_id, second_text), why in answered:
        if any(entry_id not in into and getattr(state.entries.get(entry_id), "text", None) != text
               for entry_id, text in ((first_id, first_text), (second_id, second_text))):
            continue  # edited or gone since the judge was asked
        first_id, second_id = _root(into, first_id), _root(into, second_id)
        first, second = state.entries.get(first_id), state.entries.get(second_id)
        if first_id == second_id or first is None or second is None:
            continue
        kept = fold_restatement(state, change, (first_id, first.text, second_id, second.text), why)
        if kept is not None:
            later = first_id if kept == second_id else second_id
            into[later] = kept
            folded.append(later)
    return folded


def _root(into: dict[str, str], entry_id: str) -> str:
    while entry_id in into:
        entry_id = into[entry_id]
    return entry_id


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
    record_hit(kept, change.now)
    change.touch(kept)
    change.log(state.target, "reinforce", kept.entry_id, before, summary(kept),
               wording=later.text, reason=why, restated_by=later.entry_id)
    if not later.provenance:
        reason = f"the same fact as entry {kept.entry_id}, said again"
        archived = summary(later)
        state.to_archive(change, later, reason)
        change.log(state.target, ACTION, later.entry_id, archived, None, reason=reason, kept=kept.entry_id)
    return kept.entry_id


def _position(state, entry_id: str) -> int:
    """Where the entry stands in its file (written in one instant, the earlier line is the earlier)."""
    return list(state.entries).index(entry_id)
