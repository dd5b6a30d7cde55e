"""Whose claim an entry states: the user, a relative, a named person, a project, a thing.

Every claim has a holder, and claims about different holders never contradict:
"Anna works at Siemens" and "Ben works at Spotify", "王芳在华为工作" and
"李强在腾讯工作", the Python versions of two projects. The user is the empty
holder "", so is a bare pronoun ("He can drink…", "他很少加班"): memory entries
speak of the user unless they name someone else.

Holders are namespaced so a person never meets a project of the same name:
"person:anna", "project:atlas", "thing:weekly meeting"; relatives keep their
plain word ("sister", "妈妈") as before.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from . import languages, lexicon
from ..core.regex_cues import reads_only_where
from .text import is_cjk, lazy_compile

# Words that may open an English sentence with a capital without naming a person.
_NOT_NAMES = frozenset(
    "the a an one two three this that these those his her their he she they it its our we i my "
    "in on at for when if after before every each most some all no none most many project team "
    "user users assistant both either neither since during while once today yesterday "
    "tomorrow there here what who whom whose which".split())
# Verbs and auxiliaries that follow a subject: "Anna works…", "Ben is…".
_PREDICATE = (r"(?:is|was|has|had|does|did|can|will|would|never|always|often|usually|rarely|"
              r"still|also|just|now|recently|no|not|only|[a-z]+n['’]t|[a-z]+(?:s|ed))\b")
_EN_PERSON = lazy_compile(rf"^\s*(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+{_PREDICATE}")
# "User's friend Lucy works at Amazon": the named friend.
_EN_NAMED_RELATION = lazy_compile(r"^\s*(?:[Tt]he\s+)?[Uu]ser'?s\s+(?:[a-z-]+\s+){0,2}?[a-z-]+\s+"
                                r"(?P<name>[A-Z][a-z]+)\s+" + _PREDICATE)
# Words that follow "the repo" as its verb, not as its name ("The repo uses…").
_PROJECT_VERBS = (r"(?:uses?|used|runs?|ran|is|was|are|were|has|had|does|did|targets?|depends|needs|"
                  r"requires|relies|pins|supports|ships|deploys|builds|still|now|also|only|will|should|must|"
                  r"can|could|switched|moved|migrated|upgraded|isn't|doesn't|won't|and|or|to|in|on|for|"
                  r"of|from|at|with)")
_NOT_PROJECT_NAME = rf"(?!{_PROJECT_VERBS}\b)"
_EN_PROJECT = lazy_compile(r"(?:^\s*(?:the\s+)?|\b)(?:project|repo|repository|app|service)\s+"
                         + _NOT_PROJECT_NAME + r"(?P<name>[a-z0-9][\w.-]*)", re.IGNORECASE)
# "The atlas project", "The backend repo", "The data pipeline repo", "Our mobile app": a project
# named by the words before its noun, its own holder however many of them there are.
_EN_PROJECT_POSSESSIVE = lazy_compile(r"^\s*(?:the\s+|our\s+|this\s+)?(?P<name>(?:[a-z0-9][\w.-]*\s+){0,2}?"
                                    r"[a-z0-9][\w.-]*)\s+(?:project|repo|repository|service|app|codebase|"
                                    r"microservice|monorepo)\b", re.IGNORECASE)
_VERB_WORD = lazy_compile(_PROJECT_VERBS + r"|[a-z]*[a-z]uses", re.IGNORECASE)
# "The repo uses…", "The app targets…": one unnamed project, not the user.
_EN_BARE_PROJECT = lazy_compile(r"^\s*(?:the|this|our)\s+(?:project|repo|repository|service|app|codebase)\b",
                                re.IGNORECASE)
# "后端仓库用的是…", "数据管道项目用…", "移动端项目", "这个服务…": the words before the noun name it.
_ZH_PROJECT_MODIFIED = lazy_compile(r"^\s*(?:该|这个|那个|我们的?|公司的?)?(?P<name>[\u4e00-\u9fffA-Za-z0-9]{0,8}?)"
                                    r"(?:仓库|代码库|项目|服务|应用|微服务)(?=用|使用|采用|基于|跑|的|目前|现在|还|已经|"
                                    r"要求|依赖|是|在|从|升级|迁移|换)")
# "The team's weekly meeting…", "The build server…": a thing that is not the user.
_EN_THING = lazy_compile(
    r"^\s*(?:the|our|a)\s+(?:[a-z'-]+\s+){0,3}?(?P<name>meeting|stand-?up|server|cluster|database|"
    r"pipeline|build|office|team|company|flight|train|bus|class|course|party|wedding|trip|"
    # devices of a home, each its own thing: "the home router is an ASUS", "the monitor is a Dell"
    r"router|modem|monitor|display|printer|tv|television|speaker|soundbar|projector|keyboard|webcam|"
    r"thermostat|console)\b",
    re.IGNORECASE)
# A device kept beside the one in use: "the old iPhone in the drawer…", "那台旧 iPhone SE…".
_SPARE_DEVICE = lazy_compile(
    r"^\s*(?:the|an?|her|his|their|our)\s+(?P<name>(?:old|older|spare|backup|second|test|retired|former)\s+"
    r"[\w-]+(?:\s+[\w-]+){0,2}?)(?=\s+(?:is|was|sits|stays|lives|only|just|still|in|on|that|which)\b)|"
    r"^[^，。,；;]{0,8}?(?:那|这|一)(?:台|部|个)(?P<zh>(?:旧|备用|闲置|老)的?\s*(?-i:[\w\u4e00-\u9fff -]{1,20}?))(?=[（(，,只是在放])",
    re.IGNORECASE)
# A record or service speaking of the user: "Steam shows the user…", "Fitbit logged the user's…".
_RECORD_OF_USER = lazy_compile(r"^\s*[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+(?:shows?|showed|logs?|logged|records?|"
                               r"recorded|says|reports?|reported)\s+(?:that\s+)?(?:the\s+)?user\b")
_ZH_PROJECT = lazy_compile(r"(?:^\s*(?:该)?|(?<=[^\w]))项目\s*(?P<name>[A-Za-z0-9][\w.-]*)")
_USER_FIRST = lazy_compile(r"^\s*(?:the\s+)?(?:user|用户|该用户)", re.IGNORECASE)
_ZH_THING = lazy_compile(r"^\s*(?P<name>(?:周会|例会|会议|服务器|公司|团队|航班|课程)|"
                         r"(?:[\u4e00-\u9fff]{1,4}的)?(?:路由器|显示器|打印机|电视|音箱|投影仪|键盘|温控器|游戏机))")
# The user's organisation holding a thing: "用户公司的外卖平台", "User's company's canteen".
_ORGANISATION_OF_USER = lazy_compile(r"^\s*(?:the\s+)?(?:用户的?|user's\s+)(?P<name>公司|单位|学校|团队|部门|小区|"
                                     r"company|employer|team|school|office)(?:的|'s\b)", re.IGNORECASE)
# Common Chinese surnames: a name is a surname and one or two more characters.
_ZH_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜"
                "叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶"
                "黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
_ZH_PERSON = lazy_compile(rf"^\s*(?P<name>[{_ZH_SURNAMES}][\u4e00-\u9fff]{{1,2}}?|(?:小|老|阿)[{_ZH_SURNAMES}])"
                        r"(?=在|是|住|喜欢|爱|不|没|每|从|很|已|有|说|觉得|刚|也|还|最|对|会|的|用|开|去|今年)")


# "Raj's favourite team…", "Omar's parents live…": a named person's thing, or their relative.
_EN_POSSESSOR = lazy_compile(r"^\s*(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)['’]s\s+(?P<next>[a-z-]+(?:\s+[a-z-]+)?)")
# "Jonas 是素食者", "Ravi 住在北京": an English name before a Chinese predicate.
_ZH_PREDICATE_WORDS = ("是", "在", "住", "喜欢", "爱", "不", "没", "每", "从", "很", "已", "有", "说", "觉得", "刚", "也",
                       "还", "最", "对", "会", "的", "用", "开", "去", "今年")
_EN_NAME_ZH_PREDICATE = lazy_compile(r"^\s*(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*"
                                     rf"(?={'|'.join(_ZH_PREDICATE_WORDS)})")


@reads_only_where(*_ZH_PREDICATE_WORDS, nothing=None)
def _en_name_zh_predicate(text: str):
    """"Jonas 是素食者": the match of an English name before a Chinese predicate (one of its words)."""
    return _EN_NAME_ZH_PREDICATE.match(text)


# "Omar and Lena Berg have one daughter": two named people, the first one's entry ("User and Sam …"
# stays the user's).
_EN_TWO_NAMED = lazy_compile(r"^\s*(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+and\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+"
                             r"(?:are|were|have|had|live|lived|both|work|own|run)\b")


# "Dana: lives in Oslo, works at…": a person's heading, a verb after it ("Phone: a Pixel" names none).
_EN_PERSON_HEADING = lazy_compile(r"^\s*(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*:\s+(?:is|was|has|had|lives|works|"
                                  r"likes|loves|hates|prefers|speaks|studies|teaches|runs|owns)\b")
# "falcon's disk is almost full": a lowercase name at the head of an entry, where prose would
# start with a capital, is a thing's ("today's", "everyone's", "it's" are not).
_LOWER_POSSESSOR = lazy_compile(r"^\s*`?(?P<name>[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*)`?['’]s\s+[a-z]")
_NOT_POSSESSORS = frozenset("it that what there here let who he she today yesterday tomorrow tonight everyone "
                            "everybody someone somebody nobody one other another user".split())


def _named_person(text: str, known: Callable[[str], bool]) -> str:
    """"person:raj", "person:omar/parents" for a name that owns the entry's subject; "" for none."""
    match = _LOWER_POSSESSOR.match(text)
    if match and match["name"] not in _NOT_POSSESSORS and match["name"] not in _NOT_NAMES:
        return "thing:" + match["name"]
    match = _EN_POSSESSOR.match(text)
    if match and match["name"].split()[0].lower() not in _NOT_NAMES and not known(match["name"]):
        relative = next((lexicon.SAME_PERSON.get(word, word) for word in match["next"].split()
                         if word in lexicon.EN_PEOPLE or word.removesuffix("s") in lexicon.EN_PEOPLE
                         or word.removesuffix("ren") in lexicon.EN_PEOPLE), "")
        return "person:" + match["name"].lower() + (f"/{relative}" if relative else "")
    match = _en_name_zh_predicate(text) or _EN_TWO_NAMED.match(text) or _EN_PERSON_HEADING.match(text)
    if match and match["name"].split()[0].lower() not in _NOT_NAMES and not known(match["name"]):
        return "person:" + match["name"].lower()
    return ""


