"""The overview of a full USER.md: the capacity meter and the make-room plan, photographed, and one
click to archive a candidate, undone from the message."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from dialectical_memory import MemoryStore
from dialectical_memory.features.demo import seed_demo

from .conftest import SCREENSHOTS, serving

pytestmark = pytest.mark.browser
DAY = 86_400.0
LIMIT = 1375  # Hermes' default for USER.md
NOTES = Path("/tmp/notes")

MONTHS_AGO = [
    "User is training for a half marathon in the spring and runs before work on Tuesdays and Fridays.",
    "User is learning Portuguese with a tutor twice a week on Tuesday and Thursday evenings.",
    "User is preparing for a cloud certification exam and studies every night after dinner.",
]
LATELY = [
    ("User drinks oat milk cortados.", "user_explicit"),
    ("User might enjoy jazz concerts, judging by the playlists they mention.", "background_review"),
    ("User drinks oat milk cortados every morning before the daily standup meeting.", "user_explicit"),
    ("User's partner Sam likes hiking in the Alps on long weekends.", "user_explicit"),
    ("User's partner Sam goes hiking in the Alps most long weekends.", "user_explicit"),
    ("User runs Fedora on the laptop and Arch Linux on the home server that hosts Nextcloud.", "user_explicit"),
    ("User backs up the home server every Sunday night to an encrypted disk at a friend's flat.", "user_explicit"),
    ("用户对青霉素过敏，涉及健康或旅行药品时必须记住。", "user_explicit"),
    ("User wants code examples in Python first, with type hints and without global state.", "user_explicit"),
    ("User prefers metric units and 24-hour times in every answer, also for recipes.", "user_explicit"),
]


def seed_full_home(home: Path, now: float | None = None) -> None:
    """The demo home with its USER.md filled past 80 % of Hermes' 1,375 chars: beliefs nobody
    confirmed for months, an inference of a background review, a repeated fragment, two entries
    about the partner's hiking, fresh statements in English and Chinese."""
    now = time.time() if now is None else now
    seed_demo(home, now=now)
    clock = [now - 300 * DAY]
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=LIMIT, clock=lambda: clock[0])
    for text in MONTHS_AGO:
        store.add("user", text)
    clock[0] = now - 2 * DAY
    for text, source in LATELY:
        if store.counts("user")["usage"]["chars"] + len(text) + 3 > LIMIT:
            break
        store.add("user", text, source_kind=source)
    clock[0] = now
    store.run_maintenance("user")


@pytest.fixture
def full_server(tmp_path):
    home = tmp_path / "home"
    seed_full_home(home)
    with serving(home, user_char_limit=LIMIT) as url:
        yield url, home


def test_the_overview_of_a_full_file_shows_the_plan_and_one_click_makes_room(page: Page, full_server):
    url, home = full_server
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(url + "/user/")
    panel = page.locator("#room-panel")
    expect(panel.locator("#room-meter")).to_be_visible()
    rows = panel.locator(".room-row")
    expect(rows.first).to_be_visible()
    tiers = rows.locator(".tag--tier").all_inner_texts()
    assert tiers[0] == "superseded" and "decayed" in tiers
    assert tiers.index("decayed") < tiers.index("low authority") < tiers.index("least worth")
    expect(panel.get_by_text("Could merge")).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "room-overview-desktop.png", full_page=True)
    NOTES.mkdir(exist_ok=True)
    shutil.copy(SCREENSHOTS / "room-overview-desktop.png", NOTES / "room_overview.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280

    assert not errors, ("load", errors)
    first_text = rows.first.locator(".entry-text").inner_text()
    before = (home / "USER.md").read_text(encoding="utf-8")
    assert first_text in before
    rows.first.get_by_role("button", name="Archive").click()
    expect(page.locator("#room-panel").get_by_text(first_text, exact=True)).to_have_count(0)
    assert first_text not in (home / "USER.md").read_text(encoding="utf-8")
    assert not errors, ("archive", errors)
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator(".flash, [role=status]").get_by_text("Undone", exact=False).first).to_be_visible()
    assert first_text in (home / "USER.md").read_text(encoding="utf-8")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url + "/user/")
    page.screenshot(path=SCREENSHOTS / "room-overview-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the plan scrolls sideways on a phone"
    assert not errors, errors
