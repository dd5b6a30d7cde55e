"""States of a life that exclude one another, read from the whole entry.

Each family names a state that has ended and the ongoing state it ended, or two
levels of one thing that cannot both hold now:

- **employment** — retired, unemployed, laid off ("已经退休了", "is between jobs")
  against going to work ("每天去公司上班", "works at Google"); quitting a job
  ("辞职了", "quit their job") only against a job still held ("还在腾讯上班"), since
  a new job may have followed;
- **relationship** — broke up ("分手了") against still dating; single against a
  partner or a marriage held now;
- **skill** — a beginner ("零基础", "complete beginner") against a master of the
  same thing ("考过十级", "plays professionally", "JLPT N1");
- **nights** — an early sleeper ("从不熬夜", "goes to bed early") against what is
  seen at 2 a.m. ("凌晨两点还在发消息", "still online at 2 a.m.").

Both sides must be the same holder's, held now (no "used to", "以前"), and not
planned ("plans to retire", "打算辞职"); an entry that states both sides of a
family says nothing against the other entry.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from . import lexicon
from .text import normalize, lazy_compile

_ZH_NUM = "[一二两三四五六七八九十]"


@dataclass(frozen=True)
class Family:
    name: str
    ended: re.Pattern  # the state that excludes the other
    ongoing: re.Pattern
    needs_still: re.Pattern | None = None  # ended forms that clash only with a state "still" held
    topical: bool = False  # both sides must speak of the same thing (a skill)


def _compile(*parts: str) -> re.Pattern:
    return lazy_compile("|".join(parts))


_FAMILIES = (
    Family(
        "employment",
        _compile(r"\b(?:is|are|has|have|got|now|recently|just)\s+(?:\w+\s+)?(?:retired|unemployed)\b"
                 r"(?!\s+from\s+(?!work\b|(?:the|his|her|their)\s+job))",
                 r"\bretired\s+(?:last|this|in|two|three|a|years?|early)\b",
                 r"\b(?:was|got|been)\s+(?:laid\s+off|made\s+redundant|fired)\b|\bbetween\s+jobs\b|"
                 r"\b(?:out\s+of|without\s+a)\s+(?:work|job)\b|\bquit\s+(?:(?:his|her|their|my)\s+)?job\b|"
                 r"\bresigned\b",
                 r"退休|失业|待业|被裁|被辞退|辞职|离职|没有工作|没工作|辞掉了?工作"),
        _compile(r"\b(?:works?|working)\s+(?:at|for|in)\b|\bis\s+employed\b|"
                 r"\b(?:goes|commutes|drives|cycles|walks)\s+(?:in\s+)?to\s+(?:work|the\s+office)\b|"
                 r"\bworks?\s+full[- ]time\b",
                 r"(?:去|到)(?:公司|单位|办公室)(?:上班|工作)|在[^，,。；;在]{1,10}?(?:上班|工作|任职)|每天(?:都)?(?:要)?上班|"
                 r"(?:还|仍|依然|一直)(?:在)?[^，,。；;]{0,8}?(?:上班|工作)"),
        needs_still=_compile(r"\bquit\b|\bresigned\b|辞职|离职|辞掉"),
    ),
    Family(
        "relationship",
        _compile(r"\b(?:broke|split)\s+up\b|\bis\s+(?:now\s+)?single\b|分手|单身"),
        _compile(r"\b(?:is|are)\s+(?:still\s+)?(?:dating|seeing|together\s+with|in\s+a\s+relationship)\b|"
                 r"\bstill\s+(?:with|together)\b|\bis\s+(?:still\s+)?(?:married|engaged)\b",
                 r"(?:还|仍|依然|一直)(?:在)?(?:和|跟)[^，,。；;]{1,8}?(?:在一起|交往|谈恋爱)|在谈恋爱|已婚|订婚了"),
        needs_still=None,
    ),
    Family(
        "skill",
        _compile(r"\b(?:complete|total|absolute|a)\s+(?:beginner|novice|newbie)\b|\bbeginner\s+(?:at|in)\b|"
                 r"\bjust\s+(?:started|began)\s+(?:learning|to\s+learn)\b|\bhas\s+never\s+(?:played|studied|learned)\b",
                 r"零基础|初学者|新手|刚开始学|刚学|刚入门|完全不会|一窍不通|小白"),
        _compile(r"\b(?:grandmaster|professional(?:ly)?|fluent(?:ly)?|interpreter|translator|expert|n1|c2|"
                 r"teaches|performs?|concerts?|champion\w*|for\s+(?:\d+|ten|twenty|fifteen|many)\s+years)\b",
                 rf"十级|专业|职业|精通|高手|大师|多年|{_ZH_NUM}+年|教练|老师|演出|上台|冠军|获奖|考过"),
        topical=True,
    ),
    Family(
        "finished",  # a debt paid off, an illness got over, still under way in the other entry
        _compile(r"\b(?:paid\s+off|cleared|recovered\s+(?:fully\s+)?from|got\s+over|finished\s+paying)\b",
                 r"还清|还完了|已经?痊愈|康复了|已经?好了|已经?结束了"),
        _compile(r"\bstill\s+(?:\w+\s+){0,2}?(?:paying|owes?|recovering|suffering|has|can\s*not|can't|struggl\w*)\b",
                 r"(?:还|仍|依然|仍然|一直)(?:在|要|得|没)?[^，,。；;]{0,3}?(?:还|付|养|疼|恢复|治疗)|每个月(?:都)?(?:还|要)还"),
        topical=True,
    ),
    Family(
        "parents' home",  # having moved out of the parents' home, against living there still
        _compile(r"\bmoved\s+out\s+of\s+(?:(?:his|her|their|my)\s+)?parents'?\s*(?:house|home|place|flat)?",
                 r"\bmoved\s+out\b(?!\s+of\s+(?:the|a|an)\b)",
                 r"搬出来|搬出去|从家里搬出|搬离父母"),
        _compile(r"\b(?:lives?|living|stays?)\s+(?:\w+\s+)?with\s+(?:(?:his|her|their|my)\s+)?(?:parents|mum|mom|dad|folks)\b|"
                 r"\b(?:lives?|living)\s+at\s+home\s+with\b",
                 r"(?:和|跟|与)(?:父母|爸妈|家人)(?:一起)?住|住在(?:父母|爸妈)家"),
    ),
    Family(
        "remote",  # a team or job with no office, against going to one
        _compile(r"\b(?:fully|completely|entirely|100%)\s+remote\b|\bremote[- ]only\b|\bhas\s+no\s+office\b|"
                 r"\bworks?\s+from\s+home\s+full[- ]time\b",
                 r"完全远程|全员远程|全远程|没有办公室|在家办公，从不去公司"),
        _compile(r"\b(?:commutes?|goes|drives|cycles|walks)\s+(?:in\s+)?to\s+(?:the\s+|their\s+|the\s+team's\s+)?office\b|"
                 r"\bin\s+the\s+office\s+every\s+day\b",
                 r"每天(?:都)?(?:去|到)(?:公司|办公室)|坐班"),
    ),
    Family(
        "eyesight",  # perfect eyesight against short sight or glasses
        _compile(r"\b(?:perfect|20/20)\s+(?:vision|eyesight)\b|\bnever\s+(?:needed|needs|wears?|wore)\s+glasses\b",
                 r"视力\s*(?:很好|极好|[45]\.[0-3])|从来?不(?:用|需要)?戴眼镜|不用戴眼镜"),
        _compile(r"\b(?:short|near)[- ]sighted\b|\bmyopi\w*|\bwears?\s+(?:glasses|contacts|contact\s+lenses)\b",
                 r"近视|(?<!不)(?<!不用)(?<!需要)戴眼镜|隐形眼镜"),
    ),
    Family(
        "colour vision",  # colour blindness against telling colours apart
        _compile(r"\bcolou?r[- ]?blind\w*|\b(?:red[- ]green|total)\s+colou?r\s+blindness\b", r"色盲|色弱"),
        _compile(r"\btells?\s+(?:\w+\s+){0,3}?(?:red|green|blue|colou?rs?)\b[^.;]*?\bfrom\b|"
                 r"\bdistinguish(?:es)?\s+(?:\w+\s+){0,2}?colou?rs\b|\bcolou?r\s+grad\w*|\bmatch(?:es)?\s+colou?rs\b",
                 r"分得清(?:各种)?颜色|分辨(?:各种)?颜色|调色"),
    ),
    Family(
        "marriage history",  # never married, against a former spouse (who may hold the other entry)
        _compile(r"\b(?:has|have)\s+never\s+(?:been\s+)?married\b|\bnever\s+married\b",
                 r"从(?:来)?(?:没|没有|未)(?:有)?结过婚|从未结婚|一直未婚"),
        _compile(r"\bex[- ](?:husband|wife|spouse)\b|\bdivorc\w+|\bwidow\w*", r"前夫|前妻|离过婚|离异|离婚|丧偶"),
    ),
    Family(
        "nights",
        _compile(r"\bnever\s+stays?\s+up\s+late\b|\b(?:goes|go|gets?)\s+to\s+(?:bed|sleep)\s+early\b|"
                 r"\bearly\s+(?:sleeper|to\s+bed)\b",
                 r"(?:从不|从来不|不|很少)熬夜|早睡|睡得(?:很)?早"),
        _compile(r"\b(?:at|around|past|after|until|till)\s+(?:[1-4]|one|two|three|four)\s*(?:a\.?m\.?|o'clock\s+at\s+night)|"
                 r"\b(?:after|past)\s+midnight\b|\bin\s+the\s+small\s+hours\b",
                 r"(?:凌晨|半夜|深夜)(?:[1-4]|[一二两三四])|(?<![十\d])(?:[1-4]|[一二两三四])点多?(?:了)?(?:还|才)"),
    ),
)

# Families whose other side may be stated of someone else: "User's ex-husband lives in Boston".
ANY_HOLDER = frozenset(("marriage history",))

# The state is not held now: gone by, planned, wished for, denied.
_NOT_NOW = lazy_compile(
    r"\b(?:used\s+to|formerly|previously|before|once|as\s+a\s+(?:child|kid|student)|in\s+college|"
    r"will|plans?|planning|going\s+to|wants?\s+to|hopes?|considering|thinking\s+(?:of|about)|soon|"
    r"not|never|no\s+longer|until|looking\s+for|applying|searching)\b|n't|找工作|求职|面试|"
    r"以前|之前|曾|过去|原来|小时候|上学时|大学时|将|打算|准备|计划|想|要是|如果|快要?|明年|下个月|没|不再|还没", re.IGNORECASE)
# An ending that was not: "hasn't retired", "没有辞职", "还没退休".
_NEGATED_END = lazy_compile(r"\b(?:not|never|no)\s+(?:\w+\s+)?$|n't\s+(?:\w+\s+)?$|(?:没|没有|还没|未|不)$", re.IGNORECASE)
_STILL = lazy_compile(r"\b(?:still|currently|now)\b|还|仍|依然|一直|目前|现在")
_NEW = lazy_compile(r"\bnew\b|新")
# A skill's level words are not the skill: what else the two entries share.
_LEVEL_WORDS = lazy_compile(r"beginner|novice|newbie|complete|total|absolute|grandmaster|professional\w*|fluent\w*|"
                          r"expert|interpreter|translator|player|level|rated|works?|learn\w*|play\w*|studi\w*|"
                          r"years?|user|passed|has|have|the|and|at|in|a|as|is|on|of")


def _clause(text: str, match: re.Match) -> str:
    """The clause a match sits in."""
    start = max(text.rfind(mark, 0, match.start()) for mark in ",;，；。.") + 1
    ends = [i for i in (text.find(mark, match.end()) for mark in ",;，；。") if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def _held(pattern: re.Pattern, text: str, ended: bool) -> re.Match | None:
    """The first match of `pattern` in a clause that holds now."""
    for match in pattern.finditer(text):
        clause = _clause(text, match)
        if ended:
            if _NEGATED_END.search(text[:match.start()]) or re.search(
                    r"\b(?:will|plans?|planning|going\s+to|wants?\s+to|hopes?|considering|thinking)\b|"
                    r"打算|准备|计划|想|快要?|明年|下个月|将", clause, re.IGNORECASE):
                continue
        elif _NOT_NOW.search(clause):
            continue
        return match
    return None


# Words one of which every side of a family contains: most entries have none, and
# substring tests are much cheaper than the patterns (tested: test_state_cues).
CUES: dict[str, tuple[str, ...]] = {
    "employment": ("retire", "unemploy", "laid off", "redundant", "fired", "between jobs", "out of work",
                   "without a", "out of", "quit", "resign", "work", "employ", "office",
                   "退休", "失业", "待业", "被裁", "被辞退", "辞", "离职", "没有工作", "没工作", "上班", "工作", "任职"),
    "relationship": ("broke", "split", "single", "dating", "seeing", "together", "relationship", "married",
                     "engaged", "still with", "分手", "单身", "在一起", "交往", "恋爱", "已婚", "订婚"),
    "skill": ("beginner", "novice", "newbie", "just started", "just began", "never played", "never studied",
              "never learned", "grandmaster", "professional", "fluent", "interpreter", "translator", "expert",
              "n1", "c2", "teaches", "perform", "concert", "champion", "years",
              "零基础", "初学者", "新手", "刚开始学", "刚学", "刚入门", "完全不会", "一窍不通", "小白", "十级", "专业",
              "职业", "精通", "高手", "大师", "年", "教练", "老师", "演出", "上台", "冠军", "获奖", "考过"),
    "finished": ("paid off", "cleared", "recovered", "got over", "finished paying", "still",
                 "还清", "还完", "痊愈", "康复", "好了", "结束了", "还", "仍", "依然", "一直", "每个月"),
    "parents' home": ("moved out", "with", "at home", "搬出", "搬离父母", "父母", "爸妈", "家人"),
    "remote": ("remote", "no office", "from home", "office", "远程", "没有办公室", "在家办公", "每天", "坐班"),
    "eyesight": ("perfect", "20/20", "glasses", "sighted", "myopi", "contact", "视力", "眼镜", "近视"),
    "colour vision": ("colo", "tell", "distinguish", "色盲", "色弱", "颜色", "调色"),
    "marriage history": ("married", "ex", "divorc", "widow", "结过婚", "结婚", "未婚", "前夫", "前妻", "离过婚",
                         "离异", "离婚", "丧偶"),
    "nights": ("stay", "bed", "sleep", "early", "at", "around", "past", "after", "until", "till", "midnight",
               "small hours",
               "熬夜", "早睡", "睡得", "凌晨", "半夜", "深夜", "点"),
}


_CUE_PATTERNS = {name: lazy_compile("|".join(map(re.escape, cues))) for name, cues in CUES.items()}


@functools.lru_cache(maxsize=8192)
def _sides(text: str) -> tuple[str, frozenset[str], frozenset[str]]:
    """The text normalised, the families whose ended state it names, and those whose
    ongoing state it names: read once per entry, whatever it is compared with."""
    lowered = normalize(text)
    named = [f for f in _FAMILIES if _CUE_PATTERNS[f.name].search(lowered)]
    return (lowered, frozenset(f.name for f in named if f.ended.search(lowered)),
            frozenset(f.name for f in named if f.ongoing.search(lowered)))


def conflict(a_text: str, b_text: str, units) -> tuple[str, str, str] | None:
    """(family, ended side, ongoing side) when `a_text` states an ended state
    `b_text` still holds; `units(text)` gives what a text is about (a skill's
    two entries must share something besides their level words)."""
    a, ended_a, ongoing_a = _sides(a_text)
    b, ended_b, ongoing_b = _sides(b_text)
    candidates = (ended_a & ongoing_b) - ongoing_a - ended_b
    if not candidates:
        return None
    for family in _FAMILIES:
        if family.name not in candidates:
            continue
        end = _held(family.ended, a, ended=True)
        if not end:
            continue
        going = _held(family.ongoing, b, ended=False)
        if not going or family.ongoing.search(a) or family.ended.search(b):
            continue
        if family.needs_still and family.needs_still.search(end.group(0)) and not _STILL.search(b):
            continue  # "辞职了" / "在字节跳动上班": a new job may have followed
        if family.name == "relationship" and _NEW.search(b):
            continue
        if family.topical and not _same_thing(family, a, b, units):
            continue
        return family.name, end.group(0), going.group(0)
    return None


_FORM_CONCEPT = {form: concept for concept, forms in lexicon.CONCEPTS.items() for form in forms}


def _same_thing(family: Family, a: str, b: str, units) -> bool:
    def about(text: str) -> frozenset[str]:
        rest = family.ongoing.sub(" ", family.ended.sub(" ", text))
        levels = " ".join(match.group(0) for pattern in (family.ended, family.ongoing)
                          for match in pattern.finditer(text))
        named = {concept for form, concept in _FORM_CONCEPT.items()  # "grandmaster" is chess
                 if form in levels and re.search(rf"(?<![a-z]){re.escape(form)}(?![a-z])", levels)}
        return frozenset(unit for unit in units(rest) | named if not _LEVEL_WORDS.fullmatch(unit))
    x, y = about(a), about(b)  # one names all the other does: "student loans" is not "car loan"
    return bool(x and y and (x <= y or y <= x))


def family_terms(text: str) -> set[str]:
    """Index terms: the sides of a family share no word ("已经退休了" / "每天去公司上班")."""
    _, ended, ongoing = _sides(text)
    return {f"${name}" for name in ended | ongoing}
