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
    "online shopping": ("淘宝", "taobao", "京东", "快递", "parcel", "parcels"),
}
