"""Read a memory entry into claims: what it is about, with which polarity.

"User does not like long-winded replies" becomes one claim with sign -1, the
pole `length=long` and no topic words; "User avoids sugar" becomes sign -1 on
the topic {sugar}. The rule families (`registry.py`) compare these claims.

Qualified entries are read clause by clause with where each clause applies:
"concise in general, but detailed on technical questions" becomes a claim
`length=short` that excepts {technical} and a claim `length=long` scoped to
{technical}; "drinks coffee, except on weekends" becomes an affirmed claim that
excepts {weekend} plus a derived denial scoped to {weekend}.

Claims also record when and whose they are: a past state ("used to live in
Berlin", "以前是老师", "lived in Lisbon last year") is `past`, unlike a present
denial ("no longer", "戒了"); an entry about someone else ("User's husband is
vegetarian", "用户妹妹住在广州") gives its claims a `holder`. A pole word records
the noun it describes when that is not the reply ("long *threads*"), and "with no
sugar" / "不加糖的" deny only the thing named.
"""

from __future__ import annotations

import functools
import re
import unicodedata
import zlib
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..core.regex_cues import Needs, reads_only_where
from . import antonyms, frequency, languages, lexicon, observed
from . import terms as t
from .contexts import settings as named_settings
from .holders import entry_holder
from .slots import Slot, absence_slots, extract_slots, routine_times
from .text import CJK_RANGE, chinese_bigrams, normalize, parse_number, lazy_compile


class Pole(NamedTuple):
    axis: str
    pole: str
    surface: str
    implicit: bool = False
    # The thing the pole word describes when that is not the assistant's reply
    # ("long *threads*", "很长的*讨论串*"); "" for replies, answers, or no noun.
    target: str = ""


@dataclass(frozen=True)
class Claim:
    """One clause: its polarity, what it is about, and where it applies."""

    text: str
    sign: int  # +1 affirms, -1 denies (after negation and stance verbs)
    negated: bool = False  # a negation word flipped the sign ("not", "no longer", "从不")
    stance: str = ""  # the stance verb, as listed in the lexicon ("like", "hate")
    frequency: str = ""  # "", "high", "low" or "never"
    frequency_word: str = ""
    topic: frozenset[str] = frozenset()
    broader: frozenset[str] = frozenset()  # concepts the topic is a kind of
    scope: frozenset[str] = frozenset()  # "on technical questions", "在工作上"
    poles: tuple[Pole, ...] = ()
    implicit: bool = False  # polarity comes from an allergy, a diet, ...
    excepted: frozenset[str] = frozenset()  # where the claim does not hold ("except on weekends")
    default: bool = False  # marked as the general case ("in general", "by default", "一般")
    occasional: bool = False  # "sometimes", "有时", or a low frequency
    derived: bool = False  # not stated: the denial an exception implies
    past: bool = False  # a past state ("used to", "以前", "last year"): says nothing of now
    holder: str = ""  # whose claim it is when not the user's: "husband" in "User's husband is…"
    lifetime: bool = False  # "has never", "从没": denies the past too
    settings: frozenset[str] = frozenset()  # "at work", "和朋友聊天时": see `contexts.py`

    @functools.cached_property
    def reach(self) -> frozenset[str]:
        """Topic plus everything it is a kind of."""
        return self.topic | self.broader

    @functools.cached_property
    def subjects(self) -> frozenset[str]:
        """Everything the claim speaks about: topic, scope, broader concepts, axes."""
        return self.reach | self.scope | {pole.axis for pole in self.poles}

    @functools.cached_property
    def memo(self) -> dict:
        """What a rule reads from this claim alone, kept with it (`memo.kept`). Not a field:
        neither compared nor hashed, and a replaced claim starts with an empty one."""
        return {}


class Order(NamedTuple):
    """A preference of one option over another ("tea over coffee")."""

    preferred: frozenset[str]
    other: frozenset[str]
    text: str
    past: bool = False
    holder: str = ""


@dataclass(frozen=True)
class Analysis:
    key: str  # the statement without subject or punctuation, for identity
    claims: tuple[Claim, ...]
    orders: tuple[Order, ...]
    slots: tuple[Slot, ...]
    # The entry holds opposite polarities under different conditions: a synthesis
    # or a statement with exceptions ("formal at work, casual with friends").
    qualified: bool = False
    habits: tuple[Habit, ...] = ()
    text: str = ""  # the entry as written (NFKC)
    holder: str = ""  # whose entry it is ("" for the user)
    reported: bool = False  # what the user says, or a record shows ("says they…", "自称")

    @functools.cached_property
    def memo(self) -> dict:
        """What a rule reads from this analysis alone, kept with it (`memo.kept`). Not a field:
        neither compared nor hashed, and a replaced analysis starts with an empty one."""
        return {}


class Habit(NamedTuple):
    """How often something is done: "runs about once a month" → (monthly, {run})."""

    rate: frequency.Rate
    topic: frozenset[str]
    text: str
    past: bool = False
    holder: str = ""


# Clause boundaries; the captured text tells a contrast ("but") from an enumeration (",").
_CLAUSE_SPLIT = lazy_compile(
    r"([;:!?；：。！？]+|\.(?!\d)|\s+(?:but|whereas|however|although|though)\s+|但是|可是|不过|然而|但)"
    r"|[,，、]+"
    # "对咖啡因敏感所以不喝咖啡", "喜欢猫而且养了两只": a second predicate
    r"|所以|因此|因而|而且|并且"
    # "finds podcasts boring and never listens to them": a second predicate
    r"|\s+and\s+(?=(?:(?:would|will|could|can)\s+)?(?:never|not|does\s+not|do\s+not|rarely|seldom|no\s+longer)\b)"
    # "is terrified of thunderstorms and hides indoors", "dreads it and always orders in":
    # a frequency adverb or a verb of shrinking away starts a second predicate
    r"|\s+and\s+(?=(?:always|usually|often|then|instead)\s+[a-z]+s\b|(?:hides|runs\s+away|panics|freezes|"
    r"shakes|trembles|cries|screams|stays\s+(?:indoors|inside|home|away))\b"
    # "hates dancing and leaves parties when the music starts": a common verb of acting on
    # it, third person, with a condition after it ("likes cats and dogs" has no verb)
    r"|(?:leaves|walks\s+out|goes|gets|orders|skips|avoids|refuses|changes|turns|switches|sits|"
    r"stays|makes|takes|buys|brings|calls|asks|pays|finds|books|spends|uses|watches)\b"
    r"(?=[^,;.]*\b(?:when|whenever|every\s+time|as\s+soon\s+as|if|instead|possible|can)\b))")
_ENUMERATION = "enumeration"
_CONTRAST = "contrast"
_SUBJECT = lazy_compile(r"^\s*(?:the\s+)?user(?:'s)?\s+|^\s*(?:该|这位)?用户", re.IGNORECASE)
# Saying what one values: "更看重", "重视", "在乎".
_ZH_VALUING = "更看重|更重视|更在乎|更在意|更注重|最看重|看重|重视|在乎|在意|注重|优先考虑"
# "健康不如事业重要", "把家庭放在工作后面": the order reads the other way round.
class _Cued:
    """A pattern tried only where one of its words is: a lazy group at its start
    would otherwise be tried from every position of every sentence."""

    def __init__(self, needs: tuple[str, ...], pattern: str):
        self.needs, self.compiled = needs, lazy_compile(pattern)

    def search(self, text: str) -> re.Match | None:
        return self.compiled.search(text) if any(need in text for need in self.needs) else None


_REVERSED_ORDER = _Cued(("不如", "放在", "排在", " less ", " worse "),
                       r"(?P<y>[^，,。；]{1,12}?)不如(?P<x>[^，,。；]{1,12}?)(?:重要|要紧|好用|好|顺手)|"
                               r"把(?P<y2>[^，,。；]+?)(?:放|排)在(?P<x2>[^，,。；]+?)(?:的)?(?:后面|之后|后头|下面|后)|"
                               r"(?P<y3>[^,;]+?)\s+(?:(?:matters?|counts?|is|are)\s+less\s+(?:important\s+)?|(?:is|are)\s+worse\s+)"
                               r"(?:to\s+(?:the\s+)?user\s+)?than\s+(?P<x3>[^,;.]+)|"
                               # "values title less than salary", "cares less about title than salary"
                               r"\b(?:values?|valued|rates?|rated|prioriti[sz]\w*)\s+(?P<y4>.+?)\s+less\s+(?:highly\s+)?than\s+"
                               r"(?P<x4>[^,;.]+)|\bcares?\s+(?:much\s+|far\s+)?less\s+about\s+(?P<y5>.+?)\s+than\s+(?:about\s+)?"
                               r"(?P<x5>[^,;.]+)")
