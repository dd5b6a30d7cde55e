"""The reflection layer: what runs apart from the agent's actions and never blocks them.

One pass over a target: validation decay (expired beliefs → DECAYED, the re-verification queue),
promotion candidates (proposed for a person to approve, or applied under the ``auto`` policy),
supersede entries the agent keeps ignoring, demote entries with several unresolved contradictions,
and a deeper contradiction check of entries not yet checked. A second pass right after the first
changes nothing.

:func:`run` never holds the locks for long: the deep contradiction check — the expensive part — is
computed outside the cross-process locks on the current state, a bounded step at a time, and each
step is applied in a short locked mutation that re-checks every entry it touches (still active,
same text) against the fresh state. The cheap rules (supersede, decay, demotion, promotion) find
their entries by a scan outside the cross-process locks, then apply to those entries alone in short
locked steps before and after it, testing each rule again on the fresh state.
"""

from __future__ import annotations

import time
from typing import Any

from ..core.beliefs import (
    DEMOTION_CONTRADICTIONS,
    BeliefStatus,
    EntryMeta,
    apply_promotion,
    apply_validation_decay,
    demote,
    evaluate_promotion,
    is_ignored_too_often,
    needs_reverification,
    proposal_stands,
)
from ..detection.candidates import JUDGE_CANDIDATES, SMALL_HOME_ENTRIES, holder_mentions, judge_candidates
from .restated import SAME_ENTRIES, SAME_PER_RUN, as_asked, fold_same, restatement_questions
from .screening import entry_problem
from .state import Change, TargetState, summary

DEEP_CHECK_CANDIDATES = 64
DEEP_CHECK_BATCH = 2000
DEEP_CHECK_STEP = 64  # entries per locked step
DEEP_CHECK_STEP_SECONDS = 0.1  # and at most this much detector time per step
INDEX_STEP = 64  # pending entries of the candidate index analysed per step (outside the locks)
INDEX_SECONDS = 60.0  # and for at most this long per run
RULES_STEP = 500  # entries the cheap rules change per locked step
SCAN_CHUNK = 1000  # entries tested per hold of the in-process lock when looking for work
REPORT_KEYS = ("decayed", "promotions_proposed", "promoted", "superseded", "demoted", "contradictions_found")


def _decay(state: TargetState, change: Change, meta: EntryMeta) -> bool:
    before = summary(meta)
    if not apply_validation_decay(meta, change.now):
        return False
    change.touch(meta)
    change.log(state.target, "decay", meta.entry_id, before, summary(meta))
    return True


def _supersede_ignored(state: TargetState, change: Change, meta: EntryMeta) -> None:
    before = summary(meta)
    meta.status = BeliefStatus.SUPERSEDED
    reason = f"ignored {meta.ignore_count} of {meta.surface_count} times it was surfaced"
    state.to_archive(change, meta, reason)
    change.log(state.target, "supersede", meta.entry_id, before, None, reason=reason)


def _contested(state: TargetState, meta: EntryMeta) -> bool:
    return len(state.unresolved_edges_of(meta.entry_id)) >= DEMOTION_CONTRADICTIONS


def _demote_contested(state: TargetState, change: Change, meta: EntryMeta) -> bool:
    """Demote once per run of ≥ 2 unresolved contradictions; re-arm when they are resolved."""
    contested = _contested(state, meta)
    if contested == meta.contradiction_demoted:
        return False
    meta.contradiction_demoted = contested
    change.touch(meta)
    if not contested:
        return False
    before = summary(meta)
    if not demote(meta, change.now):
        return False
    change.log(state.target, "demote", meta.entry_id, before, summary(meta), reason="≥ 2 unresolved contradictions")
    return True


def _promotion_due(meta: EntryMeta, now: float):
    """What the promotion rule would do to ``meta`` now: ("withdraw", None), ("propose", level) or None."""
    target = evaluate_promotion(meta, now) if meta.status is BeliefStatus.ACTIVE else None
    if target is None:
        return ("withdraw", None) if meta.pending_promotion is not None and not proposal_stands(meta, now) else None
    hits = meta.hit_count + meta.observed_behavior_count
    if meta.pending_promotion == target or (meta.rejected_promotion_hits is not None and hits <= meta.rejected_promotion_hits):
        return None
    return ("propose", target)


