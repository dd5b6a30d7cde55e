"""Contradiction detection between memory entries (English and Chinese).

`RuleDetector` is the default, offline detector; `CandidateIndex` finds which
stored entries a new entry should be compared with.
"""

from .base import Detector, Label, Verdict
from .evaluate import evaluate, format_report, load_pairs
from .index import CandidateIndex, tokenize
from .rules import RuleDetector

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
