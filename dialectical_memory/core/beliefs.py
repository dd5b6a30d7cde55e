"""Belief metadata and the pure functions over it (SPEC §3–5).

Nothing here touches the disk or the clock: every function that needs the time takes ``now``
(epoch seconds). Decay is computed at read time; stored values are never modified by decay.
"""

from __future__ import annotations

import functools
import math
import operator
import threading
import uuid
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Callable, NamedTuple

from .gc_pause import collector_paused
from .kinds import BeliefStatus, ContradictionMode, KnowledgeType, MaturityLevel, SourceKind

SECONDS_PER_DAY = 86_400.0
SIDECAR_VERSION = 1
NOISE_CONTEXT_LIMIT = 50
RESTATED_KEPT = 8  # the newest wordings of a fact said again kept on its entry (``EntryMeta.restated``)
RESTATED_CHARS = 2_000  # … and at most this many characters of them in all
REVERIFY_THRESHOLD = 0.2


SOURCE_AUTHORITY: dict[SourceKind, float] = {
    SourceKind.OBSERVED: 0.95,
    SourceKind.USER_CORRECTION: 0.95,
    SourceKind.USER_EXPLICIT: 0.90,
    SourceKind.BACKGROUND_REVIEW: 0.60,
    SourceKind.AGENT_INFERRED: 0.50,
    SourceKind.DERIVED: 0.40,
}

# (rate per day, floor); FACT never decays.
DECAY: dict[KnowledgeType, tuple[float, float]] = {
    KnowledgeType.FACT: (0.0, 0.5),
    KnowledgeType.STATE: (0.02, 0.1),
    KnowledgeType.RULE: (0.002, 0.3),
    KnowledgeType.BELIEF: (0.005, 0.1),
    KnowledgeType.MEMORY: (0.001, 0.2),
}

MATURITY_FLOOR: dict[MaturityLevel, float] = {
    MaturityLevel.INCIDENT: 0.3,
    MaturityLevel.PATTERN: 0.4,
    MaturityLevel.PRINCIPLE: 0.5,
    MaturityLevel.WISDOM: 0.7,
}


class PromotionThreshold(NamedTuple):
    hits: int
    age_days: float
    confidence: float


# Keyed by the level an entry is promoted *from*.
PROMOTION_THRESHOLDS: dict[MaturityLevel, PromotionThreshold] = {
    MaturityLevel.INCIDENT: PromotionThreshold(hits=2, age_days=3, confidence=0.5),
    MaturityLevel.PATTERN: PromotionThreshold(hits=5, age_days=7, confidence=0.6),
    MaturityLevel.PRINCIPLE: PromotionThreshold(hits=10, age_days=14, confidence=0.7),
}

IGNORE_RATIO_LIMIT = 0.5
IGNORE_MIN_SURFACES = 5
DEMOTION_CONTRADICTIONS = 2

HIT_BOOST_CAP = 0.12
HIT_BOOST_PER_SQRT_HIT = 0.03
RECENCY_GRACE_DAYS = 30
RECENCY_SPAN_DAYS = 335
RECENCY_PENALTY_CAP = 0.15
IGNORE_PENALTY_PER_IGNORE = 0.05
IGNORE_PENALTY_CAP = 0.30
NOISE_PENALTY = {"stale_rule": 0.06, "wrong_context": 0.04}
NOISE_PENALTY_CAP = 0.18
SUPERSEDED_PENALTY = 0.5

# A confirmed belief must clear the re-verification line again, or it would expire at once.
CONFIRMED_CONFIDENCE = 0.7
SYNTHESIS_CONVICTION = 0.8
SYNTHESIS_CONFIDENCE = 0.8


@functools.lru_cache(maxsize=1 << 15)  # every sidecar write asks for each text's: two 10k homes fit
def text_hash(text: str) -> str:
    """First 16 hex chars of the SHA-256 of the UTF-8 text: the key of ``text_to_id``."""
    import hashlib  # on demand: it loads OpenSSL (~2 ms)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def new_id() -> str:
    return str(uuid.uuid4())


def default_scope() -> dict[str, str]:
    return {"lang": "all", "framework": "any", "project": "any"}


# Who wrote an entry's text when another program did (see EntryMeta.provenance): these keys only.
PROVENANCE_KEYS = ("origin", "session_id", "platform", "tool_name", "pending_id", "approved_by")
PROVENANCE_VALUE_CHARS = 120


def clean_provenance(values) -> dict[str, str]:
    """Provenance as it may be kept and shown: the known keys with short printable strings, in a
    fixed order. It comes from another program (Hermes' metadata, a pending file), so anything else
    is dropped rather than trusted."""
    if not isinstance(values, dict):
        return {}
    kept = {}
    for key in PROVENANCE_KEYS:
        value = values.get(key)
        if isinstance(value, str):
            value = "".join(c for c in value if c.isprintable()).strip()[:PROVENANCE_VALUE_CHARS]
            if value:
                kept[key] = value
    return kept


_INVALID = object()


def record_shape(data: dict) -> tuple:
    """A stored record's keys, in order, and the types of their values: records of a shape already
    seen to be well-formed skip the per-field checks when loaded."""
    return (tuple(data), tuple(map(type, data.values())))


def _exact(*types):
    return lambda value: value if type(value) in types else _INVALID


def _number(value):
    return float(value) if type(value) in (int, float) and math.isfinite(value) else _INVALID


def _count(value):
    """A counter: an int, or a whole float (JSON numbers past 2**64 parse as floats); its range is
    checked where the loader can say so (see ``clamp_numbers``)."""
    if type(value) is int:
        return value
    if type(value) is float and math.isfinite(value):
        return int(value)
    return _INVALID


def _optional(kind):
    return lambda value: value if value is None or type(value) is kind else _INVALID


def _member(enum_type):
    by_value = {member.value: member for member in enum_type}

    def load(value):
        if isinstance(value, bool):  # True == 1 would pass for PATTERN
            return _INVALID
        try:
            return by_value.get(value, _INVALID)
        except TypeError:
            return _INVALID

    return load


