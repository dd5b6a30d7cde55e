"""Drafts in Chromium (issue 45): one draft of each kind (a pattern, a synthesis, a principle) where
the person decides, pre-filling the box as "Suggested by <model>", photographed at desktop and phone
sizes (test-artifacts/screenshots/drafts-*.png); and "Draft it" on a proposal without one: htmx
follows the answer's redirect, the place says "Drafting…" while a slow model thinks and shows its
draft when it is there, the page never waiting."""

from __future__ import annotations

import json
import threading
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from dialectical_memory import MemoryStore
from dialectical_memory.detection.judge import ChatJudge
from tests.adapters.test_drafts_end_to_end import COFFEE, GARDEN, KEPT, PRINCIPLE, noor_home

from .conftest import serving
from .test_review_geometry import DESKTOP, PHONE

pytestmark = pytest.mark.browser
MODEL = "endpoint:stub-drafter"
DRAFTED = {"pattern": "Noor keeps a balcony garden of tomatoes and basil, watered before work.",
           "synthesis": "Noor drank coffee every morning until she gave it up last spring.",
           "principle": "Check the forecast before heading out."}


def drafting_model(release: threading.Event | None = None) -> ChatJudge:
    """A chat model that drafts ``DRAFTED[kind]`` (after ``release``, when given: a slow model)."""

    def chat(messages):
        system = messages[0]["content"]
        if "Write" not in system:
            return '{"answers": []}'
        if release is not None:
            release.wait(30)
        kind = "pattern" if "incidents" in system else "synthesis" if "disagree" in system else "principle"
        return json.dumps({"text": DRAFTED[kind]})

    return ChatJudge(chat, MODEL, 1)


@contextmanager
def watched_page(browser, viewport):
    """A page in a new context of ``viewport`` and the console errors it logs (closed after)."""
    context = browser.new_context(viewport=viewport)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        yield page, errors
    finally:
        context.close()


def places(home) -> dict[str, tuple[str, str]]:
    """Each kind's page and the id of the box its draft fills."""
    store = MemoryStore(home, user_char_limit=0)
    ids = {e.text: e.entry_id for e in store.entries("user")}
    coffee = next(e for e in store.get_contradictions("user") if {e["from_text"], e["to_text"]} == set(COFFEE))
    (garden,) = [p for p in store.pattern_proposals("user") if set(p.texts) == set(GARDEN)]
    return {"synthesis": (f"/user/contradictions/edges/{coffee['edge_id']}", "#synthesis-text"),
            "principle": ("/user/promotions/", f"#promotion-{ids[PRINCIPLE]}-principle"),
            "pattern": ("/user/patterns/", f"#pattern-{garden.proposal_id}-text")}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_one_draft_of_each_kind_where_the_decision_is(browser, tmp_path, screenshots, viewport):
    home = tmp_path / "home"
    noor_home(home)
    MemoryStore(home, user_char_limit=0, drafter=drafting_model()).run_maintenance("user")
    size = "desktop" if viewport is DESKTOP else "phone"
    with watched_page(browser, viewport) as (page, errors):
        with serving(home, config={"DRAFTER": drafting_model()}) as url:
            for kind, (path, box) in places(home).items():
                page.goto(url + path)
                expect(page.locator(box)).to_have_value(DRAFTED[kind])
                expect(page.get_by_text(f"Suggested by {MODEL}").first).to_be_visible()
                page.locator(box).scroll_into_view_if_needed()
                page.screenshot(path=screenshots / f"drafts-{kind}-{size}.png", full_page=True)
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], f"{kind} scrolls sideways"
            kept = next(e for e in MemoryStore(home).get_contradictions("user") if KEPT in (e["from_text"], e["to_text"]))
            page.goto(f"{url}/user/contradictions/edges/{kept['edge_id']}")
            expect(page.get_by_text("stays here")).to_be_visible()
            expect(page.get_by_role("button", name=f"Draft it with {MODEL}")).to_have_count(0)
            page.screenshot(path=screenshots / f"drafts-kept-{size}.png", full_page=True)
    assert not errors, errors


