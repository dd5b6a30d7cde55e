"""The endpoint judge over HTTP, against a local OpenAI-compatible stub: several pairs a request,
the bilingual prompt, strict JSON, a timeout; a slow or failing endpoint never blocks a write."""

from __future__ import annotations

import threading
import time

from dialectical_memory import MemoryStore
from dialectical_memory.detection import Label
from dialectical_memory.detection.judge import EndpointJudge, judge_from_env

from tests.adapters.judge_stub import JudgeStub

CROWDS = "User avoids crowds and loud places."
FESTIVALS = "用户每年夏天都去参加大型音乐节，越热闹越好。"
OTHERS = ["User drinks tea.", "User runs on Sundays.", "User works from Lisbon."]


def test_the_endpoint_judge_asks_several_pairs_in_one_request():
    with JudgeStub([(CROWDS, FESTIVALS)]) as stub:
        judge = EndpointJudge(stub.url, "stub-model", key="k", batch=8)
        verdicts = judge.judge_many([(CROWDS, FESTIVALS), (CROWDS, OTHERS[0]), (OTHERS[1], OTHERS[2])])
    assert [v.label for v in verdicts] == [Label.CONTRADICTION, Label.COMPATIBLE, Label.COMPATIBLE]
    (request,) = stub.requests
    body = request["body"]
    assert body["model"] == "stub-model" and body["temperature"] == 0 and request["authorization"] == "Bearer k"
    system = body["messages"][0]["content"]
    assert "JSON only" in system and "中文" in system  # the bilingual prompt, strict JSON


def test_maintenance_asks_the_configured_endpoint_and_the_edge_names_the_model(tmp_path):
    with JudgeStub([(CROWDS, FESTIVALS)]) as stub:
        judge = judge_from_env({"DMEM_JUDGE_URL": stub.url, "DMEM_JUDGE_MODEL": "stub-model"})
        # drafts off: with no [draft] table the judge's endpoint also drafts (tests/store/test_drafts.py)
        store = MemoryStore(tmp_path, judge=judge, drafter=False, memory_char_limit=0, user_char_limit=0)
        store.load_from_disk()
        for text in [*OTHERS, CROWDS, FESTIVALS]:
            store.add("user", text)
        report = store.run_maintenance("user")
    assert report["judge"]["asked"] == 10 and len(stub.requests) == 2  # 10 pairs, 8 a request
    (edge,) = store.get_contradictions("user")
    assert edge["author"] == "judge:endpoint:stub-model" and edge["found_by"] == "the model endpoint:stub-model"


def test_a_config_file_names_the_endpoint(tmp_path):
    config = tmp_path / "judge.toml"
    config.write_text('[judge]\nurl = "http://127.0.0.1:9/v1"\nmodel = "local"\nkey_env = "MY_KEY"\nbatch = 4\n', encoding="utf-8")
    judge = judge_from_env({"DMEM_JUDGE_CONFIG": str(config), "MY_KEY": "secret"})
    assert judge.model == "local" and judge.batch == 4 and judge._key == "secret"
    config.write_text('[judge]\nurl = "http://127.0.0.1:9/v1"\nenabled = false\n', encoding="utf-8")
    assert judge_from_env({"DMEM_JUDGE_CONFIG": str(config)}) is None
    assert judge_from_env({"DMEM_JUDGE_CONFIG": str(tmp_path / "missing.toml")}) is None


def test_a_slow_endpoint_times_out_never_blocks_a_write_and_is_reported(tmp_path):
    with JudgeStub([(CROWDS, FESTIVALS)], delay=3.0) as stub:
        judge = EndpointJudge(stub.url, "slow", timeout=0.5)
        store = MemoryStore(tmp_path, judge=judge, memory_char_limit=0, user_char_limit=0)
        store.load_from_disk()
        store.add("user", CROWDS)
        store.add("user", FESTIVALS)
        results = {}
        worker = threading.Thread(target=lambda: results.setdefault("report", store.run_maintenance("user")))
        worker.start()
        started = time.monotonic()
        writer = MemoryStore(tmp_path, memory_char_limit=0, user_char_limit=0)
        writer.add("user", OTHERS[0])  # another process's write while the model is being asked
        assert time.monotonic() - started < 2.0
        worker.join(30)
    report = results["report"]
    assert report["judge"]["errors"] >= 1 and "timed out" in report["judge"]["last_error"].lower()
    assert store.judge_status("user")["last_run"]["errors"] >= 1
