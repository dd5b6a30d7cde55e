"""The overview's capacity meter and make-room plan: archive, retire, merge, policy, each undoable."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.core.beliefs import SECONDS_PER_DAY

from .seeding import NOW, QuietDetector

LIMIT = 500


@dataclass
class Room:
    decayed: str
    inferred: str
    principle: str
    fresh: str
    hike_a: str
    hike_b: str
    html: str


class Clock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def app_config():
    return {"USER_CHAR_LIMIT": LIMIT}


@pytest.fixture
def seeded(home):
    """A USER.md at ≥ 80 % of a 500-char limit: a decayed belief, an inference of Hermes' background
    review, a principle, a fresh statement, two entries about Mia's hiking, and one with markup."""
    clock = Clock(NOW - 400 * SECONDS_PER_DAY)
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=LIMIT, detector=QuietDetector(), clock=clock)
    store.load_from_disk()
    u = "user"
    decayed = store.add(u, "User is training for a half marathon in the spring this year.").entry_id
    principle = store.add(u, "User wants answers short, with the command first and the explanation after.").entry_id
    for _ in range(12):
        store.record_hit(u, principle)
    clock.now += 10 * SECONDS_PER_DAY
    store.run_maintenance(u, policy="auto")
    clock.now += 10 * SECONDS_PER_DAY
    store.run_maintenance(u, policy="auto")
    clock.now = NOW
    for _ in range(3):
        store.record_hit(u, principle)
    store.run_maintenance(u, policy="auto")
    inferred = store.add(u, "User probably enjoys jazz concerts on weekends.", source_kind="background_review").entry_id
    fresh = store.add(u, "User lives in Ghent and works from home three days a week.").entry_id
    hike_a = store.add(u, "Mia likes hiking in the Alps on weekends.").entry_id
    hike_b = store.add(u, "Mia goes hiking in the Alps most weekends.").entry_id
    html = store.add(u, 'User likes <b>bold</b> & "quotes" in notes, and <script>x</script> never runs.').entry_id
    assert store.get_entry(u, principle).meta.maturity.name in ("PRINCIPLE", "WISDOM")
    assert store.get_entry(u, decayed).meta.status.value == "decayed"
    assert store.counts(u)["usage"]["chars"] >= 0.8 * LIMIT
    return Room(decayed, inferred, principle, fresh, hike_a, hike_b, html)


def test_the_overview_shows_the_meter_and_the_plan_by_worth(client, seeded):
    html = client.get("/user/").get_data(as_text=True)
    assert 'id="room-meter"' in html and f'max="{LIMIT}"' in html
    order = [html.index(f'id="room-{i}"') for i in (seeded.decayed, seeded.inferred)]
    assert order == sorted(order)  # decayed before the inference
    assert f'id="room-{seeded.decayed}"' in html and html.index(f'id="room-{seeded.inferred}"') < html.index(f'id="room-{seeded.fresh}"')
    assert f'id="room-{seeded.principle}"' not in html  # a principle is never a candidate
    assert "Kept: 1 principle/wisdom entry" in html
    assert "Could merge" in html and "Mia likes hiking" in html and 'name="ids"' in html
    assert "<script>x</script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html  # memory text escaped


def test_archive_from_the_plan_goes_to_the_archive_and_undo_brings_it_back(post, app_store, disk, seeded):
    response = post(f"/user/room/{seeded.decayed}/archive", htmx=True)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert f'id="room-{seeded.decayed}"' not in body and 'id="room-panel"' in body
    assert "training for a half marathon" not in disk.md("user")
    archived = [json.loads(line) for line in (disk.home / "USER.archive.jsonl").read_text().splitlines()]
    assert any(r["meta"]["entry_id"] == seeded.decayed and "make room (decayed)" in r.get("reason", "") for r in archived)
    record = next(r for r in reversed(app_store.history("user")) if r["action"] == "make_room")
    assert 'name="history_id"' in body or record["id"] in body  # the message offers Undo
    app_store.undo("user", record["id"])
    assert "training for a half marathon" in disk.md("user")


def test_plain_form_archive_redirects_and_retire_works(post, disk, seeded):
    response = post(f"/user/room/{seeded.inferred}/retire", {"next": "/user/"})
    assert response.status_code == 303 and response.headers["Location"] == "/user/"
    assert "jazz concerts" not in disk.md("user")


def test_archiving_a_principle_is_refused_and_nothing_changes(post, disk, seeded):
    before = disk.md("user")
    response = post(f"/user/room/{seeded.principle}/archive", htmx=True)
    assert response.status_code == 409
    assert "never lets it go" in response.get_data(as_text=True)
    assert disk.md("user") == before


def test_policy_button_archives_only_what_could_go(post, disk, app_store, seeded):
    response = post("/user/room/auto", htmx=True)
    assert response.status_code == 200
    md = disk.md("user")
    assert "training for a half marathon" not in md  # decayed: could go
    assert "Ghent" in md and "hiking" in md and "answers short" in md  # fresh, merges and principles stay
    assert app_store.counts("user")["usage"]["chars"] < 0.8 * LIMIT


