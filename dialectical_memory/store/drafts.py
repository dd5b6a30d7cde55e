"""First texts for what a person decides: a pattern, a synthesis, a principle, drafted by a model.

Part of the reflection layer (:mod:`.reflection` runs :func:`step` after the pattern proposals).
The open proposals of a target are

* ``pattern``: each pattern proposal (:mod:`.patterns`);
* ``synthesis``: each group of entries linked by unresolved contradictions (the sides and the later
  notes that changed a stale one), the text that could hold them all;
* ``principle``: each entry proposed for promotion to PRINCIPLE, its principle text.

For each, maintenance asks the drafting model (the store's ``drafter``, else its judge) once, within
budgets like the judge's: ``DRAFT_BUDGET`` questions per run, ``DRAFT_DAILY_BUDGET`` per day, the
step's seconds and the endpoint's timeout per request; after ``DRAFT_RUN_ERRORS`` failures the run
stops asking. A proposal holding an entry that is blocked, kept on the Blocked page by a person or
flagged by the safety scan is never sent. What arrives is one line, capped, and scanned: a draft
that fails the scan is dropped. The agent drafts too (:meth:`DraftReview.next_to_draft`,
:meth:`DraftReview.record_draft`, ``drafted_by`` ``agent``), through the same gate.

Drafts live in ``.X.drafts.json`` beside the sidecar (derived, never synced, validated field by
field on read; a damaged file reads as empty), keyed by the proposal's kind and its members' ids
and texts: an edited member makes it a new proposal, and nothing is asked twice. A draft is only
shown, pre-filling the box a person edits; nothing here writes an entry.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

from ..core.beliefs import MaturityLevel
from ..core.errors import ConflictError, InvalidInputError, NotFoundError
from ..storage.derived import daily_count, read_document
from ..storage.files import atomic_write
from .screening import MAX_ENTRY_CHARS, WITHHELD, clean_reason, entry_problem

DRAFT_BUDGET = 16  # questions per run
DRAFT_DAILY_BUDGET = 200  # questions per day and target
DRAFT_RUN_ERRORS = 2  # failed requests before a run stops asking
DRAFTS_SUFFIX = ".drafts.json"
FORMAT = "dialectical-memory-drafts"
MAX_DRAFTS = 5_000
MAX_FILE_BYTES = 16 * 1024 * 1024
AGENT = "agent"
KINDS = ("pattern", "synthesis", "principle")  # what a draft is for (detection.drafts asks for each)
_KEY = re.compile(rf"({'|'.join(KINDS)}):[0-9a-f]{{16}}")


class Wanted(NamedTuple):
    """One open proposal a draft is wanted for."""

    kind: str
    entry_ids: tuple[str, ...]
    texts: tuple[str, ...]
    may_leave: bool  # no member is blocked, kept on the Blocked page or flagged by the scan

    @property
    def key(self) -> str:
        """``kind:hash`` of the members' ids and texts; the same while they are unchanged."""
        import hashlib  # on demand, as text_hash

        digest = hashlib.sha256(self.kind.encode())
        for entry_id, text in sorted(zip(self.entry_ids, self.texts)):
            digest.update(f"\0{entry_id}\0{text}".encode())
        return f"{self.kind}:{digest.hexdigest()[:16]}"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.key, "kind": self.kind, "entry_ids": list(self.entry_ids), "texts": list(self.texts)}


def gate(text) -> str | None:
    """What arrives from a model or an agent, as it may be shown: one line, capped at one entry's
    length; None when empty or when it fails the safety scan."""
    if not isinstance(text, str) or not text.strip():
        return None
    line = clean_reason(text, cap=MAX_ENTRY_CHARS)
    return None if line == WITHHELD or entry_problem(line) else line