def _promotion(state: TargetState, change: Change, meta: EntryMeta, policy: str) -> str | None:
    due = _promotion_due(meta, change.now)
    if due is None:
        return None
    action, target = due
    change.touch(meta)
    if action == "withdraw":
        meta.pending_promotion = None
        change.log(state.target, "withdraw_promotion", meta.entry_id, reason="no longer active, or no longer has the sayings it was proposed for")
        return None
    before = summary(meta)
    if policy == "auto":
        apply_promotion(meta, target, change.now)
        change.log(state.target, "promote", meta.entry_id, before, summary(meta), policy="auto")
        return "promoted"
    meta.pending_promotion = int(target)
    change.log(state.target, "propose_promotion", meta.entry_id, detail_to=target.name)
    return "promotions_proposed"


def _rules_due(state: TargetState, meta: EntryMeta, now: float) -> bool:
    """Whether decay, demotion or promotion would change ``meta`` now (a pure test, for the scan)."""
    return (
        needs_reverification(meta, now)
        or _contested(state, meta) != meta.contradiction_demoted
        or _promotion_due(meta, now) is not None
    )


# ---------------------------------------------------------------- in short steps, beside the action layer


def run(store, target: str, policy: str, actor: str, progress=None, judging=None) -> dict[str, Any]:
    """One reflection pass over ``target`` of ``store`` in short locked steps (see the module doc).
    ``judging`` (a ``detection.judge.JudgeRun``) lets a model judge the pairs the rules left open
    between the entries this run deep-checks (newest first) and their neighbours by meaning; it is
    asked outside every lock, within its budgets."""
    report: dict[str, Any] = {key: [] for key in REPORT_KEYS}
    report["target"] = target
    changed = False
    ignored = _scan(store, target, lambda state, meta, now: is_ignored_too_often(meta))
    if ignored:
        with store.unit_of_work(target, actor) as (state, change):
            for meta in _present(state, ignored):
                if is_ignored_too_often(meta):
                    _supersede_ignored(state, change, meta)
                    report["superseded"].append(meta.entry_id)
            changed |= _visible(change)
    report["restated"] = []  # entries a judge found to restate an earlier one, folded into it
    found, steps_changed = _deep_check_in_steps(store, target, actor, progress, judging, report["restated"])
    report["contradictions_found"] = found
    if judging is not None:
        report["judge"] = judging.report()
    due = _scan(store, target, _rules_due)
    changed |= steps_changed
    for start in range(0, len(due), RULES_STEP):
        with store.unit_of_work(target, actor) as (state, change):
            for meta in _present(state, due[start : start + RULES_STEP]):  # each rule tests again under the lock
                if _decay(state, change, meta):
                    report["decayed"].append(meta.entry_id)
                if _demote_contested(state, change, meta):
                    report["demoted"].append(meta.entry_id)
                outcome = _promotion(state, change, meta, policy)
                if outcome:
                    report[outcome].append(meta.entry_id)
            changed |= _visible(change)
    with store.reading(target) as state:
        report["deep_check_pending"] = sum(1 for m in state.entries.values() if not m.deep_checked)
        report["index_pending"] = len(state.ensure_index().pending)
    report["changed"] = changed
    return report


def _scan(store, target: str, wants) -> list[str]:
    """Ids of the entries for which ``wants(state, meta, now)`` holds, read without the
    cross-process locks, a chunk at a time under the in-process one, so neither the agent in
    another process nor a caller in this one waits for a pass over every entry. An entry that
    becomes due during the scan is found by the next run."""
    with store.reading(target) as state:
        ids = list(state.entries)
    now = store.now()
    due = []
    for start in range(0, len(ids), SCAN_CHUNK):
        with store.reading(target) as state:
            for entry_id in ids[start : start + SCAN_CHUNK]:
                meta = state.entries.get(entry_id)
                if meta is not None and wants(state, meta, now):
                    due.append(entry_id)
    return due


def _present(state: TargetState, ids: list[str]) -> list[EntryMeta]:
    return [state.entries[entry_id] for entry_id in ids if entry_id in state.entries]


