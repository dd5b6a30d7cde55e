"""Hermes' write-approval queue written as hermes-agent 0.19.0 writes it, for tests without Hermes.

``stage(hermes_home, payload, ...)`` is ``tools.write_approval.stage_write`` of Hermes 0.19.0: one
``pending/memory/<id>.json`` per write, pretty-printed UTF-8 JSON, written to a temp name and renamed.
The tests that run the real Hermes (tests/adapters/test_hermes_write_approval.py) check that Hermes'
own files read the same.
"""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

from dialectical_memory.storage.hermes_pending import pending_dir


def stage(hermes_home: Path, payload: dict, *, origin: str = "foreground", created_at: float, pending_id: str | None = None,
          summary: str | None = None) -> str:  # fmt: skip
    pid = pending_id or uuid.uuid4().hex[:8]
    record = {
        "id": pid,
        "subsystem": "memory",
        "action": payload.get("action", ""),
        "summary": summary if summary is not None else f"{payload.get('action')} to {payload.get('target')}",
        "origin": origin,
        "created_at": created_at,
        "payload": payload,
    }
    write_raw(hermes_home, f"{pid}.json", json.dumps(record, ensure_ascii=False, indent=2).encode("utf-8"))
    return pid


def write_raw(hermes_home: Path, name: str, data: bytes) -> Path:
    folder = pending_dir(hermes_home)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    tmp = path.with_suffix(".json.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return path


def add(target: str, content: str) -> dict:
    return {"action": "add", "target": target, "content": content, "old_text": None}


def replace(target: str, old_text: str, content: str) -> dict:
    return {"action": "replace", "target": target, "content": content, "old_text": old_text}


def remove(target: str, old_text: str) -> dict:
    return {"action": "remove", "target": target, "content": None, "old_text": old_text}


def batch(target: str, *operations: dict) -> dict:
    return {"action": "batch", "target": target, "operations": [{k: v for k, v in op.items() if k != "target" and v is not None} for op in operations]}