def entry_holder(text: str, known: Callable[[str], bool] = lambda word: False) -> str:
    """The holder an entry names at its head, or "" for the user (and pronouns).
    Relatives ("User's sister…") are found by the analysis itself; `known` tells
    a word of the lexicon ("Coffee keeps…") from a name."""
    if possessor := _named_person(text, known):
        return possessor
    match = _EN_NAMED_RELATION.match(text) or _EN_PERSON.match(text)
    if match and _RECORD_OF_USER.match(text):
        match = None  # "Steam shows the user played…": a record of the user
    if match and match["name"].split()[0].lower() not in _NOT_NAMES and not known(match["name"]):
        return "person:" + match["name"].lower()
    for pattern in (_EN_PROJECT, _ZH_PROJECT):
        match = pattern.match(text) or (None if _USER_FIRST.match(text) else pattern.search(text))
        if match:  # "Project atlas uses…", "The team migrated project atlas…"
            return "project:" + match["name"].lower().rstrip(".")
    match = _EN_PROJECT_POSSESSIVE.match(text)
    if match and not any(word.lower() in _NOT_NAMES or _VERB_WORD.fullmatch(word) for word in match["name"].split()):
        return "project:" + match["name"].lower()
    if _EN_BARE_PROJECT.match(text):
        return "project:"
    match = _ZH_PROJECT_MODIFIED.match(text)
    if match and not match["name"].startswith("用户"):
        return "project:" + (match["name"].lower() or "")
    match = _ORGANISATION_OF_USER.match(text)
    if match:
        return "thing:" + match["name"].lower()
    match = _SPARE_DEVICE.match(text)
    if match:
        return "thing:" + (match["name"] or match["zh"]).strip().lower()
    match = _EN_THING.match(text) or _ZH_THING.match(text)
    if match and "user" not in match.group(0).lower() and not match.group(0).startswith("用户"):
        return "thing:" + match.group(0).strip().lower()
    name = _zh_person(text)
    return "person:" + name if name else ""


