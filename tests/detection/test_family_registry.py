"""The rule families as a registry (`detection/family.py`, `registry.py`): every family module is
registered and declares what the runner needs; the runner tries the families in the order of their
priorities and never runs one whose cue is absent; cues, kinds and index terms tell the truth on
the bundled pairs."""

import ast
import json
from pathlib import Path

import pytest

from dialectical_memory.detection import registry, rules
from dialectical_memory.detection.analysis import analyse
from dialectical_memory.detection.base import Label
from dialectical_memory.detection.family import Family, Said, contradiction, keys_meet
from test_only_one_language import PAIRS as OWN_PAIRS
from test_setting_triggers import _alternatives, _covered, sre_constants

DETECTION = Path(registry.__file__).parent
ROOT = DETECTION.parents[1]
# Every pair file of the repository, whatever it is called, and pairs kept in a family's own test:
# the families' cues and kinds are checked on all.
PAIRS = {(row["a"], row["b"]) for path in sorted((ROOT / "tests").rglob("*.jsonl"))
         for row in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if "a" in row and "b" in row}
PAIRS |= {(a, b) for a, b, _label in OWN_PAIRS}
ANALYSES = [(analyse(a), analyse(b)) for a, b in sorted(PAIRS)]
KINDS = {"antonym", "frequency", "implicit", "negation", "order", "scoped", "temporal", "value"}


def _declaring_modules() -> set[str]:
    """Modules of detection/ that assign FAMILY at their top level, read from the source."""
    found = set()
    for path in DETECTION.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "FAMILY" for t in node.targets)
               for node in tree.body):
            found.add(path.stem)
    return found


def test_every_module_that_declares_a_family_is_registered():
    registered = {module.__name__.rpartition(".")[2] for module in registry._MODULES}
    assert registered == _declaring_modules()
    assert len(registry.FAMILIES) == len(registered) == 25


def test_every_family_declares_a_name_kinds_a_priority_a_cue_and_a_compare():
    for family in registry.FAMILIES:
        assert isinstance(family, Family)
        assert family.name and family.kinds and set(family.kinds) <= KINDS, family.name
        assert isinstance(family.priority, int) and callable(family.cue) and callable(family.compare), family.name
    assert len({f.name for f in registry.FAMILIES}) == len({f.priority for f in registry.FAMILIES}) == 25


def test_the_registry_is_in_the_order_of_the_declared_priorities():
    priorities = [family.priority for family in registry.FAMILIES]
    assert priorities == sorted(priorities)
    assert [f.name for f in registry.FAMILIES][:2] == ["order", "value"]  # the most specific first


def _spied(calls: list, cue=None) -> tuple[Family, ...]:
    def spy(family):
        def compare(a, b):
            calls.append(family.name)
            return None
        # no keys: the spy's cue lets every family through, and so must the pair test
        return family._replace(compare=compare, cue=cue or family.cue, keys=None, sought=None)
    return tuple(spy(family) for family in registry.FAMILIES)


def test_the_runner_tries_the_families_in_the_registry_order_each_both_ways(monkeypatch):
    """Both ways round, but for a family whose verdict depends on which entry was written first."""
    calls: list[str] = []
    monkeypatch.setattr(rules, "FAMILIES", _spied(calls, cue=lambda analysis: True))
    verdict = rules.RuleDetector().compare("User drinks tea every morning.", "User never drinks coffee.")
    assert calls == [family.name for family in registry.FAMILIES for _ in ((0,) if family.ordered else (0, 1))]
    assert [family.name for family in registry.FAMILIES if family.ordered] == ["a plan after it was done"]
    assert verdict.label is not Label.CONTRADICTION


