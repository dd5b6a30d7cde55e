"""Cues of a regular expression: literal strings one of which every match of it contains.

Most texts match none of the patterns they are tried against, and a search per pattern is most of a
check's time. A pattern whose every match holds "ignore" (``ignore\\s+…``), or one of "system",
"inst"… (role tags), need not be searched in a text without them: reading those cues off the
pattern's own parse tree lets a caller skip only searches that would find nothing. The safety check
(`safety.py`) and the detector's patterns (`detection/text.py`, through a generated table) gate
their searches this way. Reading cues is a parse of the pattern, most of the cost of compiling it,
so for patterns fixed in the source it is done once, by ``tools/make_pattern_cues.py``, into a
generated table beside the patterns (:class:`CueTable`); :class:`LazyPattern` looks itself up there.

Under IGNORECASE, cues and text are compared in the case the regex engine itself matches by (its
lower-casing plus its extra equivalences: "ı" ~ "i", "ſ" ~ "s"); otherwise exactly. A pattern with
no cue to read, or a Python without the engine's private tables, is searched on every text.

A reader of many patterns declares what it cannot find anything without (:class:`Needs`,
:func:`reads_only_where`): a text holding none of their cues is not read at all, one test for the
reader instead of one gate per pattern.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import orjson

from .regex_code import compile_fixed

_MAX_SPELLINGS = 16
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


# The cue of a character beyond ASCII: what a pattern holds that needs one of a class of them
# ("[\u4e00-\u9fff]{1,3}"), with no literal to look for. Every text holds it but an ASCII one (as
# every text holds "", which a table reader that does not know it finds, gating nothing).
BEYOND_ASCII = ""
# Classes read as BEYOND_ASCII hold only characters from here on (CJK and after): none has a case,
# so none matches an ASCII letter case-blind (as "\u212a", the Kelvin sign, matches "k").
_CASELESS_FROM = 0x2E80


def compile_with_cues(regex: str, flags: int = 0, beyond_ascii: bool = False) -> tuple[re.Pattern, frozenset[str] | None, bool]:
    """``re.compile(regex, flags)``, its cues and whether they compare case-blind, from one parse of
    the pattern (parsing is most of compiling). ``beyond_ascii``: a class of CJK characters is read
    as the cue :data:`BEYOND_ASCII` where the pattern has no better one (for the readers of the
    detector's table, which know that cue)."""
    try:
        from re import _compiler, _constants, _parser

        tree = _parser.parse(regex, flags)
        folded = bool(tree.state.flags & re.IGNORECASE)
        cues = _cues_of(_best(_required(tree, _constants, beyond_ascii)), folded)
        return _compiler.compile(tree, flags), cues, folded
    except Exception:  # pragma: no cover - the private parser changed: the plain pattern, no gate
        return re.compile(regex, flags), None, False


def cues(regex: str, flags: int = 0, beyond_ascii: bool = False) -> frozenset[str] | None:
    """Literals one of which every match of ``regex`` contains (case-blind ones in :func:`matching_case`)."""
    return compile_with_cues(regex, flags, beyond_ascii)[1]


def second_cues(regex: str, flags: int = 0) -> frozenset[str] | None:
    """Selective literals one of which every match holds in another part than :func:`cues`'
    (``user\\s+is``: "user", then "is"); None if no part has any a text with a cue may lack."""
    from re import _constants, _parser

    tree = _parser.parse(regex, flags)
    options = _required(tree, _constants, True)
    best = _best(options) or set()
    rest = [option for option in options if all(map(_selective, option))
            and not all(any(cue in first for cue in option) for first in best)]
    return _cues_of(_best(rest), bool(tree.state.flags & re.IGNORECASE))


@functools.cache
def _equivalent() -> dict[int, int]:
    """Each lower-case letter the engine treats as equal to others → the smallest of its class."""
    try:
        from re import _casefix

        extra = _casefix._EXTRA_CASES
    except (ImportError, AttributeError):  # pragma: no cover - a Python without the table
        return {}
    smallest: dict[int, int] = {}
    for lower in extra:
        members, todo = {lower}, [lower]
        while todo:  # the whole class, even were the table's lists not symmetric
            for other in extra.get(todo.pop(), ()):
                if other not in members:
                    members.add(other)
                    todo.append(other)
        smallest[lower] = min(members)
    return smallest


def matching_case(text: str) -> str:
    """``text`` with each character as the engine compares it under IGNORECASE, one for one."""
    if text.isascii():
        return text.lower()  # ASCII: the engine's lower case, and no extra equivalences
    return _matching_case_of(text)


# The text last put in the engine's case, and that form: a text meets every gate of an analysis
# in turn (two hundred), and is lower-cased once for all of them. One tuple, replaced whole, so a
# thread never reads one text's form for another's; held, so no other text can take its identity.
_LAST_FOLDED: list[tuple[str, str]] = [("", "")]


def folded(text: str) -> str:
    """:func:`matching_case` of ``text``, worked out once for the texts gates meet in a row."""
    last = _LAST_FOLDED[0]
    if last[0] is text:
        return last[1]
    seen = text.lower() if text.isascii() else _matching_case_of(text)
    _LAST_FOLDED[0] = (text, seen)
    return seen


@functools.lru_cache(maxsize=1024)
def _matching_case_of(text: str) -> str:
    """(A text is checked against many case-blind patterns in turn: translated once.)"""
    return text.translate(_CASE)


class TranslationTable(dict):
    """A ``str.translate`` table whose every character's value ``rule`` works out the first time a
    text holds it (a table built per text cost 4 µs of each Chinese entry's safety check)."""

    def __init__(self, rule: Callable[[int], int | None]) -> None:
        super().__init__()
        self.rule = rule

    def __missing__(self, code: int) -> int | None:
        self[code] = value = self.rule(code)
        return value


def _engine_case(code: int) -> int:
    import _sre

    lower = _sre.unicode_tolower(code)
    return _equivalent().get(lower, lower)


_CASE = TranslationTable(_engine_case)


def any_of(literals) -> re.Pattern:
    """A pattern that finds any of ``literals`` (at least one, none empty), written as a trie
    ("ab|ac" as "a(?:b|c)") so that at each position of a text the engine tries one branch per
    character instead of every literal."""
    return re.compile(_trie(sorted(set(literals))))


def _trie(literals: list[str]) -> str:
    by_first: dict[str, list[str]] = {}
    for literal in literals:
        by_first.setdefault(literal[0], []).append(literal[1:])
    branches = []
    for first, rests in by_first.items():
        longer = [rest for rest in rests if rest]
        if not longer:
            branches.append(re.escape(first))
        else:
            optional = "?" if len(longer) < len(rests) else ""  # the literal may also end here
            branches.append(f"{re.escape(first)}(?:{_trie(longer)}){optional}")
    return "|".join(branches)


def _cues_of(found: set[str] | None, folded: bool) -> frozenset[str] | None:
    if not found or not all(map(_usable, found)) or any("\0" in cue for cue in found):
        return None  # "a" is in most texts: no cheaper to look for than the pattern; NUL joins forms
    return frozenset(matching_case(cue) for cue in found) if folded else frozenset(found)


def _selective(cue: str) -> bool:
    """Rare enough to be worth looking for: two characters, or one beyond ASCII (重, 由)."""
    return len(cue) >= 2 or (len(cue) == 1 and not cue.isascii())


def _usable(cue: str) -> bool:
    """A cue a gate can test: a selective literal, or :data:`BEYOND_ASCII`."""
    return cue == BEYOND_ASCII or _selective(cue)


def _beyond_ascii_class(members, c) -> bool:
    """A class (the items of an IN) of characters and ranges that all lie from :data:`_CASELESS_FROM` on."""
    return bool(members) and all(
        (kind is c.LITERAL and value >= _CASELESS_FROM) or (kind is c.RANGE and value[0] >= _CASELESS_FROM)
        for kind, value in members)


def _best(options: list[set[str]] | None) -> set[str] | None:
    """Of sets of strings each required, the one whose shortest string is longest, one of selective literals first."""
    return max(options, key=lambda option: (all(map(_usable, option)), all(map(_selective, option)),
                                            min(map(len, option)))) if options else None


def _required(items, c, beyond_ascii: bool = False) -> list[set[str]]:
    """For a parsed sequence: sets of strings, one of each of which every match contains.

    Reads literal runs and, of groups, branches and repeats of at least once, what their content
    requires; anything else (classes, zero-width tests, optional parts) only breaks a run, but for a
    class of CJK characters when ``beyond_ascii`` (:data:`BEYOND_ASCII`)."""
    options: list[set[str]] = []
    run: set[str] = set()  # the strings the literals read since the last break can spell

    def extend(chars: list[str]) -> None:
        nonlocal run
        run = {start + char for start in (run or {""}) for char in chars}
        if len(run) > _MAX_SPELLINGS:
            close_run()

    def close_run() -> None:
        nonlocal run
        if run:
            options.append(run)
            run = set()

    for op, av in items:
        if op is c.LITERAL:
            extend([chr(av)])
            continue
        if op is c.IN and len(av) <= _MAX_SPELLINGS and all(kind is c.LITERAL for kind, _value in av):
            extend([chr(value) for _kind, value in av])  # [装扮]: one of these characters
            continue
        if op is c.IN and beyond_ascii and _beyond_ascii_class(av, c):
            close_run()
            options.append({BEYOND_ASCII})
            continue
        if op is c.BRANCH and run:
            # "(?:was|were)" parses as "w" then a branch of "as" | "ere": the run goes on into
            # whatever literals each branch opens with ({"was", "were"}, not {"as", "ere"})
            leads = [_leading_literals(branch, c) for branch in av[1]]
            if all(leads) and len(run) * sum(map(len, leads)) <= _MAX_SPELLINGS:
                options.append({start + lead for start in run for lead in set().union(*leads)})
        close_run()
        inner = None
        if op is c.SUBPATTERN:
            if av[1] or av[2]:  # scoped flags: not read
                continue
            inner = _best(_required(av[3], c, beyond_ascii))
        elif op is c.BRANCH:
            sets = [_best(_required(branch, c, beyond_ascii)) for branch in av[1]]
            inner = None if any(s is None for s in sets) else set().union(*sets)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT) and av[0] >= 1:
            inner = _best(_required(av[2], c, beyond_ascii))
        elif op is c.ATOMIC_GROUP:
            inner = _best(_required(av, c, beyond_ascii))
        if inner:
            options.append(inner)
    close_run()
    return options


