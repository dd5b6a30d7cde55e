"""What a process's first add needs that is the same for every home, prepared on a background thread.

The first add of a process imports the detector (some sixty modules), builds its word tables and
compiles the patterns an ordinary note meets: ~100 ms of CPU, most of the first add after a load of
100,000 entries, paid again by every process. A long-lived process (the MCP server, the Hermes
provider, the dashboard) starts this once its store is loaded: the agent's first write usually comes
seconds later, and finds the work done. A one-shot command does not start it: its add follows the load at once and
would only share the same work with the thread.

The process-wide part (:func:`prepare`) reads and writes nothing of a home: it fills caches (modules,
word tables, compiled patterns) the add fills the same way if it gets there first (an import waits
for one in progress; a pattern compiled twice is the same pattern). A store's own part
(:meth:`MemoryStore.warm_up`) encodes its ``.md`` files and opens its candidate indexes under its
thread locks, as the first add would (a load of a home of ``PREPARE_ADDS_FROM`` entries or more does
both parts itself, before it returns: see :meth:`MemoryStore.load_from_disk`), then reads its texts into the words index a search reads
(a home of up to 20,000 entries; no lock held, giving way to any search). A fork waits for every warm-up thread to finish (at most
:data:`FORK_WAIT_SECONDS`), so that a child never inherits a lock one held.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

THREAD_NAME = "dmem-warm-up"
# How long a fork waits for the warm-up (it takes a fraction of a second): bounded, so that a fork
# made while holding a lock the warm-up waits for is delayed, never hung.
FORK_WAIT_SECONDS = 30.0

# Pairs of notes as an add compares them, in each language the detector reads: a residence, a job,
# a habit, a preference, a plan, a past and someone named, said and then changed (what every home's
# notes are mostly made of; a pattern none of them holds a cue of compiles at the add that needs it).
SAMPLES = (
    ("User lives in Berlin and works as a nurse; she likes to drink coffee every morning",
     "User moved to Paris last year, no longer works as a nurse and never drinks coffee now"),
    ("User recently planted 3 apple trees and asked her sister Anna to help; she used to prefer tea over coffee",
     "User was encouraged to learn the cello and plans to take lessons every week, but never finished them"),
    ("用户住在北京，是一名护士，每天早上喝咖啡", "用户去年搬到上海，现在不当护士了，也不喝咖啡"),
)

_lock = threading.Lock()  # starts
_lock_prepare = threading.Lock()  # the process-wide part, run once
_threads: list[threading.Thread] = []
_fork_waits = False  # the fork hook is registered (once per process)
_prepared = False


def start(then: Callable[[], object] | None = None) -> threading.Thread:
    """Start a warm-up thread: :func:`prepare` (once per process: a later thread finds it done),
    then ``then`` (a store's own part: :meth:`MemoryStore.warm_up`)."""
    global _fork_waits
    with _lock:
        if not _fork_waits:
            os.register_at_fork(before=_before_fork)
            _fork_waits = True
        _threads[:] = [thread for thread in _threads if thread.is_alive()]
        thread = threading.Thread(target=_run, args=(then,), name=THREAD_NAME, daemon=True)
        _threads.append(thread)
        thread.start()
        return thread


def wait(timeout: float | None = None) -> None:
    """Until every warm-up thread started has finished (each given ``timeout`` seconds at most)."""
    for thread in list(_threads):
        if thread is not threading.current_thread():
            thread.join(timeout)


def _before_fork() -> None:
    wait(FORK_WAIT_SECONDS)


def _run(then: Callable[[], object] | None) -> None:
    try:
        prepare_once()
        if then is not None:
            then()
    except Exception:  # an optimisation only: whatever it did not prepare, the add prepares itself
        pass


def prepare_once() -> None:
    """:func:`prepare`, once per process: a later call (on any thread) finds it done, or waits for
    the one in progress. A load of a large home calls it itself (:meth:`MemoryStore.load_from_disk`)."""
    global _prepared
    with _lock_prepare:
        if not _prepared:
            prepare()
            _prepared = True


def prepare() -> None:
    """Run the add path's checks on :data:`SAMPLES`, in memory: the safety gate, the type reader, the
    candidate index (terms, names; the index file's fingerprint), the same-fact matcher and the rule
    detector; import what the commit imports on first use."""
    import ctypes  # noqa: F401  the commit's atomic exchange (renameat2)
    import queue  # noqa: F401  the commit's fsync threads
    import random  # noqa: F401  the commit's temp names

    from ..detection import RuleDetector
    from ..detection.index import CandidateIndex
    from ..detection.index_file import analysis_fingerprint
    from ..detection.knowledge_types import read_knowledge_type
    from ..detection.restatement import best_restated
    from .screening import admit_entry

    analysis_fingerprint()  # what opening the index file checks it against
    detector = RuleDetector()
    for earlier, later in SAMPLES:
        index = CandidateIndex()
        index.add("earlier", admit_entry(earlier))
        index.candidates(admit_entry(later))
        read_knowledge_type(later)
        best_restated(later, [("earlier", earlier, 1.0), ("close", f"{later} again", 1.0)])  # and its guards
        detector.compare(earlier, later)