def _visible(change) -> bool:
    """A change a person can see (a history record, the .md file); marking entries deep-checked or
    refreshing confidence is bookkeeping, saved without being reported as a change."""
    return bool(change.history) or change.md_dirty


def _deep_check_in_steps(store, target: str, actor: str, progress, judging=None,
                         folded: list[str] | None = None) -> tuple[list[dict[str, Any]], bool]:
    from ..detection import Label
    from .read_models import edge_dict

    _warm_index(store, target)
    found: list[dict[str, Any]] = []
    changed, done, budget = False, 0, DEEP_CHECK_BATCH
    total = None
    if not _complete_index(store, target, INDEX_SECONDS):
        budget = 0  # entries not yet indexed would be missed as candidates: the check waits for them
    asked_same: set[frozenset[str]] = set()  # pairs asked "the same fact?": not asked again in the steps
    judged_first: list[tuple] = []  # the contradictions the judge answered to them, flagged in the first step
    if budget and judging is not None:
        changed = _fold_restatements(store, target, actor, judging, folded, asked_same, judged_first)
    while budget > 0:
        with store.reading(target) as state:  # in-process only: other processes are not held up
            unchecked = _newest_first([m for m in state.entries.values() if not m.deep_checked])
            total = done + min(len(unchecked), budget) if total is None else total
            if not unchecked:
                break
            index = state.ensure_index()
            detector = store.detector_in(state)
            checked: dict[str, str] = {}
            flagged, judged_first = judged_first, []
            deadline = time.monotonic() + DEEP_CHECK_STEP_SECONDS
            for meta in unchecked[: min(DEEP_CHECK_STEP, budget)]:
                candidates = index.candidates(meta.text, limit=DEEP_CHECK_CANDIDATES, exclude=meta.entry_id)
                for other_id in candidates:
                    other = state.entries.get(other_id)
                    if other is None or state.edge_between(other_id, meta.entry_id):
                        continue
                    # the entry written first goes first, as at the add: some families read the order
                    # (a venture planned after it runs clashes, a plan then its fulfilment does not)
                    first, second = (meta, other) if meta.created_at < other.created_at else (other, meta)
                    verdict = detector.compare(first.text, second.text)
                    if verdict.label is Label.CONTRADICTION:
                        flagged.append((first.entry_id, first.text, second.entry_id, second.text, verdict, None))
                checked[meta.entry_id] = meta.text
                if time.monotonic() > deadline:
                    break
            if judging is not None:  # what the judge's candidates need, read under the lock
                near = {i: index.candidates(t, limit=JUDGE_CANDIDATES, exclude=i) for i, t in checked.items()}
                seen = {e.pair() for e in state.doc.contradictions} | asked_same
                home = (state.paths, {i: m.text for i, m in state.entries.items()}, index.holders(), seen,
                        _dismissed_pairs(state), _never_sent(state), _restated(state))
        restated: list[tuple] = []
        if judging is not None:
            judged, restated = _ask_judge(store, judging, detector, home, near, checked, flagged)
            flagged.extend(judged)
        with store.unit_of_work(target, actor) as (state, change):
            for other_id, other_text, entry_id, text, verdict, author in flagged:
                a, b = state.entries.get(other_id), state.entries.get(entry_id)
                if a and b and a.text == other_text and b.text == text and not state.edge_between(other_id, entry_id):
                    edge = store.flag_unless_said_again(state, change, other_id, entry_id, verdict, author=author)
                    found.extend([edge_dict(state, edge, change.now)] if edge is not None else [])
            folded_now = fold_same(state, change, _with_reasons(judging, restated),
                                   f"judge:{judging.name}") if restated else []
            if folded is not None:
                folded.extend(folded_now)
            for entry_id, text in checked.items():
                meta = state.entries.get(entry_id)
                if meta is not None and meta.text == text and not meta.deep_checked:
                    meta.deep_checked = True
                    change.touch(meta)
            changed |= _visible(change)
        done += len(checked)
        budget -= len(checked)
        if progress is not None:
            progress(done, total)
    if judging is not None:
        judging.finish()
    return found, changed