def _leading_literals(items, c) -> set[str]:
    """The strings the literals a parsed sequence opens with can spell ("" when it opens otherwise)."""
    spelled = {""}
    for op, av in items:
        if op is c.LITERAL:
            chars = [chr(av)]
        elif op is c.IN and len(av) <= _MAX_SPELLINGS and all(kind is c.LITERAL for kind, _value in av):
            chars = [chr(value) for _kind, value in av]
        else:
            break
        if len(spelled) * len(chars) > _MAX_SPELLINGS:
            break
        spelled = {start + char for start in spelled for char in chars}
    return spelled if spelled != {""} else set()


# -------------------------------------------------------------------------- lazy, gated patterns


class CueTable:
    """A generated table of patterns' cues, a JSON file of a package: read on first use.
    ``DMEM_PATTERN_GATE=0`` reads it as empty (every pattern then compiles on first use and runs on
    every text: the same answers, more time)."""

    def __init__(self, package: str, name: str):
        self.package, self.name = package, name
        self._rows: dict[tuple[str, int], tuple[tuple[str, ...], bool, tuple[str, ...]]] | None = None

    def get(self, pattern: str, flags: int) -> tuple[tuple[str, ...], bool, tuple[str, ...]] | None:
        """Its cues, whether case-blind, and its :func:`second_cues` (or ())."""
        if self._rows is None:
            self._rows = self._read()
        return self._rows.get((pattern, flags))

    def _read(self) -> dict[tuple[str, int], tuple[tuple[str, ...], bool, tuple[str, ...]]]:
        if _gates_off():
            return {}
        try:
            # beside the package's files (importlib.resources would cost a one-shot command ~7 ms of imports)
            document = orjson.loads(Path(sys.modules[self.package].__file__).with_name(self.name).read_bytes())
            return {(pattern, flags): (tuple(cues), folded, tuple(*second))
                    for flags, pattern, cues, folded, *second in document["patterns"]}
        except (OSError, ValueError, TypeError, KeyError):  # a missing or damaged table: no gate
            return {}


