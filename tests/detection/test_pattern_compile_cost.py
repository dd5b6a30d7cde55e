"""The detector's patterns are written in forms the regex compiler builds cheaply: a one-shot add
compiles every pattern its text's cues open (issue 46). Two forms cost many times an equivalent:

- a CJK range under IGNORECASE: the compiler folds the case of each of its ~21,000 characters one
  by one; CJK has no case, so ``(?-i:[\\u4e00-\\u9fff])`` matches the same (3.0 -> 1.0 ms);
- a word list with the same lookaround around each word: each copy is compiled, where
  ``(?<![a-z])(?:a|b)(?![a-z])`` matches the same (a bank list: 4.9 -> 0.4 ms).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from re import _constants as c
from re import _parser

import pytest

CJK_START = 0x2E80  # the CJK blocks start here; no character from it on has a case


def _detector_patterns() -> list:
    import dialectical_memory.detection as detection
    from dialectical_memory.core.regex_cues import created_patterns
    from dialectical_memory.detection.text import _CUES

    for module in pkgutil.iter_modules(detection.__path__):
        importlib.import_module(f"{detection.__name__}.{module.name}")
    return [p for p in created_patterns() if p._table is _CUES and _parses(p)]


def _parses(pattern) -> bool:
    """(Another test may have made a broken pattern on purpose.)"""
    try:
        _parser.parse(pattern.pattern, pattern._flags)
    except re.error:
        return False
    return True


def _folded_cjk_ranges(items, folded: bool):
    for op, av in items:
        if op is c.IN and folded:
            yield from (value for kind, value in av if kind is c.RANGE and value[1] >= CJK_START)
        elif op is c.SUBPATTERN:
            _group, add, remove, inner = av
            yield from _folded_cjk_ranges(inner, (folded or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE)
        else:
            yield from (found for inner in _parts(op, av) for found in _folded_cjk_ranges(inner, folded))


def _parts(op, av) -> list:
    """The parsed sequences inside one item (groups, branches, repeats, lookarounds)."""
    if op is c.BRANCH:
        return list(av[1])
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        return [av[2]]
    if op in (c.ASSERT, c.ASSERT_NOT):
        return [av[1]]
    if op is c.ATOMIC_GROUP:
        return [av]
    if op is c.GROUPREF_EXISTS:
        return [part for part in av[1:] if part is not None]
    return []


def _lookaround_per_word(items) -> bool:
    """A branch of four or more words that each start, or each end, with the same lookaround."""
    for op, av in items:
        if op is c.BRANCH and len(av[1]) >= 4 and all(len(branch) for branch in av[1]):
            for place in (0, -1):
                parts = [list(branch)[place] for branch in av[1]]
                if parts[0][0] in (c.ASSERT, c.ASSERT_NOT) and len({repr(part) for part in parts}) == 1:
                    return True  # (parsed parts compare by identity; their reprs by content)
        if op is c.SUBPATTERN:
            if _lookaround_per_word(av[3]):
                return True
        elif any(_lookaround_per_word(inner) for inner in _parts(op, av)):
            return True
    return False


def test_no_pattern_folds_the_case_of_a_cjk_range():
    folded = [p.pattern[:80] for p in _detector_patterns() for tree in [_parser.parse(p.pattern, p._flags)]
              if any(_folded_cjk_ranges(tree, bool(tree.state.flags & re.IGNORECASE)))]
    assert not folded, "wrap the CJK range in (?-i:...): " + "; ".join(folded)


def test_no_word_list_repeats_its_lookaround_for_each_word():
    repeated = [p.pattern[:80] for p in _detector_patterns() if _lookaround_per_word(_parser.parse(p.pattern, p._flags))]
    assert not repeated, "put the lookaround once around the list: " + "; ".join(repeated)


@pytest.mark.parametrize("pattern, flags, found", [
    (r"(?P<zh>[\u4e00-\u9fff]{2,4})x", re.IGNORECASE, True),
    (r"(?P<zh>(?-i:[\u4e00-\u9fff]{2,4}))x", re.IGNORECASE, False),
    (r"[\u4e00-\u9fff]", 0, False),
    (r"(?i:[a-z\u4e00-\u9fff])", 0, True),
])
def test_the_check_sees_a_folded_cjk_range(pattern, flags, found):
    tree = _parser.parse(pattern, flags)
    assert bool(list(_folded_cjk_ranges(tree, bool(tree.state.flags & re.IGNORECASE)))) is found


@pytest.mark.parametrize("pattern, found", [
    (r"(?<![a-z])java(?![a-z])|(?<![a-z])rust(?![a-z])|(?<![a-z])go(?![a-z])|(?<![a-z])zig(?![a-z])", True),
    (r"(?<![a-z])(?:java|rust|go|zig)(?![a-z])", False),
    (r"\bjava\b|\brust\b|\bgo\b|\bzig\b", False),
    (r"(?<![a-z])java|(?<![a-z])rust|(?<![a-z])go|(?<![a-z])zig", True),
    (r"(?<![a-z])java|(?<![a-z])rust|(?<![a-z])go|zig", False),
])
def test_the_check_sees_a_lookaround_per_word(pattern, found):
    assert _lookaround_per_word(_parser.parse(pattern)) is found