def _newest_first(metas: list[EntryMeta]) -> list[EntryMeta]:
    """New arrivals (added, edited or reconciled since they were last checked) go first, so a
    run's judge budget goes to the entry just written before old ones."""
    return sorted(metas, key=lambda m: -max(m.created_at, m.updated_at))


def _dismissed_pairs(state: TargetState) -> list[tuple[str, str]]:
    """The texts of every pair a person dismissed: verdicts no model may override (and what
    rebuilds them in a verdict file that was lost or damaged)."""
    pairs = []
    for edge in state.doc.contradictions:
        if edge.resolution == "dismissed":
            a, b = state.meta_anywhere(edge.from_id), state.meta_anywhere(edge.to_id)
            if a is not None and b is not None:
                pairs.append((a.text, b.text))
    return pairs


def _never_sent(state: TargetState) -> frozenset[str]:
    """Entries no model is asked about: blocked ones, and ones a person kept on the Blocked page
    (the person let them into the prompt, not out of the home)."""
    return frozenset(i for i, m in state.entries.items() if m.blocked or m.safety_kept)


def _fold_restatements(store, target: str, actor: str, judging, folded: list[str] | None,
                       asked: set[frozenset[str]], judged: list[tuple]) -> bool:
    """Before the deep check's steps: the judge asked "the same fact?" about the newest entries not
    yet checked and their closest neighbours (``store/restated.py``), the closest pairs of the run
    first, at most ``SAME_PER_RUN`` questions (a count, not the steps' time: what is asked is the
    same on a busy machine), and each pair it answers ``same`` folded. Asked outside every lock;
    the pairs asked are added to ``asked``, those it answers are a contradiction to ``judged``."""
    from ..detection import Label
    from ..detection.judge import folds

    with store.reading(target) as state:
        unchecked = _newest_first([m for m in state.entries.values() if not m.deep_checked])[:SAME_ENTRIES]
        if not unchecked or judging.room() == 0:
            return False
        index = state.ensure_index()
        texts = {i: m.text for i, m in state.entries.items()}
        checked = {m.entry_id: m.text for m in unchecked}
        near = {i: index.candidates(t, limit=JUDGE_CANDIDATES, exclude=i) for i, t in checked.items()}
        linked = {e.pair() for e in state.doc.contradictions}
        never_sent = _never_sent(state)
        restated = _restated(state)
    pairs = [(other_id, texts[other_id], entry_id, texts[entry_id])
             for other_id, entry_id in restatement_questions(checked, near, texts)
             if frozenset((other_id, entry_id)) not in linked and not {other_id, entry_id} & never_sent
             and not entry_problem(texts[other_id]) and not entry_problem(texts[entry_id])][:SAME_PER_RUN]
    verdicts = judging.ask_many(_questions(pairs, restated))
    asked.update(frozenset((row[0], row[2])) for row in pairs)
    judged.extend((*row, verdict, f"judge:{judging.name}") for row, verdict in zip(pairs, verdicts)
                  if verdict is not None and verdict.label is Label.CONTRADICTION)
    same = [(row, verdict) for row, verdict in zip(pairs, verdicts) if folds(verdict)]
    if not same:
        return False
    with store.unit_of_work(target, actor) as (state, change):
        folded_now = fold_same(state, change, _with_reasons(judging, same), f"judge:{judging.name}")
        if folded is not None:
            folded.extend(folded_now)
        return _visible(change)


def _restated(state: TargetState) -> dict[str, list]:
    """The wordings each entry kept (``EntryMeta.restated``), read under the lock for the questions."""
    return {i: m.restated for i, m in state.entries.items() if m.restated}


def _questions(pairs: list[tuple], restated: dict[str, list]) -> list[tuple[str, str]]:
    """Each pair ``(id, text, id, text)`` as a judge is asked it: each text with its entry's kept
    wordings (``restated.as_asked``)."""
    return [(as_asked(first_text, restated.get(first_id, [])), as_asked(second_text, restated.get(second_id, [])))
            for first_id, first_text, second_id, second_text in pairs]


