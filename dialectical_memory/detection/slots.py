"""Single-valued facts ("lives in Berlin", "is 34", "uses macOS") and when two values clash.

Each extractor reads one kind of slot from the entry text (NFKC, original case:
capitals tell names from descriptions). `clash(a, b)` decides whether two
values of the same slot contradict; a place and the country that contains it,
a name and its short form, or an age and a decade that includes it do not.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from ..core.regex_cues import reads_only_where
from . import antonyms, gazetteer, languages, lexicon, platforms, provinces, routines, sole
from .contexts import setting_names
from . import terms as t
from .text import CJK_RANGE, is_cjk, parse_number, stem, lazy_compile


class Slot(NamedTuple):
    name: str  # "residence", "age", "employer", "count:cat", "version:python", "deadline"...
    value: str  # canonical value
    display: str  # the value as written
    kind: str = ""  # value kind of possessive slots: place, number, date, name, job, ...
    scope: frozenset[str] = frozenset()  # "work", "home": where the fact holds
    holder: str = ""  # whose fact it is when not the user's: "sister" in "User's sister lives in…"


_CJK = f"[{CJK_RANGE}]"
_ZH_NUMBER = "[一二两三四五六七八九十]+"
_EN_CUT = lazy_compile(
    r"\s+(?:and|with|since|for|because|but|now|last|next|this|these|every|until|when|while|as|"
    r"from|who|which|where|after|before|full[- ]time|part[- ]time|at|on|in(?=\s+(?:\d|the\b|a\b)))"
    r"\b.*$|[,.;!?].*$", re.IGNORECASE)
_ZH_CUT = lazy_compile(r"[，,。；;！？!?、].*$|(?:了|的|啊|呢|吧)+$")
_ARTICLE = lazy_compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_PRONOUNS = frozenset("there here home abroad it them him her himself herself themselves".split())
_SCOPE_WORDS = (
    (lazy_compile(r"\b(?:at|for)\s+work\b|\bwork\s+(?:laptop|computer|machine)\b|工作(?:用|时|上)|在公司",
                re.IGNORECASE), "work"),
    (lazy_compile(r"\bat\s+home\b|\bpersonal\s+(?:laptop|computer)\b|在家|家里", re.IGNORECASE), "home"),
)

# --- value helpers ------------------------------------------------------------


_HONORIFIC = lazy_compile(r"\b(Dr|Mr|Mrs|Ms|Prof|St)\.\s", re.IGNORECASE)


def _clean(value: str) -> str:
    value = _HONORIFIC.sub(r"\1 ", value)  # "Dr. Patel" is one name
    value = _ZH_CUT.sub("", value.strip()) if is_cjk(value) else _EN_CUT.sub("", value.strip())
    return _ARTICLE.sub("", value).strip(" '\"")


def _scope(text: str) -> frozenset[str]:
    return frozenset(name for pattern, name in _SCOPE_WORDS if pattern.search(text)) | setting_names(text)


def _looks_like_name(value: str) -> bool:
    """A proper name: capitalised English words, or a short Chinese word."""
    if not value:
        return False
    if is_cjk(value):
        return 2 <= len(value) <= 6
    return value[0].isupper() and len(value.split()) <= 4


def _mentions(text: str, names) -> list[str]:
    """Which of `names` occur in `text` as whole words (CJK neighbours allowed)."""
    lowered = text.lower()
    return [name for name in names  # the substring test first: most names are absent
            if name in lowered and re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9+#])", lowered)]


def _contains(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    if is_cjk(a) or is_cjk(b):
        return a in b or b in a
    words_a, words_b = set(a.split()), set(b.split())
    return words_a <= words_b or words_b <= words_a


# --- places -------------------------------------------------------------------


def _place(value: str) -> tuple[str, str, str]:
    """value → (canonical name, kind, country); kind is "unknown" outside the gazetteer."""
    name = value.lower()
    name = lexicon.PLACE_ALIASES.get(name, name)
    canonical = lexicon.SAME_PLACE.get(name, name)
    if name not in lexicon.PLACES:
        head = _known_head(name)
        if head:  # "广州天河区", "深圳南山": a district of a known city is in that city
            return _place(head)
        return canonical, "unknown", ""
    kind, parent = lexicon.PLACES[name]
    country = lexicon.PLACE_ALIASES.get(parent or name, parent or name)
    return canonical, kind, country


_ZH_PLACES = sorted((name for name in lexicon.PLACES if is_cjk(name) and len(name) >= 2), key=len, reverse=True)


def _known_head(name: str) -> str:
    """The known place a longer name starts with ("深圳南山" → "深圳", "shanghai's pudong
    district" → "shanghai"), or ""."""
    if not is_cjk(name):
        words = re.sub(r"'s\b", "", name).split()
        return next((" ".join(words[:n]) for n in (2, 1) if len(words) > n
                     and " ".join(words[:n]) in lexicon.PLACES), "")
    if len(name) < 3:
        return ""
    return next((place for place in _ZH_PLACES if name.startswith(place) and len(place) < len(name)), "")


def place_outside(place: str, region: str) -> bool:
    """Is `place` (a known city or country) outside `region` (a known country, city, or a
    Chinese province or region: provinces.py)?"""
    by_division = provinces.outside(place, region)
    if by_division is not None:  # "在东北滑雪" is outside 海南
        return by_division
    (_, kind_p, country_p), (_, kind_r, country_r) = _place(place), _place(region)
    if provinces.division(region) and kind_p in ("country", "city"):
        return country_p != "china"  # a province never left: any place abroad is outside it
    if "unknown" in (kind_p, kind_r):
        return False
    if kind_r != "country":  # a city never left: any place apart from it ("从没离开过成都" / "在北京工作过")
        return kind_p != "country" and _places_clash(place, region) or (kind_p == "country" and country_p != country_r)
    return country_p != country_r


def same_place(a: str, b: str) -> bool:
    """Are two names one known place, or one inside the other ("Berlin" / "柏林", "Paris" / "France")?"""
    if _place(a)[0] == _place(b)[0]:
        return True
    return known_place(a) and known_place(b) and not _places_clash(a, b)


def place_keys(name: str) -> set[str]:
    """Index keys of a place: each gazetteer city of that name (one GeoNames record under its
    English and Chinese names gives one key), else its canonical name. Marked "~" like the
    antonym axes: they find a clash for the detector, but are no topic for recall."""
    found = {f"~place:{city.country}:{city.latitude}:{city.longitude}" for city in gazetteer.cities(name)}
    return found or {f"~place:{_place(name)[0]}"}


def known_place(name: str) -> bool:
    """A city or country the lexicon or the gazetteer knows."""
    return _place(name)[1] != "unknown" or bool(gazetteer.cities(name))


def places_apart(a: str, b: str) -> bool:
    """Are two named places different, neither inside the other ("成都" / "广州", not "Paris" / "France")?"""
    return _places_clash(a, b)


def _places_clash(a: str, b: str) -> bool:
    (name_a, kind_a, country_a), (name_b, kind_b, country_b) = _place(a), _place(b)
    if name_a == name_b or _contains(a, b):
        return False
    by_gazetteer = _world_places_clash((a, name_a, kind_a, country_a), (b, name_b, kind_b, country_b))
    if by_gazetteer is not None:  # "Vienna" / "维也纳" are one city, "Sydney" / "墨尔本" two
        return by_gazetteer
    if "unknown" in (kind_a, kind_b):
        return kind_a == kind_b and _looks_like_name(a) and _looks_like_name(b)
    if kind_a == kind_b:
        return True
    return country_a != country_b


# Our country names the gazetteer's English names do not spell that way.
_COUNTRY_CODES = {"uk": "GB", "usa": "US", "south korea": "KR", "czechia": "CZ", "czech republic": "CZ",
                  "uae": "AE", "russia": "RU", "vietnam": "VN", "taiwan": "TW", "korea": "KR"}


def _world_city(value: str, name: str, kind: str) -> tuple[gazetteer.City, ...]:
    if kind == "country":
        return ()
    spelled = value.lower().strip()
    return gazetteer.cities(spelled) or gazetteer.cities(name) or gazetteer.cities(spelled.removesuffix("市"))


def _world_places_clash(a: tuple[str, str, str, str], b: tuple[str, str, str, str]) -> bool | None:
    """Two places read through the GeoNames cities (gazetteer.py): two cities far apart
    clash, one city in two languages or a city and the country it is in do not. None
    when the gazetteer cannot tell (our own table decides, or a region, a street)."""
    (value_a, name_a, kind_a, _), (value_b, name_b, kind_b, _) = a, b
    cities_a, cities_b = _world_city(value_a, name_a, kind_a), _world_city(value_b, name_b, kind_b)
    if cities_a and cities_b:
        return gazetteer.apart(cities_a, cities_b)
    for cities, (kind, name) in ((cities_a, (kind_b, name_b)), (cities_b, (kind_a, name_a))):
        if cities and kind == "country":
            code = _COUNTRY_CODES.get(name) or gazetteer.country_code(name)
            return bool(code) and all(city.country != code for city in cities)
    if (cities_a or cities_b) and "unknown" in (kind_a, kind_b):
        return False  # a city and a place we cannot place: a region, maybe the city's own
    return None


# --- extractors ---------------------------------------------------------------

_RESIDENCE = (
    lazy_compile(r"\b(?:live[sd]?|living|resides?|residing|based|settled|relocated|mov(?:ed|es|e|ing))"
               r"\s+(?:back\s+)?(?:in|to|at)\s+(?P<v>[^,;.]+)", re.IGNORECASE),
    lazy_compile(r"(?:住在|生活在|定居在|居住在|定居于|居住于|现居|家住|常住|搬到了?|搬去了?|搬家到了?|搬回了?)(?P<v>[^，,。；;]+)"),
    lazy_compile(r"\bcalls\s+(?P<v>[A-Z][\w]*(?:\s+[A-Z][\w]*)?)\s+home\b"),
    lazy_compile(r"在(?P<v>[^，,。；;在]{1,8}?)(?:生活|定居|居住|住了|住过|住)"),
    # "User's home is in Vancouver", "用户家在青岛": where the home is (a known place, below)
    lazy_compile(r"\bhome\s+is\s+(?:in|at)\s+(?P<v>[^,;.]+)", re.IGNORECASE),
    lazy_compile(r"^(?:该|这位)?用户(?:的)?家(?:住)?在(?P<v>[^，,。；;]+)"),
)
# Patterns whose value must be a known place: "家在三楼" is a floor, "home is in a mess" no place.
_KNOWN_PLACE_ONLY = (_RESIDENCE[-2], _RESIDENCE[-1])
_EMPLOYER = (
    lazy_compile(r"\b(?:works?|worked|working|job)\s+(?:at|for)\s+(?P<v>[^,;.]+)", re.IGNORECASE),
    lazy_compile(r"\b(?:works?|worked|working)\s+in\s+(?P<v>[A-Z][^,;.]*)"),
    lazy_compile(r"\b(?:employed\s+(?:by|at)|joined)\s+(?P<v>[^,;.]+)", re.IGNORECASE),
    lazy_compile(r"\b(?:started|starts|starting)\s+(?:a\s+new\s+job\s+|working\s+|work\s+)?at\s+(?P<v>[A-Z][^,;.]*)"),
    lazy_compile(r"在(?P<v>[^，,。；;在]{1,10}?)(?:工作|上班|任职|实习|打工|兼职)"),
    lazy_compile(r"(?:就职于|任职于|供职于)(?P<v>[^，,。；;]+)"),
    # "User is an accountant at KPMG", "is a senior engineer with Shopify": a job and its employer
    lazy_compile(r"\b(?:is|as)\s+an?\s+(?P<job>(?:[a-z][\w-]*\s+){1,3}?)(?:at|for|with)\s+(?P<v>[A-Z][^,;.]*)"),
    # "在腾讯当程序员", "在百度做算法工程师": a job named after the place names the employer
    lazy_compile(r"在(?P<v>[^，,。；;在]{2,10}?)(?:当|做|担任)(?P<job>[^，,。；;]{2,10})"),
    # "刚入职了小红书", "跳槽到了字节", "换工作去了美团": the employer joined
    lazy_compile(r"(?:入职了?|跳槽(?:到|去)了?|换工作(?:到|去)了?)(?P<v>[^，,。；;]{2,10})"),
    # "用户是小米的员工", "用户是腾讯员工"
    lazy_compile(r"是(?P<v>[^，,。；;是]{2,10}?)的?(?:正式)?(?:员工|职员|雇员)"),
)
_PLACE_FIRST = lazy_compile(r"^(?P<p>[\u4e00-\u9fff]{2,4}?)的(?P<o>[\u4e00-\u9fffA-Za-z]{2,10})$")
_ORG_PART = lazy_compile(r"(?:总部|分公司|分部|办公室|园区|研发中心)$")
_GENERIC_EMPLOYER = lazy_compile(r"^(?:一家|一个|某|家)|(?:互联网|科技|游戏|外|国|私|央|民)(?:公司|企业|企)$|"
                               r"^(?:公司|企业|外企|国企|私企|央企|大厂|创业公司|银行|医院|学校|工厂)$")
_ZH_NOT_EMPLOYER = ("家", "家里", "公司", "办公室", "单位", "学校", "这里", "那里", "国外", "本地", "这儿",
                    "那儿", "宿舍", "附近", "当地")
_JOB = (
    lazy_compile(r"\bworks?\s+as\s+(?P<v>[^,;.]+)", re.IGNORECASE),
    lazy_compile(r"\b(?:job|profession|occupation)\s+is\s+(?P<v>[^,;.]+)", re.IGNORECASE),
    lazy_compile(r"^(?:the\s+)?user\s+is\s+(?P<v>an?\s+[^,;.]+)", re.IGNORECASE),
    lazy_compile(r"^(?:该|这位)?用户(?:是|当|做|担任)(?:一名|一位|一个|名)?(?P<v>[^，,。；;]+)"),
    lazy_compile(r"职业是(?P<v>[^，,。；;]+)"),
)
_NAME = (
    lazy_compile(r"^(?:the\s+)?user(?:'s\s+name\s+is|\s+is\s+(?:called|named)|\s+goes\s+by)\s+"
               r"(?P<v>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", re.IGNORECASE),
    lazy_compile(r"^(?:该|这位)?用户(?:的名字是|名叫|叫做?)(?P<v>[\u4e00-\u9fffA-Za-z]{1,4}?)(?:$|[，,。；;])"),
)
_PREFERRED_NAME = (
    lazy_compile(r"\b(?:to\s+be\s+called|to\s+be\s+addressed\s+as|call\s+(?:him|her|them)\s+)\s*"
               r"(?P<v>[A-Z][\w'-]*)", re.IGNORECASE),
    lazy_compile(r"(?:希望被称为|称呼他为|称呼她为|叫他|叫她)(?P<v>[\u4e00-\u9fffA-Za-z]{1,4})"),
)
_AGE = (
    lazy_compile(r"\b(?P<n>\d{1,3})[- ]years?[- ]old\b", re.IGNORECASE),
    lazy_compile(r"\b(?:is|turned|aged?|age\s+is)\s+(?:just\s+|now\s+|only\s+)?(?P<about>about\s+|around\s+)?"
               r"(?P<n>\d{1,3})(?=\s*$|\s*[,;]|\.(?!\d)|\s+(?:years?|yrs?|this|now|and|last|in|on)\b)",
               re.IGNORECASE),
    lazy_compile(r"\bin\s+(?:his|her|their|the)\s+(?P<part>early\s+|mid\s+|late\s+)?"
               r"(?P<decade>twenties|thirties|forties|fifties|sixties|seventies|[2-7]0s)\b",
               re.IGNORECASE),
    lazy_compile(rf"(?P<n>\d{{1,3}}|{_ZH_NUMBER})(?P<zhq>多)?岁(?P<zhq2>左右|上下|出头|了)?"),
)
_DECADES = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60,
            "seventies": 70}
