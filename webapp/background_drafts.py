"""Drafts in the background, so "Draft it" never holds the dashboard while a model answers.

Requests are served one at a time: a model that takes its whole timeout inside a request would
stall every page for as long. The request checks what may be sent (the store's ``merge_drafter``
for a merge, ``draft_asker`` for a pattern, synthesis or principle: both refuse blocked, kept and
flagged texts) and starts the asking on a thread; the panel or row shows "Drafting…" with a Refresh
link (htmx reloads it by itself) until the draft is there. The thread touches no state of the
store: it asks the model, bounded by the endpoint's timeout (``detection.model_client``), and a
proposal's draft is kept in the drafts file, where the page reads it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable

MAX_KEPT = 32  # finished drafts kept to show (oldest dropped first)


@dataclass
class DraftJob:
    """One draft of one group of entries: running, then its text (None: the model gave none, or
    ``note`` says why nothing was asked)."""

    target: str
    key: str
    started_at: float = field(default_factory=time.time)
    text: str | None = None
    finished: bool = False
    note: str | None = None


class BackgroundDrafts:
    """At most one running draft per group; the finished ones are kept until they are replaced."""

    def __init__(self) -> None:
        self._jobs: dict[tuple[str, str], DraftJob] = {}
        self._threads: dict[tuple[str, str], threading.Thread] = {}
        self._lock = threading.Lock()

    def start(self, target: str, key: str, ask: Callable[[], str | None]) -> DraftJob:
        """The group's draft job, started now unless one is already running."""
        with self._lock:
            job = self._jobs.get((target, key))
            if job is not None and not job.finished:
                return job
            job = self._jobs[(target, key)] = DraftJob(target, key)
            self._forget_oldest()
            thread = threading.Thread(target=self._run, args=(job, ask), name="dmem-draft", daemon=True)
            self._threads[(target, key)] = thread
        thread.start()
        return job

    def refuse(self, target: str, key: str, note: str) -> None:
        """Remember why the group's draft was not asked for, to say so where its button was."""
        with self._lock:
            self._jobs[(target, key)] = DraftJob(target, key, finished=True, note=note)
            self._threads.pop((target, key), None)
            self._forget_oldest()

    def job(self, target: str, key: str) -> DraftJob | None:
        with self._lock:
            return self._jobs.get((target, key))

    def view(self, target: str) -> dict:
        """What the room panel shows of ``target``'s drafts: finished texts, running and empty ones."""
        with self._lock:
            jobs = [job for (t, _k), job in self._jobs.items() if t == target]
        return {"drafts": {j.key: j.text for j in jobs if j.finished and j.text},
                "drafting": {j.key for j in jobs if not j.finished},
                "no_draft": {j.key for j in jobs if j.finished and not j.text}}

    def wait(self, target: str, key: str, timeout: float | None = None) -> DraftJob | None:
        """Block until the group's draft has finished (tests)."""
        thread = self._threads.get((target, key))
        if thread is not None:
            thread.join(timeout)
        return self._jobs.get((target, key))

    def _run(self, job: DraftJob, ask: Callable[[], str | None]) -> None:
        try:
            job.text = ask()
        except Exception:  # noqa: BLE001 - a model that fails gives no draft, never a broken page
            job.text = None
        finally:
            job.finished = True

    def _forget_oldest(self) -> None:
        finished = sorted((j.started_at, k) for k, j in self._jobs.items() if j.finished)
        for _started, key in finished[: max(0, len(self._jobs) - MAX_KEPT)]:
            self._jobs.pop(key, None)
            self._threads.pop(key, None)
