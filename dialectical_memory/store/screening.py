"""The gate: every text and every record that arrives passes the checks an add applies.

Memory text reaches the system prompt, so whatever can become an active entry, or reach a prompt
or a tool result, passes here first, by whatever door it comes: an add, replace or edit; a restore
from the archive; an undo; text reconciled from the ``.md`` (Hermes, an editor, a sync); a
person's reason for a link; the reason a judge (a host model) gives for its verdict. The checks are
those of an add: the safety scan of :mod:`dialectical_memory.core.safety`, no line holding only
``§`` (it separates entries), at most :data:`MAX_ENTRY_CHARS` characters.

Text that arrives *in the files* is never rewritten or dropped (nothing is lost): it stays in the
file, its metadata says why it is ``blocked``, the system prompt shows ``[BLOCKED: …]`` in its place,
and a person keeps, edits or retires it. Blocked and kept are decided on this device: a keep is
honoured only where it was made (its mark, see :func:`keep_mark`), so a keep that arrives from
elsewhere (a sync, an import, a copied sidecar) is shown as "kept elsewhere — confirm here" and the
entry stays blocked; every blocked or kept entry is screened again on each load, and every entry
after a sync merged metadata from another device (``MemoryStore.check_arrived``).

Metadata is data, not prompt: anything from a sidecar, journal or history that is shown to a model
(a reason, a principle, a holder) goes through :func:`one_line` or :func:`quoted` — one line,
capped, withheld when the scan refuses it.
"""

from __future__ import annotations

import json

from ..core.beliefs import EntryMeta, text_hash
from ..core.errors import InvalidInputError, UnsafeContentError
from ..storage import hermes_format
from .state import Change, TargetState

# Bump when the checker refuses more: every entry of an older sidecar is checked again, once.
SAFETY_VERSION = 1
MAX_ENTRY_CHARS = 8000
MAX_REASON_CHARS = 500  # a reason stored with a contradiction (a person's link, a judge's verdict)
MODEL_NOTE_CHARS = 200  # a reason, principle or holder as a model reads it
WITHHELD = "[withheld: it failed the safety check]"


# ------------------------------------------------------------------ entry text


def unsafe_reason(text: str) -> str | None:
    from ..core.safety import unsafe_reason  # on demand: new text only

    return unsafe_reason(text)


def entry_problem(text: str) -> str | None:
    """Why ``text`` cannot be an active entry (the add path's checks, as a reason), or None."""
    return shape_problem(text) or unsafe_reason(text)


def shape_problem(text: str) -> str | None:
    """Why ``text`` cannot be one entry of a ``.md`` file (too long, or it would split in two)."""
    if len(text) > MAX_ENTRY_CHARS:
        return f"is {len(text):,} characters; one entry may have at most {MAX_ENTRY_CHARS:,}"
    if hermes_format.ENTRY_DELIMITER in f"\n{text}\n":
        return "contains a line with only '§', which separates entries"
    return None


def admit_entry(content, what: str = "content") -> str:
    """The text of an add, replace or edit, normalised; raises with the reason when refused."""
    if not isinstance(content, str):
        raise InvalidInputError(f"{what} must be a string, not {type(content).__name__}")
    text = hermes_format.normalise_entry(content)
    if not text:
        raise InvalidInputError(f"{what} is empty")
    shape = shape_problem(text)
    if shape:
        raise InvalidInputError(f"{what} {shape}")
    reason = unsafe_reason(text)
    if reason:
        raise UnsafeContentError(reason)
    return text


def admit_stored(text, what: str) -> str:
    """Text a record holds (an archived entry, an undo) that would become active again: the same
    checks as an add, refused with what it is and that nothing changed."""
    normal = hermes_format.normalise_entry(text) if isinstance(text, str) else ""
    if not normal:
        raise InvalidInputError(f"{what} has no text; nothing was changed")
    shape = shape_problem(normal)
    reason = shape or unsafe_reason(normal)
    if reason:
        error = InvalidInputError if shape else UnsafeContentError
        raise error(f"{what} {reason}; nothing was changed (edit it into a new entry instead)")
    return normal


# ------------------------------------------------------------------ reasons and other notes


def flat(text: str) -> str:
    return " ".join(text.split())


def admit_reason(text, what: str = "reason", cap: int = MAX_REASON_CHARS) -> str:
    """A reason a person or an agent gives (a link, an ignore): one line, at most ``cap``
    characters, and it must pass the safety scan (it is shown to the model)."""
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} must be a string, not {type(text).__name__}")
    line = flat(text)
    if len(line) > cap:
        raise InvalidInputError(f"{what} is {len(line):,} characters; at most {cap:,}")
    reason = unsafe_reason(text)
    if reason:
        raise UnsafeContentError(f"{what} {reason}")
    return line


