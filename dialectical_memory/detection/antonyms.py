"""Opposite words: WordNet's antonym axes (English), plus a small bilingual table.

`opposed("spacious", "cramped")` tells whether two words (stems, as the analysis
gives them) sit on opposite poles of one axis. WordNet's adjective clusters
give most of it ("quiet" / "noisy", "strict" / "lenient"); `lexicon.BILINGUAL_AXES`
adds Chinese words, each read as the English word it stands for, so "安静"
and "noisy" are opposed too. The table is parsed on first use.
"""

from __future__ import annotations

import functools

from . import lexicon
from .text import lazy_compile, stem


def stemmed_axes(axes: str) -> str:
    """``axes`` (lines of ``pole words|pole words``) with each word stemmed, kept in first order."""
    return "\n".join("|".join(" ".join(dict.fromkeys(map(stem, pole.split()))) for pole in line.split("|"))
                     for line in axes.strip().splitlines())


@functools.cache
def _poles() -> dict[str, frozenset[tuple[int, int]]]:
    from .wordnet_poles import STEMMED_AXES  # generated from wordnet_antonyms by stemmed_axes

    found: dict[str, set[tuple[int, int]]] = {}
    lines = STEMMED_AXES.strip().splitlines()
    for number, line in enumerate(lines):
        for side, words in enumerate(line.split("|")):
            for word in words.split():
                found.setdefault(word, set()).add((number, side))
    for number, poles in enumerate(lexicon.BILINGUAL_AXES, start=len(lines)):
        for side, words in enumerate(poles):
            for word in words:
                found.setdefault(gloss(word), set()).add((number, side))
                if word.isascii():
                    found.setdefault(stem(word), set()).add((number, side))
    return {word: frozenset(axes) for word, axes in found.items()}


def gloss(word: str) -> str:
    """The unit a word of the bilingual table stands for: its English stem."""
    return _GLOSSES().get(word, stem(word) if word.isascii() else word)


@functools.cache
def _GLOSSES() -> dict[str, str]:
    glosses = {}
    for poles in lexicon.BILINGUAL_AXES:
        for words in poles:
            english = next((w for w in words if w.isascii()), words[0])
            for word in words:
                glosses[word] = stem(english) if english.isascii() else english
    return glosses


def opposed(x: str, y: str) -> bool:
    """Are the units `x` and `y` on opposite poles of one axis? Units of the
    analysis' own axes ("length=long") are opposed to the other pole of theirs."""
    if "=" in x and "=" in y:
        (axis_x, pole_x), (axis_y, pole_y) = x.split("=", 1), y.split("=", 1)
        return axis_x == axis_y and pole_x != pole_y
    poles = _poles()
    left, right = poles.get(x), poles.get(y)
    if not left or not right or x == y:
        return False
    return any((axis, 1 - side) in right for axis, side in left)


def axes_of(unit: str) -> frozenset[int]:
    """The antonym axes a unit sits on (either pole), for the candidate index."""
    return frozenset(axis for axis, _side in _poles().get(unit, ()))


def is_bilingual_axis(axis: int) -> bool:
    """An axis of `lexicon.BILINGUAL_AXES` (numbered after WordNet's)."""
    return axis >= _wordnet_axis_count()


@functools.cache
def _wordnet_axis_count() -> int:
    from .wordnet_poles import STEMMED_AXES

    return len(STEMMED_AXES.strip().splitlines())


def is_adjective(word: str) -> bool:
    """A word that sits on some antonym axis: it describes rather than names."""
    return stem(word.lower()) in _poles()


def is_unit_on_axis(unit: str) -> bool:
    return unit in _poles()


@functools.cache
def _chinese_forms() -> tuple[str, ...]:
    forms = {word for poles in lexicon.BILINGUAL_AXES for words in poles for word in words
             if not word.isascii()}
    return tuple(sorted(forms, key=len, reverse=True))


@functools.cache
def _chinese_words() -> frozenset[str]:
    return frozenset(form for form in _chinese_forms() if len(form) > 1)


def run_gloss(run: str) -> str:
    """The English unit a whole Chinese run of the bilingual table stands for ("舒服" →
    "comfortabl"), so "不舒服" denies "comfortable"; "" for any other run."""
    return gloss(run) if run in _chinese_words() else ""


def chinese_poles(text: str) -> list[str]:
    """Chinese words of the bilingual table in `text`, longest first, not overlapping."""
    found, taken = [], set()
    for form in _chinese_forms():
        start = text.find(form)
        while start >= 0:
            span = set(range(start, start + len(form)))
            if not span & taken:
                found.append(form)
                taken |= span
            start = text.find(form, start + 1)
    return found


