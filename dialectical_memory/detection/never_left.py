"""Never having left a country, against a trip outside it: "has never left the UK" / "backpacked
through Vietnam", "从没离开过中国" / "去日本玩了一周", "从来没出过国" (a Chinese entry's home
country is China) / "在东京待了两周".
"""

from __future__ import annotations

from . import slots
from .analysis import Analysis
from .base import Verdict
from .family import Family, Said, contradiction
from .pairing import UNTIL_THEN, WISH_WORDS
from .text import lazy_compile


_STAYED = lazy_compile(r"\b(?:has|have)\s+never\s+(?:left|been\s+outside(?:\s+of)?)\s+(?:the\s+)?(?P<x>[A-Za-z][\w ]*?)"
                     r"(?=[,.;]|$|\s+(?:and|but|in|before)\b)|"
                     r"(?:从来|从|一直)?(?:没|未)(?:有)?离开过(?P<z>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)")
# Being somewhere on an occasion: a trip ("backpacked through Vietnam", "去日本玩了"), or any
# past doing in a place ("went skiing in Japan", "spent a semester in Germany", "在东北滑雪").
TRAVELLED = lazy_compile(r"\b(?:backpack\w*|travel\w*|went|flew|visit\w*|tour\w*|trip|vacation\w*|holiday\w*|"
                        r"spent|stayed|studied|worked|lived|drove|skied|hiked|moved)\b(?:\s+[a-z]+){0,4}?"
                        r"\s+(?:through|to|around|in|across)\s+(?:the\s+)?(?P<y>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                        r"\b(?:backpack\w*|travel\w*|went|flew|visit\w*|tour\w*)\s+(?P<u>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)|"
                        r"去(?:了|过)?(?P<w>(?:(?!去)[\u4e00-\u9fff]){2,4}?)(?:玩|旅游|旅行|出差|度假|留学|度(?:了)?蜜月|参加|开会|看展|读书)|"
                        r"在(?P<v>[\u4e00-\u9fff]{2,4}?)(?:读过书|留过学|留学|(?:工作|生活|住|待|呆)(?:过|了))|"
                        r"(?:去|到|飞|飞到|飞去|坐飞机去)了?(?P<t>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;]|$)|"
                        r"在(?P<s>[\u4e00-\u9fff]{2,4}?)(?=滑雪|玩|旅游|旅行|出差|度假|留学|读书|上学|工作|生活|徒步|爬山|潜水|冲浪)|"
                        # a trip done ("前年去了东京看樱花", "去过巴黎逛博物馆"): any purpose after the place
                        r"去(?:了|过)(?P<r>(?:(?!去)[\u4e00-\u9fff]){2,4}?)(?:看|赏|吃|逛|购物|买|拍|探亲|过年|跨年|滑雪|"
                        r"潜水|冲浪|爬|徒步|比赛|交流|考察|访问|学习|进修|参观)")


# "从来没出过国", "从未出国": a Chinese entry's home country is China.
_NEVER_ABROAD = lazy_compile(r"(?:从来|从|一直|这辈子)?(?:没|没有|未)(?:有)?出(?:过)?国|从未出国|没去过国外")


def _place_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"Has never left the UK" / "backpacked through Vietnam", "从没离开过中国" /
    "去日本玩了一周": a trip to a place outside the only country one has been in."""
    stayed = _STAYED.search(a.text) or _NEVER_ABROAD.search(a.text)
    went = TRAVELLED.search(b.text)
    if not stayed or not went or a.holder != b.holder or UNTIL_THEN.search(a.text) or WISH_WORDS.search(b.text):
        return None
    home = stayed.groupdict().get("x") or stayed.groupdict().get("z") or "中国"  # 没出过国: China left never
    place = next(found for found in (went[name] for name in "yuwvtsr") if found)
    if slots.place_outside(place, home):
        return contradiction("implicit", 0.75, stayed.group(0), went.group(0), holder=a.holder,
                             values=[home, place])
    return None


def _whereabouts(analysis: Analysis) -> set[str]:
    """Staying and going share no word ("never left the UK" / "backpacked through Vietnam")."""
    text = analysis.text
    return {"$whereabouts"} if any(pattern.search(text) for pattern in (_STAYED, TRAVELLED, _NEVER_ABROAD)) else set()


FAMILY = Family("never left", kinds=("implicit",), priority=150, compare=_place_conflict,
                cue=Said(("never", "没", "未")), patterns=(_STAYED, _NEVER_ABROAD), index_terms=_whereabouts)
