"""Validation of caller input shared by every layer of the store."""

from __future__ import annotations

from .errors import InvalidInputError, echo
from .beliefs import MaturityLevel


def parse_enum(enum_type, value, what: str):
    if isinstance(value, enum_type):
        return value
    try:
        return enum_filter(enum_type, value)
    except (KeyError, ValueError, TypeError):
        allowed = ", ".join(str(m.value if not isinstance(m, MaturityLevel) else m.name) for m in enum_type)
        raise InvalidInputError(f"unknown {what} {echo(value)}; expected one of: {allowed}") from None


def enum_filter(enum_type, value):
    """Accept an enum member, its value or its name (case-insensitive); None/'' means no filter."""
    if value is None or value == "":
        return None
    if isinstance(value, enum_type):
        return value
    if enum_type is MaturityLevel:
        if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
            return MaturityLevel(int(value))
        return MaturityLevel[str(value).upper()]
    try:
        return enum_type(str(value).lower())
    except ValueError:
        return enum_type[str(value).upper()]

