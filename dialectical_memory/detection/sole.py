""""Only"/"唯一"/"sole" makes a slot single-valued: "User's only pet is a cat" vs "…a rabbit".

A pet, a child or a sibling is usually one of several ("User's pet is a cat" says
nothing against a rabbit), so only the word "only" makes the slot one-valued, and
only values of the slot's type are compared: a pet's species, a child's or a
sibling's sex, a car's make. "User's only child is a newborn" / "…is a daughter"
name two different things of one child and do not clash.
"""

from __future__ import annotations

import re

from . import lexicon
from .text import lazy_compile

# A pet's species in either language, one id each.
SPECIES = {form: species for species, forms in {
    "cat": ("cat", "kitten", "猫", "猫咪", "小猫"), "dog": ("dog", "puppy", "狗", "狗狗", "小狗"),
    "rabbit": ("rabbit", "bunny", "兔子", "小兔子", "兔"), "hamster": ("hamster", "仓鼠"),
    "guinea pig": ("guinea pig", "豚鼠", "荷兰猪"), "parrot": ("parrot", "鹦鹉"),
    "budgie": ("budgie", "budgerigar", "虎皮鹦鹉"), "goldfish": ("goldfish", "金鱼"),
    "fish": ("fish", "鱼"), "turtle": ("turtle", "tortoise", "乌龟", "龟"), "snake": ("snake", "蛇"),
    "lizard": ("lizard", "gecko", "蜥蜴", "守宫"), "ferret": ("ferret", "雪貂"), "horse": ("horse", "pony", "小马"),
    "chinchilla": ("chinchilla", "龙猫"), "hedgehog": ("hedgehog", "刺猬"), "rat": ("rat", "老鼠"),
}.items() for form in forms}
# A child's or a sibling's sex.
SEXES = {form: sex for sex, forms in {
    "male": ("son", "boy", "brother", "儿子", "男孩", "男孩子", "哥哥", "弟弟"),
    "female": ("daughter", "girl", "sister", "女儿", "女孩", "女孩子", "姐姐", "妹妹"),
}.items() for form in forms}
# The one-valued noun → (slot, value table)
_NOUNS = {
    "pet": ("pet", SPECIES), "宠物": ("pet", SPECIES), "animal": ("pet", SPECIES),
    "child": ("child", SEXES), "kid": ("child", SEXES), "孩子": ("child", SEXES), "小孩": ("child", SEXES),
    "sibling": ("sibling", SEXES), "兄弟姐妹": ("sibling", SEXES), "手足": ("sibling", SEXES),
    "car": ("car", lexicon.CAR_BRANDS), "车": ("car", lexicon.CAR_BRANDS),
}
_EN = lazy_compile(
    r"^(?:the\s+)?user'?s\s+(?:only|sole|one\s+and\s+only)\s+(?P<noun>pet|animal|child|kid|sibling|car)\s+"
    r"is\s+(?P<rest>[^,;.]+)", re.IGNORECASE)
_ZH = lazy_compile(
    r"^(?:该|这位)?用户(?:家)?(?:唯一的|仅有的|唯一一(?:只|个|条|位|辆))(?P<noun>宠物|孩子|小孩|兄弟姐妹|手足|车)是"
    r"(?P<rest>[^，,。；;！!]+(?:[，,](?:名叫|叫做?|名字叫)[^，,。；;！!]+)?)")
_NAME = lazy_compile(r"\b(?:named|called)\s+(?P<name>[A-Z][\w'-]*)|(?:名叫|叫做?|名字叫)(?P<zh>[\u4e00-\u9fff]{1,4}|[A-Za-z]+)")
_WORD = lazy_compile(r"[a-z]+(?:\s+pig)?", re.IGNORECASE)


def _typed_value(rest: str, table: dict[str, str]) -> tuple[str, str]:
    """The first word of `rest` the table knows (its id and its spelling), or ("", "")."""
    name = _NAME.search(rest)
    described = rest[: name.start()] if name else rest
    if re.search(r"[\u4e00-\u9fff]", described):
        found = [form for form in table if form in described]
        form = max(found, key=len) if found else ""
        return table.get(form, ""), form
    for word in _WORD.findall(described):
        word = word.lower()
        for form in (word, word.rstrip("s")):
            if form in table:
                return table[form], form
    return "", ""


def sole_values(text: str) -> list[tuple[str, str, str]]:
    """(slot, value, display) for an "only" noun: ("only pet", "cat", "cat"), and the
    pet's name as the slot every naming of a pet fills ("cat name", "pumpkin", "Pumpkin")."""
    match = _EN.search(text) or _ZH.search(text)
    if not match:
        return []
    slot, table = _NOUNS[match["noun"].lower()]
    value, display = _typed_value(match["rest"], table)
    if not value:
        return []
    found = [(f"only {slot}", value, display)]
    name = _NAME.search(match["rest"])
    if name and slot == "pet":
        spelled = name["name"] or name["zh"]
        found.append((f"{value} name", spelled.lower(), spelled))
    return found
