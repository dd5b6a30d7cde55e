"""A description of a group against what one of its members does.

"Maya's team is fully remote" says how the team works, not how Maya does: "Maya goes to the office
every day" is no rival claim, nor is "用户的乐队从不唱翻唱" against "用户每周末都唱翻唱". A claim whose
clause has a group of the holder for its subject (a team, a band, a class, colleagues; lexicon
"group_nouns") meets the holder's own claims only when

- the group side says the holder is in the same state ("… and so does she", "包括她"; lexicon
  "member_included"), or
- the other side names the group itself ("commutes to the team's office", "去团队的办公室"): then
  both speak of the group.

Families (a team of relatives is a holder of its own, `holders.py`) and two sides that both speak of
the group are left as they are.
"""

from __future__ import annotations

import functools
import re

from ..core.regex_code import compile_fixed
from . import lexicon
from .text import PIECE, is_cjk, lazy_compile, normalize, stem

# Clause boundaries: a sentence's end, a semicolon, and a comma before a new subject's conjunction.
_CLAUSE_END = lazy_compile(r"[.;!?。；！？]+|,\s*(?=(?:and|but|while|whereas|though|although)\b)|[，,]\s*(?=而|但|可|不过)")


def said_of_a_group_alone(data: dict, first: str, second: str, holder: str) -> bool:
    """Whether a contradiction found between the texts `first` and `second` (its clashing phrases
    in `data["a"]`, `data["b"]`) sets a group of a person's against the person: one side's clause
    has a group for its subject and the other side neither names that group nor is said to share
    its state. A slot's value is the holder's own ("User's company is Alibaba" names the employer),
    and a project or a thing has no members' habits to tell apart ("The team migrated project
    atlas…")."""
    if data.get("rule") == "value" or holder.startswith(("project:", "thing:")):
        return False
    groups = (_group_of(first, data.get("a", "")), _group_of(second, data.get("b", "")))
    if bool(groups[0]) == bool(groups[1]):
        return False  # both of the group, or neither
    group, group_text, member_text = (groups[0], first, second) if groups[0] else (groups[1], second, first)
    return not _member_included(group_text) and not _names_the_group(member_text, group)


def _group_of(text: str, phrase: str) -> str:
    """The group noun heading the clause of `text` the phrase comes from, or ""."""
    clause = _clause_of(normalize(text), normalize(_bare(phrase)))
    match = _group_subject().match(clause)
    return (match["en"] or match["zh"]) if match else ""


def _bare(phrase: str) -> str:
    """A clashing phrase without the rung a frequency family adds: "never (never)" is "never"."""
    return re.sub(r"\s*\([^)]*\)", "", phrase)


def _clause_of(text: str, phrase: str) -> str:
    """The clause of `text` that holds most of the phrase's words (the first on a tie)."""
    clauses = [clause.strip() for clause in _CLAUSE_END.split(text) if clause.strip()]
    if len(clauses) <= 1:
        return clauses[0] if clauses else ""
    wanted = _pieces(phrase)
    return max(clauses, key=lambda clause: len(wanted & _pieces(clause)))


def _pieces(text: str) -> set[str]:
    """English stems and Chinese characters: enough to find a phrase's clause again."""
    found: set[str] = set()
    for chinese, word in PIECE.findall(text):
        if chinese:
            found.update(chinese)
        else:
            found.add(stem(word))
    return found


def _member_included(group_text: str) -> bool:
    return bool(_included().search(normalize(group_text)))


def _names_the_group(member_text: str, group: str) -> bool:
    text = normalize(member_text)
    if is_cjk(group):
        return group in text
    return re.search(rf"\b{re.escape(group)}", text) is not None


@functools.cache
def _group_subject() -> re.Pattern:
    """A clause whose subject is a group of its holder: "user's team", "her hiking group", "their
    band", "用户的团队", "王芳的团队", "用户公司"."""
    english = "|".join(re.escape(word) for word in _words(lexicon.GROUP_NOUNS, cjk=False))
    chinese = "|".join(re.escape(word) for word in _words(lexicon.GROUP_NOUNS, cjk=True))
    return compile_fixed(
        r"^\s*(?:(?:and|but|while|whereas|though|although)\s+)?"
        r"(?:(?:the\s+)?(?:user|[a-z]+)'s|her|his|their)\s+"
        r"(?!(?:favou?rite|least|dream|ideal|home|blood|age|income)\b)(?:[a-z-]+\s+){0,2}?"
        rf"(?P<en>{english})(?:s|es)?\b"
        rf"|^\s*(?:而|但|可|不过)?(?:(?:用户|该用户|她|他)的?|[\u4e00-\u9fff]{{2,3}}?的)(?:[\u4e00-\u9fff]{{1,4}}的)?(?P<zh>{chinese})")


@functools.cache
def _included() -> re.Pattern:
    words = lexicon.MEMBER_INCLUDED
    english = "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in _words(words, cjk=False))
    chinese = "|".join(re.escape(word) for word in _words(words, cjk=True))
    return compile_fixed(rf"\b(?:{english})\b|{chinese}")


def _words(words: tuple[str, ...], cjk: bool) -> list[str]:
    """The words of one script, longest first (so "hiking group" is tried before "group")."""
    return sorted((word for word in words if is_cjk(word) == cjk), key=len, reverse=True)