# --- Chinese antonym morphemes in otherwise identical statements -----------------
#
# Chinese builds its scale words from one-character poles (反义词: 高/矮, 早/晚,
# 深/浅): "急性子" / "慢性子", "朝北" / "朝南", "很好" / "很差". Two entries that are
# the same statement but for one such pole say opposite things of one thing, in one
# context: whatever else could keep them apart (a holder, a time, a scope) would be
# worded in both. The poles are the basic antonym pairs of a Chinese textbook list,
# grouped by scale; a pole counts only where it is predicated ("很高", "是个急性子",
# "喝热的", "朝北"), not inside a noun ("大女儿", "早饭", "北京").
ZH_ANTONYM_SCALES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("高",), ("矮", "低")), (("大",), ("小",)), (("多",), ("少",)), (("长",), ("短",)),
    (("深",), ("浅",)), (("厚",), ("薄",)), (("宽",), ("窄",)), (("粗",), ("细",)),
    (("胖",), ("瘦",)), (("重",), ("轻",)), (("远",), ("近",)), (("快", "急"), ("慢",)),
    (("早",), ("晚", "迟")), (("冷", "凉", "冰"), ("热", "烫", "暖")), (("好",), ("差", "坏", "烂")),
    (("浓",), ("淡",)), (("甜",), ("咸",)), (("强",), ("弱",)), (("新", "崭新", "全新"), ("旧", "老旧", "破旧", "陈旧")),
    (("难",), ("易", "容易")), (("松",), ("紧",)), (("亮",), ("暗",)),
    # 干 dry against 湿 wet, and against 油 oily (of skin and hair: 干性 / 油性)
    (("干", "干燥"), ("湿", "潮湿", "湿润", "油", "油腻")),
    (("硬",), ("软",)), (("贵",), ("便宜",)), (("忙",), ("闲",)), (("勤",), ("懒",)),
    (("静", "安静", "宁静", "清静"), ("吵", "闹", "吵闹", "嘈杂", "喧闹")), (("内向",), ("外向",)), (("喜欢", "爱", "热爱"), ("讨厌", "恨", "反感")),
    (("支持", "赞成", "同意"), ("反对",)), (("北",), ("南",)), (("东",), ("西",)),
    (("整洁", "整齐", "干净"), ("乱", "脏", "脏乱", "凌乱")), (("节约", "节俭", "节省"), ("浪费",)),
    (("勤快", "勤奋"), ("懒", "懒惰")), (("外向", "开朗"), ("内向",)), (("乐观",), ("悲观",)),
    # evaluations of how a thing is done or turns out (写得很漂亮 / 很难看, 做得好吃 / 难吃)
    (("好看", "漂亮", "美", "工整"), ("难看", "丑", "潦草")), (("好吃", "香"), ("难吃",)),
    (("好听",), ("难听",)), (("好用",), ("难用",)),
    # two-character adjectives of a person or a thing, from the basic pairs of primary-school
    # 反义词 lists (常用反义词表), grouped by scale
    (("温和", "温柔", "和气", "和善", "随和"), ("暴躁", "急躁", "粗暴", "火爆", "凶", "凶悍")),
    (("友好", "友善", "亲切", "热情"), ("冷漠", "冷淡", "冷酷")),
    (("宽敞", "宽阔", "宽大"), ("狭窄", "狭小", "窄小", "拥挤")), (("明亮",), ("昏暗", "黑暗", "阴暗")),
    (("轻松", "清闲", "悠闲"), ("辛苦", "累", "劳累", "繁重", "吃力", "忙碌")),
    (("活泼", "好动"), ("文静", "沉静")), (("安全",), ("危险",)), (("舒服", "舒适"), ("难受",)),
    (("勇敢", "大胆", "胆大"), ("胆小", "懦弱", "胆怯")), (("聪明", "机灵"), ("笨", "愚蠢", "笨拙")),
    (("健康", "强壮", "结实"), ("虚弱", "瘦弱", "体弱", "多病")), (("富裕", "富有", "有钱"), ("贫穷", "穷")),
    (("年轻",), ("年老", "衰老")), (("熟练",), ("生疏",)), (("诚实", "老实"), ("虚伪", "狡猾")),
    (("谦虚",), ("骄傲", "自大")), (("大方", "慷慨"), ("小气", "吝啬")),
    (("认真", "细心", "仔细"), ("马虎", "粗心")), (("简单",), ("复杂",)), (("热闹", "繁华"), ("冷清", "荒凉")),
    (("坚强",), ("脆弱",)), (("光滑", "平滑"), ("粗糙",)), (("柔软",), ("坚硬",)), (("清楚", "清晰"), ("模糊",)),
    (("清澈",), ("浑浊",)), (("成熟", "稳重"), ("幼稚",)), (("方便",), ("麻烦",)),
    (("高兴", "开心", "快乐", "愉快"), ("难过", "伤心", "痛苦", "沮丧")), (("严格", "严厉"), ("宽松", "随意")),
    (("紧张",), ("放松",)), (("积极",), ("消极",)), (("主动",), ("被动",)), (("健谈", "话多"), ("寡言", "沉默", "话少")),
    (("有趣", "有意思"), ("无聊", "乏味", "没意思")), (("洪亮", "响亮"), ("微弱", "细小")),
    (("新鲜",), ("不新鲜",)),
)
# Where a one-character pole is predicated: after a degree word, a copula or a
# facing verb, or before a nominaliser or the end of the statement.
_BEFORE_POLE = frozenset("很太挺较更最偏超够常分得是个朝向坐也都又还些点")
_AFTER_POLE = frozenset("的了些点性子")
_DEGREE = ("非常", "特别", "比较", "有点", "有些", "十分", "相当", "很", "太", "挺", "超", "偏", "较", "更", "最")
_END = "。！？!?.，,；; "
_AVERSE = lazy_compile(r"不|没|别|怕|讨厌|厌|受不了|避免|拒绝|忌")