_ORDER_PATTERNS = tuple(p if isinstance(p, _Cued) else lazy_compile(p) for p in (
    r"\bprefer\w*\s+(?P<x>.+?)\s+(?:over|to|rather than|instead of|more than)\s+(?P<y>.+)",
    r"\b(?:like|love|enjoy)\w*\s+(?P<x>.+?)\s+(?:more than|better than|over)\s+(?P<y>.+)",
    r"\bwould rather\s+(?P<x>.+?)\s+than\s+(?P<y>.+)",
    r"\b(?:choose|chooses|chose|pick|picks)\s+(?P<x>.+?)\s+over\s+(?P<y>.+)",
    rf"(?:更喜欢|更爱|更偏好|偏好|喜欢|选择|偏爱|更愿意|更倾向于?|更习惯|{_ZH_VALUING})(?P<x>.+?)"
    r"(?:而不是|而非|胜过|多于|多过|超过|甚于|多一些|多一点)(?P<y>.+)",
    rf"(?:更喜欢|更爱|更偏好|偏好|首选|优先考虑|优先|{_ZH_VALUING})(?P<x>[^，,]+?)[，,](?P<y>[^，,]+?)(?:是|作为|只是|只能算|排)?"
    r"(?:次选|其次|备选|第二选择|第二|次之)",
    # "更看重薪资，其次才是稳定", "优先考虑价格，然后才是品牌"
    rf"(?:首选|优先考虑|优先|{_ZH_VALUING})(?P<x>[^，,。；]+?)[，,]\s*(?:其次|然后|再次)(?:才是|才|是|才考虑|考虑)?(?P<y>[^，,。；]+)",
    # "健康优先于事业", "健康比事业重要", "把健康放在事业前面", "健康排在事业前面"
    _Cued(("先于", "重于", "高于"), r"(?:^|[，,])(?:认为|觉得|一直认为|始终认为)?(?P<x>[^，,。；]{1,12}?)(?:优先于|先于|重于|高于)"
                                  r"(?P<y>[^，,。；]{1,12})"),
    _Cued(("重要", "要紧"), r"(?:^|[，,])(?:认为|觉得|一直认为|始终认为)?(?P<x>[^，,。；]{1,12}?)比(?P<y>[^，,。；]{1,12}?)"
                          r"(?:更|还|要)?(?:重要|要紧)"),
    r"把(?P<x>[^，,。；]+?)(?:放|排)在(?P<y>[^，,。；]+?)(?:的)?(?:前面|之前|前头|上面|之上|前)",
    _Cued(("排在", "放在"), r"(?P<x>[^，,。；把]+?)(?:排|放)在(?P<y>[^，,。；]+?)(?:的)?(?:前面|之前|前头|上面|之上|前)"),
    # "把家庭放在第一位，工作第二", "工作第一，家庭第二"
    _Cued(("第二",), r"(?:把)?(?P<x>[^，,。；把]+?)(?:放|排)?(?:在)?第一(?:位)?[，,]\s*(?P<y>[^，,。；]+?)(?:放|排)?(?:在)?"
                    r"第二(?:位)?"),
    r"\bprefer\w*\s+(?P<x>[^,]+?),\s+(?:with\s+)?(?P<y>[^,]+?)\s+(?:as\s+(?:a|the|their|his|her)\s+)?"
    r"(?:second\s+choice|fallback|backup|last\s+resort)",
    r"(?:比起|相比于?|与其)(?P<y>.+?)[,，]?(?:更喜欢|更爱|更偏好|更倾向于?|更想|不如|宁愿)(?P<x>.+)",
    r"宁[愿可](?P<x>.+?)[,，]?也不(?:要|想|愿意?)?(?P<y>.+)",
    # valuing one thing more: "values salary more than job title", "weighs price more heavily than brand"
    r"\b(?:values?|valued|prioriti[sz]\w*|cares?\s+about|cared\s+about|appreciates?|weighs?|weights?|trusts?|"
    r"respects?|rates?)\s+(?P<x>.+?)\s+(?:much\s+|far\s+|a\s+lot\s+)?(?:more(?:\s+highly|\s+heavily)?|higher)\s+than\s+"
    r"(?:about\s+)?(?P<y>.+)",
    # ranks and priorities: "ranks Python above Java", "top priority is health, then career"
    r"\b(?:ranks?|ranked|rates?|rated|puts?|places?|values?|valued)\s+(?P<x>.+?)\s+(?:above|over|ahead\s+of|higher\s+than)\s+(?P<y>.+)",
    r"\b(?:prioriti[sz]\w*|favou?r\w*)\s+(?P<x>.+?)\s+(?:above|over|ahead\s+of|before)\s+(?P<y>.+)",
    r"\bcares?\s+more\s+about\s+(?P<x>.+?)\s+than\s+(?:about\s+)?(?P<y>.+)",
    # "comfort beats style", "Vim is better than Emacs", "Python比Java好用"
    r"(?:^|,\s*)(?:for\s+(?:the\s+)?user,?\s+)?(?P<x>[^,;]+?)\s+(?:beats|trumps|outranks|wins\s+over|"
    r"takes\s+precedence\s+over|comes\s+ahead\s+of)\s+(?P<y>[^,;.]+)",
    _Cued((" better than", " superior to", " nicer than"),
          r"(?:^|,\s*)(?:thinks\s+|believes\s+|feels\s+|finds\s+)?(?P<x>[^,;]+?)\s+(?:is|are)\s+(?:much\s+|far\s+|way\s+)?"
          r"(?:better|superior|nicer)\s+(?:than|to)\s+(?P<y>[^,;.]+)"),
    _Cued(("好", "强", "顺手"), r"(?:^|[，,])(?:认为|觉得|一直认为|始终认为)?(?P<x>[^，,。；]{1,12}?)比(?P<y>[^，,。；]{1,12}?)"
                              r"(?:更|还|要)?(?:好用|好|强|顺手|优秀)"),
    _Cued((" more ",), r"(?:^|,\s*)(?P<x>[^,;]+?)\s+(?:matters?|counts?)\s+more\s+(?:to\s+(?:the\s+)?user\s+)?than\s+"
                       r"(?P<y>.+)"),
    _Cued((" more important",), r"(?:^|,\s*)(?:thinks\s+|believes\s+|feels\s+)?(?P<x>[^,;]+?)\s+(?:is|are)\s+more\s+"
                                r"important\s+(?:to\s+(?:the\s+)?user\s+)?than\s+(?P<y>.+)"),
    r"\b(?:top|first|main|number\s+one)\s+(?:priority|choice|pick)\s+is\s+(?P<x>[^,]+?),\s+(?:then|followed\s+by|and\s+then|"
    r"with\s+)(?P<y>[^,]+?)(?:\s+second)?$",
    # "首选微信，邮件排第二", "喜欢冬天，不太喜欢夏天": a first and a second choice
    r"首选(?P<x>[^，,。；]+?)[，,]\s*(?P<y>[^，,。；]+?)(?:排|是|算|只能)?(?:第二|次之|靠后)",
    r"(?:比较|更|最)?喜欢(?P<x>[^，,。；不]+?)[，,]\s*(?:但)?(?:不太|不怎么|不是很|不那么)喜欢(?P<y>[^，,。；]+)",
))
# A word every order pattern needs: most sentences state no order and try none.
_ORDER_CUE = lazy_compile(r"prefer|rather|\bover\b|more|better|above|ahead|higher|before|priority|choice|pick|less|"
                          r"beats|trumps|outranks|precedence|superior|nicer|worse|好|强|顺手|"
                          r"而不是|而非|胜过|多于|多过|超过|甚于|次选|其次|备选|第二|次之|然后|再次|先于|重于|高于|重要|要紧|"
                          r"放在|排在|比起|相比|与其|宁[愿可]|首选|喜欢|不如")
# "Between tea and coffee, user picks tea": the choice, and the option left.
_BETWEEN = lazy_compile(r"\bbetween\s+(?P<a>[^,]+?)\s+and\s+(?P<b>[^,]+?),\s*(?:the\s+)?(?:user\s+)?(?:always\s+|usually\s+)?"
                      r"(?:picks?|chooses?|prefers?|goes\s+for|opts\s+for|takes?)\s+(?P<x>[^,.;]+)|"
                      r"在(?P<c>[^，,。；]+?)和(?P<d>[^，,。；]+?)之间[，,]?\s*(?:用户)?(?:总是|一般|通常)?(?:选|选择|更喜欢)(?P<z>[^，,。；]+)")
_WAKE_TIME = (
    lazy_compile(r"\b(?:wake|woke|wakes|waking|get|gets|got|getting|rise|rises)\s+up\s+"
               r"(?:at|around|by|before|after)\s+(?:(?P<noon>noon|midday)|(?P<hour>\d{1,2})"
               r"(?::\d\d)?\s*(?P<half>am|pm|a\.m\.|p\.m\.)?)"),
    lazy_compile(r"(?P<part>凌晨|早上|早晨|上午|中午|下午)?(?P<hour>\d{1,2}|[一二两三四五六七八九十]{1,3})点"
               r"(?:钟|半|多)?(?:才|就)?(?:起床|起来|醒)"),
    lazy_compile(r"(?P<noon>中午|下午)才?(?:起床|起来|醒)"),
)


# "加班到十点以后": a clock time says when, not what about (wake-up times are read apart)
# A verb's trailing extent in time: "加班到深夜", "熬夜到凌晨", "学习到很晚" do the verb, late. The extent
# is no topic; working until late is overtime ("工作到很晚" / "从不加班").
_ZH_LATE_EXTENT = lazy_compile(r"(?P<work>工作|上班|干活)?(?<=[\u4e00-\u9fff])(?:到|至)(?:很晚|深夜|半夜|后半夜|大半夜|凌晨|天亮|"
                               r"半夜三更|三更半夜)(?:才[\u4e00-\u9fff])?")


def _without_late_extent(clause: str) -> str:
    if "到" not in clause and "至" not in clause:
        return clause
    return _ZH_LATE_EXTENT.sub(lambda m: "加班" if m["work"] else " ", clause)


_ZH_CLOCK = lazy_compile(r"(?:到|至)?[零一二两三四五六七八九十\d]{1,3}点(?:半|钟|多)?(?:以后|之后|以前|之前|前|后)?"
                       r"(?=[^起醒]|$)")


def strip_subject(text: str) -> str:
    return _SUBJECT.sub("", text, count=1).strip()


# What the user says of themselves, or a record shows, is read as the claim it
# states: "says they don't use social media", "自称很少网购", "说自己从不熬夜",
# "fitness tracker shows no workouts", "计步数据显示他…".
_REPORTED = lazy_compile(
    r"^(?:(?:says|said|claims|claimed|insists|insisted|maintains|swears|tells\s+(?:people|everyone|others))"
    r"\s+(?:that\s+)?(?:(?:they|he|she)\s+(?:are|is|were|was\s+)?)?|"
    r"(?:describes|considers|calls|sees)\s+(?:themselves|himself|herself)\s+(?:as\s+)?|"
    r"claims\s+to\s+(?=be\b|have\b)|"
    r"(?P<of>(?:[\w-]+\s+){0,2})(?:tracker|app|data|records?|logs?|history|statements?)\s+(?:shows?|showed|says)"
    r"\s+(?:that\s+)?(?:(?:they|he|she)\s+)?)|"
    r"^(?:自称|声称|号称|坚称|自认为|觉得自己|说(?:自己|他|她)|表示自己)|"
    r"^[\u4e00-\u9fff]{0,6}(?:数据|记录|账单|日志|统计|截图)显示(?:他|她|用户)?")


# A proper name a thing is called by is no mention of what its words mean:
# "健身房叫 Orange Fitness" is not about oranges.
# So is a pet's or a thing's name, quoted or capitalised: "a cat named Pepper" is not
# about pepper, "养了一只叫“可乐”的狗" not about cola.
_CALLED = lazy_compile(
    r"(?:叫做?|名叫|名为|取名|起名|\bcalled|\bnamed)\s*(?:"
    r"[“\"「『'‘](?P<quoted>[^”\"」』'’]{1,30})[”\"」』'’]|"
    r"(?P<name>[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*)*)|"
    r"(?<=名叫|名为|叫做|取名|起名)(?P<bare>[^的，,。；;\s]{1,6})(?=的|[，,。；;]|$))")


def _without_proper_names(original: str, sentence: str) -> tuple[str, str]:
    """The sentence without the names it gives, and those names (they still tell
    two entries apart: "a cat named Pumpkin" / "a cat named Biscuit")."""
    if not _CALLED_CUE.search(original):
        return sentence, ""
    names = []
    for match in _CALLED.finditer(original):
        name = (match["quoted"] or match["name"] or match["bare"]).lower()
        sentence = sentence.replace(name, " ")
        names.append(name)
    return sentence, "".join(names)


_CALLED_CUE = lazy_compile(r"叫|名|called|named")


def reported_content(sentence: str) -> tuple[str, bool]:
    """The sentence without its reporting frame, and whether it had one."""
    # the activity a tool is of stays: "meditation app shows no sessions" is about meditation
    content = _REPORTED.sub(lambda match: match["of"] or "", sentence, count=1)
    return content, content != sentence


# Chinese verbs split by what counts them: "游一两次泳", "跑了一次步".
# Also "爬一次山", "洗一次车", "理一次发", "见一次面": the count splits a verb-object word.
# Also "浇一次水", "做一次饭", "下一次棋", "加三次班", "喝一次酒": a habit's verb-object split by its count.
_SPLIT_VERB = lazy_compile(r"(?P<v>游|跑|爬|洗|理|剪|见|打|浇|做|下|加|喝|看|读)"
                           r"(?P<m>(?:了|过)?[一二两三四五六七八九十几\d]{1,4}多?[次回趟])"
                           r"(?P<o>泳|步|山|澡|车|发|头|面|球|水|饭|棋|班|酒|书)|"
                           r"(?P<v2>游|跑)(?P<m2>(?:了|过)?[一二两三四五六七八九十几\d]{1,4})(?P<o2>泳|步)")
