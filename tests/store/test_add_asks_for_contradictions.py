"""An add flags contradictions and nothing else: a detector that can say just that
(`RuleDetector.contradiction`) is asked that, not how related each entry it does not flag is."""

from __future__ import annotations

from dialectical_memory import MemoryStore
from dialectical_memory.detection.base import Label, Verdict

NOW = 1_750_000_000.0


class ContradictionOnly:
    """Says only whether two entries contradict each other; its `compare` must never be asked."""

    name = "contradiction-only"

    def __init__(self):
        self.asked: list[tuple[str, str]] = []

    def compare(self, a: str, b: str) -> Verdict:
        raise AssertionError("an add asks for a contradiction only")

    def contradiction(self, a: str, b: str) -> Verdict | None:
        self.asked.append((a, b))
        if "noisy" in b and "quiet" in a:
            return Verdict(Label.CONTRADICTION, 0.75, "antonym: quiet↔noisy", "antonym", "rule", {"kind": "antonym"})
        return None


def test_a_detector_that_says_only_contradictions_is_asked_only_that(home):
    detector = ContradictionOnly()
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: NOW, detector=detector)
    quiet = store.add("memory", "User prefers a quiet working environment.").entry_id
    other = store.add("memory", "User prefers a working environment with plants.").entry_id
    added = store.add("memory", "User prefers a noisy working environment.")
    assert [edge["from_id"] for edge in added.contradictions] == [quiet]
    assert added.extra["compared"] == [other]  # compared and not flagged: shown to the agent
    assert ("User prefers a quiet working environment.", "User prefers a noisy working environment.") in detector.asked


def test_the_rules_flag_at_the_add_what_their_compare_calls_a_contradiction(home):
    store = MemoryStore(home, memory_char_limit=0, user_char_limit=0, clock=lambda: NOW)
    quiet = store.add("memory", "User prefers a quiet working environment.").entry_id
    plants = store.add("memory", "User prefers a working environment with plants.").entry_id
    added = store.add("memory", "User prefers a noisy working environment.")
    assert [edge["from_id"] for edge in added.contradictions] == [quiet]
    assert plants in added.extra["compared"]
