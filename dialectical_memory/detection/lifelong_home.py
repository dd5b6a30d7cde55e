"""Having lived in one place all one's life leaves no other place to grow up in: "has lived in
Singapore all their life" / "grew up in Norway", "一辈子都住在成都" / "在广州长大".
"""

from __future__ import annotations

from . import slots
from .analysis import Analysis
from .base import Verdict
from .family import Family, Said, contradiction
from .text import lazy_compile


# "has lived in Singapore all their life" / "grew up in Norway"
# "has lived in Singapore their whole life", "has spent her entire life in Ireland", "一辈子都住在成都"
_LIFETIME = r"(?:(?:all|for\s+all)\s+(?:of\s+)?(?:their|his|her|my)|(?:for\s+)?(?:their|his|her|my)\s+(?:whole|entire))\s+li(?:fe|ves)"
_LIFELONG_HOME = lazy_compile(rf"\blived\s+in\s+(?P<x>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)\s+{_LIFETIME}|"
                            rf"\bspent\s+{_LIFETIME}\s+in\s+(?P<s>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                            r"(?:一直|从小到大(?:都|一直)?|(?:这|一)辈子都?)住在(?P<z>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)")
_GREW_UP = lazy_compile(r"\b(?:grew\s+up|was\s+born|was\s+raised|was\s+born\s+and\s+raised)\s+in\s+"
                      r"(?P<y>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                      r"在(?P<w>[\u4e00-\u9fff]{2,4}?)(?:长大|出生)")


def _lifelong_home_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Having lived in one place all one's life leaves no other place to grow up in."""
    home, elsewhere = _LIFELONG_HOME.search(a.text), _GREW_UP.search(b.text)
    if not home or not elsewhere or a.holder != b.holder:
        return None
    place, other = home["x"] or home["s"] or home["z"], elsewhere["y"] or elsewhere["w"]
    if slots.places_apart(place, other):  # a lifelong home in Chengdu leaves no Guangzhou to grow up in
        return contradiction("implicit", 0.75, home.group(0), elsewhere.group(0), holder=a.holder,
                             values=[place, other])
    return None


def _whereabouts(analysis: Analysis) -> set[str]:
    """A lifelong home and growing up elsewhere share no word."""
    text = analysis.text
    return {"$whereabouts"} if _LIFELONG_HOME.search(text) or _GREW_UP.search(text) else set()


FAMILY = Family("lifelong home", kinds=("implicit",), priority=190, compare=_lifelong_home_conflict,
                cue=Said(("lived", "spent", "住在")), patterns=(_LIFELONG_HOME,), index_terms=_whereabouts)
