"""`contexts.triggers()` must let every setting phrase through.

`contexts.settings` only runs its phrases on text that contains one of the
hand-written trigger words (a cheap substring test on every add). A phrase
added to `lang/*/settings.json` without a trigger would silently never match; this test
reads each phrase's regular expression and fails when some way of matching it
needs no trigger word.
"""

import re

import pytest

try:  # Python 3.11+
    from re import _constants as sre_constants
    from re import _parser as sre_parse
except ImportError:  # pragma: no cover
    import sre_constants
    import sre_parse

from dialectical_memory.detection import contexts

_SPACE = sre_constants.CATEGORY_SPACE


def _char(op, arg) -> str | None:
    """The one character an opcode matches, if it matches one (whitespace as a space)."""
    if op is sre_constants.LITERAL:
        return chr(arg)
    if op is sre_constants.IN and arg == [(sre_constants.CATEGORY, _SPACE)]:
        return " "
    return None


def _covered(items, triggers, run: str = "") -> bool:
    """Does every match of this sequence contain a trigger? `run` is the text
    matched just before it (the parser moves a shared first letter out of a group)."""
    for op, arg in items:
        char = _char(op, arg)
        if char is not None:
            run += char
            if any(trigger in run for trigger in triggers):
                return True
            continue
        if op is sre_constants.MAX_REPEAT or op is sre_constants.MIN_REPEAT:
            low, _, body = arg
            if low >= 1 and _covered(list(body), triggers, run):
                return True
            if low >= 1 and len(body) == 1 and _char(*body[0]) == " ":
                run += " "  # "\s+" reads as one space
                continue
        elif op is sre_constants.SUBPATTERN:
            if _covered(list(arg[-1]), triggers, run):
                return True
        elif op is sre_constants.BRANCH:
            if all(_covered(list(alternative), triggers, run) for alternative in arg[1]):
                return True
        elif op is sre_constants.AT:
            continue  # \b, ^, $ match no character
        run = ""
    return False


def _alternatives(pattern: str):
    """The top-level alternatives of a phrase, as parsed sequences."""
    parsed = list(sre_parse.parse(pattern))
    if len(parsed) == 1 and parsed[0][0] is sre_constants.BRANCH:
        return [list(alternative) for alternative in parsed[0][1][1]]
    return [parsed]


PHRASES = [(setting, form) for setting, forms in contexts.setting_phrases().items() for form in forms]


@pytest.mark.parametrize("setting,form", PHRASES)
def test_every_setting_phrase_has_a_trigger(setting, form):
    for alternative in _alternatives(form):
        assert _covered(alternative, contexts.triggers()), (
            f"{setting}: a way of matching {form!r} contains none of contexts.triggers()")


def test_codebase_phrase_has_a_trigger():
    pattern = contexts._CODEBASE.pattern
    for alternative in _alternatives(pattern):
        assert _covered(alternative, contexts._CODE_TRIGGERS)


def test_the_check_notices_a_missing_trigger():
    assert not _covered(_alternatives(r"\bat\s+the\s+gym\b")[0], ("office",))
    assert _covered(_alternatives(r"\bat\s+the\s+gym\b")[0], ("gym",))
    assert not _covered(_alternatives(r"(?:健身|游泳)时")[0], ("健身",))
    assert _covered(_alternatives(r"(?:健身|游泳)时")[0], ("健身", "游泳"))


@pytest.mark.parametrize("text,setting", [
    ("User is casual on the job", "work"), ("User dines out on Fridays", "eating out"),
    ("用户出门在外时很节省", "travel"), ("User writes formally for business e-mails", "work"),
])
def test_phrases_match_through_their_triggers(text, setting):
    assert setting in contexts.setting_names(text)