def test_merge_writes_the_persons_text_and_archives_both(post, disk, app_store, seeded):
    text = "Mia hikes in the Alps most weekends."
    response = post("/user/room/merge", {"ids": [seeded.hike_a, seeded.hike_b], "text": text}, htmx=True)
    assert response.status_code == 200
    md = disk.md("user")
    assert text in md and "Mia likes hiking" not in md and "Mia goes hiking" not in md
    merged = app_store.get_entry("user", app_store.get_entry_meta("user", text).entry_id)
    assert merged.meta.maturity.name == "PATTERN" and sorted(merged.meta.parent_ids) == sorted([seeded.hike_a, seeded.hike_b])
    assert {e.entry_id for e in app_store.archived("user")} >= {seeded.hike_a, seeded.hike_b}
    record = next(r for r in reversed(app_store.history("user")) if r["action"] == "merge")
    app_store.undo("user", record["id"])
    md = disk.md("user")
    assert "Mia likes hiking" in md and "Mia goes hiking" in md and text not in md


def test_merge_without_text_is_refused_with_the_form_again(post, disk, seeded):
    before = disk.md("user")
    response = post("/user/room/merge", {"ids": [seeded.hike_a, seeded.hike_b], "text": " "}, htmx=True)
    assert response.status_code == 422 and "must not be empty" in response.get_data(as_text=True)
    assert disk.md("user") == before


def test_room_posts_need_the_csrf_token(client, disk, seeded):
    before = disk.md("user")
    assert client.post(f"/user/room/{seeded.decayed}/archive").status_code in (400, 403)
    assert client.post("/user/room/auto").status_code in (400, 403)
    assert disk.md("user") == before


class DraftingJudge:
    name = "drafter"

    def __init__(self):
        self.asked = []

    def judge(self, a, b):
        return None

    def draft(self, texts):
        self.asked.append(list(texts))
        return json.dumps({"text": "Mia hikes in the Alps <b>most</b> weekends."})


class TestDraft:
    @pytest.fixture
    def judge(self):
        return DraftingJudge()

    @pytest.fixture
    def app_config(self, judge):
        return {"USER_CHAR_LIMIT": LIMIT, "JUDGE": judge}

    def test_the_judge_drafts_the_merge_for_the_person_to_edit(self, post, client, disk, judge, seeded, app):
        assert "Draft it with drafter" in client.get("/user/").get_data(as_text=True)
        before = disk.md("user")
        response = post("/user/room/draft", {"ids": [seeded.hike_a, seeded.hike_b]}, htmx=True)
        assert response.status_code == 200
        app.extensions["dmem_merge_drafts"].wait("user", f"{seeded.hike_a} {seeded.hike_b}", 10)
        body = client.get("/user/room/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
        assert "Mia hikes in the Alps &lt;b&gt;most&lt;/b&gt; weekends." in body  # in the textarea, escaped
        assert judge.asked and sorted(judge.asked[0]) == sorted(["Mia likes hiking in the Alps on weekends.", "Mia goes hiking in the Alps most weekends."])
        assert disk.md("user") == before  # a draft writes nothing


class SlowDraftingJudge(DraftingJudge):
    """A model that takes its time: the page that asked must not wait for it."""

    def __init__(self):
        super().__init__()
        self.release = threading.Event()

    def draft(self, texts):
        self.release.wait(20)
        return super().draft(texts)


class TestDraftInTheBackground:
    @pytest.fixture
    def judge(self):
        return SlowDraftingJudge()

    @pytest.fixture
    def app_config(self, judge):
        return {"USER_CHAR_LIMIT": LIMIT, "JUDGE": judge}

    @pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain-form"])
    def test_draft_it_answers_at_once_and_the_draft_arrives_on_refresh(self, post, client, judge, seeded, app, htmx):
        started = time.monotonic()
        response = post("/user/room/draft", {"ids": [seeded.hike_a, seeded.hike_b]}, htmx=htmx)
        assert time.monotonic() - started < 1.0, "the request never waits on the model"
        body = response.get_data(as_text=True)
        assert response.status_code == 200 and "Drafting with drafter" in body
        assert 'href="/user/room/panel#merge-1"' in body  # works without JavaScript: a Refresh link
        assert "Drafting with drafter" in client.get("/user/room/panel").get_data(as_text=True)
        judge.release.set()
        app.extensions["dmem_merge_drafts"].wait("user", f"{seeded.hike_a} {seeded.hike_b}", 10)
        page = client.get("/user/room/panel").get_data(as_text=True)
        assert "Mia hikes in the Alps &lt;b&gt;most&lt;/b&gt; weekends.</textarea>" in page and "Drafting with" not in page


def test_below_eighty_percent_the_meter_shows_and_no_plan(post, client, app_store, seeded):
    app_store.make_room("user", policy="auto")
    html = client.get("/user/").get_data(as_text=True)
    assert 'id="room-meter"' in html and "Below 80 %" in html and 'class="room-list"' not in html
