"""Turn text into a sequence of lexicon terms.

English words are stemmed; Chinese runs are segmented with a dictionary built
from the lexicon. Then the longest known phrase at each position becomes one
`Term`; unknown words become content terms (English stems, or runs of unknown
Chinese characters).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from . import gazetteer, languages, lexicon
from .text import PIECE, inflects, is_cjk, segment_chinese, stem

# Roles a term can play in a clause.
STOP = "stop"  # function word, ignored
LIGHT = "light"  # verb or noun too general to be a topic
DOMAIN = "domain"  # anchors an ambiguous axis word
NEGATION = "negation"
NEVER = "never"  # negation that is also a frequency
CESSATION = "cessation"  # "no longer", "stopped", "戒了"
PAST = "past"  # a past state: "used to", "曾经"; `value` "head" when only at a clause head
PAST_TIME = "past_time"  # a time in the past: "last year", "去年", "小时候"
VERB = "verb"  # stance verb with a sign: like (+1), hate (-1)
FREQUENCY = "frequency"
REDUCE = "reduce"  # "fewer", "cut down on", "少吃": less of something, not none
POLE = "pole"  # one pole of an axis
CONCEPT = "concept"
ABSTAIN = "abstain"  # identity implying abstinence ("vegetarian")
SCOPE = "scope"  # preposition opening a scope
CONDITION = "condition"  # conjunction opening a condition ("when", "if", "如果")
LEADING = "leading"  # opens a condition at the head of a clause only ("for", "as for")
EXCEPTION = "exception"  # opens an exception ("except", "unless", "除了")
DEFAULT = "default"  # marks the general case ("in general", "by default", "一般")
OCCASIONAL = "occasional"  # marks an occasional case ("sometimes", "有时")
SCOPE_NOUN = "scope_noun"  # time or occasion where a statement holds ("weekend", "周末")
CONTENT = "content"  # unknown English word
CJK_RUN = "cjk_run"  # unknown Chinese characters


class Term(NamedTuple):
    """One known phrase: its role and what it means. (A named tuple: 3,400 are made when the
    detector is first imported, a third of the time a frozen dataclass took.)"""

    role: str
    surface: str
    value: str = ""  # concept id, axis name, frequency level or content unit
    pole: str = ""
    sign: int = 1
    strict: bool = True  # for poles: counts without a domain word
    abstains: tuple[str, ...] = ()
    implicit: bool = False  # marks conflicts as "implicit" (allergies, diets)
    unit: str = ""  # for a domain word that is also a topic: its topic unit


def _key(form: str) -> tuple[str, ...]:
    if not form.isascii() and is_cjk(form):
        return (form,)
    return tuple(map(stem, form.replace("-", " ").split()))


def _build_table(concept_forms: dict) -> dict[tuple[str, ...], Term]:
    """Phrase key → term. Later registrations override earlier ones, so the
    more specific roles come last. Every English concept form is kept by its key too
    (in ``concept_forms``): a text's words meet a concept only as inflections of one of them."""
    table: dict[tuple[str, ...], Term] = {}

    def register(forms, make):
        for form in forms:
            table[_key(form)] = make(form)

    register(lexicon.STOPWORDS + lexicon.NUMBER_WORDS + lexicon.CONTRAST_WORDS
             + lexicon.ZH_CONDITION_CLOSERS, lambda f: Term(STOP, f))
    register(lexicon.LIGHT_WORDS, lambda f: Term(LIGHT, f))
    for domain, forms in lexicon.DOMAINS.items():
        register(forms, lambda f, d=domain: Term(
            DOMAIN, f, value=d, unit=lexicon.TOPICAL_UNITS.get(f, " ".join(_key(f)))
            if f in lexicon.TOPICAL_DOMAIN_WORDS else ""))
    for concept, forms in lexicon.CONCEPTS.items():
        for form in forms:  # (registered as `register` does, with each key made once for both tables)
            table[key := _key(form)] = Term(CONCEPT, form, value=concept)
            if form.isascii() or not is_cjk(form):
                concept_forms.setdefault((key, concept), []).append(tuple(form.replace("-", " ").split()))
    for name in (*lexicon.PLACES, *gazetteer.NEGATION_LOOKALIKES):
        register([name], lambda f: Term(CONCEPT, f, value=f))
    for axis, spec in lexicon.AXES.items():
        for strict, poles in ((False, spec.loose), (True, spec.strict)):
            for pole, forms in poles.items():
                register(forms, lambda f, a=axis, p=pole, s=strict: Term(POLE, f, a, p, strict=s))
    register(lexicon.POSITIVE_VERBS, lambda f: Term(VERB, f, sign=1))
    register(lexicon.NEGATIVE_VERBS, lambda f: Term(
        VERB, f, sign=-1, implicit=f in lexicon.IMPLICIT_NEGATIVE_VERBS))
    register(lexicon.HIGH_FREQUENCY, lambda f: Term(FREQUENCY, f, value="high"))
    register(lexicon.LOW_FREQUENCY, lambda f: Term(FREQUENCY, f, value="low"))
    register(lexicon.REDUCTION, lambda f: Term(REDUCE, f))
    register(lexicon.SCOPE_OPENERS, lambda f: Term(SCOPE, f))
    for scope, forms in lexicon.SCOPE_NOUNS.items():
        register(forms, lambda f, s=scope: Term(SCOPE_NOUN, f, value=s))
    register(lexicon.ZH_WEAK_CONDITION_OPENERS + lexicon.ZH_TOPIC_OPENERS, lambda f: Term(STOP, f))
    register(lexicon.LEADING_CONDITION_OPENERS, lambda f: Term(LEADING, f))
    register(lexicon.CONDITION_OPENERS, lambda f: Term(CONDITION, f))
    register(lexicon.EXCEPTION_OPENERS + lexicon.POSTPOSED_EXCEPTIONS, lambda f: Term(EXCEPTION, f))
    register(lexicon.DEFAULT_MARKERS, lambda f: Term(DEFAULT, f))
    register(lexicon.OCCASIONAL_MARKERS, lambda f: Term(OCCASIONAL, f))
    register(lexicon.NEGATIONS, lambda f: Term(NEGATION, f))
    register(lexicon.NEVER, lambda f: Term(NEVER, f, value="never"))
    register(lexicon.CESSATION, lambda f: Term(CESSATION, f))
    register(lexicon.PAST_MARKERS, lambda f: Term(PAST, f))
    register(lexicon.HEAD_PAST_MARKERS, lambda f: Term(PAST, f, value="head"))
    register(lexicon.PAST_TIMES, lambda f: Term(PAST_TIME, f))
    register(lexicon.ACCUSTOMED, lambda f: Term(STOP, f))
    for form, concepts in lexicon.ABSTAINS.items():
        table[_key(form)] = Term(ABSTAIN, form, abstains=concepts, implicit=True)
    return table


