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

import re
from collections.abc import Callable
from .text import lazy_compile

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
    r"pipeline|build|office|team|company|flight|train|bus|class|course|party|wedding|trip)\b",
    re.IGNORECASE)
# A record or service speaking of the user: "Steam shows the user…", "Fitbit logged the user's…".
_RECORD_OF_USER = lazy_compile(r"^\s*[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+(?:shows?|showed|logs?|logged|records?|"
                               r"recorded|says|reports?|reported)\s+(?:that\s+)?(?:the\s+)?user\b")
_ZH_PROJECT = lazy_compile(r"(?:^\s*(?:该)?|(?<=[^\w]))项目\s*(?P<name>[A-Za-z0-9][\w.-]*)")
_USER_FIRST = lazy_compile(r"^\s*(?:the\s+)?(?:user|用户|该用户)", re.IGNORECASE)
_ZH_THING = lazy_compile(r"^\s*(?P<name>(?:周会|例会|会议|服务器|公司|团队|航班|课程))")
# The user's organisation holding a thing: "用户公司的外卖平台", "User's company's canteen".
_ORGANISATION_OF_USER = lazy_compile(r"^\s*(?:the\s+)?(?:用户的?|user's\s+)(?P<name>公司|单位|学校|团队|部门|小区|"
                                     r"company|employer|team|school|office)(?:的|'s\b)", re.IGNORECASE)
# Common Chinese surnames: a name is a surname and one or two more characters.
_ZH_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜"
                "叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶"
                "黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
_ZH_PERSON = lazy_compile(rf"^\s*(?P<name>[{_ZH_SURNAMES}][\u4e00-\u9fff]{{1,2}}?)"
                        r"(?=在|是|住|喜欢|爱|不|没|每|从|很|已|有|说|觉得|刚|也|还|最|对|会|的|用|开|去|今年)")


def entry_holder(text: str, known: Callable[[str], bool] = lambda word: False) -> str:
    """The holder an entry names at its head, or "" for the user (and pronouns).
    Relatives ("User's sister…") are found by the analysis itself; `known` tells
    a word of the lexicon ("Coffee keeps…") from a name."""
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
    match = _EN_THING.match(text) or _ZH_THING.match(text)
    if match and "user" not in match.group(0).lower():
        return "thing:" + match.group(0).strip().lower()
    match = _ZH_PERSON.match(text)
    if match and not text.lstrip().startswith("用户"):
        return "person:" + match["name"]
    return ""
