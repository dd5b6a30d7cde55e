"""The reflection layer: what runs apart from the agent's actions and never blocks them.

One pass over a target: validation decay (expired beliefs → DECAYED, the re-verification queue),
promotion candidates (proposed for a person to approve, or applied under the ``auto`` policy),
supersede entries the agent keeps ignoring, demote entries with several unresolved contradictions,
and a deeper contradiction check of entries not yet checked. A second pass right after the first
changes nothing.
"""

from __future__ import annotations

from typing import Any, Callable

from .model import (
    DEMOTION_CONTRADICTIONS,
    BeliefStatus,
    EntryMeta,
    apply_promotion,
    apply_validation_decay,
    demote,
    evaluate_promotion,
    is_ignored_too_often,
)
from .state import Change, TargetState, summary

Detect = Callable[[TargetState, Change, EntryMeta, int], list]
DEEP_CHECK_CANDIDATES = 64
JUDGE_CANDIDATES = 8  # nearest entries shown to the judge, per entry checked
DEEP_CHECK_BATCH = 2000
REPORT_KEYS = ("decayed", "promotions_proposed", "promoted", "superseded", "demoted", "contradictions_found")


def maintain(state: TargetState, change: Change, policy: str, detect: Detect, judging=None) -> dict[str, Any]:
    """One reflection pass; ``detect(state, change, meta, limit)`` flags an entry's contradictions.
    ``judging`` (a ``detection.judge.JudgeRun``) lets a host model judge close pairs the rules left open."""
    report: dict[str, Any] = {key: [] for key in REPORT_KEYS}
    report["target"] = state.target
    # Archiving and new edges change other entries' contradictions; both come before the rules that
    # read them (demotion, promotion), so a second pass right after this one has nothing left to do.
    for meta in list(state.entries.values()):
        if is_ignored_too_often(meta):
            _supersede_ignored(state, change, meta)
            report["superseded"].append(meta.entry_id)
    unchecked = [m.entry_id for m in state.entries.values() if not m.deep_checked][:DEEP_CHECK_BATCH]
    report["contradictions_found"] = _deep_check(state, change, detect)
    if judging is not None:
        report["contradictions_found"] += _consult_judge(state, change, unchecked, judging)
        report["judge"] = judging.report()
    for meta in list(state.entries.values()):
        if _decay(state, change, meta):
            report["decayed"].append(meta.entry_id)
        if _demote_contested(state, change, meta):
            report["demoted"].append(meta.entry_id)
        outcome = _promotion(state, change, meta, policy)
        if outcome:
            report[outcome].append(meta.entry_id)
    report["deep_check_pending"] = sum(1 for m in state.entries.values() if not m.deep_checked)
    return report


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


def _demote_contested(state: TargetState, change: Change, meta: EntryMeta) -> bool:
    """Demote once per run of ≥ 2 unresolved contradictions; re-arm when they are resolved."""
    contested = len(state.unresolved_edges_of(meta.entry_id)) >= DEMOTION_CONTRADICTIONS
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


def _promotion(state: TargetState, change: Change, meta: EntryMeta, policy: str) -> str | None:
    target = evaluate_promotion(meta, change.now) if meta.status is BeliefStatus.ACTIVE else None
    if target is None:
        if meta.pending_promotion is not None:
            meta.pending_promotion = None
            change.touch(meta)
            change.log(state.target, "withdraw_promotion", meta.entry_id, reason="no longer meets the thresholds")
        return None
    hits = meta.hit_count + meta.observed_behavior_count
    if meta.pending_promotion == target or (meta.rejected_promotion_hits is not None and hits <= meta.rejected_promotion_hits):
        return None
    before = summary(meta)
    change.touch(meta)
    if policy == "auto":
        apply_promotion(meta, target, change.now)
        change.log(state.target, "promote", meta.entry_id, before, summary(meta), policy="auto")
        return "promoted"
    meta.pending_promotion = int(target)
    change.log(state.target, "propose_promotion", meta.entry_id, detail_to=target.name)
    return "promotions_proposed"


def _deep_check(state: TargetState, change: Change, detect: Detect) -> list[dict[str, Any]]:
    """Wider candidate search than the add path, for entries not yet deep-checked (bounded per run)."""
    from .views import edge_dict

    unchecked = [m for m in state.entries.values() if not m.deep_checked][:DEEP_CHECK_BATCH]
    found = []
    for meta in unchecked:
        if meta.entry_id not in state.entries:
            continue
        found.extend(detect(state, change, meta, DEEP_CHECK_CANDIDATES))
        meta.deep_checked = True
        change.touch(meta)
    return [edge_dict(state, edge, change.now) for edge in found]


def _consult_judge(state: TargetState, change: Change, entry_ids: list[str], judging) -> list[dict[str, Any]]:
    """The judge's verdicts on the nearest neighbours of the entries just deep-checked
    (within its budget); a contradiction it finds becomes an edge authored by the judge."""
    from .detection import Label
    from .model import ContradictionEdge
    from .views import edge_dict

    found = []
    for entry_id in entry_ids:
        meta = state.entries.get(entry_id)
        if meta is None:
            continue
        for other_id in state.ensure_index().candidates(meta.text, limit=JUDGE_CANDIDATES, exclude=entry_id):
            other = state.entries.get(other_id)
            if other is None or state.edge_between(other_id, entry_id):
                continue
            verdict = judging.ask(other.text, meta.text)
            if verdict is None or verdict.label is not Label.CONTRADICTION:
                continue
            edge = ContradictionEdge(from_id=other_id, to_id=entry_id, reason=verdict.reason,
                                     confidence=round(float(verdict.score), 3),
                                     author=f"judge:{getattr(judging.judge, 'name', 'judge')}",
                                     created_at=change.now, kind=verdict.kind,
                                     reason_data=dict(verdict.reason_data))
            state.add_edge(change, edge)
            change.log(state.target, "contradiction", entry_id, detail_edge=edge.edge_id, other=other_id,
                       reason=edge.reason)
            found.append(edge_dict(state, edge, change.now))
    return found
