"""Word lists the rule detector is built from, in English and Chinese.

English entries are written in their dictionary form; `text.py` stems both the
lists and the input the same way, so inflections ("likes", "liked") match.
Multi-word English entries match as phrases. Chinese entries also seed the
dictionary used to segment Chinese text.

The lists aim at the everyday vocabulary of user profiles (preferences, diet,
habits, reply style, devices, places), not at any particular data set.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from . import languages

# --- polarity ---------------------------------------------------------------

NEVER = ("never", "never ever", "从不", "从来不", "从没", "从来没", "从来没有", "从未", "绝不", "永远不")
# "Never" about a whole life ("has never been to Japan", "从没去过日本") also
# denies a past state; a habitual "never" ("从不喝酒") does not.
LIFETIME_NEVER = r"\b(?:has|have|had)\s+never\b|从没|从来没|从未"
# Markers that mean "formerly" only at the head of a clause ("以前住在北京");
# elsewhere they mean "before" ("睡觉以前", "12点之前").
HEAD_PAST_MARKERS = ("以前", "之前", "过去", "原来", "原先", "本来")
# "accustomed to" is not a past state.
ACCUSTOMED = ("be used to", "get used to", "become used to", "习惯了")
CHANGE_PATTERN = (
    r"\b(?:mov(?:e|es|ed|ing)|relocat\w*|start\w*|beg[ai]n\w*|switch\w*|join\w*|"
    r"bec[oa]me|becoming|t(?:ook|ake[sn]?|aking) up|pick(?:ed|s)? up|quit\w*|stopp?\w*|"
    r"g(?:ave|ive[sn]?|iving) up|turn(?:ed|s)?|converted|got|gets|getting|bought|adopted|"
    r"married|had\s+(?:a|an|twins)|took\s+in|retir\w*|graduat\w*|finish\w*|complet\w*|divorc\w*|"
    r"sold|cancel+ed)\b|"
    r"搬|开始|加入|换|改|成为|戒|入职|转行|当上|升职|迷上|爱上|结婚|买了|领养|收养|生了|养了|退休|毕业|"
    r"离婚|卖了|辞职|退学"
)
# Reported speech: "previously mentioned", "之前提到" date the saying, not the state.
SAID_PATTERN = (
    r"\b(?:said|say|says|mentioned|mention|told|tell|noted|stated|asked|indicated|shared|"
    r"explained|wrote|reported|confirmed)\b|提到|提过|说过|表示|告诉|讲过|透露"
)
# Words of NEGATIVE_VERBS that express a fact about the body or diet rather than taste:
# a conflict they take part in is reported as "implicit".
IMPLICIT_NEGATIVE_VERBS = ("allergic", "intolerant", "过敏", "不耐受")


# --- words that carry no topic ----------------------------------------------

NUMBER_WORDS = tuple("two three four five six seven eight nine ten eleven twelve twenty thirty "
                     "forty fifty hundred".split())
# How one takes in a thing when its name is enough: loving novels is loving to read them, so
# "adores horror novels" / "refuses to read horror novels" clash, while "doesn't read novels"
# leaves writing them open (the verb stays a topic unit; see denials._refuses_the_use).
USE_VERBS = ("read", "listen", "hear", "play", "watch")



# Words that may stand between a pole word and the noun it describes ("long and
# detailed answers", "很长的讨论串").
MODIFIER_LINKS = ("的", "and", "or", "又", "而")


# Head nouns too generic to tell two scopes apart ("technical questions" and "quick
# questions"): they count only when a clause names nothing else ("asks questions").
GENERIC_UNITS = ("question",)

# Prepositions that open a scope ("... on technical questions", "在工作上").
SCOPE_OPENERS = ("in", "on", "at", "during", "before", "after", "for work")
ZH_SCOPE_OPEN = "在"
ZH_SCOPE_CLOSERS = ("上", "里", "中", "时", "时候", "的时候", "方面")
ZH_TIME_CLOSERS = ("时", "时候", "的时候")

# --- qualified statements: conditions, exceptions, defaults --------------------
# A synthesis entry ("concise in general, but detailed on technical questions")
# holds both poles of an axis under different conditions; these words tell the
# analysis where each clause applies.

# Conjunctions that open a condition anywhere in a clause ("detailed when the topic
# is technical", "如果是技术问题就讲透"). Chinese openers run to a closer or to the
# end of the clause.
CONDITION_OPENERS = ("when", "whenever", "while", "if",
                     "如果", "要是", "假如", "假设", "若是", "倘若", "一旦", "每当")
# Words that open a condition only at the head of a clause ("For technical
# questions, ..."); elsewhere they are ordinary words ("training for a marathon").
LEADING_CONDITION_OPENERS = ("for", "as for", "regarding", "concerning", "when it come to",
                             "with regard to", "in case of")
# Chinese openers that need a closer ("当…时", "遇到…的时候"), as 在 does.
ZH_WEAK_CONDITION_OPENERS = ("当", "遇到", "碰到", "涉及", "涉及到")
# Chinese openers of a topic that, heading a clause with no predicate, make the
# whole clause a condition ("对于技术问题，要讲透").
ZH_TOPIC_OPENERS = ("对于", "至于", "关于")
ZH_CONDITION_CLOSERS = ZH_SCOPE_CLOSERS + ("的话", "就", "则", "以外", "之外")
ZH_EXCEPTION_CLOSERS = ("都", "全都", "还", "也")  # "除了辣的都爱吃", "除了咖啡还喝茶"
# Exception words that follow what they except ("技术问题除外").
POSTPOSED_EXCEPTIONS = ("除外", "例外")
# Words in the main clause that turn 除了/apart from into "besides" (inclusive).
INCLUSIVE_MARKERS = ("also", "too", "as well", "还", "也")
# Frequency words that also mark the general case ("usually concise").
DEFAULT_FREQUENCY_WORDS = ("usually", "通常")
# Words that make a clause an occasional exception ("sometimes wants detail").
OCCASIONAL_MARKERS = ("sometimes", "at time", "now and then", "from time to time",
                      "有时", "有时候", "有的时候")

# Stance verbs that single out one option: "prefers morning meetings" and "prefers
# afternoon meetings" clash, "likes morning runs" and "likes evening runs" do not.
PREFERENCE_VERBS = ("prefer", "would rather", "favour", "favor", "更喜欢", "偏好", "偏爱", "倾向",
                    "更爱")
# Scope nouns of which one preferred option excludes the others.
EXCLUSIVE_SCOPES = (
    frozenset(("morning", "afternoon", "evening", "night")),
    frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")),
    frozenset(("summer", "winter")),
)

# --- axes: two poles that exclude each other --------------------------------


class AxisSpec(NamedTuple):
    """Two opposite poles. `strict` words always count; `loose` words count only
    when the clause also names one of the `domains` (a "long" answer, not a
    "long" walk). A `contextual` axis conflicts only between statements about
    the same thing ("beginner programmer" vs "senior developer")."""

    strict: dict[str, tuple[str, ...]]
    loose: dict[str, tuple[str, ...]]
    domains: tuple[str, ...] = ()
    contextual: bool = False



# --- concepts: synonym groups and what they are a kind of ---------------------
# (BROADER, each concept's broader ones, and PRODUCT_LINES: lang/en/concepts.json's "broader", below)


# What one does with gear, beside the gear itself, in an aversion to it.
GEAR_USES = ("sleep", "use", "pick", "touch", "carry", "ever", "again", "anymore", "any more",
             "睡", "用", "碰", "背", "拿", "练")

# What carries an allergen, so that handling it all day meets the allergy: flowers shed
# pollen, down is the under-feathers of a goose or duck ("对花粉过敏" / "开了一家花店").
ALLERGEN_CARRIERS: dict[str, tuple[str, ...]] = {"pollen": ("flower",), "feather": ("down",)}

# What doing something needs: driving needs a licence, so "has no driving licence"
# denies "drives to work every day".
REQUIRES: dict[str, tuple[str, ...]] = {"car": ("driving licence",)}
# Concepts one cannot both hold now: owning the home one lives in and renting it.
EXCLUSIVE_CONCEPTS: tuple[tuple[str, str], ...] = (("house purchase", "rent"),)


# --- the tables that are each language's words (lang/<code>/*.json), read on first use ---------

# Axes whose poles conflict only between statements about the same thing (see AxisSpec).
CONTEXTUAL_AXES = ("expertise", "theme")


def _concepts() -> dict[str, tuple[str, ...]]:
    """Concept id → its words in every language (lang/*/concepts.json), every natural language
    among them, with the other words a record uses for everyday activities (concepts.json's
    "activities": "a bar tab every Friday" is drinking, "外卖软件" ordering takeaway; `activities.py`)."""
    concepts = languages.word_map("concepts", "concepts")
    for language, forms in languages.word_map("lexicon", "natural_languages").items():
        concepts.setdefault(language, forms)  # "speaks French" and "会说法语" share a topic
    for concept, forms in languages.word_map("concepts", "activities").items():
        concepts[concept] = concepts.get(concept, ()) + tuple(f for f in forms if f not in concepts.get(concept, ()))
    return concepts


def _axes() -> dict[str, AxisSpec]:
    """Axis id → its poles' words in every language (lang/*/axes.json)."""
    return {axis: AxisSpec(strict={pole: tuple(words) for pole, words in spec["strict"].items()},
                           loose={pole: tuple(words) for pole, words in spec.get("loose", {}).items()},
                           domains=tuple(spec.get("domains", ())), contextual=axis in CONTEXTUAL_AXES)
            for axis, spec in languages.table("axes", "axes").items()}


def _opposites() -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Opposite poles named in both languages: each Chinese word reads as the first English word of
    its pole, so "安静的环境" and "a noisy environment" meet on one axis. WordNet (`antonyms.py`)
    covers English; this adds what Chinese needs."""
    return tuple((tuple(first), tuple(second)) for first, second in languages.table("axes", "opposites", by_item=True))


