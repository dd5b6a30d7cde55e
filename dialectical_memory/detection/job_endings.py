"""How a job ended, told two ways: left by choice / lost it: "quit her job at the bank to travel" /
"was laid off", "辞职了" / "被裁员了". One ending is one past event: it cannot have been both,
whenever each was said (no dated change: `contract.FIXED_PREDICATES`). A job named on both sides
must be named alike ("quit her job as a nurse" / "lost her job as a waitress", or "… at the
clinic", are two jobs).
"""

from __future__ import annotations

from .analysis import Analysis
from .base import Verdict
from .family import Family, Said, contradiction
from .text import lazy_compile

_JOB = r"(?:his|her|their|my|the|a)\s+(?:[\w-]+\s+){0,3}?(?:job|position|post)\b(?:\s+(?:as\s+an?|at(?:\s+the)?)\s+(?P<named>[a-z]+|[A-Z]\w*(?:\s+[A-Z]\w*)?))?"
_CHOSEN = lazy_compile(rf"\b(?:left|quit|quitting|resigned\s+from|gave\s+up|walked\s+away\s+from)\s+{_JOB}|"
                       rf"\bresigned\b|辞职|辞掉了?(?:工作|职位)|主动离职")
_LOST = lazy_compile(rf"\b(?:lost|losing)\s+{_JOB}|\b(?:was|were|got|been|is|being)\s+(?:fired|laid\s+off|let\s+go|sacked|dismissed)\b|"
                     r"被[\u4e00-\u9fff]{0,4}?(?:裁员?|辞退|解雇|开除)|丢了工作")
_CHOSEN_WORDS = ("left", "quit", "resign", "gave up", "walked away", "辞", "离职")


def _ending_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One side left the job by choice, the other lost it: the same ending told two ways."""
    if a.holder != b.holder:
        return None
    chosen, lost = _CHOSEN.search(a.text), _LOST.search(b.text)
    if not chosen or not lost or _two_jobs(chosen, lost):
        return None
    return contradiction("implicit", 0.7, chosen.group(0), lost.group(0), holder=a.holder, family="job ending")


def _two_jobs(chosen, lost) -> bool:
    named = [(match.groupdict().get("named") or "").lower() for match in (chosen, lost)]
    return all(named) and named[0] != named[1]


FAMILY = Family("how a job ended", kinds=("implicit",), priority=135, compare=_ending_conflict,
                cue=Said(_CHOSEN_WORDS), patterns=(_CHOSEN,))
