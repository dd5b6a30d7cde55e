"""The review inbox: every decision in both files, one at a time, each deciding on disk."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest

from dialectical_memory import MemoryStore

from .plain_words import internal_words, readable_text
from .seeding import NOW, QuietDetector

WHERE_USER_LIVES = (
    "User lives in Berlin.",
    "User lives in Lisbon.",
    "User lives in Porto.",
    "User lives in Oslo.",
)


class Forms(HTMLParser):
    """The decision's forms, in page order: each one's action and hidden fields."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attrs["action"], "fields": {}})
        elif tag == "input" and self.forms and attrs.get("type") == "hidden" and attrs.get("name") != "csrf_token":
            self.forms[-1]["fields"][attrs["name"]] = attrs.get("value", "")


def decision_forms(html: str) -> list[dict]:
    section = re.search(r'<section id="review-decision".*?</section>', html, re.S).group(0)
    parser = Forms()
    parser.feed(section)
    return parser.forms


def left(html: str) -> int:
    match = re.search(r"(\d+) left", html)
    return int(match.group(1)) if match else 0


@pytest.fixture
def seeded(home):
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: NOW, detector=QuietDetector())
    ids = [store.add("user", text).entry_id for text in WHERE_USER_LIVES]
    for a, b in zip(ids, ids[1:]):
        store.mark_contradiction("user", a, b, reason="where the user lives", actor="agent")
    store.mark_contradiction("user", ids[0], ids[3], reason="where the user lives", actor="agent")
    other = [store.add("memory", text).entry_id for text in ("Deploys happen on Fridays.", "Never deploy on Fridays.")]
    store.mark_contradiction("memory", *other, reason="when to deploy", actor="agent")
    return ids


def store_of(home) -> MemoryStore:
    return MemoryStore(home, memory_char_limit=0, user_char_limit=0)


def proposals(home) -> int:
    return sum(len(store_of(home).pattern_proposals(target)) for target in ("memory", "user"))


def test_the_overview_says_how_many_decisions_wait_and_where_review_starts(client, home):
    page = client.get("/memory/").get_data(as_text=True)
    # the group of four is one decision (not four edges), the pair another; the notes of one
    # holder are also proposed as patterns
    assert f"{2 + proposals(home)} decisions wait for you" in page
    assert 'href="/memory/review/">Start review' in page


def test_each_target_card_names_the_pattern_proposals_the_total_counts(client, home, seeded):
    """"N decisions wait for you" counted the proposals, and the cards' lists did not name them."""
    page = client.get("/user/").get_data(as_text=True)
    waiting = len(store_of(home).pattern_proposals("user"))
    assert waiting
    assert f'href="/user/patterns/"><strong>{waiting}</strong> pattern proposal{"" if waiting == 1 else "s"} to decide' in page


def test_a_group_of_four_is_one_decision_with_one_synthesis_replacing_all(client, post, home, seeded):
    page = client.get("/memory/review/").get_data(as_text=True)
    assert left(page) == 2 + proposals(home)
    assert "Deploys happen on Fridays." in page  # a kind's decisions: the agent notes first
    dismiss = next(f for f in decision_forms(page) if f["action"].endswith("/dismiss"))
    page = post(dismiss["action"], dismiss["fields"], htmx=True).get_data(as_text=True)
    assert store_of(home).get_contradictions("memory") == []
    assert left(page) == 1 + proposals(home)
    assert internal_words(readable_text(page)) == []
    assert all(text in page for text in WHERE_USER_LIVES)  # the whole group, on one decision
    synthesis = next(f for f in decision_forms(page) if f["action"].endswith("/synthesize"))
    answer = post(synthesis["action"], {**synthesis["fields"], "text": "User moved often; lives in Oslo now."}, htmx=True)
    assert answer.status_code == 200
    assert left(answer.get_data(as_text=True)) == proposals(home)  # the group has gone, and its proposals with it
    texts = [entry.text for entry in store_of(home).entries("user")]
    assert texts == ["User moved often; lives in Oslo now."]
    assert {e.entry_id for e in store_of(home).archived("user")} == set(seeded)


def test_a_group_decision_says_why_its_entries_were_flagged_and_by_whom(client, post, home, seeded):
    """The review card once showed the entries of a group and no reason: a person had to leave the
    walk for the contradictions page to learn why they were flagged."""
    page = client.get("/memory/review/").get_data(as_text=True)
    text = " ".join(readable_text(page))
    assert "Why: As noted: when to deploy" in text and "Found by the agent" in text
    dismiss = next(f for f in decision_forms(page) if f["action"].endswith("/dismiss"))
    chunks = readable_text(post(dismiss["action"], dismiss["fields"], htmx=True).get_data(as_text=True))
    text = " ".join(chunks)
    # the group of four, numbered: each of its four edges names the two entries it links
    assert text.count("As noted: where the user lives") == 4
    number = {entry_id: 1 + sorted(WHERE_USER_LIVES, key=text.index).index(WHERE_USER_LIVES[i])
              for i, entry_id in enumerate(seeded)}  # as the page numbers the entries
    shown = {frozenset(map(int, pair)) for pair in re.findall(r"Why (\d) and (\d):", text)}
    linked = ((0, 1), (1, 2), (2, 3), (0, 3))
    assert shown == {frozenset((number[seeded[a]], number[seeded[b]])) for a, b in linked}
    assert internal_words(chunks) == []


