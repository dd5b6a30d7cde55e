"""A person compresses incidents into patterns in Chromium: the Patterns page (photographed at desktop
and phone width) lists what tells one story, Approve with edited words writes one PATTERN whose
parents are in the archive, the message's Undo brings them back; without JavaScript the same forms
approve several at once and reject one."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from dialectical_memory import MemoryStore
from dialectical_memory.features.demo import seed_demo

from .conftest import serving

pytestmark = pytest.mark.browser
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
DAY = 86_400.0

CLIMBING = [
    "User goes bouldering at the climbing gym on Tuesday evenings.",
    "User bought new climbing shoes for the bouldering gym.",
    "User finished a hard bouldering problem at the climbing gym.",
]
CHOIR = [
    "User sings tenor in a community choir.",
    "User's community choir gives a winter concert; the user sings tenor.",
]
OTHERS = ["User is allergic to shellfish.", "User keeps a paper planner for the week.",
          "User's brother Emil studies medicine in Vienna.", "用户每天早上喝一杯美式咖啡。"]


@pytest.fixture
def pattern_server(tmp_path):
    home = tmp_path / "home"
    now = time.time()
    seed_demo(home, now=now)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: now - DAY)
    for text in CLIMBING + CHOIR + OTHERS:
        store.add("user", text)
    with serving(home) as url:
        yield url, home


def user_texts(home) -> list[str]:
    return [e.text for e in MemoryStore(home, memory_char_limit=0, user_char_limit=0).entries("user")]


def row_of(page: Page, text: str):
    return page.locator("#proposal-list .review-row", has_text=text)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_person_approves_a_pattern_in_their_own_words_and_undoes_it(page: Page, pattern_server, screenshots, viewport):
    url, home = pattern_server
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"{url}/user/")
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="Patterns").click()
    expect(page.locator("h1")).to_have_text("Patterns")
    climbing = row_of(page, CLIMBING[1])
    expect(climbing).to_contain_text("3 incidents about the user share")
    expect(row_of(page, CHOIR[0])).to_be_visible()
    page.screenshot(path=screenshots / f"patterns-{viewport}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport]["width"]
    page.reload()  # a full-page screenshot leaves style="" on the page, which htmx's settling would copy

    climbing.get_by_role("textbox").fill("User is a keen boulderer at the climbing gym.")
    climbing.get_by_role("button", name="Approve").click()
    expect(page.locator("#flash")).to_contain_text("Pattern written")
    expect(row_of(page, CLIMBING[1])).to_have_count(0)
    assert errors == []
    page.screenshot(path=screenshots / f"patterns-after-{viewport}.png")  # the viewport only: the message and its Undo
    texts = user_texts(home)
    assert "User is a keen boulderer at the climbing gym." in texts and not set(CLIMBING) & set(texts)

    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator("#flash").get_by_text("Undone", exact=False).first).to_be_visible()
    expect(row_of(page, CLIMBING[1])).to_be_visible()  # the proposal is back with its incidents
    texts = user_texts(home)
    assert set(CLIMBING) <= set(texts) and "User is a keen boulderer at the climbing gym." not in texts
    assert errors == []


def test_without_javascript_several_are_approved_at_once_and_one_is_rejected(browser, pattern_server):
    url, home = pattern_server
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{url}/user/patterns/")
        row_of(page, CHOIR[0]).get_by_role("button", name="Reject").click()
        expect(page).to_have_url(f"{url}/user/patterns/")
        expect(page.locator("#flash")).to_contain_text("will not be proposed again")
        expect(row_of(page, CHOIR[0])).to_have_count(0)
        row_of(page, CLIMBING[0]).get_by_role("checkbox").check()
        page.get_by_role("button", name="Approve selected as proposed").click()
        expect(page.locator("#flash")).to_contain_text("Wrote 1 pattern")
    finally:
        context.close()
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    pattern = next(e for e in store.entries("user") if e.text.startswith(CLIMBING[0]))
    assert [store.get_entry("user", i).text for i in pattern.meta.parent_ids] == CLIMBING
    assert set(CHOIR) <= {e.text for e in store.entries("user")}