@dataclass
class EntryMeta:
    """Structured metadata of one memory entry; the entry's text lives in the ``.md`` file.

    ``text`` mirrors the entry's current text so that a hand-deleted entry can be archived with its
    words; ``pending_promotion`` and ``contradiction_demoted`` are bookkeeping of the reflection layer.
    ``blocked`` is why text that arrived from disk failed the safety check (it stays in the file but
    not in the prompt); ``safety_kept`` records that a person kept it anyway, and ``keep_marks`` on
    which devices: a keep is honoured only where it was made (``store.screening``). ``provenance``
    says who wrote the text when another program did (Hermes: its write origin, session, platform,
    the staged write a person approved), as short strings; empty when nobody said. ``restated``
    keeps the other wordings of the same fact this entry absorbed (``{"text", "at", "source"}``,
    oldest first, at most ``RESTATED_KEPT`` and ``RESTATED_CHARS``): search reads them, the
    ``.md`` file never holds them (``store.restated``). ``says_again``: the entry whose fact this
    one says again in other words, when another program (Hermes) wrote it into its own file and the
    file keeps it: its sayings count for that entry, which is re-verified for both (``store.restated``).
    """

    entry_id: str = field(default_factory=new_id)
    maturity: MaturityLevel = MaturityLevel.INCIDENT
    knowledge_type: KnowledgeType = KnowledgeType.BELIEF
    source_kind: SourceKind = SourceKind.USER_EXPLICIT
    status: BeliefStatus = BeliefStatus.ACTIVE
    authority: float = 0.7
    conviction: float = 0.7
    importance: float = 0.7
    confidence: float = 0.7
    created_at: float = 0.0
    updated_at: float = 0.0
    last_validated_at: float = 0.0
    hit_count: int = 0
    surface_count: int = 0
    ignore_count: int = 0
    observed_behavior_count: int = 0
    contradiction_ids: list[str] = field(default_factory=list)
    contradiction_count: int = 0
    synthesis_id: str | None = None
    parent_ids: list[str] = field(default_factory=list)
    child_ids: list[str] = field(default_factory=list)
    superseded_by: str | None = None
    original_text: str | None = None
    principle_text: str | None = None
    scope: dict[str, str] = field(default_factory=default_scope)
    noise_context: list[dict[str, Any]] = field(default_factory=list)
    text: str = ""
    pending_promotion: int | None = None
    rejected_promotion_hits: int | None = None
    contradiction_demoted: bool = False
    deep_checked: bool = False
    blocked: str | None = None
    safety_kept: bool = False
    keep_marks: list[str] = field(default_factory=list)
    provenance: dict[str, str] = field(default_factory=dict)
    restated: list[dict[str, Any]] = field(default_factory=list)
    says_again: str | None = None

    @classmethod
    def new(cls, now: float, source_kind: SourceKind = SourceKind.USER_EXPLICIT, **values) -> EntryMeta:
        meta = cls(source_kind=source_kind, authority=SOURCE_AUTHORITY[source_kind], **values)
        meta.created_at = meta.updated_at = meta.last_validated_at = now
        return meta

    def to_dict(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["maturity"] = int(self.maturity)
        for key in ("knowledge_type", "source_kind", "status"):
            data[key] = data[key].value
        for key in ("contradiction_ids", "parent_ids", "child_ids", "keep_marks"):
            data[key] = list(data[key])
        data["scope"] = dict(self.scope)
        data["provenance"] = dict(self.provenance)
        data["noise_context"] = [dict(record) for record in self.noise_context]
        data["restated"] = [dict(record) for record in self.restated]
        return data

    def stored(self) -> dict[str, Any]:
        """The sidecar's form of the entry, for orjson: ``entry_id`` and the fields that differ from
        their defaults (SPEC §2: missing fields take defaults; a reader of the SPEC's layout still
        finds each record's id in it). A 10,000-entry sidecar is 44% of the full form's
        size and parses in about a third of the time; the values are the attribute dict's own (orjson
        writes the enums by their values), so nothing may keep or edit the result."""
        return {name: value for name, value in self.__dict__.items()
                if (default := _STORED_DEFAULTS.get(name, _INVALID)) is _INVALID or type(value) is not type(default) or value != default}

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, owned: bool = False) -> EntryMeta:
        """Build from a sidecar record: unknown keys ignored, missing or ill-typed values defaulted.

        A record may omit any field but ``entry_id`` (SPEC §2: missing fields take defaults), as
        :meth:`stored` writes it. With ``owned=True`` the caller hands over a freshly parsed
        record, which then becomes the instance's attribute dict instead of being copied. The
        numbers are not brought into range here: see :func:`load_entry`."""
        return load_entry(data, owned=owned)[0]


def load_entry(data: dict[str, Any], *, owned: bool = False) -> tuple[EntryMeta, bool]:
    """:meth:`EntryMeta.from_dict`, and whether the entry still needs the loader's value checks
    (:func:`clamp_numbers`, the time range, a text from ``text_to_id``): False only when the
    record's shape shows there is nothing they could change.

    Records of a shape (keys and value types) already seen to be well-formed skip the per-field
    checks, and of the range checks only those of the numbers the shape holds are made (a field a
    sparse record leaves out has its default, which is in range): a 10,000-entry sidecar has a
    hundred shapes."""
    values = data if owned else dict(data)
    shape = _WELL_FORMED_SHAPES.get(record_shape(values))
    if shape is None:
        return _load_unknown_shape(values), True
    sound = _sound(values, shape)
    return _completed(values, shape), not sound


