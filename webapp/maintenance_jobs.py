"""Maintenance in the background, so a person's "Run maintenance" never holds up the dashboard.

Requests are served one at a time (they share the store's live metadata), so a maintenance pass
run inside a request would stall every other page for as long as it takes: seconds on a large home
that was never deep-checked. A job runs the pass on a thread with **its own store** on the same
home: it coordinates with the dashboard's store through the files and their locks, exactly as the
agent's process does, and the dashboard's store picks the results up on its next read.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .adapter import MemoryStore


@dataclass
class Job:
    """One maintenance pass of one target: its progress while it runs, then its report or error."""

    target: str
    started_at: float = field(default_factory=time.time)
    done: int = 0
    total: int | None = None
    report: dict[str, Any] | None = None
    error: str | None = None
    finished_at: float | None = None

    @property
    def running(self) -> bool:
        return self.finished_at is None

    @property
    def percent(self) -> int | None:
        if not self.total:
            return None
        return min(100, round(100 * self.done / self.total))


class MaintenanceJobs:
    """At most one running job per target; the last finished one is kept to show its report."""

    def __init__(self, make_store: Callable[[], MemoryStore]):
        self._make_store = make_store
        self._store: MemoryStore | None = None
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._store_lock = threading.Lock()
        self._threads: dict[str, threading.Thread] = {}

    def start(self, target: str) -> tuple[Job, bool]:
        """The target's job, and whether this call started it (False: one was already running)."""
        with self._lock:
            job = self._jobs.get(target)
            if job is not None and job.running:
                return job, False
            job = self._jobs[target] = Job(target)
            thread = threading.Thread(target=self._run, args=(job,), name=f"dmem-maintenance-{target}", daemon=True)
            self._threads[target] = thread
        thread.start()
        return job, True

    def latest(self, target: str) -> Job | None:
        with self._lock:
            return self._jobs.get(target)

    def wait(self, target: str, timeout: float | None = None) -> Job | None:
        """Block until the target's job has finished (tests; a server shutting down)."""
        thread = self._threads.get(target)
        if thread is not None:
            thread.join(timeout)
        return self.latest(target)

    def _run(self, job: Job) -> None:
        def progress(done: int, total: int | None) -> None:
            job.done, job.total = done, total

        try:
            report = self._background_store().run_maintenance(job.target, actor="maintenance", progress=progress)
        except Exception as error:  # shown to the person; the files are as the last committed step left them
            job.error = f"{type(error).__name__}: {error}"
        else:
            job.report = report
        finally:
            job.finished_at = time.time()

    def _background_store(self) -> MemoryStore:
        """Built on first use and kept: a later run only rereads what changed since."""
        with self._store_lock:  # not self._lock: a status request must not wait for a load
            if self._store is None:
                self._store = self._make_store()
            return self._store
