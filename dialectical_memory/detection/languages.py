"""The language axis: what each language the detector reads knows, in `detection/lang/<code>/`.

A language is a folder of JSON files named by what they hold (`language.json`: its name and the
scripts it is written in; `concepts.json`: concept id → its words; …), keyed by the ids the code
uses, so that adding a word is editing data and adding a language is adding a folder (see
docs/detection.md). Nothing is read at import: a file is read the first time it is asked for and
kept for the process.
"""

from __future__ import annotations

import functools
import json
from importlib import resources

LANGUAGES = ("en", "zh")  # every folder under lang/, in the order their words are merged


@functools.cache  # static data held for the process (the benchmarks' cache_clear of analyses leaves it)
def data(code: str, name: str) -> dict:
    """The file ``lang/<code>/<name>.json`` of one language."""
    text = resources.files(__package__).joinpath("lang", code, f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)


def section(code: str, name: str, key: str):
    """One table of a language's file: ``data(code, name)[key]``."""
    return data(code, name)[key]


@functools.cache
def read_scripts() -> tuple[str, ...]:
    """The Unicode name prefixes of the letters some language here reads ("LATIN", "CJK UNIFIED IDEOGRAPH")."""
    return tuple(prefix for code in LANGUAGES for prefix in data(code, "language")["scripts"])