@reads_only_where(*_ZH_SURNAMES, nothing="")
def _zh_person(text: str) -> str:
    """"王芳在华为工作": the Chinese name (a surname first) at the head of an entry; "" for none."""
    match = _ZH_PERSON.match(text)
    return match["name"] if match and not text.lstrip().startswith("用户") else ""


# --- the holders of a home ------------------------------------------------------
#
# A home names its holders, and each entry says which ones it introduces: a machine ("quill = her
# laptop: …", "the VPS `dune`", "服务器 juniper"), a project ("`ledger` is her CLI…", "项目 cobalt"),
# a person ("her partner Sam", "Sam's parents", "Sam 是…"), the user by name ("User's name is …",
# "用户叫…"). `introductions` reads them from one entry; `HomeHolders.learn` keeps, over all the
# entries of a home, the names defined somewhere or met as a subject in more than one entry. A name
# heard only as the object of a preposition ("runs on flint") never makes a holder by itself:
# "on weekends" and "to production" are no machines.

# A name as written: "quill", "recipe-box", "ledger.dev", "ts-notes", "Ravi".
NAME = r"[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*"
_CAPITALISED = r"[A-Z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*"
_QUOTE = r"[`'\"‘’“”]?"
_NAME_AT = rf"{_QUOTE}(?P<name>{NAME}){_QUOTE}"
# Kinds of thing a name may be, by the nouns near it where it is introduced.
MACHINE_NOUNS = (r"laptop|notebook|desktop|workstation|server|vps|nas|droplet|instance|vm|box|machine|"
                  r"raspberry\s+pi|pi|mac|macbook|pc|router|phone|tablet|homelab")
