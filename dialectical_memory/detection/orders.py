"""Orders and preferences: one option put before another, against the reverse.

"Tea over coffee" / "coffee over tea", "X before Y", "values X more than Y", "ranks X above Y",
先X再Y, 首选X，其次Y, 看重X胜过Y, X优先于Y, 喜欢X多过Y (the orders are read by `analysis.py`); also a
plain "prefers coffee", which singles out the option the order puts second.
"""

from __future__ import annotations

from . import lexicon
from .analysis import Analysis
from .base import Verdict
from .family import Family, contradiction
from .pairing import overlaps


def _order_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"prefers tea over coffee" vs "prefers coffee over tea"; also vs a plain
    "prefers coffee", which singles out the option the order puts second."""
    for left in a.orders:
        for right in b.orders:
            if (left.past == right.past and left.holder == right.holder
                    and overlaps(left.preferred, right.other)
                    and overlaps(left.other, right.preferred)):
                return contradiction("order", 0.85, left.text, right.text, holder=left.holder,
                                     sequence=[left.text, right.text])
        for claim in b.claims:
            if (claim.past == left.past and claim.holder == left.holder and claim.sign > 0
                    and claim.stance in lexicon.PREFERENCE_VERBS and not claim.scope
                    and overlaps(claim.topic, left.other)
                    and len(claim.topic & left.other) > len(claim.topic & left.preferred)):
                return contradiction("order", 0.8, left.text, claim.text)
    return None


def _has_orders(analysis: Analysis) -> bool:
    return bool(analysis.orders)


def _order_terms(analysis: Analysis) -> set[str]:
    """Both options of an order: "tea over coffee" meets a plain "prefers coffee"."""
    return {f"#{unit}" for order in analysis.orders for unit in order.preferred | order.other}


FAMILY = Family("order", kinds=("order",), priority=10, compare=_order_conflict, cue=_has_orders,
                index_terms=_order_terms)
