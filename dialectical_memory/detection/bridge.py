"""Chinese words read as English ones, for pairs of entries in different languages.

"User likes classical music" / "用户不喜欢古典音乐" share no word the lexicon knows: 古典 is not
in its concept tables, so the Chinese claim's topic is a character bigram that no English stem
meets. `bridge.tsv` (CC-CEDICT, CC BY-SA 4.0: see tools/make_bridge.py) gives the English word of
about 22,000 common Chinese words; a Chinese entry compared with an English one has the words of
its topic that the lexicon left unknown replaced by the stems of their English gloss. Entries of
one language are never bridged: their words already meet.
"""

from __future__ import annotations

import dataclasses
import functools

from . import bundled, languages
from .text import CJK_RANGE, is_cjk, lazy_compile, stem

_CJK_RUN = lazy_compile(f"[{CJK_RANGE}]+")
# words of a gloss that name nothing ("grow up", "every year")
_GLOSS_STOPWORDS = frozenset(("a", "an", "the", "of", "to", "and", "or", "in", "on", "for", "with", "up", "out",
                              "off", "down", "away", "every", "each", "all", "some", "no", "not", "one"))


_LONGEST = 5  # characters of the longest word tools/make_bridge.py keeps


@bundled.read_once
def _glosses() -> dict[str, str]:
    """Chinese word → English gloss ("" for a name, kept only so no word is cut out of it); read
    on the first pair of entries in two languages, or the first Chinese entry a search reads. Built
    by C calls where it can (a third of a first search at 100,000 entries was this table)."""
    fields = "\t".join(bundled.lines("bridge.tsv")).split("\t")  # gloss, words, gloss, words, …
    if len(fields) % 2:
        raise ValueError("bridge.tsv: a row without its two fields")
    english, chinese = fields[0::2], fields[1::2]
    glosses = dict(zip(chinese, english))  # most rows name one word
    for row in [row for row, words in enumerate(chinese) if " " in words]:  # and the others several
        del glosses[chinese[row]]
        glosses.update(dict.fromkeys(chinese[row].split(), english[row]))
    glosses.update(languages.table("bridge", "pastimes"))  # what the table's make drops, by hand
    return glosses


@functools.cache
def _one_character_words() -> dict[str, str]:
    """Single characters that are words on their own → their English head word (lang/zh/bridge.json)."""
    return languages.table("bridge", "characters") | languages.table("bridge", "character_nouns")


@functools.lru_cache(maxsize=4096)
def _stems(gloss: str) -> tuple[str, ...]:
    return tuple(stem(word) for word in gloss.split() if word not in _GLOSS_STOPWORDS)


@functools.lru_cache(maxsize=4096)  # pure; a claim's text is read for the index and again to bridge a pair
def english_words(text: str) -> tuple[tuple[str, tuple[str, ...], frozenset[str]], ...]:
    """The Chinese words of `text` the table knows, longest first at each position, with the stems
    of their English gloss and the bigrams they cover, also those across their edges:
    "逛博物馆" → (("博物馆", ("museum",), {"逛博", "博物", "物馆"}),)."""
    table = _glosses()
    found = []
    for run in _CJK_RUN.findall(text):
        position = 0
        while position < len(run) - 1:
            for length in range(min(_LONGEST, len(run) - position), 1, -1):
                word = run[position : position + length]
                if word in table:  # a name has no gloss: it is only kept from being cut up
                    covered = run[max(position - 1, 0) : position + length + 1]
                    if table[word]:
                        found.append((word, _stems(table[word]), _bigrams(covered)))
                    position += length
                    break
            else:
                position += 1
    return tuple(found)


def _bigrams(word: str) -> frozenset[str]:
    return frozenset(word[i : i + 2] for i in range(len(word) - 1))


