"""The detector contract: what a detector returns and the protocol it implements."""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass, field


class Label(str, enum.Enum):
    CONTRADICTION = "contradiction"
    COMPATIBLE = "compatible"
    UNRELATED = "unrelated"
    # The rules could not read the pair (a letter in a script no language reads: `scripts.py`):
    # no decision, so the pair stays open for the judge and the agent.
    UNREAD = "unread"


@dataclass(frozen=True)
class Verdict:
    """A detector's judgement on a pair of memory entries.

    `score` is the confidence (0..1) in `label`; `reason` is meant for people
    (e.g. "value: lives in Berlin↔Paris"); `kind` names the rule family that
    fired ("negation", "antonym", "value", "order", "frequency", "implicit",
    "scoped") and is empty when no contradiction was found.
    """

    label: Label
    score: float
    reason: str
    kind: str = ""
    # Who decided: "rule" (this package's rules), "semantic" (the optional
    # embedding classifier) or "judge" (a host model consulted by maintenance).
    source: str = "rule"
    # The reason as structured data, for plain-language text built elsewhere:
    # {"kind", "source", "a", "b"} plus, by kind, "slot", "holder", "values"
    # (value), "levels" (frequency), "words" (antonym), "sequence" (order).
    # "a"/"b" are the spans of the first and second entry that clash.
    reason_data: dict = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict:
        return {
            "label": self.label.value,
            "score": self.score,
            "reason": self.reason,
            "kind": self.kind,
            "source": self.source,
            "reason_data": dict(self.reason_data),
        }


class Detector(typing.Protocol):
    name: str

    def compare(self, a: str, b: str) -> Verdict: ...
