"""Pattern proposals: incidents of one holder that tell one story, proposed as one PATTERN entry.

Part of the reflection layer (it only reads a state): 2–5 active INCIDENT entries proposed as one
PATTERN (SPEC, cognitive compression) with the reason they belong together and a starting text
made from the members; a person decides (:mod:`.pattern_review`), no policy does.

Grouped by general signals only (docs/SPEC.md, Pattern proposals): one holder; a similarity of
the words of the entries and the concepts they name (the candidate index's relevance terms, not
the classes of those concepts nor the rules' slots and axes) weighted by rarity in the home; groups are entries that
are each other's nearest, not topic words (a reader vouches for a group by its members' nearest
neighbours), and the incidents no such group holds by average linkage, in groups of ``LINKED_MIN``.
A blocked entry is never grouped, nor a line that says another entry again (``EntryMeta.says_again``);
a group with a side of an open contradiction says so; a group a person rejected, or a part of it, is
not proposed again. A proposal's id hashes its members' ids and texts: the same while they are
unchanged.
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import math
import re
from typing import Any, NamedTuple

from ..core.beliefs import EntryMeta, MaturityLevel
from .state import TargetState

GROUP_MIN = 2
GROUP_MAX = 5
PAIR_SIMILARITY = 0.1  # each other's nearest, this alike on average, start a group…
CLEAR_MARGIN = 0.02  # …when nearer to each other than to any other by this (a pair)…
GROUP_MARGIN = 0.05  # …or this (three to five)
GROUP_SIMILARITY = 0.08  # average linkage of the rest, at least this alike on average…
LINKED_MIN = 5  # …in groups of this many
COMMON_SHARE = 0.5  # a term more than this share of the home's entries hold weighs nothing…
COMMON_FROM = 10  # …in a home of at least this many incidents
POSTING_LIMIT = 200  # a term more incidents hold than this links no pair by itself
PAIR_FLOOR = 0.04  # pairs less alike are not kept
SCAN_LIMIT = 3000  # incidents looked at in one pass (the newest); a larger home is grouped in parts
REASON_TERMS = 4
DRAFT_SEPARATOR = " "
KIND = "pattern"
DRAFTED_BY_MEMBERS = "members"


class Proposal(NamedTuple):
    """One group proposed as one PATTERN entry, in the order the entries stand in the file."""

    proposal_id: str
    entry_ids: list[str]
    texts: list[str]
    holder: str  # "" for the user
    about: str  # the holder in words
    shared: list[str]  # the terms the members share most, rarest first, as written
    similarity: float
    contested: list[str]  # members with an open contradiction
    kind: str = KIND
    drafted_by: str = DRAFTED_BY_MEMBERS

    @property
    def draft(self) -> str:
        """The starting text: the members' texts in file order, as many as fit in one entry."""
        from .screening import MAX_ENTRY_CHARS

        draft = _sentence(self.texts[0])
        for text in self.texts[1:]:
            longer = draft + ("" if draft[-1] in "。！？" else DRAFT_SEPARATOR) + _sentence(text)
            if len(longer) > MAX_ENTRY_CHARS:
                break
            draft = longer
        return draft[:MAX_ENTRY_CHARS]

    @property
    def reason(self) -> str:
        """Why these belong together, in words."""
        words = ", ".join(self.shared) if self.shared else "their words"
        line = f"{len(self.entry_ids)} incidents about {self.about} share {words}"
        if self.contested:
            line += f"; {len(self.contested)} of them {'is' if len(self.contested) == 1 else 'are'} a side of an open contradiction"
        return line

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.proposal_id, "kind": self.kind, "entry_ids": list(self.entry_ids), "texts": list(self.texts),
                "draft": self.draft, "drafted_by": self.drafted_by, "reason": self.reason, "holder": self.holder or "user",
                "about": self.about, "shared": list(self.shared), "similarity": round(self.similarity, 3),
                "contested": list(self.contested), "level": MaturityLevel.PATTERN.name}