PROJECT_NOUNS = (r"project|repo|repository|codebase|library|package|crate|app|cli|tool|service|site|website|"
                  r"homepage|bot|plugin|extension|pipeline|api|dashboard|monorepo|microservice")
ZH_MACHINE_NOUNS = "台式机|笔记本|服务器|主机|电脑|工作站|树莓派|路由器|虚拟机|云主机|小主机|NAS"
ZH_PROJECT_NOUNS = "项目|仓库|代码库|应用|服务|网站|主页|工具|插件|机器人|小程序|数据管道|管道"
_MACHINE_WORD = lazy_compile(rf"\b(?:{MACHINE_NOUNS})s?\b|{ZH_MACHINE_NOUNS}", re.IGNORECASE)
_PROJECT_WORD = lazy_compile(rf"\b(?:{PROJECT_NOUNS})s?\b|{ZH_PROJECT_NOUNS}", re.IGNORECASE)
# What follows a subject: a verb of the third person, an auxiliary, a Chinese predicate.
_EN_SUBJECT_OF = (r"(?:'s|’s|\s+(?:is|was|are|has|had|does|did|can|could|will|would|should|must|may|"
                  r"still|now|only|also|never|always|often|usually|rarely|just|no\s+longer|"
                  r"[a-z]+n['’]t|[a-z]{2,}(?:s|ed)))\b")
