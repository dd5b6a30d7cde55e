"""Every page works at 10,000 entries without rendering them all (speed is measured in benchmarks/)."""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.web import create_app

from .seeding import QuietDetector

pytestmark = pytest.mark.slow

ENTRIES = 10_000
WORDS = "alpha beta gamma delta user prefers likes code python rust tea coffee morning replies 用户 喜欢 简洁".split()


@pytest.fixture(scope="module")
def big_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("big") / "memories"
    home.mkdir()
    texts = [f"Note {i}: " + " ".join(WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(8)) for i in range(ENTRIES)]
    (home / "MEMORY.md").write_text("\n§\n".join(texts), encoding="utf-8")
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=QuietDetector())
    store.load_from_disk()
    ids = [entry.entry_id for entry in store.query_entries("memory", limit=200).items]
    for a, b in zip(ids[0:120:2], ids[1:120:2]):
        store.mark_contradiction("memory", a, b, reason="perf")
    return home, ids[0]


@pytest.fixture(scope="module")
def big_client(big_home):
    home, _ = big_home
    app = create_app({"MEMORY_HOME": str(home), "DETECTOR": QuietDetector(), "FREEZE_LOADED_HEAP": False})
    return app.test_client()


PAGES = [
    "/memory/", "/memory/entries/", "/memory/entries/?search=coffee", "/memory/entries/?status=contradicted",
    "/memory/entries/tier/INCIDENT?offset=5000", "/memory/entries/{entry_id}", "/memory/contradictions/",
    "/memory/reverify/", "/memory/promotions/", "/memory/archive", "/memory/history", "/memory/history?scope=all",
]  # fmt: skip


@pytest.mark.parametrize("url_template", PAGES)
def test_page_renders_at_ten_thousand_entries(big_client, big_home, url_template):
    url = url_template.format(entry_id=big_home[1])
    response = big_client.get(url, headers={"Host": "localhost"})
    assert response.status_code == 200
    assert len(response.get_data()) < 2_000_000, "a page must not render the whole store"


def test_the_tiers_page_never_renders_every_card(big_client):
    html = big_client.get("/memory/entries/").get_data(as_text=True)
    assert html.count('class="entry-card') <= 80