# Separable verbs (离合词) split by the experiential 过: "从来没滑过雪" is about 滑雪, "游过泳" 游泳.
_SEPARABLE_VERBS = ("游泳", "跑步", "爬山", "滑雪", "潜水", "跳伞", "蹦极", "冲浪", "骑马", "钓鱼", "唱歌", "跳舞",
                    "下棋", "喝酒", "抽烟", "开车", "出国", "留学", "见面", "打球", "做饭", "洗澡", "理发", "考试")
_SPLIT_BY_GUO = lazy_compile("|".join(f"(?<={verb[0]})过(?={verb[1:]})" for verb in _SEPARABLE_VERBS))
_SPLIT_CUE = lazy_compile(r"[游跑爬洗理剪见打浇做下加喝看读][了过]?[一二两三四五六七八九十几\d]")
# An allergy named as a noun is the allergy stated: "has a severe tree nut allergy" is
# "is allergic to tree nut", so the allergen's is-a table covers what is eaten.
_NOUN_ALLERGY = lazy_compile(r"\b(?:has|have|had|having|with)\s+(?:an?\s+)?(?:(?:severe|serious|mild|bad|known|"
                             r"diagnosed|life[- ]threatening)\s+)?(?P<what>[a-z]+(?:[ -][a-z]+)?)[ -]allerg(?:y|ies)\b")
# "Drinks" with no object is drinking alcohol: "never drinks on weekdays", "doesn't drink",
# "drinks socially" (not "drinks a lot of water", nor the noun of "energy drinks").
_BARE_DRINK = lazy_compile(r"(?<!energy\s)(?<!soft\s)(?<!fizzy\s)(?<!sports\s)(?<!sugary\s)(?<!hot\s)(?<!cold\s)"
                         r"\b(?:drinks?|drinking|drank)\b(?=\s*(?:$|[.,;!?]|(?:on|at|in|during|when|while|after|"
                         r"before|with|socially|anymore|any\s+more|heavily|much|every|daily|often|rarely|"
                         r"occasionally|sometimes|nowadays|now|these\s+days|at\s+all|a\s+lot(?!\s+of))\b))")

# A Chinese measure with no noun after it names what is usually drunk or smoked by it:
# "每晚喝几杯", "和朋友小酌两杯" drink alcohol, "饭后抽两根" smokes (a noun after it,
# "喝几杯茶", keeps the noun).
_ZH_BARE_MEASURE = lazy_compile(r"(?P<v>喝|抽|小酌)(?:了|上)?(?P<n>[一两二三四五几半]?(?:杯|根)?)(?![\u4e00-\u9fff])|"
                                r"(?P<s>小酌)")
_IMPLIED_OBJECT = {"喝": "酒", "小酌": "酒", "抽": "烟"}


def _with_implied_object(match: re.Match) -> str:
    verb = match["v"] or match["s"]
    if match["v"] and not match["n"] and verb != "小酌":
        return match.group(0)  # a bare "喝" / "抽" at the end: "想喝", "不抽"
    return ("喝" if verb == "小酌" else verb) + (match["n"] or "") + _IMPLIED_OBJECT[verb]


def _joined_verb(match: re.Match) -> str:
    if match["v"]:
        return match["m"] + match["v"] + match["o"]
    return match["m2"] + match["v2"] + match["o2"]


# How one finds a thing is a stance on it: "finds cooking stressful" dislikes
# cooking, "finds cooking relaxing" enjoys it; "觉得做饭很累" / "觉得做饭很解压".
# Read only in this frame: "a stressful job" says nothing of liking the job. What a thing
# does to one is a stance too: "panics when speaking in public", "一坐飞机就难受" (after a meeting
# verb: "看到狗就紧张"); and avoiding it wherever one can: "能不加班就不加班". The frames are each
# language's (lang/*/stances.json: a pattern and the stance it gives, tried in order).


@functools.cache
def _evaluations() -> tuple[tuple[re.Pattern, str], ...]:
    return tuple((lazy_compile(pattern), stance) for pattern, stance in languages.table("stances", "evaluations"))

_EVALUATION_CUE = lazy_compile(r"\bfinds?\b|\bpanic|\bfreaks?\s+out|\bgets?\s+(?:nervous|anxious|dizzy|sick|queasy)|觉得|就")


_COORDINATED = lazy_compile(r"\s+(?:and|but|so)\s")


def _evaluated(sentence: str) -> str:
    for pattern, stance in _evaluations():
        match = pattern.search(sentence)
        if match:
            glue = " " if stance.isascii() else ""
            rest = sentence[match.end():]
            if stance.isascii() and _COORDINATED.match(rest):
                rest = ";" + rest  # "finds X a chore and pays someone to do it": the stance is a clause of its own
            return sentence[: match.start()] + stance + glue + match["x"] + rest
    return sentence


_NAMING = lazy_compile(r"\bcalled(?=\s+[`'\"“]?[A-Z\u4e00-\u9fff])")


# What the rules read of an entry. Memory entries are notes of a sentence or a few; some of the ~300
# patterns cost time quadratic in the length of an unbroken run (8,000 digits: ~1 s), so an entry
# longer than this (rare: an entry may hold 8,000) is judged by its beginning.
ANALYSED_CHARS = 2000


@functools.lru_cache(maxsize=8192)
def analyse(text: str) -> Analysis:
    original = unicodedata.normalize("NFKC", text[:ANALYSED_CHARS])
    if "called" in original:
        original = _NAMING.sub("named", original)  # "a cat called Nudel" names, it phones no one
    sentence, reported = reported_content(normalize(strip_subject(original)))
    sentence, names = _without_proper_names(original, sentence)
    if "过" in sentence:
        sentence = _SPLIT_BY_GUO.sub("", sentence)
    if _SPLIT_CUE.search(sentence):
        sentence = _SPLIT_VERB.sub(_joined_verb, sentence)  # "游一两次泳" is "一两次游泳"
    if "allerg" in sentence:
        sentence = _NOUN_ALLERGY.sub(r"is allergic to \g<what>", sentence)
    if "drink" in sentence or "drank" in sentence:
        sentence = _BARE_DRINK.sub(r"\g<0> alcohol", sentence)
    if "杯" in sentence or "根" in sentence or "小酌" in sentence:
        sentence = _ZH_BARE_MEASURE.sub(_with_implied_object, sentence)
    if _EVALUATION_CUE.search(sentence):
        sentence = _evaluated(sentence)
    domains, anchored = _anchors(sentence)
    orders, clause_source = _orders(sentence)
    orders += _sequences(sentence)
    reads: list[_Read] = []
    inherited_sign = 1
    for boundary, clause in _clauses(clause_source):
        clause, without = _local_negation(_ZH_CLOCK.sub(" ", _without_late_extent(clause)))
        read = _read_clause(clause, inherited_sign, domains, anchored, boundary)
        if without and not read.modifier and read.claim.sign > 0:
            read.extra.append(_without_claim(without, read.claim))
        reads.append(read)
        if not read.modifier:
            inherited_sign = read.stance
    claims, qualified = _qualify(_assemble(reads))
    claims.extend(_wake_time_claims(sentence))
    claims.extend(_employment_claims(sentence))
    claims.extend(_left_behind(sentence))
    claims.extend(_completed(sentence))
    claims = _restarted(sentence, claims)
    if not any(pole.axis == "chronotype" for claim in claims for pole in claim.poles):
        claims.extend(_bedtime_claims(original))
    key = "".join(filter(str.isalnum, sentence + names))
    slots = _current_slots(original, claims)
    habits = _habits(sentence)
    holder = _holder(original)
    introduced = "" if holder else _introduced_holder(original)
    if introduced:  # "User has a brother who lives in Oslo": the brother's home, not the user's
        holder = introduced
        slots = tuple(slot if slot.holder else slot._replace(holder=holder) for slot in slots)
    shown = holder.partition(" #")[0]  # the entry is about "brother"; its claims about one of them
    if holder:
        claims = _held(claims, holder)
        orders = tuple(order._replace(holder=holder) for order in orders)
        habits = tuple(habit._replace(holder=holder) for habit in habits)
    named = entry_holder(original, in_lexicon)
    if named:
        claims = [replace(claim, holder=_join(named, claim.holder)) for claim in claims]
        orders = tuple(order._replace(holder=_join(named, order.holder)) for order in orders)
        slots = tuple(slot._replace(holder=_join(named, slot.holder)) for slot in slots)
        habits = tuple(habit._replace(holder=_join(named, habit.holder)) for habit in habits)
    return Analysis(key=key, claims=tuple(claims), orders=orders, slots=slots, qualified=qualified,
                    habits=habits, text=original, holder=_join(named, shown) if named else shown,
                    reported=reported)


# Units a frequency phrase leaves behind ("once in the last three years"): not what the habit is.
_TIME_UNITS = frozenset("time onc twice year month week day hour last past few sever about around "
                        "almost nearli onli just least most night morn even 次 一次 年 月 天 周".split())
# What a record is, not what it records: "bank statement shows", "外卖软件显示", "运动手环记录".
_RECORD_WORDS = lazy_compile(
    r"\b(?:(?:bank|card|credit\s+card)\s+statements?|statements?|shows?|showed|shown|logs?|logged|records?|"
    r"recorded|tracker|app|account|history|data|says|claims?|according\s+to)\b|"
    r"显示|记录|账单|流水|软件|app|手环|手表|数据|账户|账号")


def _habits(sentence: str) -> tuple[Habit, ...]:
    """Each clause that says how often, with what it is about; a clause that
    names nothing else ("一年也吃不了一次") is about the previous clause's topic."""
    recorded = observed.mentions_record(sentence)
    if not recorded and not frequency.mentions_rate(sentence):
        return ()
    habits: list[Habit] = []
    previous = ""
    for clause in _rate_clauses(sentence):
        seen = observed.rate(clause) if recorded else None
        found = seen or frequency.rate(clause)
        if not found:
            previous = clause
            continue
        rest = clause[: found.start] + " " + clause[found.start + found.kept[0]:found.start + found.kept[1]] + \
            " " + clause[found.end:] if found.kept else clause[: found.start] + " " + clause[found.end:]
        rest = _RECORD_WORDS.sub(" ", rest) if seen or _RECORD_WORDS.search(rest) else rest
        topic = _habit_topic(rest) or _habit_topic(previous)
        if not any(term.role in (t.NEGATION, t.CESSATION) for term in t.terms(rest)):
            # what a record shows of the last weeks holds now: "ordered 25 times last month"
            past = _USED_TO.search(clause) is not None if seen else _is_past(clause, t.terms(clause))
            habits.append(Habit(found, topic, clause, past))
        previous = rest if _habit_topic(rest) else previous
    return tuple(habits)


# "almost never cooks and orders takeaway nearly every day": two habits, two rates.
_RATE_JOIN = lazy_compile(r"\s+(?:and|but)\s+|并且|而且")