class Vocabulary(NamedTuple):
    """The lexicon read as terms: built when a text is first read, not when the module is imported
    (stemming ~4,400 forms is ~30 ms a process that only lists or searches need not pay)."""

    table: dict[tuple[str, ...], Term]  # phrase key → term
    concept_forms: dict[tuple[tuple[str, ...], str], list[tuple[str, ...]]]  # (key, concept) → its forms' words
    zh_dictionary: frozenset[str]  # Chinese words a text segments into
    zh_max_word: int


@functools.cache
def vocabulary() -> Vocabulary:
    concept_forms: dict[tuple[tuple[str, ...], str], list[tuple[str, ...]]] = {}
    table = _build_table(concept_forms)
    # People words segment as words even where no rule knows them ("上司脾气": 上司 | 脾气, not 上 | 司脾气)
    zh_dictionary = frozenset(key[0] for key in table if not key[0].isascii() and is_cjk(key[0])) | frozenset(lexicon.ZH_PEOPLE)
    return Vocabulary(table, concept_forms, zh_dictionary, max(len(word) for word in zh_dictionary))


def words(text: str) -> list[str]:
    """Normalised text → word keys: English stems and Chinese dictionary words
    (unknown Chinese characters stay single)."""
    return [key for key, _written in _pieces(text)]


