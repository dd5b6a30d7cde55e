"""Hermes' batch form, checked once for every caller: ``[{action, content, old_text}, …]``.

``MemoryStore.apply_batch`` takes it from an agent, ``preview_write`` and ``apply_staged`` from
Hermes' write-approval queue (a lone write is a list of one). Every operation is checked before
anything is locked or read under a lock, with the same words for every caller: the action one of
``ACTIONS``, no field but ``FIELDS``, the content through the add's gate (the safety check
included) for an add or a replacement, an ``old_text`` for a replacement or a removal.
"""

from __future__ import annotations

from ..core.errors import DialecticalMemoryError, InvalidInputError, echo
from .screening import admit_entry

ACTIONS = ("add", "replace", "remove")
FIELDS = ("action", "content", "old_text")

Operation = tuple[str, "str | None", "str | None"]  # (action, the admitted text, old_text)


def checked_operations(operations, *, single: bool = False) -> list[Operation]:
    """``operations`` checked, each as ``(action, text, old_text)``; ``single``: exactly one, whose
    error is its own. A batch's error names the operation and says none was applied."""
    if not isinstance(operations, list) or not operations or (single and len(operations) != 1):
        raise InvalidInputError("a single write is exactly one {action, content, old_text} object" if single
                                else "operations must be a non-empty list of {action, content, old_text} objects")
    checked = []
    for number, op in enumerate(operations, 1):
        action = op.get("action") if isinstance(op, dict) else None
        try:
            checked.append(_checked(op, action))
        except DialecticalMemoryError as error:
            raise numbered(error, number, action, single) from None
    return checked


def _checked(op, action) -> Operation:
    if action not in ACTIONS:
        raise InvalidInputError(f"unknown action {echo(action)}; expected add, replace or remove")
    unexpected = set(op) - set(FIELDS)
    if unexpected:
        raise InvalidInputError(f"unexpected field(s): {', '.join(echo(str(name)) for name in sorted(map(str, unexpected)))}")
    content, old_text = op.get("content"), op.get("old_text")
    if action != "remove" and (not isinstance(content, str) or not content.strip()):
        raise InvalidInputError(f"content is required for {action}")
    text = admit_entry(content) if action != "remove" else None
    if action != "add" and (not isinstance(old_text, str) or not old_text.strip()):
        raise InvalidInputError(f"old_text is required for {action}")
    return action, text, old_text if action != "add" else None


def numbered(error: DialecticalMemoryError, number: int, action, single: bool = False) -> DialecticalMemoryError:
    """A batch's error names its operation (and its action, when it is one) and says nothing was
    applied; a lone operation's is its own."""
    if not single:
        named = f" ({action})" if action in ACTIONS else ""
        error.args = (f"operation {number}{named}: {error}; no operation was applied",)
    return error