_ZH_PREDICATE_START = "是在用跑装每只没不现目已还会要从把给和的上里对最很也都就才"
_ZH_SUBJECT_OF = rf"\s*(?=[{_ZH_PREDICATE_START}])"
# "quill = …", "quill: …", "quill 是…", "quill (the home server)", "quill, the office PC,".
_DEFINITION = (
    lazy_compile(rf"^\s*{_NAME_AT}\s*(?:=|:|：)\s*\S"),
    lazy_compile(rf"^\s*{_NAME_AT}\s+(?:is|was)\s+(?:a|an|the|her|his|their|our|my|one\s+of)\b"),
    lazy_compile(rf"^\s*{_NAME_AT}\s*是"),
    lazy_compile(rf"^\s*{_NAME_AT}\s*(?:\(|（|,)\s*(?:the|a|an|her|his|their|our|my)?\s*[^)）,]{{0,30}}?"
                 rf"\b(?:{MACHINE_NOUNS}|{PROJECT_NOUNS})\b", re.IGNORECASE),
)
# "the laptop `alder`", "Project cedar", "the VPS dune", "服务器 juniper", "项目 cobalt".
_NOUN_THEN_NAME = lazy_compile(
    rf"(?:^|\b(?:the|her|his|their|our|my|a|an|its)\s+)(?:[\w-]+\s+){{0,2}}?(?:{MACHINE_NOUNS}|{PROJECT_NOUNS})"
    rf"\s+{_QUOTE}(?P<name>{NAME}){_QUOTE}(?=$|[\s,.;:'’)）])|(?:{ZH_MACHINE_NOUNS}|{ZH_PROJECT_NOUNS})\s*`?(?P<zh>{NAME})`?",
    re.IGNORECASE)
# "the `ledger-sync` repo", "the tally repo": a name before its noun (a plain word only in backticks
# or when shaped like a name: "the main laptop", "the home server" name nothing).
_NAME_THEN_NOUN = lazy_compile(rf"(?:^|\b(?:the|her|his|their|our|my)\s+)`?(?P<name>{NAME})`?\s+"
                               rf"(?:{MACHINE_NOUNS}|{PROJECT_NOUNS})\b", re.IGNORECASE)
_BACKTICKED = lazy_compile(r"`(?P<name>[A-Za-z][\w.-]{1,39})`")
_CALLED = lazy_compile(rf"\bcalled\s+{_QUOTE}(?P<name>{NAME})|\b(?:named|nicknamed)\s+(?:[`'\"‘“](?P<quoted>{NAME})|(?-i:(?P<cap>{_CAPITALISED})))|"
                       rf"(?<!用户)(?<!她)(?<!他)叫(?:做)?\s*"
                       rf"(?P<zh>{NAME}|[\u4e00-\u9fff]{{2,3}}(?=[，,。；;的）)]|$))")
# A sentence that starts with a name: "quill runs…", "pike's battery…", "Ravi 是…", "小林的店…".
_HEAD = lazy_compile(rf"(?:^|[.;!?。；！？]\s+|[；。！？])\s*(?:the\s+|for\s+|on\s+)?`?(?P<name>{NAME})`?"
                     rf"(?P<how>{_EN_SUBJECT_OF}|{_ZH_SUBJECT_OF}|\s*[:：=])")
_ZH_HEAD = lazy_compile(rf"(?:^|[。；！？;]\s*)(?P<name>(?:小|老|阿)[\u4e00-\u9fff]|[{_ZH_SURNAMES}][\u4e00-\u9fff]{{1,2}}?)"
                        r"(?=的|在|是|住|今年|每|从|和)")
_JOINT_HEAD = lazy_compile(r"^\s*(?P<one>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*(?:\s+and\s+|和|与)\s*"
                          r"(?P<two>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?=\s+(?:are|were|have|had|both|live|work)\b|\s*[都是在住有])")
# "runs on flint", "在 mica 上": a place one of the home's names may be.
_PLACE = lazy_compile(rf"\b(?:on|onto|in|inside|for)\s+`?(?P<name>{NAME})`?(?=$|[\s,.;:'’)）])|在\s*`?(?P<zh>{NAME})`?\s*(?:上|里)")

_PEOPLE = "|".join(sorted(lexicon.EN_PEOPLE, key=len, reverse=True))
_EN_RELATIVE_NAMED = lazy_compile(
    rf"\b(?P<of>her|his|their|my|user'?s|the\s+user'?s|(?-i:[A-Z][a-z]+)['’]s)\s+(?:[a-z]+\s+)?"
    rf"(?P<rel>{_PEOPLE})\s*,?\s+(?-i:(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\b", re.IGNORECASE)
_EN_NAME_THEN_RELATIVE = lazy_compile(
    rf"^\s*(?-i:(?P<name>[A-Z][a-z]+)),\s+(?:her|his|their|the\s+user'?s|user'?s)\s+(?:[a-z]+\s+)?(?P<rel>{_PEOPLE})\b",
    re.IGNORECASE)
