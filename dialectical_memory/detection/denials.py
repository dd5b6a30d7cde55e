"""One entry denies what the other affirms: "avoids sugar" / "eats dessert", "has no pets" / "has a
cat", "is vegan" / "had steak last night".

The denial covers the claim, possibly through a broader concept (a class covers its members, not
the reverse), an aversion to the thing or its smell, an allergy to a part or to what carries it,
the gear of an activity, an occasion attended, what the claim needs (a licence to drive), one's own
thing used, or a use refused. Much leaves the claim open: learning it, a day's exception, a wish,
a plan denied, the place one works at, watching it, handling without consuming, using what is hired
or someone else's, something done inside the thing, and claims apart in scope or occasion.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from ..core.regex_code import compile_fixed
from . import conditions, lexicon, observed
from . import terms as t
from .abilities import BY_DEGREE, MEDIA, not_doing_it
from .analysis import Analysis, Claim, broader_of, units
from .base import Verdict
from .changes import ending_planned, place_left
from .family import Family, contradiction
from .pairing import UNTIL_THEN, apart, covers, rival_pairs, wished
from .text import is_cjk, lazy_compile, normalize, stem


def _negation_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """One entry denies what the other affirms, possibly through a broader
    concept: "avoids sugar" vs "eats dessert", "has no pets" vs "has a cat"."""
    for denial, claim in rival_pairs(a, b):
        if (denial.sign < 0 < claim.sign and claim.frequency not in ("low", "reduced")
                and (covers(denial, claim) or _aversion_to(denial, claim) or _ended_after(denial, claim)
                     or _allergic_to_part(denial, claim) or _handles_the_carrier(denial, claim, b.text + a.text)
                     or _averse_to_gear(denial, claim)
                     or _same_occasion_attended(denial, claim)
                     or _stated_against_observed(denial, claim, a, b) or _lacks_what_it_needs(denial, claim)
                     or _uses_own_thing(denial, claim) or _refuses_the_use(denial, claim))
                and not _learning_only(claim, denial)
                and not (claim.frequency == "high" and observed.one_day(denial.text))
                and not (denial.implicit and (_spares_the_allergy(claim, a.text) or wished(claim)))
                and not _STAND_IN.search(claim.text)  # "can't have caffeine" / "switched to decaf"
                and not (denial.lifetime and wished(claim))  # "has never flown" / "wants to fly one day"
                and not (_PLAN_DENIED.search(denial.text) and not wished(claim))  # "no plans to retire" / "still works"
                and not (denial.frequency == "never" and UNTIL_THEN.search(denial.text))  # "never … before 2020"
                and not place_left(denial)  # a home left meets only a residence (changes.py)
                and not _works_there(denial, b)
                and not (_INABILITY.search(denial.text) and not_doing_it(claim))
                and not _only_watched(denial, claim) and not _handled_not_consumed(denial, claim)
                and not _liked_of_others(denial, claim) and not _taste_against_one_occasion(denial, claim)
                and not _free_of_the_denied(denial, claim) and not _opinion_of_the_kind(denial, claim)
                and not ending_planned(denial, claim)
                and not _a_place_for_the_kind(denial, claim)
                and not _access_without_owning(denial, claim)
                and not apart(denial, claim, a, b)
                and not _denial_within(denial, claim) and not _names_the_denial(denial, claim)
                and not _occasions_differ(a, b, denial.topic & claim.topic | _gear_for(denial, claim))):
            return _denial_verdict(denial, claim)
    return None


# What an allergy is to may be a part of the thing ("cat hair", "狗毛", "horse dander"):
# whoever keeps or handles the thing meets the part.
_PARTS = frozenset(("hair", "fur", "dander", "saliva", "feather", "毛", "毛发", "皮屑", "唾液", "羽毛"))
# A product made free of what one cannot have: "lactose-free milk", "hypoallergenic cat".
_FREE_OF = lazy_compile(r"\b[a-z]+[- ]free\b|\bhypoallergenic\b|低敏|无(?:乳糖|麸质|糖|毛)")
# What stands in for a food or drink one does not take: "decaf coffee", "a meatless burger",
# "non-alcoholic beer", "素肉", "无咖啡因的咖啡".
_STAND_IN = lazy_compile(r"\bdecaf\w*|\bplant.based\b|\bmeatless\b|\bnon[- ]?alcoholic\b|\bmocktails?\b|"
                         r"素肉|人造肉|植物肉|无咖啡因|低因|脱因|无醇")


# An allergy lived with: "takes antihistamines", "吃抗过敏药", "脱敏治疗".
_MANAGED = lazy_compile(r"\bantihistamine|\ballergy\s+(?:pills?|meds|medication|shots|tablets)|\bimmunotherapy\b|"
                        r"\bdesensiti[sz]|抗过敏药|抗组胺|脱敏治疗|过敏药")


def _spares_the_allergy(claim: Claim, denial_entry: str) -> bool:
    """What the claim affirms does not meet what an allergy or diet rules out: a
    product free of it, pictures of it, or an allergy the entry says is treated."""
    return bool(_FREE_OF.search(claim.text) or claim.topic & MEDIA or _MANAGED.search(denial_entry))


# Not eating or drinking a thing leaves handling it open: "never drinks energy drinks" /
# "collects Red Bull cans", "watches Red Bull air races", "不吃肉" / "在菜市场卖肉".
_CONSUMING = lazy_compile(r"\b(?:eats?|ate|eating|(?<!energy\s)(?<!soft\s)(?<!fizzy\s)(?<!sports\s)drinks?|drank|drinking|smokes?|smoked|smoking|touch(?:es)?)\b|[吃喝抽碰]")
_HANDLING = lazy_compile(r"\b(?:collect\w*|sells?|sold|selling|stocks?|serv(?:es|ed|ing)|sponsor\w*|watch\w*|"
                         r"photograph\w*|paints?|draws?|designs?|advertis\w*|markets?|delivers?|brews?\s+for|"
                         r"bak(?:es?|ed|ing)|cooks?|cooked|cooking)\b|"
                         r"收集|收藏|卖|出售|销售|代言|赞助|送货|拍摄|烘焙|烤")
# A diet or a food one cannot digest: whoever keeps to it may still bake, cook or sell the food.
_INTOLERANT = lazy_compile(r"\bintoleran\w*|\bco?eliac\b|\bvegan\b|\bvegetarian\b|不耐受|吃素|素食")


def _handled_not_consumed(denial: Claim, claim: Claim) -> bool:
    return bool((_CONSUMING.search(denial.text) or _INTOLERANT.search(denial.text)) and _HANDLING.search(claim.text)
                and not _CONSUMING.search(claim.text))


def _liked_of_others(denial: Claim, claim: Claim) -> bool:
    """Not able to do a thing against liking someone else's doing of it: "can't cook" / "loves his
    mother's cooking", "不会做饭" / "喜欢妈妈做的饭"."""
    return bool(_INABILITY.search(denial.text) and claim.stance and _others_doing().search(claim.text))


