"""The review walk offers the drafting model's first text where a person writes one, as the
contradictions and patterns pages do: a group's synthesis and a pattern's text. The walk reviews both
files from either file's page, so a draft is asked and read in the file the decision is in."""

from __future__ import annotations

import re

import pytest

from dialectical_memory import MemoryStore
from tests.adapters.test_drafts_end_to_end import COFFEE, GARDEN, KEPT, PRINCIPLE, noor_home
from tests.web.test_proposal_drafts import DRAFTED, app_config, drafter  # noqa: F401 (the slow drafting model, served)
from tests.web.test_review_inbox import decision_forms


@pytest.fixture
def seeded(home):
    ids = noor_home(home)
    store = MemoryStore(home, user_char_limit=0, drafter=False)
    kept = next(e for e in store.get_contradictions("user") if KEPT in (e["from_text"], e["to_text"]))
    store.dismiss_contradiction("user", kept["edge_id"])  # the group holding the kept secret: not this test's
    return ids


def textarea(page: str, name_id: str) -> str:
    return re.search(rf'<textarea id="{name_id}"[^>]*>(.*?)</textarea>', page, re.S).group(1)


def test_a_groups_synthesis_is_drafted_from_the_walk_and_written_as_the_person_sends_it(app, app_store, client, post, drafter, seeded):
    page = client.get("/memory/review/").get_data(as_text=True)  # the memory file's page, a user decision
    assert all(text in page for text in COFFEE) and "Draft it with endpoint:slow-drafter" in page
    assert 'action="/user/drafts/"' in page  # asked in the file the group is in
    assert textarea(page, "group-synthesis") == ""
    response = post("/user/drafts/", {"kind": "synthesis", "ids": [seeded[COFFEE[0]]], "next": "/memory/review/#review-decision"})
    assert response.status_code == 303
    assert "Drafting with endpoint:slow-drafter" in client.get("/memory/review/").get_data(as_text=True)
    drafter.release.set()
    key = app_store.draft_subject("user", "synthesis", [seeded[COFFEE[0]]]).key
    assert app.extensions["dmem_proposal_drafts"].wait("user", key, 10).text == DRAFTED["synthesis"]

    page = client.get("/memory/review/").get_data(as_text=True)
    assert "Suggested by endpoint:slow-drafter" in page and textarea(page, "group-synthesis") == DRAFTED["synthesis"]
    synthesis = next(f for f in decision_forms(page) if f["action"].endswith("/synthesize"))
    edited = DRAFTED["synthesis"].replace("every morning", "most mornings")
    assert post(synthesis["action"], {**synthesis["fields"], "text": edited}).status_code == 303
    assert edited in [e.text for e in MemoryStore(app_store.home, user_char_limit=0).entries("user")]


def test_a_pattern_shows_the_text_approving_writes_and_writes_the_persons_edit(app_store, client, post, seeded):
    store = MemoryStore(app_store.home, user_char_limit=0, drafter=False)
    edge = next(e for e in store.get_contradictions("user") if not e["resolved"])
    store.dismiss_contradiction("user", edge["edge_id"])
    for item in store.pending_promotions("user"):
        store.reject_promotion("user", item.entry.entry_id)
    page = client.get("/user/review/").get_data(as_text=True)
    (proposal,) = [p for p in store.pattern_proposals("user") if set(p.texts) == set(GARDEN)]
    assert "incidents about" in page and all(text in page for text in GARDEN)
    assert textarea(page, "pattern-text") == proposal.draft  # what approving writes, in sight
    assert "They share: " in page and "balcony" in page
    approve = next(f for f in decision_forms(page) if f["action"].endswith("/approve"))
    written = "Noor keeps a balcony garden of tomatoes and basil."
    assert post(approve["action"], {**approve["fields"], "text": written}).status_code == 303
    texts = [e.text for e in MemoryStore(app_store.home, user_char_limit=0).entries("user")]
    assert written in texts and not set(GARDEN) & set(texts)


@pytest.fixture
def principle_due(home, seeded):
    """Noor's home after a maintenance: the principle proposed; the groups, patterns and other
    promotions decided, so the principle is the walk's next decision."""
    ids = seeded
    store = MemoryStore(home, user_char_limit=0, drafter=False)
    store.run_maintenance("user")
    for edge in store.get_contradictions("user"):
        store.dismiss_contradiction("user", edge["edge_id"])
    for proposal in store.pattern_proposals("user"):
        store.reject_pattern("user", proposal.proposal_id)
    for item in store.pending_promotions("user"):
        if item.entry.entry_id != ids[PRINCIPLE]:
            store.reject_promotion("user", item.entry.entry_id)
    return ids


def test_a_promotion_in_the_walk_says_its_evidence_and_a_principle_takes_the_drafted_text(principle_due, app, app_store, client, post, drafter):
    """The walk's promotion card said "Promote this entry?" with no evidence, and a promotion to
    PRINCIPLE could not take a compressed principle text there, nor the drafting model's."""
    page = client.get("/memory/review/").get_data(as_text=True)
    assert PRINCIPLE in page and "Proposed on its evidence: used or seen" in page and "(needs " in page
    assert "Draft it with endpoint:slow-drafter" in page and 'action="/user/drafts/"' in page
    post("/user/drafts/", {"kind": "principle", "ids": [principle_due[PRINCIPLE]], "next": "/memory/review/#review-decision"})
    drafter.release.set()
    key = app_store.draft_subject("user", "principle", [principle_due[PRINCIPLE]]).key
    assert app.extensions["dmem_proposal_drafts"].wait("user", key, 10).text == DRAFTED["principle"]
    page = client.get("/memory/review/").get_data(as_text=True)
    assert re.search(rf'<input id="principle-text" name="principle_text" value="{re.escape(DRAFTED["principle"])}"', page)
    approve = next(f for f in decision_forms(page) if f["action"].endswith("/approve"))
    assert post(approve["action"], {**approve["fields"], "principle_text": DRAFTED["principle"]}).status_code == 303
    meta = MemoryStore(app_store.home, user_char_limit=0).get_entry_meta("user", DRAFTED["principle"])
    assert meta is not None and meta.maturity.name == "PRINCIPLE" and meta.original_text == PRINCIPLE
