"""The review inbox in Chromium on `dmem demo` + `dmem serve`: the overview's Start review shows one
decision with how many are left; its first action decides it on disk and the next takes its place."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .test_review_geometry import DESKTOP, PHONE, demo_server  # noqa: F401  (demo_server is a fixture)

pytestmark = pytest.mark.browser


def left_on(page: Page) -> int:
    count = page.locator("#review-decision .review-count strong")
    expect(count).to_have_text(re.compile(r"^\d+ left$"))
    return int(count.inner_text().split()[0])


def history_length(live) -> int:
    return len(live.history("memory")) + len(live.history("user"))


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "plain-forms"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_start_review_walks_the_decisions_one_at_a_time(browser, demo_server, viewport, javascript):  # noqa: F811
    context = browser.new_context(viewport=viewport, java_script_enabled=javascript)
    try:
        page = context.new_page()
        page.goto(demo_server.url + "/memory/")
        page.get_by_role("link", name="Start review").click()
        expect(page.locator("h1")).to_have_text("Review")
        decision = page.locator("#review-decision")
        expect(decision.locator("#decision-heading")).to_have_count(1)  # one decision, not a list
        before, written = left_on(page), history_length(demo_server)
        assert before > 1
        for step in range(3):
            decision.locator("button[type=submit]").first.click()
            expect(decision.locator(".review-count strong")).not_to_have_text(f"{before} left")
            after = left_on(page)
            assert after < before
            assert history_length(demo_server) > written  # what was decided is on disk
            before, written = after, history_length(demo_server)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        context.close()


def test_a_group_is_one_decision_resolved_by_one_synthesis(browser, demo_server):  # noqa: F811
    """Every open group of the demo, walked by synthesis: one entry replaces the whole group."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(demo_server.url + "/memory/review/")
        while page.locator("#group-synthesis").count() == 0:
            before = left_on(page)
            page.locator("#review-decision button[type=submit]").first.click()
            expect(page.locator("#review-decision .review-count strong")).not_to_have_text(f"{before} left")
        members = page.locator("#review-decision .group-members .entry-text").all_inner_texts()
        target = "memory" if "agent notes" in page.locator("#decision-heading").inner_text() else "user"
        page.locator("#group-synthesis").fill("One synthesis for the whole group.")
        page.get_by_role("button", name="Write the synthesis").click()
        expect(page.locator("#review-decision")).not_to_contain_text(members[0])
        texts = demo_server.entries(target)
        assert "One synthesis for the whole group." in demo_server.md(target)
        assert not any(member in texts for member in members)
    finally:
        context.close()


SHOWN_GROUPS = """() => [...document.querySelectorAll('svg.graph-group')]
  .filter(svg => svg.getBoundingClientRect().width > 0)
  .map(svg => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const labels = [...svg.querySelectorAll('.graph-node-label')]
      .map(label => parseFloat(getComputedStyle(label).fontSize) * scale);
    return {selected: svg.querySelector('.is-selected') !== null, smallest: Math.min(...labels)};
  })"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_graph_shows_the_selected_group_with_readable_labels(browser, demo_server, viewport):  # noqa: F811
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(demo_server.url + "/user/contradictions/")
        # the last group drawn (a phone shows the first when none is selected), as its link opens it
        page.goto(demo_server.url + page.locator("a.graph-edge.graph-edge--open").last.get_attribute("href"))
        expect(page.locator("a.graph-edge.is-selected")).to_have_count(1)
        shown = page.evaluate(SHOWN_GROUPS)
        assert any(group["selected"] for group in shown)
        assert all(group["smallest"] >= 11.99 for group in shown), shown  # 12 px, to the rounding of a scale
        if viewport is PHONE:
            assert len(shown) == 1, "a phone shows the selected group, not the whole tangle"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        context.close()
