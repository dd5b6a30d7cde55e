"""Issue 30 in Chromium: what is in the first screen, measured — the decision on arrival, the next
contradiction after a synthesis, labels a person can read, and two 600-character sides."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from dialectical_memory import MemoryStore
from dialectical_memory.features.demo import seed_demo

from .conftest import LiveServer, QuietDetector, serving

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LONG_ENGLISH = ("User asks for detailed explanations on technical questions, with worked examples, links to the "
                "sources and the trade-offs spelled out; ") * 5
LONG_ENGLISH = LONG_ENGLISH[:599].rstrip() + "."
LONG_CHINESE = ("用户喜欢简洁的回复，一般只要结论和下一步，不要铺垫，也不要重复问题本身；" * 30)[:599] + "。"
SYNTHESIZE = "Synthesize"


@pytest.fixture
def demo_server(tmp_path):
    """What `dmem demo` + `dmem serve` give a person, nothing added."""
    home = seed_demo(tmp_path / "demo")
    with serving(home) as url:
        yield LiveServer(url, home)


@pytest.fixture
def long_server(tmp_path):
    """Two 600-character sides, one of them Chinese, as the first contradiction; a second one after."""
    home = tmp_path / "long"
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=QuietDetector())
    a = store.add("memory", LONG_CHINESE).entry_id
    b = store.add("memory", LONG_ENGLISH, source_kind="observed").entry_id
    store.mark_contradiction("memory", a, b, reason="scoped: concise↔detailed", actor="agent")
    c = store.add("memory", "User says they prefer tabs for indentation.").entry_id
    d = store.add("memory", "User's code consistently uses 4-space indentation.", source_kind="observed").entry_id
    store.mark_contradiction("memory", c, d, reason="stated ↔ observed", actor="agent")
    with serving(home) as url:
        yield LiveServer(url, home)


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector)
    expect(found).to_have_count(1)
    return found.bounding_box()


def assert_in_first_screen(page: Page, selector: str, height: int) -> None:
    where = box(page, selector)
    assert where["y"] >= 0 and where["y"] + where["height"] <= height, f"{selector} spans y {where['y']:.0f}–{where['y'] + where['height']:.0f}"


def decision(page: Page) -> dict[str, float]:
    """y of what a person needs to decide (top, bottom of the button)."""
    return {
        "side A": box(page, "#panel .side:nth-child(1)")["y"],
        "side B": box(page, "#panel .side:nth-child(2)")["y"],
        "box": box(page, "#synthesis-text")["y"],
        "button": box(page, "#panel .synthesis-form .button--primary")["y"],
    }


def open_from_the_overview(page: Page, live: LiveServer, viewport: dict) -> None:
    page.set_viewport_size(viewport)
    page.goto(f"{live.url}/memory/")
    page.locator('#sections-nav [data-nav="contradictions"]').click()
    expect(page).to_have_url(re.compile(r"/memory/contradictions/$"))
    expect(page.locator("#synthesis-text")).to_be_visible()


def test_arriving_from_the_overview_the_sides_the_box_and_its_button_fit_the_first_screen(page: Page, demo_server):
    open_from_the_overview(page, demo_server, DESKTOP)
    for selector in ("#panel .side:nth-child(1)", "#panel .side:nth-child(2)", "#synthesis-text", "#panel .synthesis-form .button--primary",
                     '#panel button:text-is("Not a contradiction")', '#panel button:text-is("Keep this side") >> nth=1', "#panel .reason", "#panel .hint"):  # fmt: skip
        assert_in_first_screen(page, selector, DESKTOP["height"])
    expect(page.locator("#synthesis-text")).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    assert box(page, "#graph-panel")["y"] < DESKTOP["height"], "the graph is beside the decision"


def test_the_box_ready_on_arrival_leaves_the_walking_keys_working(page: Page, demo_server):
    open_from_the_overview(page, demo_server, DESKTOP)
    expect(page.locator("#synthesis-text")).to_be_focused()
    page.keyboard.press("n")
    expect(page.locator(".edge-nav")).to_contain_text("2 of 2")
    expect(page.locator("#synthesis-text")).to_have_value("")
    page.locator("#synthesis-text").click()
    page.keyboard.type("now")
    expect(page.locator("#synthesis-text")).to_have_value("now")  # once the person types, n is a letter


def test_the_graph_shows_at_least_25_characters_of_each_side(page: Page, demo_server):
    open_from_the_overview(page, demo_server, DESKTOP)
    edge_id = page.locator("#panel").get_attribute("data-edge-id")
    edge = next(e for e in demo_server.store().get_contradictions("memory") if e["edge_id"] == edge_id)
    for entry_id, text in ((edge["from_id"], edge["from_text"]), (edge["to_id"], edge["to_text"])):
        label = page.locator(f'.graph-node[data-entry-id="{entry_id}"] .graph-node-label')
        assert label.text_content().startswith(text[:25]), label.text_content()
        where = label.bounding_box()
        assert 0 <= where["x"] and where["x"] + where["width"] <= DESKTOP["width"] and where["y"] + where["height"] <= DESKTOP["height"]
    expect(page.locator(f'a.graph-edge[data-edge-id="{edge_id}"]')).to_have_class(re.compile("is-selected"))


def test_after_a_synthesis_the_next_contradiction_and_its_button_are_in_view(page: Page, demo_server):
    open_from_the_overview(page, demo_server, DESKTOP)
    first = page.locator("#panel").get_attribute("data-edge-id")
    page.locator("#synthesis-text").fill("Concise in general; detailed on technical questions.")
    page.get_by_role("button", name=SYNTHESIZE, exact=True).click()
    expect(page.locator("#flash")).to_contain_text("Synthesis written")
    expect(page.locator("#flash")).to_contain_text("1 contradiction left.")
    expect(page.locator("#panel")).not_to_have_attribute("data-edge-id", first)
    expect(page.locator("#panel")).to_contain_text("User says they prefer tabs for indentation.")
    for selector in ("#panel .side:nth-child(1)", "#panel .side:nth-child(2)", "#synthesis-text", "#panel .synthesis-form .button--primary"):
        assert_in_first_screen(page, selector, DESKTOP["height"])
    expect(page.locator("#synthesis-text")).to_be_focused()


def test_an_add_that_contradicts_answers_with_the_other_entry_linked_and_undoable(page: Page, demo_server):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{demo_server.url}/memory/entries/")
    page.get_by_label("New entry").fill("User never drinks coffee.")
    page.locator("#add-entry").get_by_role("button", name="Add", exact=True).click()
    flash = page.locator("#flash")
    expect(flash).to_contain_text("It contradicts another entry: “User drinks coffee in the morning.”")
    other = flash.get_by_role("link", name="“User drinks coffee in the morning.”")
    edge = demo_server.edge_between("User drinks coffee in the morning.", "User never drinks coffee.")
    expect(other).to_have_attribute("href", f"/memory/contradictions/edges/{edge['edge_id']}")
    expect(flash.get_by_role("button", name="Undo")).to_be_visible()
    flash.get_by_role("button", name="Undo").click()
    expect(page.locator("#flash")).to_contain_text("Add undone")
    assert "User never drinks coffee." not in demo_server.entries()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_two_600_character_sides_one_chinese_still_leave_the_decision_in_the_first_screen(page: Page, long_server, viewport):
    open_from_the_overview(page, long_server, viewport)
    expect(page.locator("#side-from-text")).to_contain_text(LONG_CHINESE[:40])
    at = decision(page)
    graph_top = box(page, "#graph-panel")["y"]
    if viewport is DESKTOP:
        for selector in ("#panel .side:nth-child(1)", "#panel .side:nth-child(2)", "#synthesis-text", "#panel .synthesis-form .button--primary"):
            assert_in_first_screen(page, selector, viewport["height"])
    else:  # on a phone the sides and the box come first, the box within the first screen
        assert at["side A"] < at["side B"] < at["box"] < at["button"] < graph_top
        assert_in_first_screen(page, "#synthesis-text", viewport["height"])
        assert_in_first_screen(page, "#panel .synthesis-form .button--primary", viewport["height"])
    long_side = page.locator("#side-to-text")
    assert long_side.evaluate("e => e.scrollHeight > e.clientHeight"), "a long side scrolls inside its box"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_a_phone_gets_one_group_of_the_graph_and_no_second_list(page: Page, demo_server):
    page.set_viewport_size(PHONE)
    page.goto(f"{demo_server.url}/memory/contradictions/")
    groups = page.locator("svg.graph-group")
    assert groups.count() >= 2  # all drawn; a phone shows one (issue 43: scaled, their labels were ~7 px)
    shown = [where for where in (groups.nth(i).bounding_box() for i in range(groups.count())) if where]
    assert len(shown) == 1 and shown[0]["height"] > 0  # at its own size: a wide group scrolls inside the graph box
    expect(page.locator(".group-list")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


NAV_PAGES = ("/memory/", "/memory/entries/", "/memory/contradictions/", "/memory/reverify/", "/memory/promotions/",
             "/memory/patterns/", "/memory/archive", "/memory/history", "/memory/transfer/", "/memory/review/")


def test_the_header_keeps_one_height_on_every_page_at_a_laptops_width(page: Page, demo_server: LiveServer):
    """At 1280 px the sections and the search share one row, with a section current (its label bold,
    wider) or none: the page below never jumps as a person moves between sections."""
    page.set_viewport_size(DESKTOP)
    heights = {}
    for path in NAV_PAGES:
        page.goto(f"{demo_server.url}{path}")
        sections = page.locator("#sections-nav").bounding_box()
        search = page.locator(".topbar-search").bounding_box()
        assert abs(search["y"] + search["height"] / 2 - (sections["y"] + sections["height"] / 2)) < 8, path
        heights[path] = page.locator("header.topbar").bounding_box()["height"]
    assert len(set(heights.values())) == 1, heights