_COUNT = (
    lazy_compile(r"\bha(?:s|ve)\s+(?P<n>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
               r"\s+(?P<noun>[a-z]+)|"
               # the count said with what is done with them: "took her three cats to the vet"
               r"\b(?:his|her|their|my)\s+(?P<n2>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
               r"\s+(?P<noun2>(?!times\b)[a-z]+s)\b|"
               # one more, counted: "adopted a third dog" has three now
               r"\b(?:adopted|got|bought|welcomed|took\s+in|rescued)\s+(?:a|an|her|his|their)\s+"
               r"(?P<n3>second|third|fourth|fifth|sixth)\s+(?P<noun3>[a-z]+)\b", re.IGNORECASE),
    lazy_compile(rf"(?:有|养了?)(?P<n>\d{{1,2}}|[一二两三四五六七八九十]+)(?:个|只|条|位|辆|台|名)"
               rf"(?P<noun>{_CJK}{{1,3}}?)(?=$|[，,。和与及])"),
)
_VERSION = lazy_compile(r"(?<![a-z0-9])(?P<name>[a-z][a-z+#]*)\s*(?P<ver>\d+(?:\.\d+)+)",
                      re.IGNORECASE)
_POSSESSIVE = (
    lazy_compile(r"^(?:the\s+)?(?:user'?s|project\s+[\w.-]+'s|(?-i:[A-Z][a-z]+)'s|her|his|their)\s+"
               r"(?P<slot>[a-z][a-z -]{0,40}?)(?:\s+(?:is|are|was)|\s*:)\s+"
               r"(?P<named>named\s+|called\s+)?(?P<v>[^,;]+?)\.?$", re.IGNORECASE),
    # "the home router is a Fritz!Box 7590", "the monitor is an LG 27UL850": which one a device is
    lazy_compile(r"^(?:the|our)\s+(?:[a-z-]+\s+)?(?P<slot>router|modem|monitor|display|printer|tv|television|nas|"
               r"projector|thermostat|soundbar|speaker)\s+is\s+(?:an?\s+)?(?P<v>(?-i:[A-Z0-9])[^,;]*?)\.?$", re.IGNORECASE),
    lazy_compile(r"^(?:(?:该|这位)?用户(?:目前|现在|当前)?|[她他]|项目\s*[\w.-]+\s*)的(?P<slot>[\u4e00-\u9fffA-Za-z ]{1,10}?)"
               r"(?:是|(?P<named>叫做?|名叫))(?P<v>[^，,。；;]+)[。.!！]?$"),
    lazy_compile(r"^(?:该|这位)?用户(?P<slot>(?:最(?:喜欢|爱|支持)|最常用|常用|惯用|主要用)的[\u4e00-\u9fffA-Za-z ]{1,8}?)是"
               r"(?P<v>[^，,。；;]+)[。.!！]?$"),
    # "用户的周会在周一": when or where something of the user's is
    lazy_compile(r"^(?:该|这位)?用户的(?P<slot>[\u4e00-\u9fffA-Za-z ]{1,10}?)(?<![住待])"
               r"(?P<at>在|定在|安排在|改到|改在)(?P<v>[^，,。；;]+)[。.!！]?$"),
    # "用户生日在十月": a personal attribute needs no 的
    lazy_compile(r"^(?:该|这位)?用户(?P<slot>生日|母语|车牌号|车牌|手机号|邮箱|名字|年龄|职业|时区)"
               r"(?:是|为|(?P<at>在))(?P<v>[^，,。；;]+)[。.!！]?$"),
)
def _slot_aliases() -> dict[str, str]:
    """A slot's other names ("home city", "公司") → the slot (lang/*/slots.json)."""
    return languages.table("slots", "aliases")


_ZH_SLOT_WORDS = (("默认", "default "), ("最喜欢的", "favorite "), ("最支持的", "favorite "), ("主要的", "main "))
_COMMUNICATION = lazy_compile(r"repl|respon|answer|communicat|write\s+(?:back|to)|回复|回答|答复|交流|沟通",
                            re.IGNORECASE)
_EDITOR_USE = lazy_compile(r"\b(?:us(?:e|es|ed|ing)|cod(?:e|es|ing)|writ(?:e|es|ing)|edit\w*|prefer\w*|"
                         r"switch\w*|in)\b|用|写|编辑器", re.IGNORECASE)
_OS_USE = lazy_compile(r"\b(?:us(?:e|es|ed|ing)|runs?|running|on|switch\w*|prefer\w*|daily|machine|"
                     r"laptop|computer|desktop)\b|用|装|电脑|系统", re.IGNORECASE)
_TIMEZONE = lazy_compile(
    r"(?:time\s*zone|tz)\s+(?:is\s+)?(?P<v>[a-z]+(?:\s*[+-]\s*\d{1,2})?)|"
    r"\b(?:in|on|uses?)\s+(?P<w>(?:utc|gmt)\s*[+-]\s*\d{1,2}|pst|pdt|est|edt|cet|cest|jst|bst|aest|kst)\b|"
    r"(?P<z>东八区|北京时间)|"
    r"(?:time\s*zone|时区)[^.;。；]*?\(?(?P<u>(?:utc|gmt)\s*[+-]\s*\d{1,2})\b", re.IGNORECASE)
_DATE_WORD = lazy_compile(
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|"
    r"\bmay\b|june|july|august|september|october|november|december|today|tomorrow|tonight|"
    r"next week|end of|周[一二三四五六日天]|星期|礼拜|\d+月|[一二三四五六七八九十]+月|明天|后天|下周|月底",
    re.IGNORECASE)
_FAVORITE = lazy_compile(r"^(?:favou?rite|preferred|main|primary|最喜欢|最爱|最常用|常用|惯用|主要用)")


def extract_slots(text: str) -> tuple[Slot, ...]:
    """All single-valued facts stated by `text` (NFKC, original case, subject included)."""
    slots: list[Slot] = []
    for extractor in _EXTRACTORS:
        slots.extend(extractor(text))
    return tuple(slots)


def _first_value(patterns, text: str) -> str:
    return _first_match(patterns, text)[0]


def _first_match(patterns, text: str) -> tuple[str, re.Match | None]:
    for pattern in patterns:
        match = pattern.search(text)
        if match:
            return _clean(match["v"]), match
    return "", None


# Whose fact a clause states: "User's sister lives in…", "用户的妹妹住在…", "用户妹妹…".
# ("her partner Ravi Menon works as…": the partner, named)
_EN_HOLDER = lazy_compile(r"\b(?:user'?s|his|her|their)\s+(?:[a-z-]+\s+){0,2}?(?P<h>[a-z-]+)"
                          r"(?:\s+(?-i:[A-Z][a-z]+)){0,2}\s*$", re.IGNORECASE)
_EN_AUXILIARIES = lazy_compile(r"(?:\s+(?:is|are|was|were|has|have|had|just|now|recently|turned|"
                             r"also|still|currently))+\s*$", re.IGNORECASE)
_ZH_SUBJECT = lazy_compile(r"^\s*(?:该|这位)?用户")
_ZH_HOLDER = lazy_compile(rf"的(?P<h>{_CJK}{{1,4}})$")
# "写代码的时候用 X": an occasion, not a holder, ends the phrase before the value.
_ZH_OCCASION_WORDS = ("时候", "时间", "期间", "场合", "情况", "地方")


def holder(text: str, start: int) -> str:
    """The person a fact found at `start` belongs to, when not the user (""), named
    one way for all its names ("mum" and "妈妈" are the mother)."""
    found = _holder(text, start)
    return lexicon.SAME_PERSON.get(found, found)


# The attribute's own noun before its value is no holder: "User's blood type is A",
# "用户的星座是双子座" are the user's.
_ATTRIBUTE_NOUN_TAIL = lazy_compile(
    r"(?:'s)?\s*(?:\b(?:(?:star|zodiac|sun|chinese\s+zodiac)\s+)?sign|\bblood\s+(?:type|group)|"
    r"\bmbti(?:\s+(?:type|personality))?|\bpersonality\s+type|\bchinese\s+zodiac(?:\s+animal)?|"
    r"\b(?:(?:personal|own|main|work|home|only|daily)\s+)?(?:phone|smartphone|laptop|computer|pc|desktop|machine|car|vehicle)"
    r")?\s*$|(?:星座|血型|生肖|属相|MBTI(?:类型|人格)?|手机|电脑|笔记本|车|座驾)(?:是|为)?\s*$", re.IGNORECASE)


def _holder(text: str, start: int) -> str:
    prefix = _EN_AUXILIARIES.sub("", text[:start]).strip()
    prefix = _ATTRIBUTE_NOUN_TAIL.sub("", prefix).strip() if prefix else prefix
    if not prefix:
        return ""
    if not is_cjk(prefix):
        match = _EN_HOLDER.search(prefix)
        return match["h"].lower() if match else ""
    rest = _ZH_SUBJECT.sub("", prefix)
    person = next((person for person in lexicon.ZH_PEOPLE if person in rest), "")
    if person:
        return person
    match = _ZH_HOLDER.search(rest)
    return match["h"] if match and not match["h"].startswith(_ZH_OCCASION_WORDS) else ""


# A state verb in the past tense: "lived in Lisbon", "worked at Google" (not "has lived").
_PAST_STATE = lazy_compile(r"(?<!\bhas )(?<!\bhave )(?<!\bve )\b(?:lived|resided|worked|"
                         r"was\s+(?:based|living|working|employed))\b", re.IGNORECASE)


# A home the entry goes on to leave: "在北京住了十年，后来搬走了".
_MOVED_AWAY = lazy_compile(r"后来(?:搬|离开)|(?:已经|早就)?搬走了|搬离了|(?:已经|早就)不住(?:在)?(?:那|这)")


_FLOOR = lazy_compile(r"(?:\d+|[一二两三四五六七八九十]+)\s*(?:楼|层|f)|(?:the\s+)?(?:\d+(?:st|nd|rd|th)|ground|top|"
                      r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+floor", re.IGNORECASE)


def _past_tense(match: re.Match) -> bool:
    return bool(_PAST_STATE.match(match.string, match.start()))


@reads_only_where(*_RESIDENCE)
def _residence(text: str) -> list[Slot]:
    """The first place the text says the user lives in ("住在那里" names none)."""
    for pattern in _RESIDENCE:
        match = pattern.search(text)
        if not match:
            continue
        value = _clean(match["v"])
        if not value or value.lower() in _PRONOUNS or value in _ZH_NOT_EMPLOYER:
            continue
        if _DATE_WORD.search(value):
            continue  # "the meeting moved to Friday": a date, not a place to live
        if _FLOOR.fullmatch(value):
            continue  # "住在 4 楼", "lives on the third floor": a storey, not a place
        if _past_tense(match) or _MOVED_AWAY.search(text, match.end()):
            return []
        if _place(value)[1] == "unknown" and (not _looks_like_name(value) or pattern in _KNOWN_PLACE_ONLY):
            continue
        return [Slot("residence", value.lower(), value, "place", holder=holder(text, match.start()))]
    return []


# Where one was born, grew up, comes from: one place each, for a known place only
# ("born in 1990", "grew up in a big family", "is from the sales team" name none).
_ORIGINS = (
    ("birthplace", lazy_compile(r"\b(?:was|were)\s+born\s+(?:and\s+(?:raised|bred)\s+)?in\s+(?P<v>[A-Z][^,;.]*)|"
                                r"(?:出生在|出生于|生在|出生地是)(?P<w>[\u4e00-\u9fff]{2,6})")),
    ("childhood home", lazy_compile(r"\b(?:grew\s+up|was\s+raised|were\s+raised)\s+in\s+(?P<v>[A-Z][^,;.]*)|"
                                    r"在(?P<w>[\u4e00-\u9fff]{2,6}?)长大")),
    ("hometown", lazy_compile(r"\b(?:is|are|comes?)\s+(?:originally\s+)?from\s+(?P<v>[A-Z][^,;.]*)|"
                              r"^(?:该|这位)?用户来自(?P<w>[\u4e00-\u9fff]{2,6})")),
)


# "is a native Portuguese speaker", "Spanish is her mother tongue": the native language
_NATIVE_SPEAKER = lazy_compile(r"\bnative\s+(?P<v>[A-Z][a-z]+)\s+speaker\b|"
                               r"^(?P<w>[A-Z][a-z]+)\s+is\s+(?:the\s+user'?s|their|his|her)\s+(?:native|first|mother)\s+"
                               r"(?:language|tongue)\b")
_LANGUAGE_NAMES_EN = frozenset(form for forms in lexicon.NATURAL_LANGUAGES.values() for form in forms
                               if not is_cjk(form))


def _native_speaker(text: str) -> list[Slot]:
    match = _NATIVE_SPEAKER.search(text)
    value = match and (match["v"] or match["w"])
    if not value or value.lower() not in _LANGUAGE_NAMES_EN:
        return []
    return [Slot("native language", value.lower(), value, "language", holder=holder(text, match.start()))]


def _known_place(value: str) -> bool:
    return _place(value)[1] != "unknown" or bool(gazetteer.cities(value.lower()))


@reads_only_where(*(pattern for _name, pattern in _ORIGINS))
def _origins(text: str) -> list[Slot]:
    """"User was born in Leeds", "用户在大连长大", "User is from Porto", "用户来自成都"."""
    found = []
    for name, pattern in _ORIGINS:
        match = pattern.search(text)
        if not match:
            continue
        value = _clean(match["v"] or match["w"])
        if value and _known_place(value) and not _NEGATED_ATTRIBUTE.search(text[: match.start()]):
            found.append(Slot(name, value.lower(), value, "place", holder=holder(text, match.start())))
    return found


@reads_only_where(*_EMPLOYER)
def _employer(text: str) -> list[Slot]:
    value, match = _first_match(_EMPLOYER, text)
    if not value or _past_tense(match):
        return []
    if match.groupdict().get("job") is not None and not job_field(match["job"].strip()):
        return []  # "a season-ticket holder at Borussia Dortmund": no job, no employer
    place_first = _PLACE_FIRST.match(value)
    if place_first and _place(place_first["p"])[1] != "unknown":
        # "在深圳的一家科技公司工作": where the work is, and for whom when named
        slots = [Slot("work location", place_first["p"].lower(), place_first["p"], "place",
                      holder=holder(text, match.start()))]
        rest = _ORG_PART.sub("", place_first["o"])
        if rest and not _GENERIC_EMPLOYER.search(rest) and _looks_like_name(rest):
            slots.append(Slot("employer", lexicon.COMPANY_ALIASES.get(rest.lower(), rest.lower()), rest, "name",
                              holder=holder(text, match.start())))
        return slots
    if _GENERIC_EMPLOYER.search(value) and value.lower() not in lexicon.COMPANY_ALIASES:
        return []  # "在互联网公司上班", "在一家外企工作": a kind of employer, not which one
    known_place = _place(value)[1] != "unknown"
    if match.re is _EMPLOYER[1].compiled and not known_place:
        return []  # "works in Marketing": a field, not a place
    if known_place:
        # "在北京工作": where the user works, not for whom
        return [Slot("work location", value.lower(), value, "place",
                     holder=holder(text, match.start()))]
    if not _looks_like_name(value) or value in _ZH_NOT_EMPLOYER:
        return []
    if value.startswith(("一家", "一个")) or value.lower() in _PRONOUNS:
        return []
    canonical = lexicon.COMPANY_ALIASES.get(value.lower(), value.lower())
    return [Slot("employer", canonical, value, "name", holder=holder(text, match.start()))]


_JOBS_LONGEST_FIRST = tuple(sorted(lexicon.JOBS, key=len, reverse=True))


@functools.lru_cache(maxsize=4096)
def job_field(value: str) -> str:
    """The field of a job title ("senior software engineer" → "software"), or ""."""
    lowered = value.lower()
    if any(qualifier in lowered.split() or (is_cjk(qualifier) and lowered.startswith(qualifier))
           for qualifier in lexicon.JOB_QUALIFIERS):
        return ""
    for job in _JOBS_LONGEST_FIRST:
        if lowered.endswith(job) and (is_cjk(job) or lowered == job or lowered.endswith(" " + job)):
            return lexicon.JOBS[job]
    return ""


@reads_only_where(*_JOB)
def _job(text: str) -> list[Slot]:
    value, match = _first_match(_JOB, text)
    field = job_field(value)
    if not field or field == "student":
        return []
    return [Slot("job", field, value, "job", holder=holder(text, match.start()))]


@reads_only_where(*_NAME, *_PREFERRED_NAME)
def _name(text: str) -> list[Slot]:
    slots = []
    for slot_name, patterns in (("name", _NAME), ("preferred name", _PREFERRED_NAME)):
        value = _first_value(patterns, text)
        if value:
            slots.append(Slot(slot_name, value.lower(), value, "name"))
    return slots


@reads_only_where(*_AGE)
def _age(text: str) -> list[Slot]:
    for pattern in _AGE:
        match = pattern.search(text)
        if match:
            low, high = _age_range(match)
            if low is not None:
                return [Slot("age", f"{low}-{high}", match.group(0), "number",
                             holder=holder(text, match.start()))]
    return []


def _age_range(match: re.Match) -> tuple[int | None, int | None]:
    groups = match.groupdict()
    if groups.get("decade"):
        decade = groups["decade"].lower()
        start = _DECADES.get(decade) or int(decade[:2])
        part = (groups.get("part") or "").strip().lower()
        return {"early": (start, start + 4), "mid": (start + 3, start + 7),
                "late": (start + 6, start + 9)}.get(part, (start, start + 9))
    age = parse_number(groups["n"])
    if age is None:
        return None, None
    if groups.get("zhq") == "多":
        return age + 1, age + 9
    qualifier = groups.get("zhq2") or (groups.get("about") or "").strip()
    if qualifier in ("左右", "上下", "about", "around"):
        return age - 3, age + 3
    if qualifier == "出头":
        return age, age + 4
    return age, age


_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}