def _pieces(text: str) -> list[tuple[str, str]]:
    """Normalised text → (word key, the word as written): a Chinese word is its own key."""
    found: list[tuple[str, str]] = []
    for match in PIECE.finditer(text):
        cjk, word = match.groups()
        if cjk:
            known = vocabulary()
            found.extend((piece, piece) for piece in segment_chinese(cjk, known.zh_dictionary, known.zh_max_word))
        elif not word.isdigit():
            found.append((stem(word), word))
    return found


def _meets(term: Term, key: tuple[str, ...], written: list[str]) -> bool:
    """Whether the words as written are a concept's: one of its forms with this key, inflected (the
    stemmer alone would read "winning" as "wine"), or as written for a plural that names its concept
    only so ("new" is no news). Other roles: always."""
    forms = vocabulary().concept_forms.get((key, term.value)) if term.role == CONCEPT else None
    return not forms or any(len(form) == len(written) and all(map(_is_written_as, written, form)) for form in forms)


def _is_written_as(word: str, form: str) -> bool:
    return word == form if form in _plural_names() else inflects(word, form)


@functools.lru_cache(maxsize=1)
def _plural_names() -> frozenset[str]:
    """Concept forms that name their concept only in the plural (``concepts.json``'s "plural_names")."""
    return frozenset(languages.words("concepts", "plural_names"))


def terms(text: str) -> list[Term]:
    """Normalised clause → terms, longest phrase first; consecutive unknown
    Chinese characters are merged into one CJK_RUN term. A new list each call (terms are frozen):
    an analysis reads the same clause several times, and the reading is computed once."""
    return list(_terms(text))


@functools.lru_cache(maxsize=4096)
def _terms(text: str) -> tuple[Term, ...]:
    pieces = _pieces(text)
    keys = [key for key, _written in pieces]
    result: list[Term] = []
    position = 0
    longest, table = _longest_from(), vocabulary().table
    while position < len(keys):
        for length in range(min(longest.get(keys[position], 0), len(keys) - position), 0, -1):
            key = tuple(keys[position : position + length])
            term = table.get(key)
            if term and _meets(term, key, [written for _key, written in pieces[position : position + length]]):
                result.append(term)
                position += length
                break
        else:
            if keys[position] in _CLASSIFIERS and position and _is_number(keys[position - 1]):
                result.append(Term(STOP, keys[position]))  # "一条金毛": the measure word
            else:
                result.append(_unknown(keys[position], result))
            position += 1
    return tuple(result)


@functools.cache
def _longest_from() -> dict[str, int]:
    """A word → the most words of a phrase of the table that starts with it (a word that starts
    none is not in it): the lengths worth looking up at each position of a text."""
    found: dict[str, int] = {}
    for key in vocabulary().table:
        found[key[0]] = max(found.get(key[0], 0), len(key))
    return found


# Measure words after a numeral ("一条", "两辆", "三本") carry no topic.
_CLASSIFIERS = frozenset("条只个位名辆台本件部张杯瓶头匹套双把所门节份盒包支间座"
                         "年天周月")  # "戒酒一年了": how long, not what about
_ZH_NUMERALS = frozenset("一二两三四五六七八九十几百千万")


def _is_number(key: str) -> bool:
    return key.isdigit() or (bool(key) and all(ch in _ZH_NUMERALS for ch in key))


def _unknown(key: str, previous: list[Term]) -> Term:
    if not is_cjk(key):
        return Term(CONTENT, key, value=key)
    if previous and previous[-1].role == CJK_RUN:
        merged = previous.pop().surface + key
        return Term(CJK_RUN, merged, value=merged)
    return Term(CJK_RUN, key, value=key)
