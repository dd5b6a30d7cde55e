"""Word lists the rule detector is built from, in English and Chinese.

English entries are written in their dictionary form; `text.py` stems both the
lists and the input the same way, so inflections ("likes", "liked") match.
Multi-word English entries match as phrases. Chinese entries also seed the
dictionary used to segment Chinese text.

The lists aim at the everyday vocabulary of user profiles (preferences, diet,
habits, reply style, devices, places), not at any particular data set.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import languages
from .activities import ACTIVITY_FORMS

# --- polarity ---------------------------------------------------------------

NEGATIONS = (
    "not", "no", "none", "nor", "neither", "without", "nothing",
    "不", "没", "没有", "别", "未", "无", "非", "并不", "并没有", "一点也不", "不是", "毫无", "毫不",
    # lacking is having none: "目前缺少任何文档", "lacks any tests"
    "lack", "lacks", "lacking", "缺少", "缺乏", "欠缺",
)
NEVER = ("never", "never ever", "从不", "从来不", "从没", "从来没", "从来没有", "从未", "绝不", "永远不")
# "Never" about a whole life ("has never been to Japan", "从没去过日本") also
# denies a past state; a habitual "never" ("从不喝酒") does not.
LIFETIME_NEVER = r"\b(?:has|have|had)\s+never\b|从没|从来没|从未"
CESSATION = (
    "no longer", "not anymore", "no more", "stop", "quit", "give up", "cease",
    "former", "ex", "anymore",
    "不再", "再也不", "再也没", "戒", "戒了", "戒掉", "停止", "放弃", "已经不",
    # "停了降压药", "停掉了健身卡", "停用了微博": stopping, not the bare "停" of "停车"
    "停了", "停掉", "停掉了", "停用", "停用了", "早就不", "早已不",
)
# A past state says nothing of the present: "used to live in Berlin" does not
# clash with "lives in Paris" ("no longer lives in Berlin" would deny the present,
# and so does "a former smoker", an identity held now).
PAST_MARKERS = (
    "used to", "formerly", "previously", "in the past", "at one point", "back then",
    "曾经", "曾", "曾是", "从前", "以往", "早年", "当年",
)
# Markers that mean "formerly" only at the head of a clause ("以前住在北京");
# elsewhere they mean "before" ("睡觉以前", "12点之前").
HEAD_PAST_MARKERS = ("以前", "之前", "过去", "原来", "原先", "本来")
# "accustomed to" is not a past state.
ACCUSTOMED = ("be used to", "get used to", "become used to", "习惯了")
# Times in the past: they make a clause past unless it states a change whose
# result holds now ("moved to Berlin last year", "去年开始跑步").
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

HIGH_FREQUENCY = (
    "always", "often", "frequently", "usually", "regularly", "daily", "every day",
    "every morning", "every evening", "every night", "every week", "every time",
    "every meal", "all the time", "constantly", "habitually", "each day", "a day", "per day",
    "nightly", "most days", "every weekend", "each morning",
    "总是", "经常", "常常", "常", "每天", "天天", "每晚", "每周", "每次", "一直", "老是", "通常",
    "频繁", "每天早上", "每天晚上", "每天都",
    # every few days; the 不 of "时不时" and "动不动" denies nothing
    "时不时", "不时", "动不动", "隔三差五", "三天两头", "all day", "non stop", "nonstop", "around the clock",
)
# Less of something, not none: "eats fewer sweets" agrees with "avoids sugar" and
# does not deny "likes sweets".
REDUCTION = (
    "fewer", "less", "cut down", "cut down on", "cut back", "cut back on", "reduce", "limit",
    "minimise", "minimize",
    "少吃", "少喝", "少用", "少点", "减少", "控制", "尽量少", "少碰",
)
LOW_FREQUENCY = (
    "rarely", "seldom", "hardly ever", "almost never", "barely ever", "barely", "scarcely ever",
    "next to never", "once in a while", "once in a blue moon", "occasionally", "infrequently",
    "很少", "几乎不", "偶尔", "难得", "极少", "不常", "不太常", "不怎么", "基本不",
    # "一年到头也去不了几次": not even a few times
    "不了几次", "没几次", "没去过几次",
)

# --- words that carry no topic ----------------------------------------------

NUMBER_WORDS = tuple("two three four five six seven eight nine ten eleven twelve twenty thirty "
                     "forty fifty hundred".split())
# Verbs and nouns too general to be what a statement is about.
# How one takes in a thing when its name is enough: loving novels is loving to read them, so
# "adores horror novels" / "refuses to read horror novels" clash, while "doesn't read novels"
# leaves writing them open (the verb stays a topic unit; see denials._refuses_the_use).
USE_VERBS = ("read", "listen", "hear", "play", "watch")
# Light words that are verbs: a clause with one affirms on its own, whatever the
# stance of the clause before ("avoids sugar, but has cake on birthdays").
LIGHT_VERBS = ("have", "use", "get", "make", "go", "take", "eat", "drink", "consume", "own",
               "possess", "有", "用", "使用", "吃", "喝", "做", "去", "养", "拥有", "吃饭",
               "ride", "信仰", "信奉", "snack on", "munch", "munch on", "nibble", "nibble on", "feast on",
               "chug", "guzzle", "sip", "swig", "knock back")

# Nouns that anchor an ambiguous axis word ("long" answers, not "long" walks).
DOMAINS: dict[str, tuple[str, ...]] = {
    "communication": (
        "reply", "answer", "response", "explanation", "message", "summary", "text", "writing",
        "question", "问题", "提问",
        "output", "email", "comment", "feedback", "respond", "explain", "write", "ask",
        "tone", "style", "voice", "wording", "language", "chat", "conversation",
        "回复", "回答", "答复", "答案", "解释", "讲解", "说明", "追问", "介绍", "文字", "内容",
        "总结", "语气", "风格", "口吻", "措辞", "文风", "聊天", "对话", "交流", "沟通",
        "说话", "讲话", "讨论", "discuss", "discussion", "review", "code review", "评审", "代码评审", "审查",
    ),
    "interface": ("mode", "theme", "background", "interface", "ui", "editor", "screen",
                  "模式", "主题", "背景", "界面", "配色", "编辑器", "屏幕"),
    "work": ("work", "job", "office", "办公", "上班", "工作", "公司"),
    "measurement": ("unit", "measure", "measurement", "distance", "weight", "height",
                    "单位", "计量", "距离", "体重", "身高"),
    # a voice's sound ("a deep voice", "声音"); a writing voice still reads as tone through "tone", "style"
    "voice": ("voice", "声音", "嗓音", "嗓子", "嗓门", "音色"),
}

# Nouns an axis word may describe and still speak of the axis itself: a "long
# reply" is about reply length, a "long thread" or "long walk" is not.
AXIS_NOUNS: dict[str, tuple[str, ...]] = {
    "length": ("reply", "answer", "response", "explanation", "message", "summary", "text",
               "writing", "output", "wording", "respond", "explain", "write", "version", "vers",
               "回复", "回答", "答复", "答案", "解释", "讲解", "说明", "文字", "内容", "总结"),
    "formality": ("reply", "answer", "response", "message", "text", "writing", "output",
                  "tone", "style", "voice", "wording", "language",
                  "回复", "回答", "答复", "语气", "风格", "口吻", "措辞", "文风", "文字"),
    "theme": ("mode", "theme", "background", "interface", "ui", "editor", "screen",
              "模式", "主题", "背景", "界面", "配色", "编辑器", "屏幕"),
    "units": ("unit", "measure", "measurement", "distance", "weight", "height",
              "单位", "计量", "距离", "体重", "身高"),
    "workplace": ("work", "job", "office", "办公", "上班", "工作", "公司"),
    "voice pitch": ("voice", "声音", "嗓音", "嗓子", "嗓门", "音色"),
}

# Words that may stand between a pole word and the noun it describes ("long and
# detailed answers", "很长的讨论串").
MODIFIER_LINKS = ("的", "and", "or", "又", "而")

# Domain words that are also what a statement is about ("code comments", "at work");
# the other domain words ("reply", "answer") are too generic to be a topic.
TOPICAL_DOMAIN_WORDS = ("comment", "feedback", "review", "code review", "代码评审", "评审",
                        "question", "问题", "提问",
                        "email", "chat", "conversation", "editor",
                        "screen", "job", "office", "work", "工作", "上班", "公司", "编辑器", "聊天",
                        "对话", "屏幕")

# Chinese topical domain words stand for the same unit as their English names.
TOPICAL_UNITS = {"工作": "work", "上班": "work", "聊天": "chat", "对话": "conversation", "编辑器": "editor",
                 "屏幕": "screen", "评审": "review", "代码评审": "code review",
                 "question": "question", "问题": "question", "提问": "question"}
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
# Words that open an exception: what follows is where the clause does NOT hold.
EXCEPTION_OPENERS = ("except", "except for", "excepting", "unless", "apart from", "aside from",
                     "other than", "excluding", "save for",
                     "除了", "除开", "除非")
# Exception words that follow what they except ("技术问题除外").
POSTPOSED_EXCEPTIONS = ("除外", "例外")
# Words in the main clause that turn 除了/apart from into "besides" (inclusive).
INCLUSIVE_MARKERS = ("also", "too", "as well", "还", "也")
# Words that mark a clause as the general case, which exceptions refine.
DEFAULT_MARKERS = ("in general", "generally", "by default", "default", "normally",
                   "typically", "as a rule", "on the whole", "overall", "mostly",
                   "most of the time", "in most case", "for the most part", "otherwise",
                   "other time", "the rest of the time", "all other time", "elsewhere",
                   "一般", "一般来说", "一般情况下", "一般而言", "平时", "平常", "默认",
                   "大多数时候", "多数时候", "大部分时候", "大多时候", "总体上", "整体上", "总的来说",
                   "其他时候", "其余时候", "其它时候", "其他情况", "其他情况下", "其余情况",
                   "否则", "别的时候", "为主", "基本上")
# Frequency words that also mark the general case ("usually concise").
DEFAULT_FREQUENCY_WORDS = ("usually", "通常")
# Words that make a clause an occasional exception ("sometimes wants detail").
OCCASIONAL_MARKERS = ("sometimes", "at time", "now and then", "from time to time",
                      "有时", "有时候", "有的时候")
# Contrastive conjunctions: they separate clauses and carry no topic.
CONTRAST_WORDS = ("but", "however", "though", "although", "even though", "whereas", "yet",
                  "nevertheless", "nonetheless",
                  "但", "但是", "可是", "不过", "然而", "只是", "虽然", "尽管", "却")
# Nouns of time and occasion that say where a statement holds ("周末不跑步",
# "works weekends"), named alike in both languages.

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


@dataclass(frozen=True)
class AxisSpec:
    """Two opposite poles. `strict` words always count; `loose` words count only
    when the clause also names one of the `domains` (a "long" answer, not a
    "long" walk). A `contextual` axis conflicts only between statements about
    the same thing ("beginner programmer" vs "senior developer")."""

    strict: dict[str, tuple[str, ...]]
    loose: dict[str, tuple[str, ...]] = field(default_factory=dict)
    domains: tuple[str, ...] = ()
    contextual: bool = False



# --- concepts: synonym groups and what they are a kind of ---------------------


BROADER: dict[str, tuple[str, ...]] = {
    # a steak, said so, is beef (a tuna or pork steak names its own)
    "steak": ("beef", "meat"), "beef": ("meat",), "pork": ("meat",), "chicken": ("meat",),
    "lamb": ("meat",), "burger": ("meat",), "sausage": ("meat",),
    "fish": ("seafood",), "shrimp": ("shellfish", "seafood"), "shellfish": ("seafood",),
    "tree nut": ("nut",),
    "dessert": ("sugar",), "soft drink": ("sugar",), "wine": ("alcohol",), "coffee": ("caffeine",), "energy drink": ("caffeine",),
    "green tea": ("tea",), "cat": ("pet",), "dog": ("pet",), "small pet": ("pet",), "rabbit": ("small pet", "pet"),
    "son": ("child",), "daughter": ("child",),
    "brother": ("sibling",), "sister": ("sibling",), "peanut": ("nut",),
    "running": ("exercise",), "marathon": ("running", "exercise"), "swimming": ("exercise",),
    "hiking": ("exercise",), "programmer": ("programming",), "code": ("programming",),
    "spicy food": ("spice",), "kana": ("japanese",), "jazz": ("music",),
    "rice": ("carbs",), "gluten": ("carbs",), "potato": ("carbs",), "noodles": ("gluten", "carbs"),
    "overtime": ("work",),
    "piano": ("instrument",), "guitar": ("instrument",), "violin": ("instrument",),
    "drums": ("instrument",),  # working overtime on Saturdays is working on Saturdays
    "horror film": ("horror", "film"), "comedy": ("film",), "documentary": ("film",),
    "iphone": ("apple device",), "ipad": ("apple device",), "mac": ("apple device",),
    "apple watch": ("apple device",), "airpods": ("apple device",), "apple tv": ("apple device",),
    "icloud": ("apple device",), "apple music": ("apple device",), "apple pay": ("apple device",),
    "gmail": ("google product",), "google drive": ("google product",), "google maps": ("google product",),
    "google docs": ("google product",), "google photos": ("google product",),
    "google calendar": ("google product",), "google home": ("google product",),
    "teams": ("microsoft product",), "microsoft office": ("microsoft product",),
    "onedrive": ("microsoft product",), "outlook": ("microsoft product",), "bing": ("microsoft product",),
    "samsung pay": ("samsung product",), "galaxy watch": ("samsung product",),
    "galaxy buds": ("samsung product",),
    "crisps": ("snack", "potato"), "tv series": ("tv",),
    "room": ("room", "rooms", "房间", "屋子", "屋里"),
    "sleep": ("sleep", "sleeps", "sleeper", "睡眠", "睡觉", "睡得"),
    "commit code": ("work", "programming"),
    "tiktok": ("social media",), "instagram": ("social media",), "twitter": ("social media",),
    "weibo": ("social media",), "wechat moments": ("social media",), "xiaohongshu": ("social media",),
    "facebook": ("social media",),
    # sports are kinds of exercise ("不做任何运动" / "每周打两次篮球")
    "basketball": ("exercise",), "tennis": ("exercise",), "badminton": ("exercise",),
    "table tennis": ("exercise",), "golf": ("exercise",), "yoga": ("exercise",), "skiing": ("exercise",),
    "climbing": ("exercise",), "bike": ("exercise",), "dancing": ("exercise",),
    "netflix": ("streaming service",), "disney plus": ("streaming service",), "hulu": ("streaming service",),
    "iqiyi": ("streaming service",), "youku": ("streaming service",), "tencent video": ("streaming service",),
    "christianity": ("religion",), "buddhism": ("religion",), "judaism": ("religion",),
    "hinduism": ("religion",), "taoism": ("religion",),
}

# Brand product lines (members of a brand's class in BROADER): still a name where a slot
# holds one ("email client is Outlook", "cloud storage is OneDrive").
PRODUCT_LINES = frozenset(member for member, classes in BROADER.items()
                          if set(classes) & {"apple device", "google product", "microsoft product", "samsung product"})

# The gear an activity is done with: refusing ever again to sleep in a tent is turning away
# from camping ("is keen on camping" / "refuses to sleep in a tent ever again"). Only an
# aversion counts: not owning a tent or wanting a new one says nothing against camping.
GEAR: dict[str, str] = {
    "tent": "camping", "sleeping bag": "camping", "fishing rod": "fishing", "yoga mat": "yoga",
    "golf club": "golf", "skis": "skiing",
}
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

# Identities that imply abstaining from something ("vegetarian" → no meat).

# --- closed classes of slot values ------------------------------------------

# place → (kind, parent place or "")
PLACES: dict[str, tuple[str, str]] = {}


def _add_places(kind: str, parent: str, names: str) -> None:
    for name in names.split(","):
        PLACES[name.strip()] = (kind, parent)


_add_places("country", "", "china,germany,france,japan,usa,united states,america,uk,"
            "united kingdom,england,canada,australia,india,italy,spain,netherlands,"
            "switzerland,sweden,norway,singapore,south korea,korea,brazil,mexico,russia,"
            "ireland,austria,belgium,portugal,poland,new zealand,taiwan,"
            "中国,德国,法国,日本,美国,英国,加拿大,澳大利亚,印度,意大利,西班牙,荷兰,瑞士,瑞典,"
            "新加坡,韩国,巴西,墨西哥,俄罗斯,爱尔兰,奥地利,新西兰")
for _country, _cities in {
    "germany": "berlin,munich,hamburg,frankfurt,cologne,柏林,慕尼黑,汉堡,法兰克福",
    "france": "paris,lyon,marseille,toulouse,nice,巴黎,里昂,马赛",
    "uk": "london,manchester,edinburgh,birmingham,oxford,cambridge,伦敦,曼彻斯特,爱丁堡",
    "usa": "new york,san francisco,los angeles,seattle,boston,chicago,austin,denver,miami,"
           "washington,portland,纽约,旧金山,洛杉矶,西雅图,波士顿,芝加哥",
    "canada": "toronto,vancouver,montreal,ottawa,calgary,多伦多,温哥华,蒙特利尔",
    "japan": "tokyo,osaka,kyoto,yokohama,东京,大阪,京都,横滨",
    "australia": "sydney,melbourne,brisbane,悉尼,墨尔本",
    "italy": "rome,milan,florence,罗马,米兰",
    "spain": "madrid,barcelona,马德里,巴塞罗那",
    "netherlands": "amsterdam,rotterdam,阿姆斯特丹",
    "switzerland": "zurich,geneva,苏黎世,日内瓦",
    "india": "mumbai,delhi,bangalore,孟买,新德里,班加罗尔",
    "south korea": "seoul,busan,首尔,釜山",
    "china": "beijing,shanghai,shenzhen,guangzhou,hangzhou,chengdu,wuhan,nanjing,xi'an,"
             "北京,上海,深圳,广州,杭州,成都,武汉,南京,西安,重庆,天津,苏州,厦门,青岛,长沙,"
             "香港,hong kong",
}.items():
    _add_places("city", _country, _cities)
# More of the world's large cities, so a move between them is a change of city.
_add_places("country", "", "czechia,czech republic,denmark,finland,greece,turkey,thailand,vietnam,"
            "indonesia,philippines,malaysia,egypt,south africa,kenya,argentina,colombia,peru,"
            "united arab emirates,uae,norway,sweden,portugal,poland,austria,belgium,ireland")
for _country, _cities in {
    "portugal": "lisbon,porto,里斯本", "ireland": "dublin,都柏林", "austria": "vienna,维也纳",
    "czechia": "prague,布拉格", "poland": "warsaw,krakow,华沙", "sweden": "stockholm,斯德哥尔摩",
    "norway": "oslo,奥斯陆", "denmark": "copenhagen,哥本哈根", "finland": "helsinki,赫尔辛基",
    "belgium": "brussels,布鲁塞尔", "greece": "athens,雅典", "turkey": "istanbul,ankara,伊斯坦布尔",
    "united arab emirates": "dubai,abu dhabi,迪拜", "thailand": "bangkok,chiang mai,曼谷",
    "vietnam": "hanoi,ho chi minh city,saigon,河内", "indonesia": "jakarta,bali,雅加达",
    "philippines": "manila,马尼拉", "malaysia": "kuala lumpur,吉隆坡", "egypt": "cairo,开罗",
    "south africa": "cape town,johannesburg,开普敦", "kenya": "nairobi,内罗毕",
    "argentina": "buenos aires,布宜诺斯艾利斯", "colombia": "bogota,medellin", "peru": "lima,利马",
    "brazil": "sao paulo,rio de janeiro,圣保罗", "mexico": "mexico city,guadalajara,墨西哥城",
    "singapore": "", "switzerland": "basel,bern,lausanne", "germany": "stuttgart,dusseldorf,leipzig,dresden",
    "japan": "nagoya,fukuoka,sapporo,札幌", "china": "harbin,哈尔滨,温州,昆明,kunming,大连,郑州,济南,合肥,福州",
}.items():
    if _cities:
        _add_places("city", _country, _cities)
PLACE_ALIASES = {
    "united states": "usa", "america": "usa", "us": "usa", "美国": "usa",
    "united kingdom": "uk", "england": "uk", "英国": "uk", "korea": "south korea",
    "韩国": "south korea", "中国": "china", "德国": "germany", "法国": "france",
    "日本": "japan", "加拿大": "canada", "澳大利亚": "australia", "印度": "india",
    "意大利": "italy", "西班牙": "spain", "荷兰": "netherlands", "瑞士": "switzerland",
    "new york city": "new york", "nyc": "new york", "sf": "san francisco",
    "北京市": "北京", "上海市": "上海",
}
# English and Chinese names of the same city compare equal.
SAME_PLACE = {
    "柏林": "berlin", "慕尼黑": "munich", "巴黎": "paris", "伦敦": "london", "纽约": "new york",
    "旧金山": "san francisco", "东京": "tokyo", "北京": "beijing", "上海": "shanghai",
    "深圳": "shenzhen", "广州": "guangzhou", "杭州": "hangzhou", "成都": "chengdu",
    "多伦多": "toronto", "温哥华": "vancouver", "悉尼": "sydney", "首尔": "seoul",
}

NATURAL_LANGUAGES: dict[str, tuple[str, ...]] = {
    "english": ("english", "英语", "英文"),
    "chinese": ("chinese", "mandarin", "中文", "汉语", "普通话", "国语"),
    "cantonese": ("cantonese", "粤语"),
    "japanese": ("japanese", "日语", "日文"),
    "korean": ("korean", "韩语", "韩文"),
    "spanish": ("spanish", "西班牙语"),
    "french": ("french", "法语"),
    "german": ("german", "德语"),
    "italian": ("italian", "意大利语"),
    "portuguese": ("portuguese", "葡萄牙语"),
    "russian": ("russian", "俄语"),
    "arabic": ("arabic", "阿拉伯语"),
    "hindi": ("hindi", "印地语"),
    "dutch": ("dutch", "荷兰语"),
}


# Employers known by an English and a Chinese name compare equal.
COMPANY_ALIASES: dict[str, str] = {
    "谷歌": "google", "alphabet": "google", "微软": "microsoft", "苹果": "apple",
    "苹果公司": "apple", "亚马逊": "amazon", "腾讯": "tencent", "阿里巴巴": "alibaba",
    "阿里": "alibaba", "百度": "baidu", "字节跳动": "bytedance", "字节": "bytedance",
    "华为": "huawei", "小米": "xiaomi", "京东": "jd", "jd.com": "jd", "美团": "meituan",
    "网易": "netease", "英伟达": "nvidia", "特斯拉": "tesla", "脸书": "meta", "facebook": "meta",
    "三星": "samsung", "索尼": "sony", "西门子": "siemens", "博世": "bosch", "ibm": "ibm",
}

# Car and phone makes (brand → canonical): "开的是宝马" and "drives a BMW" name one car.
CAR_BRANDS: dict[str, str] = {
    "宝马": "bmw", "bmw": "bmw", "奔驰": "mercedes", "mercedes": "mercedes", "奥迪": "audi",
    "audi": "audi", "大众": "volkswagen", "volkswagen": "volkswagen", "丰田": "toyota",
    "toyota": "toyota", "本田": "honda", "honda": "honda", "日产": "nissan", "nissan": "nissan",
    "特斯拉": "tesla", "tesla": "tesla", "比亚迪": "byd", "byd": "byd", "福特": "ford",
    "ford": "ford", "别克": "buick", "buick": "buick", "雪佛兰": "chevrolet",
    "chevrolet": "chevrolet", "沃尔沃": "volvo", "volvo": "volvo", "吉利": "geely",
    "保时捷": "porsche", "porsche": "porsche", "马自达": "mazda", "mazda": "mazda",
    "现代": "hyundai", "hyundai": "hyundai", "起亚": "kia", "蔚来": "nio", "理想": "li auto",
    "小鹏": "xpeng", "长城": "great wall", "五菱": "wuling", "斯巴鲁": "subaru", "subaru": "subaru",
    "雷克萨斯": "lexus", "lexus": "lexus", "路虎": "land rover", "凯迪拉克": "cadillac",
    # models name their make: "开一辆黑色的思域" is a Honda
    "卡罗拉": "toyota", "corolla": "toyota", "凯美瑞": "toyota", "camry": "toyota", "prius": "toyota",
    "rav4": "toyota", "汉兰达": "toyota", "思域": "honda", "civic": "honda", "雅阁": "honda",
    "accord": "honda", "cr-v": "honda", "飞度": "honda", "朗逸": "volkswagen", "帕萨特": "volkswagen",
    "passat": "volkswagen", "golf": "volkswagen", "高尔夫": "volkswagen", "polo": "volkswagen",
    "迈腾": "volkswagen", "途观": "volkswagen", "tiguan": "volkswagen", "model 3": "tesla",
    "model y": "tesla", "model s": "tesla", "mustang": "ford", "f-150": "ford", "focus": "ford",
    "福克斯": "ford", "轩逸": "nissan", "leaf": "nissan", "海豹": "byd", "seal": "byd", "海鸥": "byd", "x5": "bmw", "x3": "bmw",
    "3 series": "bmw", "3系": "bmw", "5系": "bmw", "a4": "audi", "a6": "audi", "q5": "audi",
    "c级": "mercedes", "e级": "mercedes", "mini": "mini", "宏光": "wuling", "outback": "subaru",
    "forester": "subaru",
}
# Mobile carriers and broadband providers: one per line.
CARRIERS: dict[str, str] = {
    "中国移动": "china mobile", "移动": "china mobile", "中国联通": "china unicom", "联通": "china unicom",
    "中国电信": "china telecom", "电信": "china telecom", "vodafone": "vodafone", "ee": "ee", "o2": "o2",
    "three": "three", "verizon": "verizon", "at&t": "at&t", "t-mobile": "t-mobile", "giffgaff": "giffgaff",
    "bt": "bt", "virgin media": "virgin media", "sky": "sky", "comcast": "comcast", "xfinity": "comcast",
}
PHONE_BRANDS: dict[str, str] = {
    "苹果": "apple", "iphone": "apple", "华为": "huawei", "huawei": "huawei", "小米": "xiaomi",
    "xiaomi": "xiaomi", "三星": "samsung", "samsung": "samsung", "oppo": "oppo", "vivo": "vivo",
    "荣耀": "honor", "一加": "oneplus", "oneplus": "oneplus", "魅族": "meizu", "谷歌": "google",
    "pixel": "google", "galaxy": "samsung", "诺基亚": "nokia", "nokia": "nokia", "索尼": "sony", "摩托罗拉": "motorola",
}
# Chinese provinces and regions, for where one is from ("用户是广东人").
ZH_PROVINCES = (
    "河北", "山西", "辽宁", "吉林", "黑龙江", "江苏", "浙江", "安徽", "福建", "江西", "山东", "河南",
    "湖北", "湖南", "广东", "海南", "四川", "贵州", "云南", "陕西", "甘肃", "青海", "台湾", "内蒙古",
    "广西", "西藏", "宁夏", "新疆", "东北",
)

# operating system → family
OPERATING_SYSTEMS: dict[str, str] = {
    "windows": "windows", "win11": "windows", "win10": "windows",
    "macos": "macos", "mac os": "macos", "osx": "macos", "os x": "macos", "mac": "macos",
    "macbook": "macos",
    "linux": "linux", "ubuntu": "linux", "debian": "linux", "fedora": "linux",
    "arch linux": "linux", "linux mint": "linux", "manjaro": "linux",
    "chromeos": "chromeos", "chrome os": "chromeos",
}
MOBILE_SYSTEMS: dict[str, str] = {
    "ios": "ios", "iphone": "ios", "android": "android", "安卓": "android", "苹果手机": "ios",
    "harmonyos": "harmonyos", "鸿蒙": "harmonyos",
}
# editor → family
EDITORS: dict[str, str] = {
    "vim": "vim", "neovim": "vim", "nvim": "vim", "emacs": "emacs", "vs code": "vscode",
    "vscode": "vscode", "visual studio code": "vscode", "sublime": "sublime",
    "sublime text": "sublime", "intellij": "jetbrains", "pycharm": "jetbrains",
    "webstorm": "jetbrains", "goland": "jetbrains", "clion": "jetbrains",
    "notepad++": "notepad++", "xcode": "xcode",
}
PROGRAMMING_LANGUAGES = (
    "python", "java", "javascript", "typescript", "rust", "go", "golang", "c", "c++", "c#",
    "ruby", "php", "kotlin", "swift", "scala", "haskell", "r", "julia", "elixir", "clojure",
    "perl", "lua", "dart", "ocaml", "f#", "zig", "matlab",
)
# job → field; two jobs of one field ("developer", "software engineer") are not in conflict.
JOBS: dict[str, str] = {
    "nurse": "nursing", "护士": "nursing", "teacher": "teaching", "老师": "teaching",
    "教师": "teaching", "professor": "teaching", "教授": "teaching",
    "doctor": "medicine", "physician": "medicine", "surgeon": "medicine", "医生": "medicine",
    "dentist": "dentistry", "牙医": "dentistry",
    "engineer": "engineering", "工程师": "engineering", "software engineer": "software",
    "programmer": "software", "developer": "software", "程序员": "software",
    "软件工程师": "software", "开发者": "software", "data scientist": "data",
    "数据科学家": "data", "designer": "design", "设计师": "design", "lawyer": "law",
    "律师": "law", "accountant": "accounting", "会计": "accounting", "student": "student",
    "学生": "student", "researcher": "research", "研究员": "research", "writer": "writing",
    "作家": "writing", "journalist": "journalism", "记者": "journalism", "chef": "cooking",
    "cook": "cooking", "厨师": "cooking", "pilot": "aviation", "飞行员": "aviation",
    "pharmacist": "pharmacy", "药剂师": "pharmacy", "architect": "architecture",
    "建筑师": "architecture", "salesperson": "sales", "销售": "sales", "firefighter": "fire",
    "消防员": "fire", "police officer": "police", "警察": "police", "farmer": "farming",
    "农民": "farming", "musician": "music", "音乐家": "music", "artist": "art",
    "艺术家": "art", "photographer": "photography", "摄影师": "photography",
    "product manager": "product", "产品经理": "product",
}
# Words that make a job a hobby or a past ("aspiring writer", "former nurse").
JOB_QUALIFIERS = ("beginner", "aspiring", "amateur", "hobbyist", "hobby", "former", "retired",
                  "ex", "新手", "业余", "退休")

# People (and pets) other than the user an entry may state a fact about: "User's
# husband is vegetarian" says nothing of the user's diet.
EN_PEOPLE = ("husband", "wife", "partner", "spouse", "sister", "brother", "sibling", "mother",
             "mom", "mum", "father", "dad", "parent", "son", "daughter", "kid", "child",
             "children", "baby", "friend", "boss", "manager", "colleague", "coworker",
             "co-worker", "roommate", "flatmate", "boyfriend", "girlfriend", "fiance", "fiancee",
             "family", "grandmother", "grandfather", "grandma", "grandpa", "aunt", "uncle",
             "cousin", "niece", "nephew", "neighbour", "neighbor", "teammate", "mentor",
             "doctor", "therapist", "dog", "cat", "pet", "team lead", "client",
             "coach", "trainer", "teacher", "tutor", "landlord", "landlady", "in-law",
             "ex-girlfriend", "ex-boyfriend", "ex-wife", "ex-husband", "ex-partner")
# One person named in several ways: "mum" and "mother", "老公" and "husband" hold one fact.
# People other than the user a Chinese entry may state a fact about ("用户妹妹住在广州").
ZH_PEOPLE = ("妹妹", "姐姐", "哥哥", "弟弟", "父母", "爸爸", "妈妈", "父亲", "母亲", "妻子", "老婆",
             "丈夫", "老公", "太太", "女儿", "儿子", "孩子", "朋友", "同事", "家人", "男朋友",
             "女朋友", "男友", "女友", "对象", "伴侣", "室友", "老板", "爷爷", "奶奶", "外公",
             "外婆", "姥姥", "姥爷", "邻居", "同学", "宝宝", "猫", "狗", "宠物", "领导", "上司",
             "客户", "医生",
             # teachers, trainers and the wider family
             "教练", "老师", "导师", "师傅", "房东", "叔叔", "阿姨", "舅舅", "姑姑", "姨妈", "表哥", "表姐",
             "表弟", "表妹", "堂哥", "堂姐", "堂弟", "堂妹", "岳父", "岳母", "婆婆", "公公", "孙子", "孙女",
             "侄子", "侄女", "外甥", "队友", "合伙人",
             # former partners: "用户的前女友结婚了" is not the user's wedding
             "前女友", "前男友", "前妻", "前夫", "前任",
             # staff who act for one: "用户的翻译用英语做汇报" is the interpreter speaking
             "翻译", "助理", "秘书")

# Possessive slots that hold several values at once ("user's friend is Bob").
MULTI_VALUED_SLOTS = (
    "friend", "hobby", "hobbies", "child", "children", "kid", "kids", "pet", "pets",
    "colleague", "coworker", "sibling", "brother", "sister", "cousin", "interest",
    "interests", "skill", "skills", "project", "projects", "goal", "goals", "concern",
    "habit", "neighbor", "neighbour", "classmate", "teammate", "parent", "parents",
    "朋友", "爱好", "孩子", "宠物", "同事", "兄弟", "姐妹", "兴趣", "技能", "项目", "目标",
    "邻居", "同学", "父母",
    # one has several strengths, weaknesses and dreams: "强项是数学" / "强项是写作"
    "strength", "strengths", "weakness", "weaknesses", "dream", "dreams", "强项", "特长", "优点", "缺点",
    "长处", "短处", "梦想", "愿望", "问题", "烦恼", "idol", "idols", "hero", "heroes", "role model", "偶像", "榜样",
)

TIMEZONES: dict[str, int] = {
    "pst": -8, "pdt": -7, "mst": -7, "mdt": -6, "est": -5, "edt": -4, "gmt": 0, "utc": 0,
    "bst": 1, "cet": 1, "cest": 2, "eet": 2, "ist": 5, "jst": 9, "kst": 9, "aest": 10,
    "pacific": -8, "eastern": -5, "central european": 1, "北京时间": 8, "东八区": 8,
}

# --- the tables that are each language's words (lang/<code>/*.json), read on first use ---------

# Axes whose poles conflict only between statements about the same thing (see AxisSpec).
CONTEXTUAL_AXES = ("expertise", "theme")


def _concepts() -> dict[str, tuple[str, ...]]:
    """Concept id → its words in every language (lang/*/concepts.json), with the everyday
    activities a record names in other words (`activities.py`)."""
    concepts = languages.word_map("concepts", "concepts")
    for language, forms in NATURAL_LANGUAGES.items():  # "speaks French" and "会说法语" share a topic
        concepts.setdefault(language, forms)
    for concept, forms in ACTIVITY_FORMS.items():
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


_LAZY = {
    "CONCEPTS": _concepts,
    "AXES": _axes,
    "BILINGUAL_AXES": _opposites,
    "STOPWORDS": lambda: languages.words("lexicon", "stopwords"),
    "NEGATIVE_VERBS": lambda: languages.words("lexicon", "negative_verbs"),
    "POSITIVE_VERBS": lambda: languages.words("lexicon", "positive_verbs"),
    "LIGHT_WORDS": lambda: languages.words("lexicon", "light_words"),
    "SCOPE_NOUNS": lambda: languages.word_map("lexicon", "scope_nouns"),
    "PAST_TIMES": lambda: languages.words("lexicon", "past_times"),
    "ABSTAINS": lambda: languages.word_map("lexicon", "abstains"),  # a word for abstaining → the concepts abstained from
    "SAME_PERSON": lambda: dict(languages.table("lexicon", "same_person")),  # a word for a relative → who it is
}


def __getattr__(name: str):
    """A language table, read from its files the first time it is asked for (PEP 562)."""
    read = _LAZY.get(name)
    if read is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = read()
    return value
