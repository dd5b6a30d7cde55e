"""Screenshots of every page of `dmem demo` at desktop and phone sizes, light and dark, for a person
to look at (test-artifacts/screenshots/review-*.png); each must fit its width and log no errors."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_review_geometry import DESKTOP, PHONE, demo_server  # noqa: F401  (demo_server is a fixture)

pytestmark = pytest.mark.browser


def demo_pages(live) -> dict[str, str]:
    store = live.store()
    vegetarian = store.get_entry_meta("user", "User is vegetarian.").entry_id
    return {
        "overview": "/memory/",
        "tiers": "/memory/entries/",
        "entry": f"/user/entries/{vegetarian}",
        "contradictions": "/memory/contradictions/",
        "user-contradictions": "/user/contradictions/",
        "reverify": "/memory/reverify/",
        "promotions": "/memory/promotions/",
        "blocked": "/memory/blocked/",
        "history": "/memory/history?scope=all",
        "search": "/search?q=coffee",
    }


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_page_of_the_demo_fits_and_is_photographed(browser, demo_server, screenshots, viewport, scheme):  # noqa: F811
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    errors = []
    try:
        page = context.new_page()
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        size = "desktop" if viewport is DESKTOP else "phone"
        for name, path in demo_pages(demo_server).items():
            page.goto(demo_server.url + path)
            expect(page.locator("h1")).to_be_visible()
            page.screenshot(path=screenshots / f"review-{name}-{size}-{scheme}.png", full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], f"{name} scrolls sideways"
    finally:
        context.close()
    assert not errors, errors