def _sound(values: dict[str, Any], shape: _Shape) -> bool:
    """Whether the loader's checks could change nothing: a text, numbers in range, ids strings."""
    _constants, _factories, _enums, numbers, highs, id_lists, promotion = shape  # unpacked: faster than by name
    if numbers is None or not values.get("text"):
        return False
    held = numbers(values)
    if min(held) < 0 or not all(map(operator.le, held, highs)):
        return False
    if promotion and not _LEVEL.get(values.get("maturity", 0), 0) < values["pending_promotion"] <= _TOP_LEVEL:
        return False  # a promotion to a real level above the entry's (clamp_numbers' check)
    for name in id_lists:
        if not _STR.issuperset(map(type, values[name])):  # their types' set, built in C
            return False
    return True


def _completed(values: dict[str, Any], shape: _Shape) -> EntryMeta:
    constants, factories, enums, *_checks = shape
    values.update(constants)  # the fields a record of this shape leaves at their defaults
    for name, make in factories:
        values[name] = make()
    for name, by_value, default in enums:  # by their values (hashable: the shape says so)
        values[name] = by_value.get(values[name], default)
    meta = object.__new__(EntryMeta)  # every field present and valid: __init__ would add nothing
    meta.__dict__ = values
    return meta


_BUILDING = threading.Lock()


class EntryTable(dict):
    """Entry id → :class:`EntryMeta`; a sound record is held as read and built when first read
    (building all was half of a 10,000-entry load). :meth:`texts`, :meth:`flagged` build none."""

    __slots__ = ("_held",)

    def __init__(self, *args, **values):
        super().__init__(*args, **values)
        self._held = 0  # at most this many records held

    def hold_sound(self, record: dict[str, Any]) -> bool:
        """Hold a freshly parsed ``record`` if it is sound."""
        shape = _WELL_FORMED_SHAPES.get((tuple(record), tuple(map(type, record.values()))))  # record_shape, inlined
        if shape is None or not _sound(record, shape):
            return False
        dict.__setitem__(self, record["entry_id"], (record, shape))
        self._held += 1
        return True

    def __getitem__(self, entry_id: str) -> EntryMeta:
        value = dict.__getitem__(self, entry_id)
        return self._built(entry_id, value) if type(value) is tuple else value

    def get(self, entry_id, default=None):
        value = dict.get(self, entry_id, _INVALID)
        if value is _INVALID:
            return default
        return self._built(entry_id, value) if type(value) is tuple else value

    def _built(self, entry_id: str, held: tuple) -> EntryMeta:
        with _BUILDING:  # threads reading a state unlocked (pages) get one object
            value = dict.get(self, entry_id, held)
            if value is held:
                value = _completed(*held)
                if dict.__contains__(self, entry_id):
                    dict.__setitem__(self, entry_id, value)
        return value

    def build_all(self) -> None:
        if self._held:
            with collector_paused():  # as a load: 10^5 entries took 4× as long without
                for entry_id in [i for i, value in dict.items(self) if type(value) is tuple]:
                    self._built(entry_id, dict.__getitem__(self, entry_id))
            self._held = 0

    def values(self):
        self.build_all()
        return dict.values(self)

    def items(self):
        self.build_all()
        return dict.items(self)

    def pop(self, entry_id, *default):
        if dict.__contains__(self, entry_id):
            self[entry_id]
        return dict.pop(self, entry_id, *default)

    def popitem(self):
        self.build_all()
        return dict.popitem(self)

    def setdefault(self, entry_id, default=None):
        if dict.__contains__(self, entry_id):
            return self[entry_id]
        dict.__setitem__(self, entry_id, default)
        return default

    def __iter__(self):  # not dict's: so dict(table), {**table} read values by __getitem__
        return dict.__iter__(self)

    def copy(self) -> EntryTable:
        return EntryTable(self.items())

    def __or__(self, other):
        return {**self, **other}

    def __eq__(self, other) -> bool:
        self.build_all()
        if isinstance(other, EntryTable):
            other.build_all()
        return dict.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self.build_all()
        return dict.__repr__(self)

    def texts(self, ids=None) -> dict[str, str]:
        """Id → text of the entries ``ids`` still here (every entry when None); a held record has one."""
        return {entry_id: value[0]["text"] if type(value) is tuple else value.text for entry_id, value in self._stored(ids)}

    def flagged(self, *names: str, among=None) -> list[str]:
        """Ids of entries (of ``among`` when given) true in any of ``names``: fields false by default, not enums."""
        found = []
        for entry_id, value in self._stored(among):
            values = value[0] if type(value) is tuple else value.__dict__
            for name in names:
                if values.get(name):
                    found.append(entry_id)
                    break
        return found

    def _stored(self, ids):
        """(id, stored value: an entry or a held record) of ``ids`` still here, or of every entry."""
        if ids is None:
            return dict.items(self)
        return [(entry_id, value) for entry_id in ids if (value := dict.get(self, entry_id, _INVALID)) is not _INVALID]


def _load_unknown_shape(data: dict[str, Any]) -> EntryMeta:
    """A record of a shape not seen yet: each field through its loader. A well-formed one teaches
    its shape to :func:`load_entry`; anything else goes through the dataclass, which fills in."""
    values = {}
    for name, value in data.items():
        if (load := _FIELD_LOADERS.get(name)) is not None and (loaded := load(value)) is not _INVALID:
            values[name] = loaded
    if len(values) < len(data) or "entry_id" not in values or any(
        type(values[name]) is not type(value) for name, value in data.items() if name not in _ENUM_TYPES
    ):  # an unknown key, an ill-typed value, a number to convert or no id: the dataclass fills in
        return EntryMeta(**values)
    shape = _WELL_FORMED_SHAPES[record_shape(data)] = _shape_of(data)
    meta = object.__new__(EntryMeta)
    meta.__dict__ = {**values, **shape.constants, **{name: make() for name, make in shape.factories}}
    return meta


