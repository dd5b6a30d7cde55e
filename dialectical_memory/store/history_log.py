"""Reading the history log: from its end, a page at a time, every record validated on read.

``X.history.jsonl`` grows with every change and arrives from elsewhere too (an import, a sync, a
hand edit), so nothing in it is trusted: a record is checked for the types and sizes the store
writes (an ``at`` that is a time, ids that are short strings, before/after summaries of the right
shape) and one that fails is skipped with a warning, never a 500 or a traceback. Reads go from the
end of the file backwards in chunks, so ``dmem history --limit 3`` costs three records, not the file.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson

from ..core.beliefs import LATEST_PLAUSIBLE_TIME, BeliefStatus, KnowledgeType, MaturityLevel, SourceKind
from ..storage.files import lines_from, lines_from_end
from . import undo as undo_payload
from .screening import MAX_ENTRY_CHARS

MAX_RECORD_BYTES = 4 * 1024 * 1024  # a synthesis of many long entries with its undo data stays far below
MAX_ID_CHARS = 64
MAX_DETAIL_CHARS = 2 * MAX_ENTRY_CHARS
_WORD = re.compile(r"[a-z][a-z_]{0,39}")
_ACTORS = re.compile(r"[a-z][a-z0-9_:-]{0,31}")
_STATUSES = {s.value for s in BeliefStatus}
_KINDS = {k.value for k in KnowledgeType}
_SOURCES = {s.value for s in SourceKind}
_LEVELS = {int(level) for level in MaturityLevel}


def newest_first(path: Path, target: str, warn: Callable[[str], None]) -> Iterator[dict[str, Any]]:
    """The valid records of one target's history, last written first; ``warn`` hears of each skip."""
    for line in lines_from_end(path, max_line=MAX_RECORD_BYTES):
        record = _parse(line, path.name, target, warn)
        if record is not None:
            yield record


UNDO_LINE = re.compile(rb'"action"\s*:\s*"undo"')


def from_offset(path: Path, offset: int, target: str, warn: Callable[[str], None], *, only: re.Pattern | None = None) -> Iterator[tuple[int, dict[str, Any] | None]]:
    """``(end, record)`` of each whole line from ``offset`` on, oldest first (``record`` None when
    skipped, or when ``only`` does not match its bytes: those lines are not even parsed)."""
    for end, line in lines_from(path, offset, max_line=MAX_RECORD_BYTES):
        if line is not None and (not line.strip() or (only is not None and not only.search(line))):
            yield end, None
        else:
            yield end, _parse(line, path.name, target, warn)


def _parse(line: bytes | None, name: str, target: str, warn: Callable[[str], None]) -> dict[str, Any] | None:
    if line is None:
        warn(f"{name}: skipped a record longer than {MAX_RECORD_BYTES // (1024 * 1024)} MiB")
        return None
    try:
        raw = orjson.loads(line)
    except orjson.JSONDecodeError:
        warn(f"{name}: skipped a line that is not JSON (an interrupted write or damage)")
        return None
    record, problem = validated(raw, target)
    if problem:
        warn(f"{name}: {'skipped a record whose ' if record is None else 'a record whose '}{problem}")
    return record


def validated(raw, target: str) -> tuple[dict[str, Any] | None, str | None]:
    """A copy of ``raw`` holding only what the store writes, each value checked; or the problem."""
    if not isinstance(raw, dict):
        return None, "line is not an object"
    checks = (
        ("id", _short_id(raw.get("id"))),
        ("at", _time(raw.get("at"))),
        ("target", raw.get("target") if raw.get("target") == target else _BAD),
        ("actor", raw.get("actor") if isinstance(raw.get("actor"), str) and _ACTORS.fullmatch(raw["actor"]) else _BAD),
        ("action", raw.get("action") if isinstance(raw.get("action"), str) and _WORD.fullmatch(raw["action"]) else _BAD),
        ("entry_id", None if raw.get("entry_id") is None else _short_id(raw.get("entry_id"))),
        ("op", None if raw.get("op") is None else _short_id(raw.get("op"))),
        ("before", _summary(raw.get("before"))),
        ("after", _summary(raw.get("after"))),
        ("detail", _detail(raw.get("detail"))),
    )
    record = {}
    for key, value in checks:
        if value is _BAD:
            return None, f"{key!r} is not valid ({_shown(raw.get(key))})"
        record[key] = value
    if raw.get("undo") is not None:
        problem = undo_payload.problem(raw["undo"])
        if problem is None:
            record["undo"] = raw["undo"]
        else:
            return record, f"undo data is not usable ({problem}); it is shown without an Undo"
    return record, None


_BAD = object()


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _short_id(value):
    return value if isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS and value.isprintable() else _BAD


def _time(value):
    if type(value) in (int, float) and math.isfinite(value) and 0 <= value <= LATEST_PLAUSIBLE_TIME:
        return float(value)
    return _BAD


def _summary(value):
    """An entry's before/after summary: every field the store writes, each of its type."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return _BAD
    number = lambda v: type(v) in (int, float) and math.isfinite(v)  # noqa: E731
    fields = {
        "text": isinstance(value.get("text"), str),
        "status": value.get("status") in _STATUSES,
        "maturity": type(value.get("maturity")) is int and value["maturity"] in _LEVELS,
        "knowledge_type": value.get("knowledge_type") in _KINDS,
        "source_kind": value.get("source_kind") in _SOURCES,
        "confidence": number(value.get("confidence")),
        "authority": number(value.get("authority")),
    }
    if not all(fields.values()):
        return _BAD
    return {key: value[key] for key in fields}


def _detail(value):
    """Detail values are short data: strings, numbers, booleans, lists of strings."""
    if value is None:
        return None
    if not isinstance(value, dict) or len(value) > 32:
        return _BAD
    detail = {}
    for key, item in value.items():
        if not isinstance(key, str) or not _WORD.fullmatch(key):
            return _BAD
        if item is None or type(item) in (bool, int) or (type(item) is float and math.isfinite(item)):
            pass
        elif isinstance(item, str):
            if len(item) > MAX_DETAIL_CHARS:
                return _BAD
        elif isinstance(item, list):
            if len(item) > 1000 or not all(isinstance(v, str) and len(v) <= MAX_ID_CHARS * 4 for v in item):
                return _BAD
        else:
            return _BAD
        detail[key] = item
    return detail
