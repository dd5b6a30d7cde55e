"""How often a record shows a thing done: a count over a period, or a lapse, read as
a rung of the frequency scale (`frequency.py`).

- a count of events over a period: "ordered takeout 25 times in the past month",
  "logged only three sessions last month", "上个月下了二十多单", "这个月只运动了两次";
  the events per year give the rung ("25 a month" is about daily, "3 a month" monthly).
  One event is no habit: "once last year" only bounds the rate from above.
- a count of things over a period ("read two books last month", "上周买了五杯奶茶")
  shows the activity at least that often, but says nothing of how often it is
  done beside: a lower bound.
- hours over a period ("30 hours played last week") are at most one session a day.
- a lapse: "hasn't been swimming in over a year", "一年多没看过书" bounds the rate
  from above by the period ("in months": under monthly).
"""

from __future__ import annotations

import re

from .amounts import zh_value
from .frequency import CONSTANTLY, DAILY, HOURLY, MONTHLY, NEVER, RARELY, WEEKLY, YEARLY, Rate
from .text import lazy_compile

_EN_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
               "thirty": 30, "forty": 40, "fifty": 50, "a couple of": 2, "a few": 3, "several": 4,
               "a dozen": 12, "dozens of": 24, "once": 1, "twice": 2}
_EN_NUM = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
           r"forty|fifty|a\s+couple\s+of|a\s+few|several|a\s+dozen|dozens\s+of)")
_ZH_NUM = r"(?:[\d一二两三四五六七八九十百几]+多?|好几|十几|几十)"
_DAYS = {"day": 1, "night": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365,
         "天": 1, "日": 1, "周": 7, "星期": 7, "礼拜": 7, "月": 30, "年": 365}

# the period a count is over: "last month", "in the past 30 days", "上个月", "过去一年", "这周"
_EN_PERIOD = lazy_compile(
    rf"\b(?:in|over|during|within|for)?\s*(?:the\s+)?(?:last|past|previous|this)\s+"
    rf"(?:(?P<n>{_EN_NUM})\s+)?(?P<unit>day|night|week|fortnight|month|year)s?\b", re.IGNORECASE)
_ZH_PERIOD = lazy_compile(
    rf"(?P<prev>上一?个?|这一?个?|本|今|去)(?P<unit>月|周|星期|礼拜|年)|"
    rf"(?:过去|最近|近)(?P<n>{_ZH_NUM})?个?(?P<unit2>天|周|星期|礼拜|月|年)")
# events counted: "25 times", "three sessions", "二十多单", "两次"
_EN_EVENTS = ("time", "session", "visit", "trip", "ride", "run", "workout", "order", "delivery", "deliveries",
              "class", "lesson", "game", "match", "round", "day", "night", "evening", "morning", "shift")
_EN_COUNT = lazy_compile(
    rf"\b(?P<once>once|twice)\b|\b(?P<n>{_EN_NUM})\s+(?:(?:more|extra|separate|different|whole|full|online|"
    rf"gym|takeout|takeaway|food|delivery|meditation|yoga|training|piano|tennis|late|night)\s+)?"
    rf"(?P<what>[a-z-]+?)(?:es|s)?\b(?!\s+(?:old|ago|long))", re.IGNORECASE)
_ZH_COUNT = lazy_compile(rf"(?P<n>{_ZH_NUM})\s*(?P<what>次|回|趟|单|遍|天|晚|顿|场|局|节|个?多?小时|个?钟头|"
                         r"本|杯|瓶|罐|件|部|篇|首|份|包|盒|支|根)")
_ZH_EVENTS = frozenset("次回趟单遍天晚顿场局节")
# measures that are no count of anything done: money, distance, weight, people
_NOT_COUNTED = frozenset(("dollar", "pound", "euro", "yuan", "cent", "buck", "kilometre", "kilometer", "km",
                          "mile", "kilo", "kg", "gram", "calorie", "step", "minute", "second", "percent",
                          "people", "person", "friend", "kid", "child", "year", "month", "week", "hour"))