@reads_only_where(*_COUNT)
def _count(text: str) -> list[Slot]:
    slots = []
    for pattern in _COUNT:
        for match in pattern.finditer(text):
            said, noun = next((match[f"n{i}"], match[f"noun{i}"]) for i in ("", "2", "3")
                              if match.groupdict().get(f"n{i}"))
            number = _ORDINALS.get(said.lower()) or parse_number(said.lower())
            if number:
                noun = _noun_concept(noun)
                slots.append(Slot(f"count:{noun}", str(number), match.group(0), "number",
                                  holder=holder(text, match.start())))
    return slots


def _noun_concept(noun: str) -> str:
    for term in t.terms(noun.lower()):
        if term.role == t.CONCEPT:
            return term.value
    return noun if is_cjk(noun) else stem(noun.lower())


@reads_only_where(*lexicon.OPERATING_SYSTEMS, *lexicon.MOBILE_SYSTEMS, *lexicon.EDITORS)
def _systems(text: str) -> list[Slot]:
    """Operating system, phone system and editor in use: one family per entry."""
    slots = []
    scope = _scope(text)
    for slot_name, table, usage in (("os", lexicon.OPERATING_SYSTEMS, _OS_USE),
                                    ("mobile os", lexicon.MOBILE_SYSTEMS, _OS_USE),
                                    ("editor", lexicon.EDITORS, _EDITOR_USE)):
        mentioned = _mentions(text, table)
        families = {table[name] for name in mentioned}
        if len(families) == 1 and usage.search(text):
            kind = "only" if slot_name == "os" and platforms.one_computer(text) else ""
            kind = "also" if slot_name == "os" and (_ALSO.search(text) or _GUEST.search(text)) else kind
            slots.append(Slot(slot_name, families.pop(), max(mentioned, key=len), kind, scope=scope,
                              holder=_subject_holder(text)))
    return slots


# "also has a Linux desktop": one more computer, not the one in use
_ALSO = lazy_compile(r"\b(?:also|too|as\s+well|another|second|(?:an\s+)?extra)\b|还有|也有|另一台|另外", re.IGNORECASE)
# A system beside the main one: a guest in it ("WSL2 with Ubuntu", "a Debian VM", "虚拟机"), or a second
# one booted instead ("dual-boots Windows").
_GUEST = lazy_compile(r"\bwsl2?\b|\bvirtual\s*box\b|\bvms?\b|\bvirtual\s+machines?\b|\bcontainers?\b|\bdocker\b|"
                      r"\bdual[- ]?boot\w*|虚拟机|容器|双系统", re.IGNORECASE)
_SUBJECT_VERB = lazy_compile(r"\b(?:us(?:e|es|ed|ing)|has|have|had|owns?|bought|got|is|runs?|edits?|develops?|"
                             r"writes?|does|games?|codes?|works?|carries)\b|用|买|换|是|装|拿", re.IGNORECASE)


def _subject_holder(text: str) -> str:
    """Whose fact the entry's first verb states: "User's wife uses an iPhone" → wife."""
    subject = _ZH_SUBJECT.match(text)
    verb = _SUBJECT_VERB.search(text, subject.end() if subject else 0)
    return holder(text, verb.start()) if verb else ""


def _sole(text: str) -> list[Slot]:
    """"User's only pet is a cat", "用户唯一的孩子是女儿" (sole.py)."""
    return [Slot(name, value, display, "name" if name.endswith(" name") else "exact")
            for name, value, display in sole.sole_values(text)]


def absence_slots(text: str) -> tuple[Slot, ...]:
    """Slots whose value is an absence ("owns no Apple devices": apple devices = none),
    read from entries the value rule otherwise skips for being negative."""
    return tuple(slot for slot in _platforms(text) if slot.value == "none")


def _platforms(text: str) -> list[Slot]:
    """What a device or an app implies (platforms.py): a Pixel runs Android, Xcode needs a Mac."""
    owner = ""
    found = []
    for name, value, display, kind in platforms.implied(text):
        owner = owner or _subject_holder(text)
        if kind == "implied" and platforms.one_computer(text):
            kind = "only"  # "User's only computer is a Chromebook": its system is the user's one system
        found.append(Slot(name, value, display, kind, scope=_scope(text), holder=owner))
    return found


def _reply_language(text: str) -> list[Slot]:
    if not _COMMUNICATION.search(text):
        return []
    found = {language for language, forms in lexicon.NATURAL_LANGUAGES.items()
             if _mentions(text, forms)}
    if len(found) != 1:
        return []
    language = found.pop()
    return [Slot("reply language", language, language.capitalize(), "language", scope=_scope(text))]


def _timezone(text: str) -> list[Slot]:
    match = _TIMEZONE.search(text)
    if not match:
        return []
    raw = next(group for group in match.groups() if group)
    offset = _utc_offset(raw)
    offsets = [_utc_offset(m["u"]) for m in _TIMEZONE.finditer(text) if m["u"]]
    if offset is None and offsets:
        offset = offsets[0]
    elif offsets and offsets[0] is not None:
        offset, raw = offsets[0], next(m["u"] for m in _TIMEZONE.finditer(text) if m["u"])  # "(UTC-8)" says it
    return [Slot("timezone", str(offset), raw)] if offset is not None else []


def _utc_offset(raw: str) -> int | None:
    lowered = raw.lower().replace(" ", "")
    shifted = re.fullmatch(r"(?:utc|gmt)([+-]\d{1,2})", lowered)
    if shifted:
        return int(shifted.group(1))
    return lexicon.TIMEZONES.get(lowered, lexicon.TIMEZONES.get(raw))


_LANGUAGE_NAMES = "|".join(re.escape(name) for name in sorted(
    (name for name in lexicon.PROGRAMMING_LANGUAGES if len(name) > 2), key=len, reverse=True))
# "Python 3", "Java 17": a whole-number version of a known language
_MAJOR_VERSION = lazy_compile(rf"(?<![a-z0-9])(?P<name>{_LANGUAGE_NAMES})\s*(?P<ver>\d{{1,2}})(?![\d.])",
                            re.IGNORECASE)


# "is 1.80 m tall", "weighs 72.5 kg": a verb before a measure, not a product's version
_NOT_PRODUCTS = frozenset(("is", "are", "was", "were", "be", "weighs", "weigh", "about", "around", "at"))


def _versions(text: str) -> list[Slot]:
    found: dict[str, set[str]] = {}
    for match in _VERSION.finditer(text):
        if match["name"].lower() not in _NOT_PRODUCTS:
            found.setdefault(match["name"].lower(), set()).add(match["ver"])
    majors: dict[str, set[str]] = {}
    for match in _MAJOR_VERSION.finditer(text):
        majors.setdefault(match["name"].lower(), set()).add(match["ver"])
    for name, versions in majors.items():
        found.setdefault(name, versions)
    return [Slot(f"version:{name}", version, f"{name} {version}")
            for name, (version,) in ((n, v) for n, v in found.items() if len(v) == 1)]


def _possessive(text: str) -> list[Slot]:
    for pattern in _POSSESSIVE:
        match = pattern.search(text)
        if not match:
            continue
        slot = " ".join(match["slot"].lower().split())
        for chinese, english in _ZH_SLOT_WORDS:  # "默认 shell" is the "default shell"
            if slot.startswith(chinese) and slot not in _slot_aliases():
                slot = " ".join((english + slot[len(chinese):]).split())
        slot = _favourite_slot(canonical_noun(re.sub(r"^(?:new|current|present)\s+", "", slot)))
        if not slot:  # "用户的 是 …": no word names a slot
            continue
        if slot in _TYPED_SLOTS:
            return []  # read with their typed values by _attributes and _traits ("B" is "B-negative")
        value = _clean(match["v"])
        if not value or slot.split()[-1] in lexicon.MULTI_VALUED_SLOTS or slot in lexicon.MULTI_VALUED_SLOTS:
            return []
        if (match.groupdict().get("named") or "").startswith("名") and slot + "名" in _HANDLE_WORDS:
            slot = slot + "名"  # "网名叫小鱼": the slot is 网名, not 网
        handle = _handle_slot(slot)
        if handle:  # "GitHub handle" / "GitHub username", "网名叫小鱼" / "网名是大熊"
            return [Slot(handle, value.lower(), value, "name")]
        person = lexicon.SAME_PERSON.get(slot, slot)
        if match.groupdict().get("named"):
            return [Slot(f"{person} name", value.lower(), value, "name")]
        if match.groupdict().get("at") and _value_kind(value) not in ("date", "place"):
            return []
        if slot in _person_roles() or slot in lexicon.SAME_PERSON:
            titled = _ZH_TITLED_NAME.fullmatch(value)
            if titled:  # "王教授", "张医生": one person, known by surname (王教授 is 王老师)
                return [Slot(f"{person} name", titled["surname"], value, "name")]
            kind = _value_kind(value)
            if kind == "name":  # "User's dentist is Dr. Patel" / "…is called Sarah Jones"
                return [Slot(f"{person} name", value.lower(), value, "name")]
            if kind == "job":  # "User's partner is a doctor" / "…works as a lawyer"
                return [Slot("job", job_field(value), value, "job", holder=person)]
        return [_routed(_slot_aliases().get(slot, slot), value)]
    return []


@functools.cache
def _person_roles() -> frozenset[str]:
    """Roles a person fills in the user's life: their value is who fills it (`lexicon.PERSON_ROLES`)."""
    return frozenset(lexicon.PERSON_ROLES)


_TYPED_SLOTS = frozenset(("blood type", "blood group", "血型", "star sign", "zodiac sign", "sign", "星座",
                          "chinese zodiac", "chinese zodiac sign", "生肖", "属相", "mbti", "mbti type"))
# A surname and a title: "王教授", "张医生", "李老师" (not "女医生", "新老师": no surname)
_ZH_TITLED_NAME = lazy_compile(r"(?P<surname>(?![男女老小新旧好主副总])[\u4e00-\u9fff])"
                               r"(?:教授|医生|大夫|老师|律师|先生|女士|小姐|经理|总|博士|师傅|阿姨|工)")
_HANDLE_WORDS = {"handle": "handle", "username": "handle", "user name": "handle", "nickname": "nickname",
                 "screen name": "handle", "网名": "nickname", "昵称": "nickname", "外号": "nickname",
                 "小名": "nickname", "用户名": "handle", "账号": "handle"}


def _handle_slot(slot: str) -> str:
    """"github username" → "github handle"; "" for slots that are not a name one goes by."""
    for word, canonical in _HANDLE_WORDS.items():
        if slot == word or slot.endswith(" " + word) or (is_cjk(word) and slot.endswith(word)):
            return slot[: len(slot) - len(word)].strip() + (" " if slot != word else "") + canonical \
                if slot != word else canonical
    return ""


_AMOUNT = lazy_compile(r"(?P<n>\d+(?:\.\d+)?|[零一二两三四五六七八九十百千万亿]+)(?P<big>[万千亿kKwW])?"
                     r"(?:元|块钱?|美元|人民币|人|个人|岁|厘米|公分|公斤|千克|斤|米|平米|平方米|寸|英寸|小时|"
                     r"分钟|天|个|次|本|辆)?")
