"""Which of Hermes' ``add`` operations said again, word for word, what its file already held.

Hermes' own memory tool never writes a text twice: it answers "Entry already exists (no duplicate
added)" as a successful write, and its hook tells a provider about it exactly as about a new entry.
Said again in the same words is the surest restatement there is (an add through this store
reinforces its entry for it), so the provider needs to tell the two apart: an add whose text was in
the file before the tool call that made it is a repeat. A tool call is known by its
``tool_call_id``, which the operations of one batch share (the batch is written at once: by the
time the hook hears of its first operation, the file already holds every new text of it). Without
an id, no add is taken for a repeat.
"""

from __future__ import annotations

from collections.abc import Callable

from ..storage.hermes_format import normalise_entry


class RepeatedAdds:
    """The file's texts as the provider last saw them, per target, and the tool call in progress."""

    def __init__(self, read_texts: Callable[[str], frozenset[str]]):
        self._read = read_texts  # target → the texts its file holds now
        self._seen: dict[str, frozenset[str]] = {}
        self._call: dict[str, tuple[str, frozenset[str]]] = {}  # target → (tool call id, texts before it)

    def look(self, target: str) -> None:
        """Remember what the file holds now (after the provider handled a write, and at its start)."""
        self._seen[target] = self._read(target)

    def is_repeat(self, target: str, text: str, call_id) -> bool:
        """Whether an ``add`` of ``text`` in tool call ``call_id`` found it already in the file."""
        if not isinstance(call_id, str) or not call_id or target not in self._seen:
            return False
        call = self._call.get(target)
        if call is None or call[0] != call_id:
            call = self._call[target] = (call_id, self._seen[target])
        return normalise_entry(text) in call[1]