class DraftFile:
    """The drafts of one target's home, read once, written after a run or an agent's draft."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._data: dict[str, Any] | None = None
        self._stamp: tuple | None = None
        self._dirty = False
        self._puts: dict[str, dict[str, Any]] = {}  # since the last save: what another writer's file lacks
        self._asked: dict[str, int] = {}

    def _doc(self) -> dict[str, Any]:
        """The document; read again when another process (the agent's server, a maintenance run)
        wrote the file since, unless this one holds answers not yet saved."""
        stamp = _stamp(self.path)
        if self._data is None or (not self._dirty and stamp != self._stamp):
            self._data, self._stamp = _read(self.path), stamp
        return self._data

    def get(self, key: str) -> dict[str, Any] | None:
        """``{"text", "drafted_by", "at"}`` for ``key``, or ``{"text": ""…}`` (asked, no usable answer)."""
        with self._lock:
            return self._doc()["drafts"].get(key)

    def empty(self) -> bool:
        with self._lock:
            return not self._doc()["drafts"]

    def put(self, key: str, text: str, drafted_by: str, now: float) -> None:
        with self._lock:
            drafts = self._doc()["drafts"]
            self._dirty = True
            self._puts[key] = {"text": text, "drafted_by": drafted_by[:120], "at": round(now, 3)}
            _keep(drafts, key, self._puts[key])

    def asked_on(self, day: str) -> int:
        with self._lock:
            daily = self._doc()["daily"]
            return daily.get("count", 0) if daily.get("day") == day else 0

    def count_asked(self, day: str) -> None:
        with self._lock:
            daily = self._doc()["daily"]
            self._dirty = True
            if daily.get("day") != day:
                daily.clear()
                daily.update({"day": day, "count": 0})
            daily["count"] += 1
            self._asked[day] = self._asked.get(day, 0) + 1

    def save(self) -> None:
        """Write what this object added; when another writer (a maintenance run, the agent's server,
        a page's draft) saved the file since it was read, its drafts and counts are kept too."""
        with self._lock:
            if self._dirty and _stamp(self.path) != self._stamp:
                self._data = self._merged(_read(self.path))
            payload = json.dumps({"format": FORMAT, **self._doc()}, ensure_ascii=False, separators=(",", ":"))
            try:
                atomic_write(self.path, payload.encode("utf-8"), sync_dir=False)
            except OSError:
                return  # a home that cannot be written goes without: drafts are asked again
            self._stamp, self._dirty = _stamp(self.path), False
            self._puts, self._asked = {}, {}

    def _merged(self, disk: dict[str, Any]) -> dict[str, Any]:
        for key, value in self._puts.items():
            _keep(disk["drafts"], key, value)
        daily = disk["daily"]
        for day, count in self._asked.items():
            if daily.get("day") != day:
                daily.clear()
                daily.update({"day": day, "count": 0})
            daily["count"] += count
        return disk


def _keep(drafts: dict[str, Any], key: str, value: dict[str, Any]) -> None:
    """Put ``value`` as the newest draft, the oldest dropped beyond ``MAX_DRAFTS``."""
    drafts.pop(key, None)
    drafts[key] = value
    while len(drafts) > MAX_DRAFTS:
        drafts.pop(next(iter(drafts)))


def _stamp(path: Path) -> tuple | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def _read(path: Path) -> dict[str, Any]:
    """The file's drafts, each field checked (a text re-gated: the file is not trusted either); a
    damaged or foreign file reads as empty. Never raises."""
    data = read_document(path, max_bytes=MAX_FILE_BYTES, format=FORMAT, field="drafts", kind="drafts")
    if data is None:
        return {"drafts": {}, "daily": {}}
    drafts = {}
    for key, value in list(data["drafts"].items())[-MAX_DRAFTS:]:
        if not (isinstance(key, str) and _KEY.fullmatch(key) and isinstance(value, dict)):
            continue
        text, by, at = value.get("text"), value.get("drafted_by"), value.get("at")
        if not isinstance(by, str) or not by.strip() or len(by) > 120 or not isinstance(text, str):
            continue
        if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at):
            continue
        shown = gate(text) if text else ""
        if shown is not None:
            drafts[key] = {"text": shown, "drafted_by": " ".join(by.split()), "at": float(at)}
    return {"drafts": drafts, "daily": daily_count(data.get("daily"))}


def wanted(store, target: str) -> list[Wanted]:
    """The open proposals of ``target``: patterns, synthesis groups, principles, in that order."""
    found = [_wanted(store, target, "pattern", p.entry_ids) for p in store.pattern_proposals(target)]
    found += [_wanted(store, target, "synthesis", ids) for ids in synthesis_groups(store, target)]
    found += [_wanted(store, target, "principle", [item.entry.entry_id]) for item in store.pending_promotions(target)
              if item.check.target == MaturityLevel.PRINCIPLE]
    return found


def synthesis_groups(store, target: str) -> list[list[str]]:
    """Entries linked by unresolved contradictions, one list per group: the store's group read, so a
    stale note and the notes that changed it get one synthesis draft, as every door counts them."""
    return [group["entry_ids"] for group in store.contradiction_groups(target)]


def _wanted(store, target: str, kind: str, entry_ids, *, scan: bool = True) -> Wanted:
    """``scan``: whether the members may leave (the safety scan of each); a reader of a kept draft,
    which needs only the key, skips it."""
    entries = [store.get_entry(target, entry_id) for entry_id in entry_ids]
    may_leave = scan and all(not (e.archived or e.meta.blocked or e.meta.safety_kept or entry_problem(e.text)) for e in entries)
    return Wanted(kind, tuple(e.entry_id for e in entries), tuple(e.text for e in entries), may_leave)


class DraftReview:
    """Mixed into :class:`MemoryStore`: the drafts of a target, read and recorded."""

    def drafts_file(self, target: str) -> DraftFile:
        """The target's drafts file (``.X.drafts.json``), one object per store."""
        files = self.__dict__.setdefault("_draft_files", {})
        target = self._target(target)
        if target not in files:
            paths = self._paths[target]
            files[target] = DraftFile(paths.home / f".{paths.stem}{DRAFTS_SUFFIX}")
        return files[target]

    def draft_subject(self, target: str, kind: str, entry_ids, *, scan: bool = True) -> Wanted | None:
        """The proposal a ``kind`` draft over ``entry_ids`` is for, its members as they stand now; a
        synthesis is the whole contradiction group holding the first of them. None when an entry is
        gone or (a synthesis) in no unresolved group. ``scan=False``: only the key is wanted (a reader
        of a kept draft), so the members' safety scan is skipped."""
        target, entry_ids = self._target(target), list(entry_ids)
        if kind not in KINDS:
            return None
        if kind == "synthesis":
            entry_ids = next((ids for ids in synthesis_groups(self, target) if entry_ids[:1] and entry_ids[0] in ids), [])
        if not entry_ids:
            return None
        try:
            return _wanted(self, target, kind, entry_ids, scan=scan)
        except NotFoundError:
            return None

    def draft_for(self, target: str, kind: str, entry_ids) -> dict[str, str] | None:
        """The shown draft ``{"text", "drafted_by"}`` of the proposal of ``kind`` over ``entry_ids`` as
        they stand now, or None (none yet, or its members changed since)."""
        if self.drafts_file(target).empty():  # nothing drafted in this home: no member to read
            return None
        want = self.draft_subject(target, kind, entry_ids, scan=False)
        stored = None if want is None else self.drafts_file(target).get(want.key)
        return {"text": stored["text"], "drafted_by": stored["drafted_by"]} if stored and stored["text"] else None

    def synthesis_draft(self, target: str, entry_id: str) -> dict[str, str] | None:
        """The shown draft of the synthesis of the contradiction group holding ``entry_id``, or None."""
        return self.draft_for(target, "synthesis", [entry_id])

    def drafting_model(self):
        """The model that drafts (the store's ``drafter``, else its judge), or None when there is
        none, it cannot write a draft or drafting is off."""
        from ..detection.drafts import can_draft

        model = self.drafter if self.drafter is not None else self.judge
        return model if model and can_draft(model) else None

    def draft_asker(self, target: str, kind: str, entry_ids):
        """What asks the drafting model now for the open proposal of ``kind`` over ``entry_ids`` (a
        person's "Draft it"): a function of no argument that asks, gates the answer and keeps it in
        the drafts file, returning the shown text or None. It touches nothing of the store but that
        file (a page runs it on a thread of its own); the endpoint's timeout bounds it. None without
        a drafting model. Refused here, before anything is sent: ``NotFoundError`` when the proposal
        is no longer open, ``ConflictError`` when an entry may not leave the home or the day's
        drafting budget is spent."""
        model = self.drafting_model()
        if model is None:
            return None
        target = self._target(target)
        want = self.draft_subject(target, kind, entry_ids)
        if want is None or not _is_open(self, target, want):
            raise NotFoundError(f"no open {kind} proposal over these entries in {target}: it was decided or its entries changed")
        if not want.may_leave:
            raise ConflictError("only active entries that pass the safety check are sent to a model "
                                "(an entry a person kept on the Blocked page stays here)")
        file = self.drafts_file(target)
        day = _day(self.now())
        if file.asked_on(day) >= DRAFT_DAILY_BUDGET:
            raise ConflictError(f"today's drafting budget ({DRAFT_DAILY_BUDGET} drafts) is spent; write the text yourself")
        clock = self.now

        def ask() -> str | None:
            try:
                return _ask_and_keep(file, model, want, day, clock)
            finally:
                file.save()

        return ask

    def proposals_with_drafts(self, target: str) -> list[dict[str, Any]]:
        """Every open proposal (``wanted``) with its ``draft`` and ``drafted_by``: a model's or the
        agent's when there is one, else a pattern's starting text (``members``) or none (``""``)."""
        target = self._target(target)
        patterns = {tuple(p.entry_ids): p for p in self.pattern_proposals(target)}
        rows = []
        for want in wanted(self, target):
            stored = self.drafts_file(target).get(want.key)
            row = want.to_dict()
            pattern = patterns.get(want.entry_ids) if want.kind == "pattern" else None
            if pattern is not None:
                row = {**pattern.to_dict(), "id": pattern.proposal_id}
            if stored and stored["text"]:
                row.update(draft=stored["text"], drafted_by=stored["drafted_by"])
            else:
                row.setdefault("draft", "")
                row.setdefault("drafted_by", "")
            rows.append(row)
        return rows

    def next_to_draft(self, target: str) -> dict[str, Any] | None:
        """The next open proposal with no draft whose texts may leave the home, as an agent drafts
        it: ``{id, kind, entry_ids, texts}``; None when there is none."""
        file = self.drafts_file(target)
        for want in wanted(self, self._target(target)):
            stored = file.get(want.key)
            if want.may_leave and not (stored and stored["text"]):
                return want.to_dict()
        return None

    def record_draft(self, target: str, proposal_id: str, text, *, drafted_by: str = AGENT) -> dict[str, Any]:
        """Keep the agent's draft of the open proposal ``proposal_id`` (gated like a model's: a text
        that fails the scan is refused). It is only shown; nothing is written to memory."""
        target = self._target(target)
        want = next((w for w in wanted(self, target) if w.key == proposal_id), None)
        if want is None:
            raise NotFoundError(f"no open proposal {str(proposal_id)[:40]!r} in {target}: it was decided or its entries changed")
        shown = gate(text)
        if shown is None:
            raise InvalidInputError("the draft is empty or failed the safety check")
        file = self.drafts_file(target)
        file.put(want.key, shown, drafted_by, self.now())
        file.save()
        return {**want.to_dict(), "draft": shown, "drafted_by": drafted_by}


def _is_open(store, target: str, want: Wanted) -> bool:
    """Whether ``want`` is one of the target's open proposals of its kind (a synthesis group is open
    by construction: :meth:`DraftReview.draft_subject` found it among the unresolved ones)."""
    members = set(want.entry_ids)
    if want.kind == "pattern":
        return any(set(p.entry_ids) == members for p in store.pattern_proposals(target))
    if want.kind == "principle":
        return any(item.entry.entry_id in members and item.check.target == MaturityLevel.PRINCIPLE
                   for item in store.pending_promotions(target))
    return want.kind == "synthesis"


def _day(now: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(now))


def _ask_and_keep(file: DraftFile, model, want: Wanted, day: str, clock, deadline: float | None = None) -> str | None:
    """Ask ``model`` for ``want``'s draft (counted against the day), gate the answer and keep it (an
    empty text when it gave none usable, so it is not asked again); the shown text or None. A
    failing model raises and keeps nothing: it may be asked again."""
    from ..detection.drafts import ask_draft

    file.count_asked(day)
    shown = gate(ask_draft(model, want.kind, want.texts, deadline=deadline))
    file.put(want.key, shown or "", str(getattr(model, "name", "model")), clock())
    return shown


def step(run) -> dict[str, Any]:
    """The reflection step: ask the drafting model for each open proposal without a draft, within
    the budgets; report how many were asked, drafted, refused (may not leave) and failed."""
    store = run.store
    model = store.drafting_model()
    report = {"asked": 0, "drafted": 0, "not_sent": 0, "errors": 0, "drafter": getattr(model, "name", None)}
    if model is None:
        return {"drafts": report}
    file = store.drafts_file(run.target)
    day = _day(store.now())
    for want in wanted(store, run.target):
        if file.get(want.key) is not None:
            continue  # asked before: never twice
        if not want.may_leave:
            report["not_sent"] += 1
            continue
        if report["asked"] >= DRAFT_BUDGET or file.asked_on(day) >= DRAFT_DAILY_BUDGET:
            break
        if report["errors"] >= DRAFT_RUN_ERRORS or run.left() <= 0:
            break
        report["asked"] += 1
        try:
            shown = _ask_and_keep(file, model, want, day, store.now, deadline=time.monotonic() + run.left())
        except Exception:  # noqa: BLE001 - a model that fails or is slow drafts nothing, blocks nothing
            report["errors"] += 1
            continue
        report["drafted"] += shown is not None
    file.save()
    return {"drafts": report}
