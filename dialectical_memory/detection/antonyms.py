"""Opposite words: WordNet's antonym axes (English), plus a small bilingual table.

`opposed("spacious", "cramped")` tells whether two words (stems, as the analysis
gives them) sit on opposite poles of one axis. WordNet's adjective clusters
give most of it ("quiet" / "noisy", "strict" / "lenient"); `lexicon.BILINGUAL_AXES`
adds Chinese words, each read as the English word it stands for, so "安静"
and "noisy" are opposed too. The table is parsed on first use.
"""

from __future__ import annotations

import functools

from . import lexicon
from .text import stem


def stemmed_axes(axes: str) -> str:
    """``axes`` (lines of ``pole words|pole words``) with each word stemmed, kept in first order."""
    return "\n".join("|".join(" ".join(dict.fromkeys(map(stem, pole.split()))) for pole in line.split("|"))
                     for line in axes.strip().splitlines())


@functools.cache
def _poles() -> dict[str, frozenset[tuple[int, int]]]:
    from .wordnet_poles import STEMMED_AXES  # generated from wordnet_antonyms by stemmed_axes

    found: dict[str, set[tuple[int, int]]] = {}
    lines = STEMMED_AXES.strip().splitlines()
    for number, line in enumerate(lines):
        for side, words in enumerate(line.split("|")):
            for word in words.split():
                found.setdefault(word, set()).add((number, side))
    for number, poles in enumerate(lexicon.BILINGUAL_AXES, start=len(lines)):
        for side, words in enumerate(poles):
            for word in words:
                found.setdefault(gloss(word), set()).add((number, side))
                if word.isascii():
                    found.setdefault(stem(word), set()).add((number, side))
    return {word: frozenset(axes) for word, axes in found.items()}


def gloss(word: str) -> str:
    """The unit a word of the bilingual table stands for: its English stem."""
    return _GLOSSES().get(word, stem(word) if word.isascii() else word)


@functools.cache
def _GLOSSES() -> dict[str, str]:
    glosses = {}
    for poles in lexicon.BILINGUAL_AXES:
        for words in poles:
            english = next((w for w in words if w.isascii()), words[0])
            for word in words:
                glosses[word] = stem(english) if english.isascii() else english
    return glosses


def opposed(x: str, y: str) -> bool:
    """Are the units `x` and `y` on opposite poles of one axis? Units of the
    analysis' own axes ("length=long") are opposed to the other pole of theirs."""
    if "=" in x and "=" in y:
        (axis_x, pole_x), (axis_y, pole_y) = x.split("=", 1), y.split("=", 1)
        return axis_x == axis_y and pole_x != pole_y
    poles = _poles()
    left, right = poles.get(x), poles.get(y)
    if not left or not right or x == y:
        return False
    return any((axis, 1 - side) in right for axis, side in left)


def is_adjective(word: str) -> bool:
    """A word that sits on some antonym axis: it describes rather than names."""
    return stem(word.lower()) in _poles()


def is_unit_on_axis(unit: str) -> bool:
    return unit in _poles()


@functools.cache
def _chinese_forms() -> tuple[str, ...]:
    forms = {word for poles in lexicon.BILINGUAL_AXES for words in poles for word in words
             if not word.isascii()}
    return tuple(sorted(forms, key=len, reverse=True))


def chinese_poles(text: str) -> list[str]:
    """Chinese words of the bilingual table in `text`, longest first, not overlapping."""
    found, taken = [], set()
    for form in _chinese_forms():
        start = text.find(form)
        while start >= 0:
            span = set(range(start, start + len(form)))
            if not span & taken:
                found.append(form)
                taken |= span
            start = text.find(form, start + 1)
    return found