# lapses: "hasn't been swimming in over a year", "has not played tennis in months", "一年多没看过书"
_EN_LAPSE = lazy_compile(
    rf"\b(?:has|have)(?:n't|\s+not)\s+(?P<what>(?:\w+\s+){{1,5}}?)(?:in|for)\s+(?:over\s+|more\s+than\s+|almost\s+|"
    rf"nearly\s+|about\s+)?(?:a|an|the\s+(?:last|past))?\s*(?:(?P<n>{_EN_NUM})\s+)?(?P<unit>day|week|month|year|age)s?\b|"
    rf"\b(?:has|have)(?:n't|\s+not)\s+(?P<what3>(?:\w+\s+){{1,5}}?)since\s+(?:(?:\w+\s+){{0,2}}?"
    rf"(?P<n3>{_EN_NUM}|a|an)\s+(?P<unit3>month|year)s?\s+ago|last\s+(?P<unit4>year))\b|"
    rf"\bno\s+(?P<what2>(?:\w+\s+){{1,3}}?)(?:in|for)\s+(?:the\s+)?(?:over\s+|more\s+than\s+)?(?:last|past)\s+"
    rf"(?:(?P<n2>{_EN_NUM})\s+)?(?P<unit2>day|week|month|year)s?\b", re.IGNORECASE)
