"""Who found a contradiction, on the dashboard: "suggested by" the model, the agent or the rules;
the overview says which model maintenance asks and how its last run went."""

from __future__ import annotations

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.detection.judge import CallableJudge

from .seeding import NOW

CROWDS = "User avoids crowds and loud places."
FESTIVALS = "User spends every summer at big music festivals."


def _model(a, b):
    return {"label": "contradiction", "confidence": 0.9, "reason": "one cannot love festivals and avoid crowds"}


@pytest.fixture
def seeded(home):
    store = MemoryStore(home, judge=CallableJudge(_model, "local-model"), clock=lambda: NOW)
    store.load_from_disk()
    store.add("memory", CROWDS)
    store.add("memory", FESTIVALS)
    store.run_maintenance("memory")
    (edge,) = store.get_contradictions("memory")
    return edge["edge_id"]


@pytest.fixture
def app_config():
    return {"JUDGE": CallableJudge(_model, "local-model")}


def test_the_panel_and_the_list_say_the_model_suggested_it(client, seeded):
    html = client.get(f"/memory/contradictions/edges/{seeded}").get_data(as_text=True)
    assert "Suggested by the model local-model" in html
    assert "one cannot love festivals and avoid crowds" in html
    listed = client.get("/memory/contradictions/").get_data(as_text=True)
    assert "suggested by the model local-model" in listed


def test_the_overview_names_the_judge_and_its_last_run(client, seeded):
    html = client.get("/memory/").get_data(as_text=True)
    assert "asked of <strong>local-model</strong>" in html
    assert "Last run: 1 asked" in html
