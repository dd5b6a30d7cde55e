"""Everyday activities named in both languages, and the other words a record uses for
them, so that a stated habit and an observed one share a concept whatever their words:
"never drinks alcohol" / "a bar tab every Friday", "从不点外卖" / "外卖软件 … 二十多单",
"plays chess every night" / "几乎从不下棋", "很少加班" / "在公司待到晚上十点".

Those words are each language's, in lang/<code>/concepts.json under "activities"; `lexicon` adds
them to its concepts (new concepts, or more forms of one it has). What stays here is the tool an
activity is done with.
"""

from __future__ import annotations

# The tool an activity is done with: a record that the tool lies unused ("背单词软件两个月没打开过",
# "hasn't opened Duolingo in months") is a record of the activity not done.
LANGUAGES = ("english", "japanese", "chinese", "spanish", "french", "german", "korean", "italian", "russian",
             "portuguese", "arabic")
# what is done with it, and the verbs of doing it: learning a language, not speaking one
TOOL_OF: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "vocabulary app": (LANGUAGES, ("学", "studi", "learn", "practis", "practic", "练", "复习", "背"))}