def _rate_clauses(sentence: str) -> list[str]:
    clauses = []
    for _boundary, clause in _clauses(sentence):
        parts = _RATE_JOIN.split(clause)
        if len(parts) > 1 and sum(frequency.rate(part) is not None for part in parts) > 1:
            clauses.extend(parts)
        else:
            clauses.append(clause)
    return clauses


def _habit_topic(text: str) -> frozenset[str]:
    if not text:
        return frozenset()
    # an activity the lexicon also reads as a time ("加班" is overtime) is what the habit is
    activities = {term.value for term in t.terms(text) if term.role == t.SCOPE_NOUN and term.value in _CONCEPT_IDS}
    return frozenset(unit for unit in units(text) | activities if unit not in _TIME_UNITS
                     and not any(ch.isdigit() for ch in unit))


_EN_PEOPLE = "|".join(sorted(lexicon.EN_PEOPLE, key=len, reverse=True))
_ZH_PEOPLE = "|".join(sorted(lexicon.ZH_PEOPLE, key=len, reverse=True))
_HOLDER_EN = lazy_compile(
    rf"^\s*(?:(?:the\s+)?user'?s|his|her)\s+(?:[a-z-]+\s+){{0,2}}?(?P<h>(?:{_EN_PEOPLE})(?:s|ren)?)\b",
    re.IGNORECASE)
_HOLDER_ZH = lazy_compile(rf"^\s*(?:(?:(?:该|这位)?用户|[他她我])的?)?(?P<h>{_ZH_PEOPLE})")
# "User has a brother who lives in Oslo", "has one sister, who…": what follows "who" is the relative's.
_HOLDER_INTRODUCED = lazy_compile(
    rf"^\s*(?:the\s+)?user\s+has\s+(?P<det>an?|another|one|only\s+one|just\s+one)\s+(?:[a-z-]+\s+){{0,2}}?"
    rf"(?P<h>{_EN_PEOPLE})\s*,?\s+(?:who|that)\b", re.IGNORECASE)
# "Mom is a retired teacher", "Dad still works": a parent named as the family names them.
_HOLDER_EN_BARE = lazy_compile(r"^\s*(?P<h>Mom|Mum|Dad|Mother|Father|Grandma|Grandpa|Granny)\b")


def _join(named: str, holder: str) -> str:
    return f"{named}/{holder}" if holder and holder != named else named


def in_lexicon(word: str) -> bool:
    """A word the lexicon knows ("Coffee", "Windows") is no one's name."""
    return any(term.role not in (t.CONTENT, t.STOP) for term in t.terms(normalize(word)))


def _holder(original: str) -> str:
    """The person an entry is about when it is not the user: "User's husband …",
    "用户的妈妈…", "用户妹妹…"."""
    match = _HOLDER_EN.match(original) or _HOLDER_ZH.match(original) or _HOLDER_EN_BARE.match(original)
    return match["h"].lower() if match else ""


def _introduced_holder(original: str) -> str:
    """The relative an entry introduces to say something of them: "User has a brother who…"."""
    match = _HOLDER_INTRODUCED.match(original)
    if not match:
        return ""
    if " ".join(match["det"].lower().split()) in ("one", "only one", "just one"):
        return match["h"].lower()
    # "a brother who lives in Oslo" is one of any number of brothers: no other entry's brother
    return f"{match['h'].lower()} #{zlib.crc32(original.encode()):08x}"


def _held(claims: list[Claim], holder: str) -> list[Claim]:
    """Claims of an entry about someone else are theirs; the entry still says
    the user has that person ("User's wife is a teacher": the user is married)."""
    said = holder.partition(" #")[0]  # "brother #…": one of any number of brothers
    person = t.terms(normalize(said))
    own = {term.surface for term in person if term.role == t.POLE}
    held = [replace(claim, holder=holder, poles=tuple(pole for pole in claim.poles
                                                      if pole.surface not in own))
            for claim in claims]
    poles = tuple(Pole(term.value, term.pole, term.surface) for term in person if term.role == t.POLE)
    topic = frozenset(term.value for term in person if term.role == t.CONCEPT)
    if poles or topic:
        held.append(Claim(said, 1, topic=topic, broader=_broader(topic), poles=poles))
    return held


def _holds_now(claims: list[Claim] | tuple[Claim, ...]) -> bool:
    """Neither denied ("no longer lives in Paris") nor past ("used to live in Berlin")."""
    return all((claim.sign > 0 or claim.implicit or claim.derived or claim.stance == LEFT_BEHIND)
               and not claim.past for claim in claims)


_ORIGINAL_SPLIT = lazy_compile(_CLAUSE_SPLIT.pattern, re.IGNORECASE)


def _current_slots(original: str, claims: list[Claim]) -> tuple[Slot, ...]:
    """Single-valued facts that hold now: from the whole entry when all its
    clauses hold now, else from each clause that does ("以前住在北京，现在住在
    上海" → lives in 上海; "used to live in Berlin" → nothing)."""
    if _holds_now(claims):
        return extract_slots(original)
    absent = () if any(claim.past for claim in claims) else absence_slots(original)
    clauses = [part.strip() for part in _ORIGINAL_SPLIT.split(original)[::2] if part and part.strip()]
    if len(clauses) < 2:
        return absent
    return absent + tuple(slot for clause in clauses if _holds_now(analyse(clause).claims)
                          for slot in extract_slots(clause))


# "coffee with no sugar", "tea without milk", "不加糖的咖啡", "oat milk instead of
# cow's milk", "用燕麦奶代替牛奶": the negation covers only the thing named,
# within what the clause is about.
_PHRASE_END = r"(?=\s*$|\s+(?:and|or|but|in|on|at|for|when|if|unless|please)\b)"
_WITHOUT = (
    lazy_compile(r"\s+(?:with\s+no|without|with\s+zero|minus)\s+(?P<x>[a-z][a-z -]*?)" + _PHRASE_END),
    lazy_compile(r"\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?P<x>[a-z][a-z' -]*?)"
               + _PHRASE_END),
    lazy_compile(f"(?:不加|不放|不含|不带|无|没有)(?P<x>[{CJK_RANGE}]{{1,4}}?)的(?=[{CJK_RANGE}])"),
    lazy_compile(f"(?:代替|替代|取代|而不是|而非)(?P<x>[{CJK_RANGE}]{{1,6}})$"),
)

# Most clauses name no modifier: one test of the four patterns' cues first.
_WITHOUT_NEEDS = Needs(*_WITHOUT)


def _local_negation(clause: str) -> tuple[str, tuple[str, str] | None]:
    """The clause without a "with no X" / "不加X的" modifier, and (the modifier, X).
    A negated clause keeps it ("can't work without music")."""
    if not _WITHOUT_NEEDS.held_in(clause):
        return clause, None
    for pattern in _WITHOUT:
        match = pattern.search(clause)
        if not match or not any(term.role == t.CONCEPT for term in t.terms(match["x"])):
            continue
        rest = (clause[: match.start()] + " " + clause[match.end():]).strip()
        if any(term.role in (t.NEGATION, t.NEVER, t.CESSATION) for term in t.terms(rest)):
            return clause, None
        return rest, (match.group(0).strip(), match["x"])
    return clause, None


def _without_claim(without: tuple[str, str], main: Claim) -> Claim:
    """The denial of X within what the clause is about (its concepts)."""
    phrase, thing = without
    topic = units(thing)
    within = frozenset(unit for unit in main.topic if unit in _CONCEPT_IDS)
    return Claim(phrase, -1, negated=True, topic=topic, broader=_broader(topic),
                 scope=within or main.scope, past=main.past)


_CONCEPT_IDS = frozenset(lexicon.CONCEPTS)


def _clauses(sentence: str) -> list[tuple[str, str]]:
    """(boundary before the clause, clause); the boundary is a contrast or an enumeration."""
    parts = _CLAUSE_SPLIT.split(sentence)
    clauses: list[tuple[str, str]] = []
    boundary = _CONTRAST
    for index in range(0, len(parts), 2):
        text = parts[index].strip()
        if text:
            clauses.append((boundary, text))
            boundary = _ENUMERATION
        if index + 1 < len(parts) and parts[index + 1]:
            boundary = _CONTRAST
    return clauses


_DOMAIN_OF = {form: domain for domain, forms in lexicon.DOMAINS.items() for form in forms}


def _anchors(sentence: str) -> tuple[frozenset[str], frozenset[str]]:
    """Domains named in the sentence, and axes one of whose strict words it uses:
    both let a loose axis word count ("concise by default; detailed when ...")."""
    domains, axes = set(), set()
    for term in t.terms(sentence):
        if term.role == t.DOMAIN:
            domains.add(term.value)
        elif term.role == t.CONCEPT and term.surface in _DOMAIN_OF:
            domains.add(_DOMAIN_OF[term.surface])  # "email" is a concept and a domain word
        elif term.role == t.POLE and term.strict:
            axes.add(term.value)
    return frozenset(domains), frozenset(axes)


def _run_units(run: str) -> list[str]:
    """Unknown Chinese characters as bigrams, or a word of the bilingual antonym table
    as the English word it stands for (it then meets that word in an English entry)."""
    if antonyms.run_gloss(run):
        return [antonyms.run_gloss(run)]
    person = _person_in(run)
    if person:  # "上司脾气很温和": no bigram "司脾" made of the tail of one word and the head of the next
        before, _, after = run.partition(person)
        return [unit for piece in (before.removesuffix("的"), after) if piece for unit in chinese_bigrams(piece)] + [person]
    return chinese_bigrams(run)


@functools.cache
def _people_by_length() -> tuple[str, ...]:
    return tuple(sorted((word for word in lexicon.ZH_PEOPLE if len(word) > 1), key=len, reverse=True))


def _person_in(run: str) -> str:
    """A person word (of two characters or more) inside a longer Chinese run ("的同事脾气很暴躁")."""
    return next((word for word in _people_by_length() if len(run) > len(word) and word in run), "")


def units(text: str) -> frozenset[str]:
    """The topic units of a phrase (concepts, English stems, Chinese bigrams)."""
    found: set[str] = set()
    for term in t.terms(text):
        if term.role in (t.CONCEPT, t.CONTENT):
            found.add(term.value)
        elif term.role == t.CJK_RUN:
            found.update(_run_units(term.value))
        elif term.role == t.POLE:
            found.add(f"{term.value}={term.pole}")
    return frozenset(found)


def _options(text: str) -> frozenset[str]:
    """What an option of an order is: its topic units, and a time it names ("summer")."""
    return units(text) | {term.value for term in t.terms(text) if term.role == t.SCOPE_NOUN}


def _between(sentence: str) -> tuple[tuple[Order, ...], str] | None:
    match = _BETWEEN.search(sentence)
    if not match:
        return None
    one, two, chosen = (match["a"], match["b"], match["x"]) if match["a"] else (match["c"], match["d"], match["z"])
    picked, first, second = _options(chosen), _options(one), _options(two)
    if not picked or not first or not second or first == second:
        return None
    other = second if picked & first and not picked & second else first if picked & second and not picked & first else None
    if other is None:
        return None
    return (Order(picked, other, f"{chosen.strip()}>{(two if other is second else one).strip()}"),), chosen


