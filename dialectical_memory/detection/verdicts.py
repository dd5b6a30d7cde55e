"""Verdicts on pairs of entries, kept beside the sidecar: ``.MEMORY.verdicts.json``.

A judge (a host model) is slow and may cost money, so no pair is asked twice: each answer is kept
under the two texts' hashes (in either order) and the judge's name, and survives restarts. A
person's dismissal of a contradiction is a verdict too, under the name ``person``; it outranks
every model (:meth:`VerdictFile.person_said`). The file is derived: never synced (``dmem sync``'s
``.gitignore``), and a missing, damaged or foreign file reads as empty and is written anew.

It also holds what a person is shown on the overview: the questions asked today (the daily
budget) and the judge's last run (asked, failures, the last error).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import threading
import time
from pathlib import Path
from typing import Any

from ..core.regex_code import compile_fixed
from ..storage.derived import daily_count, read_document
from ..storage.files import atomic_write

FORMAT = 1
PERSON = "person"
MAX_VERDICTS = 50_000  # the oldest answers go first past this many
# "same": the same fact said again; "elaborates": one text holds the other's fact and more (its
# answer keeps the fuller text's hash, "fuller": the direction, never read from the key's order);
# "progress": the later text carries the earlier's plan forward (which is later is the entries' dates)
_LABELS = ("contradiction", "compatible", "unrelated", "same", "elaborates", "progress")
_HASH = compile_fixed(r"[0-9a-f]{20}")


def verdicts_path(home: Path, stem: str) -> Path:
    return home / f".{stem}.verdicts.json"


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def verdict_key(a: str, b: str, judge: str) -> str:
    """The same for (a, b) and (b, a): both texts' hashes, sorted, and the judge's name."""
    first, second = sorted((text_hash(a), text_hash(b)))
    return f"{first}:{second}:{judge}"


def today(now: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(now))


class VerdictFile:
    """The verdicts of one target's home, read once and written after each batch of answers."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._data: dict[str, Any] | None = None

    # ------------------------------------------------------------ reading

    def _doc(self) -> dict[str, Any]:
        if self._data is None:
            self._data = _read(self.path)
        return self._data

    def get(self, a: str, b: str, judge: str) -> dict[str, Any] | None:
        """The stored answer ``{"label", "confidence", "reason", "at"}`` of ``judge`` on the pair."""
        with self._lock:
            return self._doc()["verdicts"].get(verdict_key(a, b, judge))

    def person_said(self, a: str, b: str) -> bool:
        """Whether a person dismissed a contradiction between these two texts (never overridden)."""
        return self.get(a, b, PERSON) is not None

    def asked_on(self, day: str) -> int:
        with self._lock:
            daily = self._doc()["daily"]
            return int(daily.get("count", 0)) if daily.get("day") == day else 0

    def status(self) -> dict[str, Any]:
        """The judge's last run as the overview shows it (empty when no judge ever ran)."""
        with self._lock:
            return dict(self._doc().get("last_run") or {})

    # ------------------------------------------------------------ writing

    def put(self, a: str, b: str, judge: str, label: str, confidence: float, reason: str, now: float,
            fuller: str | None = None) -> None:
        """Keep an answer; ``fuller``: for "elaborates", the one of ``a``, ``b`` that holds more."""
        answer = {"label": label, "confidence": round(float(confidence), 3), "reason": reason[:300], "at": round(now, 3)}
        if fuller is not None:
            answer["fuller"] = text_hash(fuller)
        with self._lock:
            verdicts = self._doc()["verdicts"]
            verdicts[verdict_key(a, b, judge)] = answer
            while len(verdicts) > MAX_VERDICTS:
                verdicts.pop(next(iter(verdicts)))

    def count_asked(self, day: str, count: int) -> None:
        with self._lock:
            daily = self._doc()["daily"]
            if daily.get("day") != day:
                daily.clear()
                daily.update({"day": day, "count": 0})
            daily["count"] = int(daily.get("count", 0)) + count

    def record_run(self, report: dict[str, Any]) -> None:
        with self._lock:
            self._doc()["last_run"] = dict(report)

    def save(self) -> None:
        """Write the file; a home that cannot be written goes without (the file only saves questions)."""
        with self._lock:
            payload = json.dumps(self._doc(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        try:
            atomic_write(self.path, payload, sync_dir=False)
        except OSError:
            pass


MAX_FILE_BYTES = 64 * 1024 * 1024  # MAX_VERDICTS answers take about 10 MB
_KEY = compile_fixed(r"[0-9a-f]{20}:[0-9a-f]{20}:[^\x00-\x1f\x7f]{1,200}")
_RUN_COUNTS = ("asked", "cached", "errors", "dismissed", "budget", "daily_budget")
log = logging.getLogger(__name__)


def _read(path: Path) -> dict[str, Any]:
    """The file's document, validated field by field: a wrong field is dropped, a file that is not
    ours reads as an empty one (with a warning; it is rebuilt as answers come). Never raises."""
    data = read_document(path, max_bytes=MAX_FILE_BYTES, format=FORMAT, field="verdicts", kind="verdict")
    if data is None:
        return {"format": FORMAT, "verdicts": {}, "daily": {}, "last_run": {}}
    verdicts = {key: clean for key, value in data["verdicts"].items()
                if isinstance(key, str) and _KEY.fullmatch(key) and (clean := _verdict(value)) is not None}
    if len(verdicts) != len(data["verdicts"]):
        log.warning("%s: %d damaged answer(s) dropped", path.name, len(data["verdicts"]) - len(verdicts))
    return {"format": FORMAT, "verdicts": verdicts, "daily": daily_count(data.get("daily")), "last_run": _last_run(data.get("last_run"))}


def _number(value) -> float | None:
    """A finite number (not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def _verdict(value) -> dict[str, Any] | None:
    if not isinstance(value, dict) or value.get("label") not in _LABELS:
        return None
    confidence, at = _number(value.get("confidence", 0.5)), _number(value.get("at", 0))
    reason = value.get("reason", "")
    if confidence is None or not 0 <= confidence <= 1 or at is None or not isinstance(reason, str):
        return None
    answer = {"label": value["label"], "confidence": confidence, "reason": reason[:300], "at": at}
    if value["label"] == "elaborates":
        if not isinstance(value.get("fuller"), str) or not _HASH.fullmatch(value["fuller"]):
            return None  # without its direction the answer could be read backwards
        answer["fuller"] = value["fuller"]
    return answer


def _last_run(value) -> dict[str, Any]:
    """The last run's report, its known fields only; an error text that fails the safety scan is
    withheld (it is shown on the overview and to the agent)."""
    from ..core.safety import unsafe_reason

    if not isinstance(value, dict):
        return {}
    run: dict[str, Any] = {}
    for name in _RUN_COUNTS:
        if type(value.get(name)) is int and value[name] >= 0:
            run[name] = value[name]
    if _number(value.get("at")) is not None:
        run["at"] = value["at"]
    if isinstance(value.get("judge"), str):
        run["judge"] = " ".join(value["judge"].split())[:120]
    error = value.get("last_error")
    if isinstance(error, str):
        line = " ".join(error.split())[:200]
        run["last_error"] = "(withheld: it failed the safety check)" if unsafe_reason(line) else line
    return run