def _with_reasons(judging, answered: list[tuple]) -> list[tuple[tuple[str, str, str, str], str, str | None, bool]]:
    """Each pair the judge answered is the same fact (or one side the other's fact and more, or a
    later account of it), with the reason its history record keeps, the id of the side that holds
    more (None: the same) and whether the fact was said again (not a later account)."""
    from ..detection.judge import carries_forward, fuller_side

    return [(pair, f"judge:{judging.name}: {verdict.reason}"[:200],
             None if (side := fuller_side(verdict)) is None else pair[2 * side], not carries_forward(verdict))
            for pair, verdict in answered]


def _ask_judge(store, judging, detector, home, near, checked, flagged) -> tuple[list[tuple], list[tuple]]:
    """The judge's contradictions between the entries just checked (newest first) and their
    neighbours by meaning (detection/candidates.py) that the rules left open, and those of them it
    answered are the same fact (the closest pairs were asked that first: ``_fold_restatements``):
    its budgets, the verdict file and every person's dismissal apply. Asked outside every lock."""
    from ..detection import Label
    from ..detection.judge import folds

    paths, texts, holders, seen, dismissed, never_sent, restated = home
    room = judging.room()
    if room == 0:
        return [], []  # the budget is spent: no neighbours searched, no embeddings computed
    judging.remember_dismissed(dismissed)
    decided = seen | {frozenset((row[0], row[2])) for row in flagged}
    embeddings_path = paths.home / f".{paths.stem}.embeddings.npz"
    shared = getattr(store.detector, "embeddings", None)
    mentions = holder_mentions(texts, holders) if len(texts) > SMALL_HOME_ENTRIES else {}
    author = f"judge:{judging.name}"
    pairs = []
    for entry_id, text in checked.items():
        if entry_id in never_sent or entry_problem(text):
            continue  # a blocked or kept text is never sent to a model (it may hold a secret)
        for other_id in judge_candidates(text, entry_id, texts, near[entry_id], holders, embeddings_path,
                                         embeddings=shared, mentions=mentions):
            other_text = texts[other_id]
            pair = frozenset((other_id, entry_id))
            if pair in decided or other_id in never_sent or entry_problem(other_text):
                continue
            decided.add(pair)
            if detector.compare(other_text, text).label is Label.CONTRADICTION:
                continue  # the rules flag it (found above, or by the add path)
            pairs.append((other_id, other_text, entry_id, text))
        if len(pairs) >= 2 * room + JUDGE_CANDIDATES:
            break  # more than the budget will ask (the earlier ones go first; some may be answered already)
    verdicts = judging.ask_many(_questions(pairs, restated))
    flags = [(*row, verdict, author) for row, verdict in zip(pairs, verdicts)
             if verdict is not None and verdict.label is Label.CONTRADICTION]
    return flags, [(row, verdict) for row, verdict in zip(pairs, verdicts) if folds(verdict)]


def _complete_index(store, target: str, seconds: float) -> bool:
    """Analyse the candidate index's pending entries (a home too large to index at once: see
    detection/index.py's AT_ONCE), newest first, a step at a time outside the locks, for at most
    ``seconds`` (one step at least); saves the index file. Whether the index is complete."""
    from ..detection.index import index_terms
    from ..detection.index_file import index_path, save_if_due

    deadline = time.monotonic() + seconds
    while True:
        with store.reading(target) as state:
            index = state.ensure_index()
            step = index.newest_pending(INDEX_STEP)
        for _entry_id, text in step:
            index_terms(text)  # the analysis, outside every lock (its cache keeps it for the add below)
        with store.reading(target) as reread:
            index = reread.ensure_index()
            for entry_id, text in step:
                if index.pending.get(entry_id) == text:
                    index.add(entry_id, text)
        if not step or time.monotonic() >= deadline:
            save_if_due(index_path(store.home, state.paths.stem), index)
            return index.complete


def _warm_index(store, target: str) -> None:
    """Open the candidate index outside every lock (from its file, or seconds of analysis at 10k
    entries on a cold home), then hand it to the current state, brought up to date entry by entry."""
    from ..detection.index_file import index_path, open_index

    with store.reading(target) as state:
        if state.index is not None:
            return
        texts = state.indexed_texts()
    index = open_index(index_path(store.home, state.paths.stem), texts)
    with store.reading(target) as state:
        if state.index is None:
            state.adopt_index(index)
