"""The Patterns page: proposals a person approves (as given, edited, several) or rejects, without JavaScript and with htmx."""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore

from .seeding import NOW, QuietDetector

BAKING = [
    "Ines bakes sourdough bread from her own starter.",
    "Ines feeds her sourdough starter twice a day.",
    "Ines gave a loaf of her sourdough bread to each neighbour.",
]
SWIMMING = [
    "Ines swims laps at the public pool before work.",
    "Ines swims two kilometres of <i>laps</i> at the pool.",
]
OTHERS = ["Ines is learning Portuguese.", "Ines's car is a small red hatchback.", "Ines rents a flat downtown.",
          "Ines is afraid of heights."]


@pytest.fixture
def seeded(home):
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, detector=QuietDetector(), clock=lambda: NOW)
    return {text: store.add("user", text).entry_id for text in BAKING + SWIMMING + OTHERS}


def proposal_of(app_store, texts):
    return next(p for p in app_store.pattern_proposals("user") if set(p.texts) == set(texts))


def test_the_page_lists_each_proposal_with_its_reason_members_and_starting_text(client, app_store, seeded):
    page = client.get("/user/patterns/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    baking = proposal_of(app_store, BAKING)
    assert baking.reason.replace("'", "&#39;") in html
    assert all(text in html for text in BAKING + SWIMMING[:1])
    assert f'action="/user/patterns/{baking.proposal_id}/approve"' in html and 'method="post"' in html
    assert f'name="text-{baking.proposal_id}"' in html and ">" + BAKING[0] in html
    assert "2 proposals waiting" in html
    assert 'href="/user/patterns/" data-nav="patterns" aria-current="page"' in html  # in the sections nav


def test_approving_with_edited_text_without_javascript_redirects_and_writes_one_pattern(post, client, app_store, seeded, disk):
    baking = proposal_of(app_store, BAKING)
    answer = post(f"/user/patterns/{baking.proposal_id}/approve", {f"text-{baking.proposal_id}": "Ines keeps a sourdough habit."})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/user/patterns/")
    md = disk.md("user")
    assert "Ines keeps a sourdough habit." in md and not any(t in md for t in BAKING)
    pattern = next(e for e in app_store.entries("user") if e.text == "Ines keeps a sourdough habit.")
    assert pattern.meta.parent_ids == [seeded[t] for t in BAKING]
    detail = client.get(f"/user/entries/{pattern.entry_id}").get_data(as_text=True)
    assert "Lineage" in detail and BAKING[1] in detail  # the parents on the entry page
    after = client.get("/user/patterns/").get_data(as_text=True)
    assert "Undo" in after and "1 proposal waiting" in after


def test_rejecting_with_htmx_redraws_the_list_without_the_group(post, app_store, seeded, disk):
    swimming = proposal_of(app_store, SWIMMING)
    answer = post(f"/user/patterns/{swimming.proposal_id}/reject", htmx=True)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert 'id="proposal-list"' in html and SWIMMING[0] not in html and "will not be proposed again" in html
    assert all(t in disk.md("user") for t in SWIMMING)


def test_approve_selected_writes_every_ticked_proposal_with_its_starting_text(post, app_store, seeded, disk):
    chosen = [proposal_of(app_store, BAKING), proposal_of(app_store, SWIMMING)]
    answer = post("/user/patterns/selected", {"proposal_ids": [p.proposal_id for p in chosen]})
    assert answer.status_code == 303
    md = disk.md("user")
    assert all(p.draft in md for p in chosen)
    assert app_store.pattern_proposals("user") == []


def test_a_proposal_that_changed_is_refused_with_the_current_list(post, app_store, seeded, disk):
    baking = proposal_of(app_store, BAKING)
    app_store.edit_text("user", seeded[BAKING[1]], "Ines feeds her sourdough starter every morning.")
    answer = post(f"/user/patterns/{baking.proposal_id}/approve", {})
    assert answer.status_code == 422
    assert "no pattern proposal" in answer.get_data(as_text=True)
    assert BAKING[0] in disk.md("user")


def test_every_decision_needs_the_csrf_token(client, app_store, seeded, disk):
    baking = proposal_of(app_store, BAKING)
    before = disk.md("user")
    for url in (f"/user/patterns/{baking.proposal_id}/approve", f"/user/patterns/{baking.proposal_id}/reject",
                "/user/patterns/selected"):
        assert client.post(url, data={"proposal_ids": [baking.proposal_id]}).status_code in (400, 403)
    assert disk.md("user") == before


def test_entry_text_is_escaped(client, seeded):
    html = client.get("/user/patterns/").get_data(as_text=True)
    assert "of &lt;i&gt;laps&lt;/i&gt; at" in html and "<i>laps" not in html


def test_a_maintenance_report_says_how_many_pattern_proposals_wait(app_store, seeded):
    from dialectical_memory.web.maintenance_report import maintenance_summary

    report = app_store.run_maintenance("user")
    assert report["patterns_proposed"] == 2
    assert "2 pattern proposals waiting on the Patterns page" in maintenance_summary(report)
    assert "1 pattern proposal waiting" in maintenance_summary({**report, "patterns_proposed": 1})


def test_a_long_list_is_paged_and_a_decision_draws_the_page_it_was_made_on(post, client, app_store, seeded, disk, monkeypatch):
    from dialectical_memory.web import patterns

    monkeypatch.setattr(patterns, "PAGE_SIZE", 1)  # two proposals: two pages
    first, second = app_store.pattern_proposals("user")
    html = client.get("/user/patterns/").get_data(as_text=True)
    assert "2 proposals waiting · showing 1–1" in html
    assert f'name="text-{first.proposal_id}"' in html and f'name="text-{second.proposal_id}"' not in html
    assert 'href="/user/patterns/?offset=1" rel="next"' in html  # a plain link: works without JavaScript
    page_two = client.get("/user/patterns/?offset=1").get_data(as_text=True)
    assert f'name="text-{second.proposal_id}"' in page_two and f'name="text-{first.proposal_id}"' not in page_two
    assert 'name="offset" value="1"' in page_two  # each form says which page it was on
    answer = post(f"/user/patterns/{second.proposal_id}/reject", {"offset": "1"}, htmx=True)
    redrawn = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "1 proposal waiting" in redrawn
    assert f'name="text-{first.proposal_id}"' in redrawn  # page 2 is gone: the last page is drawn
    plain = post(f"/user/patterns/{first.proposal_id}/reject", {"offset": "0"})
    assert plain.status_code == 303 and plain.headers["Location"].endswith("/user/patterns/")


def test_the_text_box_is_tall_enough_for_the_whole_starting_text(client, app_store, seeded):
    """Three incidents make a starting text of several lines: the box shows it whole instead of five
    lines and a scroll bar (the desktop screenshot cut the climbing story off mid-sentence)."""
    import re

    html = client.get("/user/patterns/").get_data(as_text=True)
    baking, swimming = proposal_of(app_store, BAKING), proposal_of(app_store, SWIMMING)
    rows = {key: int(value) for key, value in re.findall(r'name="text-([0-9a-f]+)" rows="(\d+)"', html)}
    assert rows[baking.proposal_id] == len(baking.draft) // 36 + 2 > 5
    assert rows[swimming.proposal_id] >= 5
