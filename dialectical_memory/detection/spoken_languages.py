"""Not speaking a language, against speaking it to someone.

"不会说英语" / "在外企用英语给客户做汇报", "doesn't speak German" / "negotiates
contracts in German every week": a talk, a meeting, a call or a lesson given in a
language is speaking it. Not speaking it: learning it, wanting to, reading or
writing it, or having an interpreter speak it for one.
"""

from __future__ import annotations

import functools
import re

from . import lexicon
from .analysis import Analysis
from .base import Verdict
from .family import Family, contradiction
from .pairing import UNTIL_THEN
from .text import lazy_compile

_FORMS = {form: language for language, forms in lexicon.NATURAL_LANGUAGES.items() for form in forms}
_NAMES = "|".join(sorted(map(re.escape, _FORMS), key=len, reverse=True))

# "doesn't speak German", "can't speak Japanese", "speaks no Spanish", "不会说英语", "一句法语都不会说"
_NOT_SPOKEN = lazy_compile(
    rf"\b(?:(?:does|do)\s*(?:n't|not)|can'?t|can\s*not|cannot|never\s+learn(?:ed|t)\s+to)\s+speak\s+(?:any\s+)?"
    rf"(?P<en>{_NAMES})\b|\bspeaks?\s+(?:no|not\s+a\s+word\s+of)\s+(?P<no>{_NAMES})\b|"
    rf"不会(?:说|讲)(?P<zh>{_NAMES})|(?:一句|一点)(?P<word>{_NAMES})(?:都|也)(?:不会|没法)(?:说|讲)", re.IGNORECASE)

# A spoken act done in the language: "negotiates in German", "用英语给客户做汇报", "gave a talk in Korean".
_SPOKEN_ACTS = (r"negotiat\w*|chat\w*|talk\w*|present\w*|pitch\w*|argu\w*|interview\w*|lectur\w*|teach\w*|"
                r"taught|speak\w*|spoke|call\w*|meeting\w*|conversation\w*|haggl\w*|gave\s+a\s+(?:talk|speech)|"
                r"gives?\s+(?:a\s+)?(?:talks?|speech\w*|presentations?)|on\s+the\s+phone")
_SPOKEN_USE = lazy_compile(
    rf"\b(?:{_SPOKEN_ACTS})\b[^.;!?。]{{0,60}}?\bin\s+(?P<after>{_NAMES})\b|"
    rf"\bin\s+(?P<before>{_NAMES})\b[^.;!?。]{{0,30}}?\b(?:{_SPOKEN_ACTS})\b|"
    rf"用(?P<zh>{_NAMES})[^，,。；;]{{0,12}}?(?:汇报|谈判|谈|聊|交流|沟通|开会|演讲|讲课|上课|讲|说|打电话|吵|砍价|面试|主持)",
    re.IGNORECASE)
# Not speaking it oneself: learning, wanting, reading, or someone speaking for one.
_NOT_ONESELF = lazy_compile(
    r"\b(?:learn\w*|lessons?|classes|wants?|plans?|hopes?|would\s+like|trying|tries|interpreter\w*|translat\w*|"
    r"reads?|subtitles?)\b|在学|学习|想|打算|计划|希望|准备|翻译|口译|看懂|读", re.IGNORECASE)


def _language(match: re.Match | None) -> str:
    if not match:
        return ""
    name = next(found for found in match.groups() if found)
    return _FORMS.get(name.lower(), _FORMS.get(name, ""))


@functools.lru_cache(maxsize=8192)
def not_spoken(text: str) -> str:
    """The language an entry says is not spoken ("" if none)."""
    return _language(_NOT_SPOKEN.search(text))


@functools.lru_cache(maxsize=8192)
def spoken_in(text: str) -> str:
    """The language a spoken act of the entry is done in, by the holder ("" if none)."""
    if _NOT_ONESELF.search(text):
        return ""
    return _language(_SPOKEN_USE.search(text))


def language_terms(analysis: Analysis) -> set[str]:
    """Index terms: "in German" is a scope of the act, so both sides name the language spoken."""
    text = analysis.text
    return {f"#speaks:{language}" for language in (not_spoken(text), spoken_in(text)) if language}


def _spoken_language_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """"不会说英语" / "用英语给客户做汇报": a language not spoken, spoken to someone."""
    language = not_spoken(a.text)
    if (not language or a.holder != b.holder or spoken_in(b.text) != language
            or not_spoken(b.text) or UNTIL_THEN.search(a.text)):
        return None
    return contradiction("implicit", 0.75, a.text, b.text, holder=a.holder, values=[language])


def _says_not_spoken(analysis: Analysis) -> bool:
    return bool(not_spoken(analysis.text))


FAMILY = Family("not spoken", kinds=("implicit",), priority=170, compare=_spoken_language_conflict,
                cue=_says_not_spoken, index_terms=language_terms)