def test_apart_in_time_only_a_timed_family_flags(monkeypatch):
    """Entries that name times apart meet only the timed families: what another family finds is
    dropped, and the first timed family's finding wins; at one time the first family's does."""
    def finding(family):
        def compare(a, b):
            return contradiction(family.kinds[0], 0.7, a.text, b.text)
        return family._replace(compare=compare, cue=lambda analysis: True, keys=None, sought=None)

    monkeypatch.setattr(rules, "FAMILIES", tuple(finding(family) for family in registry.FAMILIES))
    timed = [family.name for family in registry.FAMILIES if family.timed]
    assert timed == ["value", "preferred time", "only on some days"]
    apart = rules.RuleDetector().compare("User prefers tea in the morning.", "User prefers coffee in the evening.")
    assert apart.reason_data["rule"] == timed[0] != registry.FAMILIES[0].name
    together = rules.RuleDetector().compare("User prefers tea in the morning.", "User prefers coffee in the morning.")
    assert together.reason_data["rule"] == registry.FAMILIES[0].name


def test_times_and_settings_apart_are_read_only_once_a_family_finds_something(monkeypatch):
    """Most pairs a family runs on hold nothing: whether the entries are apart in time or setting
    (the settings' patterns, for a new entry) is not read for them."""
    calls: list[str] = []
    read: list[tuple[str, str]] = []
    monkeypatch.setattr(rules, "FAMILIES", _spied(calls, cue=lambda analysis: True))
    for name in ("times_apart", "settings_apart"):
        monkeypatch.setattr(rules, name, lambda a, b: read.append((a, b)) or False)
    rules.RuleDetector().compare("User prefers tea in the morning.", "User prefers coffee in the evening.")
    assert len(calls) > len(registry.FAMILIES) and read == []


def test_a_family_whose_cue_is_absent_is_never_run(monkeypatch):
    calls: list[str] = []
    monkeypatch.setattr(rules, "FAMILIES", _spied(calls, cue=lambda analysis: False))
    rules.RuleDetector().compare("User has never left the UK.", "User backpacked through Vietnam.")
    assert calls == []


def test_a_family_runs_only_on_the_side_that_holds_its_cue(monkeypatch):
    calls: list[tuple[str, str]] = []
    never_left = next(f for f in registry.FAMILIES if f.name == "never left")

    def compare(a, b):
        calls.append((a.text, b.text))
        return None

    monkeypatch.setattr(rules, "FAMILIES", (never_left._replace(compare=compare),))
    rules.RuleDetector().compare("User backpacked through Vietnam.", "User has never left the UK.")
    assert calls == [("User has never left the UK.", "User backpacked through Vietnam.")]


@pytest.mark.parametrize("family", registry.FAMILIES, ids=lambda family: family.name)
def test_a_cue_is_never_absent_where_its_family_finds_a_contradiction(family):
    """The cue is a cheap necessary condition: on every pair of the pair files, both ways, a side
    without it is one the family finds nothing on."""
    found = 0
    for first, second in ANALYSES:
        for a, b in ((first, second), (second, first)):
            verdict = family.compare(a, b)
            if verdict is not None:
                found += 1
                assert family.cue(a), (family.name, a.text, b.text)
                assert verdict.kind in family.kinds, (family.name, verdict.kind)
    assert found, f"{family.name} finds nothing on any pair: a family comes with its pairs"


@pytest.mark.parametrize("family", [f for f in registry.FAMILIES if f.keys is not None], ids=lambda family: family.name)
def test_keys_always_meet_where_their_family_finds_a_contradiction(family):
    """Keys are a necessary condition too: on every pair of the pair files, both ways, two sides
    neither of which holds a key the other seeks are a pair the family finds nothing on."""
    found = 0
    for first, second in ANALYSES:
        for a, b in ((first, second), (second, first)):
            if family.compare(a, b) is not None:
                found += 1
                assert keys_meet(family.read_keys(a), family.read_keys(b)), (family.name, a.text, b.text)
    assert found, f"{family.name} finds nothing on any pair: its keys are tested on none"


