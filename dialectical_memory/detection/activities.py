"""Everyday activities named in both languages, and the other words a record uses for
them, so that a stated habit and an observed one share a concept whatever their words:
"never drinks alcohol" / "a bar tab every Friday", "从不点外卖" / "外卖软件 … 二十多单",
"plays chess every night" / "几乎从不下棋", "很少加班" / "在公司待到晚上十点".

`lexicon` adds these forms to its concepts (new concepts, or more forms of one it has).
"""

from __future__ import annotations

ACTIVITY_FORMS: dict[str, tuple[str, ...]] = {
    "alcohol": ("bar tab", "bar bill", "pub", "pubs", "喝酒", "饮酒", "酒吧"),
    "chess": ("下棋", "象棋", "下象棋"),
    "takeaway": ("food delivery", "delivery app", "uber eats", "deliveroo", "doordash", "点外卖", "叫外卖",
                 "美团外卖", "饿了么"),
    "overtime": ("overtime", "work overtime", "works overtime", "working overtime", "worked overtime",
                 "work late", "works late", "working late", "worked late", "stay late at work",
                 "stays late at work", "stays late at the office", "加班", "在公司待到", "在办公室待到",
                 "在单位待到", "留在公司"),
    "watering": ("water the plants", "waters the plants", "watered the plants", "water the garden",
                 "waters the garden", "watering the plants", "watering", "浇水", "浇花"),
    "meditation": ("meditate", "meditates", "meditating", "meditation", "冥想", "打坐"),
    "taxi": ("uber", "lyft", "didi", "滴滴"),
    "gambling": ("gamble", "gambles", "gambling", "gambled", "gambler", "bets", "betting", "places bets",
                 "placed bets", "places a bet", "lottery", "lottery ticket", "lottery tickets", "casino", "casinos",
                 "sportsbook", "赌博", "赌钱", "下注", "赌球", "彩票", "买彩票", "赌场", "博彩", "押注"),
    "vocabulary app": ("vocabulary app", "language app", "language-learning app", "duolingo", "babbel", "memrise",
                       "背单词软件", "背单词app", "背单词 app", "单词软件", "单词app", "单词 app", "百词斩", "扇贝单词",
                       "多邻国"),
    "online shopping": ("淘宝", "taobao", "京东", "快递", "parcel", "parcels"),
}


# The tool an activity is done with: a record that the tool lies unused ("背单词软件两个月没打开过",
# "hasn't opened Duolingo in months") is a record of the activity not done.
LANGUAGES = ("english", "japanese", "chinese", "spanish", "french", "german", "korean", "italian", "russian",
             "portuguese", "arabic")
# what is done with it, and the verbs of doing it: learning a language, not speaking one
TOOL_OF: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "vocabulary app": (LANGUAGES, ("学", "studi", "learn", "practis", "practic", "练", "复习", "背"))}
