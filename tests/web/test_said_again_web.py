"""Issue 41: the contradiction's page names the entries that said it again (store/corroboration.py),
each linked to its entry and its text escaped; an edge nobody said again shows no such list."""

from __future__ import annotations

import re

from dialectical_memory import MemoryStore
from dialectical_memory.detection import RuleDetector

DAY = 86400.0
FIRST = 1767225600.0  # 2026-01-01 UTC
LEFT = "User resigned from his job at the bank to start a bakery."
LOST = "User lost his job at the bank last winter."
LOST_AGAIN = "User is opening a <bakery> & café after losing his job."


def _add(home, *texts) -> dict[str, str]:
    clock = [FIRST]
    store = MemoryStore(home, detector=RuleDetector(), clock=lambda: clock[0], memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    ids = {}
    for months, text in enumerate(texts):
        clock[0] = FIRST + months * 30 * DAY
        ids[text] = store.add("memory", text).entry_id
    (edge,) = store.get_contradictions("memory", entry_id=ids[LEFT])  # the home is seeded with others
    return {**ids, "edge": edge["edge_id"]}


def test_the_page_names_the_entries_that_said_it_again(home, client):
    ids = _add(home, LEFT, LOST, LOST_AGAIN)
    page = client.get(f"/memory/contradictions/edges/{ids['edge']}").get_data(as_text=True)
    assert "Said again in 1 note" in page
    (said,) = re.findall(r'<div class="said-again">.*?</div>', page, flags=re.S)
    assert ids[LOST_AGAIN] in said and "&lt;bakery&gt; &amp; café" in said and "<bakery>" not in page


def test_an_edge_nobody_said_again_lists_none(home, client):
    ids = _add(home, LEFT, LOST)
    page = client.get(f"/memory/contradictions/edges/{ids['edge']}").get_data(as_text=True)
    assert "Said again" not in page and 'class="said-again"' not in page
