"""Validation of caller input shared by every layer of the store."""

from __future__ import annotations

from . import views
from .errors import InvalidInputError, echo
from .model import MaturityLevel


def parse_enum(enum_type, value, what: str):
    if isinstance(value, enum_type):
        return value
    try:
        return views.enum_filter(enum_type, value)
    except (KeyError, ValueError, TypeError):
        allowed = ", ".join(str(m.value if not isinstance(m, MaturityLevel) else m.name) for m in enum_type)
        raise InvalidInputError(f"unknown {what} {echo(value)}; expected one of: {allowed}") from None
