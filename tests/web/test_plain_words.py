"""Issue 38: every page linked from the navigation of a `dmem demo` home, and the fragment that
comes back after each action, reads in plain words (tests/web/plain_words.py says what that rules out)."""

from __future__ import annotations

import re

import pytest

from dialectical_memory.features.demo import HERMES_LIMITS, seed_demo
from dialectical_memory.web import create_app

from .conftest import TEST_CSRF_TOKEN, logged_in_client
from .plain_words import internal_words, readable_text
from .seeding import NOW, QuietDetector

# Re-verify is where the raw (unfloored) confidence is explained, because re-verification needs it.
ALLOWED_ON = {"/reverify/": ("raw confidence",)}


@pytest.fixture
def demo_home(tmp_path):
    return seed_demo(tmp_path / "demo", now=NOW)


@pytest.fixture
def demo_client(demo_home):
    config = {"MEMORY_HOME": str(demo_home), "TESTING": True, "CLOCK": lambda: NOW, "DETECTOR": QuietDetector(),
              "MEMORY_CHAR_LIMIT": HERMES_LIMITS["memory"], "USER_CHAR_LIMIT": HERMES_LIMITS["user"]}
    app = create_app(config)
    return logged_in_client(app), app.extensions["dmem_store"]


def nav_links(html: str) -> list[str]:
    return re.findall(r'<a href="([^"]+)" data-nav=', html)


def problems(url: str, html: str) -> list[str]:
    allowed = next((words for part, words in ALLOWED_ON.items() if part in url), ())
    return [f"{url}: {found}" for found in internal_words(readable_text(html), allowed=allowed)]


def test_the_checker_finds_what_the_pages_used_to_show():
    """Each kind of word the issue found on screen is caught (a checker that finds nothing proves nothing)."""
    shown = ['<p>Blocked: looks like a prompt injection [prompt_injection]</p>', "<p>Undone: supersede.</p>",
             "<span>synthesized into a7a5e873-8123-4c1e-9d7e-0b1c2d3e4f50</span>", "<span>undone: b0a1b3cb</span>",
             '<button aria-label="Archive 3f9c2b1a">x</button>', "<span>user_explicit</span>", '<img alt="keep_blocked">']
    for html in shown:
        assert internal_words(readable_text(html)), html
    assert not internal_words(readable_text('<a href="/memory/entries/a7a5e873-8123-4c1e-9d7e-0b1c2d3e4f50">Details</a>'))
    assert not internal_words(readable_text('<input type="hidden" name="etag" value="c73fa3f380a0fa2a"><p>User is vegetarian.</p>'))


def test_every_page_in_the_navigation_of_the_demo_reads_in_plain_words(demo_client):
    client, _store = demo_client
    found, seen = [], 0
    for target in ("memory", "user"):
        home = client.get(f"/{target}/").get_data(as_text=True)
        links = nav_links(home)
        assert len(links) == 9, links  # overview, tiers, contradictions, re-verify, promotions, patterns, archive, history, export
        for url in links + [f"/{target}/blocked/"]:
            response = client.get(url)
            assert response.status_code == 200, url
            found += problems(url, response.get_data(as_text=True))
            seen += 1
    assert seen == 20 and found == []


def post(client, url, data=None):
    return client.post(url, data={"csrf_token": TEST_CSRF_TOKEN, **(data or {})}, headers={"HX-Request": "true"})


def test_the_fragments_after_each_action_read_in_plain_words(demo_client):
    client, store = demo_client
    fragments = []

    def act(url, data=None):
        response = post(client, url, data)
        assert response.status_code in (200, 204), (url, response.status_code, response.get_data(as_text=True)[:300])
        fragments.append((url, response.get_data(as_text=True)))
        return response

    blocked = store.blocked_entries("memory")[0]
    act(f"/memory/blocked/{blocked.entry_id}/retire", {"etag": blocked.etag})
    act("/memory/entries/", {"text": "User keeps the runbooks in the ops repository."})
    tests = store.get_entry_meta("memory", "Run `make test` before every commit; CI runs the same target.")
    act(f"/memory/entries/{tests.entry_id}/hit", {"etag": store.get_entry("memory", tests.entry_id).etag})
    edges = store.get_contradictions("memory")
    assert len(edges) == 2, [e["reason"] for e in edges]
    for edge, how in zip(edges, ("keep", "dismiss")):
        etags = {f"etag-{side}": store.get_entry("memory", edge[f"{side}_id"]).etag for side in ("from", "to")}
        data = {"keep_id": edge["from_id"], **etags} if how == "keep" else etags
        act(f"/memory/contradictions/edges/{edge['edge_id']}/{how}", data)
    item = store.reverification_queue("memory")[0]
    act(f"/memory/reverify/{item.entry.entry_id}/confirm", {"etag": item.entry.etag})
    promotion = store.pending_promotions("memory")[0]
    act(f"/memory/promotions/{promotion.entry.entry_id}/reject", {"etag": promotion.entry.etag})
    archived = next(e for e in store.archived("memory", limit=20) if e.text != blocked.text)
    act(f"/memory/archive/{archived.entry_id}/restore")
    candidate = store.make_room_plan("memory").candidates[0]
    act(f"/memory/room/{candidate.entry_id}/archive")
    undo = re.search(r'action="(/memory/history/[^"]+/undo)"', fragments[-1][1]).group(1)
    client.post(undo, data={"csrf_token": TEST_CSRF_TOKEN, "next": "/memory/history"})
    fragments.append(("after the undo", client.get("/memory/history").get_data(as_text=True)))
    assert len(fragments) == 10
    found = [p for url, html in fragments for p in problems(url, html)]
    assert found == []
    assert "Undone: made room." in fragments[-1][1]
