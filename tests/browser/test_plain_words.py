"""Issue 38 in Chromium: what a person reads on `dmem demo`, the safe default on Blocked, and the
small breaks (an add on Tiers, a synthesis swap under the CSP, the make-room summary, the phone nav)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import serving

pytestmark = pytest.mark.browser


def mark_page(page: Page) -> None:
    page.evaluate("window.__marker = 1")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__marker") == 1, "the page was fully reloaded"


def console_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_an_entry_added_on_tiers_appears_in_its_column_without_a_reload(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/")
    mark_page(page)
    text = "User keeps the team's runbooks in the docs folder of the ops repository."
    page.get_by_label("New entry").fill(text)
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#flash")).to_contain_text("Entry added")
    column = page.locator("#tier-INCIDENT")
    expect(column.locator(".entry-card", has_text=text)).to_be_visible()
    assert_not_reloaded(page)
    assert text in live_server.entries()
