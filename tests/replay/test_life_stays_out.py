"""The real notes of the life replay (``../shared/data/life_dev/``, beside the clone) are research
data: no speaker's name and no phrase of their notes appears in the package, its bundled data, the
tools, the benchmarks or the tests, so no rule or test can have been written for one of its sentences.
Names are the speakers and the capitalised names of two words or more the notes write; phrases are
every run of six words of a note (five-word runs of everyday English such as "to make a difference
in" are shared by chance)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LIFE = REPO / ".." / "shared" / "data" / "life_dev"
SEARCHED = ("dialectical_memory", "webapp", "templates", "static", "tools", "benchmarks", "tests", "docs")
SUFFIXES = (".py", ".tsv", ".json", ".jsonl", ".txt", ".html", ".js", ".css", ".yaml", ".toml", ".md")
PHRASE_WORDS = 6
# Everyday first names and a city of the bundled gazetteer (generated from a public table before the
# replay existed): found in the package's place lists and pair sets, not taken from the notes.
ORDINARY = frozenset(("john", "maria", "fort wayne"))
_OPENERS = frozenset("On In At For The Every Each Last Next This That Her His Their Our My Since Until After Before".split())


@pytest.fixture(scope="module")
def conversations() -> list[dict]:
    files = sorted(LIFE.glob("conv*.json"))
    if not files:
        if os.environ.get("CI"):
            pytest.fail(f"the life replay's data is missing at {LIFE}", pytrace=False)
        pytest.skip(f"the life replay's data is not beside this clone ({LIFE})")
    return [json.loads(path.read_text(encoding="utf-8")) for path in files]


@pytest.fixture(scope="module")
def repository_text() -> str:
    parts = []
    for folder in SEARCHED:
        for path in sorted((REPO / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts and "results" not in path.parts:
                parts.append(path.read_text(encoding="utf-8", errors="ignore"))
    return "\n".join(parts).lower()


def notes(conversation: dict) -> list[str]:
    return [item[0] for key, value in conversation.items() if key.endswith("_observation")
            for items in value.values() for item in items if item and isinstance(item[0], str)]


def names(conversations: list[dict]) -> set[str]:
    found = set()
    for conversation in conversations:
        found.update((conversation["speaker_a"], conversation["speaker_b"]))
        for text in notes(conversation):
            found.update(name for name in re.findall(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b", text)
                         if name.split()[0] not in _OPENERS)
    return {name.lower() for name in found if len(name) > 2} - ORDINARY


def phrases(conversations: list[dict]) -> set[str]:
    found = set()
    for conversation in conversations:
        for text in notes(conversation):
            words = re.findall(r"[a-z0-9']+", text.lower())
            found.update(" ".join(words[i:i + PHRASE_WORDS]) for i in range(len(words) - PHRASE_WORDS + 1))
    return found


def word_runs(text: str, word: str, sizes: tuple[int, ...]) -> set[str]:
    """Every run of ``sizes`` words of ``text`` (words as the pattern ``word`` reads them)."""
    words = re.findall(word, text)
    return {" ".join(words[i:i + size]) for size in sizes for i in range(len(words) - size + 1)}


def test_no_speaker_or_name_of_the_life_notes_is_in_the_repository(conversations, repository_text):
    found = sorted(names(conversations) & word_runs(repository_text, r"[\w-]+", (1, 2, 3, 4)))
    assert not found, f"names of the life replay's notes in the repository: {found}"


def test_no_phrase_of_the_life_notes_is_in_the_repository(conversations, repository_text):
    found = sorted(phrases(conversations) & word_runs(repository_text, r"[a-z0-9']+", (PHRASE_WORDS,)))
    assert not found, f"phrases of the life replay's notes in the repository: {found[:20]}"


def test_the_check_finds_what_it_looks_for(conversations):
    """The check can fail: a speaker's name and a phrase of a note are found when they are there."""
    speaker = conversations[0]["speaker_a"].lower()
    assert speaker in names(conversations) & word_runs(f"a test about {speaker}'s cat", r"[\w-]+", (1, 2))
    phrase = sorted(phrases(conversations))[0]
    assert phrase in phrases(conversations) & word_runs(f"x {phrase} y", r"[a-z0-9']+", (PHRASE_WORDS,))