# How each field is read back from JSON; a value of the wrong type falls back to the default, so a
# hand-damaged sidecar still loads.
_FIELD_LOADERS: dict[str, Callable[[Any], Any]] = {
    "entry_id": _exact(str),
    "maturity": _member(MaturityLevel),
    "knowledge_type": _member(KnowledgeType),
    "source_kind": _member(SourceKind),
    "status": _member(BeliefStatus),
    **{name: _number for name in ("authority", "conviction", "importance", "confidence",
                                  "created_at", "updated_at", "last_validated_at")},
    **{name: _count for name in ("hit_count", "surface_count", "ignore_count",
                                 "observed_behavior_count", "contradiction_count")},
    **{name: _exact(list) for name in ("contradiction_ids", "parent_ids", "child_ids", "noise_context", "keep_marks",
                                       "restated")},
    **{name: _optional(str) for name in ("synthesis_id", "superseded_by", "original_text", "principle_text", "blocked",
                                           "says_again")},
    **{name: _optional(int) for name in ("pending_promotion", "rejected_promotion_hits")},
    "scope": _exact(dict),
    "provenance": _exact(dict),
    "text": _exact(str),
    "contradiction_demoted": _exact(bool),
    "deep_checked": _exact(bool),
    "safety_kept": _exact(bool),
}  # fmt: skip
assert set(_FIELD_LOADERS) == {f.name for f in fields(EntryMeta)}
_ENUM_TYPES = {"maturity": MaturityLevel, "knowledge_type": KnowledgeType, "source_kind": SourceKind, "status": BeliefStatus}
_ENUM_BY_VALUE = {name: {member.value: member for member in kind} for name, kind in _ENUM_TYPES.items()}
_ENUM_DEFAULTS = {name: getattr(EntryMeta(), name) for name in _ENUM_TYPES}
assert set(_ENUM_TYPES) == {"maturity", "knowledge_type", "source_kind", "status"}  # from_dict names each
# Shapes (record_shape) already seen to be well-formed → how load_entry completes such records.
_WELL_FORMED_SHAPES: dict[tuple, _Shape] = {}
_FACTORIES: dict[str, Callable[[], Any]] = {
    f.name: f.default_factory for f in fields(EntryMeta) if f.default_factory is not MISSING and f.name != "entry_id"
}
_CONSTANTS: dict[str, Any] = {
    f.name: f.default.value if f.name in _ENUM_TYPES else f.default for f in fields(EntryMeta) if f.default is not MISSING
}
assert set(_FACTORIES) | set(_CONSTANTS) | {"entry_id"} == set(_FIELD_LOADERS)
_STORED_DEFAULTS: dict[str, Any] = {name: value for name, value in vars(EntryMeta()).items() if name != "entry_id"}


class _Shape(NamedTuple):
    """What :func:`load_entry` does to a record of one well-formed shape."""

    constants: dict[str, Any]  # absent fields with a constant default (enums as members)
    factories: tuple[tuple[str, Callable[[], Any]], ...]  # absent fields made fresh per entry
    enums: tuple[tuple[str, dict, Any], ...]  # present enum fields: name, members by value, default
    numbers: Callable[[dict], tuple] | None  # the numbers it holds, to check; None: check it all
    highs: tuple[float, ...]  # their upper bounds (each lower bound is 0)
    id_lists: tuple[str, ...]  # the lists of ids it holds, to check
    promotion: bool  # it holds a pending promotion (an int), to check against its maturity


def _shape_of(record: dict[str, Any]) -> _Shape:
    present = set(record)
    numbers, highs = None, ()
    if not present & _CHECKED_WHOLE:  # noise, scope, a rejected promotion: rare, and checked by clamp_numbers
        held = [(name, high) for group, high in _RANGES for name in group if name in present]
        highs = tuple(high for _name, high in held)
        numbers = _getter([name for name, _high in held]) if held else (lambda values: (0,))
    return _Shape(
        constants={name: _ENUM_DEFAULTS.get(name, value) for name, value in _CONSTANTS.items() if name not in present},
        factories=tuple((name, make) for name, make in _FACTORIES.items() if name not in present),
        enums=tuple((name, _ENUM_BY_VALUE[name], _ENUM_DEFAULTS[name]) for name in _ENUM_TYPES if name in present),
        numbers=numbers,
        highs=highs,
        id_lists=tuple(name for name in _ID_LISTS if name in present),
        promotion=record.get("pending_promotion") is not None,
    )


def _getter(names: list[str]) -> Callable[[dict], tuple]:
    """The values of ``names`` as a tuple (itemgetter gives one name's value bare)."""
    return operator.itemgetter(*names) if len(names) > 1 else lambda values: (values[names[0]],)


