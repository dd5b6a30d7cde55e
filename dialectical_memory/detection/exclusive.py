"""Two states one cannot hold at once, affirmed now (`lexicon.EXCLUSIVE_CONCEPTS`): owning the home
one lives in excludes renting it, "bought a flat and moved in" / "is still renting" (not "rents out
the old flat", nor "saving to buy a flat").
"""

from __future__ import annotations

from . import lexicon
from .analysis import Analysis, Claim
from .base import Verdict
from .family import Family, contradiction
from .pairing import rival_pairs, wished
from .text import lazy_compile


_RENTED_OUT = lazy_compile(r"\brents?\s+out|\blet(?:s|ting)?\s+out|出租|租出去|租给")


_LIVING = frozenset(("住", "liv", "live"))


def _held_states(claim: Claim) -> frozenset[str]:
    """What a claim holds; where one lives is held too ("住在自己买的房子里")."""
    return claim.reach | claim.scope if claim.topic & _LIVING else claim.reach


def _exclusive_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Two states one cannot hold at once, affirmed now: "bought a flat and moved in" /
    "is still renting" (not "rents out the old flat")."""
    if _RENTED_OUT.search(a.text) or _RENTED_OUT.search(b.text):
        return None
    for left, right in rival_pairs(a, b):
        if (left.sign > 0 < right.sign and not left.derived and not right.derived
                and not wished(left) and not wished(right)):  # "saving to buy a flat" / "rents a flat"
            held_l, held_r = _held_states(left), _held_states(right)
            for one, other in lexicon.EXCLUSIVE_CONCEPTS:
                if one in held_l and other in held_r and other not in held_l:
                    return contradiction("implicit", 0.7, left.text, right.text, holder=left.holder)
    return None


_FIRST_STATES = frozenset(one for one, _other in lexicon.EXCLUSIVE_CONCEPTS)


def _holds_an_exclusive_state(analysis: Analysis) -> bool:
    return any(claim.sign > 0 and not claim.derived and not _FIRST_STATES.isdisjoint(_held_states(claim))
               for claim in analysis.claims)


def _exclusive_terms(analysis: Analysis) -> set[str]:
    return {f"#{one}|{other}" for claim in analysis.claims for one, other in lexicon.EXCLUSIVE_CONCEPTS
            if one in claim.reach or other in claim.reach}


FAMILY = Family("exclusive states", kinds=("implicit",), priority=180, compare=_exclusive_conflict,
                cue=_holds_an_exclusive_state, index_terms=_exclusive_terms)
