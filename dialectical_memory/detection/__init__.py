"""Contradiction detection between memory entries (English and Chinese).

`RuleDetector` is the default, offline detector; `CandidateIndex` finds which
stored entries a new entry should be compared with.

The names below are imported when first used (PEP 562): importing a module of this package (the
judge's config, the index file) does not load the rules, their lexicons and patterns.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Light, and imported now: the function `evaluate` must be bound before its module of the same name
# is imported by anyone (importing a submodule sets the package's attribute of its name).
from .base import Detector, Label, Verdict
from .evaluate import evaluate, format_report, load_pairs

if TYPE_CHECKING:  # what each name is, for readers and type checkers; at run time see __getattr__
    from .index import CandidateIndex, tokenize
    from .rules import RuleDetector

_WHERE = {
    "CandidateIndex": ".index", "tokenize": ".index",
    "RuleDetector": ".rules",
}  # fmt: skip


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "CandidateIndex",
    "Detector",
    "Label",
    "RuleDetector",
    "Verdict",
    "evaluate",
    "format_report",
    "load_pairs",
    "tokenize",
]
