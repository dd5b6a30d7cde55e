"""Fixtures of the web tests: a seeded temp home, the app over it, and a client that posts forms.

``app`` and ``client`` are defined here only. A module changes what they are built on by overriding
one of two fixtures: ``seeded`` (what the home holds before the app opens it) or ``app_config``
(config keys on top of the tests' own fixed clock and quiet detector)."""

from __future__ import annotations

import json

import pytest

from dialectical_memory.core.beliefs import EntryMeta, SidecarDocument
from dialectical_memory.web import create_app

from .seeding import NOW, QuietDetector, seed_review_home

TEST_CSRF_TOKEN = "test-csrf-token"


@pytest.fixture
def seeded(home):
    """The review home of seeding.py; a module that needs another home overrides this fixture."""
    return seed_review_home(home)


@pytest.fixture
def app_config():
    """Config keys a module sets on its app, on top of the fixed clock and quiet detector (override it)."""
    return {}


@pytest.fixture
def app(home, seeded, app_config):
    config = {"MEMORY_HOME": str(home), "TESTING": True, "CLOCK": lambda: NOW, "DETECTOR": QuietDetector()}
    return create_app({**config, **app_config})


def logged_in_client(app):
    """A test client whose session already holds ``TEST_CSRF_TOKEN``, as after loading any page."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["csrf_token"] = TEST_CSRF_TOKEN
    return client


@pytest.fixture
def client(app):
    return logged_in_client(app)


@pytest.fixture
def post(client):
    """``post(url, data, htmx=False)``: a form post carrying the session's CSRF token."""

    def send(url, data=None, *, htmx=False, **kwargs):
        form = {"csrf_token": TEST_CSRF_TOKEN, **(data or {})}
        headers = {"HX-Request": "true"} if htmx else {}
        return client.post(url, data=form, headers=headers, **kwargs)

    return send


@pytest.fixture
def app_store(app):
    """The store the app serves (not tests/conftest.py's ``store``: this one has the app's clock and detector)."""
    return app.extensions["dmem_store"]


@pytest.fixture
def disk(home):
    """Reads what is on disk now: ``disk.md()``, ``disk.meta()``, ``disk.history()``, ``disk.snapshot()``."""
    return Disk(home)


class Disk:
    def __init__(self, home):
        self.home = home

    def md(self, target="memory") -> str:
        path = self.home / f"{target.upper()}.md"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def meta(self, target="memory") -> dict:
        """The sidecar with the journal replayed: entry metadata and edges as the core last wrote them."""
        stem = target.upper()
        document = json.loads((self.home / f"{stem}.meta.json").read_text(encoding="utf-8"))
        # the stored form omits fields at their defaults: the full records, as the core reads them
        document["entries"] = SidecarDocument.from_dict(document).to_dict()["entries"]
        journal = self.home / f"{stem}.meta.journal"
        if journal.exists():
            for line in journal.read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                batch = json.loads(line)
                for meta in batch["put"]:  # stored form too: the full record, as the core reads it
                    document["entries"][meta["entry_id"]] = EntryMeta.from_dict(meta).to_dict()
                for entry_id in batch["drop"]:
                    document["entries"].pop(entry_id, None)
                edges = {e["edge_id"]: e for e in document["contradictions"]}
                edges.update({e["edge_id"]: e for e in batch["edges"]})
                document["contradictions"] = list(edges.values())
        return document

    def entry(self, entry_id, target="memory") -> dict:
        return self.meta(target)["entries"][entry_id]

    def edge(self, edge_id, target="memory") -> dict:
        return next(e for e in self.meta(target)["contradictions"] if e["edge_id"] == edge_id)

    def history(self, target="memory") -> list[dict]:
        path = self.home / f"{target.upper()}.history.jsonl"
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

    def archive(self, target="memory") -> list[dict]:
        path = self.home / f"{target.upper()}.archive.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

    def snapshot(self) -> dict[str, bytes]:
        """Every file of the home (except the dashboard secret and locks), to prove nothing was written."""
        return {
            p.name: p.read_bytes()
            for p in sorted(self.home.iterdir())
            if p.is_file() and not p.name.startswith(".")
        }