def test_draft_it_shows_drafting_then_the_draft_without_waiting(browser, tmp_path, screenshots):
    home = tmp_path / "home"
    noor_home(home)
    MemoryStore(home, user_char_limit=0, drafter=False).run_maintenance("user")  # proposals, no drafts
    release = threading.Event()
    with watched_page(browser, DESKTOP) as (page, errors):
        with serving(home) as url:  # no model: the place says how to configure one
            page.goto(url + places(home)["principle"][0])
            page.get_by_text("No first text: no drafting model").click()
            expect(page.get_by_text("DMEM_JUDGE_URL")).to_be_visible()
            page.screenshot(path=screenshots / "drafts-no-model-desktop.png", full_page=True)
            page.goto("about:blank")  # its live updates stop before this server does
        with serving(home, config={"DRAFTER": drafting_model(release)}) as url:
            for kind in ("synthesis", "principle"):
                path, box = places(home)[kind]
                page.goto(url + path)
                expect(page.locator(box)).to_have_value("")
                page.screenshot(path=screenshots / f"drafts-draft-it-{kind}-desktop.png", full_page=True)
                page.get_by_role("button", name=f"Draft it with {MODEL}").click()
                expect(page.get_by_text(f"Drafting with {MODEL}…")).to_be_visible()  # answered while the model thinks
                assert page.url == url + path, "htmx swapped the place; no page load"
                if kind == "synthesis":
                    page.screenshot(path=screenshots / "drafts-drafting-desktop.png", full_page=True)
                release.set()
                expect(page.locator(box)).to_have_value(DRAFTED[kind], timeout=15_000)  # htmx reloaded it by itself
                expect(page.get_by_text(f"Suggested by {MODEL}").first).to_be_visible()
                release.clear()
    assert not errors, errors


def test_the_review_walk_drafts_in_place_and_writes_what_the_person_sends(browser, tmp_path, screenshots):
    """The walk, started from the agent notes' page, reaches the user profile's coffee group: "Draft
    it" swaps the decision in place, "Drafting…" reloads itself until the box holds the draft, and
    the synthesis written is the text the person sent."""
    home = tmp_path / "home"
    noor_home(home)
    store = MemoryStore(home, user_char_limit=0, drafter=False)
    store.run_maintenance("user")
    kept = next(e for e in store.get_contradictions("user") if KEPT in (e["from_text"], e["to_text"]))
    store.dismiss_contradiction("user", kept["edge_id"])
    release = threading.Event()
    with watched_page(browser, DESKTOP) as (page, errors):
        with serving(home, config={"DRAFTER": drafting_model(release)}) as url:
            page.goto(f"{url}/memory/review/")
            decision = page.locator("#review-decision")
            expect(decision).to_contain_text(COFFEE[0])
            expect(decision.locator(".group-why")).to_contain_text("Why:")
            page.get_by_role("button", name=f"Draft it with {MODEL}").click()
            expect(page.get_by_text(f"Drafting with {MODEL}…")).to_be_visible()
            assert page.url == f"{url}/memory/review/", "htmx swapped the decision; no page load"
            release.set()
            expect(page.locator("#group-synthesis")).to_have_value(DRAFTED["synthesis"], timeout=15_000)
            page.screenshot(path=screenshots / "review-walk-drafted-desktop.png", full_page=True)
            edited = DRAFTED["synthesis"].replace("every morning", "most mornings")
            page.locator("#group-synthesis").fill(edited)
            page.get_by_role("button", name="Write the synthesis").click()
            expect(page.locator("#flash")).to_contain_text("Synthesis written")
            page.goto("about:blank")
    assert edited in [e.text for e in MemoryStore(home, user_char_limit=0).entries("user")]
    assert not errors, errors
