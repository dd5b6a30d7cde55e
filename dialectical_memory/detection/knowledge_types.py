"""The knowledge type a text states, read from its words when the writer gives none.

A dated event ("went to a concert last week", 昨天去了医院) is a ``memory``: it stays true of its
day and decays slowest. A lasting fact ("is allergic to peanuts", "was born in 1990", 对花生过敏) is
a ``fact``: it never decays. A current situation ("is currently training for a race", 目前在找工作)
is a ``state``: it decays fastest. An instruction to the assistant ("Always answer in Chinese",
回答时请用中文) is a ``rule``. Everything else, a preference or an opinion above all, stays a
``belief``, as before. Each cue is a whole phrase of its kind; a look-alike from another kind
("always drinks tea" is a habit, not an instruction; "allergy season" is no allergy) is kept out by
where the cue must stand. The first kind whose cue is found wins, in the order rule, memory, state,
fact. An explicit type from the writer always wins (the store only asks when none is given).
The cues are language data, ``lang/<code>/knowledge_types.json``, read through ``languages``
on first use.
"""

from __future__ import annotations

import functools
import re

from ..core.kinds import KnowledgeType
from . import languages
from .text import normalize

TABLES = "knowledge_types"  # lang/<code>/knowledge_types.json: each kind's patterns


@functools.cache
def _cue(key: str) -> re.Pattern:
    """Every language's patterns of ``key``, as one expression (read on first use)."""
    return re.compile("|".join(f"(?:{pattern})" for pattern in languages.words(TABLES, key)))


def read_knowledge_type(text: str) -> KnowledgeType:
    """The kind of knowledge ``text`` states, by its cue words; ``BELIEF`` when none is found."""
    plain = normalize(text).strip()
    if _cue("rule").search(plain):
        return KnowledgeType.RULE
    if _cue("dated").search(plain) or _cue("event").search(plain) or _one_event(plain):
        return KnowledgeType.MEMORY
    if _cue("state").search(plain):
        return KnowledgeType.STATE
    if _cue("fact").search(plain):
        return KnowledgeType.FACT
    return KnowledgeType.BELIEF


def _one_event(plain: str) -> bool:
    """Is the sentence's main verb a simple past of doing (one event, not a view or a habit)?"""
    found = re.match(languages.words(TABLES, "main_past")[0], plain)
    return found is not None and found.group(1) not in frozenset(languages.words(TABLES, "not_events"))