def _gates_off() -> bool:
    """``DMEM_PATTERN_GATE=0``: no pattern and no reader is gated (the same answers, more time)."""
    return os.environ.get("DMEM_PATTERN_GATE", "1") == "0"


class LazyPattern:
    """``re.compile(pattern, flags)``, done on first use (from the generated program when
    :mod:`.regex_code` has it), and not run where it cannot match.

    A process touches only some of its patterns, and compiling all of them would cost a one-shot
    command hundreds of ms. With a :class:`CueTable` that lists the pattern, a text holding none of
    its cues gets "no match" (None, [], an empty iterator, the text unchanged) without the pattern
    being compiled; the first text that holds one compiles it. The gate stays while most texts lack
    a cue, and goes once most hold one: then the compiled pattern's own methods answer (see
    :func:`_gated`). A pattern not in the table compiles on first use. Every pattern made is listed by
    :func:`created_patterns`, which is what the generator tables."""

    __slots__ = ("pattern", "_flags", "_table", "compiled", "groupindex", "groups", *_METHODS)

    def __init__(self, pattern: str, flags: int = 0, table: CueTable | None = None):
        self.pattern = pattern
        self._flags = flags
        self._table = table
        _CREATED.append(self)

    def __getattr__(self, name: str):
        if name in ("compiled", "groupindex", "groups"):
            compiled = compile_fixed(self.pattern, self._flags)  # from its generated program, when tabled
            self.compiled = compiled  # what a match's ``.re`` is
            self.groupindex, self.groups = compiled.groupindex, compiled.groups
            return getattr(self, name)
        if name not in _METHODS:
            raise AttributeError(name)
        cue = self._table.get(self.pattern, self._flags) if self._table is not None else None
        if cue is None:
            return _take_over(self, name)
        # the method asked for only: a process's first add meets a hundred patterns, each by one method
        gated = _gated(self, name, *cue)
        setattr(self, name, gated)
        return gated

    @property
    def flags(self) -> int:
        return self.compiled.flags

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self._flags!r})"


