"""Make room the dialectical way: when a target nears its limit, what could go and what could merge.

Part of the reflection layer (beside :mod:`.maintenance`): it reads a target's state and proposes;
it never writes. The store's actions carry a plan out (:meth:`ReviewActions.make_room`,
:meth:`ReviewActions.merge_entries`, or one click on the dashboard), each to the archive and undoable.

**What could go**, ranked by worth, in tiers:

1. ``superseded``: text a person already resolved away that came back (an agent wrote it again),
   an entry marked superseded or synthesized, one whose whole text another entry repeats, one the
   agent keeps ignoring (the rule maintenance supersedes by);
2. ``decayed``: a belief the reflection layer marked DECAYED, or one whose confidence expired and
   nobody confirmed it;
3. ``low_authority``: an inference nobody stated (Hermes' background review, the agent's own);

and after them, named but never applied by a policy, the ``least_worth`` of the rest, then the
entries about the user a person would miss most: ``about_user`` (a fact about the user, in their
own words: a FACT, "User is vegetarian", an allergy) and last ``names_user`` (the user's name).
Before every tier, ``blocked``: text the safety check blocked and no person kept, which the
assistant does not see anyway; it is offered for archiving, never applied by a policy (a person
decides on the Blocked page or here) and never merged. Within a tier the entry of least worth
(authority × effective confidence, a little more per hit) goes first. A PRINCIPLE or WISDOM is
never a candidate. A side of an open contradiction may be listed, and then says so
(``contested_with``): removing it settles the contradiction without a person, so no policy removes it.

**What could merge**: incidents that tell one story are the reflection layer's pattern proposals
(:mod:`store.patterns`; a group a person rejected there is not offered here either), each for one
PATTERN; patterns about the same holder (the user, a named person or thing:
``detection/holders.py``), of the same knowledge type, whose terms overlap strongly (the terms the
candidate index links entries by, weighted by how rare they are in the home), for one PRINCIPLE;
each with the characters it frees if the merged text is no longer than the longest of them. A person writes the merged text, or a judge
model drafts it for the person to edit (:func:`draft_merge`).

A plan is computed from ``ROOM_THRESHOLD`` of a limit (and on every refusal for the limit): below
it there is nothing to do.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.beliefs import (
    BeliefStatus,
    EntryMeta,
    KnowledgeType,
    MaturityLevel,
    SourceKind,
    authority_weight,
    decayed_confidence,
    is_ignored_too_often,
    needs_reverification,
)
from ..storage import hermes_format
from .patterns import holder_key, holder_words
from .screening import WITHHELD
from .state import TargetState

ROOM_THRESHOLD = 0.8  # a plan is shown from this share of a limit
TIERS = ("blocked", "superseded", "decayed", "low_authority", "least_worth", "about_user", "names_user")
POLICY_TIERS = frozenset(("superseded", "decayed", "low_authority"))  # what ``--policy auto`` may apply ("could go")
SOURCE_WORDS = {SourceKind.USER_EXPLICIT: "the user said so", SourceKind.USER_CORRECTION: "the user corrected it",
                SourceKind.OBSERVED: "observed behaviour", SourceKind.DERIVED: "derived from other entries"}
# Who an English or Chinese entry is about: the user, unless it is the user's someone ("User's partner …").
USER_SUBJECT = re.compile(r"(?i)^\s*(?:the\s+)?user(?:\s|'s\s+(?:full\s+|first\s+|last\s+|family\s+)?name\b)|^\s*用户(?!的(?!名字|姓名))")
NAMES_USER = re.compile(r"(?i)\b(?:user'?s|my)\s+(?:full\s+|first\s+|last\s+|family\s+)?name\b|\buser\s+is\s+called\b|\bcall\s+(?:the\s+)?user\b|用户的(?:名字|姓名)|用户(?:名叫|叫做)")
# "User is vegetarian", "User is a nurse", "User is allergic to …", "用户是…", "用户对…过敏"; not "User is learning …".
USER_FACT = re.compile(r"(?i)^\s*(?:the\s+)?user\s+is\s+(?!\w+ing\b)(?:an?\s+)?\w+\W*$|allergic|\bintoleran|^\s*用户是|过敏")
LOW_AUTHORITY = (SourceKind.BACKGROUND_REVIEW, SourceKind.AGENT_INFERRED)
PROTECTED = MaturityLevel.PRINCIPLE  # this level and above never go
MERGE_SIMILARITY = 0.34  # weighted overlap of two entries' terms for them to merge
MERGE_GROUP_MAX = 5
MERGE_SCAN = 400  # entries (least worth first) looked at for merges in a large home
HINT_CANDIDATES = 3  # candidates a refusal or the system prompt names
SEPARATOR = len(hermes_format.ENTRY_DELIMITER)
PREVIEW = 80


@dataclass
class Candidate:
    entry_id: str
    tier: str
    why: str
    chars: int  # characters of the file this entry takes (its text and one separator)
    worth: float
    text: str
    maturity: str
    contested_with: list[str] = field(default_factory=list)
    repeated_in: str = ""  # the entry that holds this one's whole text (its tier says "superseded")
    written_again: bool = False  # a person resolved this text away before and it came back

    @property
    def applicable(self) -> bool:
        """Whether a policy may remove it: a "could go" tier, and no open contradiction."""
        return self.tier in POLICY_TIERS and not self.contested_with

    def to_dict(self) -> dict[str, Any]:
        return {"entry_id": self.entry_id, "tier": self.tier, "why": self.why, "chars": self.chars,
                "worth": round(self.worth, 3), "text": self.text, "maturity": self.maturity,
                "contested_with": list(self.contested_with), "policy_applies": self.applicable}


@dataclass
class Merge:
    entry_ids: list[str]
    holder: str  # "" for the user
    knowledge_type: str
    level: str  # what the merged entry becomes: PATTERN or PRINCIPLE
    chars: int  # what the group takes now
    frees: int  # what one merged text as long as the longest frees
    similarity: float
    texts: list[str]

    @property
    def about(self) -> str:
        """Who the entries are about, in words: "the user", "Sam (partner)", "falcon"."""
        return holder_words(self.holder)

    def to_dict(self) -> dict[str, Any]:
        return {"entry_ids": list(self.entry_ids), "holder": self.holder or "user", "about": self.about, "knowledge_type": self.knowledge_type,
                "level": self.level, "chars": self.chars, "frees": self.frees, "similarity": round(self.similarity, 3),
                "texts": list(self.texts)}


@dataclass
class Plan:
    target: str
    usage: int
    limit: int
    needed: int = 0  # characters a refused write needed freed (0: none was refused)
    candidates: list[Candidate] = field(default_factory=list)
    merges: list[Merge] = field(default_factory=list)
    protected: int = 0  # principles and wisdom, never candidates

    @property
    def percent(self) -> int:
        return round(100 * self.usage / self.limit) if self.limit else 0

    @property
    def due(self) -> bool:
        """At or above the threshold, or a write was refused."""
        return bool(self.limit) and (self.needed > 0 or self.usage >= ROOM_THRESHOLD * self.limit)

    @property
    def goal(self) -> int:
        """Characters to free: what the refused write needs, else down to below the threshold."""
        if not self.limit:
            return 0
        below = max(0, self.usage - math.floor(ROOM_THRESHOLD * self.limit) + 1) if self.usage >= ROOM_THRESHOLD * self.limit else 0
        return max(self.needed, below)

    @property
    def could_go(self) -> list[Candidate]:
        return [c for c in self.candidates if c.tier in POLICY_TIERS]

    def policy_picks(self, goal: int | None = None, *, spare=frozenset()) -> list[Candidate]:
        """What ``--policy auto`` removes: applicable candidates in order until ``goal`` is freed,
        never one in ``spare`` (a text a person wrote again), and never both an entry repeated in
        another and that other: the entry that holds the text stays (see :func:`policy_may_take`)."""
        want = self.goal if goal is None else goal
        picked, freed, holding = [], 0, set()
        for candidate in self.candidates:
            if freed >= want:
                break
            if policy_may_take(candidate, spare, holding, {c.entry_id for c in picked}):
                picked.append(candidate)
                freed += candidate.chars
                if candidate.repeated_in:
                    holding.add(candidate.repeated_in)
        return picked

    def best(self, count: int = HINT_CANDIDATES) -> list[Candidate]:
        """The first candidates an agent is told of: what could go, then (when that is not enough)
        what is worth least; never a blocked entry (a person decides those, and its text is withheld)."""
        return [c for c in self.candidates if c.tier != "blocked"][:count]

    def to_dict(self) -> dict[str, Any]:
        could_go = sum(c.chars for c in self.could_go)
        return {
            "target": self.target, "usage": self.usage, "limit": self.limit, "percent": self.percent,
            "threshold": ROOM_THRESHOLD, "due": self.due, "needed": self.needed, "goal": self.goal,
            "could_go_chars": could_go, "merge_chars": sum(m.frees for m in self.merges),
            "candidates": [c.to_dict() for c in self.candidates], "merges": [m.to_dict() for m in self.merges],
            "protected": self.protected,
        }


def policy_may_take(candidate: Candidate, spare, holding: set[str], picked: set[str]) -> bool:
    """Whether a policy may archive ``candidate`` in a run that has ``picked`` these entries: an
    applicable tier, not ``spare``, not an entry that now holds the text of one already picked,
    and, when its only fault is being repeated, only while the entry repeating it stays."""
    if not candidate.applicable or candidate.entry_id in spare or candidate.entry_id in holding:
        return False
    return not candidate.repeated_in or candidate.repeated_in not in picked


def entry_chars(state: TargetState, meta: EntryMeta) -> int:
    return len(meta.text) + (SEPARATOR if len(state.texts) > 1 else 0)


def worth(meta: EntryMeta, now: float) -> float:
    """How much an entry is worth keeping: authority × effective confidence, a little more per use."""
    return authority_weight(meta, now) + 0.02 * math.sqrt(meta.hit_count + meta.observed_behavior_count)


def _resolved_away(state: TargetState) -> dict[str, str]:
    """Normalised text → why: texts a person superseded, synthesized or retired (kept in the archive)."""
    gone: dict[str, str] = {}
    for archived in state.archive.values():
        meta, reason = archived.meta, archived.reason or ""
        if meta.status in (BeliefStatus.SUPERSEDED, BeliefStatus.SYNTHESIZED) or reason.startswith("retired"):
            key = hermes_format.normalise_entry(meta.text).casefold()
            if key:
                gone[key] = ("superseded" if meta.status is BeliefStatus.SUPERSEDED else
                             "merged into a synthesis" if meta.status is BeliefStatus.SYNTHESIZED else "retired")
    return gone


def _repeated_by(state: TargetState, metas: list[EntryMeta]) -> dict[str, EntryMeta]:
    """Entry id → a longer entry of equal or higher authority that contains its whole text
    (casefolded), or the one it says again in other words; an agent's entry never makes a stated
    fact redundant."""
    by_id = {m.entry_id: m for m in metas}
    folded = [(m.entry_id, " ".join(m.text.casefold().split())) for m in metas]
    found = {}
    for entry_id, text in folded:
        if sum(2 if ord(ch) >= 0x2E80 else 1 for ch in text) < 12:  # a few words (a Chinese character counts two)
            continue
        for other_id, other in folded:
            if (other_id != entry_id and len(other) > len(text) and text.rstrip(".。") in other
                    and by_id[other_id].authority >= by_id[entry_id].authority):
                found[entry_id] = by_id[other_id]
                break
    for meta in metas:  # a line Hermes keeps that says another entry again (``EntryMeta.says_again``)
        holder = by_id.get(state.said_first(meta.entry_id))
        if meta.entry_id not in found and holder is not None and holder is not meta and holder.authority >= meta.authority:
            found[meta.entry_id] = holder
    return found


def _tier(meta: EntryMeta, now: float, gone: dict[str, str], repeated: dict[str, EntryMeta]) -> tuple[str, str]:
    """The tier of an entry and why, in words (no ids: a person reads it)."""
    tier, why = _worth_tier(meta, now, gone, repeated)
    if tier == "superseded":
        return tier, why  # a repeat, or what a person resolved away: nothing about the user is lost
    if NAMES_USER.search(meta.text):
        return "names_user", "it names the user: offered last, and never archived by a policy"
    if tier in ("decayed", "least_worth") and _fact_about_user(meta):
        return "about_user", "a fact about the user, in their words: offered late, and never archived by a policy"
    return tier, why


def _fact_about_user(meta: EntryMeta) -> bool:
    if not USER_SUBJECT.search(meta.text):
        return False
    stated = meta.source_kind not in LOW_AUTHORITY
    return stated and (meta.knowledge_type is KnowledgeType.FACT or bool(USER_FACT.search(meta.text)))


def _worth_tier(meta: EntryMeta, now: float, gone: dict[str, str], repeated: dict[str, EntryMeta]) -> tuple[str, str]:
    key = hermes_format.normalise_entry(meta.text).casefold()
    if key in gone:
        return "superseded", f"a person {gone[key]} this text before; it was written again"
    if meta.status in (BeliefStatus.SUPERSEDED, BeliefStatus.SYNTHESIZED) or meta.superseded_by or meta.synthesis_id:
        return "superseded", "marked superseded"
    if meta.entry_id in repeated:
        holder = repeated[meta.entry_id]
        if holder.entry_id == meta.says_again:
            return "superseded", f"says again in other words “{preview(holder.text, 60)}”"
        return "superseded", f"its whole text is in “{preview(holder.text, 60)}”"
    if is_ignored_too_often(meta):
        return "superseded", f"ignored {meta.ignore_count} of the {meta.surface_count} times it was surfaced"
    if meta.status is BeliefStatus.DECAYED:
        return "decayed", f"decayed: a {meta.knowledge_type.value} nobody confirmed since it expired"
    if needs_reverification(meta, now):
        return "decayed", f"expired and unconfirmed ({meta.knowledge_type.value})"
    if meta.source_kind in LOW_AUTHORITY:
        who = "Hermes' background review" if meta.source_kind is SourceKind.BACKGROUND_REVIEW else "the agent"
        return "low_authority", f"inferred by {who}, never stated (authority {meta.authority:.2f})"
    said = SOURCE_WORDS.get(meta.source_kind, meta.source_kind.value.replace("_", " "))
    uses = f"{meta.hit_count} use{'' if meta.hit_count == 1 else 's'}"
    return "least_worth", f"{said}, confidence {decayed_confidence(meta, now):.2f}, {uses}"


def candidates(state: TargetState, now: float) -> tuple[list[Candidate], int]:
    """What could go, best first, and how many entries are protected (PRINCIPLE, WISDOM). Reads
    metadata only: cheap enough to run under the locks, where the store applies it."""
    metas = list(state.entries.values())
    gone = _resolved_away(state)
    repeated = _repeated_by(state, [m for m in metas if m.maturity < PROTECTED and not m.blocked])
    found, protected = [], 0
    for meta in metas:
        if meta.maturity >= PROTECTED:
            protected += 1
            continue
        if meta.blocked and meta.safety_kept:
            continue  # a person kept it on another device: the Blocked page asks to confirm that here
        text = meta.text
        if meta.blocked:  # its words failed the safety check: no door shows them from here
            tier, why, text = "blocked", "blocked by the safety check and not kept by anyone: the assistant does not see it", WITHHELD
        else:
            tier, why = _tier(meta, now, gone, repeated)
        contested = [e.other(meta.entry_id) for e in state.unresolved_edges_of(meta.entry_id)]
        if contested:
            why += f"; a side of {'an open contradiction' if len(contested) == 1 else f'{len(contested)} open contradictions'}: removing it settles that without you"
        found.append(Candidate(meta.entry_id, tier, why, entry_chars(state, meta), worth(meta, now),
                               text, meta.maturity.name, contested, *_policy_facts(meta, gone, repeated)))
    order = {tier: rank for rank, tier in enumerate(TIERS)}
    found.sort(key=lambda c: (order[c.tier], bool(c.contested_with), c.worth, -c.chars, c.entry_id))
    return found, protected


def _policy_facts(meta: EntryMeta, gone: dict[str, str], repeated: dict[str, EntryMeta]) -> tuple[str, bool]:
    """What a policy needs beyond the tier (decided in :func:`_tier`'s order): the entry repeating
    this one, when that is why it could go, and whether it is a text resolved away that came back
    (the store then asks who wrote it)."""
    if hermes_format.normalise_entry(meta.text).casefold() in gone:
        return "", True
    marked = meta.status in (BeliefStatus.SUPERSEDED, BeliefStatus.SYNTHESIZED) or meta.superseded_by or meta.synthesis_id
    holder = repeated.get(meta.entry_id)
    return (holder.entry_id if holder is not None and not marked else ""), False


# ---------------------------------------------------------------- merges


def _terms(text: str) -> frozenset[str]:
    from ..detection.index import relevance_terms

    return relevance_terms(text)


def merges(state: TargetState, now: float, holders=None, pattern_groups=None) -> list[Merge]:
    """Groups of entries about the same holder and topic, best first. ``holders`` (the home's,
    ``CandidateIndex.holders``) also names who an entry mentions. Incidents that tell one story are
    the reflection layer's pattern proposals (``pattern_groups``, :mod:`store.patterns`: a group a
    person rejected is not offered again): given them, make-room offers those, and groups itself only
    what would become a PRINCIPLE (patterns of one holder and knowledge type)."""
    own = _own_merges(state, now, holders)
    if pattern_groups is None:
        return own
    found = [m for m in own if m.level != MaturityLevel.PATTERN.name]
    found += [merge for merge in map(lambda group: _pattern_merge(state, group), pattern_groups) if merge is not None]
    found.sort(key=lambda m: (-m.frees, m.entry_ids))
    return found


def _pattern_merge(state: TargetState, group) -> Merge | None:
    """A pattern proposal as a merge make-room offers, while its members are active and unblocked."""
    metas = [state.entries.get(entry_id) for entry_id in group.entry_ids]
    if any(meta is None or meta.blocked for meta in metas):
        return None
    chars = sum(entry_chars(state, m) for m in metas)
    longest = max(entry_chars(state, m) for m in metas)
    kinds = [m.knowledge_type for m in metas]
    kind = max(set(kinds), key=lambda k: (kinds.count(k), k.value))
    return Merge(list(group.entry_ids), group.holder, kind.value, MaturityLevel.PATTERN.name, chars, chars - longest,
                 group.similarity, [m.text for m in metas])


def _own_merges(state: TargetState, now: float, holders=None) -> list[Merge]:
    """Make-room's own grouping: entries of one holder and knowledge type whose terms overlap."""
    metas = [m for m in state.entries.values() if m.maturity < PROTECTED and not m.blocked]
    if len(metas) > MERGE_SCAN:
        metas = sorted(metas, key=lambda m: worth(m, now))[:MERGE_SCAN]
    terms = {m.entry_id: _terms(m.text) for m in metas}
    seen: dict[str, int] = {}
    for found in terms.values():
        for term in found:
            seen[term] = seen.get(term, 0) + 1
    total = max(1, len(state.entries))
    weight = {term: math.log(1 + total / count) for term, count in seen.items()}
    keys = {m.entry_id: (holder_key(m.text, holders), m.knowledge_type) for m in metas}
    parent = {m.entry_id: m.entry_id for m in metas}
    best: dict[frozenset, float] = {}

    def root(i: str) -> str:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for index, a in enumerate(metas):
        for b in metas[index + 1:]:
            if keys[a.entry_id] != keys[b.entry_id] or state.edge_between(a.entry_id, b.entry_id):
                continue
            similarity = _similarity(terms[a.entry_id], terms[b.entry_id], weight)
            if similarity >= MERGE_SIMILARITY:
                ra, rb = root(a.entry_id), root(b.entry_id)
                if ra != rb:
                    parent[rb] = ra
                best[frozenset((a.entry_id, b.entry_id))] = similarity
    groups: dict[str, list[EntryMeta]] = {}
    for meta in metas:
        groups.setdefault(root(meta.entry_id), []).append(meta)
    proposals = []
    for members in groups.values():
        if len(members) < 2:
            continue
        members = sorted(members, key=lambda m: state.texts.index(m.text))[:MERGE_GROUP_MAX]
        ids = {m.entry_id for m in members}
        sims = [s for pair, s in best.items() if pair <= ids]
        chars = sum(entry_chars(state, m) for m in members)
        longest = max(entry_chars(state, m) for m in members)
        top = max(m.maturity for m in members)
        level = MaturityLevel.PATTERN if top < MaturityLevel.PATTERN else MaturityLevel.PRINCIPLE
        holder, kind = keys[members[0].entry_id]
        proposals.append(Merge([m.entry_id for m in members], holder, kind.value, level.name, chars, chars - longest,
                               max(sims) if sims else 0.0, [m.text for m in members]))
    proposals.sort(key=lambda m: (-m.frees, m.entry_ids))
    return proposals


