"""Which side of a contradiction is behaviour: the hint beside the two sides on the contradictions page.

Why two entries contradict, in plain words, is the core's (``store/reason_words.py``, passed
through ``adapter``): the terminal reads it too.
"""

from __future__ import annotations


BEHAVIOUR_SOURCES = ("observed", "user_correction")


def behaviour_side(sides: list[dict]) -> dict | None:
    """The one side that is observed behaviour or a correction, when exactly one is."""
    marked = [s for s in sides if _source(s) in BEHAVIOUR_SOURCES]
    return marked[0] if len(marked) == 1 else None


def _source(side: dict) -> str:
    kind = side["entry"].meta.source_kind
    return getattr(kind, "value", kind)
