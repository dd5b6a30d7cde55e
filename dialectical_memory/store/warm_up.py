"""What a process's first add needs that is the same for every home, prepared on a background thread.

The first add of a process imports the detector (some sixty modules), builds its word tables and
compiles the patterns an ordinary note meets: ~100 ms of CPU, most of the first add after a load of
100,000 entries, paid again by every process. A long-lived process (the MCP server, the Hermes
provider) starts this once its store is loaded: the agent's first write usually comes seconds later,
and finds the work done. A one-shot command does not start it: its add follows the load at once and
would only share the same work with the thread.

Nothing of a home is read or written, and no store is touched: only process-wide caches (modules,
word tables, compiled patterns), each of which the add fills the same way if it gets there first
(an import waits for one in progress; a pattern compiled twice is the same pattern). A fork waits for
the thread to finish, so that a child never inherits a lock the thread held.
"""

from __future__ import annotations

import os
import threading

THREAD_NAME = "dmem-warm-up"

# Pairs of notes as an add compares them, in each language the detector reads: a residence, a job,
# a habit and a preference, said and then changed (what every home's notes are mostly made of).
SAMPLES = (
    ("User lives in Berlin and works as a nurse; she likes to drink coffee every morning",
     "User moved to Paris last year, no longer works as a nurse and never drinks coffee now"),
    ("用户住在北京，是一名护士，每天早上喝咖啡", "用户去年搬到上海，现在不当护士了，也不喝咖啡"),
)

_lock = threading.Lock()
_thread: threading.Thread | None = None


def start() -> threading.Thread:
    """Start the warm-up once per process (later calls return the same thread)."""
    global _thread
    with _lock:
        if _thread is None:
            os.register_at_fork(before=wait)
            _thread = threading.Thread(target=_warm_quietly, name=THREAD_NAME, daemon=True)
            _thread.start()
        return _thread


def wait(timeout: float | None = None) -> None:
    """Until the warm-up, if one was started, has finished (or ``timeout`` seconds have passed)."""
    thread = _thread
    if thread is not None and thread is not threading.current_thread():
        thread.join(timeout)


def _warm_quietly() -> None:
    try:
        prepare()
    except Exception:  # an optimisation only: whatever it did not prepare, the add prepares itself
        pass


def prepare() -> None:
    """Run the add path's checks on :data:`SAMPLES`, in memory: the safety gate, the type reader, the
    candidate index (terms, names; the index file's fingerprint), the same-fact matcher and the rule
    detector; import what the commit imports on first use."""
    import concurrent.futures  # noqa: F401  the commit's fsync threads
    import ctypes  # noqa: F401  the commit's atomic exchange (renameat2)

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
        best_restated(later, [("earlier", earlier, 1.0)])
        detector.compare(earlier, later)