_ZH_DIGIT = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_UNIT = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "亿": 100_000_000}
_BIG = {"万": 10_000, "千": 1000, "亿": 100_000_000, "k": 1000, "w": 10_000}


def _zh_numeral(raw: str) -> float | None:
    """Chinese numerals with 十百千万亿: "五千" → 5000, "一万二" is not read."""
    total, section, digit = 0, 0, None
    for ch in raw:
        if ch in _ZH_DIGIT:
            if digit is not None:
                return None
            digit = _ZH_DIGIT[ch]
        elif ch in ("万", "亿"):
            section = (section + (digit or 0)) * _ZH_UNIT[ch]
            total, section, digit = total + section, 0, None
        else:
            section += (1 if digit is None else digit) * _ZH_UNIT[ch]
            digit = None
    if digit is not None and len(raw) > 1 and raw[-2] in "百千万亿":
        return None  # "一万二", "两千五": an abbreviated tail
    return float(total + section + (digit or 0))


def amount(value: str) -> float | None:
    """The number a whole value states ("五千元", "1.5万", "30人"), or None."""
    match = _AMOUNT.fullmatch(value.strip())
    if not match:
        return None
    raw = match["n"]
    number = float(raw) if raw[0].isdigit() else _zh_numeral(raw)
    if number is None:
        return None
    return number * _BIG.get((match["big"] or "").lower(), 1)


def _routed(slot: str, value: str) -> Slot:
    """A possessive slot whose name is a known slot compares like that slot."""
    if slot == "editor":
        families = {lexicon.EDITORS[name] for name in _mentions(value, lexicon.EDITORS)}
        return Slot("editor", families.pop() if len(families) == 1 else value.lower(), value)
    if slot == "job":
        return Slot("job", job_field(value) or value.lower(), value, "job")
    if slot == "employer" and _looks_like_name(value) and not _GENERIC_EMPLOYER.search(value):
        return Slot("employer", lexicon.COMPANY_ALIASES.get(value.lower(), value.lower()), value, "name")
    number = amount(value) if is_cjk(value) else None
    if number is not None:
        return Slot(slot, f"{number:g}", value, "number")  # "五千元" and "5000元" agree
    return Slot(slot, value.lower(), value, _value_kind(value))


# How a value describes rather than names: a degree word, a negation ("很大",
# "very strict", "not far"). Descriptions of one thing may differ without clashing.
_DESCRIPTIVE = lazy_compile(r"\b(?:very|quite|really|so|too|rather|pretty|fairly|somewhat|a\s+bit|"
                          r"not|extremely|super)\b|很|非常|比较|挺|太|特别|有点|不|没|得|极", re.IGNORECASE)
_LUNAR_DATE = lazy_compile(r"农历|正月|腊月|初[一二三四五六七八九十]|[一二三四五六七八九十]+号")
_CODE = lazy_compile(r"^[a-z]{1,3}[+-]$|\d", re.IGNORECASE)


def _value_kind(value: str) -> str:
    lowered = value.lower()
    if _place(value)[1] != "unknown":
        return "place"
    if _DATE_WORD.search(value) or _LUNAR_DATE.search(value):
        return "date"
    if re.fullmatch(r"[\d.,:/%$€£¥\s-]+[a-z]{0,5}", lowered):
        return "number"
    if _DESCRIPTIVE.search(value):
        return "other"
    if _CODE.search(value) and len(value) <= 16:
        return "code"  # "O+", "浙A·7K392", "MySQL 8": an identifier
    if is_cjk(value) and value.endswith("语") and len(value) <= 5:
        return "language"  # "闽南语", "粤语"
    if job_field(value):
        return "job"
    if lowered in lexicon.PROGRAMMING_LANGUAGES or any(
            lowered in forms for forms in lexicon.NATURAL_LANGUAGES.values()):
        return "language"
    if _looks_like_name(value) and not any(term.role not in (t.CJK_RUN, t.CONTENT) and not (
            term.role == t.CONCEPT and term.value in lexicon.PRODUCT_LINES) for term in t.terms(lowered)):
        return "name"
    if re.fullmatch(r"[a-z][a-z0-9+#.-]*", value) and not antonyms.is_adjective(value):
        return "name"  # "zsh", "fish": a lowercase name of a thing ("spacious" describes)
    return "other"


# --- times of day of a routine: "goes to bed at 11 pm", "凌晨两点才睡" ----------------

_EN_TIME = (r"(?:(?P<noon>noon|midday|midnight)|(?P<h>\d{1,2})(?:[:.](?P<m>\d\d))?\s*"
            r"(?P<ap>a\.?m\.?|p\.?m\.?)?(?![\d:]))")
_EN_ROUTINES = (
    ("wake time", lazy_compile(r"\b(?:wakes?|woke|waking|gets?\s+up|got\s+up|getting\s+up|rises?|"
                             r"rising)\s+(?:up\s+)?(?:at|around|about)\s+(?:around\s+|about\s+)?"
                             + _EN_TIME, re.IGNORECASE)),
    ("bedtime", lazy_compile(r"\b(?:(?:goes|go|going|went|gets?|got)\s+to\s+(?:bed|sleep)|sleeps?|"
                           r"sleeping|falls?\s+asleep|turns?\s+in|bedtime\s+is)\s+"
                           r"(?:at|around|about|(?P<rel>after|before))?\s*(?:around\s+|about\s+)?"
                           + _EN_TIME,
                           re.IGNORECASE)),
)
_ZH_TIME = (r"(?P<part>凌晨|半夜|早上|早晨|清晨|上午|中午|下午|傍晚|晚上|夜里|深夜)?"
            r"(?P<h>\d{1,2}|[零一二两三四五六七八九十]{1,3})[点:：](?P<half>半|(?P<m>\d\d)分?)?"
            r"(?:钟|左右|多)?(?:才|就|准时)?")
_ZH_ROUTINES = (
    ("wake time", lazy_compile(_ZH_TIME + r"(?:起床|起来|醒来|醒|起(?=[。，,；;！!]|$))")),
    ("bedtime", lazy_compile(_ZH_TIME + r"(?P<rel>以后|之后|以前|之前|前|后)?(?:才|就)?"
                           r"(?:睡觉|睡|上床|入睡|就寝)")),
)
_EVENING_PARTS = ("下午", "傍晚", "晚上", "夜里", "深夜")
_TIME_SCOPES = tuple(lexicon.SCOPE_NOUNS[name] + (name,) for name in
                     ("weekend", "weekday", "holiday", "summer", "winter", "business trip"))


@reads_only_where(*(pattern for _name, pattern in _EN_ROUTINES + _ZH_ROUTINES))
def routine_times(text: str) -> list[Slot]:
    """When the user wakes up or goes to bed, as an hour (0-24); where the entry
    names a time of the week or year ("on weekends", "周末"), that is its scope."""
    slots = []
    for name, pattern in _EN_ROUTINES + _ZH_ROUTINES:
        match = pattern.search(text)
        if not match:
            continue
        hour = _clock_hour(match, bedtime=name == "bedtime")
        if hour is not None:
            # "after midnight" / "十二点以后": a bound, not the time itself
            rel = (match.groupdict().get("rel") or "").lower()
            if rel and rel not in ("after", "以后", "之后", "后"):
                continue  # "12点前睡觉": a deadline, not when the user sleeps
            bound = ">" if rel else ""
            slots.append(Slot(name, f"{bound}{hour:g}", match.group(0).strip(), "time",
                              scope=_time_scope(text)))
    return slots


def _clock_hour(match: re.Match, bedtime: bool) -> float | None:
    groups = match.groupdict()
    noon = (groups.get("noon") or "").lower()
    if noon:
        return 0.0 if noon == "midnight" else 12.0
    hour = parse_number(groups["h"])
    if hour is None or hour > 24:
        return None
    minutes = 30 if groups.get("half") == "半" else int(groups.get("m") or 0)
    meridiem = (groups.get("ap") or "").replace(".", "").lower()
    part = groups.get("part") or ""
    if part in _EVENING_PARTS:  # "晚上12点" is midnight
        hour = 0 if hour == 12 else hour + 12 if hour < 12 else hour
    elif meridiem == "pm" or (part == "中午" and hour < 3):
        hour = hour + 12 if hour < 12 else hour
    elif meridiem == "am" or part:
        hour = 0 if hour == 12 else hour
    elif bedtime:  # "goes to bed at 11": evening unless small hours
        hour = hour + 12 if 7 <= hour < 12 else 0 if hour == 12 else hour
    return (hour + minutes / 60) % 24


def _time_scope(text: str) -> frozenset[str]:
    lowered = text.lower()
    return frozenset(forms[-1] for forms in _TIME_SCOPES if any(form in lowered for form in forms[:-1]))


def _times_clash(a: str, b: str) -> bool:
    """Two routine hours clash two hours apart or more; a bound ("after 12",
    ">0") only clashes with a time (or opposite bound) two hours on its wrong side."""
    bound_a, bound_b = a[:1] if a[:1] in "<>" else "", b[:1] if b[:1] in "<>" else ""
    hour_a, hour_b = float(a.lstrip("<>")), float(b.lstrip("<>"))
    if not bound_a and not bound_b:
        return _hours_apart(a, b) >= 2
    if bound_a == bound_b:
        return False
    if not bound_a:  # put the bound first
        bound_a, bound_b, hour_a, hour_b = bound_b, bound_a, hour_b, hour_a
    shift = (hour_b - hour_a + 12) % 24 - 12  # where b lies relative to a, in (-12, 12]
    return shift <= -2 if bound_a == ">" else shift >= 2


def _hours_apart(a: str, b: str) -> float:
    gap = abs(float(a) - float(b)) % 24
    return min(gap, 24 - gap)


# --- how the user gets to work or school: "commutes by bus", "每天开车上班" ------------

_EN_MODES = (
    ("bus", r"\bby\s+bus\b|\b(?:takes?|took|taking|rides?|riding|catch(?:es)?|gets?)\s+(?:the|a)\s+bus\b"),
    ("subway", r"\bby\s+(?:subway|metro|tube|underground)\b|\b(?:takes?|took|taking|rides?|riding|"
               r"gets?)\s+the\s+(?:subway|metro|tube|underground)\b"),
    ("train", r"\bby\s+train\b|\b(?:takes?|took|taking|rides?|riding|catch(?:es)?|gets?)\s+"
              r"(?:the|a)\s+train\b"),
    ("car", r"\bby\s+car\b|\bdrives?\b|\bdriving\b|\bdrove\b"),
    ("bike", r"\bby\s+(?:bike|bicycle)\b|\b(?:cycles?|cycling|bikes?|biking)\s+to\b|\brides?\s+"
             r"(?:a|his|her|their)\s+(?:bike|bicycle)\b"),
    ("walk", r"\bon\s+foot\b|\bwalks?\s+to\b|\bwalking\s+to\b"),
    ("taxi", r"\bby\s+(?:taxi|cab|uber)\b|\btakes?\s+(?:a\s+)?(?:taxi|cab|uber)\b"),
)
_ZH_MODES = (
    ("bus", r"(?:坐|乘|搭|乘坐)(?:公交车?|公共汽车|巴士)"),
    ("subway", r"(?:坐|乘|搭|乘坐)地铁"),
    ("train", r"(?:坐|乘|搭|乘坐)(?:火车|高铁|动车|城铁)"),
    ("car", r"开车|自驾|驾车"),
    ("bike", r"骑(?:自行车|单车|车)"),
    ("walk", r"走路|步行|走着"),
    ("taxi", r"(?:打车|打的|坐出租车?|打滴滴)"),
)
_COMMUTE = lazy_compile(r"\bcommut\w*|\bto\s+(?:work|the\s+office|school|class|campus)\b|"
                      r"上班|通勤|上学|去公司|去学校", re.IGNORECASE)
_SCHOOL = lazy_compile(r"\b(?:school|class|campus)\b|上学|去学校", re.IGNORECASE)
_NOT_ROUTINE = lazy_compile(r"\b(?:sometimes|occasionally|rarely|seldom|never|not|no\s+longer|used\s+to|"
                          r"when|if|unless|or|if|either|once|yesterday|today|tomorrow|last|"
                          r"can|could|would|should|wants?|plans?|hopes?)\b|"
                          r"有时|偶尔|很少|从不|不|没|曾|以前|下雨|如果|或|还是|想|打算|今天|昨天|明天",
                          re.IGNORECASE)


def _commute(text: str) -> list[Slot]:
    """The one way the user usually gets to work (or school): a single-valued fact."""
    if not _COMMUTE.search(text) or _NOT_ROUTINE.search(text):
        return []
    found = {mode for mode, pattern in _EN_MODES + _ZH_MODES
             if re.search(pattern, text, re.IGNORECASE)}
    if len(found) != 1:
        return []
    mode = found.pop()
    scope = _time_scope(text) | ({"school"} if _SCHOOL.search(text) else {"work"})
    return [Slot("commute", mode, mode, "mode", scope=frozenset(scope))]


def _routine_ways(text: str) -> list[Slot]:
    """The one way of a routine besides the commute (see `routines.py`)."""
    ways = routines.routine_ways(text)  # most texts name no routine: its cue test before the slow guard
    if not ways or _NOT_ROUTINE.search(text):
        return []
    return [Slot(routine, way, way, "mode", scope=occasion | _time_scope(text), holder=holder(text, start))
            for routine, way, occasion, start in ways]


# --- how long a daily routine lasts: "sleeps about eight hours", "每晚只睡四个小时" ------

_EN_HOURS = r"(?P<n>\d{1,2}(?:\.\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_ZH_HOURS = r"(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,3})"
_DURATIONS = (
    ("sleep hours", lazy_compile(r"\bsleeps?\s+(?:for\s+)?(?:about\s+|around\s+|roughly\s+|only\s+|"
                               r"just\s+|barely\s+)?" + _EN_HOURS + r"\s+hours?\b", re.IGNORECASE)),
    ("sleep hours", lazy_compile(_EN_HOURS + r"\s+hours?\s+of\s+sleep\b", re.IGNORECASE)),
    ("sleep hours", lazy_compile(r"睡(?:了|觉)?(?:大约|大概|差不多|只|才|仅|仅仅|就)?" + _ZH_HOURS
                               + r"(?:个)?(?:半)?(?:小时|钟头)")),
    ("work hours", lazy_compile(r"\bworks?\s+(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?"
                              + _EN_HOURS + r"\s+hours?\s+(?:a|per|each|every)\s+(?P<per>day|week)\b",
                              re.IGNORECASE)),
    ("work hours", lazy_compile(r"(?P<per>每天|一天|每周|一周)(?:要|只|大约|大概)?(?:工作|上班)"
                              + _ZH_HOURS + r"(?:个)?(?:多)?(?:小时|钟头)")),
)
_BOUND = lazy_compile(r"\b(?:at\s+least|more\s+than|over|less\s+than|under|fewer\s+than|up\s+to|"
                    r"sometimes|occasionally|used\s+to|when|if|not|never)\b|至少|超过|以上|以下|不到|"
                    r"不足|多于|少于|有时|偶尔|以前|如果|不|没", re.IGNORECASE)