def _places() -> dict[str, tuple[str, str]]:
    """Place name → (kind, the country a city is in or ""): lexicon.json's countries and cities."""
    places = dict.fromkeys(languages.words("lexicon", "countries"), ("country", ""))
    for country, cities in languages.table("lexicon", "cities").items():
        places.update(dict.fromkeys(cities, ("city", country)))
    return places


@functools.cache  # BROADER and PRODUCT_LINES both read it: built once
def _broader() -> dict[str, tuple[str, ...]]:
    """Concept → the concepts it is a kind of, nearest first (concepts.json's "broader")."""
    return {concept: tuple(kinds) for concept, kinds in languages.table("concepts", "broader").items()}


def _product_lines() -> frozenset[str]:
    """A brand's product lines (members of its class in BROADER): still a name where a slot holds one
    ("email client is Outlook", "cloud storage is OneDrive")."""
    brands = {"apple device", "google product", "microsoft product", "samsung product"}
    return frozenset(member for member, kinds in _broader().items() if brands.intersection(kinds))


_BUILT = {"CONCEPTS": _concepts, "AXES": _axes, "BILINGUAL_AXES": _opposites, "PLACES": _places,
          "BROADER": _broader, "PRODUCT_LINES": _product_lines}


def __getattr__(name: str):
    """A language table, read the first time it is asked for (PEP 562): CONCEPTS, AXES,
    BILINGUAL_AXES, PLACES, BROADER and PRODUCT_LINES as built above, and every table of lang/*/lexicon.json by its name in capitals
    (``lexicon.CAR_BRANDS`` is "car_brands"; what each is for: "_about" in lang/en/lexicon.json)."""
    if name in _BUILT:
        value = _BUILT[name]()
    elif name.isupper() and languages.has("lexicon", name.lower()):
        value = _as_table(languages.table("lexicon", name.lower()))
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def _as_table(raw):
    """A list of words as a tuple; a mapping to lists as a mapping to tuples; any other as it is."""
    if isinstance(raw, list):
        return tuple(raw)
    if all(isinstance(value, list) for value in raw.values()):
        return {key: tuple(value) for key, value in raw.items()}
    return dict(raw)
