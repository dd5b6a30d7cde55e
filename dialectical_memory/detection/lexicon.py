"""Word lists the rule detector is built from, in English and Chinese.

English entries are written in their dictionary form; `text.py` stems both the
lists and the input the same way, so inflections ("likes", "liked") match.
Multi-word English entries match as phrases. Chinese entries also seed the
dictionary used to segment Chinese text.

The lists aim at the everyday vocabulary of user profiles (preferences, diet,
habits, reply style, devices, places), not at any particular data set.
"""

from __future__ import annotations

from .activities import ACTIVITY_FORMS

from dataclasses import dataclass, field

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
PAST_TIMES = (
    "last year", "year ago", "month ago", "in college", "at university", "in school",
    "as a child", "as a kid", "as a teenager", "when young", "when younger", "growing up",
    "in his youth", "in her youth", "in their youth",
    "去年", "前年", "小时候", "大学时", "大学的时候", "上大学时", "上学时", "读书时",
    "年轻时", "年轻的时候", "那时", "那时候", "早些年", "几年前", "多年前",
    # a stage of life or a span of years now over
    "as a student",
    "during college", "during university", "前几年", "那几年", "早年", "当年", "上学的时候",
    "二十多岁时", "二十几岁时", "读书的时候",
    # periods of study and former jobs: "读研期间", "毕业前", "at their previous job"
    "in high school", "in middle school", "in grad school", "at school", "as a teen",
    "previous job", "previous company", "previous employer", "old job", "last job", "former job",
    "读研期间", "读博期间", "读书期间", "大学期间", "上学期间", "在校期间", "实习期间", "高中时", "初中时",
    "毕业前", "毕业之前", "毕业以前", "那会儿", "上家公司", "上一家公司", "上一份工作", "前公司", "老东家",
    "前东家",
)
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
POSITIVE_VERBS = (
    "like", "love", "enjoy", "prefer", "adore", "want", "wish", "need", "favour", "favor",
    "fond", "keen", "fan", "care", "value", "appreciate", "crave", "ask for", "request",
    "insist", "would like", "would rather", "enable", "turn on", "switch on", "switch to",
    "subscribe", "install", "adopt", "opt for", "choose", "pick",
    "喜欢", "爱", "喜爱", "热爱", "偏好", "偏爱", "更喜欢", "想要", "想", "要", "希望", "要求",
    "享受", "钟爱", "爱好", "在乎", "在意", "需要", "倾向", "追求", "开启", "打开", "切换到",
    # keen interest: "passionate about gardening", "对围棋很着迷", "热衷于跑马拉松"
    "passionate about", "obsessed with", "crazy about", "mad about", "look forward to",
    "着迷", "痴迷", "热衷", "迷上", "be into", "be really into", "be big into",
    "换成", "订阅", "安装", "改用", "选择", "感兴趣", "有兴趣", "同意", "赞成", "关心",
    # willingness: "happy to use Windows", "fine with meetings", "愿意用 Teams"
    "happy to", "glad to", "willing", "fine with", "okay with", "ok with", "愿意", "乐意", "乐于",
    # needing something daily: "离不开咖啡", "can't live without coffee"
    "离不开", "can not live without", "can not do without", "can not go without", "少不了",
    # ease with a thing, the other side of fearing it: "comfortable with heights", "和狗在一起很自在"
    "comfortable with", "comfortable around", "at ease with", "at ease around", "自在",
)
NEGATIVE_VERBS = (
    "hate", "dislike", "detest", "loathe", "despise", "avoid", "abhor", "can not stand",
    "can not bear", "can not tolerate", "can not handle", "tired of", "sick of", "fed up",
    "can not be bothered", "had enough of",
    "refuse", "reject", "resent", "allergic", "intolerant", "averse", "steer clear",
    "stay away", "unsubscribe", "disable", "turn off", "switch off", "cancel", "uninstall",
    "mute", "block", "opt out", "afraid", "scared", "terrified", "frightened", "fear",
    "boring", "bored by", "bored of", "annoying", "annoyed by",
    # what wears one out: "crowds exhaust them" ("finds X draining" is read in analysis._EVALUATED)
    "drains", "exhausts", "wears out", "wear out",
    "讨厌", "厌恶", "反感", "受不了", "不能忍受", "忍受不了", "拒绝", "避免", "回避", "嫌弃", "烦",
    # "不同意" is "disagree", not "不同" ("different") + "意"
    "不同意", "不赞成", "没兴趣", "没有兴趣", "不感兴趣", "毫无兴趣",
    "恨", "排斥", "过敏", "怕", "无聊", "乏味", "没意思", "关闭", "关掉", "取消", "退订", "卸载",
    "屏蔽", "静音",
    # aversion and refusal: "dreads phone calls", "keeps away from dogs", "对 Vim 很抵触"
    "dread", "wary", "wary of", "keep away", "keep away from", "keep well away", "shun",
    "turn down", "decline", "can not stomach", "not okay with", "not fine with",
    "抵触", "不肯", "不愿", "不愿意", "不乐意", "推掉", "推辞", "拒收", "发怵", "害怕", "嫌", "反对",
    "碰都不碰", "一口都不碰",
    # lack of interest, disgust and keeping one's distance, as a class
    "unbearable", "intolerable", "can not abide", "no interest", "zero interest", "not interested",
    "uninterested", "disinterested", "disgust", "disgusted", "disgusting", "gross", "repulsive",
    "nauseat", "revolting", "averse to", "steer clear of", "stay away from", "want nothing to do with",
    "一点兴趣都没有", "一点兴趣也没有", "兴趣都没有", "没什么兴趣", "不感冒", "无感", "敬而远之",
    "避之不及", "避之唯恐不及", "想吐", "恶心", "反胃", "接受不了", "吃不消", "不待见", "嫌弃",
    "烦透", "受够",
    # "对加班很厌倦", "吃腻了"
    "厌倦", "腻了", "腻烦",
    # resisting and fearing: "极度抗拒当众发言", "对坐船很恐惧"
    "抗拒", "恐惧", "畏惧", "厌烦", "犯怵", "不耐受",
    # no spark of interest: "对桌游完全提不起兴趣"
    "提不起兴趣", "提不起劲", "提不起精神", "完全没兴趣", "不来电",
    "panic", "panics", "freak out", "freaks out", "uncomfortable with", "uneasy about",
    "panics around", "freaks out around", "nervous around", "uneasy around",
    # coping and giving up, as a class: "can't cope with hot weather", "is unable to stand
    # road trips", "has given up on camping" (inability before a verb of enduring)
    "can not cope", "can not cope with", "unable to cope", "unable to stand", "unable to bear",
    "unable to tolerate", "unable to handle", "unable to stomach", "given up on", "gave up on",
    "can not deal with", "unable to deal with",
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

STOPWORDS = (
    # English function words, auxiliaries and the subject itself
    "a", "an", "the", "user", "assistant", "i", "me", "my", "he", "she", "they", "them", "their",
    # "refuses to ride a bike ever again": emphasis, not a topic ("never ever", "hardly ever" are phrases)
    "ever",
    # "死活不肯坐过山车", "说什么也不去": insistence, not a topic
    "死活", "说什么也", "说什么都", "无论如何也", "打死也",
    # the assistant in Chinese, and its sending: "不需要助手每周发进度报告" is about the reports
    "助手", "发给", "发",
    "his", "her", "it", "its", "this", "that", "these", "those", "there", "here", "be", "am",
    "do", "does", "did", "will", "would", "can", "could", "should", "may", "might", "must",
    "shall", "to", "of", "and", "or", "but", "so", "as", "by", "from", "about", "with", "than",
    "then", "also", "too", "very", "really", "quite", "rather", "just", "still", "even",
    "much", "more", "most", "some", "any", "all", "every", "each", "own", "s", "now",
    "currently", "generally", "mostly", "mainly", "only", "over", "instead", "up",
    "well", "pretty", "lot", "lots", "bit", "little", "least", "particularly", "especially",
    "already", "actually", "almost", "nearly", "几乎",
    # intensifiers say how firmly, not what about
    "strictly", "completely", "totally", "absolutely", "entirely", "perfectly", "at all", "严格", "完全",
    "at all costs", "at any cost", "whenever possible", "wherever possible", "if at all possible",
    "as much as possible", "like the plague", "no matter what", "无论如何", "说什么也",
    # degree words say how much, not what about: "incredibly messy", "extremely tidy"
    "incredibly", "extremely", "super", "fairly", "somewhat", "terribly", "awfully", "remarkably",
    "exceptionally", "unbelievably", "insanely", "ridiculously", "kind of", "sort of",
    "根本", "彻底", "压根", "压根儿", "早就", "早已",
    # "一句日语都不会说", "一口酒都不喝": the "one … at all" of an emphatic negation
    "一句", "一口", "一眼", "一点儿",
    # "已经很久没写日记了": how long, not what about
    "很久", "好久",
    # "别人" is "others", not the negation "别" + "人"
    "别人", "他人", "人家", "别的",
    # reporting verbs date a statement, they are not what it is about
    "mention", "提到", "提过", "说过", "提及", "表示过",
    # Chinese function words
    "用户", "该用户", "他", "她", "它", "我", "你", "他们", "她们", "自己", "的", "了", "着", "过",
    "在", "和", "与", "跟", "及", "或", "或者", "还", "也", "都", "就", "才", "又", "很", "非常",
    "特别", "比较", "最", "更", "太", "挺", "极度", "极其", "十分", "相当", "格外", "严重", "个", "只", "位", "名", "种", "些", "这", "那", "里",
    "上", "中", "下", "时", "时候", "对", "为", "向", "到", "现在", "目前", "已经", "所有",
    "全部", "一切", "一些", "任何", "吧", "啊", "呢", "吗", "嘛", "得", "地", "把", "被", "让",
    "给", "以", "什么", "一下", "一点", "一点儿", "一个", "一只", "一位", "一名", "而", "且", "并", "其", "之", "是否", "请",
    "总", "先", "再", "得到", "起来", "重要", "主要", "只要", "可爱", "思想", "想法", "理想",
    "不错", "不过", "不断", "不少", "不同", "不久", "不仅", "差不多", "不管", "对不起", "不得不",
    # when something was said or done does not change what it is about
    "last", "month", "year", "week", "ago", "yesterday", "recently", "lately", "today",
    "tonight", "since", "again", "yet", "soon", "later", "earlier", "去年", "今年", "上个月",
    "上周", "最近", "昨天", "今天", "昨晚", "前天", "后来", "刚", "刚刚", "近来",
    "年前", "月前", "天前", "周前",  # "三年前就戒酒了": how long ago
    "擅长", "成长", "家长", "爱人", "零", "一", "二", "两", "三", "四", "五", "六", "七", "八", "九",
    "十", "百", "千", "几", "多",
)
NUMBER_WORDS = tuple("two three four five six seven eight nine ten eleven twelve twenty thirty "
                     "forty fifty hundred".split())
# Verbs and nouns too general to be what a statement is about.
LIGHT_WORDS = (
    # "不碰甜食", "refuses to touch Slack": touching stands for using or consuming
    "碰", "沾", "touch",
    # "坐过飞机", "乘过高铁": riding is about the vehicle, whatever aspect marker comes between
    "坐", "乘", "搭", "乘坐", "搭乘",
    # "精通法语" / "不懂法语", "不敢看恐怖片": knowing or daring, about what follows
    "精通", "懂", "敢",
    # "希望被叫作小王" / "不要叫他小王": the name is what it is about
    "叫", "叫作", "叫做", "称为", "称作", "称呼", "称呼为",
    "have", "use", "get", "make", "go", "take", "keep", "try", "let", "put", "give", "say",
    "tell", "find", "see", "seem", "become", "feel", "include", "come", "own", "possess",
    "eat", "drink", "consume", "receive", "tend", "thing", "stuff", "way", "kind", "sort",
    "type", "one", "people", "person", "time", "something", "anything", "everything",
    "food", "dish", "meal", "usage", "plan", "start", "begin", "able",
    "是", "有", "用", "使用", "吃", "喝", "吃饭", "做", "去", "养", "拥有", "进行", "会", "能", "可以",
    "东西", "事情", "方式", "食物", "收到", "接收", "开始", "附上", "提供", "加上", "带",
    "酒店", "时区", "正在", "觉得", "认为", "感觉", "think", "consider",
    # perception and speech verbs: "看恐怖片", "会说日语" are about the film, the language
    "看", "听", "观看", "收看", "watch", "弹",
    "topic", "subject", "matter", "case", "话题", "情况", "场合",
    # riding what one rides ("ride a bike" is cycling), holding a faith ("信仰基督教"); a lone
    # "信" is left out: as a dictionary word it would split "信任", "信息"
    "ride", "信仰", "信奉",
    # eating verbs and portions: "snacks on almonds", "munches a handful of cashews" are about the food
    "snack on", "munch", "munch on", "nibble", "nibble on", "feast on", "handful", "a handful of",
    "chug", "guzzle", "sip", "swig", "knock back",
)
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
SCOPE_NOUNS: dict[str, tuple[str, ...]] = {
    "weekend": ("weekend", "周末", "双休日"),
    "weekday": ("weekday", "work day", "workday", "monday to friday", "monday through friday",
                "during the week", "weeknight", "week night", "school night", "上班日",
                "mon fri", "工作日", "平日", "周一到周五", "周一至周五", "星期一到星期五"),
    "morning": ("morning", "早上", "上午", "早晨", "清晨"),
    "evening": ("evening", "晚上", "傍晚", "晚间"),
    "night": ("night", "夜里", "夜间", "深夜", "半夜"),
    "holiday": ("holiday", "vacation", "假期", "节假日", "假日", "度假", "休假", "过节", "节日",
                "过年", "春节"),
    "business trip": ("business trip", "出差"),
    "overtime": ("overtime", "加班"),
    "summer": ("summer", "夏天", "夏季"),
    "winter": ("winter", "冬天", "冬季"),
    "rain": ("rain", "rainy", "下雨", "雨天", "下雨天"),
    "party": ("party", "parties", "聚会", "派对", "聚餐"),
    "wedding": ("wedding", "婚礼"),
    "birthday": ("birthday", "生日"),
    "breakfast": ("breakfast", "早餐", "早饭"),
    "lunch": ("lunch", "午餐", "午饭"),
    "dinner": ("dinner", "晚餐", "晚饭"),
    "afternoon": ("afternoon", "下午", "午后"),
    "monday": ("monday", "周一", "星期一", "礼拜一", "每周一"),
    "tuesday": ("tuesday", "周二", "星期二", "礼拜二", "每周二"),
    "wednesday": ("wednesday", "周三", "星期三", "礼拜三", "每周三"),
    "thursday": ("thursday", "周四", "星期四", "礼拜四", "每周四"),
    "friday": ("friday", "周五", "星期五", "礼拜五", "每周五"),
    "saturday": ("saturday", "周六", "星期六", "礼拜六", "每周六"),
    "sunday": ("sunday", "周日", "周天", "星期日", "星期天", "礼拜天", "每周日"),
    "bedtime": ("before bed", "at bedtime", "before sleep", "睡前", "睡觉前", "睡觉以前",
                "睡觉之前", "临睡前", "上床前"),
}

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


AXES: dict[str, AxisSpec] = {
    "length": AxisSpec(
        strict={
            "short": ("concise", "succinct", "terse", "to the point", "tl dr", "short and sweet",
                      "one line", "one liner",
                      "简洁", "言简意赅", "简明扼要", "精简", "简练"),
            "long": ("verbose", "long winded", "lengthy", "in depth", "deep dive", "exhaustive",
                     "冗长", "啰嗦", "长篇大论", "详尽", "讲透", "讲透彻", "讲深讲透", "面面俱到"),
        },
        loose={
            "short": ("short", "brief", "summary", "compact", "minimal", "shorter", "briefer",
                      "简短", "简明", "简单", "短", "更短", "一句话", "概括"),
            "long": ("long", "detailed", "detail", "thorough", "comprehensive", "elaborate", "longer",
                     "depth", "透彻", "展开",
                     "详细", "深入", "细节", "长", "更长", "全面", "深度"),
        },
        domains=("communication",),
    ),
    "chronotype": AxisSpec(
        strict={
            "early": ("early riser", "early bird", "morning person", "get up early",
                      "go to bed early", "bed early", "sleep early", "早睡",
                      "wake up early", "rise early", "up early", "早起", "早睡早起", "起得早",
                      "早起的人", "晨型人"),
            "late": ("night owl", "late riser", "night person", "sleep in", "sleep late",
                     "go to bed late", "bed late",
                     "stay up late", "up late", "late sleeper", "夜猫子", "熬夜", "晚睡", "晚起",
                     "睡懒觉", "起得晚"),
        },
    ),
    "marital": AxisSpec(
        strict={
            "married": ("married", "wife", "husband", "spouse", "已婚", "结婚", "结过婚", "妻子",
                        "老婆", "丈夫", "老公", "太太"),
            "single": ("be single", "unmarried", "bachelor", "divorced", "widowed", "单身", "未婚",
                       "离婚", "离异"),
        },
    ),
    "expertise": AxisSpec(
        strict={
            "beginner": ("beginner", "novice", "newbie", "new to", "just start", "junior",
                         "inexperienced", "新手", "初学者", "入门", "小白", "菜鸟", "刚开始", "刚入门",
                         "才开始"),
            "expert": ("expert", "senior", "veteran", "experienced", "seasoned", "advanced",
                       "year of experience", "资深", "专家", "老手", "高手", "经验丰富", "多年经验",
                       # titles and grades only the practised reach
                       "grandmaster", "virtuoso", "professional player",
                       "interpreter", "职业棋手", "职业选手", "九段", "八段", "大师", "精通",
                       "考过十级", "十级", "专业八级", "母语水平"),
        },
        contextual=True,
    ),
    "formality": AxisSpec(
        strict={"formal": ("formal", "正式"), "casual": ("casual", "informal", "laid back",
                                                          "colloquial", "随意", "口语化")},
        loose={"formal": ("polite", "professional", "serious", "书面", "严肃", "礼貌"),
               "casual": ("relaxed", "chatty", "conversational", "friendly", "轻松", "随便",
                          "活泼", "随和")},
        domains=("communication",),
    ),
    "theme": AxisSpec(
        strict={
            "dark": ("dark mode", "dark theme", "night mode", "dark background", "深色模式",
                     "深色主题", "暗色模式", "暗色主题", "夜间模式", "黑色主题", "暗黑模式"),
            "light": ("light mode", "light theme", "day mode", "light background", "浅色模式",
                      "浅色主题", "亮色模式", "亮色主题", "日间模式", "白色主题"),
        },
        loose={"dark": ("dark", "深色", "暗色"), "light": ("light", "浅色", "亮色")},
        domains=("interface",),
        # a theme is per tool: dark for code and light for PDFs agree
        contextual=True,
    ),
    "units": AxisSpec(
        strict={
            "metric": ("metric", "kilometer", "kilometre", "kilogram", "celsius", "公制",
                       "公里", "公斤", "千克", "摄氏"),
            "imperial": ("imperial", "fahrenheit", "英制", "英里", "华氏"),
        },
        loose={"metric": ("meter", "metre", "centimeter", "米", "厘米"),
               "imperial": ("mile", "pound", "foot", "feet", "inch", "磅", "英尺", "英寸")},
        domains=("measurement",),
    ),
    "workplace": AxisSpec(
        strict={
            "remote": ("work remotely", "remote work", "work from home", "wfh", "远程办公",
                       "远程工作", "在家办公", "居家办公"),
            "office": ("in the office", "go to the office", "come into the office", "on site",
                       "onsite", "坐班", "去公司"),
        },
        loose={"remote": ("remote", "remotely", "远程"), "office": ("office", "办公室")},
        domains=("work",),
    ),
    "sociability": AxisSpec(
        strict={"introvert": ("introvert", "introverted", "内向"),
                "extrovert": ("extrovert", "extroverted", "outgoing", "外向")},
    ),
    "handedness": AxisSpec(
        # the hand one favours, not a hand used once: "用右手拿鼠标" says nothing of it
        strict={"left": ("left handed", "lefty", "southpaw", "左撇子", "惯用左手", "习惯用左手"),
                "right": ("right handed", "右撇子", "惯用右手", "习惯用右手")},
    ),
    "spice": AxisSpec(
        strict={"spicy": ("spicy", "辣", "麻辣", "爱吃辣"),
                "mild": ("mild", "bland", "清淡", "不辣")},
    ),
    # states that exclude each other: "is in good health" / "is seriously ill"
    "health": AxisSpec(
        strict={"healthy": ("be healthy", "in good health", "good health", "perfectly healthy",
                            "fit and healthy", "身体健康", "身体很健康", "身体很好", "身体好",
                            "身体倍儿棒", "健康状况良好"),
                "ill": ("be ill", "sick", "be unwell", "fall ill", "fell ill", "get sick", "got sick", "seriously ill", "chronically ill",
                        "terminally ill", "gravely ill", "in poor health", "poor health",
                        "ill health", "bad health", "身患重病", "重病", "患重病", "得了重病", "生病",
                        "生重病", "病了", "病重", "卧病", "卧病在床", "身体不好", "身体很差",
                        "身体不太好", "身体欠佳", "体弱多病")},
    ),
    # "has a full-time job" / "is unemployed"; working somewhere implies the first
    "employment": AxisSpec(
        strict={"employed": ("employed", "self employed", "full time job", "part time job",
                             "steady job", "day job", "have a job", "在职", "有工作", "上班族",
                             "有一份工作"),
                "unemployed": ("unemployed", "jobless", "out of work", "between jobs",
                               "laid off", "lost his job", "lost her job", "lost their job",
                               "without a job", "失业", "待业", "无业", "下岗", "没有工作", "没工作",
                               "丢了工作", "被裁员", "被裁",
                               # retirement ends employment as surely as a lay-off
                               "retired", "in retirement", "退休", "退休了", "已退休", "已经退休")},
    ),
    # how much one can drink: "drinks most people under the table" / "一杯啤酒就醉"
    "alcohol tolerance": AxisSpec(
        strict={"high": ("high tolerance for alcohol", "high alcohol tolerance", "high tolerance",
                         "under the table", "hold his liquor", "hold her liquor", "hold their liquor",
                         "酒量好", "酒量很好", "酒量特别好", "酒量大", "酒量惊人", "千杯不醉", "海量",
                         "很能喝", "特别能喝"),
                "low": ("lightweight", "low tolerance for alcohol", "low alcohol tolerance",
                        "low tolerance", "get drunk easily", "enough to get him drunk",
                        "enough to get her drunk", "enough to get them drunk", "一杯就醉",
                        "一杯啤酒就醉", "一瓶啤酒就倒", "一瓶就倒", "一喝就醉", "一喝酒就醉", "沾酒就醉",
                        "酒量差", "酒量很差", "酒量不好", "不胜酒力", "一杯倒")},
    ),
    # the pitch of a voice: "has a deep voice" / "声音尖细"; bare "deep" or "high" counts only
    # beside a voice word, so "a deep thinker" and "high standards" stay off the axis
    "voice pitch": AxisSpec(
        strict={"low": ("baritone", "bass voice", "低沉", "浑厚", "声音低", "嗓音低", "粗嗓门"),
                "high": ("high pitched", "squeaky", "shrill", "falsetto voice", "尖细", "尖声", "声音尖",
                         "嗓音尖", "嗓子尖", "声音很尖", "嗓音很尖", "声音细", "细声细气")},
        loose={"low": ("deep", "low", "deeper", "lower"), "high": ("high", "higher")},
        domains=("voice",),
    ),
    "format": AxisSpec(
        strict={"list": ("bullet point", "bulleted list", "bullet list", "numbered list", "列表",
                         "要点", "分点", "分条", "列点", "逐条", "条目"),
                "prose": ("full paragraph", "paragraph", "prose", "full sentence", "段落",
                          "整段")},
    ),
}

# --- concepts: synonym groups and what they are a kind of ---------------------

CONCEPTS: dict[str, tuple[str, ...]] = {
    "meat": ("meat", "肉", "肉类", "荤", "荤菜"),
    "steak": ("steak", "牛排"),
    "beef": ("beef", "牛肉"),
    "pork": ("pork", "bacon", "ham", "猪肉", "培根", "火腿", "红烧肉", "排骨", "pork steak", "pork chop", "猪排"),
    "chicken": ("chicken", "鸡肉", "炸鸡", "chicken steak", "鸡排"),
    "lamb": ("lamb", "mutton", "羊肉"),
    "burger": ("burger", "hamburger", "汉堡"),
    "sausage": ("sausage", "hot dog", "香肠"),
    "seafood": ("seafood", "海鲜"),
    # shellfish (crustaceans and molluscs) is seafood, but a fish is no shellfish
    "shellfish": ("shellfish", "crustacean", "crustaceans", "mollusc", "molluscs", "甲壳类", "贝类"),
    "fish": ("fish", "salmon", "tuna", "tuna steak", "salmon steak", "fish steak", "鱼", "三文鱼", "金枪鱼"),
    "shrimp": ("shrimp", "prawn", "crab", "lobster", "oyster", "clam", "mussel", "scallop", "虾",
               "螃蟹", "蟹", "大闸蟹", "虾蟹", "龙虾", "生蚝", "扇贝", "小龙虾", "squid", "octopus",
               "crayfish", "crawfish", "牡蛎", "蛤蜊", "青口", "鱿鱼", "章鱼"),
    "dairy": ("dairy", "milk", "cheese", "yogurt", "yoghurt", "butter", "cream", "milkshake", "milkshakes", "奶昔",
              "乳制品", "牛奶", "奶酪",
              "酸奶", "黄油", "奶油", "cheddar", "brie", "mozzarella", "parmesan", "feta", "gouda",
              "camembert", "芝士", "起司"),
    # milk that is not dairy
    "plant milk": ("oat milk", "soy milk", "almond milk", "rice milk", "coconut milk",
                   "plant milk", "燕麦奶", "豆奶", "豆浆", "杏仁奶", "椰奶", "植物奶"),
    "egg": ("egg", "鸡蛋", "蛋"),
    "sugar": ("sugar", "sweets", "sweet", "糖", "甜食", "甜品"),
    "dessert": ("dessert", "cake", "candy", "chocolate", "ice cream", "cookie", "pastry",
                "doughnut", "donut", "甜点", "蛋糕", "糖果", "巧克力", "冰淇淋", "饼干"),
    # sweet fizzy drinks (碳酸饮料): sugary like a dessert, but no dessert
    "soft drink": ("soda", "sodas", "soft drink", "soft drinks", "fizzy drink", "fizzy drinks", "cola", "coke",
                   "sprite", "fanta", "pepsi", "carbonated drinks", "碳酸饮料", "汽水", "可乐", "雪碧", "芬达",
                   "百事"),
    # caffeinated energy drinks and their best-selling brands (a bare "Monster" is not one)
    "energy drink": ("energy drink", "energy drinks", "red bull", "redbull", "monster energy", "a monster",
                     "can of monster", "cans of monster", "rockstar energy", "a rockstar", "relentless energy",
                     "lucozade energy", "功能饮料", "能量饮料", "红牛", "魔爪", "东鹏特饮", "乐虎"),
    "alcohol": ("alcohol", "booze", "liquor", "酒", "酒精"),
    "wine": ("wine", "beer", "whisky", "whiskey", "vodka", "cocktail", "sake", "gin", "rum",
             "champagne", "lager", "ale", "stout", "ipa", "cider", "pint of beer", "pint", "tequila",
             "brandy", "啤酒", "红酒", "白酒", "葡萄酒", "鸡尾酒", "精酿", "威士忌", "清酒", "黄酒"),
    "caffeine": ("caffeine", "咖啡因"),
    "coffee": ("coffee", "espresso", "latte", "cappuccino", "americano", "flat white", "mocha", "cold brew",
               "咖啡", "拿铁", "美式", "美式咖啡", "澳白", "摩卡", "冷萃", "卡布奇诺"),
    "tea": ("tea", "茶"),
    "green tea": ("green tea", "绿茶"),
    "smoke": ("smoke", "smoking", "smoker", "cigarette", "cigar", "tobacco", "vape", "抽烟",
              "吸烟", "香烟", "烟", "烟民"),
    "pet": ("pet", "宠物"),
    # what an allergy is to, and the things that carry it (see ALLERGEN_CARRIERS)
    "pollen": ("pollen", "hay fever", "花粉", "花粉症"),
    "feather": ("feather", "feathers", "羽毛"),
    "flower": ("flower", "flowers", "florist", "florists", "bouquet", "bouquets", "flower shop",
               "鲜花", "花店", "花卉", "花束", "花艺", "插花", "花农"),
    "down": ("goose-down", "goose down", "duck down", "down pillow", "down pillows", "down duvet",
             "down comforter", "down jacket", "羽绒", "羽绒服", "羽绒被", "鹅绒", "鸭绒"),
    "nap": ("nap", "napping", "siesta", "午睡", "午觉", "睡午觉", "打盹"),
    "cat": ("cat", "kitten", "猫", "猫咪", "橘猫", "布偶猫", "英短", "美短", "暹罗猫"),
    "dog": ("dog", "puppy", "狗", "小狗", "金毛", "柯基", "哈士奇", "泰迪", "柴犬", "拉布拉多",
            "边牧", "golden retriever", "corgi", "husky", "labrador", "poodle"),
    "small pet": ("hamster", "parrot", "仓鼠", "鹦鹉"),
    "rabbit": ("rabbit", "rabbits", "bunny", "bunnies", "兔子", "小兔子", "兔"),
    "child": ("child", "kid", "孩子", "小孩", "子女"),
    "son": ("son", "儿子"),
    "sibling": ("sibling", "兄弟姐妹"),
    "brother": ("brother", "哥哥", "弟弟", "兄弟"),
    "sister": ("sister", "姐姐", "妹妹", "姐妹"),
    "in-law": ("in law", "sister in law", "brother in law", "mother in law", "father in law",
               "嫂子", "弟媳", "姐夫", "妹夫", "婆婆", "公公", "岳父", "岳母", "小姑子", "小舅子"),
    "daughter": ("daughter", "女儿"),
    "nut": ("nut", "坚果"),
    # tree nuts (the FDA's major-allergen class); a peanut is a legume, so a tree-nut allergy
    # leaves it out, while a plain "nut allergy" covers it (peanut is-a nut below)
    "tree nut": ("tree nut", "tree nuts", "almond", "walnut", "cashew", "pistachio", "hazelnut", "pecan",
                 "macadamia", "brazil nut", "pine nut", "杏仁", "核桃", "腰果", "开心果",
                 "榛子", "碧根果", "夏威夷果", "巴旦木", "松子", "树坚果"),
    "peanut": ("peanut", "peanut butter", "花生", "花生酱"),
    "gluten": ("gluten", "bread", "pasta", "pizza", "bagel", "croissant", "toast", "baguette",
               "sandwich", "wheat", "麸质", "面包", "意大利面", "披萨", "馒头", "包子", "饺子", "小麦",
               "三明治", "吐司"),
    # starchy staples a low-carb diet gives up
    "carbs": ("carbs", "carb", "carbohydrate", "starch", "碳水", "碳水化合物", "主食", "淀粉"),
    "potato": ("potato", "fries", "chips", "土豆", "薯条", "马铃薯"),
    "exercise": ("exercise", "workout", "work out", "gym", "fitness", "sport", "运动", "锻炼",
                 "健身", "健身房"),
    "running": ("run", "running", "jog", "jogging", "跑步", "慢跑", "跑"),
    "marathon": ("marathon", "马拉松"),
    "swimming": ("swim", "swimming", "游泳"),
    "hiking": ("hike", "hiking", "徒步", "爬山"),
    "bike": ("bike", "bicycle", "cycle", "cycling", "自行车", "单车", "骑车", "骑自行车", "骑单车",
             "骑行"),
    "cohabit": ("live with", "live together", "住在一起", "一起住", "住一起", "同住", "合租", "同居"),
    "car": ("car", "drive", "driving", "汽车", "开车", "车"),
    "train": ("train", "rail", "high speed train", "bullet train", "high speed rail", "火车", "高铁",
              "动车"),
    "flight": ("fly", "flight", "plane", "airplane", "飞机", "坐飞机", "航班"),
    "programming": ("programming", "coding", "program", "编程", "写代码", "开发"),
    "programmer": ("programmer", "developer", "software engineer", "coder", "程序员",
                   "开发者", "软件工程师"),
    "code": ("code", "snippet", "code snippet", "代码", "代码片段"),
    "spicy food": ("chili", "hot sauce", "sichuan", "hunan", "辣椒", "川菜", "湘菜", "火锅", "spicy", "spicy food",
                   "spice", "spices", "spiciness", "辣", "吃辣", "辛辣", "麻辣"),
    "japanese": ("japanese", "日语", "日文"),
    "kana": ("kana", "hiragana", "katakana", "kanji", "假名", "平假名", "片假名"),
    "english": ("english", "英语", "英文"),
    "chinese": ("chinese", "mandarin", "中文", "汉语", "普通话"),
    "emoji": ("emoji", "emoticon", "表情符号", "表情", "表情包"),
    "newsletter": ("newsletter", "mailing list", "邮件列表", "订阅邮件", "新闻通讯"),
    "notification": ("notification", "push notification", "alert", "通知", "推送", "推送通知"),
    "citation": ("citation", "cite", "source", "reference", "引用", "来源", "出处",
                 "参考文献"),
    "meeting": ("meeting", "会议", "开会"),
    "eating out": ("eat out", "dine out", "restaurant", "外面吃饭", "在外面吃饭", "在外吃饭",
                   "外出就餐", "下馆子", "餐馆", "餐厅", "馆子"),
    "jazz": ("jazz", "爵士", "爵士乐"),
    "email": ("email", "e mail", "邮件", "电子邮件"),
    "video call": ("video call", "video calls", "video chat", "video chats", "视频电话", "视频通话", "视频聊天"),
    "phone call": ("phone call", "phone", "call", "电话", "打电话"),
    "rice": ("rice", "米饭", "大米"),
    "corn": ("corn", "玉米"),
    "music": ("music", "音乐"),
    "technical": ("technical", "tech", "technology", "技术", "技术性", "技术类"),
    # everyday synonyms: the object decides the topic, whatever word names it
    "film": ("film", "movie", "motion picture", "cinema", "电影", "影片", "片子"),
    "horror": ("horror", "恐怖"),
    "horror film": ("horror film", "horror movie", "horror flick", "恐怖片", "恐怖电影"),
    "comedy": ("comedy", "comedies", "喜剧", "喜剧片"),
    "documentary": ("documentary", "纪录片"),
    "anime": ("anime", "动漫", "动画片", "番剧"),
    "tv series": ("tv show", "tv series", "series", "电视剧", "剧集", "美剧", "韩剧", "episode", "episodes",
                  "binge watch", "binge watched", "binge watches", "binge watching", "追剧", "刷剧"),
    "tv": ("tv", "television", "telly", "电视"),
    "bus": ("bus", "公交", "公交车", "公共汽车", "巴士", "坐公交"),
    "heights": ("heights", "high places", "高处", "高的地方"),
    # "卡拉OK": the Latin "OK" is read apart from the Han run, so "卡拉" names it
    "karaoke": ("karaoke", "ktv", "卡拉", "唱卡拉", "唱k", "k歌"),
    "knitting": ("knit", "knits", "knitting", "织毛衣", "织毛线", "织围巾", "打毛衣"),
    "taxi": ("taxi", "taxis", "cab", "cabs", "打车", "出租车", "的士", "打的", "叫车"),
    # what one weighs a choice by, in either language: "values salary over title" / "更看重薪水而不是头衔"
    "salary": ("salary", "salaries", "薪水", "薪资", "工资", "薪酬"),
    "job title": ("job title", "job titles", "头衔", "职称", "职位头衔"),
    "privacy": ("privacy", "隐私"),
    "convenience": ("convenience", "便利", "便利性"),
    "price": ("price", "prices", "价格", "价钱"),
    "quality": ("quality", "质量", "品质"),
    "accuracy": ("accuracy", "准确", "准确性", "准确度"),
    "speed": ("speed", "速度"),
    "subway": ("subway", "metro", "underground", "tube", "地铁", "坐地铁"),
    "university": ("university", "college", "uni", "大学", "高校"),
    "novel": ("novel", "fiction", "小说"),
    "video game": ("video game", "gaming", "game console", "电子游戏", "打游戏", "玩游戏", "游戏"),
    "sushi": ("sushi", "寿司"),
    "cooking": ("cook", "cooking", "做饭", "烹饪", "下厨", "煮饭"),
    # speaking a language: "会说日语" and "一点日语都不会说" are about the same thing
    "speak": ("speak", "说", "讲"),
    "instrument": ("instrument", "musical instrument", "乐器"),
    "piano": ("piano", "keyboard", "钢琴"),
    "guitar": ("guitar", "吉他"),
    "violin": ("violin", "cello", "小提琴", "大提琴"),
    "drums": ("drum", "drums", "架子鼓", "打鼓"),
}

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
ABSTAINS: dict[str, tuple[str, ...]] = {
    "vegetarian": ("meat", "seafood"), "veggie": ("meat", "seafood"),
    "vegan": ("meat", "seafood", "dairy", "egg"), "pescatarian": ("meat",),
    "teetotal": ("alcohol",), "teetotaler": ("alcohol",), "teetotaller": ("alcohol",), "sober": ("alcohol",),
    "non drinker": ("alcohol",), "non smoker": ("smoke",), "nonsmoker": ("smoke",),
    "lactose intolerant": ("dairy",), "gluten free": ("gluten",), "celiac": ("gluten",),
    "coeliac": ("gluten",), "keto": ("carbs", "sugar"), "low carb": ("carbs",),
    "恐高": ("heights",), "acrophobic": ("heights",), "fear of heights": ("heights",),
    "乳糜泻": ("gluten",), "无麸质": ("gluten",), "生酮": ("carbs", "sugar"), "低碳水": ("carbs",),
    "childless": ("child",), "only child": ("sibling",), "live alone": ("cohabit",),
    "live by myself": ("cohabit",), "live on his own": ("cohabit",),
    "live on her own": ("cohabit",), "live on their own": ("cohabit",),
    "独生子女": ("sibling",), "独生子": ("sibling",), "独生女": ("sibling",),
    "一个人住": ("cohabit",), "独居": ("cohabit",), "自己住": ("cohabit",),
    "素食": ("meat", "seafood"), "吃素": ("meat", "seafood"), "素食者": ("meat", "seafood"),
    "素食主义者": ("meat", "seafood"), "纯素": ("meat", "seafood", "dairy", "egg"),
    "全素": ("meat", "seafood", "dairy", "egg"), "吃全素": ("meat", "seafood", "dairy", "egg"),
    "素食主义": ("meat", "seafood"), "不吃肉": ("meat",),
    "滴酒不沾": ("alcohol",), "乳糖不耐": ("dairy",), "丁克": ("child",),
    # religious dietary laws: halal forbids pork and alcohol, kashrut pork and shellfish
    "muslim": ("pork", "alcohol"), "halal": ("pork", "alcohol"), "kosher": ("pork", "shrimp"),
    "穆斯林": ("pork", "alcohol"), "清真": ("pork", "alcohol"), "伊斯兰教": ("pork", "alcohol"),
}

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

# Every natural language is a concept: "speaks French" and "会说法语" share a topic.
for _language, _forms in NATURAL_LANGUAGES.items():
    CONCEPTS.setdefault(_language, _forms)

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
SAME_PERSON = {
    "mum": "mother", "mom": "mother", "mommy": "mother", "mummy": "mother", "妈妈": "mother",
    "母亲": "mother", "老妈": "mother", "mother": "mother",
    "dad": "father", "daddy": "father", "爸爸": "father", "父亲": "father", "老爸": "father",
    "father": "father",
    "wife": "wife", "老婆": "wife", "妻子": "wife", "太太": "wife", "爱人": "wife",
    "husband": "husband", "老公": "husband", "丈夫": "husband", "先生": "husband",
    "boss": "manager", "manager": "manager", "领导": "manager", "上司": "manager", "老板": "manager",
    "直属领导": "manager", "line manager": "manager",
    "son": "son", "儿子": "son", "daughter": "daughter", "女儿": "daughter",
    "boyfriend": "boyfriend", "男朋友": "boyfriend", "男友": "boyfriend",
    "lead": "lead", "owner": "lead", "project lead": "lead", "tech lead": "lead", "负责人": "lead",
    "项目负责人": "lead",
    "girlfriend": "girlfriend", "女朋友": "girlfriend", "女友": "girlfriend",
}
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

# Opposite poles named in both languages: each Chinese word reads as the first
# English word of its pole, so "安静的环境" and "a noisy environment" meet on one
# axis. WordNet (see `antonyms.py`) covers English; this adds what Chinese needs.
BILINGUAL_AXES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("quiet", "安静", "清静", "宁静"), ("noisy", "lively", "热闹", "吵闹", "喧闹")),
    (("strict", "严格", "严厉"), ("lenient", "宽松", "随和")),
    (("near", "close", "近"), ("far", "distant", "远")),
    (("neat", "tidy", "整齐", "工整", "整洁"), ("messy", "untidy", "潦草", "凌乱", "乱糟糟")),
    (("spacious", "roomy", "宽敞"), ("cramped", "狭小", "拥挤", "逼仄")),
    (("cheap", "便宜"), ("expensive", "贵", "昂贵")),
    (("simple", "简单"), ("complicated", "complex", "复杂")),
    (("soft", "软"), ("hard", "firm", "硬")),
    (("light", "淡", "偏淡", "清淡"), ("heavy", "重", "浓", "重口")),
    # weight: "laptop is heavy" / "电脑很轻"; no bare 轻 or 沉, which sit inside 年轻 and 沉默
    (("light", "很轻", "太轻", "挺轻", "非常轻", "比较轻", "轻便"), ("heavy", "重", "很重", "很沉", "太沉", "挺沉")),
    (("sweet", "甜", "甜口"), ("savory", "salty", "咸", "咸口")),
    (("hot", "烫", "热"), ("cold", "冰", "凉")),
    (("shallow", "浅"), ("deep", "沉")),
    (("fast", "快"), ("slow", "慢")),
    (("fat", "胖"), ("thin", "瘦")),
    (("tall", "高"), ("short", "矮")),
    (("punctual", "准时", "守时"), ("late", "迟到")),
    (("organized", "organised", "有条理", "井井有条"), ("disorganized", "disorganised", "chaotic", "没条理",
                                                          "丢三落四", "乱七八糟")),
    (("patient", "耐心"), ("impatient", "急躁", "没耐心")),
    (("optimistic", "optimist", "乐观"), ("pessimistic", "pessimist", "悲观")),
    (("frugal", "thrifty", "节俭", "省钱", "节省", "勤俭", "节约"), ("extravagant", "lavish", "spendthrift", "大手大脚",
                                                          "挥霍", "花钱如流水", "月光族")),
    # everyday traits and states, as a class
    (("generous", "大方", "慷慨"), ("stingy", "mean", "小气", "抠门", "吝啬")),
    (("cautious", "careful", "prudent", "谨慎", "小心", "稳重"), ("impulsive", "reckless", "rash", "冲动",
                                                                 "鲁莽", "莽撞")),
    (("clean", "干净", "一尘不染"), ("dirty", "filthy", "脏", "脏乱", "邋遢")),
    (("brave", "bold", "勇敢", "胆大"), ("timid", "cowardly", "胆小", "怯懦")),
    (("diligent", "hardworking", "勤快", "勤奋"), ("lazy", "懒", "懒惰", "懒散")),
    (("humble", "modest", "谦虚", "低调"), ("arrogant", "boastful", "傲慢", "自大", "高调")),
    (("calm", "composed", "冷静", "沉着"), ("anxious", "nervous", "焦虑", "紧张")),
    (("talkative", "chatty", "健谈", "话多", "话痨"), ("taciturn", "reserved", "寡言", "话少", "沉默寡言")),
    (("busy", "忙", "忙碌"), ("idle", "free", "清闲", "闲")),
    (("rich", "wealthy", "富裕", "有钱"), ("poor", "broke", "穷", "拮据")),
    (("bright", "sunny", "明亮", "亮堂"), ("dark", "dim", "gloomy", "昏暗", "阴暗")),
    (("warm", "温暖", "暖和"), ("chilly", "寒冷", "冷")),
    (("dry", "干燥"), ("humid", "damp", "潮湿")),
    (("strong", "强壮", "结实"), ("weak", "frail", "虚弱", "瘦弱")),
    (("easygoing", "随和"), ("picky", "fussy", "挑剔")),
    (("confident", "自信"), ("insecure", "self conscious", "自卑")),
    (("healthy", "健康"), ("unhealthy", "不健康")),
    (("cheerful", "开朗", "乐天", "活泼", "阳光开朗"), ("melancholy", "morose", "阴郁", "忧郁", "郁郁寡欢")),
    (("comfortable", "comfy", "舒服", "舒适", "舒坦"), ("uncomfortable", "难受", "硌人")),
    # tempers, moods and knacks people are described by
    (("good tempered", "even tempered", "脾气好", "脾气很好", "脾气温和", "好脾气"),
     ("hot tempered", "short tempered", "irritable", "暴躁", "脾气差", "脾气不好", "脾气很差", "易怒", "火爆")),
    (("introverted", "introvert", "内向", "社恐"), ("extroverted", "extrovert", "outgoing", "外向", "社牛")),
    (("decisive", "雷厉风行", "干脆利落", "果断"), ("procrastinator", "procrastinates", "拖拉", "拖延", "磨蹭",
                                                    "优柔寡断")),
    (("good sense of direction", "方向感很好", "方向感好", "很会认路"), ("路痴", "方向感很差", "方向感差",
                                                                       "always gets lost")),
    (("sings well", "唱歌很好听", "唱歌好听"), ("tone deaf", "五音不全", "唱歌跑调")),
    (("酒量很大", "酒量大", "千杯不醉", "很能喝"), ("酒量很差", "酒量差", "酒量很小", "酒量小", "一杯就醉",
                                               "沾酒就醉", "一喝就醉")),
    (("picky eater", "fussy eater", "挑食"), ("eats anything", "eat anything", "不挑食", "什么都吃")),
    # how loud a person talks: "soft-spoken" / "说话嗓门很大"
    (("soft", "soft spoken", "轻声细语", "说话轻声", "说话小声", "嗓门小", "嗓门很小", "声音很小", "小声"),
     ("loud", "loudmouth", "大嗓门", "嗓门大", "嗓门很大", "说话大声", "大声", "声音很大", "声音洪亮")),
)

