"""Searching the demo home in Chromium: the header's search answers a question across languages,
and the tiers' live filter, as a person types, lists whole words only."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_an_english_question_in_the_header_finds_the_chinese_entry(page: Page, live_server):
    """A search never embeds (issue 47): meaning takes part once maintenance has embedded the
    entries, as `dmem maintain` does here (a person's run embeds every home)."""
    from dialectical_memory import MemoryStore

    MemoryStore(live_server.home).run_maintenance("user", actor="cli")
    page.goto(f"{live_server.url}/")
    box = page.locator("#topbar-q")
    box.fill("where does the user live")
    box.press("Enter")
    hits = page.locator("#results-user + ul.search-hits li")
    expect(hits.filter(has_text="用户住在北京。")).to_have_count(1)
    expect(hits.filter(has_text="User lives in Shenzhen.")).to_have_count(1)
    expect(page.locator("#search-results [role=status]")).to_contain_text("best first")


def test_typing_tea_in_the_live_filter_lists_the_green_tea_and_never_the_steak(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/")
    cards = page.locator("#board .entry-card")
    expect(cards.first).to_be_visible()
    page.get_by_label("Search text").press_sequentially("tea", delay=30)
    expect(cards.filter(has_text="User drinks green tea in the afternoon.")).to_have_count(1)
    expect(page.locator("#board")).not_to_contain_text("steak")
    page.goto(f"{live_server.url}/user/entries/")
    expect(cards.first).to_be_visible()
    page.get_by_label("Search text").press_sequentially("tea", delay=30)
    expect(page.locator("#board")).not_to_contain_text("steak", timeout=10_000)
    expect(page).to_have_url(f"{live_server.url}/user/entries/?search=tea")