# Tastes: not liking a thing says nothing of having done it once.
_TASTES = frozenset(("like", "love", "enjoy", "fan", "hate", "dislike", "喜欢", "爱", "讨厌"))
# One occasion: "last month", "on Sunday", "in May", "with her cousins", "上周", "陪孩子".
_ONE_OCCASION = lazy_compile(
    r"\b(?:last\s+(?:week|weekend|month|year|night|summer|winter|spring|autumn|fall|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|yesterday|once|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|"
    r"with\s+(?:her|his|their|a|some)\s+(?:\w+\s+)?(?:kids|children|friends?|cousins?|family|parents|colleagues|"
    r"sisters?|brothers?|son|daughter|partner|husband|wife))\b|上周|上个月|昨天|去年|那天|前几天|陪")


def _taste_against_one_occasion(denial: Claim, claim: Claim) -> bool:
    """Not liking a thing against having done it once: "doesn't like sushi" / "ate sushi at a
    friend's dinner last week", "不喜欢恐怖片" / "陪孩子看了一部恐怖片". Doing it as a habit ("eats
    sushi every week") still meets the taste."""
    return (denial.stance in _TASTES and not claim.stance and not claim.frequency
            and bool(_ONE_OCCASION.search(claim.text)))


@functools.cache
def _others_doing() -> re.Pattern:
    english = "|".join(re.escape(word) for word in sorted(lexicon.EN_PEOPLE, key=len, reverse=True))
    chinese = "|".join(re.escape(word) for word in sorted(lexicon.ZH_PEOPLE, key=len, reverse=True))
    return compile_fixed(rf"\b(?:{english})(?:s'|'s)\s|(?:{chinese})(?:做|煮|烧|画|写|唱|弹)的")


