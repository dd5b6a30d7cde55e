"""Full-page screenshots of every page, desktop and phone, for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import CONTRADICTING_PAIRS

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def pages(live_server) -> dict[str, str]:
    store = live_server.store()
    concise = store.get_entry_meta("memory", "User prefers concise replies.").entry_id
    edge = live_server.edge_between(*CONTRADICTING_PAIRS[1])["edge_id"]
    return {
        "overview": "/memory/",
        "tiers": "/memory/entries/",
        "entry": f"/memory/entries/{concise}",
        "contradictions": f"/memory/contradictions/edges/{edge}",
        "contradictions-start": "/memory/contradictions/",
        "search": "/search?q=vegetarian",
        "user-contradictions": "/user/contradictions/",
        "reverify": "/memory/reverify/",
        "promotions": "/memory/promotions/",
        "archive": "/memory/archive",
        "history": "/memory/history?scope=all",
        "user-tiers": "/user/entries/",
    }


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_screenshot_every_page(page: Page, live_server, screenshots, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    for name, path in pages(live_server).items():
        page.goto(live_server.url + path)
        expect(page.locator("h1")).to_be_visible()
        page.screenshot(path=screenshots / f"{name}-{viewport}.png", full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS[viewport]["width"], f"{name} scrolls sideways at {viewport} width"
    assert not errors, errors
