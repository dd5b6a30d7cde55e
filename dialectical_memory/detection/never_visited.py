"""Never having been to a country, against a stay in one of its cities: "has never been to Japan" /
"在东京待了两周", in either language (the gazetteer and the place table know whose city it is).
"""

from __future__ import annotations

from . import gazetteer, lexicon, slots
from .analysis import Analysis
from .base import Verdict
from .family import Family, Said, contradiction
from .never_left import TRAVELLED
from .pairing import UNTIL_THEN, WISH_WORDS
from .text import lazy_compile


# "has never been to Japan", "从来没去过英国": a country one has never set foot in.
_NEVER_VISITED = lazy_compile(r"\b(?:has|have)\s+never\s+(?:been\s+to|visited|set\s+foot\s+in|travel+ed\s+to)\s+"
                              r"(?:the\s+)?(?P<x>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                              r"(?:从来|从|一直|这辈子)?(?:没|未)(?:有)?(?:去|到)过(?P<z>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)")


def _is_country(name: str) -> bool:
    return lexicon.PLACES.get(name.lower(), ("", ""))[0] == "country" or bool(gazetteer.country_code(name))


def _never_visited_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"Has never been to Japan" / "在东京待了两周", in either language: a past stay in a city
    of a country one has never been to (the gazetteer and the place table know whose city it is)."""
    never = _NEVER_VISITED.search(a.text)
    went = never and TRAVELLED.search(b.text)
    if not went or a.holder != b.holder or UNTIL_THEN.search(a.text) or WISH_WORDS.search(b.text):
        return None
    country = never["x"] or never["z"]
    place = next(found for found in (went[name] for name in "yuwvtsr") if found)
    if _is_country(country) and slots.known_place(place) and slots.same_place(place, country):
        return contradiction("implicit", 0.75, never.group(0), went.group(0), holder=a.holder,
                             values=[country, place])
    return None


def _whereabouts(analysis: Analysis) -> set[str]:
    return {"$whereabouts"} if _NEVER_VISITED.search(analysis.text) else set()


FAMILY = Family("never visited", kinds=("implicit",), priority=160, compare=_never_visited_conflict,
                cue=Said(("never", "没", "未")), patterns=(_NEVER_VISITED,), index_terms=_whereabouts)
