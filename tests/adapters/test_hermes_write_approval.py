"""Hermes' write-approval queue with the real hermes-agent 0.19.0 (in its own venv).

``memory.write_approval: true``; Hermes' own memory tool stages an add, a replace and a batch (the
batch from its background review); ``dmem hermes pending`` and the dashboard list them with the
contradiction each would raise; approving and rejecting here does to the files what Hermes' own
``/memory approve`` and ``/memory reject`` do to a copy of the same home; Hermes' ``/memory pending``
afterwards lists what ours lists; a background review's write that Hermes approves itself arrives
with that source — once ours has read the queue, or the provider watched it while Hermes ran.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from dialectical_memory import MemoryStore, SourceKind
from dialectical_memory.storage.hermes_pending import pending_dir

from .conftest import REPO, make_hermes_home

HERE = Path(__file__).parent
ARTIFACTS = REPO / "test-artifacts"
SEED = [("user", "User lives in Berlin"), ("user", "User works at Acme"), ("user", "User is vegetarian"),
        ("user", "User eats lentil soup every week"), ("user", "User is 34 years old"), ("memory", "Project deploys on Fridays")]  # fmt: skip
STAGED = {
    "add": ({"action": "add", "target": "user", "content": "User lives in Paris"}, "foreground"),
    "replace": ({"action": "replace", "target": "user", "old_text": "lentil soup", "content": "User eats steak every week"}, "foreground"),
    "batch": ({"target": "user", "operations": [{"action": "add", "content": "User works at Initech"}, {"action": "remove", "old_text": "34 years"},
                                                {"action": "add", "content": "User is 41 years old"}]}, "background_review"),  # fmt: skip
    "review": ({"action": "add", "target": "memory", "content": "Project deploys from the main branch"}, "background_review"),
}


def hermes(hermes_python, pythonpath: str, home: Path, script: str, *args: str) -> str:
    env = {**os.environ, "HERMES_HOME": str(home), "PYTHONPATH": pythonpath}
    env.pop("DMEM_HOME", None)
    done = subprocess.run([str(hermes_python), str(HERE / script), *args], env=env, capture_output=True, text=True, timeout=180, cwd=home)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def dmem(home: Path, *args: str) -> str:
    env = {key: value for key, value in os.environ.items() if key not in ("DMEM_HOME", "HERMES_HOME")}
    done = subprocess.run([sys.executable, "-m", "dialectical_memory", *args, "--hermes-home", str(home)],
                          env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def hermes_pending_ids(text: str) -> list[str]:
    return re.findall(r"^  ([0-9a-f]{8})", text, re.MULTILINE)


def files(home: Path) -> dict[str, str]:
    """What a person would look at: the two .md files and every pending file, as text."""
    shown = {f"memories/{name}": (home / "memories" / name).read_text(encoding="utf-8") for name in ("MEMORY.md", "USER.md")}
    folder = pending_dir(home)
    shown.update({f"pending/memory/{p.name}": p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.json"))})
    return shown


TEST_CSRF_TOKEN = "test-csrf-token"


def dashboard(home: Path):
    """A client of the dashboard over this Hermes home, its session holding a CSRF token."""
    from dialectical_memory.web import create_app

    client = create_app({"MEMORY_HOME": str(home / "memories"), "TESTING": True, "HERMES_HOME": str(home)}).test_client()
    with client.session_transaction() as session:
        session["csrf_token"] = TEST_CSRF_TOKEN
    return client


@pytest.fixture(scope="module")
def staged(tmp_path_factory, hermes_python, hermes_pythonpath):
    home = make_hermes_home(tmp_path_factory.mktemp("approval") / "home", hermes_python)
    subprocess.run([str(Path(hermes_python).with_name("hermes")), "config", "set", "memory.write_approval", "true"],
                   env={**os.environ, "HERMES_HOME": str(home)}, capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    steps = [{"seed": list(seed)} for seed in SEED] + [{"call": call, "origin": origin} for call, origin in STAGED.values()]
    report = json.loads(hermes(hermes_python, hermes_pythonpath, home, "hermes_stage.py", json.dumps(steps)))
    ids = {name: result.get("pending_id") for name, result in zip(STAGED, report["results"][len(SEED):])}
    twin = tmp_path_factory.mktemp("twin") / "home"
    shutil.copytree(home, twin, symlinks=True)  # before anything of ours read the queue
    return SimpleNamespace(home=home, twin=twin, ids=ids, report=report)


@pytest.fixture(scope="module")
def listed(staged, hermes_python, hermes_pythonpath):
    """The queue as ours and Hermes' list it, before any decision."""
    return SimpleNamespace(
        cli=json.loads(dmem(staged.home, "hermes", "pending", "--json")),
        cli_text=dmem(staged.home, "hermes", "pending"),
        page=dashboard(staged.home).get("/user/hermes/pending/").get_data(as_text=True),
        hermes=hermes(hermes_python, hermes_pythonpath, staged.home, "hermes_memory_command.py", "pending"),
    )


