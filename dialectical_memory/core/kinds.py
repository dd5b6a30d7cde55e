"""The kinds a belief and its handling come in (SPEC §3): the enums every layer names.

Apart from `beliefs.py` (which holds what is built of them) so that naming one (`dmem --help`
lists them as choices) costs no more than the enum module.
"""

from __future__ import annotations

from enum import Enum, IntEnum


class MaturityLevel(IntEnum):
    INCIDENT = 0
    PATTERN = 1
    PRINCIPLE = 2
    WISDOM = 3


class KnowledgeType(str, Enum):
    FACT = "fact"
    STATE = "state"
    RULE = "rule"
    BELIEF = "belief"
    MEMORY = "memory"


class SourceKind(str, Enum):
    USER_EXPLICIT = "user_explicit"
    OBSERVED = "observed"
    AGENT_INFERRED = "agent_inferred"
    USER_CORRECTION = "user_correction"
    BACKGROUND_REVIEW = "background_review"
    DERIVED = "derived"


class BeliefStatus(str, Enum):
    ACTIVE = "active"
    CONTRADICTED = "contradicted"
    SUPERSEDED = "superseded"
    DECAYED = "decayed"
    SYNTHESIZED = "synthesized"


class ContradictionMode(str, Enum):
    SURFACE = "surface"
    FILTER = "filter"
