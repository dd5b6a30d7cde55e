"""One Chinese statement but for an antonym morpheme: "是个急性子" / "是个慢性子", "卧室朝北" /
"卧室朝南", "字写得很漂亮" / "字写得很难看" (`antonyms.zh_minimal_pair` and its scales).
"""

from __future__ import annotations

import functools

from . import antonyms
from .analysis import Analysis, strip_subject
from .base import Verdict
from .family import Family, contradiction
from .text import lazy_compile


def _morpheme_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One Chinese statement but for an antonym morpheme: "是个急性子" / "是个慢性子",
    "卧室朝北" / "卧室朝南" (`antonyms.zh_minimal_pair`)."""
    left, right = _chinese_body(a.text), _chinese_body(b.text)
    found = left and right and antonyms.zh_minimal_pair(left, right)
    if not found:
        return None
    return contradiction("antonym", 0.75, a.text, b.text, holder=a.holder, words=list(found))


_HAN = lazy_compile(r"[\u4e00-\u9fff]")


@functools.lru_cache(maxsize=8192)
def _chinese_body(text: str) -> str:
    """A Chinese entry without its subject ("" for any other): what a minimal pair compares."""
    return strip_subject(text) if not text.isascii() and _HAN.search(text) else ""  # ASCII: no search (nor compile)


def _held_poles(analysis: Analysis) -> frozenset[tuple[int, int]]:
    """The scale poles a word of the Chinese body is (`antonyms.zh_scale_poles`): what a minimal
    pair opposes."""
    return antonyms.zh_scale_poles(_chinese_body(analysis.text))


def _sought_poles(analysis: Analysis) -> frozenset[tuple[int, int]]:
    return frozenset((scale, 1 - side) for scale, side in _held_poles(analysis))


def _in_chinese(analysis: Analysis) -> bool:
    return bool(_chinese_body(analysis.text))


FAMILY = Family("antonym morpheme", kinds=("antonym",), priority=110, compare=_morpheme_conflict, cue=_in_chinese,
                keys=_held_poles, sought=_sought_poles)