@dataclass
class ContradictionEdge:
    """A contradiction between two entries: a first-class object, not an error.

    ``resolution`` says how a resolved edge was settled: "synthesis", "dismissed" or "superseded".
    """

    from_id: str
    to_id: str
    reason: str = ""
    confidence: float = 0.8
    author: str = "agent"
    created_at: float = 0.0
    resolved: bool = False
    resolution_id: str | None = None
    edge_id: str = field(default_factory=new_id)
    resolution: str | None = None
    resolved_at: float | None = None
    # What the detector found, as data (see detection.Verdict.reason_data): the
    # rule family ("value", "antonym", …) and its slot/values/levels/words.
    kind: str = ""
    reason_data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = dict(self.__dict__)  # scalars, and reason_data: a small dict never changed in place
        data["reason_data"] = dict(self.reason_data)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, owned: bool = False) -> ContradictionEdge:
        """Build from a sidecar or journal record. An edge without two string ends cannot be shown
        or resolved: ValueError (the loader skips it with a warning); other ill-typed values are
        coerced (a list of reasons joined) or defaulted, and timestamps brought into range.

        As in :meth:`EntryMeta.from_dict`, a record of a shape already seen to be well-formed, with
        finite numbers and plausible times, is taken as it is (``owned=True``: without a copy).
        """
        shape = record_shape(data) if type(data) is dict else None
        if shape in _WELL_FORMED_EDGE_SHAPES:
            resolved_at = data["resolved_at"]
            if (
                0.0 <= data["created_at"] <= LATEST_PLAUSIBLE_TIME
                and (resolved_at is None or 0.0 <= resolved_at <= LATEST_PLAUSIBLE_TIME)
                and math.isfinite(data["confidence"])
            ):
                edge = object.__new__(cls)
                edge.__dict__ = data if owned else {**data, "reason_data": dict(data["reason_data"])}
                return edge
        edge = cls._checked(data)
        stored = edge.__dict__
        if shape is not None and data.keys() == stored.keys() and all(type(stored[k]) is type(v) for k, v in data.items()):
            _WELL_FORMED_EDGE_SHAPES.add(shape)
        return edge

    @classmethod
    def _checked(cls, data: dict[str, Any]) -> ContradictionEdge:
        if not isinstance(data, dict) or type(data.get("from_id")) is not str or type(data.get("to_id")) is not str:
            raise ValueError("a contradiction edge needs string from_id and to_id")
        values = {key: value for key, value in data.items() if key in _EDGE_FIELDS}
        reason = values.get("reason", "")
        if type(reason) is not str:
            values["reason"] = "; ".join(map(str, reason)) if isinstance(reason, list) else ""
        if _number(values.get("confidence")) is _INVALID:
            values.pop("confidence", None)
        values["created_at"] = plausible_time(values.get("created_at"), 0.0)
        values["resolved_at"] = plausible_time(values.get("resolved_at"), None)
        for name in ("author", "edge_id"):
            if name in values and type(values[name]) is not str:
                del values[name]
        for name in ("resolution", "resolution_id"):
            if values.get(name) is not None and type(values[name]) is not str:
                values[name] = None
        if type(values.get("kind", "")) is not str:
            values["kind"] = ""
        if not isinstance(values.get("reason_data", {}), dict):
            values["reason_data"] = {}
        if "resolved" in values and type(values["resolved"]) is not bool:
            values["resolved"] = bool(values.get("resolution_id") or values.get("resolution"))
        return cls(**values)

    def touches(self, entry_id: str) -> bool:
        return entry_id in (self.from_id, self.to_id)

    def other(self, entry_id: str) -> str:
        return self.to_id if entry_id == self.from_id else self.from_id

    def pair(self) -> frozenset[str]:
        return frozenset((self.from_id, self.to_id))


_EDGE_FIELDS = frozenset(f.name for f in fields(ContradictionEdge))
# Shapes (keys in order, value types) whose records came through the checks unchanged; the time
# range and finiteness are value checks, made again for every record.
_WELL_FORMED_EDGE_SHAPES: set[tuple] = set()
LATEST_PLAUSIBLE_TIME = 32_503_680_000.0  # 3000-01-01: later values are milliseconds or damage


def plausible_time(value, default):
    """Epoch seconds from a stored timestamp: milliseconds are converted, anything else that is not
    a finite time between 1970 and 3000 becomes ``default``."""
    if type(value) not in (int, float) or not math.isfinite(value):
        return default
    if 0 <= value <= LATEST_PLAUSIBLE_TIME:
        return float(value)
    if 0 <= value / 1000 <= LATEST_PLAUSIBLE_TIME:
        return value / 1000
    return default


def edges_from(records, *, owned: bool = False) -> tuple[list[ContradictionEdge], int]:
    """The usable edges of a stored list, and how many were skipped as unusable."""
    if not isinstance(records, list):
        raise TypeError("contradictions is not a list")
    edges, skipped = [], 0
    for record in records:
        try:
            edges.append(ContradictionEdge.from_dict(record, owned=owned))
        except (ValueError, TypeError):
            skipped += 1
    return edges, skipped


@dataclass
class SidecarDocument:
    """The ``*.meta.json`` document of one target."""

    version: int = SIDECAR_VERSION
    entries: dict[str, EntryMeta] = field(default_factory=EntryTable)
    contradictions: list[ContradictionEdge] = field(default_factory=list)
    text_to_id: dict[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if type(self.entries) is not EntryTable:
            self.entries = EntryTable(self.entries)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "entries": {entry_id: meta.to_dict() for entry_id, meta in self.entries.items()},
            "contradictions": [edge.to_dict() for edge in self.contradictions],
            "text_to_id": dict(self.text_to_id),
        }

    def to_json(self, record: Callable[[str, EntryMeta], Any] | None = None) -> dict[str, Any]:
        """The document as the sidecar stores it, for orjson only: each entry in its :meth:`EntryMeta.stored`
        form (what differs from the defaults), which :meth:`from_dict` reads back as :meth:`to_dict`
        gives it, or as ``record(entry_id, meta)`` makes it (that form, already serialised). Not for
        anything that keeps or edits it."""
        entries = ({entry_id: meta.stored() for entry_id, meta in self.entries.items()} if record is None
                   else {entry_id: record(entry_id, meta) for entry_id, meta in self.entries.items()})
        return {
            "version": self.version,
            "entries": entries,
            "contradictions": [edge.to_dict() for edge in self.contradictions],
            "text_to_id": dict(self.text_to_id),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, owned: bool = False, unchecked: list[EntryMeta] | None = None) -> SidecarDocument:
        """``owned=True``: ``data`` was just parsed for this call, and its records may be reused.
        ``unchecked`` collects the entries that still need the loader's value checks (see
        :func:`load_entry`); without it, the caller checks every entry."""
        entries = EntryTable()
        for entry_id, meta in (data.get("entries") or {}).items():
            record = meta if owned else {**meta}
            record["entry_id"] = entry_id
            if entries.hold_sound(record):
                continue
            entries[entry_id], needs_check = load_entry(record, owned=True)
            if needs_check and unchecked is not None:
                unchecked.append(entries[entry_id])
        return cls(
            version=format_version(data.get("version", SIDECAR_VERSION)) or SIDECAR_VERSION,
            entries=entries,
            contradictions=edges_from(data.get("contradictions") or [], owned=owned)[0],
            text_to_id=_string_map(data.get("text_to_id")),
        )

    def id_for_text(self, text: str) -> str | None:
        return self.text_to_id.get(text_hash(text))


