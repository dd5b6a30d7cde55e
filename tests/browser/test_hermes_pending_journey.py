"""A person reviews Hermes' staged writes in Chromium: the overview announces them, the page shows
what each would do, Approve and Reject act at once (htmx) and land on disk as Hermes' own would."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from dialectical_memory import MemoryStore
from dialectical_memory.storage.hermes_pending import pending_dir
from hermes_queue_files import add, batch, remove, replace, stage

from .conftest import serving

pytestmark = pytest.mark.browser

USER = ["User lives in Berlin", "User works at Acme", "User is vegetarian", "User eats lentil soup every week", "User is 34 years old"]
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def hermes_server(tmp_path):
    hermes = tmp_path / "hermes"
    store = MemoryStore(hermes / "memories", clock=lambda: time.time() - 86_400)
    for text in USER:
        store.add("user", text)
    store.add("memory", "Project deploys on Fridays")
    now = time.time()
    ids = {
        "add": stage(hermes, add("user", "User lives in Paris"), created_at=now - 3 * 3600),
        "replace": stage(hermes, replace("user", "lentil soup", "User eats steak every week"), created_at=now - 1800),
        "batch": stage(hermes, batch("user", add("user", "User works at Initech"), remove("user", "34 years"), add("user", "User is 41 years old")),
                       origin="background_review", created_at=now - 120),  # fmt: skip
    }
    with serving(hermes / "memories", config={"HERMES_HOME": str(hermes)}) as url:
        yield url, hermes, ids


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_person_approves_one_staged_write_and_rejects_another(page: Page, hermes_server, screenshots, viewport):
    url, hermes, ids = hermes_server
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"{url}/user/")
    notice = page.get_by_role("region", name="3 memory writes staged by Hermes wait for approval")
    expect(notice).to_be_visible()
    page.screenshot(path=screenshots / f"hermes-overview-{viewport}.png", full_page=True)
    notice.get_by_role("link", name="Review staged writes").click()
    expect(page.locator("h1")).to_have_text("Hermes' staged writes")
    rows = page.locator("#pending-list > li.review-row")
    expect(rows).to_have_count(3)
    first = page.locator(f"#pending-{ids['add']}")
    expect(first).to_contain_text("Would contradict “User lives in Berlin”")
    expect(page.locator(f"#pending-{ids['replace']}")).to_contain_text("Would contradict “User is vegetarian”")
    expect(page.locator(f"#pending-{ids['batch']}")).to_contain_text("background review")
    page.screenshot(path=screenshots / f"hermes-pending-{viewport}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport]["width"]

    first.get_by_role("button", name="Approve").click()
    expect(first).to_have_count(0)
    expect(page.locator("#flash")).to_contain_text(f"Approved staged write {ids['add']}")
    page.locator(f"#pending-{ids['replace']}").get_by_role("button", name="Reject").click()
    expect(page.locator(f"#pending-{ids['replace']}")).to_have_count(0)
    expect(rows).to_have_count(1)
    page.screenshot(path=screenshots / f"hermes-pending-after-{viewport}.png", full_page=True)

    assert sorted(p.name for p in pending_dir(hermes).iterdir()) == [f"{ids['batch']}.json"]
    assert (hermes / "memories" / "USER.md").read_text(encoding="utf-8").endswith("User is 34 years old\n§\nUser lives in Paris")
    assert not errors, errors