class _ForwardOrder:
    """A match of an order pattern read as preferred (x) before other (y); the
    reversed patterns ("健康不如事业重要") name their groups x2/y2, x3/y3."""

    def __init__(self, match: re.Match):
        self.match = match
        groups = match.groupdict()
        self.name = next((name for name in ("x", "x2", "x3", "x4", "x5") if groups.get(name)), "x3")
        self.x = groups.get(self.name) or ""
        self.y = next((groups[name] for name in ("y", "y2", "y3", "y4", "y5") if groups.get(name)), "")

    def __getitem__(self, key: str) -> str:
        return self.x if key == "x" else self.y

    def end(self, key: str) -> int:
        return self.match.end(self.name)


def _named_options(text: str) -> frozenset[str]:
    """An option's units, or, where the lexicon reads none ("Go", "C"), its words."""
    return _options(text) | _step_units(text) or frozenset(
        word for word in re.findall(r"[a-z][a-z+#]*|[\u4e00-\u9fff]{2,}", text.lower()) if word not in _OPTION_FILLERS)


_OPTION_FILLERS = frozenset(("the", "a", "an", "to", "of", "and", "or", "in", "on", "for", "with", "their", "his", "her"))


def _orders(sentence: str) -> tuple[tuple[Order, ...], str]:
    """Preference orders in the sentence, and the text left to read as claims
    (only the preferred option is affirmed, and the clauses after the order's)."""
    between = _between(sentence)
    if between:
        return between
    if not _ORDER_CUE.search(sentence):
        return (), sentence
    for pattern in (_REVERSED_ORDER, *_ORDER_PATTERNS):
        match = pattern.search(sentence)
        if not match:
            continue
        match = _ForwardOrder(match)
        other, rest = match["y"], ""
        boundary = _CLAUSE_SPLIT.search(other)
        if boundary:  # "tea over coffee, but coffee in the morning"
            other, rest = other[: boundary.start()], other[boundary.start():]
        preferred, dispreferred = _named_options(match["x"]), _named_options(other)
        if preferred and dispreferred and preferred != dispreferred:
            text = f"{match['x'].strip()}>{other.strip()}"
            head = sentence[: match.end("x")]
            past = _is_past(head, t.terms(_CLAUSE_SPLIT.split(head)[-1] or head))
            return (Order(preferred, dispreferred, text, past),), match["x"] + rest
    return (), sentence


# A change of state leaves the old state behind, denied now: "migrated from MySQL
# to PostgreSQL", "switched from Android to an iPhone", "left Google to join
# Spotify", "sold the car", "cancelled Netflix", "从 MySQL 迁移到了 PostgreSQL",
# "把车卖了", "把北京的房子卖了".
_LEFT_BEHIND = tuple(lazy_compile(p) for p in (
    r"\b(?:migrat\w*|switch\w*|mov(?:ed|es|e|ing)|chang\w*|upgrad\w*|convert\w*|port\w*)\s+"
    r"(?:\w+\s+){0,3}?from\s+(?P<x>[^,;.]+?)\s+(?:to|over\s+to)\b",
    r"\b(?:left|quit|sold|cancel+ed|gave\s+up|gave\s+away|got\s+rid\s+of|returned|uninstalled|deleted|closed|"
    r"mov(?:ed|es|e|ing)\s+(?:out\s+of|away\s+from))"
    r"\s+(?P<x>[^,;.]+?)"
    r"(?=\s+(?:to|in|last|this|after|because|and|for|when|while|before|since|years?|ago)\b|[,;.]|$)",
    r"从\s*(?P<x>[^，,。；从]+?)\s*(?:迁移|迁|换|转|切换|搬|改)(?:到|成|为|去)",
    # "从北京搬走了", "搬离了上海", "搬出了上海": a home left
    r"从\s*(?P<x>[^，,。；从]+?)\s*搬(?:走|出去|出来|离)|搬(?:离|出)了?(?P<z>[^，,。；了]{2,8}?)(?=[，,。；;]|$)",
    r"把(?P<x>[^，,。；把]+?)(?:卖|退|注销|删|扔|辞|戒)(?:了|掉)|把(?P<y>[^，,。；把]+?)(?:送人|送给了?别人|转手)",
    # "已经离开了微软", "从腾讯离职了" is the from-pattern's; a company left is one worked at
    r"(?:离开|退出|辞职离开)了?(?P<z>[^，,。；了]{2,8}?)(?=[，,。；;]|$)",
))


# Taking up again what was given up: "cancelled the membership but rejoined in May",
# "took it up again", "戒了两年烟，后来又开始抽了", "又重新办了卡".
_RESTART = lazy_compile(r"\b(?:rejoin\w*|re-?subscrib\w*|resum\w*|restart\w*|went\s+back\s+to|"
                        r"(?:took|taken|picked)\s+(?:it|them|\w+)\s+(?:back\s+)?up\s+again|again)\b|"
                        r"后来又|又开始|重新|又回到|又捡起|复吸|又买了|又办了|又搬回")


def _restarted(sentence: str, claims: list[Claim]) -> list[Claim]:
    """An ending the same entry later undoes is past: it denies nothing now
    ("quit, and hasn't smoked again" undoes nothing)."""
    restart = _RESTART.search(sentence) if claims else None
    if not restart or _UNDONE.search(sentence[max(0, restart.start() - 25):restart.start()]):
        return claims
    return [replace(claim, past=True) if claim.sign < 0 and not claim.past
            and 0 <= sentence.find(claim.text) and sentence.find(claim.text) + len(claim.text) <= restart.start()
            else claim for claim in claims]


_UNDONE = lazy_compile(r"\b(?:not|never|no)\b|n't|没|不|未(?![来])")


def _left_behind(sentence: str) -> list[Claim]:
    if not _LEFT_CUE.search(sentence):
        return []
    for pattern in _LEFT_BEHIND:
        match = pattern.search(sentence)
        if match:
            found = match.groupdict()
            thing = _HELD_THROUGH.sub("", found.get("x") or found.get("y") or found.get("z") or "")
            topic = frozenset(unit if unit.isascii() else lexicon.COMPANY_ALIASES.get(unit, unit)
                              for unit in units(thing)) - _GENERIC_LEFT  # "微软" is Microsoft
            if topic:
                return [Claim(match.group(0), -1, negated=True, stance=LEFT_BEHIND, topic=topic,
                              broader=_broader(topic))]
    return []


_LEFT_CUE = lazy_compile(r"\bfrom\b|\b(?:left|quit|sold|cancel+ed|gave|got\s+rid|returned|uninstalled|deleted|closed|"
                         r"mov(?:ed|es|e|ing)\s+out)\b|从|把|离开|退出|搬")
# "健身卡", "Netflix 会员": the card or account one holds the thing through.
_HELD_THROUGH = lazy_compile(r"(?<=[\u4e00-\u9fff])(?:会员卡|年卡|月卡|卡|会员|账号)$")
# What one holds a thing through: cancelling the subscription leaves Netflix behind.
_GENERIC_LEFT = frozenset(("job", "的", "那套", "subscription", "membership", "account", "plan",
                           "订阅", "会员", "账号"))
LEFT_BEHIND = "left behind"  # the stance of a state a change left behind


# Finishing a course of study ends studying for it, not having it: "finished their
# PhD last summer", "graduated from university", "去年研究生毕业了", "读完了硕士".
_COMPLETED = (
    lazy_compile(r"\b(?:finish\w*|complet\w*|graduat\w*\s+from|defend\w*)\s+(?:(?:their|his|her|my|the|a)\s+)?"
               r"(?P<x>[^,;.]+?)(?=\s+(?:last|this|in|on|at|and|with|two|three|a|years?)\b|[,;.]|$)"),
    lazy_compile(r"(?P<x>[\u4e00-\u9fff]{2,5}?)(?:已经|已|就)?毕业(?:了)?|(?:读完|念完|修完)了?(?P<y>[\u4e00-\u9fff]{2,4})"),
)
COMPLETED = "completed"  # the stance of a course of study finished


def _completed(sentence: str) -> list[Claim]:
    if not _COMPLETION_CUE.search(sentence):
        return []
    for pattern in _COMPLETED:
        match = pattern.search(sentence)
        topic = units(match["x"] or match.groupdict().get("y") or "") - _GENERIC_LEFT if match else None
        if topic and _STUDY.search(match.group(0)):
            return [Claim(match.group(0), 1, stance=COMPLETED, topic=topic,
                          broader=_broader(topic))]
    return []


_STUDY = lazy_compile(r"\b(?:phd|doctorate|master'?s|bachelor'?s|degree|mba|university|college|school|"
                    r"course|thesis|dissertation|studies|apprenticeship|bootcamp)\b|"
                    r"研究生|硕士|博士|本科|大学|学位|高中|初中|小学|课程|论文|学业|研[一二三]?")
_COMPLETION_CUE = lazy_compile(r"\b(?:finish|complet|graduat|defend)|毕业|读完|念完|修完")


# Sequences: what comes first is the order's "preferred" side. "showers before
# breakfast", "fixes the code first and only then writes a test", "先吃早饭再跑步",
# "首选米饭，其次才是面", "the summary at the top and the details below it". The patterns are each
# language's (lang/*/orders.json), tried in order.


@functools.cache
def _sequence_patterns() -> tuple[re.Pattern, ...]:
    return tuple(lazy_compile(pattern) for pattern in languages.table("orders", "sequences"))


_SEQUENCE_CUE = lazy_compile(r"\b(?:first|before|after|ahead|at\s+the\s+top|on\s+top|up\s+front)\b|"
                             r"先|首选")
_TIME_VALUE = lazy_compile(r"\d|\b(?:am|pm|noon|midnight|bed|sleep)\b")


def _sequences(sentence: str) -> tuple[Order, ...]:
    if not _SEQUENCE_CUE.search(sentence):
        return ()
    sentence = sentence.rstrip(".。!！ ")
    for pattern in _sequence_patterns():
        match = pattern.search(sentence)
        if not match or _TIME_VALUE.search(match["y"]):
            continue  # "meetings before 9 am": a time, not a step
        first, then = _distinct_steps(_named_options(match["x"]), _named_options(match["y"]))
        if first and then:
            return (Order(first, then, f"{match['x'].strip()}→{match['y'].strip()}",
                          _is_past(sentence, t.terms(sentence))),)
    return ()


