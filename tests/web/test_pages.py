"""Every page is a real URL: it renders in full, as an htmx fragment where it has one, and 404s cleanly."""

from __future__ import annotations

import pytest

from dialectical_memory.web import create_app
from helpers import edit_meta

from .seeding import CHINESE_TEXT, DAY, HTML_TEXT, NOW, QuietDetector

HX = {"HX-Request": "true"}


def test_root_redirects_to_the_memory_overview(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/memory/")


@pytest.mark.parametrize(
    "url",
    ["/memory/", "/user/", "/memory/entries/", "/memory/contradictions/", "/memory/reverify/",
     "/memory/promotions/", "/memory/archive", "/memory/history", "/user/entries/", "/memory/entries/tier/INCIDENT"],
)  # fmt: skip
def test_every_page_renders_in_full(client, url):
    response = client.get(url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.startswith("<!doctype html>")
    assert 'id="sections-nav"' in html


def test_overview_counts_both_targets_and_links_the_waiting_work(client):
    html = client.get("/memory/").get_data(as_text=True)
    assert "Agent notes" in html and "User profile" in html
    assert "2</strong> unresolved contradictions" in html
    assert "2</strong> promotions to approve" in html
    assert 'href="/memory/reverify/"' in html and 'href="/user/reverify/"' in html
    assert "Run maintenance" in html


def test_overview_shows_recent_activity_from_the_history_log(client):
    html = client.get("/memory/").get_data(as_text=True)
    assert "promotion proposed" in html
    assert "archive" in html


def test_tiers_page_shows_four_columns_with_counts(client, seeded):
    html = client.get("/memory/entries/").get_data(as_text=True)
    for tier in ("INCIDENT", "PATTERN", "PRINCIPLE", "WISDOM"):
        assert f'id="tier-{tier}"' in html
    assert "User prefers concise replies." in html
    assert "contested" in html


def test_search_returns_only_the_board_fragment_for_htmx(client):
    response = client.get("/memory/entries/?search=indentation", headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert not html.lstrip().startswith("<!doctype")
    assert html.lstrip().startswith('<div id="board"')
    assert "4-space indentation" in html
    assert "concise replies" not in html


def test_filters_by_status_source_and_knowledge_type(client):
    html = client.get("/memory/entries/?status=decayed").get_data(as_text=True)
    assert "travelling in Japan" in html and "concise replies" not in html
    html = client.get("/memory/entries/?source_kind=observed").get_data(as_text=True)
    assert "4-space indentation" in html and "concise replies" not in html
    html = client.get("/memory/entries/?knowledge_type=rule").get_data(as_text=True)
    assert "Run the tests before every commit." in html and "concise replies" not in html


def test_an_unknown_filter_value_is_reported_not_guessed(client):
    response = client.get("/memory/entries/?status=bogus")
    assert response.status_code == 422
    assert "unknown status" in response.get_data(as_text=True)


def test_tiers_are_paged_never_rendering_every_card(app, client, app_store):
    for number in range(45):
        app_store.add("memory", f"Filler note number {number} about gardening.", actor="cli")
    from dialectical_memory.web.entries import COLUMN_PAGE_SIZE as size

    html = client.get("/memory/entries/").get_data(as_text=True)
    assert html.count('class="entry-card') <= 4 * size
    assert "Load more" in html
    more = client.get(f"/memory/entries/tier/INCIDENT?offset={size}", headers=HX).get_data(as_text=True)
    assert more.count('class="entry-card') == size
    assert f"offset={2 * size}" in more


def test_entry_detail_shows_metadata_plot_lineage_contradictions_and_history(client, seeded):
    html = client.get(f"/memory/entries/{seeded.concise}").get_data(as_text=True)
    assert "<svg" in html and "confidence-plot" in html
    assert "type floor" in html and "maturity floor" in html and "re-verify below" in html
    assert "Lineage" in html
    assert "asks for detailed explanations" in html
    assert "knowledge type" in html and "source kind" in html
    assert "add" in html


def test_archived_entry_detail_offers_restore(client, seeded):
    html = client.get(f"/memory/entries/{seeded.archived}").get_data(as_text=True)
    assert "no longer true" in html
    assert ">Restore</button>" in html


def test_contradiction_graph_draws_nodes_edges_and_a_list(client, seeded):
    html = client.get("/memory/contradictions/").get_data(as_text=True)
    assert html.count('class="graph-node ') == 4
    assert html.count("graph-edge--open") == 2
    assert f"/memory/contradictions/edges/{seeded.style_edge}" in html
    assert "All contradictions as a list" in html


def test_edge_panel_is_a_fragment_for_htmx_and_a_page_when_reloaded(client, seeded):
    url = f"/memory/contradictions/edges/{seeded.style_edge}"
    fragment = client.get(url, headers=HX).get_data(as_text=True)
    assert fragment.lstrip().startswith('<section id="panel"')
    assert "Behaviour first" in fragment
    assert "“concise” vs “detailed”" in fragment  # the agent's reason, worded once on the Why line
    for button in (">Synthesize</button>", ">Keep this side</button>", ">Not a contradiction</button>"):
        assert button in fragment
    page = client.get(url).get_data(as_text=True)
    assert page.startswith("<!doctype html>") and 'id="panel"' in page and "Behaviour first" in page


def test_behaviour_first_hint_prefers_the_observed_side(client, seeded, app_store):
    edge = next(e for e in app_store.get_contradictions("memory") if e["edge_id"] == seeded.style_edge)
    assert edge["preferred_id"] == seeded.detailed
    html = client.get(f"/memory/contradictions/edges/{seeded.style_edge}", headers=HX).get_data(as_text=True)
    side_b = html.index("Side B")
    assert "side--preferred" in html[side_b - 200 : side_b]


def test_node_panel_lists_the_entry_contradictions(client, seeded):
    html = client.get(f"/memory/contradictions/nodes/{seeded.tabs}", headers=HX).get_data(as_text=True)
    assert "User says they prefer tabs" in html
    assert "4-space indentation" in html


def test_reverify_queue_lists_expired_first_with_reasons(client, seeded):
    html = client.get("/memory/reverify/").get_data(as_text=True)
    assert html.index("travelling in Japan") < html.index("deploys to staging")
    assert "days since validation" in html and "raw confidence" in html
    assert "expires in" in html and "expired" in html
    for button in (">Confirm</button>", ">Revise</button>", ">Retire</button>"):
        assert button in html


def test_promotions_show_evidence_against_thresholds(client):
    html = client.get("/memory/promotions/").get_data(as_text=True)
    assert "Run the tests before every commit." in html
    assert "≥ 2" in html and "≥ 3 d" in html and "≥ 0.50" in html
    assert html.count(">met<") >= 3
    assert ">Approve</button>" in html and ">Reject</button>" in html


def test_a_promotion_whose_confidence_decayed_since_it_was_proposed_says_so(home, seeded):
    edit_meta(home, seeded.tests_rule, updated_at=NOW - 400 * DAY)  # a rule under 0.5 after 400 days, above 0.2
    app = create_app({"MEMORY_HOME": str(home), "TESTING": True, "CLOCK": lambda: NOW, "DETECTOR": QuietDetector()})
    html = app.test_client().get("/memory/promotions/").get_data(as_text=True)
    rows = {text: row for row in html.split('<li class="review-row"')[1:]
            for text in ("Run the tests before every commit.", "Write commit messages in English.") if text in row}
    assert "not met" in rows["Run the tests before every commit."]
    assert "decayed since, as nobody confirmed it" in rows["Run the tests before every commit."]
    assert "decayed since" not in rows["Write commit messages in English."]


def test_archive_lists_archived_entries_with_restore(client):
    html = client.get("/memory/archive").get_data(as_text=True)
    assert "User used to work at Initech." in html
    assert ">Restore</button>" in html


def test_history_is_filterable_by_actor_and_action(client):
    everything = client.get("/memory/history").get_data(as_text=True)
    assert "promotion proposed" in everything
    only_maintenance = client.get("/memory/history?actor=maintenance").get_data(as_text=True)
    assert "promotion proposed" in only_maintenance and "actor--agent" not in only_maintenance
    only_archive = client.get("/memory/history?action=archive", headers=HX).get_data(as_text=True)
    assert only_archive.lstrip().startswith('<section id="history-table"')
    assert "Initech" in only_archive and "concise" not in only_archive


def test_history_of_both_targets(client):
    html = client.get("/memory/history?scope=all").get_data(as_text=True)
    assert "Berlin" in html


def test_the_user_target_has_its_own_pages(client):
    html = client.get("/user/entries/").get_data(as_text=True)
    assert "User lives in Berlin." in html and "concise replies" not in html


@pytest.mark.parametrize(
    "url",
    ["/memory/entries/no-such-id", "/memory/contradictions/edges/no-such-edge", "/memory/contradictions/nodes/nope",
     "/elsewhere/entries/", "/memory/entries/tier/GENIUS", "/memory/entries/no-such-id/edit"],
)  # fmt: skip
def test_unknown_ids_are_404_pages(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "Not found" in response.get_data(as_text=True)


def test_memory_text_is_escaped_everywhere(client, seeded):
    escaped = "Likes &lt;b&gt;bold&lt;/b&gt; &amp; &#34;quotes&#34; in notes."
    for url in ("/memory/entries/", f"/memory/entries/{seeded.html}", "/memory/history", "/memory/"):
        html = client.get(url).get_data(as_text=True)
        assert HTML_TEXT not in html, url
        assert "<b>bold</b>" not in html, url
    assert escaped in client.get("/memory/entries/").get_data(as_text=True)


def test_escaping_holds_inside_the_svg_graph(client, app_store, seeded):
    app_store.mark_contradiction("memory", seeded.html, seeded.concise, reason='<i>why</i> & "how"')
    html = client.get("/memory/contradictions/").get_data(as_text=True)
    assert "<b>bold</b>" not in html and "<i>why</i>" not in html
    assert "&lt;b&gt;bold" in html


def test_chinese_text_renders_and_is_marked_as_chinese(client):
    html = client.get("/memory/entries/").get_data(as_text=True)
    assert CHINESE_TEXT in html
    assert f'lang="zh">{CHINESE_TEXT}' in html
