"""How the detection tests ask for a verdict: always both ways round, which must agree."""

from dialectical_memory.detection import Label, RuleDetector

detector = RuleDetector()


def label(a: str, b: str) -> Label:
    forward, backward = detector.compare(a, b).label, detector.compare(b, a).label
    assert forward is backward, (a, b)
    return forward


def flags(a: str, b: str) -> bool:
    return label(a, b) is Label.CONTRADICTION