# Watching a sport is not playing it: "doesn't exercise" / "watches basketball every night".
_SPECTATING = lazy_compile(r"\bwatch\w*|\bspectat\w*|\bon\s+tv\b|\bfollows\b|观看|观赛|看[^，,。；;]{0,6}(?:比赛|球|直播|电视)|"
                           r"球赛|比赛直播")


def _only_watched(denial: Claim, claim: Claim) -> bool:
    """The claim watches a sport the denial says the user does not do (watching a
    streaming service is using it: that stays a denial)."""
    return ("exercise" in claim.reach and bool(_SPECTATING.search(claim.text))
            and not _SPECTATING.search(denial.text))


# Where the denied thing is named only as left out: "dairy-free cake", "gluten free bread",
# "无乳制品的蛋糕", "不含麸质". Filled with the denied term by `_free_of_the_denied`.
_LEFT_OUT_EN = r"\b{term}\w*[- ]free\b"
_LEFT_OUT_ZH = r"(?:无|不含|去){term}"


def _free_of_the_denied(denial: Claim, claim: Claim) -> bool:
    """"can't have dairy" / "bakes dairy-free cakes": the other entry names the denied thing only
    as what its food leaves out, which keeps to the denial rather than breaking it. Any other
    mention of the thing ("dairy-free cake with a cream topping") still meets it."""
    shared = denial.topic & claim.topic
    if not shared:
        return False
    text = claim.text.lower()
    for term in shared:
        named = re.escape(term)
        mentions = len(re.findall(rf"\b{named}" if not is_cjk(term) else named, text))
        left_out = len(re.findall(_LEFT_OUT_ZH.format(term=named) if is_cjk(term) else _LEFT_OUT_EN.format(term=named), text))
        if not mentions or left_out < mentions:
            return False
    return True


# Having denied, in so many words: "doesn't have a dog", "has no car", "does not own one",
# "没有狗", "没养猫" (not "has never eaten", where "has" only marks the past).
_POSSESSION_DENIED = lazy_compile(r"\b(?:not|n't|never|no\s+longer)\s+(?:\w+\s+)?(?:have|has|own|owns|possess\w*)\b"
                                  r"(?!\s+(?:\w+ed|been|gone|seen|eaten|done|had)\b)|"
                                  r"\b(?:has|have|owns?)\s+no\b|没(?:有|养)(?![\u4e00-\u9fff]{0,3}过)")


def _opinion_of_the_kind(denial: Claim, claim: Claim) -> bool:
    """Not having a thing leaves an opinion of its kind open: "doesn't have a dog" / "thinks dogs
    are wonderful company", "没有养猫" / "很喜欢猫" (lexicon "opinion_stances"). Getting one ("adopted
    a dog") and liking one's own one ("loves his dog") still meet the denial."""
    return bool((claim.stance in lexicon.OPINION_STANCES or wished(claim) or _OPINION.search(claim.text))
                and not denial.stance and _POSSESSION_DENIED.search(denial.text)
                and not _MAY_NOT.search(denial.text) and not _names_own_one(claim, denial.topic))


# A view of a kind of thing: "thinks bikes are the best way to get around", "觉得骑车很环保".
_OPINION = lazy_compile(r"\b(?:thinks?|thought|believes?|considers?)\b(?!\s+(?:about|of)\b)|觉得|认为")


