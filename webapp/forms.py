"""Reading what a request sent: each form helper returns a clean value or raises :class:`FormError`
(shown with the form again, status 422); query helpers fall back to a default."""

from __future__ import annotations

from enum import Enum

from flask import request


class FormError(ValueError):
    """A missing or invalid form field; the form is shown again with this message."""


def required_text(name: str, label: str) -> str:
    value = request.form.get(name, "").strip()
    if not value:
        raise FormError(f"{label} must not be empty.")
    return value


def optional_text(name: str) -> str | None:
    return request.form.get(name, "").strip() or None


def optional_choice(name: str, enum_type: type[Enum], label: str):
    value = request.form.get(name, "").strip()
    if not value:
        return None
    try:
        return enum_type(value)
    except ValueError as error:
        raise FormError(f"{label} {value!r} is not one of the choices.") from error


def etag() -> str | None:
    return request.form.get("etag") or None


def draft(name: str = "text") -> str | None:
    """What the person typed, to give back to them with an error."""
    return request.form.get(name)


def whole_number(value: str | None) -> int | None:
    """A non-negative number in ASCII digits (at most 9 of them), else None.

    ``str.isdigit`` alone also accepts ``²`` or ``٣`` (which ``int`` refuses) and ``int`` refuses
    more than 4,300 digits: either would be a 500 from a hand-edited URL.
    """
    if value and len(value) <= 9 and value.isascii() and value.isdigit():
        return int(value)
    return None


def query_offset() -> int:
    """``?offset=N`` for paging; anything that is not a non-negative number means the first page."""
    return whole_number(request.args.get("offset")) or 0
