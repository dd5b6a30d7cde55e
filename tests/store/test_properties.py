"""Random sequences of operations on a real home; after every step the files must stay consistent.

Invariants: every active .md entry has metadata (in file order); every edge points at known entries;
``text_to_id`` matches the text; no text is ever lost (each text ever written is active or archived,
unless a replace or an edit changed it); every file parses; a failed operation writes nothing.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from dialectical_memory import AmbiguousMatchError, ConflictError, DialecticalMemoryError
from dialectical_memory.storage import hermes_format
from dialectical_memory.storage.files import read_records

from helpers import Clock, FakeDetector, check_invariants, make_store, md_path, snapshot_files

KEYS = ["the user's editor", "the deploy day", "the user's city", "the test runner"]
VALUES = ["vim", "emacs", "Friday", "Monday", "Berlin", "Paris", "pytest"]
CHINESE = ["用户的城市是上海", "用户的城市是北京", "部署日是周五", "部署日是周一", "用户喜欢简洁的回答", "用户喜欢详细的解释"]
PLAIN = ["Project uses pytest for tests", "CI runs on GitHub Actions", "User prefers dark mode"]

texts = st.one_of(
    st.builds(lambda k, v: f"{k} is {v}", st.sampled_from(KEYS), st.sampled_from(VALUES)),
    st.sampled_from(CHINESE),
    st.sampled_from(PLAIN),
)
targets = st.sampled_from(["memory", "user"])
picks = st.integers(min_value=0, max_value=10_000)


class MemoryMachine(RuleBasedStateMachine):
    detector_factory = FakeDetector

    def __init__(self):
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="dmem-props-"))
        self.home = self.tmp / "home"
        self.clock = Clock()
        self.counter = 0
        self.must_exist = {"memory": set(), "user": set()}
        self.replaced = {"memory": set(), "user": set()}
        self.store = self._open()

    def _open(self):
        return make_store(self.home, self.clock, memory_char_limit=0, user_char_limit=0, detector=self.detector_factory())

    def teardown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _unique(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix} {self.counter}: both hold in their own context"

    def _attempt(self, action, allowed=(ConflictError, AmbiguousMatchError)):
        """Run ``action``; an allowed refusal must leave every file as it was."""
        before = snapshot_files(self.home)
        try:
            return action()
        except allowed as error:
            assert snapshot_files(self.home) == before
            event(f"refused: {type(error).__name__}")
            return None

    # ------------------------------------------------------------ rules

    @initialize(seed=st.lists(st.tuples(targets, texts), min_size=2, max_size=6))
    def seed(self, seed):
        """Start from a few entries, some contradicting, so every rule has something to act on."""
        for which, text in [("memory", "the deploy day is Friday"), ("memory", "the deploy day is Monday"),
                            ("user", "用户的城市是上海"), ("user", "用户的城市是北京"), *seed]:  # fmt: skip
            self.add(which, text, "user_explicit")

    @rule(which=targets, text=texts, source=st.sampled_from(["user_explicit", "observed", "agent_inferred"]))
    def add(self, which, text, source):
        result = self.store.add(which, text, source_kind=source)
        assert result.success and self.store.get_entry(which, result.entry_id).text == text
        self.must_exist[which].add(text)

    @rule(which=targets, pick=picks, text=texts)
    def replace(self, which, pick, text):
        entries = self.store.entries(which)
        if not entries:
            return
        old_id, old_text = entries[pick % len(entries)].entry_id, entries[pick % len(entries)].text
        result = self._attempt(lambda: self.store.replace(which, old_text, text))
        if result is not None:
            assert result.entry_id == old_id
            if text != old_text:
                self.must_exist[which].discard(old_text)
                self.replaced[which].add(old_text)
            self.must_exist[which].add(text)

    @rule(which=targets, pick=picks)
    def remove(self, which, pick):
        entries = self.store.entries(which)
        if entries:
            entry = entries[pick % len(entries)]
            if self._attempt(lambda: self.store.remove(which, entry.text)) is not None:
                assert self.store.get_entry(which, entry.entry_id).archived

    @rule(which=targets, pick=picks)
    def synthesize(self, which, pick):
        edges = self.store.get_contradictions(which)
        if edges:
            edge = edges[pick % len(edges)]
            ids = [edge["from_id"], edge["to_id"]]
        else:
            entries = self.store.entries(which)
            if len(entries) < 2:
                return
            ids = [entries[pick % len(entries)].entry_id, entries[(pick + 1) % len(entries)].entry_id]
        text = self._unique("synthesis")
        result = self.store.synthesize(which, ids, text)
        event("synthesized")
        self.must_exist[which].add(text)
        assert all(self.store.get_entry(which, i).archived for i in ids)
        assert self.store.get_entry(which, result.entry_id).meta.parent_ids == ids

    @rule(which=targets, pick=picks)
    def dismiss(self, which, pick):
        edges = self.store.get_contradictions(which)
        if edges:
            edge = edges[pick % len(edges)]
            self.store.dismiss_contradiction(which, edge["edge_id"])
            event("dismissed")
            assert not any(e["edge_id"] == edge["edge_id"] for e in self.store.get_contradictions(which))

    @rule(which=targets, pick=picks, flip=st.booleans())
    def supersede(self, which, pick, flip):
        edges = self.store.get_contradictions(which)
        if edges:
            edge = edges[pick % len(edges)]
            keep, drop = (edge["from_id"], edge["to_id"]) if flip else (edge["to_id"], edge["from_id"])
            self.store.supersede(which, keep, drop)
            event("superseded")
            assert self.store.get_entry(which, drop).archived

    @rule(which=targets, pick=picks)
    def restore(self, which, pick):
        archived = self.store.archived(which)
        if archived:
            entry = archived[pick % len(archived)]
            if self._attempt(lambda: self.store.restore(which, entry.entry_id)) is not None:
                assert not self.store.get_entry(which, entry.entry_id).archived
                event("restored")

    @rule(which=targets, pick=picks, kind=st.sampled_from(["hit", "observed", "surface", "ignore"]))
    def signal(self, which, pick, kind):
        entries = self.store.entries(which)
        if entries:
            entry_id = entries[pick % len(entries)].entry_id
            getattr(self.store, f"record_{kind}")(which, entry_id)

    @rule(which=targets, policy=st.sampled_from(["review", "auto"]))
    def maintenance(self, which, policy):
        report = self.store.run_maintenance(which, policy=policy)
        for key in ("decayed", "promoted", "promotions_proposed", "superseded", "demoted", "contradictions_found"):
            if report[key]:
                event(f"maintenance: {key}")
        for pending in self.store.pending_promotions(which):
            if pending.entry.entry_id in report["promotions_proposed"] and self.counter % 2 == 0:
                text, before = self._unique("principle"), pending.entry.text
                self.store.approve_promotion(which, pending.entry.entry_id, principle_text=text)
                event("promotion approved")
                self.must_exist[which].discard(before)
                self.replaced[which].add(before)
                self.must_exist[which].add(text)

    @rule(which=targets)
    def hand_add(self, which):
        """A person appends an entry in an editor."""
        text = self._unique("hand note")
        path = md_path(self.home, which)
        current = hermes_format.loads(path.read_text(encoding="utf-8")) if path.exists() else []
        self.home.mkdir(parents=True, exist_ok=True)
        path.write_text(hermes_format.dumps([*current, text]), encoding="utf-8")
        self.must_exist[which].add(text)

    @rule()
    def reload(self):
        self.store = self._open()

    @rule(days=st.sampled_from([0.5, 3, 8, 40, 200]))
    def time_passes(self, days):
        self.clock.advance(days)

    # ------------------------------------------------------------ invariants

    @invariant()
    def files_are_consistent(self):
        for target in ("memory", "user"):
            check_invariants(self.store, target)
            known = {e.text for e in self.store.entries(target)} | {e.text for e in self.store.archived(target)}
            lost = self.must_exist[target] - known
            assert not lost, f"texts lost from {target}: {lost}"
            history_texts = {(r.get("before") or {}).get("text") for r in self.store.history(target)}
            assert self.replaced[target] <= history_texts, "a replaced text is not in the history log"
            paths = self.store.paths(target)
            if paths.sidecar.exists():
                assert isinstance(json.loads(paths.sidecar.read_bytes()), dict)
            for jsonl in (paths.history, paths.archive, paths.journal):
                _records, warnings = read_records(jsonl)
                assert warnings == []
        assert not any(p.name.endswith(".tmp") for p in self.home.glob("*")) if self.home.exists() else True


class RealDetectorMachine(MemoryMachine):
    """The same sequences with the default offline detector instead of the predictable fake."""

    @staticmethod
    def detector_factory():
        return None


MemoryMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
RealDetectorMachine.TestCase.settings = settings(
    max_examples=12, stateful_step_count=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

TestOperationsKeepFilesConsistent = MemoryMachine.TestCase
TestOperationsKeepFilesConsistentWithTheRealDetector = RealDetectorMachine.TestCase


def test_a_failed_operation_leaves_the_store_usable(home, clock):
    """A refusal in the middle of a sequence does not poison the cached state."""
    store = make_store(home, clock, memory_char_limit=0)
    store.add("memory", "the deploy day is Friday")
    try:
        store.replace("memory", "nothing matches this", "x")
    except DialecticalMemoryError:
        pass
    store.add("memory", "the deploy day is Monday")
    check_invariants(store)
    assert len(store.get_contradictions("memory")) == 1