def created_patterns() -> list[LazyPattern]:
    """Every lazy pattern made so far in this process."""
    return list(_CREATED)


_CREATED: list[LazyPattern] = []

# What a pattern that cannot match answers, per method.
_NO_MATCH = {
    "search": lambda text: None,
    "match": lambda text: None,
    "fullmatch": lambda text: None,
    "finditer": lambda text: iter(()),
    "findall": lambda text: [],
    "split": lambda text: [text],
}


# A gate stays in front of its compiled pattern until this many texts held a cue, and then only
# while most texts it meets hold none: the engine tries a pattern with no literal to look for first
# ("\\b(?:every|each|…)", a hundred phrases) at every position of a text, and a few substring tests
# are cheaper; a pattern whose cue nearly every text holds ("user") loses nothing to it.
_GATE_KEPT_UNTIL_HITS = 16


def _gated(pattern: LazyPattern, method: str, cues: tuple[str, ...], case_blind: bool, second: tuple[str, ...] = ()):
    """``pattern.<method>`` that answers "no match" for a text holding none of ``cues`` (or none of
    the ``second`` ones); the first text that holds them compiles the pattern, which answers it and
    every later text holding them, until the texts holding them are as many as those without
    (``_GATE_KEPT_UNTIL_HITS`` at least): then the compiled pattern's own method takes the gate's place.

    A text meets every gated pattern of an analysis in turn (a hundred or more), so the test is one
    frame: the text's case-blind form read inline from :func:`folded`'s memo, no helper calls, an
    ASCII text tested for the ASCII cues only, and the answer of the methods that return a match
    given without a call."""
    held = not_held = 0
    no_match = None if method in ("search", "match", "fullmatch") else _NO_MATCH.get(method)
    last = _LAST_FOLDED
    ascii_cues = tuple(cue for cue in cues if cue != BEYOND_ASCII and cue.isascii())  # all an ASCII text can hold

    def run(text, *rest):
        nonlocal held, not_held
        if case_blind:
            pair = last[0]
            seen = pair[1] if pair[0] is text else folded(text)
        else:
            seen = text
        for cue in ascii_cues if seen.isascii() else cues:
            if cue in seen and (not second or any(other in seen for other in second)):
                break
        else:
            not_held += 1
            return None if no_match is None else no_match(text)
        held += 1
        if held >= _GATE_KEPT_UNTIL_HITS and held >= not_held:
            return _take_over(pattern, method)(text, *rest)
        return getattr(pattern.compiled, method)(text, *rest)

    def run_sub(replacement, text, *rest, **kwargs):  # sub(repl, text), subn(repl, text)
        nonlocal held, not_held
        seen = folded(text) if case_blind else text
        for cue in cues:
            if cue in seen and (not second or any(other in seen for other in second)):
                break
        else:
            not_held += 1
            return text if method == "sub" else (text, 0)
        held += 1
        if held >= _GATE_KEPT_UNTIL_HITS and held >= not_held:
            return _take_over(pattern, method)(replacement, text, *rest, **kwargs)
        return getattr(pattern.compiled, method)(replacement, text, *rest, **kwargs)

    return run_sub if method in ("sub", "subn") else run


