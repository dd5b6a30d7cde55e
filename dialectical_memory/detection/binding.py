"""Bind what an entry says to the holders of its home.

`analyse` reads an entry on its own: it knows the user, a relative named by a kinship word ("her
sister"), a person or a project named at its head. Its home knows more (`holders.HomeHolders`):
that "quill" is a laptop, "Sam" the user's partner, "思远" the user herself. `parts` cuts an entry
where its holder changes (a sentence, or a clause that starts with a holder of its own: "fish on
quill, zsh on alder", "Sam 不吃肉；思远什么都吃"), reads each part with its holder put as the subject
the analysis knows ("quill's battery…" is read as "User's battery…", "思远吃肉" as "用户吃肉"), and
gives every claim, slot, habit and order of that part its holder. A part without a holder of its
own keeps the one before it ("mica runs QTS 5. Hosts the photo share."). The rules then compare
the parts of two entries, so facts about different holders never meet.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from . import lexicon
from .analysis import Analysis, Habit, Order, analyse
from .holders import (MACHINE_NOUNS, PROJECT_NOUNS, ZH_MACHINE_NOUNS, ZH_PROJECT_NOUNS, NAME, HomeHolders,
                      introductions)
from .slots import Slot
from .text import is_cjk, lazy_compile

# Where an entry's holder may change: after a sentence ("… 5.1. quill's …"), a semicolon, and at a
# comma before a clause with a holder of its own.
_SENTENCE_END = lazy_compile(r"(?<=[.!?])\s+(?=\S)|(?<=[;；。！？])\s*")
_CLAUSE_END = lazy_compile(r"(?<=[,，、:：])\s*")
# The user, named by a pronoun or as the user, at the head of a part.
_USER_HEAD = lazy_compile(r"^\s*(?:she|he|they|her|his|their|the\s+user|user|用户|该用户|她|他)(?![\w-])", re.IGNORECASE)
_NOUNS = f"{MACHINE_NOUNS}|{PROJECT_NOUNS}"
_KIN = "|".join(sorted((*lexicon.EN_PEOPLE, *lexicon.ZH_PEOPLE), key=len, reverse=True))
# Before a name at the head of a part: "On", "在", "the laptop", "项目", "her partner", "妈妈", "`"…
_LEAD = (rf"^\s*(?:[-*•]\s*)?(?P<lead>(?:the|for|on|at|in)\s+|在\s*)?(?:(?:the|her|his|their|our|my|a|an)\s+)?"
         rf"(?:(?:[\w-]+\s+){{0,2}}?(?:{_NOUNS})\s+|(?:{ZH_MACHINE_NOUNS}|{ZH_PROJECT_NOUNS})\s*|(?:{_KIN})\s*)?`?")
# After it: "`", " repo", " (the home server)", ", the office PC,".
_TRAIL = lazy_compile(rf"`?(?:\s+(?:{_NOUNS})\b)?(?:\s*\([^)]{{0,40}}\)|\s*（[^）]{{0,40}}）|,\s+(?:the|a|an|her|his|their|our|my)\s+[^,]{{1,40}},)?",
                      re.IGNORECASE)
_AND = lazy_compile(r"\s*(?:,\s*|\s+and\s+|\s*和\s*|\s*、\s*|\s*与\s*)`?(?P<name>" + NAME + r"|[\u4e00-\u9fff]{2,3})`?")
# "nano on flint", "在 mica 上", and whom a thing is for ("a mild dish for Sam", "给 Sam 做…").
_PLACE_OF = lazy_compile(r"\b(?:on|in|inside|for)\s+`?(?P<name>" + NAME + r")`?(?=$|[\s,.;:'’)）])|"
                         r"在\s*`?(?P<zh>" + NAME + r")`?\s*(?:上|里)|"
                         r"(?:给|为|替)\s*(?P<who>" + NAME + r"|[\u4e00-\u9fff]{2,3}?)\s*(?=[\u4e00-\u9fff])")
_CJK_AFTER = lazy_compile(r"\s*[\u4e00-\u9fff]")


@functools.lru_cache(maxsize=4096)
def entry_introductions(text: str) -> tuple[str, ...]:
    """`holders.introductions` with the lexicon's words known (no "Coffee" is anyone's name)."""
    from .analysis import in_lexicon

    return introductions(text, in_lexicon)


def pair_home(a: str, b: str) -> HomeHolders:
    """The holders two entries name between them: the home of a pair compared on its own."""
    first, second = entry_introductions(a), entry_introductions(b)
    return HomeHolders.learn((first, second)) if first or second else _NO_HOLDERS


_NO_HOLDERS = HomeHolders()


def parts(text: str, home: HomeHolders) -> tuple[Analysis, ...]:
    """The entry read part by part, each part's claims held by its holder (one part, the entry as
    `analyse` reads it, when the home names no holder in it)."""
    return _parts(text, home.within(text))


@functools.lru_cache(maxsize=8192)
def _parts(text: str, home: HomeHolders) -> tuple[Analysis, ...]:
    whole = analyse(text)
    if not home:
        return (_renamed(whole, None, home),)
    pieces = _pieces(text, home)
    if len(pieces) == 1 and pieces[0][1] is None:
        return (_renamed(whole, None, home),)
    found = []
    for piece, holders, lead in pieces:
        analysis = analyse(_as_subject(piece, holders, lead, home)) if holders is not None else analyse(piece)
        defined = lead == "head" and _defines(piece, home)
        for holder in holders or (None,):
            found.append(_renamed(analysis, holder, home, defined))
    return tuple(found)


def _defines(piece: str, home: HomeHolders) -> bool:
    """"quill = Ada's work laptop: …", "flint: a VPS…": what follows describes the holder itself, so
    whoever it names as an owner ("Ada's") is no other holder."""
    head = _head(piece, home)
    return head is not None and re.match(r"\s*[:：=]", piece[head[1]:]) is not None


def _pieces(text: str, home: HomeHolders) -> list[tuple[str, tuple[str, ...] | None, str]]:
    """The entry cut where its holder changes: (text, holders or None, how the holder was named)."""
    pieces: list[list] = []
    for sentence in _split(_SENTENCE_END, text):
        for clause in _split(_CLAUSE_END, sentence):
            holders, lead = _holders_of(clause, home)
            if pieces and (holders is None or holders == pieces[-1][1]):
                pieces[-1][0] += clause if pieces[-1][0].endswith((" ", "\n")) or is_cjk(clause[:1]) else " " + clause
            elif not pieces and holders is None:
                pieces.append([clause, None, ""])
            elif pieces and pieces[-1][1] is None and len(pieces) == 1 and not _stands_alone(pieces[-1][0]):
                pieces[-1] = [pieces[-1][0] + clause, holders, lead]  # "Editors: Neovim on quill": one part
            else:
                pieces.append([clause, holders, lead])
    return [(piece.strip(), holders, lead) for piece, holders, lead in pieces]


def _split(pattern, text: str) -> list[str]:
    pieces, start = [], 0
    for match in pattern.finditer(text):
        if match.end() > start:
            pieces.append(text[start:match.end()])
            start = match.end()
    pieces.append(text[start:])
    return [piece for piece in pieces if piece.strip()]


def _stands_alone(piece: str) -> bool:
    """A part that says something itself, not a heading ("Editors:") before the clause that does."""
    return not re.fullmatch(r"\s*[^\s:：]{1,24}\s*[:：]\s*", piece) and len(piece.strip()) > 12


def _holders_of(clause: str, home: HomeHolders) -> tuple[tuple[str, ...] | None, str]:
    """Whose clause it is: the holder(s) named at its head ("quill's…", "Sam and Ada…", "On quill,"),
    the user (a pronoun), or a place of its own ("nano on flint and slate"); None when it names none."""
    head = _head(clause, home)
    if head is not None:
        names, _end, lead = head
        return tuple(dict.fromkeys(home.holder_of(n) for n in names)), lead
    if _USER_HEAD.match(clause):
        return ("",), "user"
    places = [match["name"] or match["zh"] or match["who"] for match in _PLACE_OF.finditer(clause)]
    known = [name for name in places if home.holder_of(name) is not None]
    if known:
        at = clause.lower().find(known[0].lower())
        names = [known[0]] + _more_names(clause[at + len(known[0]):], home)[0]
        return tuple(dict.fromkeys(home.holder_of(n) for n in names)), "place"
    return None, ""


def _head(clause: str, home: HomeHolders) -> tuple[list[str], int, str] | None:
    """The names a clause starts with, where that head ends, and whether they are its subject
    ("head") or the place it speaks of ("place": "On quill, …", "在 mica 上…")."""
    lead = re.match(_LEAD, clause, re.IGNORECASE)
    start = lead.end() if lead else 0
    name = _name_at(clause[start:], home)
    if name is None:
        return None
    more, end = _more_names(clause[start + len(name):], home)
    end = start + len(name) + end
    end += _TRAIL.match(clause, end).end() - end
    place = lead and lead["lead"] and lead["lead"].strip().lower() in ("on", "for", "at", "in", "在")
    return [name] + more, end, "place" if place else "head"


def _name_at(text: str, home: HomeHolders) -> str | None:
    """The home's name `text` starts with (the longest), as written."""
    match = home.pattern.match(text) if home.pattern is not None else None
    if not match:
        return None
    name = match.group(0)
    after = text[len(name):len(name) + 1]
    if after and (after.isalnum() and not is_cjk(after) and not is_cjk(name[-1])):
        return None
    return name


