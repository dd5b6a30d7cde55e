"""The dashboard's import preview with hostile files: one line and a 422, never a 500; and the
preview lists every change the import makes."""

from __future__ import annotations

import io
import json
import re

import pytest

from dialectical_memory.features.transfer import FORMAT

BOMB = '{"format": "dialectical-memory-export", "version": 1, "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
HUGE = '{"format": "dialectical-memory-export", "version": 1, "n": ' + "9" * 4300 + "}"


def upload(post, raw: bytes, mode="merge"):
    return post("/memory/transfer/preview", {"file": (io.BytesIO(raw), "export.json"), "mode": mode}, content_type="multipart/form-data")


def _document(*entries, target="user"):
    return {"format": FORMAT, "version": 1, "targets": {target: {"entries": list(entries)}}}


@pytest.mark.parametrize("raw, words", [
    (BOMB, "nests deeper"), (HUGE, "4,300 digits"),
    (json.dumps(_document({"entry_id": "a/b", "text": "fine"})), "is not an id"),
    (json.dumps(_document({"entry_id": "x1", "text": "fine", "confidence": "high"})), "user.entries[1] (id x1): confidence must be a number"),
])  # fmt: skip
def test_a_hostile_upload_is_refused_with_one_line_and_writes_nothing(post, disk, raw, words):
    before = disk.snapshot()
    response = upload(post, raw.encode())
    assert response.status_code == 422
    assert words in response.get_data(as_text=True)
    assert disk.snapshot() == before


def test_the_preview_lists_every_change(post, disk, seeded):
    doc = _document({"entry_id": "n1", "text": "User keeps bees on the roof"}, {"entry_id": "n2", "text": "User plays the cello"})
    html = upload(post, json.dumps(doc).encode(), mode="replace").get_data(as_text=True)
    assert "Every change" in html
    assert re.search(r"becomes active:</span> User keeps bees on the roof", html)
    assert re.search(r"becomes active:</span> User plays the cello", html)
    for text in disk.md("user").split("\n§\n"):
        if text:
            assert f"archived here:</span> {text}" in html.replace("&#39;", "'")
