"""How the detection tests ask for a verdict: always both ways round, which must agree. And where
the labelled pairs live: `pairs/`, one file per family of rules (see tests/README.md)."""

from pathlib import Path

from dialectical_memory.detection import Label, RuleDetector, load_pairs
from helpers import shared_data

detector = RuleDetector()

PAIRS = Path(__file__).parent / "pairs"


def label(a: str, b: str) -> Label:
    forward, backward = detector.compare(a, b).label, detector.compare(b, a).label
    assert forward is backward, (a, b)
    return forward


def flags(a: str, b: str) -> bool:
    return label(a, b) is Label.CONTRADICTION


def pair_set(file: str, **where) -> list[dict]:
    """The rows of a pair file in `pairs/` whose fields match `where` (a value, or a list of values
    any of which matches), in the file's order: `pair_set("slots.jsonl", source="values")` is one
    set of pairs as it was written and scored."""
    def matches(row: dict) -> bool:
        return all(row.get(key) in (wanted if isinstance(wanted, list) else [wanted])
                   for key, wanted in where.items())
    path = PAIRS / file
    if "shared/data/" in file and not path.is_file():
        shared_data(path.name)  # the shared sets are read where they lie: a CI run without them fails
    return [row for row in load_pairs(path) if matches(row)]


