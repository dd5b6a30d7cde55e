"""A small review home with every state the dashboard shows, seeded through the core API.

The clock moves so that metadata and history are what real use would have produced: an expired
belief and one about to expire, two open contradictions, two promotion candidates, an archived
entry, Chinese text and text that looks like HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dialectical_memory import MemoryStore
from dialectical_memory.detection.base import Label, Verdict

DAY = 86_400.0
NOW = 1_750_000_000.0
HTML_TEXT = 'Likes <b>bold</b> & "quotes" in notes.'
CHINESE_TEXT = "用户喜欢简洁的回答。"


class QuietDetector:
    """Finds no contradictions: tests decide every edge themselves."""

    name = "quiet"

    def compare(self, a: str, b: str) -> Verdict:
        return Verdict(Label.UNRELATED, 0.0, "", "")


class Clock:
    def __init__(self, now: float = NOW):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def days_ago(self, days: float) -> Clock:
        self.now = NOW - days * DAY
        return self


@dataclass
class Seeded:
    """Entry and edge ids of the seeded home, by role."""

    home: Path
    concise: str
    detailed: str
    tabs: str
    spaces: str
    travel: str
    deploys: str
    tests_rule: str
    commits_rule: str
    html: str
    chinese: str
    archived: str
    user_fact: str
    style_edge: str
    indent_edge: str


def seed_review_home(home: Path) -> Seeded:
    clock = Clock()
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=QuietDetector(), clock=clock)
    store.load_from_disk()
    m = "memory"

    def add(text, days_ago, **kwargs):
        clock.days_ago(days_ago)
        return store.add(m, text, **kwargs).entry_id

    travel = add("User is travelling in Japan this month.", 200, knowledge_type="state")
    tests_rule = add("Run the tests before every commit.", 190, knowledge_type="rule")
    commits_rule = add("Write commit messages in English.", 190, knowledge_type="rule")
    for entry_id in (tests_rule, commits_rule):
        for _ in range(3):
            store.record_hit(m, entry_id)
    deploys = add("User deploys to staging on Friday afternoons.", 61, knowledge_type="state")
    concise = add("User prefers concise replies.", 30)
    detailed = add("User asks for detailed explanations on technical questions.", 28, source_kind="observed")
    style_edge = store.mark_contradiction(m, concise, detailed, reason="concise ↔ detailed", actor="agent").contradictions[0]["edge_id"]
    tabs = add("User says they prefer tabs for indentation.", 20)
    spaces = add("User's code consistently uses 4-space indentation.", 19, source_kind="observed")
    indent_edge = store.mark_contradiction(m, tabs, spaces, reason="stated ↔ observed", actor="agent").contradictions[0]["edge_id"]
    html = add(HTML_TEXT, 10)
    chinese = add(CHINESE_TEXT, 9)
    archived = add("User used to work at Initech.", 8)
    store.archive_entry(m, archived, reason="no longer true")
    clock.days_ago(7)
    user_fact = store.add("user", "User lives in Berlin.", knowledge_type="fact").entry_id
    clock.days_ago(0)
    store.run_maintenance(m)
    return Seeded(
        home, concise, detailed, tabs, spaces, travel, deploys, tests_rule, commits_rule, html, chinese,
        archived, user_fact, style_edge, indent_edge,
    )  # fmt: skip