_ZH_LAPSE = lazy_compile(rf"(?P<n>{_ZH_NUM}|半)个?多?(?P<unit>天|周|星期|礼拜|月|年)多?(?:了|来)?(?:都|也|还)?(?:没有?|未)")
# a lapse since a named time: "no sessions since March", "hasn't done yoga since January",
# "no runs logged since last summer", "从三月以后就没有更新过", "从去年开始就没冥想过";
# a month named, or a season or year gone by, is some months at least
_MONTHS = (r"january|february|march|april|may|june|july|august|september|october|november|december|"
           r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec")
_SINCE_WHEN = (rf"since\s+(?:(?:{_MONTHS})\b|(?:last|the)\s+(?:year|summer|winter|spring|autumn|fall|christmas|"
               rf"new\s+year)\b|christmas\b|new\s+year\b)")
_EN_SINCE_LAPSE = lazy_compile(
    rf"\b(?:has|have)(?:n't|\s+not)\s+(?!(?:\w+\s+)?(?:missed|skipped|broken|failed|stopped|slipped)\b)"
    rf"(?P<what>(?:\w+\s+){{1,5}}?){_SINCE_WHEN}|"
    rf"\bno\s+(?P<what2>(?:[\w-]+\s+){{1,3}}?)(?:(?:logged|recorded|tracked|completed|done)\s+)?{_SINCE_WHEN}",
    re.IGNORECASE)
_ZH_SINCE_NONE = lazy_compile(r"(?:(?:[一二三四五六七八九十]{1,3}|\d{1,2})月份?|去年|前年)(?:[春夏秋冬]天)?"
                              r"(?:以来|以后|之后|起|开始)(?:就|都|再|便)?(?:也)?(?:没有?|未|不再)(?P<what>[^，,。；;]{0,8})")


def rate(clause: str) -> Rate | None:
    """The rung a record of the clause shows, or None."""
    return _lapse(clause) or _count(clause)


def _lapse(clause: str) -> Rate | None:
    match = _EN_LAPSE.search(clause) or _ZH_LAPSE.search(clause)
    if not match:
        return _none_in_period(clause) or _lapse_since(clause) or _last_time(clause)
    groups = match.groupdict()
    unit = groups.get("unit") or groups.get("unit2") or groups.get("unit3")
    number = groups.get("n") or groups.get("n2") or groups.get("n3")
    if groups.get("unit4"):  # "since last year": some months at least
        unit, number = "month", "3"
    days = _DAYS.get(unit, 365 * 2) * (0.5 if number == "半" else max(1.0, _number(number) or 1))
    if days < 7:
        return None  # a few days off is no lapse of a habit
    if unit == "age" or (number and "几" in number):
        days = max(days, 3 * _DAYS.get(unit, 30))  # "in ages", "好几个月": several
    if not number and unit in ("month", "week", "day", "year") and \
            re.search(rf"\b{unit}s\b", match.group(0)):
        days *= 3  # "in months", "for weeks": more than one
    what = next((name for name in ("what", "what2", "what3") if groups.get(name)), None)
    kept = (match.start(what) - match.start(), match.end(what) - match.start()) if what else None
    return Rate(NEVER, _below(days), match.group(0), match.start(), match.end(), kept)


def _lapse_since(clause: str) -> Rate | None:
    """"No sessions since March", "从去年开始就没冥想过": nothing done for some months."""
    match = _EN_SINCE_LAPSE.search(clause) or _ZH_SINCE_NONE.search(clause)
    if not match:
        return None
    what = next((name for name in ("what", "what2") if match.groupdict().get(name)), None)
    kept = (match.start(what) - match.start(), match.end(what) - match.start()) if what else None
    return Rate(NEVER, _below(60.0), match.group(0), match.start(), match.end(), kept)


# not once in a period: "这周一次都没遛过狗", "not once this month", "zero workouts last month"
_NOT_ONCE = lazy_compile(r"(?:一次|一回|一天)(?:都|也)(?:没有?|不)|\bnot\s+(?:even\s+)?once\b|\bzero\b", re.IGNORECASE)


def _none_in_period(clause: str) -> Rate | None:
    match = _NOT_ONCE.search(clause)
    period = match and (_EN_PERIOD.search(clause) or _ZH_PERIOD.search(clause))
    if not period:
        return None
    start, end = min(match.start(), period.start()), max(match.end(), period.end())
    first, second = sorted((match, period), key=lambda found: found.start())
    return Rate(NEVER, _below(_period_days(period)), clause[start:end], start, end,
                (first.end() - start, second.start() - start))


# the last time was long ago: "last blog post was eight months ago", "上一次游泳还是去年夏天",
# "hasn't been to church since last year"
_EN_LAST_TIME = lazy_compile(
    rf"\blast\s+(?P<what>(?:\w+\s+){{0,3}}?)(?:was|were)\s+(?:over\s+|more\s+than\s+|about\s+|almost\s+)?"
    rf"(?:(?P<n>{_EN_NUM}|a|an)\s+)?(?P<unit>day|week|month|year)s?\s+ago\b|"
    rf"\bsince\s+(?:(?:\w+\s+){{0,2}}?(?P<n2>{_EN_NUM}|a|an)\s+(?P<unit2>month|year)s?\s+ago|last\s+(?P<year>year))\b",
    re.IGNORECASE)
_ZH_LAST_TIME = lazy_compile(rf"(?:上一?次|最后一次)(?P<what>[^，,。；;]{{0,10}}?)(?:还是|是|在)?"
                             rf"(?:(?P<year>去年|前年)|(?P<n>{_ZH_NUM}|半)个?多?(?P<unit>月|年)(?:以?前))")


def _last_time(clause: str) -> Rate | None:
    match = _EN_LAST_TIME.search(clause) or _ZH_LAST_TIME.search(clause)
    if not match:
        return None
    groups = match.groupdict()
    if groups.get("year"):
        days = 730.0 if groups["year"] == "前年" else 90.0  # last year: some months ago at least
    else:
        unit = groups.get("unit") or groups.get("unit2")
        number = groups.get("n") or groups.get("n2")
        days = _DAYS[unit] * (0.5 if number == "半" else (_number(number) or 1))
    if days < 14:
        return None
    kept = (match.start("what") - match.start(), match.end("what") - match.start()) if groups.get("what") else None
    return Rate(NEVER, _below(days), match.group(0), match.start(), match.end(), kept)


_ONE_DAY = lazy_compile(r"\b(?:yesterday|today|tonight|last\s+night|this\s+morning)\b|昨天|今天|昨晚|今早|那天",
                        re.IGNORECASE)


def one_day(text: str) -> bool:
    """Is it said of a single day ("didn't drink coffee yesterday")? That is no lapse of a habit."""
    return bool(_ONE_DAY.search(text))


def _below(days: float) -> int:
    """The highest rung a habit can be on that went `days` without once."""
    if days >= 365:
        return RARELY
    if days >= 60:
        return YEARLY
    if days >= 14:
        return MONTHLY
    return WEEKLY


def _count(clause: str) -> Rate | None:
    period, counts = _EN_PERIOD.search(clause), _EN_COUNT
    if not period:
        period, counts = _ZH_PERIOD.search(clause), _ZH_COUNT
    if not period:
        return None
    days = _period_days(period)
    for match in counts.finditer(clause):
        if period.start() <= match.start() < period.end():
            continue
        counted = _counted(match)
        if counted is None:
            continue
        count, event, hours = counted
        if hours:
            count = min(count, days)  # at most one session a day
        level = _level(count * 365 / days)
        start, end = min(match.start(), period.start()), max(match.end(), period.end())
        # what is counted stays: "上个月[下了]二十多单", "one [yoga class] in the last two months"
        if match.start() < period.start():
            kept = ((match.end("n") if match.group("n") else match.end()) - start, period.start() - start)
        else:
            kept = (period.end() - start, match.start() - start)
        surface = clause[start:end]
        if not event:  # things, not sessions: two cups may be one sitting, five are a habit
            if count < 5:
                return None
            return Rate(_level(count / 2.5 * 365 / days), CONSTANTLY, surface, start, end, kept)
        if count <= 1:
            return Rate(NEVER, level, surface, start, end, kept)  # one event is no habit
        return Rate(level, level, surface, start, end, kept)
    return None


def _period_days(period: re.Match) -> float:
    groups = period.groupdict()
    unit = groups.get("unit") or groups.get("unit2")
    return _DAYS[unit] * (_number(groups.get("n")) or 1)


def _counted(match: re.Match) -> tuple[float, bool, bool] | None:
    """(how many, whether they are events, whether they are hours)."""
    groups = match.groupdict()
    if groups.get("once"):
        return _EN_NUMBERS[groups["once"].lower()], True, False
    number, what = _number(groups["n"]), groups["what"]
    if not number:
        return None
    if what in _ZH_EVENTS:
        return number, True, False
    if "时" in what or "钟头" in what:
        return number, True, True
    if not what.isascii():
        return number, False, False
    word = what.lower()
    if word.endswith("hour"):
        return number, True, True
    if word in _NOT_COUNTED or len(word) < 3:
        return None
    singular = (word, word + "e", word + "s", word[:-1] + "y" if word.endswith("i") else word)  # "tim(es)", "clas(s)"
    return number, any(form in _EN_EVENTS for form in singular), False


def _level(per_year: float) -> int:
    """The rung of so many times a year: a few a month is monthly, twenty a month daily."""
    if per_year < 1:
        return RARELY
    if per_year <= 8:
        return YEARLY
    if per_year <= 40:
        return MONTHLY
    if per_year <= 200:
        return WEEKLY
    if per_year <= 3 * 365:
        return DAILY
    return HOURLY


def _number(text: str | None) -> float | None:
    if not text:
        return None
    text = text.lower().strip()
    if text.isdigit():
        return float(text)
    if text in _EN_NUMBERS:
        return float(_EN_NUMBERS[text])
    words = " ".join(text.split())
    if words in _EN_NUMBERS:
        return float(_EN_NUMBERS[words])
    text = text.rstrip("多")
    if text in ("好几", "几"):
        return 3.0
    if text == "十几":
        return 15.0
    if text == "几十":
        return 30.0
    return zh_value(text.replace("几", ""))


_CUE = lazy_compile(r"\b(?:last|past|this|previous|since|has(?:n't|\s+not)|have(?:n't|\s+not))\b|"
                    r"上个?[月周星礼]|这个?[月周星礼]|本[月周]|今年|去年|过去|最近|近[一两三几半]|没|上一?次|最后一次",
                    re.IGNORECASE)


def mentions_record(text: str) -> bool:
    """A cheap test before `rate`."""
    return bool(_CUE.search(text))