def proposal_id(metas: list[EntryMeta]) -> str:
    """A group's identity: its members' ids and texts (any order), hashed."""
    digest = hashlib.sha256()
    for meta in sorted(metas, key=lambda m: m.entry_id):
        digest.update(f"{meta.entry_id}\0{meta.text}\0".encode())
    return digest.hexdigest()[:16]


def proposals(state: TargetState, holders=None, rejected=frozenset(), kept=()) -> list[Proposal]:
    """The proposals of one target, largest and closest first. ``holders``: the home's
    (``CandidateIndex.holders``); ``rejected``: member sets a person rejected (no group inside one);
    ``kept``: ``(id, member ids)`` made before, kept while their members are unchanged."""
    metas = _eligible(state)
    if len(metas) < GROUP_MIN:
        return []
    by_id = {m.entry_id: m for m in metas}
    keys = {m.entry_id: holder_key(m.text, holders) for m in metas}
    terms = {m.entry_id: _terms(m.text) - _name_terms(keys[m.entry_id]) for m in metas}
    weight = _weights(terms.values(), len(metas))
    groups = _still_standing(kept, by_id, rejected)
    taken = set().union(*groups) if groups else set()
    similar = _similar_pairs(state, metas, terms, weight, keys)  # the kept groups' members stay neighbours
    nearest = _mutual_groups(similar, rejected, taken)
    reached = taken.union(*nearest)
    rest = {pair: value for pair, value in similar.items() if not pair & reached}
    linked = [members for members in _grow(rest, rejected) if len(members) >= LINKED_MIN]
    groups += [members for members in nearest + linked if not any(members <= gone for gone in rejected)]
    order = {text: index for index, text in enumerate(state.texts)}
    found = []
    for members in groups:
        group = sorted((by_id[i] for i in members), key=lambda m: order.get(m.text, 0))
        found.append(_proposal(state, group, _group_similarity(group, terms, weight), keys, terms, weight))
    found.sort(key=lambda p: (-len(p.entry_ids), -p.similarity, p.proposal_id))
    return found


def _still_standing(kept, by_id: dict[str, EntryMeta], rejected) -> list[frozenset]:
    """The earlier proposals whose members are still eligible, unchanged (the id says) and not rejected."""
    standing, used = [], set()
    for known_id, entry_ids in kept:
        members = frozenset(entry_ids)
        if not GROUP_MIN <= len(members) <= GROUP_MAX or members & used or not all(i in by_id for i in members):
            continue
        if proposal_id([by_id[i] for i in members]) != known_id or any(members <= gone for gone in rejected):
            continue
        standing.append(members)
        used |= members
    return standing


def _group_similarity(group: list[EntryMeta], terms, weight) -> float:
    values = [similarity(terms[a.entry_id], terms[b.entry_id], weight) for i, a in enumerate(group) for b in group[i + 1:]]
    return sum(values) / len(values) if values else 0.0


def _eligible(state: TargetState) -> list[EntryMeta]:
    """Active incidents that passed the safety check, the newest ``SCAN_LIMIT``; a line Hermes keeps
    that says another entry again is that entry's saying, not an incident of its own (through an add
    it was never an entry: one fact said twice is no story)."""
    metas = [m for m in state.entries.values() if m.maturity == MaturityLevel.INCIDENT and not m.blocked
             and (m.says_again is None or state.said_first(m.entry_id) == m.entry_id)]
    if len(metas) > SCAN_LIMIT:
        metas = sorted(metas, key=lambda m: -max(m.created_at, m.updated_at))[:SCAN_LIMIT]
    return metas


