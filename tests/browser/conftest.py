"""Browser tests: Debian's Chromium driven by Playwright against the real server on a free port.

Without Chromium the tests are skipped, unless ``DMEM_REQUIRE_BROWSER=1`` or ``CI`` is set: then
they fail loudly, so a CI run can never pass by skipping them.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.features.demo import seed_demo
from dialectical_memory.detection.base import Label, Verdict
from dialectical_memory.web.server import build_server

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
DAY = 86_400.0
EXPIRED_BELIEFS = (
    "User is renovating the kitchen this spring.",
    "User's car is in the repair shop.",
    "User is training for the Berlin marathon.",
)
PROMOTION_CANDIDATES = (
    "Summarise long threads before replying.",
    "Ask before deleting any files.",
)
CONTRADICTING_PAIRS = (
    ("User says they want long, detailed commit messages.", "User writes one-line commit messages."),
    ("User prefers dark mode in every editor.", "User switched the terminal to a light theme."),
)
SEARCHABLE = "User runs the homelab on Kubernetes."
VEGETARIAN_NOTE = "Suggest vegetarian restaurants for team dinners."  # the user profile has "User is vegetarian."


def chromium_executable() -> str:
    path = shutil.which("chromium")
    if path:
        return path
    message = "Debian's chromium is not installed (run `make browser`)"
    if os.environ.get("DMEM_REQUIRE_BROWSER") or os.environ.get("CI"):
        pytest.fail(f"{message}; browser tests are required here (DMEM_REQUIRE_BROWSER / CI is set)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_executable(), "args": CHROMIUM_ARGS}


@dataclass
class LiveServer:
    url: str
    home: Path

    def md(self, target: str = "memory") -> str:
        return (self.home / f"{target.upper()}.md").read_text(encoding="utf-8")

    def entries(self, target: str = "memory") -> list[str]:
        return self.md(target).split("\n§\n")

    def edge_between(self, text_a: str, text_b: str) -> dict:
        edges = self.store().get_contradictions("memory", include_resolved=True)
        return next(e for e in edges if {e["from_text"], e["to_text"]} == {text_a, text_b})

    def counts(self) -> dict:
        return self.store().counts("memory")

    def store(self) -> MemoryStore:
        """A second process's view of the home: what really landed on disk."""
        return MemoryStore(self.home, memory_char_limit=0, user_char_limit=0)

    def history(self, target: str = "memory") -> list[dict]:
        path = self.home / f"{target.upper()}.history.jsonl"
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


class QuietDetector:
    """Finds no contradictions, so the journeys' own entries are linked only as the seed says."""

    name = "quiet"

    def compare(self, a: str, b: str) -> Verdict:
        return Verdict(Label.UNRELATED, 0.0, "", "")


def seed_browser_home(home: Path) -> None:
    """The demo home (for realistic screenshots) plus the entries the journeys act on, so the
    journeys do not depend on what the demo happens to contain."""
    now = time.time()
    # Not filled near the limits: a journey's first search encodes every entry (with the semantic
    # extra), and the fill's 27 notes made that slow enough to time out on a busy machine.
    seed_demo(home, now=now, near_limits=False)
    clock = [now - 200 * DAY]
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: clock[0], detector=QuietDetector())
    for text in EXPIRED_BELIEFS:
        store.add("memory", text, knowledge_type="state")
    clock[0] = now - 10 * DAY
    for text in PROMOTION_CANDIDATES:
        entry_id = store.add("memory", text, knowledge_type="rule").entry_id
        for _ in range(3):
            store.record_hit("memory", entry_id)
    clock[0] = now - 1 * DAY
    store.add("memory", SEARCHABLE, knowledge_type="fact")
    store.add("memory", VEGETARIAN_NOTE, knowledge_type="rule")
    for stated, observed in CONTRADICTING_PAIRS:
        a = store.add("memory", stated).entry_id
        b = store.add("memory", observed, source_kind="observed").entry_id
        store.mark_contradiction("memory", a, b, reason="stated ↔ observed", actor="agent")
    clock[0] = now
    store.run_maintenance("memory")


@contextmanager
def serving(home, *, config=None, **options):
    """The dashboard of ``home`` served on a free port of 127.0.0.1 in a thread; yields its URL
    and stops it (the thread joined) on the way out."""
    server = build_server(home, host="127.0.0.1", port=0, config={"FREEZE_LOADED_HEAP": False, **(config or {})}, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def live_server(tmp_path):
    home = tmp_path / "home"
    seed_browser_home(home)
    with serving(home) as url:
        yield LiveServer(url, home)


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
