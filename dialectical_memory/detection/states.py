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
family says nothing against the other entry. Together they are one rule family
(`FAMILY`, at the end), which runs where an entry names an ended side.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from . import lexicon
from .analysis import Analysis, units
from .base import Verdict
from .family import Family as RuleFamily
from .family import contradiction
from .text import normalize, lazy_compile

_ZH_NUM = "[一二两三四五六七八九十]"


@dataclass(frozen=True)
class Family:
    name: str
    ended: re.Pattern  # the state that excludes the other
    ongoing: re.Pattern
    needs_still: re.Pattern | None = None  # ended forms that clash only with a state "still" held
    topical: bool = False  # both sides must speak of the same thing (a skill)
    observed: bool = False  # the ongoing side is a record of behaviour, a lapse ("sit unanswered", "没回")
    exempt: re.Pattern | None = None  # ongoing clauses that keep to the stated habit ("sugar-free")
    ever: bool = False  # the ended side is lifelong ("never had a job"): a past other side clashes too


def _compile(*parts: str) -> re.Pattern:
    return lazy_compile("|".join(parts))


# Speaking of a thing without doing it: "hates talking on the phone", "讨厌开车".
_NOT_DOING = r"\b(?:hat(?:es|ed)|avoids?|dislikes?|can't\s+stand|fears?|afraid)\b|讨厌|不喜欢|害怕|怕"


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
        "marriage",  # single or never married, against a marriage held now or just made
        _compile(r"\bis\s+(?:still\s+|now\s+)?single\b|\b(?:has|have)\s+never\s+(?:been\s+)?married\b|\bunmarried\b",
                 r"单身|单着|未婚|从(?:来)?(?:没|没有|未)(?:有)?结过婚|从未结婚"),
        _compile(r"\b(?:is|are|got|just\s+got|recently\s+got|was)\s+(?:now\s+|happily\s+|still\s+)?(?:married|engaged)\b|"
                 r"\bmarried\s+(?:last|this|in|two|three|a|on)\b",
                 r"(?<!想)(?<!要)结婚了|结了婚|已婚|领证了|订婚了|刚结婚|新婚"),
    ),
    Family(
        "studies",  # graduated, against studying for a first degree still
        _compile(r"\b(?:has\s+|have\s+|just\s+|recently\s+)?graduated\b(?!\s+(?:from\s+)?(?:high|secondary|middle|primary)\b)",
                 r"(?<!高中)(?<!初中)(?<!小学)(?<!中学)(?:已经|已)?毕业了|已经毕业|大学毕业|本科毕业"),
        _compile(r"\b(?:undergraduate|undergrad|freshman|sophomore)\b|"
                 r"\b(?:first|second|third|final)[- ]year\s+(?:university\s+|college\s+)?(?:student|undergrad\w*)\b",
                 r"大一|大二|大三|大四|本科在读|在读本科|还在读大学|还在上大学"),
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
                 r"\b(?:distinguish(?:es)?|spots?|notices?|sees?)\s+(?:\w+\s+){0,3}?colou?r(?:s|\s+(?:differences?|shades?))\b|"
                 r"\bcolou?r\s+(?:grad\w*|correct\w*)|\bmatch(?:es)?\s+colou?rs\b|\btells?\s+colou?rs\s+apart\b",
                 r"分得清(?:各种)?颜色|分辨(?:出)?[^，,。；;]{0,6}?(?:颜色|色差|色调)|辨色|调色"),
        exempt=_compile(r"\brel(?:y|ies)\s+on|\blabels?\b|\bapps?\b|\bhelp|\btrouble|\bstruggl|靠|借助|标签", _NOT_DOING),
    ),
    # The senses, against what only they allow: a blind person drives no car and reads no print
    # (braille and audiobooks are theirs), a deaf one takes no phone calls (texts and sign are theirs).
    Family(
        "sight",
        _compile(r"\b(?:is|are|was\s+born|went|gone|has\s+been|completely|totally|fully)\s+blind\b"
                 r"(?!\s+(?:to|date|spot|taste|test|review|faith|eye|side|in\s+one\s+eye))|\blost\s+(?:his|her|their|my)\s+sight\b",
                 r"(?:是|成了|成为)(?:一[名个位])?盲人|失明|全盲|看不见东西"),
        _compile(r"\bdriv(?:es|ing)\b|\bdrove\s+(?:to|a|the|his|her|their|home)\b|"
                 r"\breads?\s+(?:\w+\s+){0,2}?(?:printed|print|paperbacks?|newspapers?|magazines?|comics?|manga|"
                 r"street\s+signs?|road\s+signs?|subtitles?)\b",
                 r"开车|驾车|自驾|看报|看纸质书|看漫画|看字幕"),
        exempt=_compile(r"braille|audio|screen\s+reader|盲文|有声|听书|读屏", _NOT_DOING),
    ),
    Family(
        "hearing",
        _compile(r"\b(?:is|are|was\s+born|went|gone|has\s+been|completely|totally|profoundly|fully)\s+deaf\b(?!\s+to\b)",
                 r"(?:是|成了|成为)(?:一[名个位])?聋(?:哑)?人|耳聋|全聋|失聪|听不见声音"),
        _compile(r"\b(?:talks?|talking|chats?|chatting|speaks?|speaking)\s+(?:\w+\s+){0,3}?on\s+the\s+phone\b|"
                 r"\bphone\s+calls?\b|\b(?:listens?|listening)\s+to\s+(?:\w+\s+){0,2}?(?:music|podcasts?|radio|"
                 r"audiobooks?|songs?|albums?|voice\s+messages?)\b",
                 r"打电话|接电话|通电话|听(?:音乐|歌|播客|广播|有声书|语音)"),
        exempt=_compile(r"video\s+call|sign\s+language|caption|relay|手语|视频通话|字幕", _NOT_DOING),
    ),
    # Junk food as a category (fast food and fried snacks), against eating one of its kinds.
    Family(
        "junk food",
        _compile(r"\b(?:doesn't|does\s+not|don't|do\s+not|never|won't|no\s+longer)\s+(?:eats?|touch(?:es)?|have|has|buys?)\s+"
                 r"(?:any\s+)?(?:junk|fast)\s+food\b(?![^.;]*\b(?:except|unless|apart\s+from|other\s+than)\b)|\b(?:avoids?|cut\s+out|gave\s+up|quit)\s+(?:all\s+)?(?:junk|fast)\s+food\b|"
                 r"\bno\s+(?:junk|fast)\s+food\b",
                 r"(?:不|从不|从来不|不再|拒绝|远离|戒了?|戒掉了?)(?:吃|碰)?(?:垃圾食品|快餐|洋快餐)(?![^。；;]*(?:除了|除非))"),
        _compile(r"(?:\b(?:eats?|ate|eating|orders?|ordered|ordering|has|had|having|grabs?|grabbed|snacks?\s+on|lives?\s+on)|"
                 r"\b(?:receipts?|orders?|bills?|history|records?|statements?)\s+(?:\w+\s+){0,3}?(?:shows?|showed|lists?|listed|"
                 r"includes?|included))\s+(?:\w+\s+){0,4}?(?:fried\s+chicken|(?:french\s+)?fries|"
                 r"crisps|potato\s+chips|(?:ham|cheese)?burgers?|hot\s+dogs?|(?:chicken\s+)?nuggets|kfc|mcdonald'?s|big\s+macs?)\b",
                 r"(?:吃|点|叫|来|啃)[^，,。；;]{0,6}?(?:炸鸡|薯条|薯片|汉堡|热狗|辣条|鸡块|肯德基|麦当劳|泡面|方便面)"),
        exempt=_compile(r"home[- ]?made|air[- ]fr|veggie|vegan|salad|自制|空气炸锅|自己做"),
    ),
    Family(
        "marriage history",  # never married, against a former spouse (who may hold the other entry)
        _compile(r"\b(?:has|have)\s+never\s+(?:been\s+)?married\b|\bnever\s+married\b",
                 r"从(?:来)?(?:没|没有|未)(?:有)?结过婚|从未结婚|一直未婚"),
        _compile(r"\bex[- ](?:husband|wife|spouse)\b|\bdivorc\w+|\bwidow\w*", r"前夫|前妻|离过婚|离异|离婚|丧偶"),
    ),
    Family(
        "work history",  # never had a job, against any job held, now or before
        _compile(r"\b(?:has|have)\s+never\s+(?:had|held)\s+(?:a\s+|any\s+)?(?:paid\s+|real\s+|proper\s+|full[- ]time\s+)?jobs?\b|"
                 r"\b(?:has|have)\s+never\s+(?:been\s+employed|worked(?:\s+a\s+day)?)\b|\bnever\s+(?:had|held)\s+a\s+job\b",
                 r"从来?(?:没|没有|未)(?:有)?(?:上过班|工作过|打过工|参加过工作)|一天班(?:都|也)没上过|从未工作过"),
        _compile(r"\bwork(?:s|ed|ing)?\s+(?:as|at|for|in)\s+(?:an?\s+|the\s+)?\w+|\binterned\b|\binternship\b|"
                 r"\b(?:was|is)\s+an?\s+(?:\w+\s+)?(?:waiter|waitress|barista|cashier|teacher|nurse|engineer|clerk|"
                 r"driver|cook|chef|accountant|intern|developer|programmer|manager|lawyer|doctor|salesman|receptionist)\b|"
                 r"\b(?:part[- ]time|summer|first|day|old)\s+job\b",
                 r"在[^，,。；;]{1,8}?(?:工作|上班|打工|实习)(?:了|过)|(?:当过|做过)[^，,。；;]{1,6}|(?:当了|做了)[一二两三四五六七八九十几\d]+年|"
                 r"(?<![没未])(?<!没有)(?:打过工|上过班|实习过)"),
        ever=True,
    ),
    Family(
        "sea",  # never seen the sea, against being in it or on its shore (surfing, diving, a beach holiday)
        _compile(r"\b(?:has|have)\s+never\s+(?:seen|been\s+to|visited|swum\s+in)\s+(?:the\s+|an\s+|a\s+)?(?:ocean|sea|seaside|coast|beach)\b",
                 r"从来?(?:没|没有|未)(?:有)?(?:见过|看过|去过)(?:大海|海边|海)|从未(?:见过|看过|去过)(?:大海|海边|海)"),
        _compile(r"\b(?:surf(?:ed|ing|s)?(?!\s+(?:the\s+)?(?:web|internet|net|channels?))|scuba|snorkel\w*|sail(?:ed|ing)\s+(?:across|around|along|in)|"
                 r"beach\s+(?:holiday|vacation|trip)|swam\s+in\s+the\s+(?:sea|ocean)|by\s+the\s+sea|on\s+the\s+beach|cruise\s+ship|on\s+a\s+cruise)\b",
                 r"冲浪|潜水|浮潜|海边|海滩|沙滩|出海|赶海|游轮|在海里"),
        ever=True,
    ),
    Family(
        "nights",
        _compile(r"\bnever\s+stays?\s+up\s+late\b|\b(?:goes|go|gets?)\s+to\s+(?:bed|sleep)\s+early\b|"
                 r"\bearly\s+(?:sleeper|to\s+bed)\b",
                 r"\b(?:goes|go|gets?|is|in)\s+(?:to\s+)?(?:bed|asleep|sleep)\s+(?:by|before)\s+"
                 r"(?:9|10|11|nine|ten|eleven)\b",
                 r"(?:从不|从来不|不|很少)熬夜|早睡|睡得(?:很)?早|(?:九|十|十一|9|10|11)点(?:以|之)?前(?:一定|就|必须|准时)?(?:睡|上床)"),
        _compile(r"\b(?:at|around|past|after|until|till)\s+(?:[1-4]|one|two|three|four)\s*(?:a\.?m\.?|o'clock\s+at\s+night)|"
                 r"\b(?:after|past)\s+midnight\b|\bin\s+the\s+small\s+hours\b",
                 r"(?:凌晨|半夜|深夜)(?:[1-4]|[一二两三四])|(?<![十\d])(?:[1-4]|[一二两三四])点(?:多|半)?(?:了|以后|之后|过后)?(?:还|才)|"
                 r"(?:午夜|零点|半夜十二点|十二点)(?:以后|之后|过后)(?:才|还)"),
    ),
    # Stated habits against what a record shows (the "observed" families): each names an
    # activity, the absolute habit stated for it, and the time, quantity or lapse seen.
    Family(
        "sugar",  # no sugar at all, against a sweet food or drink had now
        _compile(r"\b(?:cut\s+out|quit|gave\s+up|given\s+up|cutting\s+out|off|no\s+longer\s+(?:eats?|has|takes?))\s+"
                 r"(?:all\s+|refined\s+|added\s+)?(?:sugar|sweets|sugary\s+\w+|desserts?)\b|"
                 r"\bnever\s+(?:eats?|has|touches|drinks?)\s+(?:sweets|sugar|desserts?|sugary\s+\w+)\b|"
                 r"\b(?:sugar|sweets)[- ]free\s+(?:diet|life)\b",
                 r"戒糖|戒了糖|戒掉了?糖|戒甜食|(?:从不|从来不|不)(?:吃|碰)甜(?:食|的|点|品)?|不喝(?:含糖|甜)(?:的)?饮料"),
        _compile(r"\b(?:eats?|ate|eating|drinks?|drank|drinking|orders?|ordered|ordering|has|had|having|buys?|bought|"
                 r"grabs?|gets?|snacks?\s+on)\s+(?:\w+\s+){0,4}?(?:sweetened\s+\w+|sugary\s+\w+|sodas?|colas?|cokes?|"
                 r"bubble\s+teas?|milk\s+teas?|boba|desserts?|cakes?|cupcakes?|candy|candies|sweets|chocolates?|"
                 r"ice\s+creams?|doughnuts?|donuts?|cookies?|pastr(?:y|ies)|brownies?|frappuccinos?|milkshakes?)\b",
                 r"(?:吃|喝|点|买|来)[^，,。；;]{0,6}?(?:奶茶|甜食|甜点|甜品|蛋糕|可乐|雪碧|汽水|糖果|巧克力|冰淇淋|冰激凌|"
                 r"奶昔|含糖饮料|甜饮料|马卡龙|甜甜圈)"),
        observed=True,
        exempt=_compile(r"sugar[- ]free|unsweetened|no\s+sugar|\bdiet\s|zero[- ]sugar|无糖|零糖|代糖|0糖|不加糖"),
    ),
    Family(
        "phone use",  # barely on the phone, against hours of screen time
        _compile(r"\b(?:barely|hardly|rarely|seldom)\s+(?:ever\s+)?(?:uses?|touches|looks\s+at|checks|picks\s+up|on)\s+"
                 r"(?:(?:their|his|her|my|the)\s+)?(?:phone|smartphone)\b",
                 r"(?:很少|不怎么|几乎不|基本不)(?:玩|用|看|碰|刷)手机"),
        _compile(r"\bscreen[- ]time\b[^.;]{0,40}?\b(?:[3-9]|1[0-9]|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\.\d)?\s*(?:\+\s*)?(?:hours?|hrs?|h)\b|"
                 r"\b(?:on|uses?|scrolls?)\s+(?:their|his|her|the)\s+phone\s+(?:for\s+)?(?:about\s+|over\s+)?(?:[3-9]|1[0-9]|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+hours?\b",
                 r"(?:屏幕使用时间|屏幕时间|使用时长)[^，,。；;]{0,10}?(?:[3-9]|1\d|[三四五六七八九十])个?多?小时|"
                 r"(?:玩|刷|看)手机[^，,。；;]{0,4}?(?:[3-9]|1\d|[三四五六七八九十])个?多?小时"),
        observed=True,
    ),
    Family(
        "gaming",  # hardly plays games, against many hours played
        _compile(r"\b(?:barely|hardly|rarely|seldom|never)\s+(?:ever\s+)?play\w*\s+(?:any\s+)?(?:video\s+|computer\s+|online\s+)?"
                 r"games\b|\b(?:barely|hardly|rarely|seldom|never)\s+games\b|\bnot\s+(?:a|much\s+of\s+a)\s+gamer\b",
                 r"(?:很少|不怎么|几乎不|基本不|从不|从来不)(?:玩|打)(?:电子|网络)?游戏"),
        _compile(r"\b(?:steam|playtime|play\s+time)\b[^.;]{0,40}?\b(?:\d{2,}|[5-9]|ten|twenty|thirty|forty|fifty)\s*(?:hours?|hrs?|h)\b|"
                 r"\bplay(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?(?:for\s+)?(?:about\s+|over\s+)?(?:[3-9]|1[0-9]|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+hours?\b",
                 r"(?:玩|打)了?(?:游戏)?[^，,。；;]{0,4}?(?:[2-9]|\d{2}|[两三四五六七八九十]+)个?多?小时(?:的)?游戏|"
                 r"(?:玩|打)游戏[^，,。；;]{0,4}?(?:[2-9]|\d{2}|[两三四五六七八九十]+)个?多?小时|游戏时长[^，,。；;]{0,8}?\d{2,}"),
        observed=True,
    ),
    Family(
        "replies",  # answers within a day, against messages left unanswered for days
        _compile(r"\b(?:answers?|replies|reply|responds?)\s+(?:to\s+)?(?:all\s+|every\s+)?(?:e-?mails?|messages|texts)?\s*"
                 r"(?:within|in\s+under|in\s+less\s+than)\s+(?:a|one|an|24|the\s+same|a\s+few)\s+(?:day|hours?)\b|"
                 r"\b(?:answers?|replies|responds?)\s+(?:to\s+)?(?:e-?mails?\s+|messages\s+)?(?:on\s+)?the\s+same\s+day\b",
                 r"当天(?:就)?回(?:复)?|(?:邮件|消息)[^，,。；;]{0,6}?(?:当天|24小时内|一天内|马上|立刻)(?:就)?回"),
        _compile(r"\b(?:e-?mails?|messages|texts)\b[^.;]{0,30}?\b(?:unanswered|unread|without\s+(?:a\s+)?(?:reply|response))\s+"
                 r"(?:for\s+)?(?:a\s+week|weeks|days|several\s+days|\d+\s+days|two|three|a\s+fortnight)|"
                 r"\btakes?\s+(?:a\s+week|weeks|days|several\s+days|\d+\s+days)\s+to\s+(?:reply|respond|answer)",
                 r"(?:邮件|消息)[^，,。；;]{0,8}?(?:一周|一个星期|好几天|几天|[两三四五六七]天)(?:都|也)?(?:没|不)回|"
                 r"(?:好几天|几天|一周|一个星期)(?:才|都不|也不)回"),
        observed=True,
    ),
    Family(
        "breakfast",  # breakfast every day, against a first meal at noon
        _compile(r"\b(?:eats?|has)\s+(?:a\s+)?(?:proper\s+|big\s+|good\s+)?breakfast\s+every\s+(?:single\s+)?(?:day|morning)\b|"
                 r"\bnever\s+skips?\s+breakfast\b|\balways\s+(?:eats?|has)\s+(?:a\s+)?breakfast\b",
                 r"每天(?:都|早上都)?(?:要|会)?吃早(?:饭|餐|点)|从不(?:不吃早饭|跳过早餐)|从来不落下?早(?:饭|餐)"),
        _compile(r"(?<!never\s)(?<!rarely\s)\bskips?\s+breakfast\b|\bfirst\s+meal\b[^.;]{0,25}?\b(?:noon|midday|lunch|1[1-9]\s*(?:am|pm|:)|[1-4]\s*pm)|"
                 r"\b(?:doesn't|does\s+not)\s+eat\s+(?:anything\s+)?(?:until|before)\s+(?:noon|lunch|midday)",
                 r"(?:中午|下午)(?:才)?(?:吃)?第一顿|第一顿(?:饭)?[^，,。；;]{0,4}?(?:中午|下午|十二点|一点)|(?<!每天都)不吃早(?:饭|餐)|"
                 r"(?:跳过|省掉|省略)早(?:饭|餐)"),
        observed=True,
    ),
    Family(
        "workouts",  # works out every day, against a record with none
        _compile(r"\b(?:works?\s+out|exercises?|trains?|goes\s+to\s+the\s+gym|runs)\s+(?:\w+\s+)?every\s+(?:single\s+)?day\b",
                 r"每天都?(?:要|会)?(?:运动|锻炼|健身|跑步|去健身房)"),
        _compile(r"\bno\s+(?:workouts?|exercise|runs|activity|gym\s+visits?)\s+(?:logged\s+|recorded\s+)?(?:in|for|during|over)\s+"
                 r"(?:the\s+)?(?:past|last)\s+(?:\w+\s+)?(?:weeks?|months?)|"
                 r"\bhas(?:n't|\s+not)\s+(?:worked\s+out|exercised|been\s+to\s+the\s+gym)\s+(?:in|for)\s+(?:weeks|months|a\s+month|\w+\s+weeks)",
                 r"(?:一个月|几个月|好几周|[两三四]周|一周|半个月)(?:都|也)?没(?:有)?(?:运动|锻炼|健身|去健身房|运动记录)|没有(?:任何)?运动记录"),
        observed=True,
    ),
    Family(
        "online shopping",  # rarely buys online, against parcels every week
        _compile(r"\b(?:rarely|hardly(?:\s+ever)?|seldom|barely|never)\s+(?:shops?|buys?(?:\s+(?:anything|things|stuff))?)\s+online\b|"
                 r"\b(?:rarely|hardly|seldom|never)\s+(?:does\s+(?:any\s+)?)?online\s+shopping\b",
                 r"(?:很少|几乎不|不怎么|基本不|从不|从来不)(?:网购|在网上买)"),
        _compile(r"\b(?:gets?|receives?|orders?)\s+(?:\w+\s+){0,4}?(?:parcels|packages|deliveries|online\s+orders)\b"
                 r"[^.;]{0,30}?\b(?:every|each|a|per)\s+(?:week|day)\b|"
                 r"\b(?:parcels|packages|deliveries)\s+(?:arrive|come)\s+(?:almost\s+)?(?:every|each)\s+day\b",
                 r"每(?:周|天|星期)(?:都)?(?:要|会)?收[^，,。；;]{0,5}?快递|快递[^，,。；;]{0,6}?每(?:周|天)(?:都)?(?:有|收)"),
        observed=True,
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
_NOT_NOW_OBSERVED = lazy_compile(
    r"\b(?:used\s+to|formerly|previously|once|as\s+a\s+(?:child|kid|student)|in\s+college|last\s+year|"
    r"will|plans?|planning|going\s+to|wants?\s+to|hopes?|considering)\b|"
    r"以前|之前|曾|过去|原来|小时候|上学时|大学时|打算|准备|计划|想要|要是|如果|去年", re.IGNORECASE)
# A job that never was: planned, wished for, sought, denied (a past one was).
_NOT_EVER = lazy_compile(
    r"\b(?:will|plans?|planning|going\s+to|wants?\s+to|hopes?|dreams?|considering|thinking\s+(?:of|about)|"
    r"would\s+like|not|never|looking\s+for|applying|applied|searching|volunteer\w*|unpaid)\b|n't|"
    r"找工作|求职|面试|打算|准备|计划|想|希望|梦想|要是|如果|没|不|志愿|义工", re.IGNORECASE)
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


def _held(pattern: re.Pattern, text: str, ended: bool, family: Family | None = None) -> re.Match | None:
    """The first match of `pattern` in a clause that holds now. An observed lapse is
    worded as a negation ("sit unanswered", "一周都没回"): only a past or a plan makes
    it not hold now."""
    not_now = _NOT_NOW_OBSERVED if family and family.observed else _NOT_EVER if family and family.ever else _NOT_NOW
    for match in pattern.finditer(text):
        clause = _clause(text, match)
        if not ended and family and family.exempt and family.exempt.search(clause):
            continue
        if ended:
            if _NEGATED_END.search(text[:match.start()]) or re.search(
                    r"\b(?:will|plans?|planning|going\s+to|wants?\s+to|hopes?|considering|thinking)\b|"
                    r"打算|准备|计划|想|快要?|明年|下个月|将", clause, re.IGNORECASE):
                continue
        elif not_now.search(clause):
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
    "marriage": ("single", "never", "unmarried", "married", "engaged",
                 "单身", "单着", "未婚", "结过婚", "结婚", "结了婚", "已婚", "领证", "订婚", "新婚"),
    "studies": ("graduat", "undergrad", "freshman", "sophomore", "year",
                "毕业", "大一", "大二", "大三", "大四", "本科", "读大学", "上大学"),
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
    "colour vision": ("colo", "tell", "distinguish", "色盲", "色弱", "颜色", "色差", "色调", "辨色", "调色"),
    "sight": ("blind", "sight", "driv", "drove", "read", "盲人", "失明", "全盲", "看不见", "开车", "驾车", "自驾", "看报",
              "看纸质书", "看漫画", "看字幕"),
    "hearing": ("deaf", "phone", "listen", "聋", "失聪", "听不见", "电话", "听"),
    "junk food": ("junk", "fast", "grab", "fried", "fries", "crisps", "chips", "burger", "hot dog", "nugget", "kfc", "mcdonald",
                  "big mac", "垃圾食品", "快餐", "炸鸡", "薯条", "薯片", "汉堡", "热狗", "辣条", "鸡块", "肯德基", "麦当劳",
                  "泡面", "方便面"),
    "marriage history": ("married", "ex", "divorc", "widow", "结过婚", "结婚", "未婚", "前夫", "前妻", "离过婚",
                         "离异", "离婚", "丧偶"),
    "sugar": ("cut", "quit", "gave", "given", "off", "no longer", "never", "free",
              "eat", "ate", "drink", "drank", "order", "has", "had", "having", "buy", "bought", "grab", "get",
              "snack", "戒", "甜", "饮料", "吃", "喝", "点", "买", "来",
              "奶茶", "蛋糕", "可乐", "雪碧", "汽水", "糖", "巧克力", "冰淇淋", "冰激凌", "奶昔", "马卡龙"),
    "online shopping": ("shop", "buy", "online", "parcel", "package", "deliver", "order", "网购", "网上", "快递"),
    "phone use": ("phone", "screen", "手机", "屏幕", "使用时长"),
    "gaming": ("game", "gamer", "steam", "play", "游戏", "玩", "打"),
    "replies": ("answer", "repl", "respond", "mail", "message", "text", "take", "回"),
    "breakfast": ("breakfast", "first meal", "eat", "早", "第一顿"),
    "workouts": ("work", "exercis", "train", "gym", "run", "no ", "has",
                 "运动", "锻炼", "健身", "跑步", "没"),
    "work history": ("job", "employ", "work", "intern", "waiter", "waitress", "barista", "cashier", "teacher",
                     "nurse", "engineer", "clerk", "driver", "cook", "chef", "accountant", "developer", "programmer",
                     "manager", "lawyer", "doctor", "salesman", "receptionist",
                     "工作", "班", "打工", "打过工", "当过", "做过", "当了", "做了", "实习"),
    "sea": ("ocean", "sea", "coast", "beach", "surf", "scuba", "snorkel", "sail", "cruise",
            "海", "冲浪", "潜水", "浮潜", "沙滩", "游轮"),
    "nights": ("stay", "bed", "sleep", "asleep", "early", "睡", "上床", "at", "around", "past", "after", "until", "till", "midnight",
               "small hours",
               "熬夜", "早睡", "睡得", "凌晨", "半夜", "深夜", "点", "午夜"),
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


def conflict(a_text: str, b_text: str) -> tuple[str, str, str] | None:
    """(family, ended side, ongoing side) when `a_text` states an ended state
    `b_text` still holds (a skill's two entries must be about the same thing
    besides their level words)."""
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
        going = _held(family.ongoing, b, ended=False, family=family)
        if not going or family.ongoing.search(a) or family.ended.search(b):
            continue
        if family.needs_still and family.needs_still.search(end.group(0)) and not _STILL.search(b):
            continue  # "辞职了" / "在字节跳动上班": a new job may have followed
        if family.name == "relationship" and _NEW.search(b):
            continue
        if family.topical and not _same_thing(family, a, b):
            continue
        return family.name, end.group(0), going.group(0)
    return None


_FORM_CONCEPT = {form: concept for concept, forms in lexicon.CONCEPTS.items() for form in forms}


def _same_thing(family: Family, a: str, b: str) -> bool:
    def about(text: str) -> frozenset[str]:
        rest = family.ongoing.sub(" ", family.ended.sub(" ", text))
        levels = " ".join(match.group(0) for pattern in (family.ended, family.ongoing)
                          for match in pattern.finditer(text))
        named = {concept for form, concept in _FORM_CONCEPT.items()  # "grandmaster" is chess
                 if form in levels and re.search(rf"(?<![a-z]){re.escape(form)}(?![a-z])", levels)}
        return frozenset(unit for unit in units(rest) | named if not _LEVEL_WORDS.fullmatch(unit))
    x, y = about(a), about(b)  # one names all the other does: "student loans" is not "car loan"
    return bool(x and y and (x <= y or y <= x))


def state_terms(analysis: Analysis) -> set[str]:
    """Index terms: the sides of a family share no word ("已经退休了" / "每天去公司上班")."""
    _, ended, ongoing = _sides(analysis.text)
    return {f"${name}" for name in ended | ongoing}


_STATE_KINDS = {"employment": "temporal", "relationship": "temporal", "marriage": "temporal", "studies": "temporal", "skill": "implicit", "nights": "implicit",
                "finished": "temporal", "parents' home": "temporal", "remote": "implicit", "eyesight": "implicit",
                "colour vision": "implicit", "marriage history": "implicit", "sugar": "implicit",
                "phone use": "implicit", "gaming": "implicit", "replies": "implicit", "breakfast": "implicit",
                "workouts": "implicit", "online shopping": "implicit", "sight": "implicit", "hearing": "implicit",
                "junk food": "implicit", "work history": "implicit", "sea": "implicit"}


def _state_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """An ended state the other entry still holds, or two levels of one thing
    (the families above): "已经退休了" / "每天去公司上班", "complete beginner at chess" /
    "FIDE-rated grandmaster", "从不熬夜" / "凌晨两点还在发消息"."""
    found = conflict(a.text, b.text)
    if found and a.holder != b.holder and found[0] not in ANY_HOLDER:
        return None
    if not found:
        return None
    family, ended, ongoing = found
    return contradiction(_STATE_KINDS[family], 0.7, ended, ongoing, holder=a.holder, family=family)


def _ends_a_state(analysis: Analysis) -> bool:
    return bool(_sides(analysis.text)[1])


# One rule family (family.py) for all the state families above: its cue is an ended side named.
FAMILY = RuleFamily("state", kinds=tuple(sorted(set(_STATE_KINDS.values()))), priority=200,
                    compare=_state_conflict, cue=_ends_a_state, index_terms=state_terms)