MAX_FORMAT_VERSION = 10_000  # a larger "version" is damage, not a newer format


def format_version(value) -> int | None:
    """A file's format version, or None when the number is out of range (damage: the caller warns).
    Not a number at all: ValueError (the file is unreadable, as before)."""
    if type(value) not in (int, float):
        raise ValueError(f"the format version {str(value)[:40]!r} is not a number")
    if type(value) is int and 0 <= value <= MAX_FORMAT_VERSION:
        return value
    return None


# ---------------------------------------------------------------- numbers in range

MAX_COUNT = 2**53  # counters stay exact in every JSON reader (and far below orjson's 64-bit limit)
_COUNTERS = ("hit_count", "surface_count", "ignore_count", "observed_behavior_count", "contradiction_count")
_UNIT_FIELDS = ("authority", "conviction", "importance", "confidence")
_ID_LISTS = ("contradiction_ids", "parent_ids", "child_ids", "keep_marks")
_STR, _DICT = frozenset((str,)), frozenset((dict,))  # the only type allowed, as a set of types
_TIMES = ("created_at", "updated_at", "last_validated_at")
# The upper bounds load_entry checks a shape's numbers against (0 is every lower one); a record holding any of _CHECKED_WHOLE
# (their defaults are empty or None) goes through clamp_numbers whole.
_RANGES = ((_COUNTERS, MAX_COUNT), (_UNIT_FIELDS, 1.0), (_TIMES, LATEST_PLAUSIBLE_TIME))
_CHECKED_WHOLE = frozenset(("noise_context", "scope", "rejected_promotion_hits",
                            "restated"))  # restated: its texts are scanned by the loader (store.restated)
# A maturity as stored → its level, as _completed reads it (an unknown one: INCIDENT); a pending
# promotion is checked against it in the shape's checks (promotions wait for a person: common)
_LEVEL = {member.value: int(member) for member in MaturityLevel}
_TOP_LEVEL = int(MaturityLevel.WISDOM)


def clamp_numbers(meta: EntryMeta) -> int:
    """Bring a loaded entry's numbers into range (counters 0…2**53, scores 0…1, a pending promotion
    a real level above the entry's) and its lists to the types they hold; returns how many values
    it changed. A sidecar with ``hit_count`` 2**64 otherwise breaks every later write.

    A cold load asks this of every entry: the numbers are checked in one expression first, and
    empty lists are not walked."""
    values, fixed = meta.__dict__, 0
    if not _numbers_in_range(values):
        for name in _COUNTERS:
            if not 0 <= values[name] <= MAX_COUNT:
                values[name] = min(max(values[name], 0), MAX_COUNT)
                fixed += 1
        for name in _UNIT_FIELDS:
            if not 0.0 <= values[name] <= 1.0:
                values[name] = min(max(values[name], 0.0), 1.0)
                fixed += 1
    pending = values["pending_promotion"]
    if pending is not None and not (type(pending) is int and int(meta.maturity) < pending <= int(MaturityLevel.WISDOM)):
        values["pending_promotion"] = None
        fixed += 1
    rejected = values["rejected_promotion_hits"]
    if rejected is not None and not 0 <= rejected <= MAX_COUNT:
        values["rejected_promotion_hits"] = min(max(rejected, 0), MAX_COUNT)
        fixed += 1
    for name in _ID_LISTS:
        items = values[name]
        if items and not {*map(type, items)} <= _STR:  # every item a str (the types' set, built in C)
            values[name] = [item for item in items if type(item) is str]
            fixed += 1
    noise = values["noise_context"]
    if noise and (len(noise) > NOISE_CONTEXT_LIMIT or not {*map(type, noise)} <= _DICT):
        values["noise_context"] = [record for record in noise if type(record) is dict][-NOISE_CONTEXT_LIMIT:]
        fixed += 1
    scope = values["scope"]
    if scope and not {*map(type, scope), *map(type, scope.values())} <= _STR:
        values["scope"] = {k: v for k, v in scope.items() if type(k) is str and type(v) is str}
        fixed += 1
    return fixed


def _numbers_in_range(v: dict) -> bool:
    """The counters and scores :func:`clamp_numbers` checks, all in range."""
    return (
        0 <= v["hit_count"] <= MAX_COUNT and 0 <= v["surface_count"] <= MAX_COUNT and 0 <= v["ignore_count"] <= MAX_COUNT
        and 0 <= v["observed_behavior_count"] <= MAX_COUNT and 0 <= v["contradiction_count"] <= MAX_COUNT
        and 0.0 <= v["authority"] <= 1.0 and 0.0 <= v["conviction"] <= 1.0 and 0.0 <= v["importance"] <= 1.0
        and 0.0 <= v["confidence"] <= 1.0
    )  # fmt: skip


def clamp_edge(edge: ContradictionEdge) -> int:
    """An edge's confidence into 0…1; returns how many values it changed."""
    if not 0.0 <= edge.confidence <= 1.0:
        edge.confidence = min(max(edge.confidence, 0.0), 1.0)
        return 1
    return 0


