"""Settings a statement is confined to: at work, at home, with friends, in
personal projects, at restaurants, "在工作场合", "和朋友聊天时", "团队内部".

Two statements confined to different settings describe different parts of the
user's life ("formal at work" / "casual with friends", "uses Windows at work" /
"uses a Mac at home"): they refine each other rather than clash. A setting is
recognised from the phrase that introduces it (a preposition, "和…", "在…"),
not from a bare noun, so "works at a bank" or "has a big family" name none.
"""

from __future__ import annotations

import re

from .text import is_cjk, lazy_compile

_PEOPLE_POSSESSIVE = r"(?:(?:his|her|their|my|the|close|old|good)\s+)*"
# longest first: "javascript" is not "java" with "script" after it
_EN_LANGUAGES = (r"javascript|typescript|haskell|python|golang|elixir|kotlin|scala|swift|java|rust|ruby|"
                 r"dart|perl|php|lua|c\+\+|c#|go|js|ts")

# setting → phrases (English text is matched lowercased; Chinese as written)
_SETTINGS: dict[str, tuple[str, ...]] = {
    "work": (
        r"\b(?:at|for|during)\s+work\b",
        r"\b(?:at|in)\s+the\s+office\b",
        rf"\b(?:with|to|for|among)\s+{_PEOPLE_POSSESSIVE}(?:colleagues?|co-?workers?|clients?|customers?|"
        r"teammates?|team|boss|manager|stakeholders?)\b",
        r"\bwork(?:place)?\s+(?:e-?mails?|documents?|docs|chats?|topics?|projects?|meetings?|laptop|"
        r"computer|machine|code|repos?|repositories|accounts?|calls?|settings?|contexts?|group|"
        r"matters?|slack|messages?|reports?)\b",
        r"\b(?:professional|business|formal|office)\s+(?:settings?|contexts?|situations?|occasions?|"
        r"e-?mails?|documents?)\b",
        r"\b(?:during|in|outside)\s+(?:working|work|office|business)\s+hours\b",
        r"\bon\s+the\s+job\b|\binternally\b|\bwithin\s+the\s+team\b",
        r"\bcompany\s+(?:code|repos?|repositories|projects?|laptop|computer|e-?mails?)\b",
        r"在公司|公司(?:里|内部|的代码|的项目|的电脑|电脑)|工作(?:场合|时|中|上|群|邮件|文档|项目|电脑|"
        r"日志|用|话题|内容|方面)|上班(?:时|的时候|期间)|办公室|(?:和|跟|与|给|对)(?:同事|客户|领导|"
        r"老板|上司|甲方)|同事(?:之间|间)|团队内部|开会时|正式场合|职场|工作的时候",
    ),
    "home": (
        r"\bat\s+home\b|\baround\s+the\s+house\b",
        r"\bat\s+(?:his|her|their|my)\s+(?:place|flat|apartment|house)\b",
        r"在家|(?<!有)在家里|回家(?:后|以后|之后)|自己家里",
    ),
    "family": (
        rf"\b(?:with|to|among)\s+{_PEOPLE_POSSESSIVE}(?:family|parents|kids|children|relatives|wife|husband|"
        r"partner|spouse)\b",
        r"\b(?:to|for)\s+(?:his|her|their|my)\s+family\b|\bfamily\s+(?:chats?|groups?|dinners?|"
        r"gatherings?|messages?)\b",
        r"(?:和|跟|与|给|陪|带)(?:家人|家里人|父母|爸妈|孩子|老婆|老公|妻子|丈夫)|家人群|家族群|家庭聚会",
    ),
    "friends": (
        rf"\b(?:with|among|to|for)\s+{_PEOPLE_POSSESSIVE}(?:friends|mates|buddies)\b",
        r"\bfriends?\s+(?:chats?|groups?)\b",
        r"(?:和|跟|与|给|同)(?:朋友|好友|哥们|闺蜜)|朋友(?:之间|间|圈子|聚会)",
    ),
    "small talk": (
        r"\bsmall\s*talk\b|\bchit-?chat\b|\bcasual\s+(?:chats?|conversations?)\b",
        r"闲聊|聊家常|拉家常|随便聊|日常聊天",
    ),
    "personal": (
        r"\bpersonal\s+(?:projects?|notes?|blog|e-?mails?|accounts?|code|repos?|repositories|"
        r"website|site|use|stuff|matters?|finances?|life|time|writing|journal)\b",
        r"\b(?:side|hobby|pet|open[- ]source)\s+projects?\b|\bfor\s+fun\b|\bprivately\b",
        r"\bin\s+(?:his|her|their|my)\s+(?:own\s+|free\s+|spare\s+)?time\b",
        r"私人|个人(?:项目|博客|笔记|账号|邮箱|网站|用途|生活|事务)|自己的(?:项目|博客|笔记)|业余时间|私下",
    ),
    "eating out": (
        r"\b(?:at|in)\s+(?:a\s+|the\s+)?restaurants?\b|\b(?:eating|dining|eat|dine|eats|dines)\s+out\b",
        r"出去吃|在外(?:面)?吃|下馆子|在(?:餐厅|餐馆|饭店|外面)|外出就餐",
    ),
    "exercise": (
        r"\b(?:at|in)\s+the\s+gym\b|\bwhile\s+(?:working\s+out|exercising|training)\b|"
        r"\bduring\s+(?:workouts?|training)\b",
        r"(?:健身|运动|锻炼)(?:时|的时候)",
    ),
    "travel": (
        r"\b(?:when|while)\s+travel\w*\b|\bon\s+(?:business\s+)?trips?\b|\bon\s+holiday\b",
        r"(?:旅行|旅游|出门在外|出差)(?:时|的时候|期间|途中)?",
    ),
    "technical": (  # code and technical questions, not small talk: "code answers in English" / "闲聊用中文"
        r"\bcode\s+(?:answers?|questions?|reviews?|comments?|snippets?|examples?|explanations?)\b",
        r"\b(?:technical|coding|programming)\s+(?:questions?|answers?|topics?|discussions?|matters?|docs?)\b",
        r"\bcommit\s+messages?\b|\b(?:when|while)\s+(?:coding|programming)\b",
        r"写代码(?:时|的时候)|代码(?:问题|相关|注释|评审|讲解)|技术(?:问题|讨论|话题|相关|文档)|编程(?:时|问题)|提交信息",
    ),
    "production": (
        r"\bin\s+production\b|\bproduction\s+(?:code|systems?|environments?|services?)\b",
        r"生产环境|线上代码|正式项目",
    ),
    "prototype": (
        r"\b(?:throwaway|throw-away|prototype|one-off|quick|scratch)\s+(?:scripts?|code|prototypes?|"
        r"experiments?)\b|\bprototyp\w+",
        r"一次性(?:的)?脚本|临时脚本|原型|草稿代码",
    ),
}


