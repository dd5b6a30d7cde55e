"""A judge that answers from labels: what a perfect model would say, to measure reach and budgets.

``dmem eval-detector --judge labels`` uses it on a pair file (each pair's own label) or a home file
(a probe contradicts the entries its ``contradicts`` names; nothing else contradicts). It knows the
answers; what it measures is whether the store asks about the right pairs within its budgets.
"""

from __future__ import annotations

from collections.abc import Iterable

from .judge import ELABORATES, PROGRESS, SAME, SIDES, CallableJudge, wordings_of

NAME = "labels"
_ORDER = ("contradiction", SAME, ELABORATES, PROGRESS, "compatible")  # the first a pair of wordings says


def _judge(contradicting: set[frozenset[str]], same: frozenset[frozenset[str]] = frozenset(),
           fuller_of: dict[frozenset[str], str] | None = None,
           progress: frozenset[frozenset[str]] = frozenset()) -> CallableJudge:
    fuller_of = fuller_of or {}

    def label_of(pair: frozenset[str]) -> str:
        return ("contradiction" if pair in contradicting else SAME if pair in same
                else ELABORATES if pair in fuller_of else PROGRESS if pair in progress else "compatible")

    def answer(a: str, b: str) -> dict:
        # every wording a side carries is that entry's fact: the pair is labelled through any of them
        found_pairs = {frozenset((one, other)): one for one in wordings_of(a) for other in wordings_of(b)}
        pair = min(found_pairs, key=lambda pair: _ORDER.index(label_of(pair)))
        label = label_of(pair)
        found = {"label": label, "confidence": 1.0, "reason": f"labelled {label}"}
        if label == ELABORATES:  # the side of the pair as asked that holds more
            found["fuller"] = "A" if fuller_of[pair] == found_pairs[pair] else "B"
        return found

    return CallableJudge(answer, NAME)


def judge_from_pairs(rows: Iterable[dict], *, contradiction_labels=("contradiction",)) -> CallableJudge:
    """Answers each labelled pair as labelled: ``contradiction_labels`` as a contradiction, "same"
    as the same fact, "elaborates" with a ``fuller`` side ("a" or "b": the note that holds more) as
    that note elaborating the other, "progress" as the later carrying the earlier forward, anything
    else (and a pair not in the file, or an "elaborates" naming no side) compatible. A side asked with
    the other wordings its entry kept (``judge.Said``) is answered through any of them, a contradiction
    first, then the same fact, elaborates, progress."""
    rows = list(rows)

    def labelled(label: str) -> frozenset[frozenset[str]]:
        return frozenset(frozenset((row["a"], row["b"])) for row in rows if row.get("label") == label)

    return _judge({frozenset((row["a"], row["b"])) for row in rows if row.get("label") in contradiction_labels},
                  labelled(SAME),
                  {frozenset((row["a"], row["b"])): row[row["fuller"]] for row in rows
                   if row.get("label") == ELABORATES and row.get("fuller") in SIDES},
                  labelled(PROGRESS))


def judge_from_home(home: dict) -> CallableJudge:
    """Answers a probe and an entry it contradicts with "contradiction", every other pair "compatible"."""
    texts = {entry["key"]: entry["text"] for target in ("memory", "user") for entry in home.get(target, [])}
    return _judge({frozenset((probe["text"], texts[key])) for probe in home.get("probes", [])
                   for key in probe["contradicts"] if key in texts})
