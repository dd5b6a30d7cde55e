"""What a person does in the dashboard, in Chromium: each action swaps a fragment (no full reload)
and lands on disk."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from dialectical_memory import MemoryStore

from .conftest import CONTRADICTING_PAIRS, EXPIRED_BELIEFS, PROMOTION_CANDIDATES, SEARCHABLE

pytestmark = pytest.mark.browser


def mark_page(page: Page) -> None:
    page.evaluate("window.__marker = 1")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__marker") == 1, "the page was fully reloaded"


def nav_count(page: Page, section: str):
    return page.locator(f'#sections-nav [data-count="{section}"]')


def count_of(page: Page, section: str) -> int:
    return int(nav_count(page, section).inner_text())


def test_resolve_a_contradiction_by_writing_a_synthesis_on_the_graph(page: Page, live_server):
    stated, observed = CONTRADICTING_PAIRS[1]
    edge = live_server.edge_between(stated, observed)
    page.goto(f"{live_server.url}/memory/contradictions/")
    mark_page(page)
    page.locator(f'a.graph-edge[data-edge-id="{edge["edge_id"]}"]').click()
    panel = page.locator("#panel")
    expect(panel).to_contain_text(stated)
    expect(panel).to_contain_text("Behaviour first")
    expect(page).to_have_url(re.compile(rf"/contradictions/edges/{edge['edge_id']}$"))
    synthesis = "User uses dark mode in editors but a light theme in the terminal."
    panel.get_by_label("Write a synthesis that holds both sides").fill(synthesis)
    panel.get_by_label("Knowledge type of the synthesis").select_option("rule")
    panel.get_by_role("button", name="Synthesize", exact=True).click()
    expect(page.locator("#flash")).to_contain_text("Synthesis written")
    expect(nav_count(page, "contradictions")).to_have_text(str(live_server.counts()["unresolved_contradictions"]))
    expect(page.locator(f'a.graph-edge[data-edge-id="{edge["edge_id"]}"]')).to_have_class(re.compile("graph-edge--resolved"))
    assert_not_reloaded(page)
    assert synthesis in live_server.entries()
    assert stated not in live_server.entries() and observed not in live_server.entries()
    assert live_server.edge_between(stated, observed)["resolution"] == "synthesis"


def test_dismiss_a_contradiction_from_the_list_view(page: Page, live_server):
    stated, observed = CONTRADICTING_PAIRS[0]
    page.goto(f"{live_server.url}/memory/contradictions/")
    open_edges = count_of(page, "contradictions")
    mark_page(page)
    row = page.locator("tr", has_text=stated).filter(has_text=observed)
    row.get_by_role("link", name=re.compile("^Review")).click()
    panel = page.locator("#panel")
    expect(panel).to_contain_text(observed)
    panel.get_by_role("button", name="Not a contradiction", exact=True).click()
    expect(page.locator("#flash")).to_contain_text("Marked as not a contradiction")
    expect(nav_count(page, "contradictions")).to_have_text(str(open_edges - 1))
    assert_not_reloaded(page)
    assert live_server.edge_between(stated, observed)["resolution"] == "dismissed"
    assert stated in live_server.entries() and observed in live_server.entries()


def test_approve_and_reject_promotions(page: Page, live_server):
    summarise, ask = PROMOTION_CANDIDATES
    page.goto(f"{live_server.url}/memory/promotions/")
    pending = count_of(page, "promotions")
    mark_page(page)
    approved_row = page.locator(".review-row", has_text=summarise)
    approved_row.get_by_label("A shorter text").fill("Summarise long threads first.")
    approved_row.get_by_role("button", name="Approve", exact=True).click()
    expect(approved_row).to_have_count(0)
    expect(nav_count(page, "promotions")).to_have_text(str(pending - 1))
    rejected_row = page.locator(".review-row", has_text=ask)
    rejected_row.get_by_role("button", name="Reject", exact=True).click()
    expect(rejected_row).to_have_count(0)
    expect(nav_count(page, "promotions")).to_have_text(str(pending - 2))
    assert_not_reloaded(page)
    store = live_server.store()
    approved = store.get_entry_meta("memory", "Summarise long threads first.")
    assert approved is not None and approved.maturity.name == "PATTERN" and approved.original_text == summarise
    rejected = store.get_entry_meta("memory", ask)
    assert rejected.pending_promotion is None and rejected.maturity.name == "INCIDENT"


def test_confirm_revise_and_retire_from_the_reverify_queue(page: Page, live_server):
    kitchen, car, marathon = EXPIRED_BELIEFS
    page.goto(f"{live_server.url}/memory/reverify/")
    waiting = count_of(page, "verification")
    mark_page(page)
    rows = page.locator("#reverify-queue .review-row")
    confirmed = rows.filter(has_text=marathon)
    confirmed.get_by_role("button", name="Confirm", exact=True).click()
    expect(confirmed).to_have_count(0)
    revised = rows.filter(has_text=kitchen)
    revised.get_by_text("Write a revision").click()
    revised.get_by_label("What is true now").fill("User finished renovating the kitchen.")
    revised.get_by_role("button", name="Revise", exact=True).click()
    expect(revised).to_have_count(0)
    retired = rows.filter(has_text=car)
    retired.get_by_role("button", name="Retire", exact=True).click()
    expect(retired).to_have_count(0)
    expect(nav_count(page, "verification")).to_have_text(str(waiting - 3))
    assert_not_reloaded(page)
    entries = live_server.entries()
    assert marathon in entries and "User finished renovating the kitchen." in entries and car not in entries
    store = live_server.store()
    assert store.get_entry_meta("memory", marathon).status.value == "active"
    assert store.get_entry_meta("memory", "User finished renovating the kitchen.").source_kind.value == "user_correction"
    assert [r["action"] for r in live_server.history()[-3:]] == ["confirm", "revise", "retire"]


def test_the_reverify_pager_skips_nothing_after_rows_leave(page: Page, live_server, monkeypatch):
    from dialectical_memory.web import verification

    monkeypatch.setattr(verification, "PAGE_SIZE", 2)
    queue = [item.entry.entry_id for item in live_server.store().reverification_queue("memory")]
    assert len(queue) >= 3
    page.goto(f"{live_server.url}/memory/reverify/")
    mark_page(page)
    rows = page.locator("#reverify-queue .review-row")
    expect(rows).to_have_count(2)
    rows.first.get_by_role("button", name="Confirm", exact=True).click()
    expect(rows).to_have_count(1)
    next_link = page.locator("#reverify-pager a[rel=next]")
    expect(next_link).to_have_attribute("href", "/memory/reverify/?offset=1")
    assert_not_reloaded(page)
    next_link.click()
    expect(page.locator("#reverify-queue .review-row").first).to_have_attribute("id", f"reverify-{queue[2]}")


def test_search_on_the_tiers_page_updates_as_you_type(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/")
    mark_page(page)
    cards = page.locator("#board .entry-card")
    expect(cards.first).to_be_visible()
    page.get_by_label("Search text").press_sequentially("kubernetes", delay=20)
    expect(cards).to_have_count(1)
    expect(cards.first).to_contain_text(SEARCHABLE)
    expect(page).to_have_url(re.compile(r"/memory/entries/\?search=kubernetes$"))
    page.get_by_label("Search text").fill("安静")  # the demo's Chinese synthesis: quiet in general, music while coding
    expect(cards.first).to_contain_text("安静")
    assert_not_reloaded(page)


def test_record_a_hit_inline_on_a_card(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/?search=Kubernetes")
    mark_page(page)
    card = page.locator("#board .entry-card").first
    card.get_by_role("button", name="Record hit", exact=True).click()
    expect(card).to_contain_text("1 hit")
    assert_not_reloaded(page)
    assert live_server.store().get_entry_meta("memory", SEARCHABLE).hit_count == 1


def test_edit_an_entry_inline(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/?search=Kubernetes")
    mark_page(page)
    page.locator("#board .entry-card").first.get_by_role("link", name="Edit").click()
    editor = page.get_by_label("Text of the entry")
    expect(editor).to_have_value(SEARCHABLE)
    editor.fill("User runs the homelab on Nomad.")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#board .entry-card").first).to_contain_text("User runs the homelab on Nomad.")
    assert_not_reloaded(page)
    assert "User runs the homelab on Nomad." in live_server.entries()


def test_a_stale_form_is_refused_with_the_fresh_row(page: Page, live_server):
    car = EXPIRED_BELIEFS[1]
    page.goto(f"{live_server.url}/memory/reverify/")
    mark_page(page)
    page.evaluate("document.body.setAttribute('data-live-paused', '')")  # keep the stale row: no live refresh
    agent = live_server.store()
    entry = agent.get_entry_meta("memory", car)
    agent.record_surface("memory", entry.entry_id)
    row = page.locator(f"#reverify-{entry.entry_id}")
    row.get_by_role("button", name="Confirm", exact=True).click()
    expect(row).to_contain_text("changed since")
    expect(page.locator("#flash")).to_contain_text("changed since")
    assert_not_reloaded(page)
    assert live_server.store().get_entry_meta("memory", car).status.value == "decayed"


def test_a_live_refresh_in_flight_when_paused_swaps_nothing(page: Page, live_server):
    """A poll that saw the home change fetches the page; paused before that page arrives, the
    dashboard swaps nothing (the stale-row journey above pauses, then writes: a refresh already on
    its way used to land and make the row fresh)."""
    car = EXPIRED_BELIEFS[1]
    page.goto(f"{live_server.url}/memory/reverify/")
    mark_page(page)
    held = []
    page.route(re.compile(r".*/memory/reverify/$"), lambda route: held.append(route))
    agent = live_server.store()
    entry = agent.get_entry_meta("memory", car)
    before = page.locator(f"#reverify-{entry.entry_id}").inner_html()
    agent.record_surface("memory", entry.entry_id)  # the stamp moves: the next poll fetches the page
    deadline = time.monotonic() + 15
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, "the live refresh never asked for the page"
    page.evaluate("document.body.setAttribute('data-live-paused', '')")
    held[0].continue_()
    page.wait_for_timeout(500)
    assert page.locator(f"#reverify-{entry.entry_id}").inner_html() == before
    assert page.evaluate("document.body.getAttribute('data-refreshed')") is None


def test_a_refused_request_says_why_instead_of_failing_silently(page: Page, live_server):
    page.goto(f"{live_server.url}/memory/entries/?search=Kubernetes")
    mark_page(page)
    page.context.clear_cookies()
    before = live_server.md()
    page.locator("#board .entry-card").first.get_by_role("button", name="Record hit", exact=True).click()
    expect(page.locator("#flash")).to_contain_text("security token")
    assert_not_reloaded(page)
    assert live_server.md() == before


def test_everything_still_works_without_javascript(browser, live_server):
    kitchen = EXPIRED_BELIEFS[0]
    stated, observed = CONTRADICTING_PAIRS[1]
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/memory/reverify/")
        row = page.locator(".review-row", has_text=kitchen)
        row.get_by_role("button", name="Retire", exact=True).click()
        expect(page).to_have_url(f"{live_server.url}/memory/reverify/")
        expect(page.locator("#flash")).to_contain_text("Retired")
        expect(row).to_have_count(0)
        page.goto(f"{live_server.url}/memory/contradictions/")
        page.locator("tr", has_text=stated).get_by_role("link", name=re.compile("^Review")).click()
        page.get_by_role("button", name="Not a contradiction", exact=True).click()
        expect(page.locator("#flash")).to_contain_text("Marked as not a contradiction")
    finally:
        context.close()
    assert kitchen not in live_server.entries()
    assert live_server.edge_between(stated, observed)["resolution"] == "dismissed"


def test_run_maintenance_shows_its_report_in_place(page: Page, live_server):
    stale = "User is moving flats next month."
    past = time.time() - 200 * 86_400
    MemoryStore(live_server.home, memory_char_limit=0, user_char_limit=0, clock=lambda: past).add("memory", stale, knowledge_type="state")
    page.goto(f"{live_server.url}/memory/")
    mark_page(page)
    page.get_by_role("button", name="Run maintenance", exact=True).click()
    report = page.locator("#maintenance-report")
    expect(report).to_contain_text("Maintenance of memory done")
    expect(report).to_contain_text(stale)
    assert_not_reloaded(page)
    assert live_server.store().get_entry_meta("memory", stale).status.value == "decayed"
