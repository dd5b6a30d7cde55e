"""What a mutation returns to its caller (the agent tool, the CLI, the dashboard)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class MutationResult:
    """What a mutation did; ``to_dict()`` is what the agent tool returns."""

    action: str
    target: str
    entry_id: str | None
    message: str
    success: bool = True
    reinforced: bool = False
    contradictions: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "success": self.success,
            "action": self.action,
            "target": self.target,
            "entry_id": self.entry_id,
            "message": self.message,
            "usage": self.usage,
        }
        if self.reinforced:
            data["reinforced"] = True
        if self.contradictions:
            data["contradictions"] = self.contradictions
        data.update(self.extra)
        return data
