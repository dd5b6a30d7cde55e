"""`antonyms.chinese_poles` looks only for the forms whose first character a text holds: it must
find what a scan of every form of the table finds, in the same order, on every text of the pairs."""

import json
from pathlib import Path

from dialectical_memory.detection import antonyms
from helpers import tuned_pairs

TESTS = Path(__file__).resolve().parents[1]


def _scan_every_form(text: str) -> list[str]:
    found, taken = [], set()
    for form in antonyms._chinese_forms():
        start = text.find(form)
        while start >= 0:
            span = set(range(start, start + len(form)))
            if not span & taken:
                found.append(form)
                taken |= span
            start = text.find(form, start + 1)
    return found


def test_the_first_character_lookup_finds_what_a_full_scan_finds():
    records = tuned_pairs()
    for path in sorted(TESTS.glob("detection/pairs/*.jsonl")):
        records += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    texts = [value for record in records for value in record.values() if isinstance(value, str)]
    texts += ["很高很矮", "干燥又潮湿", "新旧", "", "崭新的全新的"]
    assert sum(bool(_scan_every_form(text)) for text in texts) > 300
    assert [antonyms.chinese_poles(text) for text in texts] == [_scan_every_form(text) for text in texts]
