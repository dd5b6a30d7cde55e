"""The default detector: the rule families of `registry.py` run over the claims of two entries.

Each entry is read part by part, each part's claims held by its holder (`binding.py`); each pair of
parts then meets the families in order of priority, each in both directions, and the first
contradiction wins (`family.py` says what a family declares). Families that need more evidence come
first (an order swap or a clash of values is more specific than a shared topic with opposite
polarity). An English entry and a Chinese one are compared again with the Chinese words read in
English (`bridge.py`). When no family fires, the verdict says whether the entries share a subject.
"""

from __future__ import annotations

from . import bridge, contract, groups, scripts
from .analysis import Analysis, analyse
from .base import Label, Verdict
from .binding import pair_home, parts
from .family import keys_meet
from .holders import HomeHolders
from .memo import kept
from .pairing import claim_pairs, settings_apart, times_apart
from .registry import FAMILIES
from .text import is_cjk, lazy_compile, normalize


class RuleDetector:
    """Pure-stdlib contradiction detector for English and Chinese memory entries.

    Claims are held by someone (see `binding.py`): the holders of the home the entries live in,
    when the store passes them (`in_home`), else those the two entries name between them."""

    name = "rules"

    def __init__(self, holders: HomeHolders | None = None):
        self.holders = holders
        self._read: dict[str, _Entry] = {}  # text → the entry as read in this detector's home (`_entry`)
        self._homes: dict[int, RuleDetector] = {}  # id(holders) → the detector `in_home` gave for them

    def in_home(self, holders: HomeHolders) -> RuleDetector:
        """This detector for the entries of a home whose holders are `holders`: the same detector while
        the home names the same holders (its index keeps one `HomeHolders` until they change), so an
        entry is read once for all the pairs it is in, add after add."""
        found = self._homes.get(id(holders))
        if found is None or found.holders is not holders:  # it holds its holders: their id is not reused
            if len(self._homes) >= _HOMES_KEPT:
                self._homes.clear()
            found = self._homes[id(holders)] = RuleDetector(holders)
        return found

    def compare(self, a: str, b: str) -> Verdict:
        first, second = self._entries(a, b)
        if _same_statement(first, second):
            return Verdict(Label.COMPATIBLE, 0.95, "same statement")
        found = _first_contradiction(first, second)
        if found is not None:
            return found
        unread = tuple(dict.fromkeys(first.unread + second.unread))
        return _not_read(unread) if unread else _related([(x, y) for x, _ in first.parts for y, _ in second.parts])

    def contradiction(self, a: str, b: str) -> Verdict | None:
        """`compare`'s verdict where it is a contradiction, else None: what an add flags, without
        the work of telling how related two entries it does not flag are."""
        first, second = self._entries(a, b)
        return None if _same_statement(first, second) else _first_contradiction(first, second)

    def _entries(self, a: str, b: str) -> tuple[_Entry, _Entry]:
        """Both entries as the rules read them: kept for every pair where an entry reads the same (in
        this detector's home, or with no holder named), read for this pair alone where it depends on
        what the other entry names (a detector with no home: the pair's own)."""
        home = self.holders if self.holders is not None else pair_home(a, b)
        if home is self.holders or not home:
            read = self._read  # both kept, add after add: looked up here, not through a call each
            first, second = read.get(a), read.get(b)
            if first is None or first.families is not FAMILIES:
                first = self._entry(a, home)
            if second is None or second.families is not FAMILIES:
                second = self._entry(b, home)
            return first, second
        return _Entry(a, home), _Entry(b, home)

    def _entry(self, text: str, home: HomeHolders) -> _Entry:
        found = self._read.get(text)
        if found is None or found.families is not FAMILIES:  # another list of families (a test's): read again
            if len(self._read) >= _ENTRIES_KEPT:
                self._read.clear()
            found = self._read[text] = _Entry(text, home)
        return found


_HOMES_KEPT = 4  # homes a store's detector keeps a detector for (its two targets, a changed set of holders)
_ENTRIES_KEPT = 2048  # entries a home's detector keeps read (what an add meets, and its neighbours' next adds)