@pytest.fixture(scope="module")
def decided(staged, listed, hermes_python, hermes_pythonpath):
    """The add approved and the replace rejected: here through the dashboard, in the twin by Hermes."""
    ids, before = staged.ids, files(staged.home)
    client = dashboard(staged.home)
    shown = next(item["fingerprint"] for item in listed.cli["items"] if item["id"] == ids["add"])
    assert f'name="fingerprint" value="{shown}"' in listed.page  # the page and dmem show the same write
    approved = client.post(f"/user/hermes/pending/{ids['add']}/approve",
                           data={"csrf_token": TEST_CSRF_TOKEN, "fingerprint": shown})
    rejected = client.post(f"/user/hermes/pending/{ids['replace']}/reject", data={"csrf_token": TEST_CSRF_TOKEN})
    after = files(staged.home)
    twin_answers = [hermes(hermes_python, hermes_pythonpath, staged.twin, "hermes_memory_command.py", verb, ids[name])
                    for verb, name in (("approve", "add"), ("reject", "replace"))]  # fmt: skip
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "hermes-write-approval.json").write_text(json.dumps(
        {"approved": ids["add"], "rejected": ids["replace"], "before": before, "after": after,
         "hermes_twin_after": files(staged.twin)}, ensure_ascii=False, indent=2), encoding="utf-8")  # fmt: skip
    return SimpleNamespace(
        statuses=(approved.status_code, rejected.status_code), before=before, after=after, twin_answers=twin_answers,
        hermes_after=hermes(hermes_python, hermes_pythonpath, staged.home, "hermes_memory_command.py", "pending"),
        ours_after=json.loads(dmem(staged.home, "hermes", "pending", "--json")),
    )


def test_hermes_stages_an_add_a_replace_and_a_background_batch(staged):
    assert staged.report["write_approval"] is True
    assert "write_approval: true" in (staged.home / "config.yaml").read_text(encoding="utf-8")
    for name, result in zip(STAGED, staged.report["results"][len(SEED):]):
        assert result["success"] and result["staged"], (name, result)
    on_disk = {name: json.loads((pending_dir(staged.twin) / f"{pid}.json").read_text(encoding="utf-8")) for name, pid in staged.ids.items()}
    assert on_disk["batch"]["origin"] == "background_review" and on_disk["batch"]["payload"]["action"] == "batch"
    assert on_disk["add"]["origin"] == "foreground" and on_disk["replace"]["payload"]["old_text"] == "lentil soup"
    assert "User lives in Paris" not in (staged.twin / "memories" / "USER.md").read_text(encoding="utf-8")  # staged, not written


def test_our_cli_lists_them_with_the_contradiction_each_would_raise(staged, listed):
    items = {item["id"]: item for item in listed.cli["items"]}
    ids = staged.ids
    assert list(items) == [ids[name] for name in STAGED] and listed.cli["unreadable"] == []
    assert [c["text"] for c in items[ids["add"]]["contradictions"]] == ["User lives in Berlin"]
    assert [c["text"] for c in items[ids["replace"]]["contradictions"]] == ["User is vegetarian"]
    assert items[ids["replace"]]["preview"]["operations"][0]["replaces"]["text"] == "User eats lentil soup every week"
    assert [c["text"] for c in items[ids["batch"]]["contradictions"]] == ["User works at Acme"]
    assert items[ids["batch"]]["origin"] == "background_review" and items[ids["review"]]["contradictions"] == []
    assert all(item["preview"]["usage_after"]["limit"] in (2200, 1375) for item in items.values())
    assert "⚡ would contradict “User lives in Berlin”: Both say where the user lives: Berlin vs Paris." in listed.cli_text


def test_the_dashboard_lists_them_with_the_same_contradictions(staged, listed):
    page = listed.page
    for pid in staged.ids.values():
        assert f'id="pending-{pid}"' in page
    for text in ("User lives in Berlin", "User is vegetarian", "User works at Acme"):
        assert f">{text}</a>” — " in page


def test_ours_and_hermes_list_the_same_writes(staged, listed):
    assert hermes_pending_ids(listed.hermes) == [item["id"] for item in listed.cli["items"]]


def test_approve_and_reject_do_to_the_files_what_hermes_own_do(staged, decided):
    assert decided.statuses == (303, 303)
    assert decided.twin_answers[0].startswith("Approved 1 memory write(s).") and "Failed" not in decided.twin_answers[0]
    assert decided.twin_answers[1].startswith(f"Rejected pending memory write '{staged.ids['replace']}'.")
    assert decided.after == files(staged.twin)  # .md bytes and the queue, the same on both sides
    assert f"pending/memory/{staged.ids['add']}.json" in decided.before and f"pending/memory/{staged.ids['add']}.json" not in decided.after
    assert decided.after["memories/USER.md"].endswith("User is 34 years old\n§\nUser lives in Paris")
    history = MemoryStore(staged.home / "memories").history("user")
    decisions = {(r["action"], r["detail"]["pending_id"]) for r in history if r["action"].endswith("_staged")}
    assert decisions == {("approve_staged", staged.ids["add"]), ("reject_staged", staged.ids["replace"])}