def _string_map(value) -> dict[str, str]:
    """``text_to_id`` as written, keeping only string → string pairs; not a map: a damaged sidecar."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TypeError("text_to_id is not an object")
    if {*map(type, value), *map(type, value.values())} <= _STR:  # the types' set, built in C
        return dict(value)
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


# ---------------------------------------------------------------- decay


def _days(now: float, since: float) -> float:
    return max(0.0, (now - since) / SECONDS_PER_DAY)


def _decay_multiplier(meta: EntryMeta, days: float) -> float:
    rate, _floor = DECAY[meta.knowledge_type]
    multiplier = (1.0 - rate) ** days
    if meta.source_kind is SourceKind.OBSERVED and meta.observed_behavior_count > 0:
        multiplier = math.sqrt(multiplier)
    return multiplier


def decayed_confidence(meta: EntryMeta, now: float) -> float:
    """Effective confidence: decayed, but never below the type floor or the maturity floor."""
    if meta.knowledge_type is KnowledgeType.FACT:
        return meta.confidence
    fresh_since = max(meta.last_validated_at, meta.updated_at)
    if _days(now, fresh_since) < 1.0:
        return meta.confidence
    decayed = meta.confidence * _decay_multiplier(meta, _days(now, meta.updated_at))
    _rate, type_floor = DECAY[meta.knowledge_type]
    return max(type_floor, MATURITY_FLOOR[meta.maturity], decayed)


def raw_decayed_confidence(meta: EntryMeta, now: float) -> float:
    """Decay with no floors and no grace day: what validation decay compares with 0.2."""
    if meta.knowledge_type is KnowledgeType.FACT:
        return meta.confidence
    rate, _floor = DECAY[meta.knowledge_type]
    return meta.confidence * (1.0 - rate) ** _days(now, meta.updated_at)


def needs_reverification(meta: EntryMeta, now: float) -> bool:
    return (
        meta.status is BeliefStatus.ACTIVE
        and meta.knowledge_type is not KnowledgeType.FACT
        and raw_decayed_confidence(meta, now) < REVERIFY_THRESHOLD
    )


def apply_validation_decay(meta: EntryMeta, now: float) -> bool:
    """Mark an expired ACTIVE belief DECAYED; returns whether it changed."""
    if not needs_reverification(meta, now):
        return False
    meta.status = BeliefStatus.DECAYED
    return True


def days_until_reverification(meta: EntryMeta, now: float) -> float | None:
    """Days until the raw confidence crosses 0.2 (0 if it already has); None if it never will."""
    if meta.knowledge_type is KnowledgeType.FACT or meta.confidence <= 0:
        return None
    rate, _floor = DECAY[meta.knowledge_type]
    if meta.confidence < REVERIFY_THRESHOLD:
        return 0.0
    days_total = math.log(REVERIFY_THRESHOLD / meta.confidence) / math.log(1.0 - rate)
    return max(0.0, days_total - _days(now, meta.updated_at))


# ---------------------------------------------------------------- ranking


def ranking_score(meta: EntryMeta, similarity: float, now: float) -> float:
    boost = 0.0
    if meta.source_kind not in (SourceKind.BACKGROUND_REVIEW, SourceKind.DERIVED):
        boost = min(HIT_BOOST_CAP, math.sqrt(meta.hit_count) * HIT_BOOST_PER_SQRT_HIT)
    days_since_validation = _days(now, meta.last_validated_at)
    recency = min(
        RECENCY_PENALTY_CAP,
        max(0.0, (days_since_validation - RECENCY_GRACE_DAYS) / RECENCY_SPAN_DAYS * RECENCY_PENALTY_CAP),
    )
    ignore = min(IGNORE_PENALTY_CAP, IGNORE_PENALTY_PER_IGNORE * meta.ignore_count)
    noise = min(
        NOISE_PENALTY_CAP,
        sum(NOISE_PENALTY.get(record.get("reason", ""), 0.0) for record in meta.noise_context),
    )
    superseded = SUPERSEDED_PENALTY if meta.status is BeliefStatus.SUPERSEDED else 0.0
    penalties = recency + ignore + noise + superseded
    return (similarity + boost - penalties) * (0.6 + 0.4 * decayed_confidence(meta, now))


def authority_weight(meta: EntryMeta, now: float) -> float:
    """How much a side of a contradiction counts: authority × effective confidence."""
    return meta.authority * decayed_confidence(meta, now)


# ---------------------------------------------------------------- promotion


class PromotionCheck(NamedTuple):
    """One entry's evidence against the thresholds of its next level."""

    current: MaturityLevel
    target: MaturityLevel | None
    hits: int
    age_days: float
    confidence: float
    threshold: PromotionThreshold | None

    @property
    def hits_met(self) -> bool:
        return self.threshold is not None and self.hits >= self.threshold.hits

    @property
    def age_met(self) -> bool:
        return self.threshold is not None and self.age_days >= self.threshold.age_days

    @property
    def confidence_met(self) -> bool:
        return self.threshold is not None and self.confidence >= self.threshold.confidence

    @property
    def eligible(self) -> bool:
        return self.hits_met and self.age_met and self.confidence_met


def promotion_check(meta: EntryMeta, now: float) -> PromotionCheck:
    threshold = PROMOTION_THRESHOLDS.get(meta.maturity)
    target = MaturityLevel(meta.maturity + 1) if threshold else None
    return PromotionCheck(
        current=meta.maturity,
        target=target,
        hits=meta.hit_count + meta.observed_behavior_count,
        age_days=_days(now, meta.created_at),
        confidence=decayed_confidence(meta, now),
        threshold=threshold,
    )


def evaluate_promotion(meta: EntryMeta, now: float) -> MaturityLevel | None:
    """The level this entry may be promoted to now, or None. The cheap thresholds (hits, age) are
    tested first: maintenance asks this of every entry, and most fall short of them."""
    threshold = PROMOTION_THRESHOLDS.get(meta.maturity)
    if threshold is None or meta.hit_count + meta.observed_behavior_count < threshold.hits:
        return None
    if _days(now, meta.created_at) < threshold.age_days:
        return None
    if decayed_confidence(meta, now) < threshold.confidence:  # what promotion_check(...).eligible adds
        return None
    return MaturityLevel(meta.maturity + 1)


