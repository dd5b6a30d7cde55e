"""How often: an ordinal scale of frequencies, with ranges, in English and Chinese.

never < rarely < yearly < monthly < weekly < daily < hourly. A stated frequency
is an interval on that scale: "every day" is (daily, daily), "rarely" (rarely,
yearly), "once a day at most" (never, daily), "often" (weekly, hourly). Two
frequencies of one habit clash when their intervals lie two levels apart, or
one level when one of them is a bound ("at most once a day" / "several times a
day"): "runs every day" / "runs about once a month", "每天都给爸妈打电话" /
"过年才打一次".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from .text import lazy_compile

NEVER, RARELY, YEARLY, MONTHLY, WEEKLY, DAILY, HOURLY = range(7)
LEVEL_NAMES = ("never", "rarely", "yearly", "monthly", "weekly", "daily", "hourly")

_N = r"(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|several|a\s+few|few|multiple|many)"
_ZN = r"(?:[一二两三四五六七八九十几]+|\d+)"
# (pattern, low, high); the first that matches a span wins, longest patterns first.
_SCALE: tuple[tuple[str, int, int], ...] = (
    # bounds
    (r"(?:once|twice|\w+\s+times)\s+a\s+(day|week|month|year)\s+at\s+most|at\s+most\s+(?:once|twice|\w+\s+times)"
     r"\s+a\s+(day|week|month|year)", -1, -1),
    (r"最多(?:一天|每天|一周|每周|一个月|每月|一年|每年)", -2, -2),
    # several times a period: one level above the period
    (rf"(?:several|multiple|many|a\s+few|few|\d+|three|four|five)\s+times\s+(?:a|an|per|each)\s+day|every\s+hour|hourly",
     HOURLY, HOURLY),
    (r"(?:一天|每天)(?:要)?(?:好几|几|多)次|每小时", HOURLY, HOURLY),
    (r"(?:almost|nearly)\s+every\s+day|(?:almost|nearly)\s+daily|most\s+days", DAILY, DAILY),
    (r"every\s+(?:day|morning|evening|night|meal|weekday)|\bdaily\b|each\s+(?:day|morning|night)|nightly|"
     r"(?:once|twice)\s+(?:a|per)\s+day|\bevery\s+single\s+day", DAILY, DAILY),
    (r"每天|天天|每晚|每早|每顿|每个工作日|每天早上|每天晚上|一天一次|日常", DAILY, DAILY),
    (rf"(?:several|multiple|a\s+few|few|\d+|two|three|four|five|twice)\s+(?:times\s+)?(?:a|per|each)\s+week|"
     r"every\s+(?:weekend|week|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\bweekly\b|"
     r"once\s+(?:a|per)\s+week|on\s+weekends", WEEKLY, WEEKLY),
    (r"每周|每个?星期|每个?礼拜|每个周末|每逢周末|一周一次|一周(?:两|三|几)次", WEEKLY, WEEKLY),
    (rf"(?:once|twice|{_N}\s+times)\s+(?:a|per|each)\s+month|every\s+month|\bmonthly\b|once\s+a\s+month",
     MONTHLY, MONTHLY),
    (r"每个?月|一个月一次|一月一次|每个月", MONTHLY, MONTHLY),
    (rf"(?:once|twice|{_N}\s+times)\s+(?:a|per|each)\s+(?:year|quarter)|every\s+(?:year|quarter)|"
     r"\bquarterly\b|\byearly\b|\bannually\b|once\s+or\s+twice\s+a\s+year|a\s+few\s+times\s+a\s+year",
     YEARLY, YEARLY),
    (rf"一年(?:只|才|也就)?[^，,。]{{0,6}}?{_ZN}次|每年|一年一次|过年才|逢年过节才|每季度", YEARLY, YEARLY),
    (rf"once\s+(?:in|over)\s+the\s+(?:last|past)\s+{_N}\s+years|every\s+(?:few|several|{_N})\s+years|"
     r"once\s+every\s+\w+\s+years", RARELY, RARELY),
    (rf"(?:好几|几|{_ZN})年才[^，,。]{{0,6}}?一次|几年一次|一年也[^，,。]{{0,6}}?不了一次", RARELY, RARELY),
    (r"\b(?:rarely|seldom|hardly\s+ever|almost\s+never|barely\s+ever)\b", RARELY, YEARLY),
    (r"很少|极少|几乎不|难得|不怎么|偶尔", RARELY, YEARLY),
    (r"\b(?:often|frequently|regularly|constantly|all\s+the\s+time)\b", WEEKLY, HOURLY),
    (r"经常|常常|总是|老是|频繁", WEEKLY, HOURLY),
)
_PATTERNS = tuple((lazy_compile(p, re.IGNORECASE), low, high) for p, low, high in _SCALE)
_PERIOD_LEVEL = {"day": DAILY, "week": WEEKLY, "month": MONTHLY, "year": YEARLY,
                 "一天": DAILY, "每天": DAILY, "一周": WEEKLY, "每周": WEEKLY, "一个月": MONTHLY,
                 "每月": MONTHLY, "一年": YEARLY, "每年": YEARLY}


@dataclass(frozen=True)
class Rate:
    low: int
    high: int
    surface: str
    start: int
    end: int

    @property
    def bound(self) -> bool:
        return self.low != self.high and (self.low == NEVER or self.high == HOURLY)

    @property
    def label(self) -> str:
        if self.low == self.high:
            return LEVEL_NAMES[self.low]
        return f"{LEVEL_NAMES[self.low]}..{LEVEL_NAMES[self.high]}"


def rate(clause: str) -> Rate | None:
    """The first frequency stated in a normalised clause, or None."""
    for pattern, low, high in _PATTERNS:
        match = pattern.search(clause)
        if not match:
            continue
        if low < 0:  # "at most once a day": up to that period's level
            period = next((g for g in match.groups() if g), None) or _zh_period(match.group(0))
            level = _PERIOD_LEVEL.get(period, DAILY)
            return Rate(NEVER, level, match.group(0), match.start(), match.end())
        return Rate(low, high, match.group(0), match.start(), match.end())
    return None


def _zh_period(text: str) -> str:
    return next((period for period in _PERIOD_LEVEL if period in text), "一天")


def clash(a: Rate, b: Rate) -> bool:
    gap = max(a.low - b.high, b.low - a.high)
    return gap >= 2 or (gap >= 1 and (a.bound or b.bound))


_CUE = lazy_compile(r"\b(?:every|each|daily|weekly|monthly|yearly|annually|quarterly|hourly|nightly|"
                  r"once|twice|times|rarely|seldom|hardly|almost\s+never|often|frequently|regularly|"
                  r"constantly|all\s+the\s+time|most\s+days|on\s+weekends)\b|"
                  r"每|天天|一天|一周|一年|一个月|一月|年才|很少|极少|几乎不|难得|不怎么|偶尔|经常|常常|总是|"
                  r"老是|频繁|过年才|逢年过节|日常|最多", re.IGNORECASE)


def mentions_rate(text: str) -> bool:
    """A cheap test before `rate`: does the text say how often at all?"""
    return bool(_CUE.search(text))