def _alternation(chinese: bool) -> re.Pattern:
    """One pattern for the phrases of one language; group `s<i>` names setting i."""
    return lazy_compile("|".join(
        f"(?P<s{index}>{'|'.join(form for form in forms if is_cjk(form) == chinese)})"
        for index, forms in enumerate(_SETTINGS.values())))


_EN_SETTING, _ZH_SETTING = _alternation(False), _alternation(True)
_LATIN = lazy_compile("[a-z]{2}")
_NAMES = tuple(_SETTINGS)
# "in Go projects", "JavaScript 项目里": the codebase is the setting
_CODEBASE = lazy_compile(
    rf"(?<![a-z])(?P<lang>{_EN_LANGUAGES})\s*(?:projects?|code|codebases?|repos?|repositories|files?|"
    r"scripts?|services?|项目|代码|仓库)", re.IGNORECASE)


# Words one of whose phrases every setting contains: most entries have none, and a
# substring test is much cheaper than the phrases (detection runs on every add).
# tests/detection/test_setting_triggers.py reads every phrase of _SETTINGS and fails
# when some way of matching it contains none of these: add a trigger with a phrase.
_TRIGGERS = (
    "work", "office", "colleague", "co-worker", "coworker", "client", "customer", "team", "boss",
    "manager", "stakeholder", "professional", "business", "formal", "job", "internal", "compan",
    "home", "house", "place", "flat", "apartment", "famil", "parent", "kid", "children", "relative",
    "wife", "husband", "partner", "spouse", "friend", "mate", "budd", "talk", "chit", "chat",
    "conversation", "personal", "project", "fun", "privat", "time", "restaurant", " out", "gym",
    "training", "exercis", "travel", "trip", "holiday", "production", "prototyp", "throw", "one-off",
    "quick", "scratch", "code", "technical", "coding", "programming", "commit",
    "公司", "工作", "上班", "办公", "同事", "客户", "领导", "老板", "上司", "甲方", "团队", "开会", "场合",
    "职场", "家", "父母", "爸妈", "孩子", "老婆", "老公", "妻子", "丈夫", "朋友", "好友", "哥们", "闺蜜",
    "闲聊", "随便聊", "日常聊天", "私", "个人", "自己的", "业余", "吃", "馆子", "餐", "饭店", "外面", "健身",
    "运动", "锻炼", "旅", "出门", "出差", "代码", "技术", "编程", "提交信息", "生产环境", "线上", "正式", "一次性", "临时脚本", "原型", "草稿",
)
_ANY_TRIGGER = lazy_compile("|".join(re.escape(trigger) for trigger in _TRIGGERS))  # one search, not 120 tests
_CODE_TRIGGERS = ("project", "code", "repo", "file", "script", "service", "项目", "代码", "仓库")


def settings(text: str) -> list[tuple[str, int]]:
    """The settings `text` names, each with where its phrase starts."""
    lowered = text.lower()
    found = []
    if _ANY_TRIGGER.search(lowered):
        patterns = ((_EN_SETTING,) if _LATIN.search(lowered) else ()) + (
            (_ZH_SETTING,) if is_cjk(lowered) else ())
        found = [(_NAMES[int(match.lastgroup[1:])], match.start())
                 for pattern in patterns for match in pattern.finditer(lowered)]
    if any(trigger in lowered for trigger in _CODE_TRIGGERS):
        found.extend((f"codebase:{match['lang'].lower()}", match.start()) for match in _CODEBASE.finditer(text))
    return found


def setting_names(text: str) -> frozenset[str]:
    return frozenset(name for name, _ in settings(text))
