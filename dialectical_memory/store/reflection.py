"""The reflection layer's runner: what runs, in what order, within what budget.

One reflection run of a target (:meth:`MemoryStore.run_maintenance`, ``dmem maintain``, the
dashboard's Maintenance page, the Hermes provider at session end) is the steps of ``STEPS`` in
order. Each step is a function ``step(run: Run) -> dict`` whose answer is merged into the run's
report; it reads what it needs from ``run`` (the store, the target, the policy, the actor, the
progress callback, the judge) and keeps to its own budget: ``Step.budget_seconds`` is handed to it
as ``run.budget`` (``run.left()`` the seconds it has left), and the report's ``steps`` lists each
step's seconds and whether it went over. A step proposes or applies in short locked steps of its
own; the runner holds no lock.

Steps today, in order:

1. ``maintenance``: decay, promotions, ignore-ratio supersede, demotion, the deep contradiction
   check and the judge (:mod:`.maintenance`), which has budgets of its own (entries per step,
   seconds per step, the judge's questions per run and per day, the first of them "the same
   fact?" questions, a count: ``restated.SAME_PER_RUN``);
2. ``patterns``: pattern proposals (:mod:`.patterns`), the home grouped anew (a group found again
   keeps its id; until the next run, proposals stay as they are while their members are unchanged),
   so the first person to look finds them ready; it counts them into
   ``patterns_proposed``. Its bounds: ``patterns.SCAN_LIMIT`` incidents, and only the pairs that
   share a term at most ``patterns.POSTING_LIMIT`` of them hold (about 3 s cold at 10,000 entries).

3. ``drafts``: a first text for each open proposal (a pattern, a synthesis, a principle) from the
   drafting model, within its budgets (:mod:`.drafts`); reported as ``drafts``.
4. ``embeddings`` (with the ``[semantic]`` extra): the entries the search ranks by meaning, embedded
   for as long as its budget lasts, newest and most-used first (:func:`.search.embed_entries`): a
   search never embeds, so at 100,000 entries (an hour of CPU) the home is covered over many runs;
   only a home searched (or embedded before), unless a person runs it (``dmem maintain``); reported
   as ``embedded`` and ``meaning_coverage``.

Steps other work adds (restatement folding) go into ``STEPS`` with their
own budgets; a run's budget is the sum of its steps' budgets.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Run:
    """What a step reads: one run of one target."""

    store: Any
    target: str
    policy: str
    actor: str
    progress: Callable[[int, int], None] | None = None
    judging: Any = None
    budget: float = 0.0  # seconds the current step may take
    started: float = field(default_factory=time.monotonic)

    def left(self) -> float:
        """Seconds the current step has left."""
        return self.budget - (time.monotonic() - self.started)


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable[[Run], dict[str, Any]]
    budget_seconds: float


def _maintenance(run: Run) -> dict[str, Any]:
    from .maintenance import run as maintain

    return maintain(run.store, run.target, run.policy, run.actor, run.progress, run.judging)


def _patterns(run: Run) -> dict[str, Any]:
    return {"patterns_proposed": len(run.store.pattern_proposals(run.target, fresh=True))}


def _drafts(run: Run) -> dict[str, Any]:
    from .drafts import step

    return step(run)


def _embeddings(run: Run) -> dict[str, Any]:
    from .search import embed_entries

    return embed_entries(run.store, run.target, run.left(), always=run.actor != "maintenance")  # a person's own run


STEPS: tuple[Step, ...] = (
    Step("maintenance", _maintenance, 600.0),
    Step("patterns", _patterns, 60.0),
    Step("drafts", _drafts, 120.0),
    Step("embeddings", _embeddings, 30.0),
)


def run(store, target: str, policy: str, actor: str, progress=None, judging=None, steps=STEPS) -> dict[str, Any]:
    """Every step of ``steps`` in order on ``target``; their reports merged, plus ``steps``: each
    step's name, seconds taken and whether it ran."""
    report: dict[str, Any] = {}
    timings = []
    for step in steps:
        current = Run(store, target, policy, actor, progress, judging, step.budget_seconds)
        answer = step.run(current)
        changed = report.get("changed", False)
        report.update(answer)
        report["changed"] = changed or bool(answer.get("changed"))
        timings.append({"step": step.name, "seconds": round(time.monotonic() - current.started, 3),
                        "over_budget": current.left() < 0})
    report["steps"] = timings
    return report
