"""The one way a routine is done, where the ways exclude each other on each occasion:
how the user goes up to their floor (the stairs or the lift) and where a named meal
comes from (cooked at home, takeaway, eaten out). Like the commute (`slots._commute`),
a routine said of the same occasion one way in one entry and another way in the
other clashes: "always takes the stairs" / "takes the lift every morning", "每天晚饭
都在家自己做" / "晚饭基本都点外卖"; "午饭" is not "晚饭", "at home" not "at the office".
"""

from __future__ import annotations

import re

from .text import lazy_compile

# routine -> (way, pattern) in both languages
_WAYS: dict[str, tuple[tuple[str, re.Pattern], ...]] = {
    "way up": (
        ("stairs", lazy_compile(r"\b(?:takes?|taking|uses?|using|climbs?|climbing|walks?\s+up|runs?\s+up)\s+"
                                r"(?:the\s+)?(?:stairs|staircase)\b|走楼梯|爬楼梯|走楼梯上")),
        ("lift", lazy_compile(r"\b(?:takes?|taking|uses?|using|rides?|riding)\s+(?:the\s+|an\s+|a\s+)?(?:lift|elevator)s?\b|"
                              r"(?:坐|乘|搭|乘坐)电梯")),
    ),
    "meal source": (
        ("home", lazy_compile(r"\bcooks?\s+(?:(?:his|her|their|my)\s+own\s+)?(?:dinner|lunch|supper|breakfast)\b|"
                              r"\b(?:brings?|packs?)\s+(?:(?:his|her|their|a)\s+)?(?:lunch|dinner)\b|"
                              r"\b(?:dinner|lunch|supper)\s+(?:at\s+home|from\s+home)\b|"
                              r"在家(?:自己)?(?:做|吃)|自己做|带饭|带便当")),
        ("takeaway", lazy_compile(r"\b(?:orders?|gets?|has)\s+(?:a\s+)?(?:takeaway|takeout|delivery)\b|点外卖|叫外卖|吃外卖")),
        ("out", lazy_compile(r"\b(?:eats?|has)\s+(?:(?:dinner|lunch|supper)\s+)?out\b|\bdines?\s+out\b|"
                             r"\b(?:at|in)\s+(?:a\s+)?restaurants?\b|下馆子|在外面吃|在外吃")),
    ),
}
# the occasion a meal source is said of: it must be named ("午饭" / "晚饭")
_MEALS = (("dinner", ("dinner", "supper", "晚饭", "晚餐")), ("lunch", ("lunch", "午饭", "午餐", "中饭")),
          ("breakfast", ("breakfast", "早饭", "早餐", "早点")))
# where the way up is taken: "at home", "at the office", "在家", "在公司"
_PLACES = (("home", lazy_compile(r"\bat\s+home\b|在家")),
           ("work", lazy_compile(r"\bat\s+(?:the\s+office|work)\b|在公司|在单位|在办公室")))
_CUE = lazy_compile(r"stair|lift|elevator|楼梯|电梯|dinner|lunch|supper|breakfast|晚饭|晚餐|午饭|午餐|中饭|早饭|早餐|早点",
                    re.IGNORECASE)


def routine_ways(text: str) -> list[tuple[str, str, frozenset[str], int]]:
    """(routine, way, occasion, where the way is named) for each routine the text says one way of doing."""
    if not _CUE.search(text):
        return []
    found = []
    for routine, ways in _WAYS.items():
        named = {way: match.start() for way, pattern in ways for match in [pattern.search(text)] if match}
        if len(named) != 1:
            continue
        if routine == "meal source":
            occasion = frozenset(meal for meal, forms in _MEALS if any(form in text for form in forms))
            if len(occasion) != 1:
                continue
        else:
            occasion = frozenset(place for place, pattern in _PLACES if pattern.search(text))
        (way, start), = named.items()
        found.append((routine, way, occasion, start))
    return found