def proposal_stands(meta: EntryMeta, now: float) -> bool:
    """Does a pending promotion still wait for a person? While the entry is active, below the level
    proposed, and still holds the sayings and the age it was proposed for. Its confidence decaying
    while nobody answers does not take the question back (the rule held when it was asked; under the
    ``auto`` policy the entry would have been promoted then): an entry that expires (DECAYED) loses
    its proposal and goes to re-verification, and once confirmed is proposed again."""
    if meta.pending_promotion is None or meta.status is not BeliefStatus.ACTIVE:
        return False
    if meta.pending_promotion != meta.maturity + 1:
        return False
    check = promotion_check(meta, now)
    return check.hits_met and check.age_met


def apply_promotion(meta: EntryMeta, target: MaturityLevel, now: float) -> None:
    meta.maturity = target
    if target >= MaturityLevel.PATTERN:
        meta.authority = max(meta.authority, 0.7)
    if target >= MaturityLevel.PRINCIPLE:
        meta.authority = max(meta.authority, 0.8)
        meta.conviction = max(meta.conviction, 0.7)
    if target >= MaturityLevel.WISDOM:
        meta.authority = max(meta.authority, 0.9)
        meta.confidence = max(meta.confidence, 0.8)
    meta.pending_promotion = None
    meta.updated_at = now


def demote(meta: EntryMeta, now: float) -> bool:
    if meta.maturity == MaturityLevel.INCIDENT:
        return False
    meta.maturity = MaturityLevel(meta.maturity - 1)
    meta.updated_at = now
    return True


def is_ignored_too_often(meta: EntryMeta) -> bool:
    return (
        meta.surface_count >= IGNORE_MIN_SURFACES
        and meta.ignore_count / meta.surface_count >= IGNORE_RATIO_LIMIT
    )


# ---------------------------------------------------------------- signals


def record_hit(meta: EntryMeta, now: float) -> None:
    meta.hit_count += 1
    meta.last_validated_at = meta.updated_at = now
    meta.confidence = min(1.0, meta.confidence + min(meta.hit_count * 0.01, 0.15))


def record_surface(meta: EntryMeta) -> None:
    meta.surface_count += 1


def record_ignore(meta: EntryMeta, now: float, reason: str = "agent_skipped") -> None:
    meta.ignore_count += 1
    meta.noise_context.append({"reason": reason, "at": now})
    del meta.noise_context[:-NOISE_CONTEXT_LIMIT]


def capped_wordings(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The newest ``RESTATED_KEPT`` of an entry's absorbed wordings (oldest first), fewer while
    they hold more than ``RESTATED_CHARS`` characters."""
    items = items[-RESTATED_KEPT:]
    while items and sum(len(item["text"]) for item in items) > RESTATED_CHARS:
        items = items[1:]
    return items


def record_observed_behavior(meta: EntryMeta, now: float) -> None:
    meta.observed_behavior_count += 1
    meta.last_validated_at = now
    meta.authority = min(1.0, meta.authority + 0.02)


def revalidate(meta: EntryMeta, now: float) -> None:
    """A person confirmed the belief still holds: fresh validation, back to ACTIVE."""
    meta.last_validated_at = meta.updated_at = now
    meta.confidence = max(meta.confidence, CONFIRMED_CONFIDENCE)
    meta.status = BeliefStatus.ACTIVE


def record_restatement(meta: EntryMeta, now: float, *, observed: bool = False, evidence: int = 1,
                       contested: bool = False) -> None:
    """The fact said again (an exact re-add, another wording at the add, a judge's fold): the user
    confirmed it, so it is a hit (an observed behaviour when seen, not told) and a re-verification:
    its decay restarts now and an expired (DECAYED) entry is back in the active set (CONTRADICTED
    when ``contested``: an open contradiction is not settled by saying one side again).
    ``evidence``: how many sayings this is (a folded entry brings its own restatements with it). An
    entry a person or a contradiction took out of the active set stays where it is."""
    for _ in range(max(1, evidence)):
        (record_observed_behavior if observed else record_hit)(meta, now)
    if meta.status in (BeliefStatus.ACTIVE, BeliefStatus.DECAYED):
        revalidate(meta, now)
        if contested:
            meta.status = BeliefStatus.CONTRADICTED


# ---------------------------------------------------------------- synthesis


def merge_scopes(scopes: list[dict[str, str]]) -> dict[str, str]:
    keys: list[str] = []
    for scope in scopes:
        keys.extend(key for key in scope if key not in keys)
    merged = {}
    for key in keys:
        values = {scope.get(key) for scope in scopes}
        merged[key] = values.pop() if len(values) == 1 else "any"
    return merged


def synthesize(
    parents: list[EntryMeta],
    text: str,
    now: float,
    knowledge_type: KnowledgeType | None = None,
    edges: list[ContradictionEdge] = (),
) -> EntryMeta:
    """Create the synthesis of two or more contradicting entries and settle their edges."""
    if len(parents) < 2:
        raise ValueError("a synthesis needs at least two parent entries")
    synthesis = EntryMeta.new(
        now,
        source_kind=SourceKind.DERIVED,
        maturity=max(p.maturity for p in parents),
        knowledge_type=knowledge_type or parents[0].knowledge_type,
        importance=max(p.importance for p in parents),
        conviction=SYNTHESIS_CONVICTION,
        confidence=SYNTHESIS_CONFIDENCE,
        parent_ids=[p.entry_id for p in parents],
        scope=merge_scopes([p.scope for p in parents]),
        text=text,
    )
    synthesis.authority = max(p.authority for p in parents)
    parent_ids = set(synthesis.parent_ids)
    for parent in parents:
        parent.status = BeliefStatus.SYNTHESIZED
        parent.synthesis_id = synthesis.entry_id
        parent.child_ids.append(synthesis.entry_id)
        parent.updated_at = now
    for edge in edges:
        if edge.pair() <= parent_ids and not edge.resolved:
            resolve_edge(edge, "synthesis", synthesis.entry_id, now)
    return synthesis


def resolve_edge(edge: ContradictionEdge, resolution: str, resolution_id: str | None, now: float) -> None:
    edge.resolved = True
    edge.resolution = resolution
    edge.resolution_id = resolution_id
    edge.resolved_at = now
