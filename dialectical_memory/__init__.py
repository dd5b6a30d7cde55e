"""Dialectical memory: long-term memory for AI assistants that keeps contradictions, matures
knowledge from incidents to wisdom, and re-verifies beliefs that have gone stale.

The files are the Hermes agent's ``MEMORY.md`` / ``USER.md`` plus JSON sidecars with metadata.
"""

from .errors import (
    AmbiguousMatchError,
    CharLimitError,
    ConflictError,
    DialecticalMemoryError,
    InvalidInputError,
    NotFoundError,
    StaleEntryError,
    StorageError,
    UnsafeContentError,
)
from .model import (
    BeliefStatus,
    ContradictionEdge,
    ContradictionMode,
    EntryMeta,
    KnowledgeType,
    MaturityLevel,
    SidecarDocument,
    SourceKind,
)
from .store import MemoryStore, MutationResult
from .tool import MEMORY_TOOL_SCHEMA, memory_tool
from . import transfer  # export / import: transfer.export_document, transfer.import_document

__version__ = "0.1.0"

__all__ = [
    "AmbiguousMatchError", "BeliefStatus", "CharLimitError", "ConflictError", "ContradictionEdge",
    "ContradictionMode", "DialecticalMemoryError", "EntryMeta", "InvalidInputError", "KnowledgeType",
    "MEMORY_TOOL_SCHEMA", "MaturityLevel", "MemoryStore", "MutationResult", "NotFoundError",
    "SidecarDocument", "SourceKind", "StaleEntryError", "StorageError", "UnsafeContentError",
    "memory_tool", "transfer",
]  # fmt: skip