def _more_names(after: str, home: HomeHolders) -> tuple[list[str], int]:
    """"…and slate", "、王蕾": the names joined to the first one, and where they end."""
    names, end = [], 0
    while True:
        match = _AND.match(after, end + (1 if after[end:end + 1] == "`" else 0))
        if not match or home.holder_of(match["name"]) is None:
            return names, end
        names.append(match["name"])
        end = match.end()


def _as_subject(piece: str, holders: tuple[str, ...], lead: str, home: HomeHolders) -> str:
    """The part with its holder put as the subject the analysis knows: "quill's battery…" is read as
    "User's battery…", "Sam 不吃肉" as "用户不吃肉", "quill = her laptop: …" as "her laptop: …"; the
    user's own names are the user wherever they stand."""
    text = piece
    head = _head(piece, home) if lead in ("head", "user") else None
    if head is not None:
        rest = piece[head[1]:]
        colon = re.match(r"\s*[:：=]\s*", rest)
        if colon:
            text = rest[colon.end():]
        elif _CJK_AFTER.match(rest):
            text = "用户" + rest.lstrip()
        else:
            text = "User" + rest
    return _users_owning(text, home)


def _users_owning(text: str, home: HomeHolders) -> str:
    """"Ada's laptop" read as "User's laptop" where Ada is the user (a name as a value stays:
    "User's name is Ada")."""
    for name, holder in home.names:
        if holder == "" and not is_cjk(name) and name.lower() in text.lower():
            text = re.sub(rf"(?<![\w-]){re.escape(name)}(?=['’]s\b)", "User", text, flags=re.IGNORECASE)
    return text


