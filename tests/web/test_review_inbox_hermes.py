"""Hermes' write-approval queue is the inbox's last kind: approved from the inbox, it lands in the file."""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore
from hermes_queue_files import add, stage

from .seeding import NOW
from .test_review_inbox import decision_forms, left


@pytest.fixture
def hermes(home):
    return home.parent  # the memory home is <Hermes home>/memories


@pytest.fixture
def seeded(home, hermes):
    MemoryStore(home, clock=lambda: NOW - 3600).add("memory", "Deploys happen on Tuesdays.")
    return stage(hermes, add("user", "User lives in Paris"), created_at=NOW - 600)


@pytest.fixture
def app_config(hermes):
    return {"HERMES_HOME": str(hermes)}


def test_a_staged_write_waits_in_the_inbox_and_approving_it_writes_the_file(client, post, home, seeded):
    page = client.get("/memory/review/").get_data(as_text=True)
    assert left(page) == 1
    assert "Hermes wants to write to user profile" in page and "User lives in Paris" in page
    approve = decision_forms(page)[0]
    assert approve["action"].endswith("/approve") and approve["fields"]["fingerprint"]
    page = post(approve["action"], approve["fields"], htmx=True).get_data(as_text=True)
    assert "Nothing waits for a decision" in page
    assert "User lives in Paris" in (home / "USER.md").read_text(encoding="utf-8")