_ZH_RELATIVE_NAMED = lazy_compile(rf"(?P<rel>{'|'.join(sorted(lexicon.ZH_PEOPLE, key=len, reverse=True))})"
                                  rf"\s*(?P<name>[{_ZH_SURNAMES}][\u4e00-\u9fff]{{1,2}}?|{NAME})(?=[，,是在住还今每（(])")
# "Sam 的爸妈…：爸爸 Joe…": the relatives an entry names are the relatives of the one it starts with.
_ZH_OWNER = lazy_compile(rf"^\s*(?P<name>{NAME}|[{_ZH_SURNAMES}][\u4e00-\u9fff]{{1,2}}?)\s*的")
_USER_NAMED = lazy_compile(
    r"(?:^|\b)(?:the\s+)?(?:user(?:'s\s+(?:full\s+)?name\s+is|\s+is\s+(?:called|named))|用户(?:的名字是|名叫|叫))\s*"
    r"(?P<zh>(?-i:[\u4e00-\u9fff]{2,4}))?\s*[（(]?\s*(?-i:(?P<en>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}))?", re.IGNORECASE)


def _name_shaped(name: str) -> bool:
    """Lowercase: "quill", "ts-notes", "ledger.dev" name a thing at the start of a sentence, where
    prose would start with a capital ("Node.js:" and "Phone:" are headings)."""
    return name[:1].islower()


def introductions(text: str, known: Callable[[str], bool] = lambda word: False) -> tuple[str, ...]:
    """The names an entry introduces, each as "how kind name": how is "=" (defined here), "^" (a subject
    or possessor here), "@" (a place here), "user" (the user's own name), or "alias:<holder>" (a
    relative's name); kind is machine, project, person or thing. `known` tells a word of the lexicon
    from a name."""
    found: dict[str, str] = {}

    def note(how: str, kind: str, name: str) -> None:
        name = name.strip().lower()
        if len(name) < 2 or name in _NOT_NAMES or name in _NOT_HOLDER_WORDS or (known(name) and how not in ("user",)
                                                                            and not how.startswith("alias")):
            return
        rank = _RANK[how.split(":")[0]]
        current = found.get(name)
        if current is None or _RANK[current.split(" ")[0].split(":")[0]] < rank:
            found[name] = f"{how} {kind}"

    kind = _kind_near(text)
    for pattern in _DEFINITION:
        match = pattern.match(text)
        if match:
            name = match["name"]
            note("=" if _name_shaped(name) or "`" in match.group(0) else "^", kind if _name_shaped(name) else "person", name)
    for match in _NOUN_THEN_NAME.finditer(text):
        name = match["name"] or match["zh"]
        if name and (_name_shaped(name) or "`" in match.group(0)) and not _PROJECT_VERB_WORD.fullmatch(name):
            note("=", _kind_near(match.group(0)), name)
    for match in _NAME_THEN_NOUN.finditer(text):
        if "`" in match.group(0) or any(ch in "-_." or ch.isdigit() for ch in match["name"]):
            note("=", _kind_near(match.group(0)), match["name"])
    for match in _BACKTICKED.finditer(text):
        note("^", kind, match["name"])  # code is backticked too ("the `retries` field"): a name once more
    for match in _CALLED.finditer(text):
        note("=", "person" if not _MACHINE_WORD.search(text[:match.start()]) else "machine",
             match["name"] or match["quoted"] or match["cap"] or match["zh"])
    for match in _HEAD.finditer(text):
        name = match["name"]
        if text[match.end():].lstrip()[:1] in (":", "："):
            continue  # "TypeScript conventions: …", "Backup plans: …": a heading
        if _name_shaped(name):
            note("^", kind, name)
        elif name[:1].isupper() and not name.isupper() and not match["how"].strip() in (":", "：", "="):
            note("^", "person", name)  # "Phone:", "Exports:" are headings, not people
    for name in _zh_heads(text):
        note("^", "person", name)
    match = _JOINT_HEAD.match(text)
    if match:  # "Omar and Lena Berg have…", "Sam 和 Ada 都…": two subjects
        for name in (match["one"], match["two"]):
            note("^", "person", name)
    for match in _PLACE.finditer(text):
        name = match["name"] or match["zh"]
        if _name_shaped(name):
            note("@", kind, name)
    _relatives(text, note)
    _user_names(text, note)
    return tuple(f"{how} {name}" for name, how in sorted(found.items()))