class _Entry:
    """One entry as the rules read it in one home, read once for every pair it is in (an add meets
    each of its candidates, and a candidate meets add after add): its parts, each with what the
    families read from it (`_Side`), and what a pair asks of the whole entry (the scripts no language
    reads, what tells a same statement, whether it is Chinese). A changed text is another entry; a
    home whose holders change gets another detector (`RuleDetector.in_home`)."""

    __slots__ = ("families", "unread", "normalized", "key", "cjk", "parts", "_bridged")

    def __init__(self, text: str, home: HomeHolders):
        self.families = FAMILIES
        self.unread = scripts.unread_scripts(text)
        self.normalized = normalize(text)
        self.key = analyse(text).key
        self.cjk = is_cjk(text)
        self.parts = tuple((part, _side(part)) for part in _read_parts(text, home))
        self._bridged: tuple | None = None

    def bridged(self) -> tuple[tuple[Analysis, _Side], ...]:
        """Each part with its Chinese words read in English (`bridge.py`), for a pair with an entry
        in the other language; read the first time such a pair asks."""
        if self._bridged is None:
            self._bridged = tuple((found, _side(found)) if (found := _bridged(part)) is not part else (part, side)
                                  for part, side in self.parts)
        return self._bridged


def _same_statement(first: _Entry, second: _Entry) -> bool:
    if first.unread or second.unread:
        return first.normalized == second.normalized
    return first.key == second.key


def _first_contradiction(first: _Entry, second: _Entry) -> Verdict | None:
    """The first contradiction between a part of `first` and a part of `second`, in the order the rules
    judge them. An English entry and a Chinese one are compared again with the Chinese words the
    lexicon does not know read in English ("古典" classical, "经理" manager): the rules that know a
    Chinese word themselves have had their say with it as written."""
    mixed = first.cjk != second.cjk
    for index, (x, x_side) in enumerate(first.parts):
        for other, (y, y_side) in enumerate(second.parts):
            found = _compare(x, x_side, y, y_side)
            if found is None and mixed:
                (in_english_x, x_side), (in_english_y, y_side) = first.bridged()[index], second.bridged()[other]
                if in_english_x is not x or in_english_y is not y:
                    found = _compare(in_english_x, x_side, in_english_y, y_side)
            if found is not None:
                return found
    return None


def _related(pairs) -> Verdict | None:
    """No contradiction: the first pair of parts that shares a subject says so, parts of one holder
    are compatible; else the entries are unrelated."""
    verdict = None
    for first, second in pairs:
        verdict = _relatedness(first, second)
        if verdict.label is Label.UNRELATED and first.holder and first.holder == second.holder:
            verdict = Verdict(Label.COMPATIBLE, 0.6, f"compatible: both about {first.holder.split(':')[-1]}")
        if verdict.label is not Label.UNRELATED:
            return verdict
    return verdict


def _read_parts(text: str, home: HomeHolders) -> tuple[Analysis, ...]:
    """The parts of an entry the rules may judge: those with no letter in a script they do not read,
    and of a user's part that has some, its sentences that have none ("Lives in Berlin. Любит чай.")."""
    found: list[Analysis] = []
    for part in parts(text, home):
        if not scripts.unread_scripts(part.text):
            found.append(part)
        elif not part.holder:
            found.extend(analyse(sentence) for sentence in _SENTENCE_END.split(part.text)
                         if sentence.strip() and not scripts.unread_scripts(sentence))
    return tuple(found)


_SENTENCE_END = lazy_compile(r"(?<=[.!?])\s+|(?<=[;；。！？])\s*")


def _not_read(unread: tuple[str, ...]) -> Verdict:
    """No contradiction among the parts the rules read, and parts they cannot: an open pair."""
    names = ", ".join(script.lower() for script in unread)
    return Verdict(Label.UNREAD, 0.0, f"not read: {names}", "", "rule",
                   {"kind": "", "source": "rule", "unread": [script.lower() for script in unread]})


def _compare(first: Analysis, first_side: _Side, second: Analysis, second_side: _Side) -> Verdict | None:
    """The first contradiction a family finds, trying them in order of priority, each both ways and
    only where its cue is and the two sides' keys meet; entries that name times or settings apart
    meet only the timed families."""
    runnable = _runnable(first, first_side, second, second_side)
    if not runnable:  # the pair test: no family can find anything, so none is asked
        return None
    apart = None  # read once a family not timed finds something (a family's compare is pure): most find nothing
    for position in runnable:
        family = FAMILIES[position]
        verdict, cue_side = family.compare(first, second) if position in first_side.cues else None, "a"
        if verdict is None and not family.ordered and position in second_side.cues:
            verdict, cue_side = _swapped(family.compare(second, first)), "b"
        if verdict and not family.timed:
            if apart is None:
                apart = times_apart(first.text, second.text) or settings_apart(first.text, second.text)
            if apart:
                continue
        if verdict and groups.said_of_a_group_alone(verdict.reason_data, first.text, second.text, first.holder):
            continue  # "Maya's team is fully remote" / "Maya goes to the office": the team's, not hers
        if verdict:  # the side with the cue is the one a change family reads as ended
            return contract.completed(verdict, family.name, first.holder, _shared_subject(first, second),
                                      (first.text, second.text), cue_side)
    return None


