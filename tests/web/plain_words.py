"""What a person reads on a page must be plain words: no raw ids, rule codes, enum spellings or
internal action names. Shared by the web client's tests and the Chromium check.

``readable_text(html)`` is what a person reads or hears: visible text, ``aria-label``, ``alt``,
``title`` and ``placeholder`` (never ``<script>``, ``<style>``, hidden inputs or URLs).
``internal_words(text)`` lists what of it a person should never have to read.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Raw ids: a whole uuid, or the first 8 hex digits of one that pages used to abbreviate it to.
UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
SHORT_ID = re.compile(r"(?<![\w-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8}(?![\w-])")
# Rule codes and enum spellings: snake_case words (prompt_injection, user_explicit, keep_blocked).
SNAKE = re.compile(r"(?<![\w$/.-])[a-z]+(?:_[a-z]+)+(?![\w-])")
RULE_CODE = re.compile(r"\[[a-z_]+\]")
# Internal action names and phrasings the pages used; each was on screen once (issue 38).
INTERNAL_PHRASES = (
    "Undone: supersede", "Undone: synthesize", "Undone: retire", "Undone: archive", "Undone: make_room",
    "synthesized into", "undone:", "superseded by ", "raw confidence",
)
# A detector's reason as it was stored ("scoped: …↔…", "value: lives in 北京↔Shenzhen", "implicit: …"),
# each on screen once; pages word a contradiction from its reason data now (issue 37).
REASON_CODES = ("scoped:", "value:", "implicit:", "negation:", "antonym:", "temporal:", "↔")
SPOKEN_ATTRIBUTES = ("aria-label", "alt", "title", "placeholder")
SILENT_TAGS = ("script", "style", "template")


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.silent = 0

    def handle_starttag(self, tag, attrs):
        if tag in SILENT_TAGS:
            self.silent += 1
        values = dict(attrs)
        if tag == "input" and values.get("type") == "hidden":
            return
        self.parts += [values[name] for name in SPOKEN_ATTRIBUTES if values.get(name)]
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(values["value"])

    def handle_endtag(self, tag):
        if tag in SILENT_TAGS and self.silent:
            self.silent -= 1

    def handle_data(self, data):
        if not self.silent and data.strip():
            self.parts.append(data.strip())


def readable_text(html: str) -> list[str]:
    reader = _Reader()
    reader.feed(html)
    return reader.parts


def internal_words(parts: list[str], *, allowed: tuple[str, ...] = ()) -> list[str]:
    """Each piece of ``parts`` that shows an id, a rule code, a snake_case name or an internal phrase."""
    found = []
    for part in parts:
        text = part
        for ok in allowed:
            text = text.replace(ok, "")
        hits = UUID.findall(text) + SHORT_ID.findall(text) + SNAKE.findall(text) + RULE_CODE.findall(text)
        hits += [phrase for phrase in INTERNAL_PHRASES + REASON_CODES if phrase in text]
        if hits:
            found.append(f"{hits} in {part[:160]!r}")
    return found