# A stronger reading of a name wins: a user's name over an alias over a definition over a mention.
_RANK = {"@": 0, "^": 1, "=": 2, "alias": 3, "user": 4}
_PROJECT_VERB_WORD = lazy_compile(_PROJECT_VERBS + r"|[a-z]+(?:s|ed|ing)", re.IGNORECASE)
# Words that head a sentence or follow a noun without naming anything: "Phone: …", "the main laptop".
_NOT_HOLDER_WORDS = frozenset(
    "she he they we you i it its her his their our my me us them him this that these those there here what "
    "who which when where why how yes no not also only just now still then so but and or if for on in at to "
    "from with by of as is was are be been has had have do does did can will would should must may might "
    "never always often usually sometimes rarely user users assistant agent mom mum dad all both each every "
    "some any none main home work old new own other another default same first last next one two note "
    "notes todo tip tips update updates reminder important always monday tuesday wednesday thursday friday "
    "saturday sunday january february march april may june july august september october november december "
    "today tomorrow yesterday tonight weekend weekends weekday weekdays morning evening night".split())


@reads_only_where("小", "老", "阿", *_ZH_SURNAMES, nothing=())
def _zh_heads(text: str) -> list[str]:
    """"小林的店…", "王芳在…": the Chinese names sentences start with."""
    return [match["name"] for match in _ZH_HEAD.finditer(text)]


def _kind_near(text: str) -> str:
    if _MACHINE_WORD.search(text):
        return "machine"
    return "project" if _PROJECT_WORD.search(text) else "thing"


def _relatives(text: str, note) -> None:
    """"her partner Sam Lee", "Sam's sister Mia", "Lena, her closest friend,", "妈妈刘芳": a relative's
    name. A relation one person fills makes the name that relative ("alias:partner"); others
    ("friend", "colleague") make a person of their own."""
    for match in _EN_RELATIVE_NAMED.finditer(text):
        _relative(match["of"], match["rel"].lower(), match["name"], note)
    match = _EN_NAME_THEN_RELATIVE.match(text)
    if match:
        _relative("her", match["rel"].lower(), match["name"], note)
    owner = _ZH_OWNER.match(text)
    for match in _ZH_RELATIVE_NAMED.finditer(text):
        _relative(owner["name"] + "'s" if owner else "用户", match["rel"], match["name"], note)


@functools.cache
def _one_person_relations() -> frozenset[str]:
    return frozenset(languages.words("lexicon", "one_person_relations"))


def _relative(of: str, relation: str, name: str, note) -> None:
    relation = lexicon.SAME_PERSON.get(relation, relation)
    possessor = of.lower().removesuffix("'s").removesuffix("’s")
    owner = "" if possessor in ("her", "his", "their", "my", "user", "the user", "用户") else possessor
    if relation in _one_person_relations() or relation in ("mother", "father"):
        target = f"{owner}/{relation}" if owner else relation
        note(f"alias:{target}", "person", name)
        if " " in name:
            note(f"alias:{target}", "person", name.split()[0])
    else:
        note("=", "person", name)
        if " " in name:
            note("=", "person", name.split()[0])


@reads_only_where("name", "called", "用户的名字是", "用户名叫", "用户叫", nothing=None)  # one in every match
def _user_named(text: str):
    """The match of the user's name being given, or None."""
    return _USER_NAMED.search(text)


def _user_names(text: str, note) -> None:
    """"用户叫林思远（Lin Siyuan）", "User's name is Ada Park": the user's names, full and given."""
    match = _user_named(text)
    if not match:
        return
    chinese, english = match["zh"], match["en"]
    if chinese:
        note("user", "person", chinese)
        if chinese[0] in _ZH_SURNAMES and len(chinese) >= 3:
            note("user", "person", chinese[1:])
    if english:
        note("user", "person", english)
        words = english.split()
        for word in words[1:] if chinese and len(words) > 1 else words:
            note("user", "person", word)