def _distinct_steps(first: frozenset[str], then: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """What tells two steps apart: "写描述" / "写工单号" are about the description
    and the ticket, both written."""
    shared = first & then
    return first - shared, then - shared


def _step_units(text: str) -> frozenset[str]:
    """What a step is about: its topic units and the meals and times it names."""
    named = (term.value if term.role == t.SCOPE_NOUN else term.unit for term in t.terms(text)
             if term.role in (t.SCOPE_NOUN, t.DOMAIN))  # "早饭", "工作"
    return units(text) | frozenset(unit for unit in named if unit)


@dataclass(repr=False, eq=False)  # never compared nor shown: an __init__ only, ~1 ms less to make
class _Read:
    """One clause as read, before the clauses of an entry are put together."""

    claim: Claim
    extra: list[Claim]
    stance: int
    boundary: str
    modifier: str = ""  # "condition" or "exception": the clause only says where another holds
    units: frozenset[str] = frozenset()  # a modifier's units
    opener: str = ""  # the word that opened a modifier
    inclusive: bool = False  # "also", "还": 除了/apart from means "besides"
    explicit: frozenset[str] = frozenset()  # in-clause exception units
    times: frozenset[str] = frozenset()  # where an elliptical clause holds ("周末", "in work emails")
    except_poles: tuple[Pole, ...] = ()  # "except spicy food", "除了辣的"
    elliptical: bool = False  # polarity without a topic: "但周末不喝", "but not on weekends"
    settings: frozenset[str] = frozenset()  # where the clause (or the clause it qualifies) holds


_POLARITY_ROLES = (t.NEGATION, t.CESSATION, t.NEVER, t.VERB, t.FREQUENCY, t.ABSTAIN, t.REDUCE)


def _read_clause(clause: str, inherited_sign: int, domains: frozenset[str],
                 anchored: frozenset[str], boundary: str) -> _Read:
    """One clause → its claim, the claims implied by identities, its stance sign,
    and whether it is only a condition or exception for a neighbouring clause."""
    clause_terms = t.terms(clause)
    zh_modes = _zh_modes(clause_terms)
    flips, verb_sign, implicit = 1, None, False
    ceased = False  # an ending ("stopped", "gave up") read: a later "not … since" repeats it
    frequency = frequency_word = stance_word = reduced = ""
    topic: list[str] = []
    scope: list[str] = []
    excepted: list[str] = []
    scope_nouns: list[str] = []
    placed: list[str] = []  # scope nouns after a preposition: "on weekends"
    poles: list[Pole] = []
    abstentions: list[t.Term] = []
    except_poles: list[Pole] = []
    in_scope = default = occasional = inclusive = seen = light_verb = except_statement = False
    opened = False  # a preposition came before any topic: "but not in work emails"
    after_preposition: list[str] = []
    mode, opener = "", ""  # "condition" or "exception" after an opener
    postposed = next((term.surface for term in clause_terms
                      if term.surface in lexicon.POSTPOSED_EXCEPTIONS), "")
    if postposed:  # "技术问题除外": the whole clause is the exception
        mode, opener = "exception", postposed
    lead = next((term for term in clause_terms if term.role != t.STOP), None)
    for position, term in enumerate(clause_terms):
        role = term.role
        if term.surface in lexicon.INCLUSIVE_MARKERS:
            inclusive = True
        if role == t.EXCEPTION or (role in (t.CONDITION, t.LEADING) and term is lead):
            mode, opener = ("exception" if role == t.EXCEPTION else "condition"), term.surface
            continue
        if role == t.CONDITION and seen:
            mode, opener = mode or "condition", opener or term.surface
            continue
        if role == t.LEADING:
            continue  # "training for a marathon": not a condition, and no topic
        zh_mode = zh_modes.get(position)
        if mode and zh_mode is None and _closes(term, mode):
            mode = ""
            continue
        bucket_mode = mode or zh_mode or ""
        if bucket_mode and (role in _POLARITY_ROLES or role == t.LIGHT):
            # "unless he is not busy" says nothing of the main clause's polarity
            except_statement = except_statement or (bucket_mode == "exception" and role != t.LIGHT)
            continue
        if role not in (t.STOP, t.SCOPE):
            seen = True
        if role == t.CESSATION and term.surface == "anymore" and flips < 0:
            continue  # "doesn't live in Berlin anymore": one denial, not two
        if role in (t.NEGATION, t.NEVER) and ceased:
            continue  # "gave up golf and hasn't played since": one ending, said twice
        if role in (t.NEGATION, t.CESSATION, t.NEVER):
            ceased = ceased or (role == t.CESSATION and flips > 0)
            flips = -flips
            if role == t.NEVER:
                frequency, frequency_word = "never", term.surface
        elif role == t.VERB:
            verb_sign = _stance_sign(verb_sign, term.sign)
            implicit = implicit or term.implicit
            stance_word = stance_word or term.surface
        elif role == t.FREQUENCY:
            frequency, frequency_word = term.value, term.surface
            default = default or term.surface in lexicon.DEFAULT_FREQUENCY_WORDS
        elif role == t.REDUCE:
            reduced = reduced or term.surface
        elif role == t.DEFAULT:
            default = True
        elif role == t.OCCASIONAL:
            occasional = True
        elif role == t.SCOPE:
            in_scope = in_scope or bool(topic or poles)
            opened = opened or not in_scope
        elif role == t.POLE:
            if _others_of_a_kind(clause, term):
                topic.append(term.surface)  # "helps veterans": people of a kind, not the holder's trait
            elif (term.strict or term.value in anchored
                    or domains.intersection(lexicon.AXES[term.value].domains)):
                (except_poles if bucket_mode == "exception" else poles).append(
                    Pole(term.value, term.pole, term.surface,
                         target=_pole_target(clause_terms, position)))
        elif role == t.ABSTAIN:
            abstentions.append(term)
        elif role == t.LIGHT:
            light_verb = light_verb or term.surface in lexicon.LIGHT_VERBS
        elif role == t.SCOPE_NOUN:
            (excepted if bucket_mode == "exception" else scope if bucket_mode
             else scope_nouns).append(term.value)
            if not bucket_mode and _after_preposition(clause_terms, position):
                placed.append(term.value)
        elif role in (t.CONCEPT, t.CONTENT, t.CJK_RUN) or term.unit:
            found = _run_units(term.value) if role == t.CJK_RUN else [term.unit or term.value]
            if bucket_mode == "exception":
                excepted.extend(found)
            elif bucket_mode == "condition" or in_scope or zh_mode == "scope":
                scope.extend(found)
            else:
                topic.extend(found)
                if opened:
                    after_preposition.extend(found)
    if reduced and poles:
        flips = -flips  # "less detailed answers" leans to the short side, weakly
    elif reduced and not frequency:
        # "eats fewer sweets", "少喝咖啡": neither affirms nor denies the habit
        frequency, frequency_word = "reduced", reduced
    # "周末不跑步": a time is where the claim holds; "讨厌周末": it is the topic.
    if topic or poles or abstentions:
        scope.extend(scope_nouns)
    else:
        # "eats breakfast on weekends", "周末吃早餐": the last time named without a
        # preposition is the topic, the others say when
        bare = [noun for noun in scope_nouns if noun not in placed]
        if bare and len(scope_nouns) > 1:
            topic.append(bare[-1])
            scope.extend(noun for noun in scope_nouns if noun != bare[-1])
        else:
            topic.extend(scope_nouns)
    topic, scope = _specific(topic), _specific(scope)
    stance = verb_sign if verb_sign is not None else 1 if light_verb else inherited_sign
    sign = flips * stance
    topic_set = frozenset(topic)
    occasional = occasional or frequency == "low"
    past = _is_past(clause, clause_terms)
    where = _clause_settings(clause, poles)
    claim = Claim(clause, sign, flips < 0, stance_word, frequency, frequency_word, topic_set,
                  _broader(topic_set), frozenset(scope), tuple(poles), implicit,
                  default=default and not occasional, occasional=occasional, past=past,
                  lifetime=frequency == "never" and bool(_LIFETIME.search(clause)), settings=where)
    extra = [Claim(clause, -flips, topic=frozenset([concept]), implicit=True,
                   broader=_broader(frozenset([concept])), past=past, settings=where)
             for term in abstentions for concept in term.abstains]
    predicate = (verb_sign is not None or light_verb or poles or frequency or flips < 0
                 or abstentions or default or occasional)
    # A clause that says only when, with polarity and no topic of its own, is about
    # the topic of the clause before: "但周末不喝", "but not in work emails".
    places = frozenset(scope_nouns) | (frozenset(after_preposition)
                                       if verb_sign is None and not light_verb else frozenset())
    read = _Read(claim, extra, stance, boundary, inclusive=inclusive, times=places, settings=where,
                 elliptical=bool(predicate) and not poles and not abstentions and topic_set <= places,
                 # "除了技术问题要详细以外": an excepted statement, not an excepted pole
                 except_poles=() if except_statement else tuple(except_poles))
    lead_opener = bool(postposed) or lead is not None and (
        lead.role in (t.SCOPE, t.CONDITION, t.LEADING, t.EXCEPTION) or clause_terms.index(lead) in zh_modes)
    if not predicate and lead_opener and (scope or excepted or topic or read.except_poles):
        read.modifier = "exception" if excepted or mode == "exception" else "condition"
        read.units = frozenset(scope) | frozenset(excepted) | topic_set
        read.opener = opener or lead.surface
    elif inclusive and excepted:
        # "用户除了咖啡还喝茶": besides coffee, also tea
        read.claim = replace(claim, topic=topic_set | frozenset(excepted),
                             broader=_broader(topic_set | frozenset(excepted)))
        read.except_poles = ()
    else:
        read.explicit = frozenset(excepted)
    return read


_CHANGE = lazy_compile(lexicon.CHANGE_PATTERN)


def _stance_sign(so_far: int | None, sign: int) -> int:
    """A liking of an aversion is an aversion ("likes to avoid sugar"); two
    aversions do not cancel ("is wary of cats and keeps away from them")."""
    if so_far is None:
        return sign
    return -1 if so_far < 0 and sign < 0 else so_far * sign
_EXCEPTION_WORD = lazy_compile(r"\b(?:except|unless|apart\s+from|aside\s+from|other\s+than|excluding|"
                             r"save\s+for)\b|除了|除开|除非|除外|例外")
# Axes whose poles are themselves settings: "works from home" / "works in the office" clash.
_SETTING_AXES = frozenset(("workplace",))


def _clause_settings(clause: str, poles: list[Pole]) -> frozenset[str]:
    """The settings a clause holds in; those an exception names are where it does not."""
    if any(pole.axis in _SETTING_AXES for pole in poles):
        return frozenset()
    found = named_settings(clause)
    if not found:
        return frozenset()
    exception = _EXCEPTION_WORD.search(clause)
    cut = exception.start() if exception else len(clause)
    if exception and exception.group(0) in ("除外", "例外"):
        cut = 0
    return frozenset(name for name, start in found if start < cut)


def _after_preposition(clause_terms: list[t.Term], position: int) -> bool:
    before = [term for term in clause_terms[:position] if term.role != t.STOP]
    return bool(before) and before[-1].role == t.SCOPE


_SAID = lazy_compile(lexicon.SAID_PATTERN)
_USED_TO = lazy_compile(r"\bused? to\b")
_LIFETIME = lazy_compile(lexicon.LIFETIME_NEVER)
_AGO = lazy_compile(r"(?<![一二两三四五六七八九十几多\d])[一二两三四五六七八九十几多\d]+\s*(?:个)?(?:年|月)(?:以|之)?前")  # a run's start only: linear


def _is_past(clause: str, clause_terms: list[t.Term]) -> bool:
    """Does the clause state a past state? "used to", "曾经", a heading "以前"
    do; a past time does unless the clause states a change whose result holds
    now ("moved to Berlin last year", "去年开始跑步"). What the user said before
    is not a past state ("previously mentioned they like jazz", "之前提到…")."""
    if _SAID.search(clause):
        return False
    lead = next((term for term in clause_terms if term.role != t.STOP), None)
    # (the stemmer reads "uses to-do lists" as "use to": "used to" is checked on the words)
    if any(term.role == t.PAST and (term.value != "head" or term is lead)
           and (term.surface != "used to" or _USED_TO.search(clause)) for term in clause_terms):
        return True
    if " as a " in clause and _CHILDHOOD.search(clause):
        return True
    if ("until" in clause or "till" in clause or "before" in clause) and _PAST_UNTIL.search(clause):
        return True  # "lived in Madrid until 2019", "worked at Amazon before joining Stripe"
    past_time = ((any(term.role == t.PAST_TIME for term in clause_terms) and not _STILL_NOW.search(clause))
                 or _AGO.search(clause)
                 or _WAS.match(clause) or _PAST_LIFE_STAGE.search(clause) or _PAST_SPAN.match(clause)
                 or (_PAST_YEAR.search(clause) and not _YEAR_ON.search(clause)))
    if not past_time:
        return False
    # the time's own words are no change: "毕业前" (before graduating) is a time
    rest = clause
    for term in clause_terms:
        if term.role == t.PAST_TIME and term.surface in rest:
            rest = rest.replace(term.surface, " ")
    return not (_CHANGE.search(rest) or _CEASED_SINCE.search(rest))


# "三年前就不打篮球了", "早就没再去过": stopped then, and not done since.
_CEASED_SINCE = lazy_compile(r"(?:就|早就|已经)(?:不|没)再?|(?:就|早就)不再")
# A stage of life held now: "is still in high school", "is in college", "还在读高中".
_STILL_NOW = lazy_compile(r"\b(?:still|currently|now)\b|\b(?:is|are|am)\s+(?:\w+\s+)?in\s+(?:high\s+school|"
                        r"middle\s+school|grad\s+school|college|school|university)\b|还在|仍在|目前|现在|正在")
# A state in the past tense that ended at a time or event: "lived in Madrid until 2019",
# "drove a Golf until last year", "worked at Amazon before joining Stripe" (not "stretches
# before running", a habit in the present).
_PAST_UNTIL = lazy_compile(
    r"\b(?:was|were|had|used|lived|worked|drove|wore|ate|drank|spoke|rode|kept|went|grew|taught|[a-z]{3,}ed)\b"
    r"[^,;.]*?\b(?:until|till)\s+(?:recently|last\s+\w+|(?:19|20)\d\d|(?:a|an|his|her|their|my|the)\s+"
    r"[\w\s-]{0,24}?(?:injury|accident|illness|surgery|move|divorce|wedding|birth)|(?:they|he|she)\s+\w+|\w+ing)\b|"
    r"\b(?:was|were|had|used|lived|worked|drove|wore|ate|drank|spoke|rode|kept|went|grew|taught|[a-z]{3,}ed)\b"
    r"[^,;.]*?\bbefore\s+(?:switching|joining|moving|becoming|starting|going|getting|having|taking|retiring|"
    r"leaving|quitting|changing|turning)\b")
# A year that dates a fact still true, or the start of a state held since: "born in 1990",
# "出生于1990年", "since 2019", "从2019年开始".
_YEAR_ON = lazy_compile(r"\b(?:born|since|founded|built)\b|出生|生于|自从?|从\s*\d{4}\s*年|起|开始|至今|以来|成立")
# A year gone by: "in 2018", "2018年" (a change in it still holds: "moved to Berlin in 2019").
_PAST_YEAR = lazy_compile(r"\b(?:in|back\s+in|during)\s+(?:19\d\d|20[01]\d|202[0-3])\b|(?:19\d\d|20[01]\d|202[0-3])年")


# A stage of life told in the past tense: "smoked in their twenties" (not "is in their twenties").
_PAST_LIFE_STAGE = lazy_compile(r"\b(?:was|were|had|[a-z]+ed)\b[^,;.]*?\bin\s+(?:his|her|their|my)\s+"
                              r"(?:teens|twenties|thirties|forties|fifties|[2-5]0s)\b")


# A span of time told in the simple past is over: "used Windows for years", "drove a Toyota
# for ten years" (not "has used Windows for years": held still).
_PAST_SPAN = lazy_compile(
    r"(?:used|lived|worked|drove|wore|ate|drank|spoke|rode|kept|owned|had|played|ran|taught|[a-z]{3,}ed)\s"
    r"(?!up\b)[^,;.]{0,60}?\b(?:for\s+(?:years|decades|ages|a\s+(?:decade|long\s+time|while)|"
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|many|several|a\s+few)\s+"
    r"(?:years|decades)))\b")