@functools.lru_cache(maxsize=1)
def _when_pattern():
    """The words that only say when (``reflection.json``'s ``when_words``; a shared "every
    Saturday" is no story): Latin ones whole (with a plural s), others as written."""
    from ..detection.languages import words

    when = words("reflection", "when_words")
    latin = [re.escape(word) for word in when if word.isascii()]
    other = sorted((word for word in when if not word.isascii()), key=len, reverse=True)
    english = r"\b(?:" + "|".join(latin) + r")s?\b"
    return re.compile("|".join([english, *map(re.escape, other)]), re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _function_terms() -> frozenset[str]:
    """The words that name no story (``reflection.json``'s ``function_words``) as the index writes
    them: a Latin word stemmed ("themselves" → "themselv"), others as written."""
    from ..detection.languages import words
    from ..detection.text import stem

    return frozenset(stem(word) if word.isascii() else word for word in words("reflection", "function_words"))


@functools.lru_cache(maxsize=16_384)  # a reflection run reads every incident; the next one mostly the same
def _terms(text: str) -> frozenset[str]:
    """What an entry is about: the words of its text (the candidate index's relevance terms) and the
    concepts they name, without the words that only say when or name no story ("off", "himself",
    the "s" of "it's")."""
    from ..detection.index import relevance_terms
    from ..detection.terms import CONCEPT, terms
    from ..detection.text import normalize

    plain = _when_pattern().sub(" ", text)
    named = frozenset(term.value for term in terms(normalize(plain)) if term.role == CONCEPT)
    function = _function_terms()
    return frozenset(term.lstrip("#") for term in relevance_terms(plain)
                     if _tells_the_story(term, named) and term not in function and not _lone_letter(term))


def _lone_letter(term: str) -> bool:
    """One Latin letter: what is left of "it's" or "Ada's" once the index cut the word."""
    return len(term) == 1 and term.isascii() and term.isalpha()


def _tells_the_story(term: str, named: frozenset[str]) -> bool:
    """A word, a concept the entry's own words name (``named``: "#dog" for "walked the dogs") or a
    Chinese word as the detector segments it. Not the detector's other features: a slot or an axis
    ("$job", "@employment") links entries a rule compares, not one story (a nurse's job and an
    accountant's), a claim's English units repeat its words, and a class a concept belongs to
    ("#pet" for a dog) makes walking shelter dogs and an allergy to cats alike."""
    return term[0].isalnum() or term[0] == "#" and (not term.isascii() or term[1:] in named)


@functools.lru_cache(maxsize=1024)
def _name_terms(holder: str) -> frozenset[str]:
    """The terms of a holder's name ("person:lena/brother": lena, brother): whom, not what."""
    words = holder.replace(":", " ").replace("/", " ").split()[1:] if ":" in holder else holder.split("/")
    return frozenset(term.lstrip("#") for word in words for term in _terms(word))


def _weights(term_sets, count: int) -> dict[str, float]:
    """Each term's rarity in the home (``log(1 + n / df)``); nothing when most entries of a home
    of ``COMMON_FROM`` or more hold it."""
    seen: dict[str, int] = {}
    for found in term_sets:
        for term in found:
            seen[term] = seen.get(term, 0) + 1
    common = COMMON_SHARE * count if count >= COMMON_FROM else count
    return {term: (0.0 if df > common else math.log(1 + count / df)) for term, df in seen.items()}


def holder_key(text: str, holders=None) -> str:
    """Whom an entry is about: the holder it names at its head, else the one holder of the home it
    mentions, else the one of several whose name the entry starts with ("Ada got a puppy named
    Rex"), else the user ("")."""
    from ..detection.analysis import analyse

    named = analyse(text).holder or ""
    if not named and holders:
        within = holders.within(text)
        mentioned = sorted({h for _n, h in within.names if h})
        head = within.pattern.match(text) if len(mentioned) > 1 else None
        named = mentioned[0] if len(mentioned) == 1 else (within.holder_of(head.group(0)) or "") if head else ""
    return named


def holder_words(holder: str) -> str:
    """A holder key (``detection/holders.py``: "", "partner", "person:sam/partner", "thing:falcon") in words."""
    if not holder:
        return "the user"
    name, _, relation = holder.partition("/")
    kind, _, who = name.partition(":")
    if not who:  # a relative of the user: "partner", "sister"
        return f"the user's {kind}"
    who = who.title() if kind == "person" else who
    return f"{who} ({relation})" if relation else who


def similarity(a: frozenset[str], b: frozenset[str], weight: dict[str, float]) -> float:
    """The weight of the terms two entries share over the weight of all their terms."""
    every = sum(weight.get(t, 0.0) for t in a | b)
    return sum(weight.get(t, 0.0) for t in a & b) / every if every else 0.0


def _similar_pairs(state, metas, terms, weight, keys) -> dict[frozenset, float]:
    """Pairs of one holder, with no edge between them, through the postings of each term at most
    ``POSTING_LIMIT`` entries hold: a large home costs the pairs sharing rare terms, not entries²."""
    postings: dict[str, list[str]] = {}
    for meta in metas:
        for term in terms[meta.entry_id]:
            if weight.get(term, 0.0) > 0:
                postings.setdefault(term, []).append(meta.entry_id)
    shared: dict[tuple[str, str], float] = {}
    for term, holders_of in postings.items():
        if len(holders_of) < 2 or len(holders_of) > POSTING_LIMIT:
            continue
        value = weight[term]
        for i, a in enumerate(holders_of):
            for b in holders_of[i + 1:]:
                if keys[a] == keys[b]:
                    pair = (a, b) if a < b else (b, a)
                    shared[pair] = shared.get(pair, 0.0) + value
    total = {m.entry_id: sum(weight.get(t, 0.0) for t in terms[m.entry_id]) for m in metas}
    pairs: dict[frozenset, float] = {}
    for (a, b), common in shared.items():
        every = total[a] + total[b] - common
        if every > 0 and common / every >= PAIR_FLOOR and not state.edge_between(a, b):
            pairs[frozenset((a, b))] = common / every
    return pairs


def _neighbours(similar: dict[frozenset, float]) -> dict[str, list[tuple[float, str]]]:
    """Each entry's ``GROUP_MAX`` nearest, ``(overlap, id)``, nearest first (a tie: smaller id)."""
    found: dict[str, list[tuple[float, str]]] = {}
    for pair, value in similar.items():
        a, b = sorted(pair)
        found.setdefault(a, []).append((value, b))
        found.setdefault(b, []).append((value, a))
    return {entry_id: heapq.nsmallest(GROUP_MAX, near, key=lambda item: (-item[0], item[1]))
            for entry_id, near in found.items()}


def _margin(near: list[tuple[float, str]], count: int) -> float:
    return near[count - 1][0] - (near[count][0] if len(near) > count else 0.0)


def _clear_group(entry_id: str, neighbours, similar, taken: set[str]) -> set[str] | None:
    """The largest group of ``entry_id`` and its ``k`` nearest whose every member's ``k``
    nearest are the others, clearly nearer than its next (a mutual pair, or up to five)."""
    near = neighbours[entry_id]
    for count in range(min(GROUP_MAX - 1, len(near)), 0, -1):
        members = {entry_id, *(other for _value, other in near[:count])}
        margin = CLEAR_MARGIN if count == 1 else GROUP_MARGIN
        if members & taken or _average(frozenset(members), similar) < PAIR_SIMILARITY:
            continue
        if all({other for _value, other in neighbours[member][:count]} == members - {member}
               and _margin(neighbours[member], count) >= margin for member in members):
            return members
    return None


def _mutual_groups(similar: dict[frozenset, float], rejected, taken: set[str]) -> list[frozenset]:
    """Groups of each other's nearest, the most alike first, then entries whose nearest are a
    group, all of it and clearly. ``taken`` (kept groups) stay neighbours but join none: a read
    finds the groups the run found."""
    neighbours = _neighbours(similar)
    groups: list[frozenset] = []
    unavailable = set(taken)
    by_nearness = sorted(neighbours, key=lambda i: (-neighbours[i][0][0], i))
    for entry_id in by_nearness:
        members = None if entry_id in unavailable else _clear_group(entry_id, neighbours, similar, unavailable)
        if members and not any(members <= gone for gone in rejected):
            unavailable |= members
            groups.append(frozenset(members))
    group_of = {member: index for index, group in enumerate(groups) for member in group}
    for entry_id in by_nearness:
        index = group_of.get(neighbours[entry_id][0][1])
        if entry_id in unavailable or index is None or not _joins(neighbours[entry_id], groups[index]):
            continue
        grown = groups[index] | {entry_id}
        if not any(grown <= gone for gone in rejected):
            groups[index] = grown
            group_of[entry_id] = index
            unavailable.add(entry_id)
    return groups


def _joins(near: list[tuple[float, str]], group: frozenset) -> bool:
    """An entry joins a group when its ``len(group)`` nearest are the group, as alike on average
    and as clearly as a group of three to five starts. Nearest to one member only, it joins none: on
    life_dev such a third member left a group a reader could vouch for 39 % of the time, where
    the pair alone is vouched for 63 %."""
    count = len(group)
    return (count < GROUP_MAX and len(near) >= count and {other for _value, other in near[:count]} == group
            and sum(value for value, _other in near[:count]) / count >= PAIR_SIMILARITY
            and _margin(near, count) >= GROUP_MARGIN)


def _grow(similar: dict[frozenset, float], rejected) -> list[frozenset]:
    """Average-linkage groups from the closest pair up (a missing pair counts 0), to GROUP_MAX,
    while the average stays at or above GROUP_SIMILARITY; never rebuilding a rejected group."""
    groups: dict[str, frozenset] = {}
    where: dict[str, str] = {}
    for pair in similar:
        for entry_id in pair:
            if entry_id not in where:
                where[entry_id] = entry_id
                groups[entry_id] = frozenset((entry_id,))
    heap = [(-value, sorted(pair)) for pair, value in similar.items() if value >= GROUP_SIMILARITY]
    heapq.heapify(heap)
    while heap:
        _negative, (a, b) = heapq.heappop(heap)
        ga, gb = where[a], where[b]
        if ga == gb:
            continue
        merged = groups[ga] | groups[gb]
        if len(merged) > GROUP_MAX or any(merged <= gone for gone in rejected):
            continue
        average = _average(merged, similar)
        if average < GROUP_SIMILARITY:
            continue
        groups[ga] = merged
        del groups[gb]
        for entry_id in merged:
            where[entry_id] = ga
    return [members for members in groups.values() if len(members) >= GROUP_MIN]


def _average(members: frozenset, similar: dict[frozenset, float]) -> float:
    ids = sorted(members)
    values = [similar.get(frozenset((a, b)), 0.0) for i, a in enumerate(ids) for b in ids[i + 1:]]
    return sum(values) / len(values) if values else 0.0


def _proposal(state, group: list[EntryMeta], value: float, keys, terms, weight) -> Proposal:
    holder = keys[group[0].entry_id]
    contested = [m.entry_id for m in group if state.unresolved_edges_of(m.entry_id)]
    return Proposal(proposal_id(group), [m.entry_id for m in group], [m.text for m in group], holder,
                    holder_words(holder), _shared_words(group, terms, weight), value, contested)


def _shared_words(group: list[EntryMeta], terms, weight) -> list[str]:
    """The words most of the members share, rarest first, as the entries wrote them."""
    from ..detection.lexical import surface

    counts: dict[str, int] = {}
    for meta in group:
        for term in terms[meta.entry_id]:
            if term[0].isalnum():  # a word, not a feature of the detector ("#…", "$…")
                counts[term] = counts.get(term, 0) + 1
    need = max(2, (len(group) + 1) // 2)
    shared = sorted((t for t, n in counts.items() if n >= need and weight.get(t, 0.0) > 0),
                    key=lambda t: (-counts[t], -weight[t], t))
    written: dict[str, str] = {}
    for meta in group:
        for stem, word in surface(meta.text).items():
            written.setdefault(stem, word)
    return list(dict.fromkeys(written.get(t, t) for t in shared))[:REASON_TERMS]  # "climb" and "climbing" once


def _sentence(text: str) -> str:
    flat = " ".join(text.split())
    return flat if flat[-1:] in ".!?。！？" else flat + "."
