"""Make room in a Hermes-limited home: USER.md filled to Hermes' default limit (1,375 chars, from
config.yaml) through Hermes' own memory tool in the real hermes-agent 0.19.0, the plan ranked by
worth, carried out by `dmem make-room`, and the add Hermes refused succeeding through its tool."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore
from dialectical_memory.core.beliefs import SECONDS_PER_DAY

from .conftest import make_hermes_home

HERE = Path(__file__).parent
SCRIPT = HERE / "hermes_make_room.py"

OLD = [  # written months ago: nobody confirmed them since, so they decay
    "User lives in Berlin",
    "User lives in Paris",
    "User is learning Portuguese with a tutor twice a week on Tuesday and Thursday evenings.",
    "User is preparing for a cloud certification exam and studies every night after dinner.",
    "User's team uses Trello for tickets and posts the weekly status report on Friday mornings.",
    "User wants answers short, with the command first and the explanation after it.",  # used a lot: a principle
]
PRINCIPLE = OLD[5]
LATER = [  # this month: a resolved loser written again, a repeated fragment, an inference, fresh statements
    ("User lives in Berlin", "background_review"),
    ("User drinks oat milk cortados.", "assistant_tool"),
    ("User might enjoy jazz concerts, judging by the playlists they mention.", "background_review"),
    ("User drinks oat milk cortados every morning before the daily standup meeting.", "assistant_tool"),
    ("User is moving to Bergen in June and is looking for a flat near the river in Bryggen.", "assistant_tool"),
    ("User's partner Sam is a nurse who works night shifts at the hospital three times a week.", "assistant_tool"),
    ("User keeps a mechanical keyboard with brown switches at home and a quiet one at the office.", "assistant_tool"),
    ("User runs Fedora on the laptop and Arch Linux on the home server that hosts Nextcloud and Plex.", "assistant_tool"),
    ("User prefers metric units and 24-hour times in every answer, also for recipes and for travel plans.", "assistant_tool"),
    ("User backs up the home server every Sunday night to an encrypted disk kept at a friend's flat.", "assistant_tool"),
    ("User plays five-a-side football on Wednesday evenings with colleagues from the old job in Berlin.", "assistant_tool"),
    ("User is allergic to penicillin, which matters for any health question or travel medicine kit.", "assistant_tool"),
    ("User's daughter Ana starts primary school in September; mornings before eight are for the school run.", "assistant_tool"),
    ("User reads detective novels on an e-reader and keeps a list of finished books in a plain text file.", "assistant_tool"),
    ("User wants code examples in Python first and in Go second, with type hints and without global state.", "assistant_tool"),
]


def hermes(hermes_python, pythonpath, home, phase, ops):
    env = {**os.environ, "HERMES_HOME": str(home), "PYTHONPATH": pythonpath}
    env.pop("DMEM_HOME", None)
    out = subprocess.run([str(hermes_python), str(SCRIPT), phase, json.dumps(ops)], env=env, capture_output=True,
                         text=True, timeout=240, cwd=home)  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


def dmem(home, *args):
    env = {**os.environ, "HERMES_HOME": str(home)}
    env.pop("DMEM_HOME", None)
    out = subprocess.run([sys.executable, "-m", "dialectical_memory", "--home", str(home / "memories"), *args],
                         env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.fixture(scope="module")
def run(tmp_path_factory, hermes_python, hermes_pythonpath):
    home = make_hermes_home(tmp_path_factory.mktemp("hermes-room") / "home", hermes_python)
    config = home / "config.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    hermes_bin = Path(hermes_python).with_name("hermes")
    for key, value in (("memory.memory_char_limit", "2200"), ("memory.user_char_limit", "1375")):  # Hermes' defaults, said
        subprocess.run([str(hermes_bin), "config", "set", key, value], env={**os.environ, "HERMES_HOME": str(home)},
                       capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    first = hermes(hermes_python, hermes_pythonpath, home, "old", [["add", text, "assistant_tool"] for text in OLD])
    # A person settles Berlin ⟷ Paris for Paris (Berlin is archived as superseded) …
    person = MemoryStore(home / "memories")
    berlin, paris = (person.get_entry_meta("user", text).entry_id for text in OLD[:2])
    person.supersede("user", paris, berlin)
    # … then months pass: the principle is used all along, the rest is never confirmed (a moved clock)
    later = time.time() + 300 * SECONDS_PER_DAY
    clock = [later]
    aged = MemoryStore(home / "memories", clock=lambda: clock[0])
    principle = aged.get_entry_meta("user", PRINCIPLE).entry_id
    for _ in range(12):
        aged.record_hit("user", principle)
    for step in range(3):
        clock[0] = later + step * 8 * SECONDS_PER_DAY
        aged.run_maintenance("user", policy="auto")
    second = hermes(hermes_python, hermes_pythonpath, home, "later", [["add", text, origin] for text, origin in LATER])
    refused = next(call for call in second["calls"] if not call["result"]["success"])
    store = MemoryStore(home / "memories")
    ids = {text: meta.entry_id for text in OLD + [t for t, _ in LATER] if (meta := store.get_entry_meta("user", text))}
    needed = second["usage"] + 3 + len(refused["args"]["content"]) - 1375
    plan_text = dmem(home, "make-room", "--target", "user", "--need", str(needed))
    made = json.loads(dmem(home, "make-room", "--target", "user", "--need", str(needed), "--policy", "auto", "--json"))["user"]
    third = hermes(hermes_python, hermes_pythonpath, home, "retry", [["add", refused["args"]["content"], "assistant_tool"]])
    return {"home": home, "first": first, "second": second, "refused": refused, "ids": ids, "needed": needed,
            "made": made, "third": third, "plan_text": plan_text, "principle": principle}


def test_hermes_reads_the_default_limits_and_refuses_the_add_at_the_limit(run):
    assert run["second"]["limits"] == [2200, 1375]
    refused = run["refused"]
    assert "would exceed the limit" in refused["result"]["error"]
    assert run["second"]["usage"] <= 1375 < run["second"]["usage"] + 3 + len(refused["args"]["content"])
    assert run["needed"] > 0


def test_the_plan_lists_superseded_and_decayed_before_fresh_and_never_a_principle(run):
    plan = run["made"]["plan"]
    assert plan["due"] and plan["limit"] == 1375 and plan["needed"] == run["needed"]
    order = [c["entry_id"] for c in plan["candidates"]]
    tiers = {c["entry_id"]: c["tier"] for c in plan["candidates"]}
    ids = run["ids"]
    superseded = [ids["User lives in Berlin"], ids["User drinks oat milk cortados."]]
    decayed = [ids[text] for text in OLD[1:5]]
    allergy = ids.get("User is allergic to penicillin, which matters for any health question or travel medicine kit.")
    fresh = [ids[text] for text, origin in LATER[3:] if text in ids and origin == "assistant_tool" and ids[text] != allergy]
    inferred = ids["User might enjoy jazz concerts, judging by the playlists they mention."]
    assert all(tiers[i] == "superseded" for i in superseded)
    assert all(tiers[i] == "decayed" for i in decayed)
    assert tiers[inferred] == "low_authority"
    assert fresh and all(tiers[i] == "least_worth" for i in fresh)
    if allergy:  # a fact about the user, in their words: after every other candidate
        assert tiers[allergy] == "about_user" and order.index(allergy) > max(order.index(i) for i in fresh)
    assert max(order.index(i) for i in superseded) < min(order.index(i) for i in decayed)
    assert max(order.index(i) for i in decayed) < order.index(inferred) < min(order.index(i) for i in fresh)
    assert run["principle"] not in order and plan["protected"] == 1
    berlin = next(c for c in plan["candidates"] if c["entry_id"] == ids["User lives in Berlin"])
    assert berlin["contested_with"] == [ids["User lives in Paris"]] and "open contradiction" in berlin["why"]
    assert not berlin["policy_applies"]  # said so, and left for a person
    assert "could go" in run["plan_text"] and ids["User drinks oat milk cortados."][:8] in run["plan_text"]


def test_carrying_out_the_plan_frees_enough_and_hermes_add_then_succeeds(run):
    made = run["made"]
    applied = made["applied"]
    assert applied["freed"] >= run["needed"]
    archived = set(applied["archived"])
    ids = run["ids"]
    assert ids["User drinks oat milk cortados."] in archived  # the best applicable candidate went first
    assert run["principle"] not in archived and ids["User lives in Berlin"] not in archived  # contested: a person decides
    assert not archived & {ids[text] for text, origin in LATER[3:] if text in ids}  # no fresh entry left
    retry = run["third"]["calls"][0]
    assert retry["result"]["success"], retry["result"]
    md = (run["home"] / "memories" / "USER.md").read_text(encoding="utf-8")
    assert run["refused"]["args"]["content"] in md and PRINCIPLE in md


def test_nothing_is_lost_everything_that_left_is_in_the_archive(run):
    store = MemoryStore(run["home"] / "memories")
    active = {e.text for e in store.entries("user")}
    archived = {e.text for e in store.archived("user")}
    written = set(OLD) | {text for text, _ in LATER if text in run["ids"]}
    assert written <= active | archived
    for entry_id in run["made"]["applied"]["archived"]:
        assert store.get_entry("user", entry_id).archived
    history = [r for r in store.history("user") if r["action"] == "make_room"]
    assert len(history) == 1 and history[0]["actor"] == "cli"


def test_the_provider_block_names_the_candidates_at_eighty_percent(run):
    block = run["second"]["system_prompt"]
    ids = run["ids"]
    assert "Memory nearly full" in block and "user: " in block and "/1,375 chars" in block
    assert ids["User drinks oat milk cortados."][:8] in block  # the best candidate, by id and size
    assert run["principle"][:8] not in block
    first = run["first"]["system_prompt"]
    assert "Memory nearly full" not in first  # below 80 %: nothing said
