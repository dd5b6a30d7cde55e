"""Every rule family, in the order the runner tries them (`rules.RuleDetector`).

A family is a module of `detection/` that declares `FAMILY` (see `family.py`): adding one is
writing its module and naming it below. The runner's order is the families' own priorities.
"""

from __future__ import annotations

from . import (abilities, amounts, antonym_frames, antonym_morphemes, axes, changes, completion, counts, denials,
               exclusive, first_time, frequency_words, habits, job_endings, lifelong_home, never_left,
               never_visited, only_days, only_languages, orders, plans_after_done, preferred_times,
               spoken_languages, states, values)
from .family import Family

_MODULES = (abilities, amounts, antonym_frames, antonym_morphemes, axes, changes, completion, counts, denials, exclusive,
            first_time, frequency_words, habits, job_endings, lifelong_home, never_left, never_visited, only_days,
            only_languages, orders, plans_after_done, preferred_times, spoken_languages, states, values)

FAMILIES: tuple[Family, ...] = tuple(sorted((module.FAMILY for module in _MODULES), key=lambda family: family.priority))
# Every kind a rule verdict may carry (`Verdict.kind`): what a page must be able to word.
KINDS: tuple[str, ...] = tuple(sorted({kind for family in FAMILIES for kind in family.kinds}))


def index_terms(analysis) -> set[str]:
    """What the families link an entry by, for the candidate index (`index.index_terms`): the two
    sides of a contradiction may share no word ("has no driving licence" / "drives to work")."""
    found: set[str] = set()
    for family in FAMILIES:
        found.update(family.index_terms(analysis))
    return found


def table() -> str:
    """The families as the runner meets them, one line each: priority, name, kinds, cue, timed.
    `python -c "from dialectical_memory.detection import registry; print(registry.table())"`"""
    rows = [("priority", "family", "kinds", "cue", "timed")]
    for family in FAMILIES:
        words = getattr(family.cue, "words", None)
        cue = "says " + " / ".join(words) if words else family.cue.__name__.lstrip("_").replace("_", " ")
        rows.append((str(family.priority), family.name, ", ".join(family.kinds), cue, "timed" if family.timed else ""))
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)