def clean_reason(text, cap: int = MAX_REASON_CHARS) -> str:
    """A reason that comes with a verdict (the rules', a judge's model): one line, capped, and
    withheld when it fails the scan — a verdict is kept, its words are not trusted."""
    if not isinstance(text, str):
        return ""
    if unsafe_reason(text):
        return WITHHELD
    line = flat(text)
    return line if len(line) <= cap else line[: cap - 1] + "…"


def one_line(value, cap: int = MODEL_NOTE_CHARS) -> str:
    """Metadata as a model may read it inside a JSON field: one line, at most ``cap`` characters,
    :data:`WITHHELD` when the scan refuses it. Whatever wrote it, it is data, not an instruction."""
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    if len(text) > 4 * MAX_ENTRY_CHARS:
        text = text[: 4 * MAX_ENTRY_CHARS]  # the scan's cost stays bounded; the cap below cuts anyway
    if unsafe_reason(text):
        return WITHHELD
    line = flat(text)
    return line if len(line) <= cap else line[: cap - 1] + "…"


def quoted(value, cap: int = MODEL_NOTE_CHARS) -> str:
    """Metadata in prose a model reads (the provider's block, the prompt): :func:`one_line` in
    double quotes, escaped so that it cannot end the quotation."""
    return json.dumps(one_line(value, cap), ensure_ascii=False)


def blocked_mark(reason) -> str:
    """What a model sees instead of a blocked entry's text."""
    return f"[BLOCKED: {one_line(reason) or 'failed the safety check'}]"


def model_text(text: str, blocked, *, screened: bool) -> tuple[str, str | None]:
    """An entry's text as a model may read it, and why it is blocked (None when it is not).

    ``screened``: the text is an active entry's, whose ``blocked`` the gate keeps; any other text
    (an archived entry's, a history record's) is scanned here."""
    if blocked:
        return blocked_mark(blocked), one_line(blocked)
    if not screened:
        problem = entry_problem(text) if isinstance(text, str) else "is not text"
        if problem:
            return blocked_mark(problem), one_line(problem)
    return text, None


# ------------------------------------------------------------------ decided on this device

MAX_KEEP_MARKS = 16  # devices whose keep of the same words an entry remembers


def keep_mark(state: TargetState, meta: EntryMeta) -> str | None:
    """The mark of a keep made here: bound to this device (its key never leaves it), this entry and
    these exact words. None when the home cannot hold the key."""
    key = _key(state)
    return text_hash(f"keep\0{key}\0{meta.entry_id}\0{meta.text}") if key else None


def wording_mark(state: TargetState, text: str, create: bool = True) -> str | None:
    """The mark of a restated wording this device let through the gate (``store.restated``): bound
    to this device's key, the checker's version and these exact words. None without a key (a
    read, ``create=False``, never makes one)."""
    key = _key(state, create)
    return text_hash(f"said\0{key}\0{SAFETY_VERSION}\0{text}") if key else None


def kept_here(state: TargetState, meta: EntryMeta) -> bool:
    """Whether a person kept these words on this device (a keep from elsewhere is not enough)."""
    if not (meta.safety_kept and meta.keep_marks):
        return False
    return keep_mark(state, meta) in meta.keep_marks


def _key(state: TargetState, create: bool = True) -> str | None:
    """This device's key; ``create=False`` (a read) never writes the key file when it is missing."""
    if state.device_key is None:
        from ..storage.device import device_key  # on demand: keeps only (it loads secrets)

        key = device_key(state.paths.home, create=create and state.paths.home.is_dir())
        if key is None and not create:
            return None  # not remembered: a later write may create it
        state.device_key = key or ""
    return state.device_key or None


# ------------------------------------------------------------------ screening entries that arrived


def screen(state: TargetState, change: Change) -> bool:
    """Check what reconciliation adopted, every entry that is blocked or kept (those decisions are
    taken here, whatever the sidecar says), or every entry after a checker upgrade. Returns True
    when it rescanned all."""
    adopted = {r["entry_id"] for r in change.history if r["action"] in ("add", "edit")}
    rescan = state.safety_version != SAFETY_VERSION and any(i not in adopted for i in state.entries)
    for entry_id in adopted:
        if entry_id in state.entries:
            meta = state.entries[entry_id]
            meta.safety_kept, meta.keep_marks = False, []  # a person kept other words; these are new
    if rescan:
        wanted = list(state.entries)
    else:
        wanted = [*adopted, *(i for i in state.entries.flagged("blocked", "safety_kept") if i not in adopted)]
    screen_entries(state, change, wanted)
    state.safety_version = SAFETY_VERSION
    return rescan


def screen_entries(state: TargetState, change: Change, entry_ids, via: str | None = None) -> None:
    """Mark each entry blocked (or no longer blocked) by the gate; a keep made here stands."""
    for entry_id in entry_ids:
        meta = state.entries.get(entry_id)
        if meta is None:
            continue
        reason = None if kept_here(state, meta) else entry_problem(meta.text)
        if reason != meta.blocked:
            meta.blocked = reason
            change.touch(meta)
            if reason:
                change.log(state.target, "blocked", entry_id, reason=reason, via=via or state.paths.md.name)