def _a_place_for_the_kind(denial: Claim, claim: Claim) -> bool:
    """Not having a thing leaves places and groups named after its kind open: "doesn't have a
    dog" / "gave money to a dog shelter", "没有养猫" / "去了猫咖啡馆" (lexicon "places_for_a_kind").
    A thing of one's own named beside it still meets the denial."""
    shared = denial.topic & claim.topic
    if not shared or not _POSSESSION_DENIED.search(denial.text) or _names_own_one(claim, denial.topic):
        return False
    places = "|".join(re.escape(word) for word in lexicon.PLACES_FOR_A_KIND)
    text = claim.text.lower()
    for term in shared:
        mentions = as_place = 0
        for form in {term, *lexicon.CONCEPTS.get(term, ())}:
            named = re.escape(form.lower())
            mentions += len(re.findall(named if is_cjk(form) else rf"\b{named}", text))
            as_place += len(re.findall(rf"{named}(?:{places})" if is_cjk(form) else rf"\b{named}\w*\s+(?:{places})\b", text))
        if not mentions or as_place < mentions:
            return False
    return True


# "can't have", "不能有": what one may not take, not what one has.
_MAY_NOT = lazy_compile(r"\b(?:can|could|may|must)(?:\s+not|not|n't)\b|不能|不可以")


def _names_own_one(claim: Claim, denied: frozenset[str]) -> bool:
    """The claim is about one's own thing of the kind denied: "loves her cat" ("has no pets"),
    "喜欢自己的猫"; "near his home" is no cat."""
    of_the_kind = denied & claim.topic or (claim.topic if denied & claim.broader else frozenset())
    for words in _OWN_WORDS.findall(claim.text):
        if any(stem(word) in of_the_kind for word in re.split(r"[- ]", words)):
            return True
    return any(chinese and units(chinese) & claim.reach for _english, chinese in _OWN_THING.findall(claim.text))


# The three words after "his", "their", "own": "his car on weekends", "her old bike".
_OWN_WORDS = lazy_compile(r"\b(?:their|his|her|my|own)\s+((?:[a-z]+[- ]?){1,3})")


# Owning denied: "doesn't own a car", "没有电视" (a bare "no X" denies having it too).
_OWNING_DENIED = lazy_compile(r"\b(?:own|owns|have|has|possess\w*)\b|\bno\b|没有|没|无")
# Using what is hired or borrowed: "rents a car", "borrowed a laptop", "租车", "借朋友的车".
_HIRED = lazy_compile(r"\b(?:rent\w*|hir(?:e|es|ed|ing)|leas(?:e|es|ed|ing)|borrow\w*)\b|租|借")
# Someone else's or a shared one, right before the thing: "the office laptop", "a friend's TV",
# "公司的电脑"; `_access_without_owning` checks the next word is the thing denied.
_OWNED_BY_OTHERS = lazy_compile(
    r"\b(?:office|work|company|school|library|hotel|gym|shared|public|communal|friend|neighbou?r|parent|"
    r"sister|brother|colleague|roommate|flatmate|partner|mum|mom|dad)(?:'s|s'|s)?\s+([a-z]+)|"
    r"(?:公司|单位|学校|朋友|别人|同事|邻居|酒店|父母|爸妈|共享|公用)的?([\u4e00-\u9fff]{1,2})")


_USE_UNITS = frozenset(stem(verb) for verb in lexicon.USE_VERBS)


def _refuses_the_use(denial: Claim, claim: Claim) -> bool:
    """A liking of a thing meets a refusal of its usual use: "adores horror novels" /
    "refuses to read horror novels", "likes jazz" / "won't listen to jazz". Only a bare
    liking: "writes novels" says nothing of reading them."""
    uses = denial.topic & _USE_UNITS
    rest = denial.topic - uses
    return bool(uses and rest and claim.stance and claim.topic and not claim.topic & _USE_UNITS
                and not denial.scope and rest <= claim.reach)  # "not while working" leaves the rest


# One's own thing named: "their own laptop", "their living-room TV", "自家电视", "自己的车".
_OWN_THING = lazy_compile(r"\b(?:their|his|her|my|own)\s+(?:own\s+)?(?:[a-z]+[- ]){0,2}([a-z]+)\b|"
                          r"(?:自己的|自家的?|家里的?|自己)([\u4e00-\u9fff]{1,3})")


