"""A fact said again: the wordings an entry absorbed, and the reflection layer's fold.

An add that restates an entry (``detection.restatement``) reinforces it and keeps the new wording
on it (:func:`keep_wording`: ``EntryMeta.restated``, the newest ``RESTATED_KEPT`` within
``RESTATED_CHARS``), so search still finds the fact by the words it was said in; the ``.md`` file
never holds them. The sidecar is untrusted: :func:`checked_wordings` is how the loader reads
them back (each text through the gate of an add; anything else dropped, and counted).

The reflection layer's step for a fact said again folds the later entry into the earlier one.

When a judge answers that two entries state the same fact (``detection.judge.says_same``), the
earlier entry is reinforced as by a restatement at the add (a hit: its decay restarts, an expired
entry is active again), the later wording is kept in that entry's history record, and the later
entry goes to the archive with a reason naming the kept one (restored from the archive in one step,
like every archived entry); the hits and observations the later entry had gathered are carried over
to the kept one, so each saying counts once, in the entry that stays. An entry
another program wrote into its own file (``provenance``: Hermes) is never archived for it: only the
sidecar of the earlier entry is reinforced, Hermes' ``.md`` stays as Hermes wrote it, and the line
is marked as saying the kept entry again (``EntryMeta.says_again``, as a check at the add marks
it). A pair a contradiction edge links, or an entry that is blocked or kept by a person, is left
alone.
When the judge answers that one entry holds the other's fact and more (``detection.judge.fuller_side``),
the fuller one is kept the same way, whichever came first: its wording stays the entry's text. When
it answers that the later entry carries the earlier's plan forward (``carries_forward``), the earlier
is archived into the later, with no hit: nothing was said again.
"""

from __future__ import annotations

from typing import Any

from ..core.beliefs import (RESTATED_CHARS, capped_wordings, plausible_time, record_observed_behavior,
                            record_restatement)
from . import undo
from .screening import WITHHELD, entry_problem, one_line, wording_mark
from .state import summary

ACTION = "restated"
SOURCE_CHARS = 40  # what said a wording again: a source kind's value, or "judge:<name>" cut to this
SAME_QUESTIONS = 12  # the closest neighbours of each checked entry a judge may be asked about
SAME_FLOOR = 0.1  # and only those sharing at least this share of their words
# "The same fact?" questions one maintenance run asks at most, the closest pairs of the run first,
# out of the judge's budget per run (64): a count, so what is asked never depends on the machine's load.
SAME_PER_RUN = 48
SAME_ENTRIES = 256  # the newest entries not yet checked whose neighbours one run asks about
JUDGE_WORDINGS = 4  # the newest kept wordings a judge question carries beside an entry's text


def restatement_questions(checked: dict[str, str], near: dict[str, list[str]], texts: dict[str, str]) -> list[tuple[str, str]]:
    """``(neighbour id, entry id)`` for the entries just checked and their closest neighbours by the
    same-fact matcher's word closeness (not a model), at most ``SAME_QUESTIONS`` each: every pair once,
    the closest of all first (ties in the order of ``checked``), so a count of questions reaches the
    facts most likely said again. An exact match or a sure one never gets here: the add absorbed it."""
    from ..detection.restatement import closeness  # the matcher's tables: only when maintenance asks

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


def as_asked(text: str, restated: list[dict[str, Any]]) -> str:
    """An entry's ``text`` as a judge is asked about it (``detection.judge.Said``): with the newest
    ``JUDGE_WORDINGS`` of the wordings its fact was kept in (``EntryMeta.restated``), so a note folded
    into one entry can still be found the same as another. They come from the sidecar, which is
    untrusted: metadata is data, not prompt (RELIABILITY §7), so each is one line of at most
    ``MODEL_NOTE_CHARS`` characters and one that fails the scan is withheld (not sent). The caller
    sends no text of a blocked or kept entry at all."""
    from ..detection.judge import Said

    also: list[str] = []
    for said in reversed(restated):
        wording = said.get("text") if isinstance(said, dict) else None
        line = one_line(wording) if isinstance(wording, str) else ""
        if line and line != WITHHELD and line != text and line not in also:
            also.append(line)
            if len(also) == JUDGE_WORDINGS:
                break
    return Said(text, also[::-1]) if also else text


