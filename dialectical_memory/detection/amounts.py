"""Daily amounts stated against amounts a record shows: "walks 10,000 steps every
day" / "the step counter averages 1,500 a day", "每天睡八个小时" / "睡眠记录显示平均
只睡五个小时".

Each measure names its unit in both languages. One entry states a daily amount,
the other reads it off a record (a counter, tracker, app, "数据显示", an average);
the two clash when the smaller is under `_FAR_APART` of the larger. A one-off day
("walked 3,000 steps yesterday") is no record of a habit, nor is a record of
someone else's (the rules compare holders).
"""

from __future__ import annotations

import functools
import re

from .base import Verdict
from .family import Family, contradiction
from .text import lazy_compile, normalize

_FAR_APART = 0.6


def _en_number(i: int) -> str:
    """A number, "10,000" or "10k"; named per place (a pattern names a group once)."""
    return rf"(?P<n{i}>\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?)\s*(?P<k{i}>k\b)?"


def _zh_number(i: int) -> str:
    return rf"(?P<z{i}>[\d一二两三四五六七八九十百千万]+)"


# measure -> the amount's pattern (a number with its unit)
_MEASURES: dict[str, re.Pattern] = {
    "steps": lazy_compile(rf"{_en_number(1)}\s*steps?\b|{_zh_number(1)}\s*步|"
                          rf"\bsteps?\s+(?:count|counter|total)s?\b[^.;\d]{{0,30}}{_en_number(2)}|"
                          rf"步数[^，,。；;\d一二两三四五六七八九十]{{0,10}}{_zh_number(2)}"),
    "sleep hours": lazy_compile(
        rf"\b(?:sleeps?|sleeping|slept|gets?)\s+(?:only\s+|about\s+|around\s+|at\s+least\s+|just\s+)?"
        rf"{_en_number(1)}\s*(?:hours?|hrs?|h)\b|{_en_number(2)}\s*(?:hours?|hrs?)\s+of\s+sleep\b|"
        rf"睡(?:够|满|了)?(?:只有|只|大约|不到)?{_zh_number(1)}个?多?(?:小时|钟头)"),
}
# The entry reads a record, not a habit stated.
_RECORD = lazy_compile(r"\b(?:counter|count|tracker|pedometer|app|watch|fitbit|data|logs?|logged|shows?|"
                       r"showed|averag\w*|records?|recorded)\b|计步|数据|记录|显示|平均|手环|手表")
# Both sides speak of a day: "every day", "a day", "每天", an average.
_DAILY = lazy_compile(r"\b(?:every|each|a|per)\s+(?:day|night)\b|\bdaily\b|\bnightly\b|\bon\s+average\b|"
                      r"\baverag\w*|每天|每晚|每日|平均|一天")
_ONE_DAY = lazy_compile(r"\b(?:yesterday|today|once|last\s+(?:night|monday|tuesday|wednesday|thursday|friday|"
                        r"saturday|sunday))\b|昨天|今天|昨晚|那天")

_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_POWERS = {"十": 10, "百": 100, "千": 1000, "万": 10000}


def zh_value(text: str) -> float | None:
    """"一万" 10000, "两千" 2000, "一万五" 15000, "八" 8, "十二" 12."""
    if text.isdigit():
        return float(text)
    total, digit, last_power = 0, 0, 1
    for char in text:
        if char in _ZH_DIGITS:
            digit = _ZH_DIGITS[char]
        elif char in _ZH_POWERS:
            power = _ZH_POWERS[char]
            total += (digit or 1) * power
            digit, last_power = 0, power
        else:
            return None
    if digit:  # "一万五": the trailing digit counts in the next power down
        total += digit * (last_power // 10 if last_power >= 10 else 1)
    return float(total) if total else None


def _value(match: re.Match) -> float | None:
    groups = match.groupdict()
    for name, found in groups.items():
        if found and name.startswith("n"):
            number = float(found.replace(",", ""))
            return number * 1000 if groups.get("k" + name[1:]) else number
        if found and name.startswith("z"):
            return zh_value(found)
    return None


@functools.lru_cache(maxsize=4096)
def amounts(text: str) -> tuple[tuple[str, float, bool], ...]:
    """(measure, daily amount, read off a record) for each measure the entry gives daily."""
    lowered = normalize(text)
    if not _DAILY.search(lowered) or _ONE_DAY.search(lowered):
        return ()
    found = []
    for measure, pattern in _MEASURES.items():
        match = pattern.search(lowered)
        value = _value(match) if match else None
        if value:
            found.append((measure, value, bool(_RECORD.search(lowered))))
    return tuple(found)


def clash(a_text: str, b_text: str) -> tuple[str, float, float] | None:
    """(measure, stated, recorded) when one entry states a daily amount a record of
    the other's shows far from it."""
    for measure, stated, recorded_a in amounts(a_text):
        for other, seen, recorded_b in amounts(b_text):
            if other == measure and not recorded_a and recorded_b:
                low, high = sorted((stated, seen))
                if low < high * _FAR_APART:
                    return measure, stated, seen
    return None


def amount_terms(analysis) -> set[str]:
    """Index terms: "一万步" and "1,500 steps" share no word."""
    return {f"$amount:{measure}" for measure, _, _ in amounts(analysis.text)}


def _amount_conflict(a, b) -> Verdict | None:
    """A daily amount stated, a record showing one far from it:
    "walks 10,000 steps every day" / "step counter averages 1,500 a day"."""
    found = a.holder == b.holder and clash(a.text, b.text)
    if not found:
        return None
    measure, stated, seen = found
    return contradiction("implicit", 0.7, f"{stated:g} {measure}", f"{seen:g} {measure}", holder=a.holder)


def _states_an_amount(analysis) -> bool:
    return any(not recorded for _measure, _amount, recorded in amounts(analysis.text))


FAMILY = Family("amount", kinds=("implicit",), priority=210, compare=_amount_conflict, cue=_states_an_amount,
                index_terms=amount_terms)
