"""Which platform a device or an app implies, as world knowledge by category.

A phone's make names its system (an iPhone runs iOS, a Pixel or a Galaxy Android; a
Huawei may run Android or HarmonyOS, so it names none); a Mac runs macOS, and some
apps run only there (Final Cut Pro, Xcode). These facts become slots of slots.py:
"mobile os" for a phone, "os" for a computer, "apple devices" for owning Apple
hardware at all.

A computer's system only clashes with what a device or app implies when the other
entry says the user has that one computer ("only uses Linux", "User's only computer
is a Windows laptop", "User's laptop runs Ubuntu"): people keep a Mac at home and a
Windows PC at work.
"""

from __future__ import annotations

import re

from . import lexicon
from .text import lazy_compile

# product → (device, platform family); family "" when the product names none (a Huawei phone)
PRODUCTS: dict[str, tuple[str, str]] = {
    # phones
    "iphone": ("phone", "ios"), "苹果手机": ("phone", "ios"),
    "pixel": ("phone", "android"), "galaxy": ("phone", "android"), "oneplus": ("phone", "android"),
    "一加": ("phone", "android"), "xiaomi": ("phone", "android"), "redmi": ("phone", "android"),
    "红米": ("phone", "android"), "小米": ("phone", "android"), "poco": ("phone", "android"),
    "oppo": ("phone", "android"), "vivo": ("phone", "android"), "motorola": ("phone", "android"),
    "moto g": ("phone", "android"), "nothing phone": ("phone", "android"), "三星": ("phone", "android"),
    "samsung": ("phone", "android"), "荣耀": ("phone", "android"), "honor": ("phone", "android"),
    "huawei": ("phone", ""), "华为": ("phone", ""), "mate": ("phone", ""),
    # computers
    "macbook": ("computer", "macos"), "macbook air": ("computer", "macos"), "macbook pro": ("computer", "macos"),
    "imac": ("computer", "macos"), "mac mini": ("computer", "macos"), "mac studio": ("computer", "macos"),
    "mac pro": ("computer", "macos"), "mac": ("computer", "macos"), "chromebook": ("computer", "chromeos"),
    # apps that run on one system only
    "final cut pro": ("app", "macos"), "final cut": ("app", "macos"), "xcode": ("app", "macos"),
    "logic pro": ("app", "macos"), "imovie": ("app", "macos"), "garageband": ("app", "macos"),
    "pixelmator": ("app", "macos"), "keynote": ("app", "macos"),
    # Windows-only desktop apps (Visual Studio itself, not VS Code; Visual Studio for Mac was retired in 2024)
    "visual studio": ("app", "windows"), "notepad++": ("app", "windows"), "paint.net": ("app", "windows"),
    "microsoft access": ("app", "windows"), "ms access": ("app", "windows"), "directx": ("app", "windows"),
    "foobar2000": ("app", "windows"),
}
# Apple hardware: owning any of it meets "owns no Apple devices".
APPLE_HARDWARE = ("iphone", "ipad", "macbook", "imac", "mac mini", "mac studio", "mac pro", "apple watch",
                  "airpods", "homepod", "apple tv", "苹果手机", "苹果电脑")
_NAMES = "|".join(re.escape(name) for name in sorted(PRODUCTS, key=len, reverse=True))
_PRODUCT = lazy_compile(rf"(?<![a-z0-9])(?P<v>{_NAMES})(?![a-z])(?!\s*(?:tab|tablet|watch|buds|code|平板|手表|耳机))",
                        re.IGNORECASE)
_APPLE = lazy_compile(rf"(?<![a-z])(?:{'|'.join(map(re.escape, APPLE_HARDWARE))})(?![a-z])", re.IGNORECASE)
# Owning or using: the product is the user's, not one they talk about.
_USE = lazy_compile(r"\b(?:us(?:e|es|ed|ing)|has|have|owns?|bought|got|is|runs?|on|in|with|carries|daily|"
                    r"edits?|develops?|builds?|codes?|works?)\b|用|买了|换了|是|拿着", re.IGNORECASE)
_NO_APPLE = lazy_compile(r"\b(?:owns?|has|have|uses?)\s+no\s+apple\b|\bno\s+apple\s+(?:devices?|products?|hardware)\b|"
                         r"\b(?:doesn't|does\s+not|don't|never)\s+(?:own|use|buy)\s+(?:any(?:thing)?\s+)?"
                         r"(?:from\s+)?apple\b|(?:没有|不用|不买|从不用|从不买)(?:任何|一件)?苹果(?:的)?(?:产品|设备|手机|电脑)?",
                         re.IGNORECASE)