def _renamed(analysis: Analysis, holder: str | None, home: HomeHolders, defined: bool = False) -> Analysis:
    """The analysis with every holder said the home's way: a part's holder first, a relative's word as
    the lexicon names it ("mum" is the mother), a name the home knows as what it stands for. In a
    part that defines its holder, an owner it names is the holder's owner, not another holder."""
    def held(own: str) -> str:
        if defined and ":" in own:
            own = "/".join(part for part in own.split("/") if ":" not in part)
        return _join(holder, _canonical(own, home)) if holder is not None else _canonical(own, home)

    def rehold(items, copy):  # each copied only when its holder changes: most parts keep every holder they have
        return tuple(item if (own := held(item.holder)) == item.holder else copy(item, holder=own) for item in items)

    claims, slots = rehold(analysis.claims, replace), rehold(analysis.slots, Slot._replace)
    orders, habits = rehold(analysis.orders, Order._replace), rehold(analysis.habits, Habit._replace)
    if (claims, slots, orders, habits) == (analysis.claims, analysis.slots, analysis.orders, analysis.habits) \
            and held(analysis.holder) == analysis.holder:
        return analysis
    return replace(analysis, claims=claims, slots=slots, orders=orders, habits=habits, holder=held(analysis.holder))


def _canonical(holder: str, home: HomeHolders) -> str:
    """"person:sam/mum" → "partner/mother" where Sam is the partner; "" stays the user."""
    if not holder:
        return holder
    parts = []
    for part in holder.split("/"):
        kind, _, name = part.rpartition(":")
        known = home.holder_of(name) if kind else home.holder_of(part)
        if known is not None and (kind or known):
            parts.append(known)
        else:
            parts.append(lexicon.SAME_PERSON.get(part, part))
    return "/".join(part for part in parts if part)


def _join(holder: str, own: str) -> str:
    """A part's holder and what the analysis found inside it: "person:sam" and "parents" are Sam's
    parents; the user ("") and "sister" the user's sister."""
    if not own or own == holder:
        return holder
    if not holder:
        return own
    return f"{holder}/{own}"