def bridged_units(units: frozenset[str], text: str) -> frozenset[str]:
    """`units` with each Chinese word the lexicon left unknown (its bigrams or characters are units)
    read as the stems of its English gloss; units of words the lexicon knows stay as they are."""
    if not units or not any(is_cjk(unit) for unit in units):
        return units
    result = set(units)
    for word, stems, covered in english_words(text):
        # the word's pieces as the lexicon left them: bigrams of an unknown run, or single
        # characters beside a word it knows ("图书馆": 图 | 书 book | 馆)
        pieces = {unit for unit in units if is_cjk(unit) and unit in word}
        if pieces:
            result -= covered | pieces | _units_within(word)
            result.update(stems)
    for unit in tuple(result):  # a character standing alone as a word: "很暗" dark, "比起山" mountain
        if unit in _one_character_words() and _stands_alone(unit, text):
            result.discard(unit)
            result.add(_character_stem(unit))
    return frozenset(result)


# What may follow a one-character word in a sentence: punctuation, the end, or a particle
# ("很暗。", "吃辣的东西", "鱼和肉"); or what may come before it: 的 before a noun, a degree
# word before an adjective, 吃/喝 before a food ("做的汤总是很淡"). Otherwise the character
# starts a word the lexicon does not know ("不想面对": face up to, not 面 noodles).
_AFTER_A_WORD = frozenset("的了和与或吗呢啊呀吧过着也都就，,。.；;！!？?、 ")
_BEFORE_A_WORD = frozenset("的很太挺真吃喝")


def _stands_alone(character: str, text: str) -> bool:
    position = text.find(character)
    if position < 0:
        return False
    after = text[position + 1 : position + 2]
    before = text[position - 1 : position] if position else ""
    return not after or after in _AFTER_A_WORD or before in _BEFORE_A_WORD


@functools.lru_cache(maxsize=256)
def _character_stem(character: str) -> str:
    """The unit an English entry has for the character's word: the lexicon's concept for a noun
    ("面" noodle → "noodles", as "prefers rice over noodles" reads it), else the word's stem."""
    word = _one_character_words()[character]
    if character in languages.table("bridge", "character_nouns"):
        values = {term.value for term in _english_terms(word) if term.value}
        if len(values) == 1:
            return values.pop()
    return stem(word)


def _english_terms(word: str):
    from . import terms  # the lexicon's reader; imported late, as it needs the whole lexicon

    return terms.terms(word)


@functools.lru_cache(maxsize=4096)
def _units_within(word: str) -> frozenset[str]:
    """What the lexicon reads in the characters of one word: "图书馆" → {"图", "book", "馆"}."""
    from . import terms  # the lexicon's reader; imported late, as it needs the whole lexicon

    return frozenset(term.value for term in terms.terms(word) if term.value)


def mixed(a: str, b: str) -> bool:
    """Is one entry Chinese and the other not?"""
    return is_cjk(a) != is_cjk(b)


def _slot_name(name: str) -> str:
    """A slot named by a Chinese noun, named in English: "经理 name" → "manager name"."""
    head, space, rest = name.partition(" ")
    if not is_cjk(head):
        return name
    return (_glosses().get(head) or head) + space + rest


def bridge_analysis(analysis):
    """The analysis of a Chinese entry with its claims' topics read in English (see module doc)."""
    claims = tuple(dataclasses.replace(claim, topic=bridged_units(claim.topic, claim.text))
                   for claim in analysis.claims)
    slots = tuple(slot._replace(name=_slot_name(slot.name)) for slot in analysis.slots)
    orders = tuple(order._replace(preferred=bridged_units(order.preferred, order.text),
                                  other=bridged_units(order.other, order.text))
                   for order in analysis.orders)
    if claims == analysis.claims and slots == analysis.slots and orders == analysis.orders:
        return analysis
    return dataclasses.replace(analysis, claims=claims, slots=slots, orders=orders)


def english_topics(analysis) -> frozenset[str]:
    """The English stems a Chinese entry's claims are about once bridged (none for English)."""
    if not is_cjk(analysis.text):
        return frozenset()
    return frozenset(unit for claim in analysis.claims for unit in bridged_units(claim.topic, claim.text)
                     if unit.isascii() and unit not in claim.topic)
