"""Long review lists come a page at a time, with plain links, and nothing is skipped or lost.

The re-verify queue and the promotions page show ``PAGE_SIZE`` rows and link to the next page;
after an htmx action the row leaves in place and the pager moves up by one row, so the Next link
starts at the first row not yet shown. Without JavaScript a post comes back to the page it was on.
The contradiction graph and its list are paged too, and keep their pages across links and forms.
"""

from __future__ import annotations

import re

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.web import contradictions, graph_layout, promotions, verification

from .seeding import Clock, QuietDetector

N = verification.PAGE_SIZE
ROW = re.compile(r'<li class="review-row[^"]*" id="reverify-([^"]+)"')
STALE_ETAG = "0" * 16


def add_expired(home, count: int) -> None:
    """``count`` state beliefs written 200 days ago by another process: all expired now."""
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=QuietDetector(), clock=Clock().days_ago(200))
    store.load_from_disk()
    for n in range(count):
        store.add("memory", f"User is repainting room {n} this month.", knowledge_type="state")


@pytest.fixture
def queue_ids(seeded, app_store):
    """The whole queue, in order: two pages (N rows, then a few)."""
    add_expired(seeded.home, N + 3)
    ids = [item.entry.entry_id for item in app_store.reverification_queue("memory")]
    assert len(ids) > N
    return ids


def rows(html: str) -> list[str]:
    return ROW.findall(html)


def etag(store, entry_id):
    return store.get_entry("memory", entry_id).etag


# ---------------------------------------------------------------- re-verify


def test_the_queue_shows_one_page_and_links_to_the_next(client, queue_ids):
    html = client.get("/memory/reverify/").get_data(as_text=True)
    assert rows(html) == queue_ids[:N]
    assert f'href="/memory/reverify/?offset={N}" rel="next"' in html
    assert 'rel="prev"' not in html
    assert f"{len(queue_ids)} beliefs to re-verify" in html and f"showing 1–{N}" in html


def test_the_next_page_shows_the_rest_and_links_back(client, queue_ids):
    html = client.get(f"/memory/reverify/?offset={N}").get_data(as_text=True)
    assert rows(html) == queue_ids[N:]
    assert 'href="/memory/reverify/" rel="prev"' in html
    assert 'rel="next"' not in html


def test_an_offset_past_the_end_shows_the_last_page_and_junk_the_first(client, queue_ids):
    assert rows(client.get("/memory/reverify/?offset=100000").get_data(as_text=True)) == queue_ids[N:]
    assert rows(client.get("/memory/reverify/?offset=-3").get_data(as_text=True)) == queue_ids[:N]


def test_every_row_form_sends_the_pager_window_to_htmx(client, queue_ids):
    html = client.get("/memory/reverify/").get_data(as_text=True)
    assert html.count('hx-include="#reverify-pager"') == 3 * N  # confirm, retire, revise
    assert '<input type="hidden" name="pager_offset" value="0">' in html
    assert f'<input type="hidden" name="pager_end" value="{N}">' in html