# Everyday things named in both languages, so an English entry and a Chinese one
# share a topic (and an index term): "instant noodles" / "泡面", "diary" / "日记".
# Concepts already defined above keep their forms.
BILINGUAL_CONCEPTS: dict[str, tuple[str, ...]] = {
    "instant noodles": ("instant noodles", "instant noodle", "ramen", "cup noodles", "泡面", "方便面"),
    "noodles": ("noodles", "noodle", "面条", "面食", "拉面"),
    "journal": ("journal", "diary", "日记", "手账"),
    "news": ("news", "headlines", "新闻", "时事"),
    "mattress": ("mattress", "床垫"),
    # feeling the cold easily: "很怕冷" / "一点凉风就觉得冷"
    "cold sensitivity": ("feel the cold", "feels the cold", "sensitive to cold", "怕冷", "觉得冷",
                         "畏寒", "容易冷"),
    "wechat": ("wechat", "wechat message", "微信", "微信消息"),
    "description": ("description", "描述", "说明文字"),
    "ticket": ("ticket number", "ticket id", "issue number", "工单号", "工单"),
    "commit message": ("commit message", "提交信息", "提交说明"),
    # the class and its members apart, so that a member denied ("doesn't use TikTok") leaves the
    # class affirmed, while the class denied ("不用任何社交媒体") covers a member (see BROADER)
    "social media": ("social media", "social network", "social networks", "社交媒体", "社交网络", "社交平台"),
    "tiktok": ("tiktok", "douyin", "抖音"),
    "instagram": ("instagram", "insta"),
    "twitter": ("twitter", "tweet", "tweets", "推特"),
    "weibo": ("weibo", "微博"),
    "wechat moments": ("wechat moments", "朋友圈"),
    "xiaohongshu": ("xiaohongshu", "rednote", "小红书"),
    "facebook": ("facebook", "脸书"),
    # streaming services as kinds of one class
    "streaming service": ("streaming service", "streaming services", "streaming platform", "streaming platforms",
                          "streaming subscription", "流媒体", "视频平台", "流媒体平台", "视频会员"),
    "netflix": ("netflix", "网飞", "奈飞"),
    "disney plus": ("disney plus", "disney+"),
    "hulu": ("hulu",),
    "iqiyi": ("iqiyi", "爱奇艺"),
    "youku": ("youku", "优酷"),
    "tencent video": ("tencent video", "腾讯视频"),
    # religions as kinds of one class: "不信任何宗教" / "信佛教"
    "religion": ("religion", "religious", "religions", "宗教", "宗教信仰"),
    "christianity": ("christian", "christianity", "catholic", "catholicism", "protestant", "基督教", "基督徒",
                     "天主教", "天主教徒", "新教"),
    "buddhism": ("buddhist", "buddhism", "佛教", "佛教徒"),
    "judaism": ("jewish", "judaism", "犹太教"),
    "hinduism": ("hindu", "hinduism", "印度教"),
    "taoism": ("taoist", "taoism", "道教"),
    "environment": ("environment", "surroundings", "环境"),
    "apartment": ("apartment", "flat", "公寓", "房子", "住处"),
    "rent": ("rent", "renting", "租房", "租的房子", "租房子", "房租", "交房租", "付房租"),
    "house purchase": ("bought a house", "bought a flat", "bought an apartment", "买房", "买了房",
                       # owning the home one lives in (not "owns a flat": it may be let)
                       "homeowner", "owns their home", "owns their own home", "owns the flat they live in",
                       "owns the house they live in", "owns the apartment they live in", "owns the home they live in",
                       "自己买的房子", "自己的房子", "自有住房", "房子是自己买的"),
    "handwriting": ("handwriting", "字迹", "写字", "字写得"),
    "tofu pudding": ("tofu pudding", "douhua", "豆花", "豆腐脑"),
    "takeaway": ("takeaway", "takeout", "delivery food", "外卖"),
    "chess": ("chess", "国际象棋", "grandmaster", "国际象棋大师"),
    "go game": ("go game", "weiqi", "围棋"),
    "piano lessons": ("piano lesson", "钢琴课"),
    "snow": ("snow", "雪"),
    "abroad": ("abroad", "overseas", "出国", "国外"),
    "phone": ("smartphone", "mobile phone", "手机"),
    "android": ("android", "安卓"),
    "iphone": ("iphone", "苹果手机"),
    # a brand's products as a class, its product lines as members: "uses Apple products" /
    # "doesn't use the Apple Watch" leaves the class affirmed; "no Apple products at all" covers
    # every member (see BROADER). Product lines from the makers' own product pages.
    "apple device": ("apple device", "apple product", "apple gadget", "apple ecosystem", "苹果设备", "苹果产品",
                     "苹果全家桶"),
    "ipad": ("ipad", "ipad pro", "ipad air", "ipad mini"),
    "mac": ("macbook", "macbook air", "macbook pro", "imac", "mac mini", "mac studio", "苹果电脑"),
    "apple watch": ("apple watch", "苹果手表"),
    "airpods": ("airpods", "airpods pro", "苹果耳机"),
    "apple tv": ("apple tv",),
    "icloud": ("icloud",),
    "apple music": ("apple music",),
    "apple pay": ("apple pay",),
    "google product": ("google product", "google service", "google app", "google ecosystem", "谷歌产品",
                       "谷歌服务", "谷歌全家桶"),
    "gmail": ("gmail",),
    "google drive": ("google drive", "谷歌云盘"),
    "google maps": ("google maps", "谷歌地图"),
    "google docs": ("google docs", "google sheets", "google slides"),
    "google photos": ("google photos",),
    "google calendar": ("google calendar",),
    "google home": ("google home", "nest hub"),
    "microsoft product": ("microsoft product", "microsoft software", "microsoft service", "microsoft app",
                          "微软产品", "微软的软件"),
    "microsoft office": ("microsoft office", "ms office", "microsoft 365", "office 365"),
    "onedrive": ("onedrive",),
    "outlook": ("outlook",),
    "bing": ("bing", "必应"),
    "samsung product": ("samsung product", "samsung device", "三星产品"),
    "samsung pay": ("samsung pay",),
    "galaxy watch": ("galaxy watch",),
    "galaxy buds": ("galaxy buds",),
    # one-valued personal attributes, one id in either language (slots.py reads their values)
    "blood type": ("blood type", "blood group", "血型"),
    "star sign": ("star sign", "zodiac sign", "horoscope", "星座"),
    "chinese zodiac": ("chinese zodiac", "生肖", "属相"),
    "mbti": ("mbti", "personality type", "人格类型"),
    "driving licence": ("driving licence", "driving license", "driver's license", "drivers license",
                        "driver license", "驾照", "驾驶证", "驾驶执照"),
    "subscription": ("subscription", "订阅", "会员"),
    "report": ("report", "报告", "汇报"),
    "progress report": ("progress report", "status report", "进度报告", "周报"),
    # being reminded is getting a reminder: "remind them to drink water" / "no water reminders"
    "reminder": ("reminder", "提醒", *(f"remind {who} {what}" for who in ("them", "me", "him", "her", "the user", "user", "us")
                                       for what in ("to", "about"))),
    "birthday": ("birthday", "生日"),
    "deadline": ("deadline", "截止日期", "截止时间", "ddl"),
    "test": ("test", "tests", "unit test", "测试", "单元测试"),
    "bug": ("bug", "缺陷", "故障"),
    "deploy": ("deploy", "deployment", "release", "部署", "发布", "上线", "发版"),
    "documentation": ("documentation", "docs", "文档"),
    "commute": ("commute", "commuting", "通勤"),
    "team": ("team", "团队", "小组"),
    "steps": ("steps", "step count", "步数"),
    "thesis": ("thesis", "dissertation", "论文", "毕业论文"),
    "phd": ("phd", "doctorate", "博士"),
    "graduate school": ("grad school", "graduate school", "master's", "研究生", "读研"),
    "retired": ("retired", "retirement", "退休"),
    "hometown": ("hometown", "home town", "老家", "家乡"),
    "bath": ("shower", "bath", "洗澡", "淋浴"),
    "paper bill": ("paper bill", "paper statement", "纸质账单"),
    "vim": ("vim", "neovim"),
    "teams": ("teams", "microsoft teams"),
    "windows": ("windows",),
    "durian": ("durian", "榴莲"),
    "horror": ("horror movie", "horror film", "恐怖片"),
    "dinner party": ("team dinner", "work dinner", "聚餐", "同事聚餐"),
    # everyday sports and pastimes in both languages
    "basketball": ("basketball", "篮球", "打篮球"),
    "tennis": ("tennis", "网球", "打网球"),
    "badminton": ("badminton", "羽毛球", "打羽毛球"),
    "table tennis": ("table tennis", "ping pong", "乒乓球", "打乒乓球"),
    "yoga": ("yoga", "瑜伽", "练瑜伽"),
    "book": ("book", "books", "读书", "看书", "阅读", "书"),
    "podcast": ("podcast", "podcasts", "播客"),
    "photography": ("photography", "photos", "摄影", "拍照"),
    "drawing": ("painting", "drawing", "sketching", "画画", "绘画"),
    "dancing": ("dancing", "dance", "跳舞", "舞蹈"),
    "skiing": ("skiing", "ski", "skier", "滑雪"),
    "climbing": ("climbing", "bouldering", "climber", "攀岩"),
    "golf": ("golf", "golfer", "golfing", "高尔夫球", "打高尔夫"),
    "fishing": ("钓鱼",),
    "camping": ("camping", "露营"),
    "milk tea": ("milk tea", "bubble tea", "boba", "奶茶"),
    "public speaking": ("public speaking", "presentation", "presentations", "give talks", "giving talks",
                        "speak in public", "speaking in public", "演讲", "公开演讲", "当众讲话", "上台发言"),
    # kinds of food known by their instances: "薯片" is a snack, "McDonald's" fast food
    "snack": ("snack", "snacks", "junk snacks", "零食", "辣条"),
    "crisps": ("crisps", "potato chips", "薯片"),
    "fast food": ("fast food", "junk food", "快餐", "垃圾食品", "mcdonald's", "mcdonalds", "mcdonald", "kfc",
                  "burger king", "麦当劳", "肯德基", "汉堡王"),
    # what is seen of a stated habit, named in other words: "网上买的" is 网购, "ten minutes
    # late" is 迟到, "pushes commits" is working
    "online shopping": ("online shopping", "shop online", "shopping online", "buy online", "buys online",
                        "bought online", "order online", "orders online", "ordered online",
                        "amazon order", "amazon delivery", "amazon deliveries", "amazon package",
                        "网购", "网上买", "在网上买", "网上购物", "淘宝下单"),
    "lateness": ("be late", "arrive late", "arrives late", "arrived late", "minutes late", "hour late",
                 "hours late", "running late", "show up late", "shows up late", "迟到", "晚到"),
    "room": ("room", "rooms", "房间", "屋子", "屋里"),
    "sleep": ("sleep", "sleeps", "sleeper", "睡眠", "睡觉", "睡得"),
    # what a user asks to be sent, by how often: "wants weekly summaries" / "不需要每周总结"
    "weekly summary": ("weekly summary", "weekly summaries", "weekly recap", "weekly digest", "每周总结",
                       "周总结", "每周小结", "每周摘要", "summary every week", "summaries every week",
                       "summary each week", "每周的总结"),
    "daily summary": ("daily summary", "daily summaries", "daily recap", "daily digest", "每日总结", "每天总结",
                      "日总结", "每日小结", "每日摘要", "summary every day", "summaries every day",
                      "summary each day", "每天的总结"),
    "example": ("example", "examples", "code example", "code examples", "示例", "例子", "范例", "代码示例",
                "示例代码"),
    "board game": ("board game", "board games", "tabletop game", "tabletop games", "桌游", "桌面游戏",
                   "棋盘游戏"),
    # being by oneself: "enjoys solitude" / "害怕一个人待着"
    "solitude": ("solitude", "being alone", "be alone", "time alone", "alone time", "own company",
                 "独处", "一个人待着", "一个人呆着", "一个人待", "一个人呆", "独自待着", "独自一人"),
    # the gear an activity is done with (see GEAR)
    "tent": ("tent", "tents", "帐篷"),
    "sleeping bag": ("sleeping bag", "sleeping bags", "睡袋"),
    "fishing rod": ("fishing rod", "fishing rods", "fishing pole", "鱼竿", "钓竿", "钓鱼竿"),
    "yoga mat": ("yoga mat", "yoga mats", "瑜伽垫"),
    "golf club": ("golf club", "golf clubs", "高尔夫球杆"),
    "skis": ("ski boots", "雪板", "滑雪板", "雪具"),  # not "skis": it stems to "ski", the activity
    "chair": ("chair", "desk chair", "office chair", "armchair", "椅子", "办公椅", "座椅", "电脑椅"),
    "commit code": ("push commits", "pushes commits", "pushed commits", "push code", "pushes code",
                    "commit code", "commits code", "提交代码", "推代码"),
}
for _concept, _forms in BILINGUAL_CONCEPTS.items():
    CONCEPTS.setdefault(_concept, _forms)
# everyday activities a record names in other words (see `activities.py`)
for _concept, _forms in ACTIVITY_FORMS.items():
    CONCEPTS[_concept] = CONCEPTS.get(_concept, ()) + tuple(f for f in _forms if f not in CONCEPTS.get(_concept, ()))