@reads_only_where(*(pattern for _name, pattern in _DURATIONS))
def _durations(text: str) -> list[Slot]:
    """Hours a day (or week) spent on a routine; bounds and exceptions give none."""
    # most texts name no duration: the patterns (gated by their cues) before the slow guard
    if not any(pattern.search(text) for _name, pattern in _DURATIONS) or _BOUND.search(text):
        return []
    for name, pattern in _DURATIONS:
        match = pattern.search(text)
        if not match:
            continue
        raw = match["n"].lower()
        hours = float(raw) if raw.replace(".", "").isdigit() else parse_number(raw)
        if not hours:
            continue
        per = match.groupdict().get("per") or "day"
        per = "week" if per in ("week", "每周", "一周") else "day"
        return [Slot(f"{name}/{per}", f"{hours:g}", match.group(0).strip(), "duration",
                     scope=_time_scope(text), holder=holder(text, match.start()))]
    return []


def _durations_clash(a: str, b: str) -> bool:
    low, high = sorted((float(a), float(b)))
    return high - low >= max(2.0, 0.25 * high)


# --- the highest degree, when an entry caps it: "only has a high-school diploma" -------

_DEGREES = (
    (4, r"\bph\.?\s?d\b|\bdoctorate\b|\bdoctoral\s+degree\b|博士(?!生|研究生|在读)"),
    (3, r"\bmaster'?s?\s+(?:degree|in)\b|\bmba\b|硕士(?!生|在读)|研究生毕业"),
    (2, r"\bbachelor'?s?\b|\b(?:college|university|undergraduate)\s+degree\b|"
        r"\bgraduated\s+(?:from\s+)?(?:college|university)\b|本科|学士|大学毕业|大学学历|大专"),
    (2, r"\bph\.?\s?d\s+(?:student|candidate)\b|博士生|读博|博士在读|硕士生|读研|研究生在读"),
    (1, r"\bhigh[- ]school\b|\bsecondary\s+school\b|高中|中专|中学"),
    (0, r"\bmiddle\s+school\b|\bprimary\s+school\b|\belementary\s+school\b|初中|小学"),
)
_DEGREE_CAP = lazy_compile(r"\b(?:only|just|merely|highest|never\s+finished|dropped\s+out)\b|只有|只是|仅有|"
                         r"仅|只读到|只读过|只上过|只念过|最高学历|最高只|辍学|没读完", re.IGNORECASE)
_DROPPED = lazy_compile(r"\bdropped\s+out\b|\bnever\s+finished\b|辍学|没读完|退学", re.IGNORECASE)
# what the user left: "dropped out of college", "大学没读完", "高中辍学"
_LEFT = ((2, lazy_compile(r"\b(?:college|university|uni)\b|大学|本科", re.IGNORECASE)),
         (1, lazy_compile(r"\bhigh[- ]school\b|高中", re.IGNORECASE)))
_NO_DEGREE = lazy_compile(r"\b(?:not|no|never|want\w*|plan\w*|hop\w*|studying|pursuing)\b|没|不|想|打算|"
                        r"正在读|在读|准备", re.IGNORECASE)


_DEGREE_PATTERNS = tuple((level, lazy_compile(pattern, re.IGNORECASE)) for level, pattern in _DEGREES)
_DEGREE_HINT = lazy_compile("|".join(pattern for _, pattern in _DEGREES) + "|" + _DROPPED.pattern,
                          re.IGNORECASE)


def _education(text: str) -> list[Slot]:
    """The degree an entry credits the user with: "capped" when it says that is
    all ("只有高中学历", "only finished high school"), a level reached otherwise."""
    if not _DEGREE_HINT.search(text):
        return []
    if _DROPPED.search(text):
        left = [(level, match) for level, pattern in _LEFT for match in [pattern.search(text)] if match]
        if len(left) != 1:
            return []
        level, match = left[0]
        return [Slot("education", f"<{level}", match.group(0), "degree",
                     holder=holder(text, match.start()))]
    levels = [(level, match) for level, pattern in _DEGREE_PATTERNS
              for match in [pattern.search(text)] if match]
    if len(levels) != 1:
        return []
    level, match = levels[0]
    capped = bool(_DEGREE_CAP.search(text))
    if not capped and _NO_DEGREE.search(text):
        return []
    if capped and _NO_DEGREE.search(_DEGREE_CAP.sub("", text)):
        return []
    return [Slot("education", f"={level}" if capped else f">{level}", match.group(0), "degree",
                 holder=holder(text, match.start()))]


def _degrees_clash(a: str, b: str) -> bool:
    """"=1" (high school at most) clashes with ">2" (a bachelor's); "<2" (left
    college) with ">2"; two caps with each other when they differ."""
    def bounds(value: str) -> tuple[float, float]:
        level = int(value[1:])
        return {"=": (level, level), "<": (level - 1, level - 0.5), ">": (level, 9)}[value[0]]
    low_a, high_a = bounds(a)
    low_b, high_b = bounds(b)
    return high_a < low_b or high_b < low_a


# --- one-valued attributes: "用户的血型是A型", "用户是天蝎座", "老家在湖南", "开的是宝马" ----

_ZH_VALUE = r"(?P<v>[^，,。；;]+?)[。.!！]?$"
_ATTRIBUTES = (
    ("hometown", lazy_compile(r"(?:老家|家乡|籍贯|出生地)(?:在|是)" + _ZH_VALUE)),
    # ABO group only: "O+" and "O-negative" are both O ("B" / "B positive" agree)
    ("blood type", lazy_compile(r"(?<![A-Za-z])(?P<v>AB|A|B|O)\s*型血|血型(?:是|为)\s*(?P<w>AB|A|B|O)(?![A-Za-z])|"
                              r"\bblood\s+(?:type|group)\s+(?:is\s+)?(?:type\s+)?(?P<x>AB|A|B|O)(?![A-Za-z])|"
                              r"\btype[\s-](?P<y>AB|A|B|O)(?:[+-]|\s*(?:positive|negative))?\s+blood\b|"
                              r"(?<![A-Za-z])(?P<z>AB|A|B|O)(?:[+-]|[\s-](?:positive|negative))\s+blood\b")),
    ("star sign", lazy_compile(r"(?P<v>白羊|金牛|双子|巨蟹|狮子|处女|天秤|天蝎|射手|摩羯|水瓶|双鱼)座")),
    ("chinese zodiac", lazy_compile(r"(?:属|生肖是|属相是)(?P<v>[鼠牛虎兔龙蛇马羊猴鸡狗猪])(?!(?-i:[\u4e00-\u9fff]))|"
                                  r"\b(?:born\s+in\s+(?:the\s+)?year\s+of\s+the|chinese\s+zodiac\s+(?:sign\s+|animal\s+)?"
                                  r"is(?:\s+the)?)\s+(?P<w>rat|ox|tiger|rabbit|dragon|snake|horse|goat|sheep|ram|monkey|"
                                  r"rooster|dog|pig)\b", re.IGNORECASE)),
    ("major", lazy_compile(r"(?:专业是|主修)" + _ZH_VALUE)),
    ("birth year", lazy_compile(r"(?:出生于|生于|出生在|出生的年份是)(?P<v>(?:19|20)\d\d)年")),
    ("alma mater", lazy_compile(r"(?:毕业于|毕业自)" + _ZH_VALUE)),
    # "在复旦大学读书": the school attended now (not where one graduated)
    ("school", lazy_compile(r"在(?P<v>[^，,。；;在]{1,10}?(?:大学|学院|中学|高中|小学|学校|幼儿园))"
                          r"(?:读书|上学|念书|上大学|读大学|读本科|上幼儿园)(?:[。.!！]?$|[，,])")),
    # "User's son goes to Oakwood Primary", "studies at Oxford", "is a student at Cambridge"
    ("school", lazy_compile(r"\b(?:studies\s+at|is\s+(?:a\s+\w*\s*student|enrolled)\s+at)\s+"
                          r"(?P<v>(?:St\.?\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3})|"
                          r"\b(?:goes\s+to|attends)\s+(?P<w>(?:St\.?\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3}\s+"
                          r"(?:School|Primary|High|Academy|College|University|Kindergarten|Nursery|Elementary))\b")),
    # "用户姓王", "用户的房东姓李": a surname
    ("surname", lazy_compile(r"姓(?P<v>[\u4e00-\u9fff])(?![\u4e00-\u9fff]{0,1}(?:名|氏))")),
    # "用户是上海人": where one is from, for a known place
    ("hometown", lazy_compile(r"^(?:该|这位)?用户是(?P<v>[\u4e00-\u9fff]{2,4}?)人[。.!！]?$")),
)
_EN_ZODIAC = {"rat": "鼠", "ox": "牛", "tiger": "虎", "rabbit": "兔", "dragon": "龙", "snake": "蛇", "horse": "马",
              "goat": "羊", "sheep": "羊", "ram": "羊", "monkey": "猴", "rooster": "鸡", "dog": "狗", "pig": "猪"}
# Institutions of one kind: two different names of one kind are two schools.
_INSTITUTION = lazy_compile(r"(?:大学|学院|中学|高中|小学|学校|幼儿园)$")
_CAR = lazy_compile(r"(?:开的是|开着?一辆|的车是|座驾是|买了一辆|提了一辆|新车是)(?P<v>[^，,。；;]+)")
_PHONE = lazy_compile(r"(?P<v>[A-Za-z\u4e00-\u9fff]{2,6}?)\s*的?手机|手机是(?P<w>[^，,。；;]+)")
_PHONE_IS = lazy_compile(r"手机是(?P<v>[^，,。；;]+)")  # "用户的手机是华为": the make, not "用户"
_ATTRIBUTE_SUFFIX = lazy_compile(r"(?:型血|型|座)$")


@reads_only_where(*(pattern for _name, pattern in _ATTRIBUTES), _CAR, _PHONE, _PHONE_IS)
def _attributes(text: str) -> list[Slot]:
    found: list[Slot] = []
    for name, pattern in _ATTRIBUTES:
        match = pattern.search(text)
        if not match:
            continue
        value = _clean(next((group for group in match.groups() if group), ""))
        value = _EN_ZODIAC.get(value.lower(), value) if name == "chinese zodiac" else value
        if (name == "hometown" and match.group(0).endswith(("人", "人。"))
                and _place(value)[1] == "unknown" and value not in lexicon.ZH_PROVINCES):
            continue  # "用户是好人": "是…人" names a place only for a known one
        if value and not _NEGATED_ATTRIBUTE.search(text[: match.start()]):
            canonical = _ATTRIBUTE_SUFFIX.sub("", value.lower()) or value.lower()
            kind = "place" if name == "hometown" else "attribute"
            if name == "star sign":  # "天蝎座" meets "a Scorpio"
                canonical, kind = _SIGNS.get(canonical, canonical), "exact"
            found.append(Slot(name, canonical, value, kind, holder=holder(text, match.start())))
    for name, pattern, brands in (("car", _CAR, lexicon.CAR_BRANDS), ("phone", _PHONE, lexicon.PHONE_BRANDS)):
        match = (name == "phone" and _PHONE_IS.search(text)) or pattern.search(text)
        if match and not _NEGATED_ATTRIBUTE.search(text[: match.start()]):
            makes = {brands[brand] for brand in _mentions(match["v"] or match.groupdict().get("w"), brands)}
            if len(makes) == 1:
                make = makes.pop()
                found.append(Slot(name, make, make, "brand", holder=holder(text, match.start())))
                found.extend(_phone_system(name, make, text, match))
    return found


def _phone_system(name: str, make: str, text: str, match: re.Match) -> list[Slot]:
    """A phone's make names its system too: a Huawei or a Samsung runs Android, so
    "用华为手机" and "用的是 iPhone" (which names only the system) clash."""
    if name != "phone" or _mentions(text, lexicon.MOBILE_SYSTEMS):
        return []
    if make == "huawei":
        return []  # Android or HarmonyOS (鸿蒙), by model and year
    system = "ios" if make == "apple" else "android"
    return [Slot("mobile os", system, make, holder=holder(text, match.start()))]


_NEGATED_ATTRIBUTE = lazy_compile(r"不|没|非|未|以前|曾|过去|原来")


def _attributes_clash(a: Slot, b: Slot) -> bool:
    if a.name == "hometown":
        return _places_clash(a.display, b.display)
    if a.name in ("school", "alma mater"):
        if not is_cjk(a.value) and not is_cjk(b.value):
            return True  # two names of schools: "Oakwood Primary" / "St Mary's School"
        kind_a, kind_b = _INSTITUTION.search(a.value), _INSTITUTION.search(b.value)
        # a 学校 is a school of any kind: "实验小学" / "外国语学校"
        return bool(kind_a and kind_b and (kind_a.group(0) == kind_b.group(0)
                                           or "学校" in (kind_a.group(0), kind_b.group(0))))
    return True


# --- what a person or pet is called, when an event is, which team one supports ----

# One person or pet named in either language: "丈夫" and "老公", "cat" and "猫咪".
_SLOT_NOUNS = {form: noun for noun, forms in {
    "husband": ("husband", "丈夫", "老公", "先生"), "wife": ("wife", "妻子", "老婆", "太太", "爱人"),
    "cat": ("cat", "kitten", "猫", "猫咪", "小猫"), "dog": ("dog", "puppy", "狗", "狗狗", "小狗"),
    "son": ("son", "儿子"), "daughter": ("daughter", "女儿"), "partner": ("partner", "对象", "伴侣"),
    "boyfriend": ("boyfriend", "男朋友", "男友"), "girlfriend": ("girlfriend", "女朋友", "女友"),
    "manager": ("manager", "boss", "line manager", "领导", "上司", "老板", "直属领导"),
    "team": ("team", "球队"),
}.items() for form in forms}
_FAVOURITE_TEAM = lazy_compile(r"^(?:favou?rite|favorite)\s+(?:[a-z]+\s+)?(?:team|球队)$")
_NAMED_ONE = (
    # "User's dog's name is Bella"
    lazy_compile(r"^(?:[Tt]he\s+)?[Uu]ser'?s\s+(?P<noun>[a-z]+)'s\s+name\s+is\s+(?P<v>[A-Z][\w'-]*)"),
    lazy_compile(r"\b(?P<only>only\s+)?(?:has|have|owns?)\s+(?P<det>one|a|an|only\s+one)\s+(?P<noun>[a-z]+),?\s+(?:called|named)\s+"
               r"(?P<v>[A-Z][\w'-]*)"),
    lazy_compile(rf"(?P<det>只有|有|养了?|养着)一(?:只|条|个|位)(?P<noun>{_CJK}{{1,2}}?)[，,]?(?:名叫|叫做?|取名叫?|名字叫)"
               rf"(?P<v>{_CJK}{{1,4}}|[A-Za-z]+)"),
    lazy_compile(rf"^(?:该|这位)?用户家?的(?P<noun>{_CJK}{{1,3}}?)(?:名叫|叫做?|名字叫)(?P<v>{_CJK}{{1,4}}|[A-Za-z]+)"
               r"[。.!！]?$"),
)
_SUPPORTS = (
    lazy_compile(r"\b(?:supports|roots\s+for|is\s+a\s+(?:big\s+|huge\s+|lifelong\s+|die-hard\s+)?"
               r"(?P<w>[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,2})\s+(?:fan|supporter))\s*(?P<v>[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,2})?"),
    lazy_compile(rf"(?:支持|是)(?P<v>{_CJK}{{2,6}}?)队?的(?:铁杆|忠实)?球迷"),
)