# A childhood told in the past tense is over, whatever began in it: "had a cat as a child".
_CHILDHOOD = lazy_compile(r"\b(?:was|were|had|used|lived|kept|owned|went|[a-z]{3,}ed)\s[^,;.]{0,60}?\bas\s+a\s+"
                        r"(?:child|kid|teenager|teen|boy|girl)\b")


# A clause in the past tense of "be" states a past state: "was unemployed for a
# year", "was a vegetarian in college" (not "was promoted": a change that holds).
_WAS = lazy_compile(r"(?:(?:she|he)\s+)?(?:was|were)\s+(?!(?:born|diagnosed|promoted|raised|not|never)\b)")


_NOUN_ROLES = (t.CONCEPT, t.CONTENT, t.CJK_RUN, t.DOMAIN)
_ADVERB = lazy_compile(r"^[a-z]{4,}li$")  # stem of an English "-ly" adverb


def _words(surface: str) -> list[str]:
    return surface.split() if not surface or surface.isascii() else [surface]


def _others_of_a_kind(clause: str, term: t.Term) -> bool:
    """A pole that names a kind of person, said in the plural ("helps veterans", "teaches
    beginners", "早起的人们" aside): a group of others, not what the holder is (lexicon
    "person_axes"); "is a veteran", "as a beginner" stay the holder's."""
    if term.value not in lexicon.PERSON_AXES or not term.surface.isascii():
        return False
    return bool(re.search(rf"\b{re.escape(term.surface)}\w*s\b", clause))


def _pole_target(clause_terms: list[t.Term], position: int) -> str:
    """The noun a pole word modifies, when it is not what the axis is about:
    "summarise long threads" describes threads, "很长的讨论串" a thread, "long
    walks" walks, "short code reviews" code reviews; "concise replies", "详细的长回答"
    and a predicative "keep it short" describe the reply (""). The head of a noun
    phrase is its last noun, in English ("code review comments") as in Chinese
    ("讨论串"); an unknown Chinese word is a noun only after 的 ("详细讲" is a verb)."""
    pole = clause_terms[position]
    axis = pole.value
    spec = lexicon.AXES[axis]
    if not spec.domains or len(_words(pole.surface)) > 1:
        return ""  # "dark theme", "in depth": the phrase is complete
    nouns: list[t.Term] = []
    linked = False
    for term in clause_terms[position + 1:]:
        if term.role == t.CONTENT and _ADVERB.search(term.surface):
            break  # "switched to the dark theme permanently"
        if term.role in _NOUN_ROLES:
            nouns.append(term)
        elif nouns or not (term.role == t.POLE or term.surface in lexicon.MODIFIER_LINKS):
            break
        else:
            linked = linked or term.surface == "的"
    if not nouns or (nouns[-1].role == t.CJK_RUN and not linked):
        return ""
    head = nouns[-1]
    if head.surface in lexicon.AXIS_NOUNS.get(axis, ()):
        return ""
    if head.role == t.CJK_RUN:
        return chinese_bigrams(head.value)[-1]
    return head.unit or head.value


def _specific(found: list[str]) -> list[str]:
    """Drop generic head nouns when something more specific is named."""
    specific = [unit for unit in found if unit not in lexicon.GENERIC_UNITS]
    return specific or found


def _closes(term: t.Term, mode: str) -> bool:
    """A Chinese word that ends a condition or exception ("如果…的话", "除了…以外",
    "除了辣的都…")."""
    return term.surface in lexicon.ZH_CONDITION_CLOSERS or (
        mode == "exception" and term.surface in lexicon.ZH_EXCEPTION_CLOSERS)


def _zh_modes(clause_terms: list[t.Term]) -> dict[int, str]:
    """Positions between 在/当/遇到 and a closing 上/里/中/时 ("在技术问题上"), or
    after a heading 对于 in a clause without polarity ("对于技术问题"): scope."""
    modes: dict[int, str] = {}
    for start, term in enumerate(clause_terms):
        if term.surface in lexicon.ZH_TOPIC_OPENERS:
            closer = next((end for end in range(start + 1, len(clause_terms))
                           if clause_terms[end].surface in lexicon.ZH_SCOPE_CLOSERS), None)
            if closer is None and any(later.role in _POLARITY_ROLES or later.role == t.POLE
                                      for later in clause_terms[start + 1:]):
                continue
            modes.update((position, "scope") for position in range(start + 1, closer or len(clause_terms)))
            continue
        if term.surface != lexicon.ZH_SCOPE_OPEN and term.surface not in lexicon.ZH_WEAK_CONDITION_OPENERS:
            continue
        for end in range(start + 1, len(clause_terms)):
            if clause_terms[end].surface in lexicon.ZH_SCOPE_CLOSERS:
                modes.update((position, "scope") for position in range(start + 1, end))
                break
    if not modes:
        modes.update(_zh_when(clause_terms))
    return modes


def _zh_when(clause_terms: list[t.Term]) -> dict[int, str]:
    """"开车时听播客", "聚会的时候喝一点", "工作邮件里不用表情": a heading phrase
    closed by 时/里/上 is a condition when the clause goes on to say something."""
    for end, term in enumerate(clause_terms):
        if term.surface in lexicon.ZH_SCOPE_CLOSERS and end > 0:
            rest = clause_terms[end + 1:]
            before = clause_terms[:end]
            says = (not rest and term.surface in lexicon.ZH_TIME_CLOSERS) or any(
                later.role in _POLARITY_ROLES or later.role in (t.POLE, t.LIGHT) for later in rest)
            if says and not any(earlier.role in _POLARITY_ROLES or earlier.role == t.LIGHT
                                for earlier in before):
                return {position: "scope" for position in range(end)
                        if clause_terms[position].role != t.STOP}
            return {}
    return {}


# --- putting the clauses of an entry together ------------------------------------


