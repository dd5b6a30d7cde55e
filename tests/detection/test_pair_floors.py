"""Every set of labelled pairs keeps its floor: the bounds of `pairs/floors.toml`, each on the rows
its `where` picks, scored by the rule detector as `dmem eval-detector` scores them. And every pair
file holds the one schema."""

import json
import tomllib

import pytest

from dialectical_memory.detection import Label, evaluate
from judging import PAIRS, detector, label, pair_set

FLOORS = tomllib.loads((PAIRS / "floors.toml").read_text(encoding="utf-8"))["floor"]
SCORES = ("precision", "recall", "f1", "tp")
BOUNDS = {"precision", "recall", "f1", "accuracy", "reached", "by_lang", "by_kind",
          "false_alarms", "false_alarms_on", "false_alarms_total"}
KEYS = {"file", "where", "pairs", "counting", "note"} | BOUNDS
REQUIRED = ("a", "b", "label", "kind", "lang", "split")
OPTIONAL = ("source", "category", "id")


def _name(floor: dict) -> str:
    picked = ",".join("+".join(v) if isinstance(v, list) else str(v) for v in floor.get("where", {}).values())
    return f"{floor['file'].rsplit('/', 1)[-1]}[{picked}]"


def shortfalls(floor: dict, report: dict) -> list[str]:
    """What in `report` falls short of the floor's bounds, as readable lines (none: it holds)."""
    found = []

    def at_least(what: str, value: float, bound: float) -> None:
        if value < bound:
            found.append(f"{what} {value:.3f} < {bound}")

    def at_most(what: str, value: int, bound: int) -> None:
        if value > bound:
            found.append(f"{what} {value} > {bound}")

    for score in ("precision", "recall", "f1"):
        if score in floor:
            at_least(score, report["overall"][score], floor[score])
    if "accuracy" in floor:
        at_least("accuracy", report["accuracy"], floor["accuracy"])
    if "reached" in floor:
        at_least("contradictions reached", report["reach"]["reached"], floor["reached"])
    for section, group in (("by_lang", "by_lang"), ("by_kind", "by_type")):
        for name, bounds in floor.get(section, {}).items():
            scores = report[group].get(name)
            for score, bound in bounds.items():
                if scores is None:
                    found.append(f"no pairs of {name}")
                else:
                    at_least(f"{name} {score}", scores[score], bound)
    alarms, own = report["false_alarms"], floor.get("false_alarms_on", {})
    for kind, bound in own.items():
        if kind not in alarms:
            found.append(f"{kind} holds a contradiction or no pair")
        else:
            at_most(f"false alarms on {kind}", alarms[kind]["fp"], bound)
    if "false_alarms" in floor:
        for kind, alarm in alarms.items():
            if kind not in own:
                at_most(f"false alarms on {kind}", alarm["fp"], floor["false_alarms"])
    if "false_alarms_total" in floor:
        at_most("false alarms", sum(alarm["fp"] for alarm in alarms.values()), floor["false_alarms_total"])
    return found


@pytest.mark.parametrize("floor", FLOORS, ids=_name)
def test_a_pair_set_keeps_its_floor(floor):
    rows = pair_set(floor["file"], **floor.get("where", {}))
    assert len(rows) == floor["pairs"], f"{_name(floor)} picks {len(rows)} pairs, not {floor['pairs']}"
    if floor.get("counting") == "both_ways":
        for row in rows:
            label(row["a"], row["b"])  # asks both ways round: the two verdicts must agree
    report = evaluate(detector, rows)
    missed = [f"{f['expected']} judged {f['predicted']}: {f['a']} / {f['b']}" for f in report["failures"]
              if Label.CONTRADICTION.value in (f["expected"], f["predicted"])]
    assert not shortfalls(floor, report), (shortfalls(floor, report), missed)


@pytest.mark.parametrize("floor", FLOORS, ids=_name)
def test_a_floor_names_only_bounds_it_knows(floor):
    assert set(floor) <= KEYS and BOUNDS & set(floor), set(floor) - KEYS
    assert floor.get("counting", "forward") in ("forward", "both_ways")
    for section in ("by_lang", "by_kind"):
        assert all(set(bounds) <= set(SCORES) for bounds in floor.get(section, {}).values())


def test_the_floors_can_fail():
    """A report one short of a bound is caught, on each kind of bound."""
    report = {"overall": {"precision": 0.9, "recall": 0.5, "f1": 0.64}, "accuracy": 0.7,
              "reach": {"reached": 3}, "by_lang": {"en": {"f1": 0.6}}, "by_type": {"value": {"recall": 0.5, "tp": 2}},
              "false_alarms": {"paraphrase": {"fp": 2}, "elaboration": {"fp": 1}}}
    floor = {"precision": 1.0, "recall": 0.6, "f1": 0.7, "accuracy": 0.8, "reached": 4,
             "by_lang": {"en": {"f1": 0.7}, "zh": {"f1": 0.1}}, "by_kind": {"value": {"tp": 3}},
             "false_alarms": 0, "false_alarms_on": {"paraphrase": 1, "antonym": 0}, "false_alarms_total": 2}
    assert len(shortfalls(floor, report)) == 12
    assert not shortfalls({"recall": 0.5, "false_alarms": 2, "false_alarms_total": 3}, report)


@pytest.mark.parametrize("path", sorted(PAIRS.glob("*.jsonl")), ids=lambda path: path.name)
def test_every_pair_file_holds_the_one_schema(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        row = json.loads(line)
        assert tuple(row)[:len(REQUIRED)] == REQUIRED and set(row) <= {*REQUIRED, *OPTIONAL}, (number, list(row))
        assert row["label"] in {label.value for label in Label}, number
        assert row["lang"] in ("en", "zh", "mixed") and row["split"] in ("dev", "heldout"), number
        assert row["kind"] and row["source"], number