# A favourite's noun in either language ("最喜欢的食物" and "favourite food" are one slot): `lexicon.FAVOURITE_NOUNS`.
_FAVOURITE_SLOT = lazy_compile(r"^(?:favou?rite|最喜欢的?|最爱的?)\s*(?P<noun>.+)$")


_COLOURS = {"red": "红", "blue": "蓝", "green": "绿", "yellow": "黄", "black": "黑", "white": "白",
            "purple": "紫", "pink": "粉", "orange": "橙", "grey": "灰", "gray": "灰", "brown": "棕"}


def _meaning(value: str) -> str:
    """A value in either language as one id: a colour, a concept or a season; "" if unknown."""
    lowered = value.lower().strip(" 《》\"'")
    if lowered in _COLOURS:
        return _COLOURS[lowered]
    if is_cjk(lowered) and len(lowered) <= 2 and lowered[0] in _COLOURS.values():
        return lowered[0]
    if lowered.endswith("色") and lowered[0] in _COLOURS.values():
        return lowered[0]
    found = {term.value for term in t.terms(lowered) if term.role in (t.CONCEPT, t.SCOPE_NOUN)}
    return found.pop() if len(found) == 1 else ""


def _favourite_slot(slot: str) -> str:
    """"favourite food", "favorite 食物" → "favorite food"."""
    match = _FAVOURITE_SLOT.match(slot)
    if not match or slot in ("favorite team", "favorite language"):
        return slot
    noun = match["noun"].strip()
    return f"favorite {lexicon.FAVOURITE_NOUNS.get(noun, noun)}"


def canonical_noun(noun: str) -> str:
    noun = " ".join(noun.lower().split())
    if _FAVOURITE_TEAM.match(noun):
        return "favorite team"
    return _SLOT_NOUNS.get(noun, noun)


# Kinds one may have several of at once: "has a dog named Rex" names one of them, not the only one.
_SEVERAL_AT_ONCE = frozenset(("cat", "dog", "son", "daughter", "brother", "sister", "child", "kid", "friend", "cousin",
                              "niece", "nephew", "grandchild", "grandson", "granddaughter", "horse", "bird",
                              "rabbit", "hamster", "fish", "parrot", "guitar", "bike", "car",
                              "哥哥", "姐姐", "弟弟", "妹妹", "朋友", "孩子"))
# What says it is the only one: a count ("one", "一只" after "只有") or "only".
_ONE_ONLY = frozenset(("one", "only one", "只有"))


def _one_of_several(match: re.Match) -> bool:
    """"has a dog named Rex" beside "has a dog named Bo": two of one's dogs, unless "only" or a
    count says there is one ("has one dog, named Rex", "只有一只狗，叫球球")."""
    groups = match.groupdict()
    if canonical_noun(match["noun"]) not in _SEVERAL_AT_ONCE or groups.get("det") is None or groups.get("only"):
        return False
    return " ".join(groups["det"].split()) not in _ONE_ONLY


def _named_ones(text: str) -> list[Slot]:
    """"has one cat, named Luna", "家只有一只猫，叫团子", "用户家的狗名叫旺财"."""
    for pattern in _NAMED_ONE:
        match = pattern.search(text)
        if match and _one_of_several(match):
            return []
        if match:
            value = _clean(match["v"])
            if match["noun"] + "名" in _HANDLE_WORDS:  # "网名叫小鱼"
                return [Slot(_HANDLE_WORDS[match["noun"] + "名"], value.lower(), value, "name")] if value else []
            return [Slot(f"{canonical_noun(match['noun'])} name", value.lower(), value, "name")] if value else []
    return []


@reads_only_where(*_SUPPORTS)
def _supported_team(text: str) -> list[Slot]:
    """"supports Arsenal", "is a Liverpool fan", "是湖人的球迷": one's team."""
    for pattern in _SUPPORTS:
        match = pattern.search(text)
        value = match and (match["v"] or match.groupdict().get("w"))
        if value and not _NEGATED_EN.search(text[: match.start()]):
            return [Slot("favorite team", value.lower(), value, "name")]
    return []


# "The standup starts at 9:30", "User's flight to Tokyo leaves at 09:40", "航班早上八点起飞":
# the clock time of one event (same wording of the event in both entries).
_EN_EVENT_VERBS = (r"starts?|begins?|leaves?|departs?|takes?\s+off|lands?|arrives?|kicks?\s+off|"
                   r"is\s+(?:scheduled|set|booked|planned)\s+for|is\s+at|was\s+moved\s+to|has\s+been\s+moved\s+to")
_EVENT_TIMES = (
    lazy_compile(rf"^(?:the\s+)?(?:user'?s\s+)?(?P<event>[a-z][\w' ]{{2,60}}?)\s+(?:{_EN_EVENT_VERBS})\s+"
               rf"(?:at\s+)?{_EN_TIME}", re.IGNORECASE),
    lazy_compile(rf"^(?:该|这位)?用户的?(?P<event>{_CJK}{{2,8}}?)(?:定在|安排在|改到|改在|在)?{_ZH_TIME}"
               r"(?:起飞|出发|发车|开始|开会|到达|降落|举行|开)"),
)


@reads_only_where(*_EVENT_TIMES)
def _event_times(text: str) -> list[Slot]:
    for pattern in _EVENT_TIMES:
        match = pattern.search(text)
        if match and (match.groupdict().get("m") or match.groupdict().get("ap") or match.groupdict().get("noon")
                      or match.groupdict().get("part") or is_cjk(match["event"])):
            hour = _clock_hour(match, bedtime=False)
            if hour is not None:
                event = " ".join(match["event"].lower().split())
                return [Slot(f"time of {event}", f"{hour:g}", match.group(0), "clock")]
    return []


# A child's stage of schooling, as a range of school years (0 kindergarten, -1 a baby).
_STAGES = (
    (r"newborn|\bbaby\b|\binfant\b|刚满月|满月|刚出生|新生儿|婴儿", (-1, -1)),
    (r"kindergarten|nursery|preschool|幼儿园", (0, 0)),
    (r"小学(?P<zh>[一二三四五六])年级|\b(?:year|grade)\s+(?P<n>\d{1,2})\b|\b(?P<o>\d{1,2})(?:st|nd|rd|th)\s+grade", None),
    (r"小学|primary\s+school|elementary\s+school", (1, 6)),
    (r"初(?P<j>[一二三])|初中|middle\s+school|junior\s+high", (7, 9)),
    (r"高(?P<s>[一二三])(?!(?-i:[\u4e00-\u9fff])*(?:速|铁|兴|手|级))|高中|高考|high\s+school", (10, 12)),
    (r"secondary\s+school", (7, 13)),
    (r"大(?P<u>[一二三四])(?!(?-i:[\u4e00-\u9fff]))|上大学|读大学|大学生|university|college", (13, 16)),
)
_STAGE = lazy_compile("|".join(f"(?P<g{index}>{pattern})" for index, (pattern, _) in enumerate(_STAGES)),
                    re.IGNORECASE)
_CHILD_HOLDERS = {"child": "child", "kid": "child", "孩子": "child", "宝宝": "child", "baby": "child",
                  "son": "son", "儿子": "son", "独生子": "son", "daughter": "daughter", "女儿": "daughter",
                  "独生女": "daughter"}
_CHILD = lazy_compile(r"\b(?:child|kid|son|daughter|baby)\b|孩子|宝宝|儿子|女儿|独生子|独生女", re.IGNORECASE)
_SEVERAL_CHILDREN = lazy_compile(r"\b(?:children|kids|sons|daughters|twins|eldest|youngest|older|younger)\b|"
                               r"[两二三四几]个(?:孩子|儿子|女儿)|老大|老二|大儿子|小儿子|大女儿|小女儿|双胞胎",
                               re.IGNORECASE)
_ZH_ORDINAL = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6}


def _school_stage(text: str) -> list[Slot]:
    """"用户的独生女今年上小学三年级" / "用户的女儿今年读初一": the one child's school year."""
    child = _CHILD.search(text)
    if not child or _SEVERAL_CHILDREN.search(text):
        return []
    match = _STAGE.search(text)
    if not match:
        return []
    index = int(match.lastgroup[1:]) if match.lastgroup and match.lastgroup.startswith("g") else next(
        int(name[1:]) for name, value in match.groupdict().items() if value and name.startswith("g"))
    low, high = _STAGES[index][1] or (0, 0)
    year = match["zh"] or match["n"] or match["o"]
    if year:
        low = high = _ZH_ORDINAL.get(year) or int(year)
    for group, base in (("j", 6), ("s", 9), ("u", 12)):
        if match[group]:
            low = high = base + _ZH_ORDINAL[match[group]]
    who = _CHILD_HOLDERS.get(child.group(0).lower(), "child")
    return [Slot("school stage", f"{low}-{high}", match.group(0), "stage", holder=who)]


_NEGATED_EN = lazy_compile(r"\b(?:not|no|never|used\s+to|former|formerly)\b|n't|不|没|以前|曾", re.IGNORECASE)
_EN_CAR = lazy_compile(r"\b(?:drives?|bought|owns?|got)\s+(?:a|an|the)?\s*(?:new\s+|used\s+)?(?P<v>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)|"
                     r"\bcar\s+is\s+(?:a|an)?\s*(?P<w>[A-Za-z][\w-]*)", re.IGNORECASE)
_EN_PHONE = lazy_compile(r"(?<!')\b(?P<v>[A-Za-z]+)\s+(?:phone|smartphone)\b|\bphone\s+is\s+(?:an?\s+)?(?P<w>[A-Za-z]+)|"
                       r"\b(?:uses?|has|owns?|got|bought|carries|(?:switched|moved|changed)\s+to)\s+(?:an?\s+)?(?:new\s+)?"
                       r"(?P<x>iphone|pixel|galaxy)\b", re.IGNORECASE)


@reads_only_where(_EN_CAR, _EN_PHONE)
def _english_makes(text: str) -> list[Slot]:
    """"drives a Toyota", "uses a Samsung phone": the make of the user's car or phone."""
    found = []
    for name, pattern, brands in (("car", _EN_CAR, lexicon.CAR_BRANDS), ("phone", _EN_PHONE, lexicon.PHONE_BRANDS)):
        match = pattern.search(text)
        if not match or _NEGATED_EN.search(text[: match.start()]):
            continue
        value = next(group for group in match.groups() if group)
        named = _mentions(value, brands)
        if (name == "car" and not re.match(r"drive", match.group(0), re.IGNORECASE)
                and not _CAR_NOUN.search(text) and any(brand in _WORD_MODELS for brand in named)):
            continue  # "bought a Golf umbrella": a model that is also a word needs a car
        makes = {brands[brand] for brand in named}
        if len(makes) == 1:
            make = makes.pop()
            owner = holder(text, match.start()) or _subject_holder(text)  # "User's wife uses a Samsung phone"
            found.append(Slot(name, make, make, "brand", holder=owner))
            found.extend(slot._replace(holder=owner) for slot in _phone_system(name, make, text, match))
    return found


_CAR_NOUN = lazy_compile(r"\b(?:car|cars|suv|ev|hatchback|sedan|vehicle)\b", re.IGNORECASE)
_WORD_MODELS = frozenset(("golf", "polo", "focus", "leaf", "seal", "mini", "outback", "accord", "civic",
                          "mustang", "forester", "passat"))


def _stages_clash(a: str, b: str) -> bool:
    low_a, high_a = map(int, a.split("-", 1)) if not a.startswith("-") else (-1, -1)
    low_b, high_b = map(int, b.split("-", 1)) if not b.startswith("-") else (-1, -1)
    return high_a < low_b or high_b < low_a


_INDENT_WORD = lazy_compile(r"\bindent|缩进", re.IGNORECASE)
_INDENT_STYLE = lazy_compile(r"(?P<tab>\btabs?\b|制表符)|(?P<n>\b(?:two|four|2|4|8)\b|[两二四八24])?[- ]?(?P<space>\bspaces?\b|-space|个?空格)",
                           re.IGNORECASE)


def _indentation(text: str) -> list[Slot]:
    """One indentation style per codebase: tabs, or spaces ("4-space", "四个空格缩进")."""
    if not _INDENT_WORD.search(text):
        return []
    styles = {("tabs" if match["tab"] else "spaces"): match for match in _INDENT_STYLE.finditer(text)}
    if len(styles) != 1:
        return []
    style, match = styles.popitem()
    return [Slot("indentation", style, match.group(0).strip(), "mode", scope=_scope(text),
                 holder=holder(text, match.start()))]


_ZH_TENTHS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_HEIGHT = lazy_compile(
    r"(?P<m>[12]\.\d{1,2})\s*(?:m\b|meters?|metres?|米)|(?P<cm>1\d{2})\s*(?:cm\b|centimet\w*|厘米|公分)|"
    r"(?P<ft>[4-7])\s*(?:foot|feet|ft|')\s*(?P<inch>\d{1,2})?|"
    r"一米(?P<zh>[一二两三四五六七八九])|身高\s*(?P<bare>1\d{2})(?!\d)", re.IGNORECASE)
_HEIGHT_CUE = lazy_compile(r"\btall\b|\bheight\b|身高|个子|个头", re.IGNORECASE)
_WEIGHT = lazy_compile(r"(?P<kg>\d{2,3}(?:\.\d)?)\s*(?:kg\b|kilos?|kilograms?|公斤|千克)|"
                     r"(?P<jin>\d{2,3})\s*斤|(?P<lb>\d{2,3})\s*(?:lbs?\b|pounds)", re.IGNORECASE)
_WEIGHT_CUE = lazy_compile(r"\bweigh|体重|重", re.IGNORECASE)
_HOME_FLOOR = lazy_compile(
    r"\blives?\s+on\s+the\s+(?P<en>\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|"
    r"seventh|eighth|ninth|tenth|top|ground)\s+floor|"
    r"(?:住在|家在|住)(?P<zh>\d{1,2}|[一二三四五六七八九十]{1,3})(?:楼|层)(?![房梯下上])", re.IGNORECASE)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10, "ground": 0, "top": 99}


