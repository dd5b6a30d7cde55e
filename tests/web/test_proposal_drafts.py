"""The "Draft it" button where a person decides (issue 45): the contradiction panel, the promotion row and the
pattern proposal ask the drafting model for a first text on a thread; the request never waits on the
model, the place says "Drafting…" with a Refresh link until the draft pre-fills the box as "Suggested
by <model>". Without a model the place says how to configure one; a kept entry is never sent."""

from __future__ import annotations

import json
import threading
import time

import pytest

from dialectical_memory import MemoryStore
from tests.adapters.test_drafts_end_to_end import COFFEE, GARDEN, KEPT, OTHERS, PRINCIPLE, SECRET, noor_home

DRAFTED = {"pattern": "Noor keeps a balcony garden of tomatoes and basil.",
           "synthesis": "Noor drank coffee every morning until she gave it up last spring.",
           "principle": "Check the forecast before going out."}


class Drafter:
    """A drafting model that waits for ``release`` (a slow model), then drafts ``answers[kind]``."""

    name = "endpoint:slow-drafter"

    def __init__(self, answers=DRAFTED):
        self.answers = answers
        self.asked: list[tuple[str, list[str]]] = []
        self.release = threading.Event()

    def judge(self, a, b):
        return None

    def draft_kind(self, kind, texts):
        self.asked.append((kind, list(texts)))
        self.release.wait(20)
        text = self.answers.get(kind)
        return json.dumps({"text": text}) if text else "no idea"


@pytest.fixture
def seeded(home):
    ids = noor_home(home)
    MemoryStore(home, user_char_limit=0, drafter=False).run_maintenance("user")  # proposes the principle
    return ids


@pytest.fixture
def drafter():
    return Drafter()


@pytest.fixture
def app_config(drafter):
    return {"CLOCK": time.time, "DRAFTER": drafter, "USER_CHAR_LIMIT": 0}


def places(app_store, ids) -> dict[str, dict]:
    """Each kind's place: the page that draws it, the ids its button posts and the id of its region."""
    edge = next(e for e in app_store.get_contradictions("user") if {e["from_id"], e["to_id"]} == {ids[t] for t in COFFEE})
    (pattern,) = [p for p in app_store.pattern_proposals("user") if set(p.texts) == set(GARDEN)]
    return {
        "synthesis": {"page": f"/user/contradictions/edges/{edge['edge_id']}", "ids": [edge["from_id"]], "region": "panel"},
        "principle": {"page": "/user/promotions/", "ids": [ids[PRINCIPLE]], "region": f"promotion-{ids[PRINCIPLE]}"},
        "pattern": {"page": "/user/patterns/", "ids": list(pattern.entry_ids), "region": f"pattern-{pattern.proposal_id}"},
    }


def job(app, app_store, kind, entry_ids):
    return app.extensions["dmem_proposal_drafts"].wait("user", app_store.draft_subject("user", kind, entry_ids).key, 10)


@pytest.mark.parametrize("kind", ["synthesis", "principle", "pattern"])
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain-form"])
def test_draft_it_answers_at_once_and_the_draft_arrives_in_the_box(kind, htmx, app, app_store, client, post, drafter, disk, seeded):
    place = places(app_store, seeded)[kind]
    page = client.get(place["page"]).get_data(as_text=True)
    assert "Draft it with endpoint:slow-drafter" in page and "Suggested by" not in page
    before = disk.md("user")

    started = time.monotonic()
    response = post("/user/drafts/", {"kind": kind, "ids": place["ids"], "next": f"{place['page']}#{place['region']}"}, htmx=htmx)
    assert time.monotonic() - started < 1.0, "the request never waits on the model"
    assert response.status_code == 303 and response.headers["Location"] == f"{place['page']}#{place['region']}"

    drawn = client.get(place["page"], headers={"HX-Request": "true"} if htmx else {}).get_data(as_text=True)
    assert "Drafting with endpoint:slow-drafter…" in drawn
    assert f'href="{place["page"]}#{place["region"]}">Refresh</a>' in drawn  # works without JavaScript
    assert f'hx-get="{place["page"]}" hx-select="#{place["region"]}"' in drawn  # htmx reloads it by itself
    drafter.release.set()
    assert job(app, app_store, kind, place["ids"]).text == DRAFTED[kind]

    drawn = client.get(place["page"]).get_data(as_text=True)
    assert "Suggested by endpoint:slow-drafter" in drawn and DRAFTED[kind] in drawn and "Drafting with" not in drawn
    assert [asked for asked, _texts in drafter.asked] == [kind]
    assert disk.md("user") == before, "a draft writes no entry"
    shown = {p["kind"]: p for p in MemoryStore(app_store.home).proposals_with_drafts("user") if p["draft"] == DRAFTED[kind]}
    assert shown[kind]["drafted_by"] == "endpoint:slow-drafter", "kept in the drafts file, as maintenance keeps them"


