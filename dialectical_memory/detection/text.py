"""Normalisation, stemming and Chinese segmentation shared by the detector and the index."""

from __future__ import annotations

import functools
import re
import unicodedata

from ..core.regex_cues import CueTable, LazyPattern, Needs
from . import languages


def lazy_compile(pattern: str, flags: int = 0) -> LazyPattern:
    """A detector pattern: compiled on first use, and not run on a text that holds none of its cues
    (see :class:`..core.regex_cues.LazyPattern`; the cues are this package's ``pattern_cues.json``)."""
    return LazyPattern(pattern, flags, _CUES)


_CUES = CueTable(__package__, "pattern_cues.json")

CJK_RANGE = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A run of CJK characters, or an English word/number ("c++", "3.12", "5am").
PIECE = lazy_compile(f"([{CJK_RANGE}]+)|([a-z0-9]+(?:\\.[0-9]+)*[+#]*)")

_CONTRACTIONS = (
    (lazy_compile(r"\bcan'?t\b|\bcannot\b"), "can not"),
    (lazy_compile(r"\bwon'?t\b"), "will not"),
    (lazy_compile(r"\b(\w+)n't\b"), r"\1 not"),
    (lazy_compile(r"'re\b"), " are"),
    (lazy_compile(r"'m\b"), " am"),
    (lazy_compile(r"'ve\b"), " have"),
    (lazy_compile(r"'ll\b"), " will"),
    (lazy_compile(r"\b(i|you|he|she|they|we)'d\b"), r"\1 would"),
)
# Most texts hold no contraction: one test of all their cues (a text without one is left as it is
# by every rewrite in turn, none of which can make one).
_ANY_CONTRACTION = Needs(*(pattern for pattern, _replacement in _CONTRACTIONS))

# Stems kept whole: cutting them would merge them with an unrelated word.
_PROTECTED = frozenset(("care", "quite", "theme", "evening", "plane", "note", "notion"))
# Suffixes removed by the light stemmer, longest first; the stem keeps at least 3 letters.
_SUFFIXES = ("ations", "ation", "ions", "ion", "ingly", "ings", "ing", "ies", "ied", "edly", "ed", "es", "s")
_SIBILANT_ENDINGS = ("s", "x", "z", "ch", "sh")  # "boxes", "watches": the only "-es" plurals
_KEEP_FINAL_S = ("ss", "us", "sis", "ous")


@functools.lru_cache(maxsize=4096)  # pure; an analysis asks again for the same clause
def normalize(text: str) -> str:
    """Unicode-normalise, lowercase and expand English contractions."""
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    text = text.lower()
    if _ANY_CONTRACTION.held_in(text):
        for pattern, replacement in _CONTRACTIONS:
            text = pattern.sub(replacement, text)
    return " ".join(text.split())


def is_cjk(text: str) -> bool:
    """Whether ``text`` holds a Chinese character (one of ``CJK_RANGE``). Not a pattern: a class of
    28,000 characters cost the first caller of a process ~4 ms to compile; a text is mostly ASCII
    (answered at once) or opens with its Chinese character."""
    if text.isascii():
        return False
    for char in text:
        if char >= "\u3400" and (char <= "\u4dbf" or "\u4e00" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"):
            return True
    return False


@functools.lru_cache(maxsize=16384)  # pure; the same few thousand words come back in every text
def stem(word: str) -> str:
    """A light stemmer: enough to merge "likes/liked/liking", "reply/replies",
    "citation/cited". Like Porter's, final y and ie both become i."""
    word = languages.table("lexicon", "irregular").get(word, word)
    if word in _PROTECTED:
        return word
    if len(word) <= 3 or not word.isalpha():
        return word
    word = _strip_suffix(word)
    if word.endswith("y") and len(word) > 3:
        word = word[:-1] + "i"
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]
    return word


def _strip_suffix(word: str) -> str:
    if not word.endswith(_SUFFIXES):  # most words: one test instead of one per suffix
        return word
    for suffix in _SUFFIXES:
        if not word.endswith(suffix) or len(word) - len(suffix) < 3:
            continue
        if suffix == "es" and not word[:-2].endswith(_SIBILANT_ENDINGS):
            continue
        if suffix == "s" and word.endswith(_KEEP_FINAL_S):
            continue
        return word[: -len(suffix)] + ("i" if suffix in ("ies", "ied") else "")
    return word


# Inflectional endings (plural, past, participle, comparative, agent): what a dictionary form
# may grow into and still be the same word, unlike the stemmer's cuts ("news" is no plural of
# "new", "winning" no form of "wine").
_INFLECTIONS = ("ies", "ied", "ing", "ers", "est", "es", "ed", "er", "s", "d")


@functools.lru_cache(maxsize=16384)
def _bases(word: str) -> frozenset[str]:
    """The dictionary forms ``word`` may be an inflection of: itself, its irregular base
    ("drove": drive), and what is left without one inflectional ending, with a final e put back
    or a doubled consonant undone ("hiking": hike, "swimming": swim, "hobbies": hobby)."""
    found = {word, languages.table("lexicon", "irregular").get(word, word)}
    for ending in _INFLECTIONS:
        rest = word[: -len(ending)]
        if not word.endswith(ending) or len(rest) < 2:
            continue
        rest = rest + "y" if ending in ("ies", "ied") else rest
        found.update((rest, rest + "e"))
        if len(rest) > 2 and rest[-1] == rest[-2]:
            found.add(rest[:-1])
    return frozenset(found)


def inflects(word: str, form: str) -> bool:
    """Whether a text's word and a lexicon form are one word, either an inflection of the other
    ("wines" / "wine", "swims" / "swimming", "photo" / "photos"). Words the stemmer merges without
    that ("winning" and "wine", "late" and "latte") are not."""
    if word == form or not (word.isalpha() and form.isalpha()):  # "c++", "3.12": as the stemmer keys them
        return True
    return not _bases(word).isdisjoint(_bases(form))


def segment_chinese(run: str, dictionary: frozenset[str], max_len: int) -> list[str]:
    """Forward maximum matching: the longest dictionary word at each position,
    else a single character."""
    words: list[str] = []
    start = 0
    while start < len(run):
        for length in range(min(max_len, len(run) - start), 0, -1):
            candidate = run[start : start + length]
            if length == 1 or candidate in dictionary:
                words.append(candidate)
                start += length
                break
    return words


def chinese_bigrams(run: str) -> list[str]:
    """Character bigrams of a CJK run; a single character stands for itself."""
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}
_EN_NUMBERS = {word: value for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


def parse_number(raw: str) -> int | None:
    """Digits, English number words up to twelve, or Chinese numerals up to 99."""
    if raw.isdigit():
        return int(raw)
    if raw in _EN_NUMBERS:
        return _EN_NUMBERS[raw]
    if not raw or any(ch not in _ZH_DIGITS and ch != "十" for ch in raw):
        return None
    if "十" not in raw:
        return _ZH_DIGITS[raw] if len(raw) == 1 else None
    tens, _, ones = raw.partition("十")
    return (_ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (_ZH_DIGITS.get(ones, 0) if ones else 0)