def _take_over(pattern: LazyPattern, method: str):
    """Bind the compiled pattern's own methods on ``pattern``; returns the one named."""
    compiled = pattern.compiled
    for name in _METHODS:
        setattr(pattern, name, getattr(compiled, name))
    return getattr(compiled, method)


# -------------------------------------------------------------------------- gated readers


class Needs:
    """What a reader of a text cannot find anything without, one of them at least: lazy patterns
    (their cues, from their table), literal words (case-blind), or a function giving such needs on
    first use (for patterns built from tables). :meth:`held_in` is one test of the union of their
    cues, so a reader of many patterns pays one test for a text that holds none, not a gate per
    pattern. A pattern with no cues in its table may match any text: every text then holds what
    the reader needs, as every text does with the gates off (``DMEM_PATTERN_GATE=0``)."""

    __slots__ = ("needs", "_cues", "_ascii_cues")

    def __init__(self, *needs):
        self.needs = needs
        self._cues: tuple[str, ...] | None = None
        self._ascii_cues: tuple[str, ...] = ()  # the cues an ASCII text can hold

    def cues(self) -> tuple[str, ...]:
        """The case-blind cues one of which a text holds wherever a need matches; () when some need
        has none (it may be anywhere)."""
        if self._cues is None:
            cues = () if _gates_off() else _union_of_cues(self.needs)
            self._ascii_cues = tuple(cue for cue in cues if cue != BEYOND_ASCII and cue.isascii())
            self._cues = cues
        return self._cues

    def held_in(self, text: str) -> bool:
        """Might ``text`` hold a need? False only when it holds none of their cues."""
        cues = self._cues if self._cues is not None else self.cues()
        if not cues:
            return True
        pair = _LAST_FOLDED[0]
        seen = pair[1] if pair[0] is text else folded(text)
        for cue in self._ascii_cues if seen.isascii() else cues:
            if cue in seen:
                return True
        return False


def reads_only_where(*needs, nothing=()):
    """A reader of a text (its first argument) that finds nothing unless it holds one of ``needs``
    (see :class:`Needs`): a text holding none gets ``nothing`` without the reader being run. The
    ungated reader is ``.ungated``, its needs ``.needs``."""
    held = Needs(*needs)

    def gate(read):
        def gated(text, *rest):
            return read(text, *rest) if held.held_in(text) else nothing

        functools.update_wrapper(gated, read)
        gated.ungated, gated.needs = read, held
        return gated

    return gate


def _union_of_cues(needs) -> tuple[str, ...]:
    found: set[str] = set()
    for need in needs:
        if isinstance(need, LazyPattern):
            row = need._table.get(need.pattern, need._flags) if need._table is not None else None
            cues = row[0] if row else None
        elif isinstance(need, str):
            cues = (need,) if _selective(need) else None
        else:  # a function giving needs on first use
            cues = _union_of_cues(tuple(need())) or None
        if not cues:
            return ()
        # an exact cue a text holds is there case-blind too: the case-blind test lets every such text by
        found.update(map(matching_case, cues))
    return tuple(sorted(found, key=lambda cue: (len(cue), cue)))
