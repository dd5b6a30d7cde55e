"""How the detection tests ask for a verdict: always both ways round, which must agree."""

from dialectical_memory.detection import Label, RuleDetector, evaluate, load_pairs

detector = RuleDetector()


def label(a: str, b: str) -> Label:
    forward, backward = detector.compare(a, b).label, detector.compare(b, a).label
    assert forward is backward, (a, b)
    return forward


def flags(a: str, b: str) -> bool:
    return label(a, b) is Label.CONTRADICTION


def assert_floor(path, *, precision: float, recall: float, false_alarms: int = 0) -> dict:
    """A pair file keeps its floor: precision and recall at least these, and at most
    `false_alarms` false alarms on each kind of pair that holds no contradiction. Returns the
    evaluation report for any further check."""
    report = evaluate(detector, load_pairs(path))
    assert report["overall"]["precision"] >= precision, (path, report["overall"])
    assert report["overall"]["recall"] >= recall, (path, report["overall"])
    assert all(alarm["fp"] <= false_alarms for alarm in report["false_alarms"].values()), report["false_alarms"]
    return report