def _uses_own_thing(denial: Claim, claim: Claim) -> bool:
    """Having a thing denied, the other entry does something with one's own one:
    "doesn't have a TV" / "watches the news on their living-room TV"."""
    if denial.scope or not denial.topic or not _OWNING_DENIED.search(denial.text):
        return False
    for english, chinese in _OWN_THING.findall(claim.text):
        if english and stem(english) in denial.topic:
            return True
        if chinese and any(thing in chinese for thing in denial.topic if is_cjk(thing)):
            return True
    return False


# At someone else's place: "at a friend's (place)", "at grandma's", "在朋友家", "去邻居家".
_AT_OTHERS_PLACE = lazy_compile(r"\bat\s+(?:a\s+|his\s+|her\s+|their\s+|my\s+)?[a-z]+'s\b|"
                                r"在(?:朋友|邻居|同学|同事|亲戚|父母|爸妈|奶奶|姥姥|外婆|爷爷|别人)家")


def _access_without_owning(denial: Claim, claim: Claim) -> bool:
    """Not owning a thing leaves using one that is hired or someone else's:
    "doesn't own a car" / "rents a car for holidays", "没有电脑" / "用公司的电脑"."""
    if not _OWNING_DENIED.search(denial.text) or _HIRED.search(denial.text):
        return False
    if _HIRED.search(claim.text) or _AT_OTHERS_PLACE.search(claim.text):
        return True
    return any(stem(english) in denial.topic if english else bool(units(chinese) & denial.topic)
               for english, chinese in _OWNED_BY_OTHERS.findall(claim.text))


def _allergic_to_part(denial: Claim, claim: Claim) -> bool:
    """"对猫毛过敏" / "养了三只猫": an allergy to a part covers keeping the whole."""
    whole = denial.topic - _PARTS
    return (denial.implicit and whole != denial.topic and bool(whole) and not claim.stance  # loving cats is no cat
            and covers(dataclasses.replace(denial, topic=whole), claim))


# Buying or giving a thing is brief contact with it: "buys flowers for his wife".
_GIVEN = lazy_compile(r"\b(?:buys?|bought|sends?|sent|gives?|gave|orders?|ordered|gifts?)\b|买|送|订")


def _handles_the_carrier(denial: Claim, claim: Claim, both_entries: str) -> bool:
    """"对花粉过敏" / "开了一家花店，每天和鲜花打交道", "allergic to feathers" / "sleeps on a
    goose-down pillow": a thing that carries the allergen, handled or used (not loved,
    not with the allergy treated)."""
    if not denial.implicit or claim.stance or _MANAGED.search(both_entries) or _GIVEN.search(claim.text):
        return False
    carriers = {carrier for allergen in denial.topic for carrier in lexicon.ALLERGEN_CARRIERS.get(allergen, ())}
    return bool(carriers & (claim.reach | claim.scope))


# Learning or practising something does not affirm it: "can't swim" and "is
# learning to swim", "不会游泳" and "正在学游泳" agree.
_LEARNING_UNITS = frozenset(("学", "学习", "learn", "lesson", "class", "course", "课"))
_INABILITY = lazy_compile(r"不会|不能|没学会|还不会|不太会|不怎么会|不大会|不是很会|can'?t|can\s*not|unable|(?:do|does)\s*(?:n'?t|not)\s+know\s+how",
                        re.IGNORECASE)


def _learning_only(claim: Claim, denial: Claim) -> bool:
    """An inability ("不会游泳") against learning it ("在学游泳", "上游泳课"), or one of
    degree ("can't cook very well", "不太会做饭") against doing it."""
    if not _INABILITY.search(denial.text):
        return False
    return bool(claim.topic & _LEARNING_UNITS) and not denial.topic & _LEARNING_UNITS or bool(
        BY_DEGREE.search(denial.text))


# "doesn't install themes in VS Code": what is denied sits in the thing, it is not the thing.
_WITHIN = lazy_compile(r"\s(?:in|inside|within|into|on)\s|在(?=[^，,。；;]{1,12}?[里上中内])")