def test_keeping_one_archives_every_other_entry_of_the_group(client, post, home, seeded):
    page = client.get("/user/review/").get_data(as_text=True)
    keep_first = decision_forms(page)[0]  # the pair in the agent notes: Keep this one, on its first entry
    answer = post(keep_first["action"], keep_first["fields"])
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/memory/review/")
    assert [entry.entry_id for entry in store_of(home).entries("memory")] == [keep_first["fields"]["keep_id"]]
    page = client.get("/memory/review/").get_data(as_text=True)
    keep_third = next(f for f in decision_forms(page) if f["fields"].get("keep_id") == seeded[2])
    post(keep_third["action"], keep_third["fields"])
    assert [entry.text for entry in store_of(home).entries("user")] == [WHERE_USER_LIVES[2]]
    assert store_of(home).get_contradictions("user") == []


def test_first_actions_walk_every_decision_with_fewer_left_each_time(client, post, home):
    page = client.get("/memory/review/").get_data(as_text=True)
    counts = []
    while left(page):
        counts.append(left(page))
        first = decision_forms(page)[0]
        answer = post(first["action"], first["fields"], htmx=True)
        assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
        page = answer.get_data(as_text=True)
    assert counts == sorted(counts, reverse=True) and len(set(counts)) == len(counts)
    assert "Nothing waits for a decision" in page
    assert store_of(home).get_contradictions("memory") == [] and store_of(home).get_contradictions("user") == []


def test_a_belief_expiring_within_a_week_is_named_apart_and_waits_only_once_expired(client, home, seeded):
    from tests.helpers import edit_meta

    from .seeding import DAY

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: NOW, detector=QuietDetector())
    expired = store.add("memory", "The build server is down for repairs.", knowledge_type="state").entry_id
    soon = store.add("memory", "The staging box is being rebuilt.", knowledge_type="state").entry_id
    edit_meta(home, expired, confidence=0.15, updated_at=NOW - 100 * DAY, last_validated_at=NOW - 100 * DAY)
    edit_meta(home, soon, confidence=0.25, updated_at=NOW - 5 * DAY, last_validated_at=NOW - 5 * DAY)
    page = client.get("/memory/review/").get_data(as_text=True)
    assert left(page) == 2 + 1 + proposals(home)  # two groups and the expired belief
    assert '1 belief in agent notes expires within a week</a>' in page and 'href="/memory/reverify/"' in page
    queue = client.get("/memory/reverify/").get_data(as_text=True)  # the page lists both, expired first
    assert queue.index(f'id="reverify-{expired}"') < queue.index(f'id="reverify-{soon}"')
    assert "2 beliefs to re-verify" in queue
    overview = client.get("/memory/").get_data(as_text=True)
    assert "and 1 expiring within a week" in overview


@pytest.mark.parametrize(("kind", "text", "question"), [
    ("memory", "The team went to a pride parade in June.", "Still worth remembering?"),  # a past event stays true
    ("state", "The build server is down for repairs.", "Is this still the case?"),
    ("belief", "The user prefers short answers.", "Is this still true?"),
    ("rule", "Always answer the user in German.", "Does this rule still apply?"),
])
def test_the_walk_asks_of_an_expired_entry_what_fits_its_knowledge_type(client, home, seeded, kind, text, question):
    """A dated event does not stop being true: what expires is whether it is worth keeping. The
    walk asked every entry "Is this still true?"."""
    from tests.helpers import edit_meta

    from .seeding import DAY

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: NOW, detector=QuietDetector())
    for target in ("memory", "user"):  # the groups decided: the entry is the next decision
        for edge in store.get_contradictions(target):
            store.dismiss_contradiction(target, edge["edge_id"])
    entry_id = store.add("memory", text, knowledge_type=kind).entry_id
    edit_meta(home, entry_id, confidence=0.15, updated_at=NOW - 3000 * DAY, last_validated_at=NOW - 3000 * DAY)
    page = client.get("/memory/review/").get_data(as_text=True)
    assert f'<h2 id="decision-heading">{question}</h2>' in page and html.escape(text, quote=False) in page
    others = {"Still worth remembering?", "Is this still the case?", "Is this still true?", "Does this rule still apply?"} - {question}
    assert not any(other in page for other in others)


def test_a_belief_is_revised_in_the_walk_and_counts_as_a_user_correction(client, post, home, seeded):
    """"Is this still true?" has three answers; the walk offered Confirm and Retire and sent the
    third, a revision, to another page."""
    from tests.helpers import edit_meta

    from .seeding import DAY

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: NOW, detector=QuietDetector())
    for target in ("memory", "user"):  # the groups decided: the belief is the next decision
        for edge in store.get_contradictions(target):
            store.dismiss_contradiction(target, edge["edge_id"])
    expired = store.add("memory", "The build server is down for repairs.", knowledge_type="state").entry_id
    edit_meta(home, expired, confidence=0.15, updated_at=NOW - 100 * DAY, last_validated_at=NOW - 100 * DAY)
    page = client.get("/memory/review/").get_data(as_text=True)
    assert "Is this still the case?" in page and "The build server is down for repairs." in page  # a state's question
    assert "In agent notes; expired, 100 days since anyone checked it." in page  # as dmem review words it
    revise = next(f for f in decision_forms(page) if f["action"].endswith("/revise"))
    answer = post(revise["action"], {**revise["fields"], "text": "The build server is back up since Monday."}, htmx=True)
    assert answer.status_code == 200 and "Revised into “The build server is back up since Monday.”" in answer.get_data(as_text=True)
    meta = store_of(home).get_entry_meta("memory", "The build server is back up since Monday.")
    assert meta is not None and meta.entry_id == expired and meta.source_kind.value == "user_correction"