def test_hermes_pending_afterwards_agrees_with_ours(staged, decided):
    left = [staged.ids["batch"], staged.ids["review"]]
    assert hermes_pending_ids(decided.hermes_after) == left
    assert [item["id"] for item in decided.ours_after["items"]] == left


def test_a_background_write_approved_by_hermes_itself_lands_with_that_source(staged, decided, hermes_python, hermes_pythonpath):
    pid = staged.ids["batch"]
    for home in (staged.home, staged.twin):
        answer = hermes(hermes_python, hermes_pythonpath, home, "hermes_memory_command.py", "approve", pid)
        assert answer.startswith("Approved 1 memory write(s).") and "Failed" not in answer
    ours = MemoryStore(staged.home / "memories")
    for text in ("User works at Initech", "User is 41 years old"):
        meta = ours.find_entry("user", text).meta
        assert meta.source_kind is SourceKind.BACKGROUND_REVIEW and meta.provenance == {"origin": "background_review", "pending_id": pid}
    # Seen from the file, Hermes' remove of one age and add of another is an edit of that entry:
    assert ours.find_entry("user", "41 years").meta.original_text == "User is 34 years old"
    (edge,) = [e for e in ours.get_contradictions("user") if "Initech" in e["to_text"] or "Initech" in e["from_text"]]
    assert ours.get_entry("user", edge["preferred_id"]).text == "User works at Acme"  # the user's word outweighs the guess
    # The control: in the twin nobody had read the queue before Hermes applied it.
    unseen = MemoryStore(staged.twin / "memories").find_entry("user", "User works at Initech").meta
    assert unseen.source_kind is SourceKind.USER_EXPLICIT and unseen.provenance == {}


def test_a_background_write_approved_here_lands_with_that_source(staged, decided):
    queue = json.loads(dmem(staged.home, "hermes", "pending", "--json"))
    shown = next(item["fingerprint"] for item in queue["items"] if item["id"] == staged.ids["review"])
    out = dmem(staged.home, "hermes", "approve", staged.ids["review"], "--expect", shown)
    assert out.startswith(f"Approved staged write {staged.ids['review']}")
    meta = MemoryStore(staged.home / "memories").find_entry("memory", "main branch").meta
    assert meta.source_kind is SourceKind.BACKGROUND_REVIEW
    assert meta.provenance == {"origin": "background_review", "pending_id": staged.ids["review"], "approved_by": "cli"}
    assert not list(pending_dir(staged.home).glob("*.json"))


def test_the_provider_watching_while_hermes_runs_keeps_the_origin_of_what_hermes_approves(staged, decided, hermes_python, hermes_pythonpath):
    report = json.loads(hermes(hermes_python, hermes_pythonpath, staged.twin, "hermes_provider_watch.py", "User has a cat called Miso"))
    assert report["staged"]["staged"] is True and report["noted_seconds"] < 5
    assert report["approved"].startswith("Approved 1 memory write(s).")
    assert report["source_kind"] == "background_review"
    assert report["provenance"] == {"origin": "background_review", "pending_id": report["pending_id"]}


def test_hermes_hook_metadata_keeps_origin_session_and_platform(tmp_path, hermes_python, hermes_pythonpath):
    home = make_hermes_home(tmp_path / "home", hermes_python)  # write approval off: the writes land
    results = json.loads(hermes(hermes_python, hermes_pythonpath, home, "hermes_hook_origins.py"))
    assert [r["success"] and not r.get("staged") for r in results] == [True, True]
    store = MemoryStore(home / "memories")
    told, guessed = store.find_entry("user", "Acme").meta, store.find_entry("user", "Initech").meta
    assert told.source_kind is SourceKind.USER_EXPLICIT and guessed.source_kind is SourceKind.BACKGROUND_REVIEW
    assert told.provenance == {"origin": "assistant_tool", "session_id": "session-h", "platform": "discord", "tool_name": "memory"}
    assert guessed.provenance == {"origin": "background_review", "session_id": "session-h", "platform": "discord", "tool_name": "memory"}


def test_a_fact_hermes_writes_again_in_other_words_counts_for_the_first_and_its_file_keeps_both(tmp_path, hermes_python, hermes_pythonpath):
    home = make_hermes_home(tmp_path / "home", hermes_python)  # write approval off: the writes land
    first, again = "User keeps a cat named Miso.", "The user keeps a cat named Miso at home."
    results = json.loads(hermes(hermes_python, hermes_pythonpath, home, "hermes_hook_origins.py", first, again))
    assert [r["success"] for r in results] == [True, True]
    assert (home / "memories" / "USER.md").read_text(encoding="utf-8") == f"{first}\n§\n{again}"  # as Hermes wrote it
    store = MemoryStore(home / "memories")
    kept, line = store.get_entry_meta("user", first), store.get_entry_meta("user", again)
    assert line.says_again == kept.entry_id and kept.hit_count == 1 and line.hit_count == 0
    assert {r["actor"] for r in store.history("user", action="add")} == {"agent"}  # Hermes' tool wrote both