def _denial_within(denial: Claim, claim: Claim) -> bool:
    """A denial of something done inside what the claim affirms: "uses VS Code" /
    "doesn't install themes in VS Code", "用 Excel" / "不在 Excel 里写宏". The part
    before the preposition names no unit of the claim, the part after names them all."""
    cut = _WITHIN.search(denial.text)
    if not cut or not claim.topic:
        return False
    head, place = _things(denial.text[:cut.start()]), units(denial.text[cut.end():])
    return bool(head - claim.reach) and not head & claim.topic and claim.topic <= place


def _things(text: str) -> frozenset[str]:
    """Topic units with the domain words ("themes", "plugins") units() leaves out."""
    return units(text) | {term.surface for term in t.terms(text) if term.role == t.DOMAIN}


def _names_the_denial(denial: Claim, claim: Claim) -> bool:
    """The affirmed claim speaks of the denial itself: "is allergic to peanuts" /
    "peanut allergy is severe", "对猫过敏" / "对猫过敏很严重" elaborate, they do not clash."""
    if denial.negated or not denial.stance:
        return False  # "doesn't drink coffee" / "drinks coffee": the verb is the claim's too
    word = stem(denial.stance.split()[-1])
    if not word.isascii():
        return len(word) >= 2 and word in claim.text
    return len(word) >= 5 and any(unit[:5] == word[:5] for unit in claim.topic)


_TIME_UNITS = frozenset(lexicon.SCOPE_NOUNS)
# Going to an occasion says nothing but the occasion: "最怕参加聚会" / "loves going to parties".
_ATTENDING = frozenset(("参加", "出席", "参与", "去", "going", "go", "goe", "attend", "join", "show"))
_OCCASIONS = frozenset(("party", "wedding", "birthday", "dinner party"))


def _same_occasion_attended(denial: Claim, claim: Claim) -> bool:
    """An aversion to attending an occasion the other entry loves attending: the
    occasion, a scope noun, is what both are about."""
    return (denial.scope == claim.scope and bool(denial.scope) and denial.scope <= _OCCASIONS
            and bool(denial.topic) and bool(claim.topic) and (denial.topic | claim.topic) <= _ATTENDING)


# An ending and what brought it about: "stopped playing tennis after a knee injury".
_ENDED_AFTER = lazy_compile(r"^(?:stopped|quit|gave\s+up|has\s+given\s+up)\b[^,;]*?\b(?:after|since|following|"
                            r"because\s+of|due\s+to)\s")


_CLOCK_OR_MEAL = lazy_compile(r"\d|\b(?:noon|midday|midnight|dark|sunset|sundown|\w*day|morning|afternoon|evening|night|"
                              r"lunch|dinner|breakfast|meals?|work|school|bed|bedtime|\w+\s+o'clock)\b")


def _ended_after(denial: Claim, claim: Claim) -> bool:
    """An ending dated by an event: the event is when it ended, not where it holds, so
    the ending covers the claim ("plays tennis twice a week") as a plain one would.
    A time is still a scope: "stopped drinking coffee after 3 pm"."""
    cause = _ENDED_AFTER.search(denial.text)
    return (bool(cause) and bool(denial.topic) and denial.topic <= claim.reach and not denial.scope & _TIME_UNITS
            and not _CLOCK_OR_MEAL.search(denial.text, cause.end()))


def _occasions_differ(a: Analysis, b: Analysis, predicate: set[str]) -> bool:
    """A denial and a claim, each under its own occasion: "uses Vim for code" / "for
    reading PDFs, not Vim". Times are left to the scope rules ("not on weekdays" still
    covers Tuesday evenings)."""
    if a.qualified or b.qualified:
        return False
    x, y = (conditions.condition(side.text) - _TIME_UNITS for side in (a, b))
    return conditions.differ(x, y, frozenset(predicate), axis=True)


def _stated_against_observed(denial: Claim, claim: Claim, a: Analysis, b: Analysis) -> bool:
    """A stated denial meets what the user is seen doing where it denies:
    "says they don't use social media" / "posts on Instagram several times a day".
    Only across a stated and an observed entry: two plain entries ("doesn't drink
    coffee" / "reads in coffee shops") name a place, not a use."""
    return (a.reported != b.reported and not denial.scope and bool(denial.topic)
            and denial.topic <= claim.scope | broader_of(claim.scope))