def keep_wording(state, meta, text: str, at: float, source: str) -> None:
    """Keep ``text``, another wording of ``meta``'s fact that passed the gate, on the entry (newest
    last; the oldest go first past the caps), with this device's mark of it. The entry's own text,
    or a wording it holds already, is not kept twice. The entry is checked again by the next
    maintenance: a judge's questions about it carry the new wording (:func:`as_asked`), which may
    join it to an entry its fact was first said in."""
    if len(text) > RESTATED_CHARS or text == meta.text or any(item["text"] == text for item in meta.restated):
        return  # a wording longer than all the room is kept in the history record only
    said = {"text": text, "at": at, "source": source[:SOURCE_CHARS]}
    mark = wording_mark(state, text)
    if mark:
        said["mark"] = mark
    meta.restated = capped_wordings([*meta.restated, said])
    meta.deep_checked = False  # a judge is asked about it again, with this wording beside its text


def checked_wordings(state, items) -> tuple[list[dict[str, Any]], int]:
    """The wordings of a stored entry as they may be kept: each an object with a text that passes
    the gate of an add (the safety scan, one entry's shape) and fits the caps, a plausible time
    and a short printable source; and how many were dropped. Called by the loader on what a
    sidecar, journal or archive holds. A text this device marked when it kept it (``wording_mark``:
    its key never leaves it, and a checker upgrade changes it) skips the scan; any other is
    scanned, and marked in memory when it passes."""
    kept = []
    for item in items if isinstance(items, list) else ():
        text = item.get("text") if isinstance(item, dict) else None
        if not isinstance(text, str) or not text.strip() or len(text) > RESTATED_CHARS:
            continue
        mark = wording_mark(state, text, create=False)
        if not (mark and item.get("mark") == mark) and entry_problem(text):
            continue
        source = item.get("source")
        source = "".join(c for c in source if c.isprintable())[:SOURCE_CHARS] if isinstance(source, str) else ""
        said = {"text": text, "at": plausible_time(item.get("at"), 0.0), "source": source}
        if mark:
            said["mark"] = mark
        kept.append(said)
    kept = capped_wordings(list({item["text"]: item for item in kept}.values()))
    count = len(items) if isinstance(items, list) else 0
    return kept, count - len(kept)


def fold_same(state, change, answered: list[tuple[tuple[str, str, str, str], str, str | None, bool]],
              source: str = "judge") -> list[str]:
    """Fold each pair ``(id, text, id, text)`` a judge answered is the same fact, or one holding the
    other's fact and more, or a later account of the same plan, with the judge's reason, the id of
    the fuller entry (None: the same fact) and whether it is the fact said again (False: a later
    account), in order; the ids folded into another entry. The same fact is the same through a chain:
    an entry already folded in this pass stands for the entry it went into, so a later wording the
    judge found the same as two kept entries makes them one (the later of them folded too); so does a
    line Hermes keeps that says an entry again, in any pass (it is never folded twice)."""
    into: dict[str, str] = {}
    folded = []
    for (first_id, first_text, second_id, second_text), why, fuller, said_again in answered:
        if any(entry_id not in into and getattr(state.entries.get(entry_id), "text", None) != text
               for entry_id, text in ((first_id, first_text), (second_id, second_text))):
            continue  # edited or gone since the judge was asked
        # a line Hermes keeps that says an entry again stands for it (``says_again``): its saying counted once
        first_id, second_id = state.said_first(_root(into, first_id)), state.said_first(_root(into, second_id))
        first, second = state.entries.get(first_id), state.entries.get(second_id)
        if first_id == second_id or first is None or second is None:
            continue
        keep = _root(into, fuller) if fuller else None
        kept = fold_restatement(state, change, (first_id, first.text, second_id, second.text), why, source, keep,
                                said_again=said_again)
        if kept is not None:
            later = first_id if kept == second_id else second_id
            into[later] = kept
            folded.append(later)
    return folded


