"""The knowledge type a text states, read from its words when the writer gives none.

A dated event (昨天去了医院; a plan with a date named from the note's own day, "next month", 明天),
a report of one thing said to someone ("suggested she apply", 鼓励妹妹去学画画), or one thing
remembered ("recalls the trip", 还记得第一次见面) is a ``memory``, a lasting fact ("is allergic to peanuts", "has a cat named
Miso", "is from Porto", "is a nurse") a ``fact``, a current situation (目前在找工作) a ``state``, an
instruction to the assistant ("Always answer in Chinese") a ``rule``, anything else (a preference,
an opinion) a ``belief``. Each cue is a whole
phrase of its kind, placed so that a look-alike of another kind ("always drinks tea", "allergy
season") is kept out; the first kind found wins (rule, memory, state, fact). An explicit type always
wins. The cues: ``lang/<code>/knowledge_types.json``; what each type means: docs/detection.md.
"""

from __future__ import annotations

import functools
import re

from ..core.regex_code import compile_fixed
from ..core.kinds import KnowledgeType
from ..core.regex_cues import LazyPattern
from . import languages
from .text import lazy_compile, normalize

TABLES = "knowledge_types"  # lang/<code>/knowledge_types.json: each kind's patterns
# A happening: a date word, an event word, a past "had a …" (not "has had", not "had always").
HAPPENING_CUES = ("dated", "event", "past_had")


@functools.cache
def _cue(key: str) -> LazyPattern:
    """Every language's patterns of ``key``, as one expression (read on first use; compiled for the
    first text that holds one of its cues, see ``text.lazy_compile``)."""
    return lazy_compile("|".join(f"(?:{pattern})" for pattern in languages.words(TABLES, key)))


def read_knowledge_type(text: str) -> KnowledgeType:
    """The kind of knowledge ``text`` states, by its cue words; ``BELIEF`` when none is found."""
    plain = normalize(text).strip()
    if _cue("rule").search(plain):
        return KnowledgeType.RULE
    if _happening(plain) or _reported(plain):
        return KnowledgeType.MEMORY
    if _cue("state").search(plain):
        return KnowledgeType.STATE
    if _cue("fact").search(plain) or _job().search(plain):
        return KnowledgeType.FACT
    return KnowledgeType.BELIEF


def tells_of_one_happening(text: str) -> bool:
    """Does ``text`` tell of one event (a dated one, or one past doing)? A ``memory`` that is only a
    report of something said ("encourages her to keep going") is not one: the same-fact matcher
    weighs a happening against a habit, not a conversation against the stance it voices."""
    plain = normalize(text).strip()
    return not _cue("rule").search(plain) and _happening(plain)


def _reported(plain: str) -> bool:
    """One thing said or shown to someone, or one thing remembered ("recalls the trip")."""
    return bool(_cue("speech_act").search(plain) or _cue("recollection").search(plain))


def _happening(plain: str) -> bool:
    """A date, an event word, a past "had a …", or a simple past of doing as the main verb."""
    return any(_cue(key).search(plain) for key in HAPPENING_CUES) or _one_event(plain)


@functools.cache
def _job() -> LazyPattern:
    """One's occupation, a lasting fact: "is a nurse", "is a freelance writer", 是一名护士 (the
    lexicon's jobs); not a hobby or a past ("an aspiring writer", "a former nurse", 业余作家)."""
    from .lexicon import JOB_QUALIFIERS

    jobs = "|".join(sorted(map(re.escape, languages.table("lexicon", "jobs")), key=len, reverse=True))
    not_job = "|".join(map(re.escape, JOB_QUALIFIERS))
    return lazy_compile(rf"\b(?:is|am|are) (?:a|an) (?!(?:{not_job})\b)(?:[\w-]+ )?(?:{jobs})\b"
                        rf"|是(?:一名|一位|一个|个|名)?(?!{not_job})(?:{jobs})")


def _one_event(plain: str) -> bool:
    """Is the sentence's main verb a simple past of doing (one event, not a view or a habit)?"""
    main_past, not_events = _main_past()
    found = main_past.match(plain)
    return found is not None and found.group(1) not in not_events


@functools.cache
def _main_past() -> tuple[re.Pattern, frozenset[str]]:
    """The main-verb pattern and the pasts that tell no event, read once (every adopted entry asks)."""
    return compile_fixed(languages.words(TABLES, "main_past")[0]), frozenset(languages.words(TABLES, "not_events"))