@reads_only_where(_HEIGHT_CUE, _WEIGHT_CUE, _HOME_FLOOR)
def _body_and_home(text: str) -> list[Slot]:
    """One height and weight per person, one floor one lives on: "is 1.80 m tall" /
    "身高165厘米", "70 kg" / "140斤", "住在三楼"."""
    slots = []
    height = _HEIGHT_CUE.search(text) and _HEIGHT.search(text)
    if height:
        slots.append(Slot("height", str(_centimetres(height)), height.group(0), "measure",
                          holder=holder(text, height.start())))
    weight = _WEIGHT_CUE.search(text) and _WEIGHT.search(text)
    if weight:
        kilos = float(weight["kg"] or 0) or float(weight["jin"] or 0) / 2 or float(weight["lb"] or 0) * 0.4536
        slots.append(Slot("weight", f"{kilos:.1f}", weight.group(0), "measure",
                          holder=holder(text, weight.start())))
    floor = _HOME_FLOOR.search(text)
    if floor:
        slots.append(Slot("home floor", str(_floor_number(floor)), floor.group(0), "exact",
                          holder=holder(text, floor.start())))
    return slots


def _centimetres(match: re.Match) -> float:
    if match["m"]:
        return round(float(match["m"]) * 100)
    if match["cm"] or match["bare"]:
        return float(match["cm"] or match["bare"])
    if match["ft"]:
        return round(int(match["ft"]) * 30.48 + int(match["inch"] or 0) * 2.54)
    return 100.0 + _ZH_TENTHS[match["zh"]] * 10


def _floor_number(match: re.Match) -> int:
    if match["en"]:
        word = match["en"].lower()
        return _ORDINALS.get(word) or int(re.sub(r"\D", "", word))
    raw = match["zh"]
    return int(raw) if raw.isdigit() else int(_zh_numeral(raw) or 0)


# --- one product of a kind in daily use: "用的是联想电脑", "User's browser is Firefox" ----

# family → (the nouns that name the kind, product → maker or canonical name)
_PRODUCTS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "browser": (("browser", "浏览器"), {
        "chrome": "chrome", "谷歌浏览器": "chrome", "firefox": "firefox", "火狐": "firefox",
        "safari": "safari", "edge": "edge", "brave": "brave", "opera": "opera", "arc": "arc",
        "vivaldi": "vivaldi", "360浏览器": "360", "qq浏览器": "qq"}),
    "computer": (("laptop", "computer", "notebook", "desktop", "pc", "电脑", "笔记本", "台式机"), {
        "lenovo": "lenovo", "thinkpad": "lenovo", "联想": "lenovo", "dell": "dell", "戴尔": "dell",
        "xps": "dell", "hp": "hp", "惠普": "hp", "asus": "asus", "华硕": "asus", "acer": "acer",
        "宏碁": "acer", "macbook": "apple", "imac": "apple", "mac mini": "apple", "surface": "microsoft",
        "razer": "razer", "msi": "msi", "微星": "msi", "framework": "framework", "机械革命": "mechrevo"}),
    "bank": (("bank", "银行"), {
        "hsbc": "hsbc", "汇丰": "hsbc", "barclays": "barclays", "monzo": "monzo", "revolut": "revolut",
        "chase": "chase", "lloyds": "lloyds", "natwest": "natwest", "santander": "santander",
        "wells fargo": "wells fargo", "citi": "citi", "花旗": "citi", "招商银行": "cmb", "招行": "cmb",
        "工商银行": "icbc", "工行": "icbc", "建设银行": "ccb", "建行": "ccb", "农业银行": "abc",
        "中国银行": "boc", "交通银行": "bocom", "n26": "n26", "ing": "ing"}),
    "music service": (("music", "streaming", "音乐"), {
        "spotify": "spotify", "apple music": "apple music", "网易云音乐": "netease", "网易云": "netease",
        "qq音乐": "qq music", "youtube music": "youtube music", "tidal": "tidal", "deezer": "deezer"}),
    "notes app": (("note", "notes", "笔记"), {
        "notion": "notion", "obsidian": "obsidian", "evernote": "evernote", "印象笔记": "evernote",
        "onenote": "onenote", "bear": "bear", "logseq": "logseq", "apple notes": "apple notes",
        "语雀": "yuque", "飞书文档": "feishu"}),
    "issue tracker": (("tracker", "tickets", "issues", "tasks", "track", "工单", "任务", "需求"), {
        "jira": "jira", "linear": "linear", "asana": "asana", "trello": "trello",
        "github issues": "github issues", "youtrack": "youtrack", "clickup": "clickup",
        "monday.com": "monday", "禅道": "zentao", "tapd": "tapd"}),
    "carrier": (("carrier", "network", "phone plan", "mobile plan", "sim", "broadband", "internet",
                 "运营商", "宽带", "手机卡", "套餐", "流量", "号码"), lexicon.CARRIERS),
    # a project's stack: one language it is written in, one cloud, one main database, one CI
    "written in": (("written in", "coded in", "implemented in", "built in", "written mostly in",
                    "写的", "写成", "开发的", "开发语言", "编写", "主要语言", "实现的"), {
        **{name: {"golang": "go"}.get(name, name) for name in lexicon.PROGRAMMING_LANGUAGES if len(name) > 1},
        "node.js": "javascript", "nodejs": "javascript"}),
    "cloud": (("deploy", "deployed", "hosted", "hosts", "runs on", "run on", "cloud", "部署", "托管", "跑在",
               "云上", "服务器"), {
        "aws": "aws", "amazon web services": "aws", "gcp": "gcp", "google cloud": "gcp", "azure": "azure",
        "阿里云": "aliyun", "aliyun": "aliyun", "腾讯云": "tencent cloud", "华为云": "huawei cloud",
        "digitalocean": "digitalocean", "heroku": "heroku", "vercel": "vercel", "fly.io": "fly.io",
        "netlify": "netlify", "cloudflare": "cloudflare", "hetzner": "hetzner"}),
    "database": (("database", "db", "数据库", "存储"), {
        "mysql": "mysql", "postgresql": "postgresql", "postgres": "postgresql", "mongodb": "mongodb",
        "mongo": "mongodb", "sqlite": "sqlite", "oracle": "oracle", "sql server": "sql server",
        "mariadb": "mysql", "dynamodb": "dynamodb", "cassandra": "cassandra", "tidb": "tidb",
        "clickhouse": "clickhouse", "firestore": "firestore", "supabase": "postgresql"}),
    "frontend": (("frontend", "front-end", "front end", "前端", "界面"), {
        "react": "react", "vue": "vue", "vue.js": "vue", "angular": "angular", "svelte": "svelte",
        "next.js": "react", "nuxt": "vue", "solid": "solid", "jquery": "jquery"}),
    "ci": (("ci", "ci/cd", "build", "builds", "pipeline", "pipelines", "构建", "持续集成", "流水线"), {
        "jenkins": "jenkins", "github actions": "github actions", "gitlab ci": "gitlab ci",
        "circleci": "circleci", "travis": "travis", "buildkite": "buildkite", "teamcity": "teamcity",
        "drone": "drone", "argo": "argo"}),
    "password manager": (("password", "密码"), {
        "1password": "1password", "bitwarden": "bitwarden", "lastpass": "lastpass",
        "keepass": "keepass", "dashlane": "dashlane"}),
}
_PRODUCT_CUE = lazy_compile(r"\b(?:us(?:e|es|ed|ing)|runs?|on|with|has|owns?|banks?|stor(?:e|es)|keeps?|tracks?|"
                          r"listens?|streams?|default|main|primary|only|favou?rite|daily|of\s+choice|is)\b|"
                          r"用|是|装|存|记|听", re.IGNORECASE)
# The lookarounds once around the names, not around each (the same matches; a tenth of the compile time)
_PRODUCT_NAMES = {family: lazy_compile(
    rf"(?<![a-z0-9])(?:{'|'.join(re.escape(name) for name in sorted(names, key=len, reverse=True))})(?![a-z0-9])",
    re.IGNORECASE) for family, (_, names) in _PRODUCTS.items()}
_ALL_PRODUCT_NAMES = frozenset(name for _, names in _PRODUCTS.values() for name in names)
_ONE_WORD_PRODUCTS = frozenset(name for name in _ALL_PRODUCT_NAMES if re.fullmatch(r"[a-z0-9&+#-]+", name))
_WORDS = lazy_compile(r"[a-z0-9&+#-]+")


# per family: one-word names, the first words of longer Latin names, and Chinese names
_FAMILY_WORDS = {family: (frozenset(n for n in names if n in _ONE_WORD_PRODUCTS)
                          | frozenset(_WORDS.findall(n)[0] for n in names
                                      if n not in _ONE_WORD_PRODUCTS and not is_cjk(n) and _WORDS.findall(n)),
                          tuple(n for n in names if is_cjk(n)))
                 for family, (_, names) in _PRODUCTS.items()}


def _named_families(text: str) -> list[str]:
    """The families one of whose products the text may name: a word of a Latin name
    (the patterns then decide), or a Chinese name."""
    lowered = text.lower()
    words = set(_WORDS.findall(lowered))
    chinese = is_cjk(lowered)
    return [family for family, (latin, cjk) in _FAMILY_WORDS.items()
            if not latin.isdisjoint(words) or (chinese and any(name in lowered for name in cjk))]
_PRODUCT_NOUNS = {family: lazy_compile(rf"(?<![a-z])(?:{'|'.join(map(re.escape, nouns))})", re.IGNORECASE)
                  for family, (nouns, _) in _PRODUCTS.items()}
_PRODUCT_OWNERS = frozenset(lexicon.EN_PEOPLE + lexicon.ZH_PEOPLE + ("team", "团队"))
# Families whose products are also used side by side: only one named as the kind counts
# ("written in Go", "数据库是 MySQL"), not a mere mention ("uses Redis and MySQL").
_NAMED_KIND_ONLY = frozenset(("written in", "cloud", "database", "frontend", "ci"))
# Product names that are also common words ("linear", "edge", "chase"): the kind must be named too.
_AMBIGUOUS_PRODUCTS = frozenset(("linear", "edge", "arc", "brave", "opera", "chase", "bear", "surface",
                                 "framework", "ing", "citi", "hp", "msi", "chrome", "notion", "tidal",
                                 "移动", "电信", "联通", "three", "sky", "ee", "bt", "o2"))


def _products(text: str) -> list[Slot]:
    """The one product of a kind the user uses: a browser, a computer's make, a bank,
    a notes app; the entry must name the kind ("浏览器", "laptop") or the product alone
    must be known to be one (a bank's name)."""
    found = []
    families = _named_families(text)
    if not families:
        return found  # most entries name no product: one look instead of one search per family
    for family in families:
        names = _PRODUCTS[family][1]
        pattern = _PRODUCT_NAMES[family]
        matches = list(pattern.finditer(text))
        makes = {names[match.group(0).lower()] for match in matches}
        subject = _ZH_SUBJECT.match(text)  # the 用 of 用户 is no "uses"
        cue = _PRODUCT_CUE.search(text, subject.end() if subject else 0)
        if len(makes) != 1 or not cue:
            continue
        match = matches[0]
        if ((match.group(0).lower() in _AMBIGUOUS_PRODUCTS or family in _NAMED_KIND_ONLY)
                and not _PRODUCT_NOUNS[family].search(text)):
            continue
        if _NEGATED_EN.search(text[: match.start()]):
            continue
        make = makes.pop()
        owner = holder(text, min(cue.start(), match.start()))  # "User's wife uses Safari"
        owner = owner if owner in _PRODUCT_OWNERS else ""  # not "User's notes app is Notion"
        found.append(Slot(f"product:{family}", make, match.group(0), "brand", scope=_scope(text),
                          holder=owner))
    return found


# --- the kind of place one works at, when it is named by kind: "在银行工作", "works at a hospital" ----

# kind → (group, forms): kinds of one group exclude each other ("bank" / "hospital"; "外企" / "国企")
_WORKPLACES: dict[str, tuple[str, tuple[str, ...]]] = {
    "bank": ("sector", ("bank", "银行")),
    "hospital": ("sector", ("hospital", "clinic", "医院", "诊所", "卫生院")),
    "school": ("sector", ("school", "university", "college", "学校", "大学", "中学", "小学", "幼儿园")),
    "factory": ("sector", ("factory", "plant", "工厂", "厂里", "车间")),
    "government": ("sector", ("government", "ministry", "council", "政府", "事业单位", "机关")),
    "law firm": ("sector", ("law firm", "律所", "律师事务所")),
    "restaurant": ("sector", ("restaurant", "cafe", "café", "餐厅", "饭店", "餐馆", "咖啡店")),
    "hotel": ("sector", ("hotel", "酒店", "宾馆")),
    "supermarket": ("sector", ("supermarket", "shop", "store", "超市", "商场")),
    "newspaper": ("sector", ("newspaper", "tv station", "报社", "电视台", "杂志社", "出版社")),
    "foreign company": ("ownership", ("外企",)),
    "state company": ("ownership", ("国企", "央企")),
    "private company": ("ownership", ("私企", "民企")),
}
_WORKPLACE_FORM = {form: kind for kind, (_, forms) in _WORKPLACES.items() for form in forms}
_WORKPLACE = (
    lazy_compile(r"\b(?:works?|working|employed|job)\s+(?:at|for|in)\s+(?:a|an|the|a\s+local|a\s+big|a\s+small)\s+"
               r"(?P<v>law\s+firm|tv\s+station|[a-z]+)\b", re.IGNORECASE),
    lazy_compile(r"在(?:一家|一所|一个|当地的?|本地的?)?(?P<v>[\u4e00-\u9fff]{2,5}?)(?:工作|上班|任职|打工|当|做)"),
)


_WORKPLACE_CUE = lazy_compile(r"work|employ|job|工作|上班|任职|打工|当|做", re.IGNORECASE)


def _workplace(text: str) -> list[Slot]:
    if not _WORKPLACE_CUE.search(text):
        return []
    for pattern in _WORKPLACE:
        match = pattern.search(text)
        if not match:
            continue
        kind = _WORKPLACE_FORM.get(match["v"].lower())
        if kind and not _NEGATED_EN.search(text[: match.start()]):
            return [Slot(f"workplace:{_WORKPLACES[kind][0]}", kind, match["v"], "attribute",
                         holder=holder(text, match.start()))]
    return []


# --- money by the month or year: "salary is 60k", "月薪两万", "rent is 1200 euros a month" ----

