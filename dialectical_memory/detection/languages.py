"""The language axis: what each language the detector reads knows, in `detection/lang/<code>/`.

A language is a folder of JSON files named by what they hold (`language.json`: its name and the
scripts it is written in; `concepts.json`: concept id → that language's words for it; `lexicon.json`:
cue words by role; `states.json`, `settings.json`, …: the patterns that are data), keyed by the ids
the code uses. The code asks for a table by file and key and gets every language's words merged:
for a mapping, the ids in the order the first language lists them (then any only a later one
has), each with the first language's words and then the next one's; for a list, the first
language's items then the next one's, or item by item where each language words the same items
(`by_item`: the two poles of each opposite pair).
Adding a word is editing one file; adding a language is adding a folder (docs/detection.md).

Nothing is read at import: a file is read the first time a table of it is asked for, and kept.
"""

from __future__ import annotations

import functools
from pathlib import Path

import orjson

# The files beside this module (importlib.resources would cost a one-shot command ~7 ms of imports)
_LANG = Path(__file__).resolve().parent / "lang"

LANGUAGES = ("en", "zh")  # every folder under lang/, in the order their words are merged


@functools.cache  # static data held for the process (the benchmarks' cache_clear of analyses leaves it)
def data(code: str, name: str) -> dict:
    """The file ``lang/<code>/<name>.json`` of one language ({} when that language has none)."""
    path = _LANG / code / f"{name}.json"
    if not path.is_file():
        return {}
    return orjson.loads(path.read_bytes())  # a third of json.loads' time: a one-shot add reads ~130 KB of them


@functools.cache
def table(name: str, key: str, by_item: bool = False):
    """The table ``key`` of the files ``lang/*/<name>.json``, every language's words merged."""
    merged = None
    for code in LANGUAGES:
        part = data(code, name).get(key)
        if part is not None:
            merged = part if merged is None else _merge(merged, part, by_item)
    if merged is None:
        raise KeyError(f"no language has {key!r} in {name}.json")
    return merged


def has(name: str, key: str) -> bool:
    """Whether some language's ``<name>.json`` holds the table ``key``."""
    return any(key in data(code, name) for code in LANGUAGES)


def words(name: str, key: str) -> tuple[str, ...]:
    """A merged list of words as a tuple."""
    return tuple(table(name, key))


def word_map(name: str, key: str) -> dict[str, tuple[str, ...]]:
    """A merged mapping id → words, each a tuple (a fresh dict: a caller may extend its copy)."""
    return {item: tuple(forms) for item, forms in table(name, key).items()}


def _merge(first, second, by_item: bool):
    if isinstance(first, dict):
        merged = dict(first)
        for item, value in second.items():
            merged[item] = _merge(first[item], value, by_item) if item in first else value
        return merged
    if by_item and first and isinstance(first[0], list):
        if len(first) != len(second):
            raise ValueError("languages list a different number of items where items are merged one by one")
        return [_merge(x, y, by_item) for x, y in zip(first, second)]
    return list(first) + list(second)


@functools.cache
def read_scripts() -> tuple[str, ...]:
    """The Unicode name prefixes of the letters some language here reads ("LATIN", "CJK UNIFIED IDEOGRAPH")."""
    return tuple(prefix for code in LANGUAGES for prefix in data(code, "language")["scripts"])
