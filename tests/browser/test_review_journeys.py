"""Issue 12 in Chromium: the work preselected, Undo, add, search across targets, live updates that
keep a draft, the keyboard, the dark theme."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from .conftest import CONTRADICTING_PAIRS, VEGETARIAN_NOTE
from .test_journeys import assert_not_reloaded, mark_page, nav_count

pytestmark = pytest.mark.browser


def selected_edge_id(page: Page) -> str:
    return page.locator("#panel").get_attribute("data-edge-id")


def test_the_first_unresolved_contradiction_is_ready_for_a_synthesis(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/contradictions/")
    mark_page(page)
    edge_id = selected_edge_id(page)
    assert edge_id, "no contradiction preselected"
    expect(page.locator(f'a.graph-edge[data-edge-id="{edge_id}"]')).to_have_class(re.compile("is-selected"))
    expect(page.locator("#panel")).to_contain_text("Why:")
    edge = next(e for e in live_server.store().get_contradictions("memory") if e["edge_id"] == edge_id)
    synthesis = f"Both hold, in different situations: {edge['from_text'][:40]}"
    page.get_by_label("Write a synthesis that holds both sides").fill(synthesis)
    page.get_by_role("button", name="Synthesize", exact=True).click()
    expect(page.locator("#flash")).to_contain_text("Synthesis written")
    expect(page.locator("#flash").get_by_role("button", name="Undo")).to_be_visible()
    assert_not_reloaded(page)
    assert synthesis in live_server.entries()
    assert next(e for e in live_server.store().get_contradictions("memory", include_resolved=True) if e["edge_id"] == edge_id)["resolution"] == "synthesis"


def test_dismiss_then_undo_reopens_the_contradiction(page: Page, live_server):
    stated, observed = CONTRADICTING_PAIRS[0]
    edge_id = live_server.edge_between(stated, observed)["edge_id"]
    page.goto(f"{live_server.url}/memory/contradictions/edges/{edge_id}")
    open_edges = int(nav_count(page, "contradictions").inner_text())
    page.get_by_role("button", name="Not a contradiction", exact=True).click()
    expect(page.locator("#flash")).to_contain_text("Marked as not a contradiction")
    expect(nav_count(page, "contradictions")).to_have_text(str(open_edges - 1))
    assert live_server.edge_between(stated, observed)["resolved"]
    page.locator("#flash").get_by_role("button", name="Undo").click()
    expect(page.locator("#flash")).to_contain_text("Undone: not a contradiction")
    expect(nav_count(page, "contradictions")).to_have_text(str(open_edges))
    row = page.locator("#edge-list tr", has_text=stated).filter(has_text=observed)
    expect(row).to_contain_text("unresolved")
    assert not live_server.edge_between(stated, observed)["resolved"]
    assert live_server.history()[-1]["action"] == "undo"


def test_add_an_entry_on_the_tiers_page(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/")
    mark_page(page)
    total = int(nav_count(page, "entries").inner_text())
    page.get_by_label("New entry").fill("User keeps a paper notebook for meeting notes.")
    form = page.locator("#add-entry")
    form.get_by_label("Source").select_option("observed")
    form.get_by_label("Knowledge type").select_option("state")
    form.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#flash")).to_contain_text("Entry added: “User keeps a paper notebook for meeting notes.”")
    expect(nav_count(page, "entries")).to_have_text(str(total + 1))
    expect(page.locator("#board .board-summary")).to_contain_text(f"{total + 1} entries")
    expect(page.get_by_label("New entry")).to_have_value("")
    assert_not_reloaded(page)
    meta = live_server.store().get_entry_meta("memory", "User keeps a paper notebook for meeting notes.")
    assert meta.source_kind.value == "observed" and meta.knowledge_type.value == "state"


def test_search_from_the_top_bar_finds_both_targets(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/promotions/")
    page.keyboard.press("/")
    expect(page.locator("#topbar-q")).to_be_focused()
    page.keyboard.type("vegetarian")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/search\?q=vegetarian$"))
    expect(page.locator("#results-memory")).to_contain_text("Agent notes")
    expect(page.locator(".search-group").nth(0)).to_contain_text(VEGETARIAN_NOTE)
    expect(page.locator(".search-group").nth(1)).to_contain_text("User is vegetarian.")


def test_a_cli_add_shows_up_live_and_the_draft_stays(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/?search=cello")
    expect(page.locator("#board .entry-card")).to_have_count(0)
    mark_page(page)
    total = int(nav_count(page, "entries").inner_text())
    draft = "A thought I am still writing…"
    page.get_by_label("New entry").fill(draft)
    subprocess.run(
        [sys.executable, "-m", "dialectical_memory.adapters.cli", "--home", str(live_server.home), "--memory-char-limit", "0",
         "add", "User started learning the cello."], check=True, capture_output=True,
    )  # fmt: skip
    expect(page.locator("#board")).to_contain_text("User started learning the cello.", timeout=10_000)
    expect(nav_count(page, "entries")).to_have_text(str(total + 1))
    expect(page.get_by_label("New entry")).to_have_value(draft)
    assert_not_reloaded(page)


def test_a_synthesis_draft_survives_a_live_update(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/contradictions/")
    mark_page(page)
    page.get_by_label("Write a synthesis that holds both sides").fill("half-written synthesis")
    open_edges = int(nav_count(page, "contradictions").inner_text())
    store = live_server.store()
    a = store.add("memory", "User wants weekly reports.").entry_id
    b = store.add("memory", "User asked to stop the weekly reports.").entry_id
    if not any({e["from_id"], e["to_id"]} == {a, b} for e in store.get_contradictions("memory")):
        store.mark_contradiction("memory", a, b, actor="agent")
    expect(nav_count(page, "contradictions")).to_have_text(str(open_edges + 1), timeout=10_000)
    expect(page.locator("#edge-list")).to_contain_text("User asked to stop the weekly reports.")
    expect(page.get_by_label("Write a synthesis that holds both sides")).to_have_value("half-written synthesis")
    assert_not_reloaded(page)


def test_keyboard_walks_the_contradictions_and_shows_the_shortcuts(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/contradictions/")
    mark_page(page)
    first = selected_edge_id(page)
    expect(page.locator(".edge-nav")).to_contain_text("1 of")
    page.keyboard.press("n")
    expect(page.locator(".edge-nav")).to_contain_text("2 of")
    second = selected_edge_id(page)
    assert second != first
    expect(page.locator(f'a.graph-edge[data-edge-id="{second}"]')).to_have_class(re.compile("is-selected"))
    page.keyboard.press("k")
    expect(page.locator(".edge-nav")).to_contain_text("1 of")
    assert selected_edge_id(page) == first
    page.keyboard.press("?")
    expect(page.locator("#shortcuts")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#shortcuts")).to_be_hidden()
    page.keyboard.press("s")
    expect(page.get_by_label("Write a synthesis that holds both sides")).to_be_focused()
    assert_not_reloaded(page)


def test_the_dark_theme_follows_the_system(browser, live_server, screenshots):
    context = browser.new_context(color_scheme="dark", viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        for name, path in (("contradictions", "/memory/contradictions/"), ("tiers", "/memory/entries/")):
            page.goto(live_server.url + path)
            background = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert background == "rgb(17, 21, 29)", background
            panel = page.evaluate("getComputedStyle(document.querySelector('.panel')).color")
            assert panel == "rgb(229, 233, 240)", panel
            page.screenshot(path=screenshots / f"{name}-dark-desktop.png", full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-javascript"])
def test_keep_one_of_a_triangle_from_its_single_form(browser, live_server, javascript):
    """The group's one form: the button pressed names the entry kept, through htmx or a plain post."""
    store = live_server.store()
    cities = ("Lisbon", "Oslo", "Vienna")
    ids = [store.add("memory", f"User's home town is {city}.").entry_id for city in cities]
    linked = {frozenset((e["from_id"], e["to_id"])) for e in store.get_contradictions("memory")}
    for a, b in ((0, 1), (1, 2), (0, 2)):  # the detector may have linked some as they were added
        if frozenset((ids[a], ids[b])) not in linked:
            store.mark_contradiction("memory", ids[a], ids[b], actor="agent")
    edge = next(e["edge_id"] for e in store.get_contradictions("memory") if {e["from_id"], e["to_id"]} == {ids[0], ids[1]})
    context = browser.new_context(java_script_enabled=javascript)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/memory/contradictions/edges/{edge}")
        group = page.locator(".group-resolve")
        expect(group).to_contain_text("3 entries all contradict each other")
        group.locator("li", has_text="Oslo").get_by_role("button", name="Keep this one, archive 2").click()
        expect(page.locator("#flash")).to_contain_text("archived the 2 entries it contradicted as superseded")
    finally:
        context.close()
    entries = live_server.entries()
    assert "User's home town is Oslo." in entries
    assert not {"User's home town is Lisbon.", "User's home town is Vienna."} & set(entries)