def _similarity(a: frozenset[str], b: frozenset[str], weight: dict[str, float]) -> float:
    """Shared terms over all terms of the two, each weighted by its rarity in the home."""
    if not a or not b:
        return 0.0
    shared = sum(weight.get(t, 1.0) for t in a & b)
    every = sum(weight.get(t, 1.0) for t in a | b)
    return shared / every if every else 0.0


def plan(state: TargetState, limit: int, now: float, needed: int = 0, *, with_merges: bool = True,
         pattern_groups=None) -> Plan:
    """The make-room plan of one target (empty when it is not due: below the threshold, no refusal).
    The home's holders, which merges group by, are read from the candidate index only when due, and
    so are the pattern proposals (``pattern_groups()``, see :func:`merges`)."""
    result = Plan(state.target, state.usage(), limit, max(0, needed))
    if not result.due:
        return result
    result.candidates, result.protected = candidates(state, now)
    if with_merges:
        groups = pattern_groups() if pattern_groups is not None else None
        result.merges = merges(state, now, state.ensure_index().holders(), groups)
    return result


# ---------------------------------------------------------------- in words (refusals, the system prompt)


def preview(text: str, width: int = PREVIEW) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def hint(result: Plan, count: int = HINT_CANDIDATES) -> str:
    """One line naming the best candidates with their ids and sizes, for a refusal or a prompt."""
    best = result.best(count)
    parts = [f"{c.entry_id[:8]} ({c.chars} chars, {c.tier.replace('_', ' ')}"
             f"{', contested' if c.contested_with else ''}: \"{preview(c.text, 48)}\")" for c in best]
    merge = result.merges[0] if result.merges else None
    line = ("could go: " + "; ".join(parts)) if parts else "nothing could go (principles and wisdom are kept)"
    if merge is not None:
        line += f"; could merge: {' + '.join(i[:8] for i in merge.entry_ids)} into one {merge.level.lower()} (frees ~{merge.frees} chars)"
    return line


def refusal_detail(result: Plan) -> dict[str, Any]:
    """What a refused write answers with, beside the error message: the best candidates."""
    return {
        "needed": result.needed,
        "candidates": [{"entry_id": c.entry_id, "chars": c.chars, "tier": c.tier, "why": c.why,
                        "text": preview(c.text), "contested_with": c.contested_with} for c in result.best(HINT_CANDIDATES)],
        "merges": [{"entry_ids": m.entry_ids, "frees": m.frees, "level": m.level} for m in result.merges[:1]],
        "make_room": "dmem make-room" + ("" if result.target == "memory" else f" --target {result.target}"),
    }


def refusal_message(error: Exception, result: Plan | None) -> str:
    """A limit's refusal with the best candidates named (ids and sizes), or the refusal as it was."""
    if result is None or not result.limit:
        return str(error)
    command = "dmem make-room" + ("" if result.target == "memory" else f" --target {result.target}")
    return f"{error}. To free {result.needed:,}+ chars, {hint(result)}. See the plan: {command}"
