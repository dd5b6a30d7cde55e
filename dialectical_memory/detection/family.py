"""What a rule family declares: its name, the kinds it gives, when it runs and how it compares.

Each family lives in a module of its own under `detection/` and declares itself there as `FAMILY`;
`registry.py` lists the modules, and `rules.RuleDetector` runs the families over every pair of
parts in the order of their priorities (lowest first), each in both directions, until one finds a
contradiction. A family is:

- `compare(a, b)`: a contradiction between the analyses `a` and `b` (`analysis.Analysis`), or
  None. `a` is the side that holds the family's cue (the inability, the order, the ended state);
  the runner also tries `compare(b, a)` and puts that verdict's reason back in a↔b order.
- `cue(analysis)`: can `compare(analysis, ·)` find anything? A cheap test run first, so a
  family whose cue is absent is never run: cue words said in the entry (`Said`), or a test of
  what the analysis holds ("it has an order", "one of its claims denies").
- `index_terms(analysis)`: what the candidate index should link this entry by, when the two sides
  of the family's contradictions share no word ("has no driving licence" / "drives to work").
- `keys(analysis)`, optional: what a side of any contradiction the family finds holds that the
  other side must hold too (a holder and an axis, say), or, with `sought(analysis)`, what the
  other side must seek (a holder, a sign and the other pole of an axis). A pair where neither side
  holds a key the other seeks is never compared (`keys_meet`): read once per analysis, the test
  is a set intersection where `compare` reads every pair of claims. A family without keys runs on
  every pair its cue lets through.
- `timed`: the family runs also on entries that name times or settings apart ("prefers morning
  meetings" / "prefers afternoon meetings": the times are what it compares).
- `ordered`: what the family finds depends on which entry came first ("runs her own bakery", then
  "plans to open her own bakery", is no plan fulfilled): it compares `(a, b)` only, `a` the entry
  written first (an add compares each stored entry with the new one), never the swap.

This module imports nothing of the analysis: families below it (amounts.py) declare themselves too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from .base import Label, Verdict


def no_terms(analysis) -> Iterable[str]:
    return ()


class Family(NamedTuple):
    name: str
    kinds: tuple[str, ...]  # the verdict kinds it gives ("value", "implicit", …; see base.Verdict)
    priority: int  # the runner tries the families lowest first; the first contradiction wins
    compare: Callable[..., Verdict | None]  # (a: Analysis, b: Analysis) -> Verdict | None
    cue: Callable[..., bool]  # (a: Analysis) -> bool: False when compare(a, ·) cannot find anything
    index_terms: Callable[..., Iterable[str]] = no_terms  # (analysis: Analysis) -> terms
    timed: bool = False  # runs also where the entries name times or settings apart
    ordered: bool = False  # compares only (earlier, later): the runner's first entry is the one written first
    patterns: tuple = ()  # the patterns a `Said` cue guards: each way of matching one says a cue word
    keys: Callable[..., Iterable] | None = None  # (a: Analysis) -> what it holds, for the pair test
    sought: Callable[..., Iterable] | None = None  # (a: Analysis) -> the keys it needs the other side to hold (its own)

    def read_keys(self, analysis) -> tuple[frozenset, frozenset] | None:
        """What `analysis` holds and what it seeks in the other side; None for a family without keys."""
        if self.keys is None:
            return None
        held = frozenset(self.keys(analysis))
        return held, frozenset(self.sought(analysis)) if self.sought is not None else held


def keys_meet(first: tuple[frozenset, frozenset] | None, second: tuple[frozenset, frozenset] | None) -> bool:
    """Can the family compare two sides whose `read_keys` these are? Only if one holds a key the other
    seeks (a family without keys: always)."""
    return first is None or not first[0].isdisjoint(second[1]) or not second[0].isdisjoint(first[1])


class Said(NamedTuple):
    """Cue words: the family runs on an entry that says one of them, in the entry as written or (for
    families whose patterns read claims) in one of its claims. A substring test, far cheaper than
    the patterns it guards; tests/detection/test_family_registry.py checks every way of matching
    those patterns says one of the words."""

    words: tuple[str, ...]
    in_claims: bool = False

    def __call__(self, analysis) -> bool:
        if self.in_claims:
            return any(word in claim.text for claim in analysis.claims for word in self.words)
        return any(word in analysis.text for word in self.words)


def contradiction(kind: str, score: float, left: str, right: str, **details) -> Verdict:
    """A family's verdict; `details` go into its structured reason (see `Verdict`)."""
    data = {"kind": kind, "source": "rule", "a": left, "b": right}
    data.update(details)
    return Verdict(Label.CONTRADICTION, score, f"{kind}: {left}↔{right}", kind, "rule", data)