KEYS_KEEP_OFF = {
    # Quiet and noisy said of two holders (or of one and denied of it), quiet and silent (one side of
    # the axis): neither side holds what the antonym family seeks in the other; said of one holder,
    # it is asked and finds the contradiction.
    "antonym in one frame": ("User prefers a quiet working environment.",
                             ("User's sister prefers a noisy working environment.", "User never wants a noisy working environment.",
                              "User prefers a silent working environment."),
                             "User prefers a noisy working environment."),
    # A denial of coffee against another holder's coffee, against tennis, against coffee said to be
    # rare: none holds what the denial speaks of as the user's affirmed claim; against coffee drunk
    # every morning it is asked, and finds the contradiction.
    "denial": ("User doesn't drink coffee.",
               ("User's sister drinks coffee every morning.", "User plays tennis every weekend.", "User rarely drinks coffee."),
               "User drinks coffee every morning."),
}


@pytest.mark.parametrize("name", KEYS_KEEP_OFF)
def test_a_family_whose_keys_do_not_meet_is_never_run(monkeypatch, name):
    claim, look_alikes, contradicting = KEYS_KEEP_OFF[name]
    calls: list[tuple[str, str]] = []
    family = next(f for f in registry.FAMILIES if f.name == name)

    def compare(a, b):
        calls.append((a.text, b.text))
        return family.compare(a, b)

    monkeypatch.setattr(rules, "FAMILIES", (family._replace(compare=compare),))
    detector = rules.RuleDetector()
    for other in look_alikes:
        assert detector.compare(claim, other).label is not Label.CONTRADICTION
    assert calls == []
    assert detector.compare(claim, contradicting).label is Label.CONTRADICTION
    assert calls


def _literal_sets_as_branches(items):
    """A class of single characters ("[没未]", how the parser reads "没|未") as one branch per character."""
    out = []
    for op, arg in items:
        if op is sre_constants.IN and arg and all(kind is sre_constants.LITERAL for kind, _ in arg):
            out.append((sre_constants.BRANCH, (None, [[(sre_constants.LITERAL, char)] for _, char in arg])))
        elif op is sre_constants.SUBPATTERN:
            out.append((op, (*arg[:-1], _literal_sets_as_branches(list(arg[-1])))))
        elif op is sre_constants.BRANCH:
            out.append((op, (arg[0], [_literal_sets_as_branches(list(alt)) for alt in arg[1]])))
        elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT):
            out.append((op, (arg[0], arg[1], _literal_sets_as_branches(list(arg[2])))))
        else:
            out.append((op, arg))
    return out


CUED = [(family.name, pattern.pattern, family.cue.words) for family in registry.FAMILIES
        if isinstance(family.cue, Said) for pattern in family.patterns]


def test_families_cued_by_words_name_the_patterns_their_words_guard():
    assert {name for name, _, _ in CUED} == {f.name for f in registry.FAMILIES if isinstance(f.cue, Said)}


@pytest.mark.parametrize("name,pattern,words", CUED)
def test_every_way_of_matching_a_cued_pattern_says_a_cue_word(name, pattern, words):
    for alternative in _alternatives(pattern):
        assert _covered(_literal_sets_as_branches(alternative), words), f"{name}: {pattern!r} has a way without a cue"


def test_cue_words_are_a_substring_test_on_the_entry_or_its_claims():
    analysis = analyse("User only works on weekends.")
    assert Said(("only",), in_claims=True)(analysis) and Said(("User",))(analysis)
    assert not Said(("User",), in_claims=True)(analysis)  # claims are read without their subject
    assert not Said(("never",))(analysis)


@pytest.mark.parametrize("text,term,family", [
    ("User drives to work every day.", "#driving licence", "denial"),  # what a doing needs
    ("User has never left the UK.", "$whereabouts", "never left"),
    ("User prefers tea over coffee.", "#coffee", "order"),
    ("User lives in Paris.", "$residence", "value"),
])
def test_the_index_terms_are_the_families_terms_together(text, term, family):
    analysis = analyse(text)
    by_family = {f.name: set(f.index_terms(analysis)) for f in registry.FAMILIES}
    assert registry.index_terms(analysis) == set().union(*by_family.values())
    assert term in by_family[family]


def test_the_registry_prints_as_a_table():
    lines = registry.table().splitlines()
    assert len(lines) == 1 + len(registry.FAMILIES)
    assert lines[1].split()[:2] == ["10", "order"]