def test_a_group_holding_a_kept_secret_is_never_sent(app, app_store, client, post, drafter, seeded):
    edge = next(e for e in app_store.get_contradictions("user") if KEPT in (e["from_text"], e["to_text"]))
    url = f"/user/contradictions/edges/{edge['edge_id']}"
    page = client.get(url).get_data(as_text=True)
    assert "Draft it with" not in page and "stays here" in page
    response = post("/user/drafts/", {"kind": "synthesis", "ids": [edge["from_id"]], "next": url})  # forged by hand
    assert response.status_code == 303
    key = app_store.draft_subject("user", "synthesis", [edge["from_id"]]).key
    assert app.extensions["dmem_proposal_drafts"].job("user", key).note.startswith("Not drafted: only active entries")
    assert "stays here" in client.get(url).get_data(as_text=True) and "Drafting with" not in client.get(url).get_data(as_text=True)
    assert not drafter.asked and SECRET not in json.dumps(drafter.asked)


def test_without_a_csrf_token_nothing_is_asked(client, app_store, drafter, seeded):
    place = places(app_store, seeded)["synthesis"]
    response = client.post("/user/drafts/", data={"kind": "synthesis", "ids": place["ids"], "next": place["page"]})
    assert response.status_code == 400 and not drafter.asked


def test_a_model_that_gives_nothing_says_so_and_can_be_asked_again(app, app_store, client, post, seeded):
    drafter = app_store.drafter
    drafter.answers = {}
    drafter.release.set()
    place = places(app_store, seeded)["principle"]
    post("/user/drafts/", {"kind": "principle", "ids": place["ids"], "next": place["page"]})
    assert job(app, app_store, "principle", place["ids"]).text is None
    page = client.get(place["page"]).get_data(as_text=True)
    assert "No draft: the model gave none" in page and "Draft it with endpoint:slow-drafter" in page


def test_a_proposal_no_longer_open_is_not_drafted(app_store, client, post, drafter, seeded):
    response = post("/user/drafts/", {"kind": "principle", "ids": [seeded[OTHERS[0]]], "next": "/user/promotions/"})
    assert response.status_code == 303 and not drafter.asked
    assert "Not drafted" in client.get("/user/promotions/").get_data(as_text=True)


class TestWithoutAModel:
    @pytest.fixture
    def app_config(self):
        return {"CLOCK": time.time, "USER_CHAR_LIMIT": 0}

    def test_each_place_says_how_to_configure_one(self, app_store, client, post, seeded):
        for kind, place in places(app_store, seeded).items():
            page = client.get(place["page"]).get_data(as_text=True)
            assert "No first text: no drafting model" in page and "judge.toml" in page and "DMEM_JUDGE_URL" in page, kind
            assert "Draft it with" not in page, kind
        place = places(app_store, seeded)["synthesis"]
        assert post("/user/drafts/", {"kind": "synthesis", "ids": place["ids"], "next": place["page"]}).status_code == 303
        page = client.get(place["page"]).get_data(as_text=True)
        assert "No first text: no drafting model" in page and "Drafting with" not in page


class TestDraftingTurnedOff:
    @pytest.fixture
    def app_config(self, drafter):
        return {"CLOCK": time.time, "USER_CHAR_LIMIT": 0, "JUDGE": drafter, "DRAFTER": False}

    def test_no_button_and_no_hint(self, app_store, client, seeded):
        for kind, place in places(app_store, seeded).items():
            page = client.get(place["page"]).get_data(as_text=True)
            assert "Draft it with" not in page and "No first text" not in page, kind
