"""Agent processes write through the tool while a person resolves contradictions in the dashboard.

Afterwards every acknowledged write is on disk, the files parse and the invariants hold.
"""

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dialectical_memory import MemoryStore, SourceKind
from dialectical_memory.storage.hermes_format import loads
from dialectical_memory.core.beliefs import SECONDS_PER_DAY
from dialectical_memory.storage.files import TargetPaths
from dialectical_memory.web import create_app

WORKER = Path(__file__).with_name("agent_worker.py")
pytestmark = pytest.mark.slow
HOST = {"Host": "127.0.0.1:5000"}
MAX_OPS_PER_WORKER = 5000
WORKERS = 3
PAIRS = [
    ("User prefers tea over coffee", "User prefers coffee over tea"),
    ("User lives in Berlin", "User lives in Paris"),
    ("用户喜欢深色模式", "用户不喜欢深色模式"),
    ("User never uses emojis", "User often uses emojis in messages"),
    ("User's favorite language is Python", "User's favorite language is Rust"),
    ("用户住在北京", "用户住在上海"),
]


def _seed(home: Path) -> None:
    """Contradictions to resolve, and entries old and used enough to be promoted."""
    clock = [time.time() - 10 * SECONDS_PER_DAY]
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: clock[0])
    for a, b in PAIRS:
        store.add("memory", a)
        store.add("memory", b, source_kind=SourceKind.OBSERVED)
    for i in range(4):
        entry_id = store.add("memory", f"User reviews code before lunch, habit {i}").entry_id
        for _ in range(3):
            store.record_hit("memory", entry_id)
    MemoryStore(home, memory_char_limit=0, user_char_limit=0).run_maintenance("memory")


def _wait_until_all_writing(control: Path, workers: list, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not all((control / f"ready-{i}").exists() for i in range(len(workers))):
        failed = [i for i, w in enumerate(workers) if w.poll() is not None]
        assert not failed, (control / f"out-{failed[0]}").read_text()[-800:]
        assert time.monotonic() < deadline, "the agent processes did not start writing"
        time.sleep(0.02)


def _csrf(client, url: str) -> str:
    page = client.get(url, headers=HOST)
    assert page.status_code == 200
    return re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True)).group(1)


def _resolve_in_dashboard(home: Path) -> dict[str, int]:
    app = create_app({"MEMORY_HOME": str(home), "TESTING": True})
    client = app.test_client()
    reader = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    done = {"synthesized": 0, "dismissed": 0, "approved": 0}
    token = _csrf(client, "/memory/contradictions/")
    for number in range(len(PAIRS) * 3):
        open_edges = reader.get_contradictions("memory")
        if not open_edges:
            break
        edge = open_edges[0]
        if number % 2 == 0:
            url = f"/memory/contradictions/edges/{edge['edge_id']}/synthesize"
            form = {"text": f"Both hold in different contexts ({number})", "csrf_token": token}
            kind = "synthesized"
        else:
            url = f"/memory/contradictions/edges/{edge['edge_id']}/dismiss"
            form = {"csrf_token": token}
            kind = "dismissed"
        response = client.post(url, data=form, headers=HOST)
        assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:300]
        done[kind] += 1
    for item in reader.pending_promotions("memory"):
        response = client.post(f"/memory/promotions/{item.entry.entry_id}/approve", data={"csrf_token": token}, headers=HOST)
        assert response.status_code in (200, 302, 303)
        done["approved"] += 1
    return done


def _expected(lines: list[str]) -> tuple[set[str], set[str], set[str]]:
    """Texts that must be active, texts replaced (kept in history), texts removed (archived)."""
    present, replaced, removed = set(), set(), set()
    for line in lines:
        op = line.split("\t")
        if op[0] == "add":
            present.add(op[1])
        elif op[0] == "replace":
            present.discard(op[1])
            replaced.add(op[1])
            present.add(op[2])
        elif op[0] == "remove":
            present.discard(op[1])
            removed.add(op[1])
    return present, replaced, removed


def test_agents_and_dashboard_writing_together_lose_nothing(tmp_path):
    home = tmp_path / "home"
    _seed(home)
    control = tmp_path / "control"
    control.mkdir()
    command = [sys.executable, str(WORKER), str(home)]
    logs = [(control / f"out-{i}").open("w") for i in range(WORKERS)]  # files, not pipes: never block
    workers = [
        subprocess.Popen(command + [str(i), str(MAX_OPS_PER_WORKER), str(control)], stdout=log, stderr=subprocess.STDOUT)
        for i, log in enumerate(logs)
    ]
    _wait_until_all_writing(control, workers)
    done = _resolve_in_dashboard(home)
    overlapped = all(w.poll() is None for w in workers)
    (control / "stop").touch()
    for worker, log in zip(workers, logs):
        worker.wait(timeout=120)
        log.close()
    outputs = [(control / f"out-{i}").read_text() for i in range(WORKERS)]
    for worker, stdout in zip(workers, outputs):
        assert worker.returncode == 0, stdout[-800:]
    assert done["synthesized"] >= 2 and done["dismissed"] >= 2 and done["approved"] >= 1
    assert overlapped, "an agent stopped before the dashboard finished: the test proved nothing"

    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0)
    store.load_from_disk()
    active = {e.text for e in store.entries("memory")}
    archived = {e.text for e in store.archived("memory")}
    history = store.history("memory")
    replaced_in_history = {(r["before"] or {}).get("text") for r in history if r["action"] == "replace"}
    for stdout in outputs:
        present, replaced, removed = _expected(stdout.splitlines())
        assert 0 < len(stdout.splitlines()) < MAX_OPS_PER_WORKER
        assert present <= active, sorted(present - active)[:3]
        assert removed <= archived
        assert replaced <= replaced_in_history
    seeded = {text for pair in PAIRS for text in pair}
    assert not [e for e in store.get_contradictions("memory") if {e["from_text"], e["to_text"]} & seeded]
    md = loads(TargetPaths(home, "memory").md.read_text(encoding="utf-8"))
    assert set(md) == active
    known = {e.entry_id for e in store.entries("memory")} | {e.entry_id for e in store.archived("memory")}
    for edge in store.get_contradictions("memory", include_resolved=True):
        assert {edge["from_id"], edge["to_id"]} <= known
    for entry in store.entries("memory"):
        assert store.get_entry_meta("memory", entry.text).entry_id == entry.entry_id
    assert sum(1 for r in history if r["actor"] == "person") >= sum(done.values())
