"""What the rules derive from one side of a pair, worked out once and kept with that side.

An add compares its new entry with each of its candidates, and maintenance compares an entry with
many: whatever a rule or the same-fact matcher reads from one analysis or one claim alone (the
families whose cue it holds, whether a claim puts words to someone, its English words) would
otherwise be read again for every pair it is in. :func:`kept` reads it once and keeps it in the
owner's ``memo``, so a pair costs only what is truly pairwise.

Safe by construction: an analysis and its claims are immutable and a changed text is another
analysis (``dataclasses.replace`` makes a new object with an empty memo), so a kept answer can never
be stale; the memo lives and goes with its owner, which ``analyse``'s bounded cache holds, so it is
bounded too. It is keyed by the deriving function itself: a function swapped for another (a test's)
is asked afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Owner = TypeVar("Owner")
Value = TypeVar("Value")


def kept(owner: Owner, derive: Callable[[Owner], Value]) -> Value:
    """``derive(owner)``, worked out on the first call for this owner and kept with it. ``derive``
    must be a pure function of the owner, and a module-level one (its identity is the key)."""
    memo = owner.memo
    try:
        return memo[derive]
    except KeyError:
        value = memo[derive] = derive(owner)
        return value