@dataclass(frozen=True)
class HomeHolders:
    """The holders a home names: each name (lowercase) with the holder it stands for. The user's
    own names stand for "" (the user); a relative's name for that relative ("partner")."""

    names: tuple[tuple[str, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.names)

    @staticmethod
    def learn(introduced) -> HomeHolders:
        """From the introductions of every entry of a home (an iterable of `introductions` tuples,
        or a mapping of one introduction to the number of entries that make it)."""
        counts: dict[str, int] = {}
        if isinstance(introduced, dict):
            counts = dict(introduced)
        else:
            for entry in introduced:
                for item in entry:
                    counts[item] = counts.get(item, 0) + 1
        return HomeHolders(tuple(sorted(_decide(counts).items(), key=lambda pair: (-len(pair[0]), pair[0]))))

    def holder_of(self, name: str) -> str | None:
        return self._table.get(name.lower())

    @functools.cached_property
    def _table(self) -> dict[str, str]:
        return dict(self.names)

    @functools.cached_property
    def pattern(self) -> re.Pattern | None:
        """Any of the names, as a whole word (Chinese names anywhere)."""
        if not self.names:
            return None
        parts = [re.escape(name) if is_cjk(name) else rf"(?<![\w-]){re.escape(name)}(?![\w-])"
                 for name, _holder in self.names]
        return re.compile("|".join(parts), re.IGNORECASE)

    def within(self, text: str) -> HomeHolders:
        """Only the names `text` mentions: what binding that text depends on (its cache key)."""
        if self.pattern is None:
            return _NONE
        known = self._within.get(text)
        if known is None:
            named = {match.group(0).lower() for match in self.pattern.finditer(text)}
            known = HomeHolders(tuple(pair for pair in self.names if pair[0] in named)) if named else _NONE
            if len(self._within) >= _WITHIN_CACHE:
                self._within.clear()
            self._within[text] = known
        return known

    @functools.cached_property
    def _within(self) -> dict[str, HomeHolders]:
        return {}


_NONE = HomeHolders()
_WITHIN_CACHE = 4096  # texts whose names a home remembers (a maintenance pass meets each many times)


def _kind_of(kinds: dict[str, int]) -> str:
    """What a name is, by the entries that define it first ("flint: a VPS…" is a machine, whatever
    runs on it), then by the others."""
    defined = {kind.removeprefix("="): count for kind, count in kinds.items() if kind.startswith("=")}
    pool = {kind: count for kind, count in (defined or kinds).items() if kind != "thing"} or {"thing": 1}
    return max(sorted(pool.items()), key=lambda item: item[1])[0]


def _decide(counts: dict[str, int]) -> dict[str, str]:
    """Name → holder: the user's names, relatives' names, then names defined somewhere or met as
    a subject in two entries (or in one, and as a place in another)."""
    by_name: dict[str, dict[str, int]] = {}
    kinds: dict[str, dict[str, int]] = {}
    for item, count in counts.items():
        how, kind, name = item.split(" ", 2)
        by_name.setdefault(name, {})
        by_name[name][how] = by_name[name].get(how, 0) + count
        kind = "=" + kind if how == "=" else kind
        kinds.setdefault(name, {})[kind] = kinds.get(name, {}).get(kind, 0) + count
    table: dict[str, str] = {}
    aliases = {}
    for name, hows in by_name.items():
        if "user" in hows:
            table[name] = ""
            continue
        alias = max((how for how in hows if how.startswith("alias:")), key=lambda how: hows[how], default=None)
        if alias:
            aliases[name] = alias.removeprefix("alias:")
            continue
        heads, places = hows.get("^", 0), hows.get("@", 0)
        if hows.get("=", 0) or heads >= 2 or (heads and places):
            table[name] = f"{_kind_of(kinds[name])}:{name}"
    for _ in range(3):  # "Sam's sister Mia" needs Sam first, who may be a relative's name himself
        for name, target in list(aliases.items()):
            owner, _, relation = target.rpartition("/")
            if owner and owner not in table:
                continue  # Sam is no holder of this home (yet)
            base = table.get(owner, "") if owner else ""
            table[name] = f"{base}/{relation}" if base else relation
            del aliases[name]
    return table