def _root(into: dict[str, str], entry_id: str) -> str:
    while entry_id in into:
        entry_id = into[entry_id]
    return entry_id


def fold_restatement(state, change, pair: tuple[str, str, str, str], why: str, source: str = "judge",
                     keep: str | None = None, *, said_again: bool = True) -> str | None:
    """Fold one judged pair ``(id, text, id, text)``; the kept entry's id, or None when the pair
    changed since it was judged or must be left alone. The later wording is kept on the earlier
    entry (``source``: who judged), and the fold's history record carries its undo (a person
    may undo what a model decided, whoever ran maintenance: ``undo.MODEL_DECISIONS``).
    ``keep``: the entry that holds the other's fact and more (the judge's "elaborates"): it stays,
    so the fuller wording is the entry's text, and the other is folded into it the same way.
    ``said_again`` False (the judge's "progress"): the entry written later is a later account of the
    earlier's plan or process; the earlier is archived into it, but nothing was said again: no hit,
    no wording kept (an earlier entry another program wrote is then left as it is)."""
    first_id, first_text, second_id, second_text = pair
    a, b = state.entries.get(first_id), state.entries.get(second_id)
    if a is None or b is None or a.text != first_text or b.text != second_text:
        return None  # edited or gone since the judge was asked
    if state.edge_between(first_id, second_id) or any(m.blocked or m.safety_kept for m in (a, b)):
        return None
    earlier, later = sorted((a, b), key=lambda meta: (meta.created_at, _position(state, meta.entry_id)))
    said_with_more = keep == later.entry_id
    kept, folded = (later, earlier) if said_with_more or not said_again else (earlier, later)
    if folded.maturity > kept.maturity:
        return None  # a tier a person (or the policy they chose) granted is not folded into a lower one
    archived = not folded.provenance  # Hermes' own line stays, and keeps its own signals
    if not (said_again or archived):
        return None
    snap, edges_before = undo.take(state, [kept.entry_id, folded.entry_id]), set(change.edges)
    if said_again:
        _reinforce(state, change, kept, folded, why, archived)
        if not archived:  # Hermes' line stays: it stands for the kept entry from now on
            folded.says_again = kept.entry_id
            change.touch(folded)
    if archived:
        if said_again:
            for said in [*folded.restated, {"text": folded.text, "at": change.now, "source": source}]:
                keep_wording(state, kept, said["text"], said["at"], said["source"])  # what search found it by
        reason = (f"carried forward by entry {kept.entry_id}, a later account" if not said_again
                  else f"said again with more by entry {kept.entry_id}" if said_with_more
                  else f"the same fact as entry {kept.entry_id}, said again")
        was = summary(folded)
        state.to_archive(change, folded, reason)
        change.log(state.target, ACTION, folded.entry_id, was, None, reason=reason, kept=kept.entry_id)
        change.history[-1]["undo"] = undo.payload(state, change, snap, edges_before=edges_before)
    return kept.entry_id


def _reinforce(state, change, kept, folded, why: str, archived: bool) -> None:
    """``folded``'s fact said again in ``kept``: a hit (with the sayings ``folded`` gathered, when it
    goes), re-verified, and a history record keeping its wording."""
    before = summary(kept)
    record_restatement(kept, change.now, evidence=1 + (folded.hit_count if archived else 0),
                       contested=bool(state.unresolved_edges_of(kept.entry_id)))
    for _ in range(folded.observed_behavior_count if archived else 0):
        record_observed_behavior(kept, change.now)
    change.touch(kept)
    change.log(state.target, "reinforce", kept.entry_id, before, summary(kept),
               wording=folded.text, reason=why, restated_by=folded.entry_id)


def _position(state, entry_id: str) -> int:
    """Where the entry stands in its file (written in one instant, the earlier line is the earlier)."""
    return list(state.entries).index(entry_id)
