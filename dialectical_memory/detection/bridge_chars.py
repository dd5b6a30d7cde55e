"""Single Chinese characters that are words on their own, with an English head word.

bridge.tsv keeps words of two to five characters only, so "用户的卧室很暗" (dark), "比起山，
用户更喜欢海" (mountain, sea) or "很小" (small) kept their character as the topic and met no
English word. These are the common one-character adjectives, nouns and verbs of everyday
entries, each with the head word of its first sense in CC-CEDICT (cc-cedict.org, CC BY-SA 4.0),
picked by hand from the most frequent characters of modern Chinese. They are read only when a
Chinese entry is compared with an English one, and only for a character the lexicon left
standing alone (not one inside a longer word: 间 of 时间 is not here).
"""

from __future__ import annotations

# adjectives: the poles of the everyday scales (each English word is a WordNet antonym pole)
_ADJECTIVES = {
    "大": "big", "小": "small", "高": "tall", "矮": "short", "低": "low", "长": "long", "短": "short",
    "冷": "cold", "热": "hot", "暖": "warm", "凉": "cool", "亮": "bright", "暗": "dark", "新": "new",
    "旧": "old", "快": "fast", "慢": "slow", "重": "heavy", "轻": "light", "胖": "fat", "瘦": "thin",
    "脏": "dirty", "吵": "noisy", "静": "quiet", "甜": "sweet", "酸": "sour", "苦": "bitter", "辣": "spicy",
    "咸": "salty", "淡": "bland", "贵": "expensive", "远": "far", "近": "near", "宽": "wide", "窄": "narrow",
    "厚": "thick", "薄": "thin", "深": "deep", "浅": "shallow", "硬": "hard", "软": "soft", "难": "difficult",
    "忙": "busy", "闲": "idle", "累": "tired", "饿": "hungry", "湿": "wet", "乱": "messy", "美": "beautiful",
    "丑": "ugly", "强": "strong", "弱": "weak", "富": "rich", "穷": "poor", "紧": "tight", "松": "loose",
    "早": "early", "晚": "late", "挤": "crowded", "空": "empty", "满": "full", "粗": "thick",
    "细": "thin", "香": "fragrant", "臭": "smelly",
}

# nouns: things, food, animals, places and seasons named by one character
NOUNS = {
    "山": "mountain", "海": "sea", "湖": "lake", "河": "river", "江": "river", "岛": "island", "猫": "cat",
    "狗": "dog", "鱼": "fish", "肉": "meat", "茶": "tea", "酒": "alcohol", "面": "noodle", "饭": "rice",
    "粥": "porridge", "书": "book", "车": "car", "花": "flower", "树": "tree", "鸟": "bird", "马": "horse",
    "牛": "cow", "羊": "sheep", "猪": "pig", "鸡": "chicken", "鸭": "duck", "蛋": "egg", "虾": "shrimp",
    "蟹": "crab", "雪": "snow", "雨": "rain", "城": "city", "床": "bed", "歌": "song", "球": "ball",
    "糖": "sugar", "盐": "salt", "汤": "soup", "菜": "vegetable", "奶": "milk", "烟": "cigarette",
    "药": "medicine", "船": "boat", "鞋": "shoe", "诗": "poetry", "春": "spring", "夏": "summer",
    "秋": "autumn", "冬": "winter", "桥": "bridge", "狼": "wolf", "熊": "bear", "蛇": "snake", "兔": "rabbit",
    "梨": "pear", "桃": "peach", "瓜": "melon", "豆": "bean", "姜": "ginger", "蒜": "garlic", "醋": "vinegar",
}

# verbs of activities an entry likes, does or avoids
_VERBS = {
    "跑": "run", "游": "swim", "唱": "sing", "跳": "jump", "读": "read", "写": "write", "画": "draw",
    "睡": "sleep", "骑": "ride", "飞": "fly", "钓": "fish", "滑": "ski", "爬": "climb",
}

WORDS: dict[str, str] = {**_ADJECTIVES, **NOUNS, **_VERBS}

# Words of everyday pastimes whose CC-CEDICT first sense tools/make_bridge.py drops (not one
# plain English word: "vocal recital or concert", "rock 'n' roll", "hip-hop"), given the head
# word of that sense by hand.
PASTIMES = {
    "演唱会": "concert", "摇滚": "rock", "嘻哈": "hip hop", "说唱": "rap", "京剧": "opera",
    "脱口秀": "comedy", "徒步": "hiking", "夜店": "nightclub", "蹦迪": "disco",
}