@functools.cache
def _zh_scale_index() -> dict[str, tuple[int, int]]:
    return {word: (number, side) for number, poles in enumerate(ZH_ANTONYM_SCALES)
            for side, words in enumerate(poles) for word in words}


def _core(diff: str) -> str:
    for degree in _DEGREE:
        if diff.startswith(degree) and len(diff) > len(degree):
            return diff[len(degree):]
    return diff


def zh_minimal_pair(a: str, b: str) -> tuple[str, str] | None:
    """The two poles where `a` and `b` (Chinese, subject stripped) are one
    statement but for an antonym morpheme, or None."""
    # a closing 了 ("很旧了") says the state has come about, and holds now
    a, b = a.strip(_END).removesuffix("了"), b.strip(_END).removesuffix("了")
    if abs(len(a) - len(b)) > 3 or a[:1] != b[:1] and a[-1:] != b[-1:]:
        return None  # a pole and a degree word differ by a few characters at most
    prefix = _common_prefix(a, b)
    suffix = _common_prefix(a[prefix:][::-1], b[prefix:][::-1])
    diff_a, diff_b = a[prefix:len(a) - suffix], b[prefix:len(b) - suffix]
    if not diff_a or not diff_b or prefix + suffix == 0 or _AVERSE.search(a[:prefix]):
        return None  # "怕冷" / "怕热", "不喜欢甜的" / "不喜欢咸的": one can shun both poles
    core_a, core_b = _core(diff_a), _core(diff_b)
    index = _zh_scale_index()
    if (len(core_a) == len(core_b) == 1 and suffix and core_a + a[len(a) - suffix] in index
            and core_b + b[len(b) - suffix] in index):  # "好吃" / "难吃": a word, not two poles
        core_a, core_b = core_a + a[len(a) - suffix], core_b + b[len(b) - suffix]
        suffix -= 1
    elif len(core_a) == len(core_b) == 1 and (core_a not in index or core_b not in index):
        if suffix:  # "内向" / "外向": the pole word shares its last character
            core_a, core_b = core_a + a[len(a) - suffix], core_b + b[len(b) - suffix]
            suffix -= 1
        else:
            return None
    pole_a, pole_b = index.get(core_a), index.get(core_b)
    if not pole_a or not pole_b or pole_a[0] != pole_b[0] or pole_a[1] == pole_b[1]:
        return None
    if not (_predicated(a, prefix, suffix, core_a) and _predicated(b, prefix, suffix, core_b)):
        return None
    return core_a, core_b


def _common_prefix(x: str, y: str) -> int:
    n = 0
    for left, right in zip(x, y):
        if left != right:
            break
        n += 1
    return n


def _predicated(text: str, prefix: int, suffix: int, core: str) -> bool:
    if len(core) > 1:
        return True  # a word of its own: "内向", "讨厌"
    start = len(text) - suffix - 1  # the pole is the diff's last character
    before = text[start - 1] if start > 0 else ""
    after = text[start + 1] if start + 1 < len(text) else ""
    return before in _BEFORE_POLE or after in _AFTER_POLE