class _Side:
    """What the families read from one side of a pair, once per analysis (an add meets each of its
    candidates'): the positions in `families` of those whose cue it holds, and of those among them
    without keys (they run whatever the other side holds); each family's keys, read when a pair
    first asks for them (position → `Family.read_keys`). Never compared nor shown: slots and an
    __init__, cheaper to make than a frozen dataclass and, read ~250 times an add, to read than a
    named tuple's fields."""

    __slots__ = ("families", "cues", "keyless", "keys")

    def __init__(self, families: tuple, cues: frozenset[int], keyless: frozenset[int]):
        self.families, self.cues, self.keyless = families, cues, keyless
        self.keys: dict = {}


def _runnable(first: Analysis, first_side: _Side, second: Analysis, second_side: _Side) -> list[int]:
    """The positions in FAMILIES, in order, of the families one side cues (a family neither side
    cues finds nothing) that have no keys or whose keys meet (`family.keys_meet`)."""
    cued = first_side.cues | second_side.cues
    if not cued:
        return []
    keyless = first_side.keyless | second_side.keyless
    return [position for position in sorted(cued) if position in keyless  # keys read before: no call
            or keys_meet(first_side.keys.get(position) or _keys(first, first_side, position),
                         second_side.keys.get(position) or _keys(second, second_side, position))]


def _keys(analysis: Analysis, side: _Side, position: int) -> tuple[frozenset, frozenset] | None:
    try:
        return side.keys[position]
    except KeyError:
        found = side.keys[position] = side.families[position].read_keys(analysis)
        return found


def _side(analysis: Analysis) -> _Side:
    """The side as the families read it; kept with the families it was read for: another list of
    them (a test's) reads it again."""
    found = kept(analysis, _read_side)
    return found if found.families is FAMILIES else _read_side(analysis)


def _read_side(analysis: Analysis) -> _Side:
    cues = frozenset(position for position, family in enumerate(FAMILIES) if family.cue(analysis))
    return _Side(FAMILIES, cues, frozenset(position for position in cues if FAMILIES[position].keys is None))


def _bridged(analysis: Analysis) -> Analysis:
    return kept(analysis, bridge.bridge_analysis) if is_cjk(analysis.text) else analysis


def _swapped(verdict: Verdict | None) -> Verdict | None:
    """A verdict found with the entries swapped, its reason put back in a↔b order."""
    if verdict is None:
        return None
    head, _, body = verdict.reason.partition(": ")
    left, arrow, right = body.partition("↔")
    reason = f"{head}: {right}↔{left}" if arrow else verdict.reason
    data = dict(verdict.reason_data)
    data["a"], data["b"] = verdict.reason_data.get("b", ""), verdict.reason_data.get("a", "")
    for key in _PAIRED_KEYS:
        if key in data:
            data[key] = list(reversed(data[key]))
    return Verdict(verdict.label, verdict.score, reason, verdict.kind, verdict.source, data)


# reason_data values that come as [first entry's, second entry's]
_PAIRED_KEYS = ("values", "levels", "words", "sequence")


def _relatedness(a: Analysis, b: Analysis) -> Verdict:
    shared = _shared_subject(a, b)
    if shared:
        return Verdict(Label.COMPATIBLE, 0.7, f"compatible: both about {shared}")
    return Verdict(Label.UNRELATED, 0.7, "unrelated: no shared subject")


def _shared_subject(a: Analysis, b: Analysis) -> str:
    """A topic, axis or slot both entries speak about, or ""."""
    slots = kept(a, _slot_names) & kept(b, _slot_names)
    if slots:
        return min(slots)
    for left, right in claim_pairs(a, b):  # a claim's subjects are read once (a cached property)
        shared = left.subjects & right.subjects
        if shared:
            return min(shared)
    for orders, claims in ((a.orders, b.claims), (b.orders, a.claims)):
        for order in orders:
            if any((order.preferred | order.other) & claim.reach for claim in claims):
                return order.text
    return ""


def _slot_names(analysis: Analysis) -> frozenset[str]:
    return frozenset(slot.name for slot in analysis.slots)
