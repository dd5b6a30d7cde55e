"""A state a change left behind, still held by the other entry: "left Google to join Spotify" /
"currently works at Google", "migrated from X to Y", "从北京搬走了" / "现在还住在北京" (only a
residence meets a home left; a trip back there does not).
"""

from __future__ import annotations

from . import slots
from .analysis import LEFT_BEHIND, Analysis, Claim
from .base import Verdict
from .family import Family, contradiction
from .pairing import apart, rival_pairs, wished
from .text import lazy_compile


def _change_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A state a change left behind, still held by the other entry: "left Google
    to join Spotify" / "currently works at Google" (where "at Google" is a place
    the work happens, which the plain denial rule does not reach)."""
    for left, right in rival_pairs(a, b):
        if (left.stance == LEFT_BEHIND and right.sign > 0 and not right.derived
                and left.topic <= right.reach | right.scope and not apart(left, right, a, b)
                and not place_left(left) and not ending_planned(left, right)):
            return contradiction("temporal", 0.75, left.text, right.text, holder=left.holder)
    return _moved_away_conflict(a, b)


# Leaving a home: "moved out of Berlin", "从北京搬走了", "搬离了上海", "left Shenzhen", "离开了深圳".
_MOVED_HOME = lazy_compile(r"\bmov(?:ed|es|e|ing)\s+(?:out\s+of|away\s+from)\b|搬|\bleft\b|离开")


def place_left(claim: Claim) -> bool:
    """A home left ("从北京搬走了", "left Shenzhen"): a change whose topic is a known place."""
    return (claim.stance == LEFT_BEHIND and bool(_MOVED_HOME.search(claim.text))
            and all(slots.known_place(unit) for unit in claim.topic))


# Ending a thing one has: "sell", "give away", "cancel", "卖", "退掉", "送人".
_ENDING_ACT = lazy_compile(r"\b(?:sell|give\s+away|get\s+rid\s+of|cancel|return|trade\s+in|move\s+out)\b|卖|退掉|送人|取消|搬出")


def ending_planned(left: Claim, claim: Claim) -> bool:
    """A thing given up against the plan to give it up: "sold his car" / "plans to sell his car",
    "把车卖了" / "准备卖车" (the plan and its fulfilment). Wanting to use the thing still meets it
    ("sold his car" / "wants to drive his car to the coast")."""
    return left.stance == LEFT_BEHIND and wished(claim) and bool(_ENDING_ACT.search(claim.text))


def _moved_away_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A place left, where the other entry still lives: only a residence meets it
    ("从北京搬走了" / "现在还住在北京"; a trip back there, "下个月去北京出差", does not)."""
    for left in a.claims:
        if left.past or not place_left(left):
            continue
        for slot in b.slots:
            if (slot.name == "residence" and slot.holder == left.holder and not slot.scope
                    and any(slots.same_place(unit, slot.value) for unit in left.topic)):
                return contradiction("temporal", 0.75, left.text, slot.display, holder=left.holder)
    return None


def _left_something(analysis: Analysis) -> bool:
    return any(claim.stance == LEFT_BEHIND for claim in analysis.claims)


def _change_terms(analysis: Analysis) -> set[str]:
    """An employer named as a slot meets the company a change left ("离开了微软" / "works at
    Microsoft"); a home left meets the residence there in any language ("moved out of Berlin" /
    "住在柏林")."""
    found = {f"#{slot.value}" for slot in analysis.slots if slot.name == "employer"}
    for place in [slot.value for slot in analysis.slots if slot.name == "residence"] + [
            unit for claim in analysis.claims if place_left(claim) for unit in claim.topic]:
        found.update(slots.place_keys(place))
    return found


FAMILY = Family("change", kinds=("temporal",), priority=130, compare=_change_conflict, cue=_left_something,
                index_terms=_change_terms)