def _lacks_what_it_needs(denial: Claim, claim: Claim) -> bool:
    """"Has no driving licence" / "drives to work every day": what the claim does needs
    what the denial lacks."""
    needed = {need for concept in claim.topic for need in lexicon.REQUIRES.get(concept, ())}
    return bool(needed) and bool(denial.topic) and denial.topic <= needed and not denial.scope


def _denial_verdict(denial: Claim, claim: Claim) -> Verdict:
    if denial.implicit or not denial.topic & claim.topic:
        return contradiction("implicit", 0.7, denial.text, claim.text)
    if not denial.negated and denial.stance and claim.stance:
        return contradiction("antonym", 0.85, denial.stance, claim.stance)
    return contradiction("negation", 0.85, denial.text, claim.text)


_CONCEPT_UNITS = frozenset(lexicon.CONCEPTS)
# Aversions that take a thing as their object ("嫌停车难" is a complaint about parking, not the car).
_ZH_AVERSIONS = frozenset(("受不了", "不能忍受", "忍受不了", "拒绝", "推掉", "推辞", "拒收", "讨厌", "厌恶",
                           "反感", "排斥", "抵触", "回避", "避免", "想吐", "恶心", "反胃", "受够",
                           "敬而远之", "避之不及", "接受不了", "嫌弃"))
# Sensing a thing is meeting it: "闻到香菜的味道就想吐", "一看到榴莲就反胃".
_SENSES = frozenset(("闻", "闻到", "味道", "气味", "味", "看到", "看见", "一看到", "听到", "想到", "一想到",
                     "提到", "一提到", "看", "听", "smell", "sight", "thought"))
# After the thing: its smell or taste ("的膻味", "味"), or nothing more.
_ATTRIBUTE_OF = lazy_compile(r"^(?:的?[\u4e00-\u9fff]?[味气]|[。.!！]?$|[，,；;])")


def _aversion_to(denial: Claim, claim: Claim) -> bool:
    """A Chinese aversion verb aimed at the very thing the other entry affirms, or
    at its smell or taste: "受不了羊肉的膻味" / "爱吃羊肉", "推掉同事聚餐" / "喜欢同事聚餐".
    English modifiers narrow the thing ("refuses cheap wine"), so they must be covered."""
    if (not denial.stance or denial.stance not in _ZH_AVERSIONS or denial.negated or denial.excepted
            or not denial.scope <= claim.scope or not claim.topic or not claim.topic <= denial.topic):
        return False
    extra = denial.topic - claim.topic
    if extra <= _SENSES:
        return True  # "闻到香菜的味道就想吐" / "喜欢香菜"
    if not claim.topic <= _CONCEPT_UNITS:
        return False
    return all(not unit.isascii() for unit in extra) and all(
        _ATTRIBUTE_OF.search(denial.text.split(form, 1)[1]) for concept in claim.topic
        for form in lexicon.CONCEPTS[concept] if not form.isascii() and form in denial.text)


_GEAR_USES = frozenset(map(stem, lexicon.GEAR_USES))


def _averse_to_gear(denial: Claim, claim: Claim) -> bool:
    """An aversion to the gear of the activity the other entry affirms: "refuses to sleep
    in a tent ever again" / "keen on camping", "讨厌瑜伽垫" / "is into yoga". A plain lack
    ("doesn't own a tent") is no aversion: it needs a stance verb."""
    gear = {unit for unit in denial.topic if unit in lexicon.GEAR}
    if not gear or not denial.stance or denial.scope or denial.topic - gear - _GEAR_USES:
        return False
    activities = {lexicon.GEAR[unit] for unit in gear}
    return bool(claim.topic) and claim.topic <= activities and not claim.scope


def _gear_for(denial: Claim, claim: Claim) -> set[str]:
    """The denial's gear for an activity of the claim, and that activity: one predicate,
    not a place ("sleep in a tent" is camping, not somewhere camping is done)."""
    found = {unit for unit in denial.topic if lexicon.GEAR.get(unit) in claim.topic}
    return found | {lexicon.GEAR[unit] for unit in found}


