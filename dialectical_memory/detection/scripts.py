"""The script gate: letters no language here reads are not guessed at.

The rules read English and Chinese. A Japanese entry shares Chinese characters with Chinese and
a Russian one shares nothing, so rules run on them would either misread them ("ユーザーは肉を食べない"
read as a Chinese "meat" with its verb-final negation dropped) or call them unrelated; both are
decisions nothing revisits. So a part of an entry holding a letter in a script no language reads
(kana, hangul, Cyrillic, Arabic, Greek, …; digits, punctuation, symbols and emoji are no letters)
gets no rule verdict: the pair is "not read" (`Label.UNREAD`) and stays open for the judge and
the agent. Latin letters are all read as English's: other Latin-script languages are a known gap.
"""

from __future__ import annotations

import functools
import unicodedata

from .languages import read_scripts

_LETTER_CATEGORIES = ("Lu", "Ll", "Lt", "Lo")  # modifier letters (ʼ, ー, 々) ride along with others


@functools.lru_cache(maxsize=8192)
def unread_scripts(text: str) -> tuple[str, ...]:
    """The scripts of the letters in ``text`` that no language reads, by first appearance
    ("KATAKANA", "HIRAGANA", "HANGUL", "CYRILLIC"); () for a text every letter of which is read."""
    if text.isascii():
        return ()
    found: dict[str, None] = {}
    for char in unicodedata.normalize("NFKC", text):
        script = _unread_script(char)
        if script:
            found.setdefault(script)
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def _unread_script(char: str) -> str:
    if char.isascii() or unicodedata.category(char) not in _LETTER_CATEGORIES:
        return ""
    name = unicodedata.name(char, "")
    if name.startswith(read_scripts()):
        return ""
    return name.split(" ", 1)[0] or "UNNAMED"


def unread_words(text: str) -> frozenset[str]:
    """The runs of unread letters in ``text``, lowercased ("мясо", "ユーザーは"): what the candidate
    index links such entries by, the rules having nothing to say of them."""
    if not unread_scripts(text):
        return frozenset()
    words, run = set(), []
    for char in unicodedata.normalize("NFKC", text).lower():
        if _unread_script(char) or (run and unicodedata.category(char) in ("Lm", "Mn", "Mc")):
            run.append(char)
        elif run:
            words.add("".join(run))
            run = []
    if run:
        words.add("".join(run))
    return frozenset(words)
