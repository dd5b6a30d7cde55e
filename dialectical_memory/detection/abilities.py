"""Not knowing how to do a thing, against doing it as a habit or for a living.

"Can't swim" / "is a swimming coach", "不会开车" / "每天自己开车送孩子上学",
"从没学过弹钢琴" / "每周末在酒店弹钢琴": a lasting inability leaves no room for a
habit or a job that needs the skill. Three frames, read from the clause:

- the **inability**: can't, unable to, doesn't know how to, never learned to,
  不会, 从没学过, 没学会 — but not one that holds only now or since an event
  ("can't drive today", "can no longer swim after the surgery", "暂时不能开车"),
  one with a condition ("can't drive without glasses"), or a matter of degree
  ("can't cook very well", "不太会");
- the **doing**: a habit (every, daily, 每天, 经常) or a role that needs the skill
  (coach, translator, pianist, 教练, 司机);
- not **learning** or wanting it ("is learning to swim", "想学滑雪", "takes lessons").
"""

from __future__ import annotations

import functools
import re

from . import lexicon
from .analysis import Analysis, Claim
from .base import Verdict
from .family import Family, contradiction
from .pairing import ANY_OBJECT_VERBS, apart, rival_pairs
from .text import lazy_compile

INABILITY = lazy_compile(
    r"\b(?:can'?t|can\s*not|cannot|unable\s+to|(?:do|does)\s*(?:n'?t|not)\s+know\s+how|"
    r"(?:has|have)\s+never\s+learn(?:ed|t)|never\s+learn(?:ed|t)\s+(?:how\s+)?to)\b|"
    r"不会|从(?:来)?没(?:有)?学(?:过|会)|从未学过|没学(?:过|会)|还不会|学不会", re.IGNORECASE)

# An inability that holds only now, since an event, under a condition, or by degree.
_PASSING = lazy_compile(
    r"\b(?:any\s*more|no\s+longer|today|tonight|right\s+now|at\s+the\s+moment|this\s+(?:week|month|year)|"
    r"for\s+now|yet|since|after|until|without|unless|if|when|while|well|very|properly|much|fast|far|long|"
    r"more\s+than|enough|without)\b|"
    r"现在|今天|暂时|这几天|最近|目前|了[。.！!]?$|以后|之后|没有.{0,6}就|除非|如果|太|很好|得好|好", re.IGNORECASE)

# Doing it as a habit, or as the job.
_HABIT = lazy_compile(
    r"\b(?:every|each|daily|weekly|nightly|often|usually|always|regularly|routinely|most\s+(?:days|weekends|mornings))\b|"
    r"每|天天|经常|常常|总是|一直|平时", re.IGNORECASE)
_ROLE = lazy_compile(
    r"\b(?:coach|instructor|teacher|tutor|translator|interpreter|professional(?:ly)?|for\s+a\s+living|works?\s+as|"
    r"lifeguard|chauffeur|\w+ist|\w+\s+driver|chef)\b|教练|老师|翻译|专职|职业|为生|司机|厨师|救生员|"
    r"(?-i:[\u4e00-\u9fff])[手家师](?=$|[。，,.；;！!])", re.IGNORECASE)
# Wanting, planning or learning the skill is not having it.
_NOT_YET = lazy_compile(
    r"\b(?:learn\w*|lessons?|classes|practis\w*|practic\w*|wants?|plans?|hopes?|would\s+like|trying|tries)\b|"
    r"在学|学习|学着|跟[^，,。；;]{0,6}学|课|练习|想|打算|计划|希望|准备|"
    # someone else does it for one: "请了翻译帮他用英语谈生意", "through an interpreter"
    r"(?:请|找|通过|借助)[^，,。；;]{0,3}翻译|\b(?:through|via|with)\s+(?:an?\s+)?(?:interpreter|translator)\b",
    re.IGNORECASE)

# Words of the ability frame, not the skill: what is left of the topic is what one cannot do.
ABILITY_WORDS = frozenset(("know", "how", "learn", "unabl", "abl", "学", "会", "rid", "ride",
                           "sav", "lif"))  # "can't take photos to save their life"
# The verb of a skill, named as its concept: "doesn't know how to code" is programming.
SKILL_VERBS = {"code": "programming", "cod": "programming"}
# An inability of degree denies doing it well, not doing it: "can't cook very well", "不太会做饭".
BY_DEGREE = lazy_compile(r"\b(?:very\s+|that\s+|too\s+)?well\b|\bproperly\b|\bthat\s+much\b|"
                         r"不太会|不怎么会|不大会|不是很会|不太能|(?:得|的)不(?:好|太好)", re.IGNORECASE)

# A role that practises a skill names the skill: `lexicon.ROLE_SKILLS` (lang/<code>/lexicon.json).