def _assemble(reads: list[_Read]) -> list[Claim]:
    """Attach condition and exception clauses to the clause they qualify; what
    an exception excludes is also stated as a derived denial."""
    mains = [index for index, read in enumerate(reads) if not read.modifier]
    scopes: dict[int, set[str]] = {index: set() for index in mains}
    exceptions: dict[int, set[str]] = {index: set(reads[index].explicit) for index in mains}
    excepted_poles: dict[int, list[Pole]] = {index: list(reads[index].except_poles) for index in mains}
    settings_of: dict[int, frozenset[str]] = {index: frozenset() for index in mains}
    for index, read in enumerate(reads):
        if not read.modifier or index in scopes:
            continue
        target = _modifier_target(index, read, mains)
        # "除了咖啡，用户还喝茶": besides, not except
        if target is None or (read.modifier == "exception" and reads[target].inclusive):
            mains.append(index)  # nothing to qualify: read it as a claim of its own
            scopes[index], exceptions[index], excepted_poles[index] = set(), set(), []
            settings_of[index] = frozenset()
            if read.modifier == "exception":
                read.claim = replace(read.claim, topic=read.units, broader=_broader(read.units))
            continue
        (exceptions if read.modifier == "exception" else scopes)[target].update(read.units)
        if read.modifier == "condition":
            settings_of[target] |= read.settings
        excepted_poles[target].extend(read.except_poles)
    claims: list[Claim] = []
    previous: Claim | None = None
    for index in sorted(mains):
        read = reads[index]
        claim = read.claim
        if read.elliptical and previous is not None and previous.topic and not previous.derived:
            # "用户通常喝咖啡，但周末不喝": the object is the previous clause's
            claim = replace(claim, topic=previous.topic, broader=previous.broader,
                            scope=claim.scope | read.times)
        if scopes[index]:
            claim = replace(claim, scope=claim.scope | frozenset(scopes[index]))
        if settings_of[index]:
            claim = replace(claim, settings=claim.settings | settings_of[index])
        if read.boundary == _ENUMERATION and previous is not None:
            claim = _inherit_region(claim, previous)
            if not claim.settings:  # "跟客户说话很客气，很正式": both in the setting named first
                claim = replace(claim, settings=previous.settings)
        if exceptions[index]:
            claim = replace(claim, excepted=frozenset(exceptions[index]))
        claims.append(claim)
        if (exceptions[index] or excepted_poles[index]) and (claim.topic or claim.poles
                                                             or excepted_poles[index]):
            claims.append(replace(claim, sign=-claim.sign, negated=True, frequency="",
                                  frequency_word="", scope=claim.excepted, excepted=frozenset(),
                                  poles=tuple(excepted_poles[index]) or claim.poles,
                                  default=False, occasional=False, derived=True))
        elif exceptions[index] and not read.extra:
            # "eats everything except pork": what is excepted is denied outright
            excepted = claim.excepted
            claims.append(replace(claim, sign=-claim.sign, negated=True, frequency="",
                                  frequency_word="", topic=excepted, broader=_broader(excepted),
                                  excepted=frozenset(), default=False, occasional=False,
                                  derived=True))
        # "vegetarian except for fish": the exception holds for what the identity implies
        claims.extend(replace(extra, excepted=frozenset(exceptions[index])) for extra in read.extra)
        previous = claim
    return claims


def _modifier_target(index: int, read: _Read, mains: list[int]) -> int | None:
    """Conditions and 除了 usually come first ("如果…，就…"; "除了周末，…"), other
    exceptions after their clause ("…, except on weekends"; "…，除非下雨")."""
    before = [main for main in mains if main < index]
    after = [main for main in mains if main > index]
    leading = read.modifier == "condition" or read.opener in ("除了", "除开")
    if leading:
        return after[0] if after else (before[-1] if before else None)
    return before[-1] if before else (after[0] if after else None)


def _inherit_region(claim: Claim, previous: Claim) -> Claim:
    """"技术问题要讲透、给细节": a bare pole listed after a scoped one shares its scope."""
    if not claim.poles or claim.topic or claim.scope or claim.excepted:
        return claim
    region = claim_region(previous, claim.poles[0].axis)
    same_side = any(_side(previous, pole.axis) == _side(claim, pole.axis) for pole in claim.poles)
    if region and same_side:
        return replace(claim, scope=region)
    return claim


def _qualify(claims: list[Claim]) -> tuple[list[Claim], bool]:
    """Within one entry, an unrestricted claim is refined by a sibling that holds
    the opposite under a condition: the sibling's region becomes its exception
    ("concise in general, but detailed on technical questions"). Also tells
    whether the entry is qualified at all."""
    has_exception = any(claim.derived for claim in claims)
    if len(claims) < 2:
        return claims, has_exception
    qualified = list(claims)
    contrast = False
    for index, general in enumerate(claims):
        if general.derived:
            continue
        for other in claims:
            if other is general or other.derived:
                continue
            for axis in _contrasting_axes(general, other):
                # a clause marked as the general case holds wherever it is not excepted
                own = general.scope if general.default else claim_region(general, axis)
                region = claim_region(other, axis) or (
                    frozenset([OCCASIONAL_REGION]) if other.occasional else frozenset())
                contrast = contrast or bool(region and own != region)
                if region and not own:
                    qualified[index] = replace(qualified[index],
                                               excepted=qualified[index].excepted | region)
    claims = [_mark_occasional(claim, qualified) for claim in qualified]
    return claims, has_exception or contrast


OCCASIONAL_REGION = "~occasionally"


def _mark_occasional(claim: Claim, claims: list[Claim]) -> Claim:
    """An occasional exception to a general claim holds in its own region."""
    if claim.scope or claim.derived or not claim.occasional:
        return claim
    if any(OCCASIONAL_REGION in other.excepted for other in claims):
        return replace(claim, scope=frozenset([OCCASIONAL_REGION]))
    return claim


def _contrasting_axes(a: Claim, b: Claim) -> list[str | None]:
    """Axes on which two claims lean opposite ways (one of them firmly), plus
    None when they give a shared topic opposite signs."""
    found: list[str | None] = []
    for pole_a in a.poles:
        for pole_b in b.poles:
            if (pole_a.axis == pole_b.axis and pole_a.axis not in found
                    and pole_a.target == pole_b.target):
                side_a, side_b = _side(a, pole_a.axis), _side(b, pole_b.axis)
                if side_a != side_b and (a.sign > 0 or b.sign > 0):
                    found.append(pole_a.axis)
    if a.sign != b.sign and a.topic and b.topic and a.topic & b.reach | b.topic & a.reach:
        found.append(None)
    return found


def _side(claim: Claim, axis: str) -> str:
    """The pole a claim leans to on `axis`: denying a pole leans to the other."""
    for pole in claim.poles:
        if pole.axis == axis:
            if claim.sign > 0:
                return pole.pole
            return next(name for name in lexicon.AXES[axis].strict if name != pole.pole)
    return ""


def claim_region(claim: Claim, axis: str | None = None) -> frozenset[str]:
    """Where a claim holds. On an axis that is not about a particular thing
    (reply length), what the clause is about is where it holds too: "技术问题要讲透"."""
    if axis is not None and not lexicon.AXES[axis].contextual:
        return claim.scope | claim.topic
    return claim.scope


def _broader(topic: frozenset[str]) -> frozenset[str]:
    found: set[str] = set()
    pending = list(topic)
    while pending:
        for parent in lexicon.BROADER.get(pending.pop(), ()):
            if parent not in found:
                found.add(parent)
                pending.append(parent)
    return frozenset(found)


broader_of = _broader  # for rules that meet a kind named in a scope ("posts on Instagram")


_WEEK_TIMES = ("weekend", "holiday", "business trip", "saturday", "sunday")


@reads_only_where(*_WAKE_TIME)
def _wake_time_claims(sentence: str) -> list[Claim]:
    """"Wakes up at noon" / "早上五点起床" place the user on the chronotype axis."""
    for pattern in _WAKE_TIME:
        match = pattern.search(sentence)
        if match:
            hour = _wake_hour(match)
            pole = "late" if hour >= 10 else "early" if hour <= 7 else ""
            if pole and any(term.role == t.SCOPE_NOUN and term.value in _WEEK_TIMES
                            for term in t.terms(sentence)):
                return []  # "sleeps in until 10 on weekends" says nothing of a chronotype
            if pole:
                return [Claim(match.group(0), 1,
                              poles=(Pole("chronotype", pole, match.group(0), implicit=True),))]
    return []


def _wake_hour(match: re.Match) -> int:
    groups = match.groupdict()
    if groups.get("noon"):
        return 12
    hour = parse_number(groups["hour"]) or 8  # unparsable: a neutral hour
    if groups.get("half") in ("pm", "p.m.") or groups.get("part") in ("中午", "下午"):
        hour += 12 if hour < 12 else 0
    return hour



# Working somewhere or as something means having a job: "works at a bank",
# "works as a nurse", "在一家银行上班" sit on the employed side of `employment`.
_EMPLOYED = (
    lazy_compile(r"\b(?:works?|working|employed)\s+(?:full[- ]time\s+|part[- ]time\s+)?"
               r"(?:at|for|as|in)\s+(?:an?\s+|the\s+)?(?!home\b|volunteer|himself|herself|"
               r"themselves|free\b)[a-z]"),
    # (not the 在 of 正在/现在: "正在找工作" is looking for one)
    lazy_compile(r"(?<![正现实存所])在(?!家)[^，,。；;在不没]{1,10}?(?:上班|工作|任职|就职)"),
    lazy_compile(r"(?:就职于|任职于|供职于)"),
    # "在华为做全职工程师", "在医院当护士": a post somewhere
    lazy_compile(r"(?<![正现实存所])在(?!家)[^，,。；;在不没]{1,10}?(?:做|当)(?:全职|兼职)?[\u4e00-\u9fff]{0,4}?"
               r"(?:师|员|经理|主管|总监|医生|老师|护士|会计|顾问)"),
)
_NOT_EMPLOYED = lazy_compile(r"\b(?:not|never|no\s+longer|used\s+to|volunteer\w*|unpaid)\b|"
                           r"不|没|曾|以前|过去|志愿|义工|想|打算|希望|梦想|找|求职|want|hope|plan|dream|"
                           r"look\w*\s+for|search\w*|seek\w*|apply\w*|appli\w*")


@reads_only_where(*_EMPLOYED)
def _employment_claims(sentence: str) -> list[Claim]:
    for pattern in _EMPLOYED:
        if not pattern.search(sentence):
            continue
        # read within one clause: a pattern's gap may run over a "！" or a "but" that ends one
        # ("在公司！工作很忙", "works for but hates it"), and such a match is no job
        for clause in _CLAUSE_SPLIT.split(sentence)[::2]:
            match = pattern.search(clause) if clause else None
            if match:
                if _NOT_EMPLOYED.search(clause) or _is_past(clause, t.terms(clause)):
                    return []
                return [Claim(match.group(0), 1,
                              poles=(Pole("employment", "employed", match.group(0), implicit=True),))]
    return []


# A routine bedtime places the user on the chronotype axis too: in bed by 9 pm is
# early, up until 2 am is late ("night owl" vs "每天晚上九点就睡了").
_STAYS_UP = lazy_compile(r"\bstays?\s+up\s+(?:until|till|past)\s+(?P<h>[1-5])\s*(?:am|a\.m\.)?(?![\d:])|"
                       r"熬夜到(?:凌晨|半夜)?(?P<zh>[一二两三四五12345])点", re.IGNORECASE)


_BED_HINT = lazy_compile(r"bed|sleep|asleep|turns?\s+in|stays?\s+up|睡|熬夜|上床|就寝", re.IGNORECASE)


def _bedtime_claims(original: str) -> list[Claim]:
    if not _BED_HINT.search(original):
        return []
    if _STAYS_UP.search(original):
        surface = _STAYS_UP.search(original).group(0)
        return [Claim(surface, 1, poles=(Pole("chronotype", "late", surface, implicit=True),))]
    if any(term.role == t.SCOPE_NOUN and term.value not in ("evening", "night", "bedtime")
           for term in t.terms(normalize(original))):
        return []  # "goes to bed at 9 on Sundays" says nothing of a chronotype
    for slot in routine_times(original):
        if slot.name != "bedtime" or slot.scope or slot.holder or not slot.value[:1].isdigit():
            continue
        hour = float(slot.value)
        pole = "early" if 19 <= hour <= 21.5 else "late" if 1 <= hour <= 5 else ""
        if pole:
            return [Claim(slot.display, 1, poles=(Pole("chronotype", pole, slot.display, implicit=True),))]
    return []
