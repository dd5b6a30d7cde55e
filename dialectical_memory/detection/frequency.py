"""How often: an ordinal scale of frequencies, with ranges, in English and Chinese.

never < rarely < yearly < monthly < weekly < daily < hourly < constantly. A
stated frequency is an interval on that scale: "every day" is (daily, daily),
"rarely" (rarely, yearly), "once a day at most" (never, daily), "often" (weekly,
hourly), "every few minutes" (hourly, constantly), "隔三差五" (weekly, daily). Two
frequencies of one habit clash when their intervals lie two levels apart, or
one level when one of them is a bound ("at most once a day" / "several times a
day"): "runs every day" / "runs about once a month", "每天都给爸妈打电话" /
"过年才打一次".
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .text import lazy_compile

NEVER, RARELY, YEARLY, MONTHLY, WEEKLY, DAILY, HOURLY, CONSTANTLY = range(8)
LEVEL_NAMES = ("never", "rarely", "yearly", "monthly", "weekly", "daily", "hourly", "constantly")

_N = (r"(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|several|a\s+few|few|multiple|many|"
      r"(?:a\s+)?couple\s+of|a\s+handful\s+of)")
# Caps: "at most", "no more than", "最多", "顶多", "不超过".
_EN_CAP = r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|never\s+more\s+than|a\s+maximum\s+of|up\s+to)"
_EN_TIMES = rf"(?:once|twice|{_N}\s+times)"
_ZH_PERIOD = r"(?:一天|每天|一周|每周|一个?星期|每个?星期|一个?礼拜|每个?礼拜|一个月|每个?月|一年|每年)"
_ZN = r"(?:[一二两三四五六七八九十几]+|\d+)"
# (pattern, low, high); the first that matches a span wins, longest patterns first.
_SCALE: tuple[tuple[str, int, int], ...] = (
    # never missing a thing is doing it each time it comes round: "never skips leg day",
    # "从不错过周末的球赛" (at least weekly: what comes round is a routine's day or session)
    (r"\bnever\s+(?:skips?|skipped|misses|miss|missed)\b|(?:从不|从来不|从没|从来没)(?:错过|落下|缺席|漏掉|缺过)",
     WEEKLY, DAILY),
    # bounds
    (rf"{_EN_TIMES}\s+(?:a|per|each|every)\s+(day|week|month|year)\s+at\s+most|"
     rf"{_EN_CAP}\s+{_EN_TIMES}\s+(?:a|per|each|every)\s+(day|week|month|year)", -1, -1),
    (rf"(?:最多|顶多|至多|不超过){_ZH_PERIOD}|{_ZH_PERIOD}(?:最多|顶多|至多|不超过)", -2, -2),
    # the top of the scale: "constantly", "all day", "every few minutes", "时时刻刻"
    (r"\b(?:constantly|all\s+the\s+time|non-?stop|incessantly|around\s+the\s+clock|24/7|all\s+day(?:\s+long)?|"
     r"throughout\s+the\s+(?:day|workday)|every\s+(?:few|couple\s+of|\d+|five|ten|fifteen|twenty|thirty)\s+minutes|"
     r"every\s+(?:few|couple\s+of)\s+hours|several\s+times\s+an\s+hour|every\s+minute)\b", HOURLY, CONSTANTLY),
    (r"每隔?(?:几|几十|\d+|[一二两三五十]+)分钟|时时刻刻|无时无刻|一整天都|整天|成天|一天到晚|没完没了地?", HOURLY, CONSTANTLY),
    # several times a period: one level above the period
    (rf"(?:several|multiple|many|a\s+few|few|\d+|three|four|five)\s+times\s+(?:a|an|per|each)\s+day|every\s+hour|hourly",
     HOURLY, HOURLY),
    (r"(?:一天|每天)(?:要|都要|都得|得)?[^，,。]{0,4}?(?:好几|几|多|[三四五六七八九十]+)次|每小时|每个小时", HOURLY, HOURLY),
    # "一年到头也去不了几次": not even a few times a year
    (r"(?:一年到头|一年|每年)(?:也|都)?[^，,。]{0,6}?不了几次", RARELY, YEARLY),
    (r"(?:一天|每天)(?:只|才|就|也就|大概|大约)?[^，,。]{0,6}?[一两]次", DAILY, DAILY),
    (r"(?:almost|nearly)\s+every\s+day|(?:almost|nearly)\s+daily|most\s+days", DAILY, DAILY),
    # days of the week counted: "five nights a week" is nearly daily, "一周有五天"
    (r"\b(?:five|six|5|6)\s+(?:days|nights|evenings|mornings)\s+(?:a|per|each)\s+week\b", DAILY, DAILY),
    (r"(?:一周|每周|一个?星期|每个?星期)(?:有|要|会|都)?[五六56]个?(?:天|晚上|晚)", DAILY, DAILY),
    (r"every\s+(?:day|morning|evening|night|meal|weekday)|\bdaily\b|each\s+(?:day|morning|night)|nightly|"
     r"(?:once|twice)\s+(?:a|per)\s+day|\bevery\s+single\s+day", DAILY, DAILY),
    (r"每天|天天|每晚|每早|每顿|每个工作日|每天早上|每天晚上|一天一次|日常", DAILY, DAILY),
    (rf"(?:several|multiple|a\s+few|few|\d+|two|three|four|five|twice)\s+(?:(?:times|days|nights|evenings|mornings)\s+)?(?:a|per|each)\s+week|"
     r"every\s+(?:weekend|week|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\bweekly\b|"
     r"once\s+(?:a|per)\s+week|on\s+weekends", WEEKLY, WEEKLY),
    (rf"每周|每个?星期|每个?礼拜|每个周末|每逢周末|一周一次|(?:一周|一个?星期|一个?礼拜)[^，,。]{{0,6}}?{_ZN}次",
     WEEKLY, WEEKLY),
    # every few days: "隔三差五", "三天两头", "时不时就", "every other day"
    (r"隔三差五|三天两头|时不时|动不动|隔两?天|每隔(?:一|两|几)天|每两三天", WEEKLY, DAILY),
    (r"\bevery\s+(?:other|second|few|couple\s+of|two|three)\s+days\b", WEEKLY, DAILY),
    (rf"(?:once|twice|{_N}\s+times)\s+(?:a|per|each)\s+month|every\s+(?:month|other\s+week|couple\s+of\s+weeks|"
     r"few\s+weeks)|\bmonthly\b|once\s+a\s+month",
     MONTHLY, MONTHLY),
    (r"每个?月|一个月一次|一月一次|每个月|(?:一个?月|每个?月)(?:才|只|就|也就|大概|大约)?[^，,。]{0,6}?[一两]次",
     MONTHLY, MONTHLY),
    # every few months: a few times a year, between yearly and monthly
    (r"\bevery\s+(?:few|couple\s+of|two|three|2|3|several)\s+months\b|\bevery\s+other\s+month\b", YEARLY, YEARLY),
    (r"(?:每|每隔)?(?:两三|几|两|三)个月(?:才|就)?[^，,。]{0,6}?一次", YEARLY, YEARLY),
    (rf"(?:once|twice|{_N}\s+times)\s+(?:a|per|each)\s+(?:year|quarter)|every\s+(?:year|quarter)|"
     r"\bquarterly\b|\byearly\b|\bannually\b|once\s+or\s+twice\s+a\s+year|a\s+few\s+times\s+a\s+year",
     YEARLY, YEARLY),
    (rf"一年(?:只|才|也就)?[^，,。]{{0,6}}?{_ZN}次|每年|一年一次|过年才|逢年过节才|每季度", YEARLY, YEARLY),
    (rf"once\s+(?:in|over)\s+the\s+(?:last|past)\s+{_N}\s+years|every\s+(?:few|several|{_N})\s+years|"
     r"once\s+every\s+\w+\s+years", RARELY, RARELY),
    (rf"(?:好几|几|{_ZN})年才[^，,。]{{0,6}}?一次|几年一次|一年也[^，,。]{{0,6}}?不了一次", RARELY, RARELY),
    (r"once\s+in\s+a\s+blue\s+moon", RARELY, RARELY),
    # "hardly watches TV": hardly doing a habit ("barely slept" is an amount, not a rate)
    (r"\b(?:hardly|barely|scarcely)\s+(?!ever\b|any|enough|\w+ed\b)(?=[a-z]+s\b)", RARELY, YEARLY),
    (r"\b(?:rarely|seldom|hardly\s+ever|almost\s+never|barely\s+ever|scarcely\s+ever|next\s+to\s+never|"
     r"(?:very\s+)?infrequently)\b", RARELY, YEARLY),
    (r"几乎从不|几乎从来不|几乎从没|很少|极少|几乎不|难得|不怎么|偶尔|基本不|几乎没", RARELY, YEARLY),
    # now and then: below weekly, above yearly
    (r"\b(?:occasionally|once\s+in\s+a\s+while|(?:every\s+)?now\s+and\s+(?:then|again)|from\s+time\s+to\s+time)\b",
     RARELY, MONTHLY),
    (r"\b(?:often|frequently|regularly)\b", WEEKLY, HOURLY),
    (r"经常|常常|总是|老是|频繁", WEEKLY, HOURLY),
    # the bottom of the scale, last: "almost never", "几乎从不" are rare
    (r"\bnever\b|从不|从来不|从没|从来没|从未|绝不", NEVER, NEVER),
)
_PATTERNS = tuple((lazy_compile(p, re.IGNORECASE), low, high) for p, low, high in _SCALE)
_PERIOD_LEVEL = {"day": DAILY, "week": WEEKLY, "month": MONTHLY, "year": YEARLY,
                 "一天": DAILY, "每天": DAILY, "一周": WEEKLY, "每周": WEEKLY, "一个月": MONTHLY,
                 "每月": MONTHLY, "一年": YEARLY, "每年": YEARLY,
                 "个月": MONTHLY, "星期": WEEKLY, "礼拜": WEEKLY}


class Rate(NamedTuple):
    low: int
    high: int
    surface: str
    start: int
    end: int
    kept: tuple[int, int] | None = None  # words inside the span that name the habit ("上个月[下了]二十多单")
    counted: bool = False  # once or twice a period, a count rather than a loose "weekly"

    @property
    def bound(self) -> bool:
        return self.low != self.high and (self.low == NEVER or self.high >= HOURLY)

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
        if not (low == high and YEARLY <= low <= DAILY):
            return Rate(low, high, match.group(0), match.start(), match.end())
        count = None if _ONE_OR_TWO.search(match.group(0)) else _ZH_COUNT_AFTER.match(clause, match.end())
        if count:  # "每周[去]一次": the count joins the span, the verb between stays the habit's
            start = match.start()
            return Rate(low, high, clause[start:count.end()], start, count.end(),
                        kept=(match.end() - start, count.end() - 2 - start), counted=True)
        return Rate(low, high, match.group(0), match.start(), match.end(),
                    counted=bool(_ONE_OR_TWO.search(match.group(0))))
    return None


# "once a week", "twice a month", "每周去一次", "一个月两次": a count per period
_ONE_OR_TWO = lazy_compile(r"\b(?:once|twice)\b|[一两]次")
_ZH_COUNT_AFTER = lazy_compile(r"[^，,。；;\d]{0,4}?[一两]次")


def _zh_period(text: str) -> str:
    return next((period for period in _PERIOD_LEVEL if period in text), "一天")


def clash(a: Rate, b: Rate) -> bool:
    """Two levels apart; or one, when one side is a bound, or a count per period against
    another single level ("once a week" / "almost every day", "每月一次" / "每周都去"):
    a bare "weekly" may be loose, "once a week" is not."""
    gap = max(a.low - b.high, b.low - a.high)
    return gap >= 2 or (gap >= 1 and (a.bound or b.bound or _counted(a, b)))


def only_by_count(a: Rate, b: Rate) -> bool:
    """Do the rates clash only as a count one rung from a single level? Such a near
    clash is weaker: a scope on either side ("at work", "on vacation") dissolves it."""
    gap = max(a.low - b.high, b.low - a.high)
    return gap == 1 and not (a.bound or b.bound) and _counted(a, b)


def _counted(a: Rate, b: Rate) -> bool:
    return (a.counted and b.low == b.high) or (b.counted and a.low == a.high)


_CUE = lazy_compile(r"\b(?:every|each|daily|weekly|monthly|yearly|annually|quarterly|hourly|nightly|"
                  r"once|twice|times|rarely|seldom|hardly|barely|scarcely|infrequently|often|frequently|regularly|"
                  r"constantly|non-?stop|incessantly|all\s+day|throughout|around\s+the\s+clock|24/7|"
                  r"all\s+the\s+time|most\s+days|on\s+weekends|occasionally|now\s+and|next\s+to\s+never|"
                  r"(?:days|nights|evenings|mornings)\s+(?:a|per|each)\s+week)\b|"
                  r"每|天天|一天|一周|一年|一个月|一月|年才|很少|极少|几乎不|难得|不怎么|偶尔|经常|常常|总是|"
                  r"老是|频繁|过年才|逢年过节|日常|最多|顶多|至多|不超过|隔三差五|三天两头|时不时|动不动|隔|"
                  r"时时刻刻|无时无刻|整天|成天|到晚|没完没了|基本不|几乎没|\bnever\b|从不|从来不|从没|从未|绝不", re.IGNORECASE)


def mentions_rate(text: str) -> bool:
    """A cheap test before `rate`: does the text say how often at all?"""
    return bool(_CUE.search(text))
