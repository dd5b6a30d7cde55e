"""Dialectical memory: long-term memory for AI assistants that keeps contradictions, matures
knowledge from incidents to wisdom, and re-verifies beliefs that have gone stale.

The files are the Hermes agent's ``MEMORY.md`` / ``USER.md`` plus JSON sidecars with metadata.

The names below are imported when first used (PEP 562), not when the package is: a one-shot
``dmem --help`` or ``python -m dialectical_memory`` pays only for the modules it runs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .core.version import __version__

if TYPE_CHECKING:  # what each name is, for readers and type checkers; at run time see __getattr__
    from .adapters.tool import MEMORY_TOOL_SCHEMA, memory_tool
    from .core.beliefs import ContradictionEdge, EntryMeta, SidecarDocument
    from .core.kinds import BeliefStatus, ContradictionMode, KnowledgeType, MaturityLevel, SourceKind
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
    from .features import transfer  # export / import: transfer.export_document, transfer.import_document
    from .store.memory_store import MemoryStore, MutationResult

_WHERE = {
    **dict.fromkeys(
        ("AmbiguousMatchError", "CharLimitError", "ConflictError", "DialecticalMemoryError", "InvalidInputError",
         "NotFoundError", "StaleEntryError", "StorageError", "UnsafeContentError"),
        ".core.errors",
    ),
    **dict.fromkeys(("ContradictionEdge", "EntryMeta", "SidecarDocument"), ".core.beliefs"),
    **dict.fromkeys(("BeliefStatus", "ContradictionMode", "KnowledgeType", "MaturityLevel", "SourceKind"), ".core.kinds"),
    "MemoryStore": ".store.memory_store",
    "MutationResult": ".store.memory_store",
    "MEMORY_TOOL_SCHEMA": ".adapters.tool",
    "memory_tool": ".adapters.tool",
}  # fmt: skip


def __getattr__(name: str):
    if name == "transfer":
        value = importlib.import_module(".features.transfer", __name__)
    elif name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "AmbiguousMatchError", "BeliefStatus", "CharLimitError", "ConflictError", "ContradictionEdge",
    "ContradictionMode", "DialecticalMemoryError", "EntryMeta", "InvalidInputError", "KnowledgeType",
    "MEMORY_TOOL_SCHEMA", "MaturityLevel", "MemoryStore", "MutationResult", "NotFoundError",
    "SidecarDocument", "SourceKind", "StaleEntryError", "StorageError", "UnsafeContentError",
    "memory_tool", "transfer",
]  # fmt: skip