_EN_MONEY = r"(?P<n>[$£€¥]?\s?\d[\d,]*(?:\.\d+)?\s?(?:k|K|grand)?)"
_ZH_MONEY = r"(?P<n>\d+(?:\.\d+)?\s*[万千kKwW]?|[一二两三四五六七八九十百千万]+)"
_MONEY = (
    ("salary", lazy_compile(r"\b(?:salary|income|earns|makes|paid)\b[^.;]*?" + _EN_MONEY, re.IGNORECASE)),
    ("rent", lazy_compile(r"\brent\b[^.;]*?" + _EN_MONEY + r"|\bpays\s+" + _EN_MONEY.replace("?P<n>", "?P<m>")
                        + r"[^.;]*?\brent\b", re.IGNORECASE)),
    ("salary", lazy_compile(r"(?P<p>月薪|年薪|工资|收入|年收入|月收入)(?:是|为|大概|大约|有|差不多|税前|税后|才|只有)*"
                          + _ZH_MONEY)),
    ("rent", lazy_compile(r"(?:房租|租金)(?:是|为|大概|大约|每月|一个月|差不多|要)*" + _ZH_MONEY)),
)
_PER_YEAR = lazy_compile(r"\b(?:a|per|each|every)\s+year\b|\bannual|\byearly|年薪|年收入|一年", re.IGNORECASE)
_PER_MONTH = lazy_compile(r"\b(?:a|per|each|every)\s+month\b|\bmonthly|月薪|月收入|每月|一个月|房租|租金", re.IGNORECASE)


def _money_amount(raw: str) -> float | None:
    raw = raw.strip().lstrip("$£€¥").strip().replace(",", "")
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(k|grand|万|千|w)?", raw, re.IGNORECASE)
    if match:
        scale = {"k": 1000, "grand": 1000, "万": 10_000, "千": 1000, "w": 10_000}.get((match[2] or "").lower(), 1)
        return float(match[1]) * scale
    head, sep, tail = raw.partition("万")  # "一万五" = 15000, "两万" = 20000
    if sep and head and all(ch in _ZH_DIGIT for ch in head) and len(head) == 1:
        rest = _ZH_DIGIT.get(tail, 0) * 1000 if len(tail) == 1 else (_zh_numeral(tail) or 0) if tail else 0
        return _ZH_DIGIT[head] * 10_000 + rest
    return _zh_numeral(raw) if raw else None


_MONEY_CUE = lazy_compile(r"salar|income|earn|makes|paid|rent|月薪|年薪|工资|收入|房租|租金", re.IGNORECASE)


def _money(text: str) -> list[Slot]:
    """What the user earns or pays in rent, by the month or the year; a bound or a
    range ("over 50k", "五千到六千") gives none."""
    if not _MONEY_CUE.search(text):
        return []
    if _BOUND.search(text) or re.search(r"\d\s*(?:-|to|到|至)\s*\d|[到至]", text):
        return []
    for name, pattern in _MONEY:
        match = pattern.search(text)
        if not match:
            continue
        raw = match.groupdict().get("n") or match.groupdict().get("m") or ""
        value = _money_amount(raw)
        if not value or value < 100:
            continue
        period = "year" if _PER_YEAR.search(text) else "month" if _PER_MONTH.search(text) else ""
        return [Slot(name, f"{period}:{value:g}", match.group(0), "money", holder=holder(text, match.start()))]
    return []


def _money_clash(a: str, b: str) -> bool:
    period_a, amount_a = a.split(":")
    period_b, amount_b = b.split(":")
    if period_a != period_b and period_a and period_b:
        return False  # a month's and a year's pay do not compare
    low, high = sorted((float(amount_a), float(amount_b)))
    return high > 1.25 * low


# Who leads a project, which day a recurring event is on: "Project atlas is led by Ines",
# "项目 atlas 由张伟负责", "The weekly meeting is on Monday", "周会改到了周四".
_LEAD = lazy_compile(r"\b(?:is\s+)?(?:led|run|owned|managed)\s+by\s+(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)|"
                   r"由(?P<w>[\u4e00-\u9fff]{2,3})(?:负责|牵头|主导|带)")
_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_EVENT_DAY = lazy_compile(rf"^(?:the\s+)?(?:user'?s\s+|team'?s\s+)?(?P<event>(?:[a-z-]+\s+){{0,2}}?(?:meeting|stand-?up|"
                        rf"sync|review|retro|retrospective|class|lesson|practice|session|call|planning))\s+"
                        rf"(?:is|are|happens|takes\s+place|was\s+moved\s+to|has\s+been\s+moved\s+to|moved\s+to|"
                        rf"is\s+now)\s+(?:on\s+|every\s+|on\s+every\s+)?(?P<v>{_DAYS})s?\b", re.IGNORECASE)


_LEAD_OR_DAY = lazy_compile(r"\bby\b|由|day", re.IGNORECASE)


def _lead_and_day(text: str) -> list[Slot]:
    found = []
    if not _LEAD_OR_DAY.search(text):
        return found
    lead = _LEAD.search(text)
    if lead and not _NEGATED_EN.search(text[: lead.start()]):
        value = lead["v"] or lead["w"]
        found.append(Slot("lead name", value.lower(), value, "name"))
    day = _EVENT_DAY.search(text)
    if day:
        event = " ".join(day["event"].lower().split())
        found.append(Slot(f"day of {event}", day["v"].lower(), day["v"], "exact"))
    return found


# --- traits with one value: star sign, MBTI type, eye and hair colour, a pet's breed ----

_SIGNS = {"aries": "aries", "taurus": "taurus", "gemini": "gemini", "cancer": "cancer", "leo": "leo",
          "virgo": "virgo", "libra": "libra", "scorpio": "scorpio", "sagittarius": "sagittarius",
          "capricorn": "capricorn", "aquarius": "aquarius", "pisces": "pisces",
          "白羊": "aries", "金牛": "taurus", "双子": "gemini", "巨蟹": "cancer", "狮子": "leo", "处女": "virgo",
          "天秤": "libra", "天蝎": "scorpio", "射手": "sagittarius", "摩羯": "capricorn", "水瓶": "aquarius",
          "双鱼": "pisces"}
_HAIR = {"blond": "blond", "blonde": "blond", "red": "red", "ginger": "red", "auburn": "red", "redhead": "red",
         "brown": "brown", "brunette": "brown", "black": "black", "grey": "grey", "gray": "grey", "white": "grey",
         "金": "blond", "红": "red", "棕": "brown", "黑": "black", "白": "grey", "灰": "grey"}
_EYES = {"brown": "brown", "blue": "blue", "green": "green", "grey": "grey", "gray": "grey", "hazel": "hazel",
         "black": "black", "黑": "black", "蓝": "blue", "绿": "green", "棕": "brown", "褐": "brown", "灰": "grey"}
_BREEDS = {"golden retriever": "golden retriever", "金毛": "golden retriever", "labrador": "labrador",
           "拉布拉多": "labrador", "corgi": "corgi", "柯基": "corgi", "husky": "husky", "哈士奇": "husky",
           "poodle": "poodle", "泰迪": "poodle", "贵宾": "poodle", "shiba": "shiba", "shiba inu": "shiba",
           "柴犬": "shiba", "border collie": "border collie", "边牧": "border collie", "beagle": "beagle",
           "比格": "beagle", "german shepherd": "german shepherd", "德牧": "german shepherd",
           "bulldog": "bulldog", "法斗": "bulldog", "dachshund": "dachshund", "腊肠": "dachshund",
           "chihuahua": "chihuahua", "吉娃娃": "chihuahua", "samoyed": "samoyed", "萨摩耶": "samoyed",
           "maine coon": "maine coon", "缅因": "maine coon", "ragdoll": "ragdoll", "布偶": "ragdoll",
           "british shorthair": "british shorthair", "英短": "british shorthair", "siamese": "siamese",
           "暹罗": "siamese", "persian": "persian", "波斯猫": "persian", "橘猫": "orange tabby",
           "american shorthair": "american shorthair", "美短": "american shorthair"}
_CAT_BREEDS = frozenset(("maine coon", "ragdoll", "british shorthair", "siamese", "persian", "orange tabby",
                         "american shorthair"))
_BREED_NAMES = "|".join(re.escape(name) for name in sorted(_BREEDS, key=len, reverse=True))
_TRAITS = (
    ("star sign", _SIGNS, lazy_compile(r"\b(?:is\s+an?|(?:(?:star|zodiac|sun)\s+)?sign\s+is|born\s+under)\s+(?:the\s+sign\s+of\s+)?(?P<v>aries|taurus|gemini|cancer|leo|virgo|"
                                     r"libra|scorpio|sagittarius|capricorn|aquarius|pisces)\b", re.IGNORECASE)),
    ("mbti", None, lazy_compile(r"(?:\bis\s+an?\s+|MBTI\s*(?:type\s*)?(?:is|是|:)?\s*|用户是\s*)(?P<v>[IE][NS][TF][JP])\b")),
    ("eye colour", _EYES, lazy_compile(r"\b(?:has|with)\s+(?P<v>brown|blue|green|grey|gray|hazel|black)\s+eyes\b|"
                                     r"(?P<w>[黑蓝绿棕褐灰])色?的?眼睛|眼睛是(?P<x>[黑蓝绿棕褐灰])色", re.IGNORECASE)),
    ("hair colour", _HAIR, lazy_compile(r"\bhas\s+(?:long\s+|short\s+|curly\s+|straight\s+|wavy\s+)?(?P<v>red|blonde?|brown|"
                                      r"black|grey|gray|white|ginger|auburn)\s+hair\b|\bis\s+(?:a\s+)?(?P<w>blonde?|"
                                      r"brunette|redhead)\b|(?P<x>[金红棕黑白灰])(?:色|头)?(?:的)?头发|头发是(?P<y>[金红棕黑白灰])色",
                                      re.IGNORECASE)),
    ("pet breed", _BREEDS, lazy_compile(rf"\b(?:dog|cat|puppy|kitten)\s+is\s+an?\s+(?:\w+\s+)?(?P<v>{_BREED_NAMES})\b|"
                                      rf"(?:狗|猫|狗狗|猫咪)是(?:一只)?(?P<w>{_BREED_NAMES})|"
                                      rf"养的是一只(?P<x>{_BREED_NAMES})|养了一只(?P<y>{_BREED_NAMES})", re.IGNORECASE)),
)


_TRAIT_CUE = lazy_compile(r"aries|taurus|gemini|cancer|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces|"
                        r"mbti|[IE][NS][TF][JP]|eyes|hair|blond|brunette|redhead|dog|cat|puppy|kitten|"
                        r"座|眼睛|头发|狗|猫|养|MBTI", re.IGNORECASE)


def _traits(text: str) -> list[Slot]:
    found = []
    if not _TRAIT_CUE.search(text):
        return found
    for name, table, pattern in _TRAITS:
        match = pattern.search(text)
        if not match or _NEGATED_EN.search(text[: match.start()]):
            continue
        raw = next(group for group in match.groups() if group)
        value = (table or {}).get(raw.lower(), raw.upper() if table is None else "")
        if value:
            if name == "pet breed":  # a cat's and a dog's breeds are two slots
                name = "cat breed" if value in _CAT_BREEDS else "dog breed"
            found.append(Slot(name, value, raw, "exact", holder=holder(text, match.start())))
    return found


_EXTRACTORS = (_products, _money, _workplace, _lead_and_day, _traits, _residence, _employer, _job, _name, _age, _count, _systems, _reply_language,
               _timezone, _versions, _possessive, routine_times, _commute, _routine_ways, _durations,
               _education, _attributes, _named_ones, _supported_team, _event_times, _school_stage,
               _english_makes, _indentation, _body_and_home, _platforms, _sole, _origins, _native_speaker)

# --- comparison ---------------------------------------------------------------


def clash(a: Slot, b: Slot) -> bool:
    """Do two values of the same slot contradict each other?"""
    if a.kind == "time" == b.kind:
        # a routine hour: the same time of the week, two hours apart or more
        return a.scope == b.scope and _times_clash(a.value, b.value)
    if a.kind == "mode" == b.kind:
        # one usual way to work: only entries about the same times compete
        return a.scope == b.scope and a.value != b.value
    if a.kind == "duration" == b.kind:
        return a.scope == b.scope and _durations_clash(a.value, b.value)
    if a.kind == "money" == b.kind:
        return _money_clash(a.value, b.value)
    if a.kind == "degree" == b.kind:
        return _degrees_clash(a.value, b.value)
    if a.kind == "stage" == b.kind:
        return _stages_clash(a.value, b.value)
    if a.name == "os" and "also" in (a.kind, b.kind):
        return False
    sole = platforms.implied_clash(a.kind, b.kind) if a.name == "os" else None
    if sole is not None:  # a Mac's or Xcode's macOS against the user's one computer
        return sole and a.value != b.value and not (a.scope and b.scope and not a.scope & b.scope)
    if a.kind == "clock" == b.kind or a.kind == "exact" == b.kind:
        return a.value != b.value
    if a.kind == "measure" == b.kind:
        return abs(float(a.value) - float(b.value)) > 0.04 * max(float(a.value), float(b.value))
    if a.value == b.value or (a.scope and b.scope and not a.scope & b.scope):
        return False
    if a.kind in ("attribute", "brand") or a.name in ("hometown", "school", "alma mater"):
        return a.kind == b.kind and not _contains(a.value, b.value) and _attributes_clash(a, b)
    if a.name == "residence" or a.kind == "place" == b.kind:
        return _places_clash(a.display, b.display)
    if a.name == "age":
        low_a, high_a = map(int, a.value.split("-"))
        low_b, high_b = map(int, b.value.split("-"))
        return high_a < low_b or high_b < low_a
    if _contains(a.display, b.display):
        return False
    if a.name == "name" or a.name.endswith(" name"):
        return not (a.value.startswith(b.value) or b.value.startswith(a.value))
    if a.name.startswith("version:") and (a.value.startswith(b.value + ".")
                                            or b.value.startswith(a.value + ".")):
        return False  # "Python 3" and "Python 3.12"
    if a.name in _CANONICAL_SLOTS or a.name.startswith(("count:", "version:")):
        return True
    if _FAVORITE.match(a.name):
        if _names_the_kind(a) or _names_the_kind(b):
            return False  # "热带水果" is a kind of favourite fruit, not another fruit
        if is_cjk(a.display) != is_cjk(b.display):
            # across languages only values we can translate: "red" is 红色, "sushi" 寿司
            meaning_a, meaning_b = _meaning(a.display), _meaning(b.display)
            return bool(meaning_a and meaning_b and meaning_a != meaning_b)
        return True  # one favourite, whatever kinds its values read as ("秋天", "夏天")
    if a.kind == "other" == b.kind:
        return False
    return a.kind == b.kind


def _names_the_kind(slot: Slot) -> bool:
    """Does a favourite's value name a kind of it ("最喜欢的水果是热带水果", "favourite
    fruit is tropical fruit") rather than one of it?"""
    noun = slot.name.split()[-1]
    forms = {noun} | {form for form, english in lexicon.FAVOURITE_NOUNS.items() if english == noun}
    value = slot.display.lower()
    return any(len(value) > len(form) and (value.endswith(form) if is_cjk(form) else
                                           re.search(rf"\b{re.escape(form)}s?$", value))
               for form in forms)


# Slots whose values are canonical (a family, a field, an offset): different values clash.
_CANONICAL_SLOTS = ("os", "mobile os", "editor", "reply language", "timezone", "job")
