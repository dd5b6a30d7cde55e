"""Dialectical memory: long-term memory for AI assistants that keeps contradictions, matures
knowledge from incidents to wisdom, and re-verifies beliefs that have gone stale.

The files are the Hermes agent's ``MEMORY.md`` / ``USER.md`` plus JSON sidecars with metadata.
"""

from .core.version import __version__
from .core.errors import (
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
from .core.beliefs import (
    BeliefStatus,
    ContradictionEdge,
    ContradictionMode,
    EntryMeta,
    KnowledgeType,
    MaturityLevel,
    SidecarDocument,
    SourceKind,
)
from .store.memory_store import MemoryStore, MutationResult
from .adapters.tool import MEMORY_TOOL_SCHEMA, memory_tool
from .features import transfer  # export / import: transfer.export_document, transfer.import_document


__all__ = [
    "AmbiguousMatchError", "BeliefStatus", "CharLimitError", "ConflictError", "ContradictionEdge",
    "ContradictionMode", "DialecticalMemoryError", "EntryMeta", "InvalidInputError", "KnowledgeType",
    "MEMORY_TOOL_SCHEMA", "MaturityLevel", "MemoryStore", "MutationResult", "NotFoundError",
    "SidecarDocument", "SourceKind", "StaleEntryError", "StorageError", "UnsafeContentError",
    "memory_tool", "transfer",
]  # fmt: skip