# Every product, Apple name and "apple"/"苹果" contains one of these.
_STEMS = ("apple", "苹果", "iphone", "ipad", "mac", "airpods", "homepod", "pixel", "galaxy", "oneplus", "一加",
          "xiaomi", "redmi", "红米", "小米", "poco", "oppo", "vivo", "moto", "nothing phone", "三星", "samsung", "荣耀",
          "honor", "huawei", "华为", "mate", "chromebook", "final cut", "xcode", "logic pro", "garageband", "imovie",
          "pixelmator", "keynote", "visual studio", "notepad++", "paint.net", "ms access", "microsoft access", "directx", "foobar2000")
# phone names lexicon.PHONE_BRANDS does not know → make
_PHONE_MAKES = {"redmi": "xiaomi", "红米": "xiaomi", "poco": "xiaomi", "mate": "huawei", "moto g": "motorola",
                "motorola": "motorola", "nothing phone": "nothing", "苹果手机": "apple", "honor": "honor"}
_PHONE_ONLY = frozenset(("iphone", "苹果手机", "nothing phone"))
_PHONE_CONTEXT = lazy_compile(r"phone|手机|\b(?:pixel|galaxy\s+[sazn]|oneplus|redmi(?:\s+note)?|xiaomi)\s*\d",
                              re.IGNORECASE)
# "the user has one of these": the entry states the user's one computer or one system.
_ONE_COMPUTER = lazy_compile(
    r"\bonly\s+(?:uses?\s+)?(?:linux|windows|macos|a\s+mac|chromeos)\b|\b(?:only|sole|one\s+and\s+only)\s+"
    r"(?:computer|laptop|machine|pc)\b|\b(?:every|all\s+(?:of\s+)?(?:their|his|her|my))\s+(?:machines?|computers?)\b|"
    r"^(?:the\s+)?user'?s\s+(?:personal\s+|own\s+|main\s+|home\s+)?(?:computer|laptop|pc|desktop|machine)\s+"
    r"(?:runs|is)\b|唯一的电脑|只用\s*(?:linux|windows|mac)|所有(?:的)?电脑都|^(?:该)?用户的电脑(?:是|装的是|用的是)",
    re.IGNORECASE)


def implied(text: str) -> list[tuple[str, str, str, str]]:
    """(slot name, value, display, kind) for what the text's devices and apps imply;
    kind "implied" for a computer's system read from a device or app, "" otherwise."""
    found: list[tuple[str, str, str, str]] = []
    lowered = text.lower()
    if not any(stem in lowered for stem in _STEMS):
        return found  # most entries name no device: one look instead of three searches
    if _NO_APPLE.search(text):
        found.append(("apple devices", "none", "no Apple devices", "exact"))
    elif _APPLE.search(text) and _USE.search(text):
        match = _APPLE.search(text)
        found.append(("apple devices", "some", match.group(0), "exact"))
    for match in _PRODUCT.finditer(text):
        device, family = PRODUCTS[match["v"].lower()]
        if device == "phone" and match["v"].lower() not in _PHONE_ONLY and not _PHONE_CONTEXT.search(text):
            continue  # 小米 and Samsung make more than phones; "pixel art", "galaxy"
        if not _USE.search(text):
            break
        if device == "phone":  # one phone: its make, and its system when the make names one
            name = match["v"].lower()
            found.append(("phone", _PHONE_MAKES.get(name) or lexicon.PHONE_BRANDS.get(name, name), match["v"], "brand"))
            found.extend([("mobile os", family, match["v"], "")] if family else [])
        elif family:
            found.append(("os", family, match["v"], "implied"))
        break
    return found


def one_computer(text: str) -> bool:
    """Does the entry state the user's one computer or sole system?"""
    return bool(_ONE_COMPUTER.search(text))


def implied_clash(kind_a: str, kind_b: str) -> bool | None:
    """An implied computer system against another: only a sole computer's (kind "only")
    clashes. None when neither is implied (the usual rule decides)."""
    if "implied" not in (kind_a, kind_b):
        return None
    return "only" in (kind_a, kind_b)
