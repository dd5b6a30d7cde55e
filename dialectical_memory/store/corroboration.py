"""One stale entry and the entries that changed it, counted once.

When a rule would flag a new entry N against an entry S, and S already has an unresolved
contradiction with an entry C about the same claim (the same family or the same predicate), and N
says again what C says against S, the pair is not a new contradiction: it is the one already shown,
said again. N is recorded on that edge (``reason_data["also_said_by"]``) instead of getting an edge
of its own, so a person sees one contradiction "said again in N notes", not the same one N times.

"Says again" is the same-fact matcher's (``detection/restatement.py``) ``compare`` at its POSSIBLE
level, asked of the two clashing phrases (what C and N each say against S: "was laid off" /
"being laid off") or of the two whole entries, or of N and a note already recorded as saying it again. The
phrases are short, so the SURE level (what an add absorbs) would almost never hold for them; a
POSSIBLE one costs no information here: N stays an active entry, named on the edge.

A person's decision on the edge holds for the entries recorded on it: they stay active entries,
unflagged, and no later check (the add, maintenance's deep check) flags one of them against S
again while its id is on an edge of S, however that edge was resolved. A new entry meets only
unresolved edges: after a person decided, what comes later is news and is flagged as such.

``also_said_by`` is read back from the sidecar, which is untrusted: :func:`said_by` keeps only a
bounded list of well-formed ids.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.beliefs import ContradictionEdge

ALSO_SAID_BY = "also_said_by"
# At most this many entries are named on one edge (a longer list in a sidecar is cut to it).
MOST_NAMED = 32
_ENTRY_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def said_by(reason_data: Any) -> list[str]:
    """The ids recorded as saying an edge's contradiction again: a list of well-formed ids, each
    once, at most ``MOST_NAMED``; anything else a sidecar holds there is dropped."""
    ids = reason_data.get(ALSO_SAID_BY) if isinstance(reason_data, dict) else None
    if not isinstance(ids, list):
        return []
    kept: list[str] = []
    for entry_id in ids:
        if type(entry_id) is str and _ENTRY_ID.fullmatch(entry_id) and entry_id not in kept:
            kept.append(entry_id)
            if len(kept) == MOST_NAMED:
                break
    return kept


def edge_said_again(state, from_id: str, to_id: str, verdict, detector) -> tuple[ContradictionEdge, str] | None:
    """The edge the contradiction ``verdict`` found between ``from_id`` and ``to_id`` would only say
    again, and which of the two says it again; ``None``: a new contradiction. The two are compared
    in that order, the entry written first then the new one, as the add and the deep check compare
    them: an unresolved edge of ``from_id`` whose other side ``to_id`` says again. Either one named
    on an edge of the other before is never flagged against it (a judge's pair comes in either order).
    ``detector``: the one that found it (an entry it flags against that other side says no such thing)."""
    for stale_id, named_id in ((from_id, to_id), (to_id, from_id)):
        for edge in state.edges_of(stale_id):
            if named_id in said_by(edge.reason_data):
                return edge, named_id  # a person's decision on the edge holds for it
    new = state.entries.get(to_id)
    if new is None:
        return None
    phrase = _phrase(verdict.reason_data, "b")
    for edge in state.unresolved_edges_of(from_id):
        if _same_claim(edge, verdict) and _says_again(state, edge, from_id, new.text, phrase, detector):
            return edge, to_id
    return None


def record(state, change, edge: ContradictionEdge, entry_id: str) -> None:
    """Name ``entry_id`` on ``edge`` as saying it again. A full list names no more: an entry past it
    is still not flagged while the edge is open, only not listed."""
    ids = said_by(edge.reason_data)
    if entry_id in ids or len(ids) >= MOST_NAMED:
        return
    edge.reason_data = {**edge.reason_data, ALSO_SAID_BY: [*ids, entry_id]}  # never changed in place
    change.touch_edge(edge)


def _family(data: dict, kind: str) -> str:
    return str(data.get("found_as") or data.get("kind") or kind or "")


def _same_claim(edge: ContradictionEdge, verdict) -> bool:
    """Both clashes are about one claim: found by the same family, or about the same predicate."""
    data, found = edge.reason_data or {}, verdict.reason_data or {}
    family = _family(data, edge.kind)
    if family and family == _family(found, verdict.kind):
        return True
    predicate = str(data.get("predicate") or "")
    return bool(predicate) and predicate == str(found.get("predicate") or "")


def _says_again(state, edge: ContradictionEdge, stale_id: str, text: str, phrase: str, detector) -> bool:
    """Does the new entry (``text``, its clashing ``phrase``) say again what the other side of
    ``edge`` (or an entry already recorded on it) says against ``stale_id``? Not when the detector
    flags it against that other side: "works as a teacher" is no "works as a nurse" said again,
    however alike the words (the matcher names such a pair POSSIBLE, one word swapped for another)."""
    end = "b" if edge.from_id == stale_id else "a"
    other = state.entries.get(edge.to_id if end == "b" else edge.from_id)
    if other is None:
        return False
    earlier = [other] + [state.entries.get(i) for i in said_by(edge.reason_data)]
    restated = (bool(phrase) and _restates(_phrase(edge.reason_data, end), phrase)
                or any(meta is not None and _restates(meta.text, text) for meta in earlier))
    return restated and not _clash(detector, other.text, text)


def _clash(detector, earlier: str, later: str) -> bool:
    from ..detection import Label

    return detector.compare(earlier, later).label is Label.CONTRADICTION


def _phrase(data: Any, end: str) -> str:
    value = data.get(end) if isinstance(data, dict) else None
    return value if isinstance(value, str) else ""


def _restates(earlier: str, later: str) -> bool:
    from ..detection.restatement import Sameness, compare  # the detector's tables, read when first asked

    return bool(earlier) and compare(earlier, later).sameness is not Sameness.DIFFERENT
