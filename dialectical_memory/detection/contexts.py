"""Settings a statement is confined to: at work, at home, with friends, in
personal projects, at restaurants, "在工作场合", "和朋友聊天时", "团队内部".

Two statements confined to different settings describe different parts of the
user's life ("formal at work" / "casual with friends", "uses Windows at work" /
"uses a Mac at home"): they refine each other rather than clash. A setting is
recognised from the phrase that introduces it (a preposition, "和…", "在…"),
not from a bare noun, so "works at a bank" or "has a big family" name none.
"""

from __future__ import annotations

import functools
import re

from ..core.regex_cues import Needs
from . import languages
from .text import is_cjk, lazy_compile

# longest first: "javascript" is not "java" with "script" after it
_EN_LANGUAGES = (r"javascript|typescript|haskell|python|golang|elixir|kotlin|scala|swift|java|rust|ruby|"
                 r"dart|perl|php|lua|c\+\+|c#|go|js|ts")

# setting → phrases (English text is matched lowercased; Chinese as written)


def setting_phrases() -> dict[str, tuple[str, ...]]:
    """Setting → the phrases that introduce it, every language's (lang/*/settings.json; English is
    matched lowercased, Chinese as written)."""
    return languages.word_map("settings", "settings")


def triggers() -> tuple[str, ...]:
    """Words one of whose phrases every setting contains (lang/*/settings.json): most entries have
    none, and a substring test is much cheaper than the phrases (detection runs on every add).
    tests/detection/test_setting_triggers.py fails when some way of matching a phrase contains none
    of these: add a trigger with a phrase."""
    return languages.words("settings", "triggers")


@functools.cache
def _patterns() -> tuple[re.Pattern, re.Pattern, tuple[str, ...], tuple[str, ...]]:
    """The English and the Chinese phrases as one pattern each (group `s<i>` names setting i), the
    settings' names, and the triggers: built on first use. (A trigger is looked for by substring
    tests: the engine tries a hundred literals at every position of a text, three times slower.)"""
    phrases = setting_phrases()
    return _alternation(phrases, False), _alternation(phrases, True), tuple(phrases), tuple(triggers())


def _alternation(phrases: dict[str, tuple[str, ...]], chinese: bool) -> re.Pattern:
    """One pattern for the phrases of one language; group `s<i>` names setting i."""
    return lazy_compile("|".join(
        f"(?P<s{index}>{'|'.join(form for form in forms if is_cjk(form) == chinese)})"
        for index, forms in enumerate(phrases.values())))


_LATIN = lazy_compile("[a-z]{2}")
# "in Go projects", "JavaScript 项目里": the codebase is the setting
_CODEBASE = lazy_compile(
    rf"(?<![a-z])(?P<lang>{_EN_LANGUAGES})\s*(?:projects?|code|codebases?|repos?|repositories|files?|"
    r"scripts?|services?|项目|代码|仓库)", re.IGNORECASE)


# Words one of which every codebase phrase contains (as `triggers()` for the settings).
_CODE_TRIGGERS = ("project", "code", "repo", "file", "script", "service", "项目", "代码", "仓库")


# Most texts hold no trigger of either kind: one test of them all first (case-blind, so it lets
# through every text the exact tests below might find one in).
_ANY_TRIGGER = Needs(lambda: (*triggers(), *_CODE_TRIGGERS))


def settings(text: str) -> list[tuple[str, int]]:
    """The settings `text` names, each with where its phrase starts."""
    if not _ANY_TRIGGER.held_in(text):
        return []
    lowered = text.lower()
    found = []
    english, chinese, names, setting_triggers = _patterns()
    if any(trigger in lowered for trigger in setting_triggers):
        patterns = ((english,) if _LATIN.search(lowered) else ()) + ((chinese,) if is_cjk(lowered) else ())
        found = [(names[int(match.lastgroup[1:])], match.start())
                 for pattern in patterns for match in pattern.finditer(lowered)]
    if any(trigger in lowered for trigger in _CODE_TRIGGERS):
        found.extend((f"codebase:{match['lang'].lower()}", match.start()) for match in _CODEBASE.finditer(text))
    return found


@functools.lru_cache(maxsize=4096)  # pure; an entry's slots and the pair checks both ask it of its text
def setting_names(text: str) -> frozenset[str]:
    return frozenset(name for name, _ in settings(text))