# A sport that cannot be done without a skill names it, as the units an inability's topic gives
# ("can't ride a horse" -> hors, "不会骑马" -> 骑马, "can't skate" -> skat): riding for the
# equestrian events, swimming for the water sports and triathlon, skating for the ice sports.
_RIDING, _SWIMMING, _SKATING = ("hors", "骑马"), ("swimming",), ("skat", "滑冰", "溜冰")
SPORT_SKILLS: dict[str, tuple[str, ...]] = {
    "show jumping": _RIDING, "dressage": _RIDING, "eventing": _RIDING, "polo": _RIDING,
    "horse racing": _RIDING, "jockey": _RIDING, "equestrian": _RIDING, "马术": _RIDING, "赛马": _RIDING,
    "障碍赛": _RIDING, "马球": _RIDING,
    "water polo": _SWIMMING, "triathlon": _SWIMMING, "synchronized swimming": _SWIMMING,
    "synchronised swimming": _SWIMMING, "水球": _SWIMMING, "铁人三项": _SWIMMING, "花样游泳": _SWIMMING,
    "ice hockey": _SKATING, "figure skating": _SKATING, "speed skating": _SKATING, "ice dancing": _SKATING,
    "冰球": _SKATING, "花样滑冰": _SKATING, "速滑": _SKATING, "短道速滑": _SKATING, "冰舞": _SKATING,
}
_SPORTS_LONGEST = tuple(sorted(SPORT_SKILLS, key=len, reverse=True))
# Watching a sport needs no skill: "watches show jumping every summer", "每周看冰球比赛".
_SPECTATING = lazy_compile(r"\b(?:watch\w*|fan|tickets?|spectat\w*|bets?|betting|on\s+tv)\b|"
                           r"看[^，,。；;]{0,6}(?:比赛|直播|转播)|观看|观赛|球迷|粉丝", re.IGNORECASE)


def _sport_skills(lowered: str) -> set[str]:
    if _SPECTATING.search(lowered):
        return set()
    found: set[str] = set()
    for sport in _SPORTS_LONGEST:
        if sport in lowered:
            found.update(SPORT_SKILLS[sport])
            lowered = lowered.replace(sport, " ")  # "water polo" is not polo on horseback
    return found


@functools.lru_cache(maxsize=8192)
def names_inability(text: str) -> bool:
    """Does the entry speak of an inability at all? (read once per entry)"""
    return bool(INABILITY.search(text))


def unable(text: str) -> bool:
    """A lasting inability: "can't swim", "从没学过钢琴" (not "can't drive today")."""
    return bool(INABILITY.search(text)) and not _PASSING.search(text)


def does_regularly(text: str) -> bool:
    """A habit or a role, not learning, wanting or watching: "drives to work every day", "日语翻译"
    (not "watches swimming on TV every week")."""
    return (bool(_HABIT.search(text) or _ROLE.search(text)) and not _NOT_YET.search(text)
            and not _SPECTATING.search(text))


def skills_of(text: str, topic: frozenset[str]) -> frozenset[str]:
    """What a doing claim practises: its topic, and the skill its role names."""
    lowered = text.lower()
    return topic | {skill for role, skill in lexicon.ROLE_SKILLS.items() if role in lowered} | _sport_skills(lowered)


def skill_terms(analysis: Analysis) -> set[str]:
    """Index terms: a role and the inability it meets share no word ("is a professional chef" /
    "never learned to cook"), so both name the skill."""
    text, claims = analysis.text, analysis.claims
    lowered = text.lower()
    found = {f"#skill:{skill}" for role, skill in lexicon.ROLE_SKILLS.items() if role in lowered and skill != "speak"}
    found.update(f"#skill:{skill}" for skill in _sport_skills(lowered))
    if INABILITY.search(text):
        found.update(f"#skill:{SKILL_VERBS.get(unit, unit)}" for claim in claims if unable(claim.text)
                     for unit in claim.topic - ABILITY_WORDS)
    return found


# Pictures of a thing are not the thing: "对猫过敏" / "喜欢看猫的视频".
MEDIA = frozenset(("video", "photography", "pictur", "film", "documentary", "cartoon", "comic", "show", "book",
                   "poster", "mem", "emoji", "视频", "照片", "图片", "节目", "动画", "漫画", "表情包"))


# Riding along is not driving: "不会开车" / "每天坐老公的车上班".
_PASSENGER = lazy_compile(r"坐[^，,。；;]{0,6}车|搭[^，,。；;]{0,6}车|蹭车|\b(?:gets?|got)\s+a\s+lift\b|"
                          r"\bpassenger\b|\bdriven\s+by\b|\brides?\s+with\b")


def not_doing_it(claim: Claim) -> bool:
    """What an inability leaves open: watching it ("cooking shows"), riding along."""
    return bool(claim.topic & MEDIA or _PASSENGER.search(claim.text))


def _inability_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """A lasting inability against a habit or a role that needs the skill: "can't swim" /
    "is a swimming coach", "不会开车" / "每天自己开车"."""
    if not names_inability(a.text):
        return None
    for denial, claim in rival_pairs(a, b):
        if (claim.sign <= 0 or claim.negated or claim.stance or claim.frequency in ("low", "reduced", "never")
                or not unable(denial.text) or INABILITY.search(claim.text)):
            continue
        skill = {SKILL_VERBS.get(unit, unit) for unit in denial.topic - ABILITY_WORDS
                 - ANY_OBJECT_VERBS}
        if (skill and skill <= skills_of(claim.text, claim.reach)
                and denial.scope <= claim.reach | claim.scope  # "can't code in Rust" / "a Python developer"
                and does_regularly(claim.text) and not not_doing_it(claim)
                and not apart(denial, claim, a, b)):
            return contradiction("implicit", 0.75, denial.text, claim.text)
    return None


def _says_inability(analysis: Analysis) -> bool:
    return names_inability(analysis.text)


FAMILY = Family("inability", kinds=("implicit",), priority=70, compare=_inability_conflict, cue=_says_inability,
                index_terms=skill_terms)