def _works_there(denial: Claim, other: Analysis) -> bool:
    """What is denied is only the place the other entry works at: "不吃垃圾食品" / "在肯德基打工",
    "不喝酒" / "在酒吧上班" (working at a bar is not drinking)."""
    return any(slot.name == "employer" and denial.topic <= units(normalize(slot.display))
               for slot in other.slots)


_CARRIED = {carrier: allergen for allergen, carriers in lexicon.ALLERGEN_CARRIERS.items() for carrier in carriers}


def _carrier_terms(claim: Claim) -> set[str]:
    """An allergen and what carries it index one term: "花粉过敏" meets "花店"."""
    found = {f"#carrier:{unit}" for unit in claim.topic if unit in lexicon.ALLERGEN_CARRIERS}
    return found | {f"#carrier:{_CARRIED[unit]}" for unit in claim.reach | claim.scope if unit in _CARRIED}


# A plan denied says nothing of now: "has no plans to retire", "不打算搬家".
_PLAN_DENIED = lazy_compile(r"\bno\s+(?:plans?|intention)\s+(?:to|of)\b|\b(?:isn't|is\s+not|not)\s+planning\s+to\b|"
                            r"\b(?:doesn't|does\s+not|don't)\s+plan\s+to\b|没有[^，,。；;]{0,6}打算|不打算|没打算|不准备")


def _denies(analysis: Analysis) -> bool:
    return any(claim.sign < 0 for claim in analysis.claims)


def _denial_terms(analysis: Analysis) -> set[str]:
    """The two sides of a denial may share no word: what a doing needs ("drives" / "no licence"),
    what carries an allergen, the class of a kind named in a scope ("posts on Instagram" / "social
    media"), the activity of a piece of gear ("tents" / "camping"), an occasion attended."""
    found = set()
    for claim in analysis.claims:
        found.update(f"#{need}" for unit in claim.reach for need in lexicon.REQUIRES.get(unit, ()))
        found.update(_carrier_terms(claim))
        found.update(f"#{unit}" for unit in broader_of(claim.scope))
        found.update(f"#{lexicon.GEAR[unit]}" for unit in claim.topic if unit in lexicon.GEAR)
        found.update(f"$occasion:{unit}" for unit in claim.scope & _OCCASIONS)
    return found


def _denied_things(analysis: Analysis) -> frozenset[tuple]:
    """What a denial of `analysis` speaks of, by holder: every way `_negation_conflict` meets a claim
    goes through one of these (its topic; an allergen's carriers; the activity of a piece of gear;
    an occasion of its scope), so an affirmed claim of another entry that seeks none of them is
    never compared with it."""
    found = set()
    for claim in analysis.claims:
        if claim.sign < 0:
            things = claim.topic | (claim.scope & _OCCASIONS)
            things |= {carrier for unit in claim.topic for carrier in lexicon.ALLERGEN_CARRIERS.get(unit, ())}
            things |= {lexicon.GEAR[unit] for unit in claim.topic if unit in lexicon.GEAR}
            found.update((claim.holder, thing) for thing in things)
    return frozenset(found)


def _affirmed_things(analysis: Analysis) -> frozenset[tuple]:
    """What a denial must speak of to meet an affirmed claim of `analysis`, by holder: what the claim
    reaches or is scoped to (and the classes of its scope), what its doing needs, and the things
    of one's own it names ("their living-room TV", "自家电视": every part of the Chinese word)."""
    found = set()
    for claim in analysis.claims:
        if claim.sign > 0 and claim.frequency not in ("low", "reduced"):
            things = claim.reach | claim.scope | broader_of(claim.scope)
            things |= {need for unit in claim.topic for need in lexicon.REQUIRES.get(unit, ())}
            for english, chinese in _OWN_THING.findall(claim.text):
                things |= {stem(english)} if english else _substrings(chinese)
            found.update((claim.holder, thing) for thing in things)
    return frozenset(found)


def _substrings(word: str) -> set[str]:
    return {word[start:end] for start in range(len(word)) for end in range(start + 1, len(word) + 1)}


FAMILY = Family("denial", kinds=("antonym", "implicit", "negation"), priority=60, compare=_negation_conflict,
                cue=_denies, index_terms=_denial_terms, keys=_denied_things, sought=_affirmed_things)