def test_htmx_confirm_moves_the_pager_up_by_the_row_that_left(post, client, app_store, queue_ids):
    first = queue_ids[0]
    form = {"etag": etag(app_store, first), "pager_offset": "0", "pager_end": str(N)}
    response = post(f"/memory/reverify/{first}/confirm", form, htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'id="reverify-{first}"' not in html
    assert '<nav id="reverify-pager" class="pager" aria-label="Re-verify queue pages" hx-swap-oob="true">' in html
    assert f'href="/memory/reverify/?offset={N - 1}" rel="next"' in html
    assert 'id="reverify-pager-summary"' in html and f"{len(queue_ids) - 1} beliefs to re-verify" in html
    assert f'data-count="verification">{len(queue_ids) - 1}<' in html
    next_page = client.get(f"/memory/reverify/?offset={N - 1}").get_data(as_text=True)
    assert rows(next_page)[0] == queue_ids[N], "the first row not yet shown comes next: none is skipped"


def test_a_refused_htmx_action_leaves_the_pager_alone(post, queue_ids):
    form = {"etag": STALE_ETAG, "pager_offset": "0", "pager_end": str(N)}
    response = post(f"/memory/reverify/{queue_ids[0]}/confirm", form, htmx=True)
    assert response.status_code == 409
    assert 'id="reverify-pager"' not in response.get_data(as_text=True)


def test_confirm_on_a_later_page_without_javascript_comes_back_to_it(post, client, app_store, queue_ids):
    later = queue_ids[N]
    form = {"etag": etag(app_store, later), "next": f"/memory/reverify/?offset={N}"}
    response = post(f"/memory/reverify/{later}/confirm", form)
    assert response.status_code == 303 and response.headers["Location"] == f"/memory/reverify/?offset={N}"
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert rows(page) == queue_ids[N + 1 :]
    assert re.search(r"Confirmed “[^”]+”: still true.", page)


def test_a_refusal_without_javascript_shows_the_page_it_came_from(post, queue_ids):
    later = queue_ids[N + 1]
    response = post(f"/memory/reverify/{later}/retire", {"etag": STALE_ETAG, "next": f"/memory/reverify/?offset={N}"})
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert rows(html) == queue_ids[N:]
    assert "changed since you loaded it" in html


def test_the_last_row_of_the_last_page_leaving_shows_the_page_before(post, client, app_store, seeded):
    ids = [item.entry.entry_id for item in app_store.reverification_queue("memory")]
    assert len(ids) < N
    for entry_id in ids:
        post(f"/memory/reverify/{entry_id}/confirm", {"etag": etag(app_store, entry_id), "next": "/memory/reverify/?offset=0"})
    html = client.get(f"/memory/reverify/?offset={N}").get_data(as_text=True)
    assert "Nothing to re-verify." in html and "0 beliefs to re-verify" in html


# ---------------------------------------------------------------- promotions


@pytest.fixture
def one_per_page(monkeypatch):
    monkeypatch.setattr(promotions, "PAGE_SIZE", 1)


def promotion_rows(html: str) -> list[str]:
    return re.findall(r'<li class="review-row" id="promotion-([^"]+)"', html)


def test_promotions_are_paged(client, app_store, one_per_page):
    pending = [item.entry.entry_id for item in app_store.pending_promotions("memory")]
    assert len(pending) == 2
    first = client.get("/memory/promotions/").get_data(as_text=True)
    assert promotion_rows(first) == pending[:1]
    assert 'href="/memory/promotions/?offset=1" rel="next"' in first
    second = client.get("/memory/promotions/?offset=1").get_data(as_text=True)
    assert promotion_rows(second) == pending[1:]
    assert 'href="/memory/promotions/" rel="prev"' in second
    assert '<input type="hidden" name="offset" value="1">' in second


def test_approve_selected_on_a_later_page_comes_back_to_what_is_left(post, client, app_store, one_per_page):
    pending = [item.entry.entry_id for item in app_store.pending_promotions("memory")]
    form = {"decision": "approve", "entry_ids": [pending[1]], f"etag-{pending[1]}": etag(app_store, pending[1]), "offset": "1"}
    fragment = post("/memory/promotions/selected", form, htmx=True).get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="promotion-list">')
    assert promotion_rows(fragment) == pending[:1], "page 2 is gone: the last page is shown"
    response = post("/memory/promotions/selected", {"decision": "reject", "entry_ids": [pending[0]], "offset": "0"})
    assert response.status_code == 303 and response.headers["Location"] == "/memory/promotions/"


def test_htmx_approve_moves_the_promotions_pager_up(post, app_store, one_per_page):
    pending = [item.entry.entry_id for item in app_store.pending_promotions("memory")]
    form = {"etag": etag(app_store, pending[0]), "pager_offset": "0", "pager_end": "1"}
    html = post(f"/memory/promotions/{pending[0]}/approve", form, htmx=True).get_data(as_text=True)
    assert '<nav id="promotions-pager" class="pager" aria-label="Promotion pages" hx-swap-oob="true">' in html
    assert "1 promotion to approve" in html and "none left on this page" in html
    assert 'href="/memory/promotions/" rel="next">Next 1 ' in html, "the one left moved up to where this page started"


# ---------------------------------------------------------------- contradictions


def test_the_edge_list_is_paged_and_keeps_its_page_in_every_link(client, seeded, monkeypatch):
    monkeypatch.setattr(contradictions, "LIST_PAGE_SIZE", 1)
    first = client.get("/memory/contradictions/").get_data(as_text=True)
    table = first[first.index('<table class="edge-table">') :]
    assert table.count('<tr class="edge-open">') == 1
    assert 'href="/memory/contradictions/?list_page=2#edge-list-heading" rel="next"' in first
    second = client.get("/memory/contradictions/?list_page=2").get_data(as_text=True)
    table = second[second.index('<table class="edge-table">') :]
    assert table.count('<tr class="edge-open">') == 1 and table != first[first.index('<table class="edge-table">') :]
    assert f'/memory/contradictions/edges/{seeded.style_edge}?list_page=2"' in second


def test_a_resolution_without_javascript_comes_back_to_the_same_pages(post, client, seeded, monkeypatch):
    monkeypatch.setattr(contradictions, "LIST_PAGE_SIZE", 1)
    panel = client.get(f"/memory/contradictions/edges/{seeded.indent_edge}?list_page=2").get_data(as_text=True)
    action = f"/memory/contradictions/edges/{seeded.indent_edge}/dismiss?list_page=2"
    assert f'action="{action}"' in panel
    response = post(action)
    assert response.status_code == 303 and response.headers["Location"] == "/memory/contradictions/?list_page=2"


def test_the_graph_is_paged_by_groups_and_the_list_still_has_every_edge(client, seeded, monkeypatch):
    monkeypatch.setattr(graph_layout, "MAX_GROUPS", 1)
    first = client.get("/memory/contradictions/").get_data(as_text=True)
    assert first.count('class="graph-node ') == 2 and first.count("graph-edge--open") == 1
    assert "page 1 of 2" in first
    assert 'href="/memory/contradictions/?graph_page=2#graph-heading" rel="next"' in first
    listed = first[first.index('<table class="edge-table">') :]
    for edge_id in (seeded.style_edge, seeded.indent_edge):
        assert f"/memory/contradictions/edges/{edge_id}" in listed, "edges of groups on other pages are listed"
    second = client.get("/memory/contradictions/?graph_page=2").get_data(as_text=True)
    assert second.count('class="graph-node ') == 2 and "page 2 of 2" in second
    assert 'href="/memory/contradictions/#graph-heading" rel="prev"' in second
    assert "page 2 of 2" in client.get("/memory/contradictions/?graph_page=9").get_data(as_text=True)


def test_an_htmx_panel_is_only_the_panel_and_its_forms_keep_the_pages(client, seeded):
    html = client.get(f"/memory/contradictions/nodes/{seeded.tabs}?graph_page=2", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert html.lstrip().startswith('<section id="panel"') and "<svg" not in html
    assert f'/memory/contradictions/edges/{seeded.indent_edge}?graph_page=2"' in html
    assert 'action="/memory/contradictions/link?graph_page=2"' in html


@pytest.mark.parametrize(
    "url",
    ["/memory/reverify/?offset={n}", "/memory/promotions/?offset={n}", "/memory/archive?offset={n}",
     "/memory/entries/tier/INCIDENT?offset={n}", "/memory/history?limit={n}",
     "/memory/contradictions/?graph_page={n}&list_page={n}"],
)  # fmt: skip
@pytest.mark.parametrize("n", ["²", "٣", "9" * 5000, "-1", "1e3", ""])
def test_odd_page_numbers_fall_back_to_the_first_page(client, url, n):
    assert client.get(url.format(n=n)).status_code == 200


def test_an_odd_pager_window_from_htmx_is_ignored(post, app_store, seeded):
    form = {"etag": etag(app_store, seeded.travel), "pager_offset": "²", "pager_end": "3"}
    response = post(f"/memory/reverify/{seeded.travel}/confirm", form, htmx=True)
    assert response.status_code == 200 and 'id="reverify-pager"' not in response.get_data(as_text=True)
