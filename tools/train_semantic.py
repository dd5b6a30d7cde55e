"""Train the semantic detector's classifier and write dialectical_memory/detection/semantic_weights.json.

    python tools/train_semantic.py /work/shared/data/contradiction_broad.jsonl [--cache emb.npz]

Only rows of the train split are read, so the test split stays unseen. The classifier sees the
pairs the rules leave open (the only ones it is asked about). Its threshold is the lowest one at
which, over five-fold cross-validation on train, the rules and the classifier together keep a
precision of at least --precision (the classifier alone is far less precise: see the printout).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dialectical_memory.detection import Label, RuleDetector, load_pairs  # noqa: E402
from dialectical_memory.detection.semantic import (  # noqa: E402
    LEXICAL_FEATURES, WEIGHTS_PATH, EmbeddingCache, Embeddings, pair_features, reduce)

FOLDS = 5
L2 = 10.0
PROJECTED = 32  # principal directions of the embedding product the classifier sees
MIN_FLAGGED = 4  # a threshold must flag at least this many pairs for its precision to mean something


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="labelled pairs with a 'split' field")
    parser.add_argument("--cache", help="an embedding cache file to reuse between runs")
    parser.add_argument("--precision", type=float, default=0.90, help="wanted precision of rules and classifier together")
    parser.add_argument("--added-precision", type=float, default=0.5,
                        help="wanted precision of the pairs the classifier adds to the rules'")
    parser.add_argument("--out", default=str(WEIGHTS_PATH))
    args = parser.parse_args(argv)

    rows = [r for r in load_pairs(args.file) if r.get("split") == "train"]
    features, labels, rule_counts = open_pairs(rows, args.cache)
    print(f"train pairs: {len(rows)}; the rules flag {sum(rule_counts)} ({rule_counts[0]} right) "
          f"and leave {len(labels)} open, {int(labels.sum())} of them contradictions")
    out_of_fold = cross_validated(features, labels)
    threshold, chosen = pick_threshold(out_of_fold, labels, rule_counts, args.precision, args.added_precision)
    print(f"threshold {threshold:.3f}: " + ", ".join(f"{k} {v}" for k, v in chosen.items()))
    model = fit(features, labels)
    Path(args.out).write_text(json.dumps(weights(model, threshold, chosen, args.file, len(labels))) + "\n",
                              encoding="utf-8")
    print("lexical coefficients: " + ", ".join(f"{n} {c:+.2f}" for n, c in zip(LEXICAL_FEATURES, model[4])))
    print(f"wrote {args.out}")
    return 0


def weights(model, threshold: float, chosen: dict, file: str, open_count: int) -> dict:
    projection_mean, projection, mean, scale, coef, intercept = model
    rounded = lambda array: [float(f"{v:.6g}") for v in np.ravel(array)]  # noqa: E731
    return {"features": list(LEXICAL_FEATURES), "projection_mean": rounded(projection_mean),
            "projection": rounded(projection), "mean": rounded(mean), "scale": rounded(scale),
            "coef": rounded(coef), "intercept": float(f"{intercept:.6g}"), "threshold": threshold,
            "trained_on": f"{Path(file).name} split=train, {open_count} pairs the rules left open",
            "cross_validated": chosen}


def open_pairs(rows: list[dict], cache_path: str | None):
    """Features and labels of the rows the rules do not call contradictions, and the rules'
    (right, wrong) count on the others."""
    rules, embeddings = RuleDetector(), Embeddings()
    cache = EmbeddingCache(cache_path) if cache_path else None
    if cache:
        embeddings.load(cache)
    texts = [t for r in rows for t in (r["a"], r["b"])]
    vectors = embeddings.of(texts)
    if cache:
        embeddings.save(cache, texts)
    features, labels, right, wrong = [], [], 0, 0
    for row in rows:
        verdict = rules.compare(row["a"], row["b"])
        positive = row["label"] == Label.CONTRADICTION.value
        if verdict.label is Label.CONTRADICTION:
            right, wrong = right + positive, wrong + (not positive)
            continue
        features.append(pair_features(row["a"], row["b"], vectors[row["a"]], vectors[row["b"]], verdict))
        labels.append(float(positive))
    return np.array(features), np.array(labels), (right, wrong)


def fit(features: np.ndarray, y: np.ndarray):
    """The embedding product's principal directions, then an L2-regularised logistic regression
    fitted by Newton's method on the standardised, projected features."""
    product = features[:, len(LEXICAL_FEATURES):]
    projection_mean = product.mean(axis=0)
    projection = np.linalg.svd(product - projection_mean, full_matrices=False)[2][:PROJECTED]
    x = reduce(features, projection_mean, projection)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-9] = 1.0  # a constant feature
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    penalty = np.eye(z.shape[1]) * L2
    penalty[-1, -1] = 0.0  # the intercept is not shrunk
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-z @ w))
        gradient = z.T @ (p - y) + penalty @ w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return projection_mean, projection, mean, scale, w[:-1], float(w[-1])


def predict(model, features: np.ndarray) -> np.ndarray:
    projection_mean, projection, mean, scale, coef, intercept = model
    x = reduce(features, projection_mean, projection)
    return 1.0 / (1.0 + np.exp(-(((x - mean) / scale) @ coef + intercept)))


def cross_validated(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Out-of-fold probabilities, folds stratified by label with a fixed seed."""
    rng = np.random.default_rng(11)
    fold = np.empty(len(y), dtype=int)
    for value in (0.0, 1.0):
        members = rng.permutation(np.flatnonzero(y == value))
        fold[members] = np.arange(len(members)) % FOLDS
    probabilities = np.empty(len(y))
    for k in range(FOLDS):
        held = fold == k
        probabilities[held] = predict(fit(x[~held], y[~held]), x[held])
    return probabilities


def pick_threshold(probabilities: np.ndarray, y: np.ndarray, rule_counts: tuple[int, int], wanted: float,
                   wanted_added: float = 0.5):
    """The lowest threshold at which rules plus classifier reach the wanted precision and the pairs
    the classifier adds are right at least ``wanted_added`` of the time, and the same at every higher
    threshold that flags enough pairs; 1.0 (never flag) if none does. Without the second bound a
    strong rule set lets the classifier add mostly wrong pairs while the total stays precise."""
    rules_right, rules_wrong = rule_counts
    positives = rules_right + int(y.sum())
    chosen = (1.0, {"combined_precision": round(rules_right / max(rules_right + rules_wrong, 1), 3),
                    "combined_recall": round(rules_right / positives, 3), "added_right": 0, "added_wrong": 0})
    for threshold in sorted(set(np.round(probabilities, 3)), reverse=True):
        flagged = probabilities >= threshold
        right, wrong = int(y[flagged].sum()), int(flagged.sum() - y[flagged].sum())
        if flagged.sum() < MIN_FLAGGED:
            continue
        precision = (rules_right + right) / (rules_right + rules_wrong + right + wrong)
        if precision < wanted or right < wanted_added * (right + wrong):
            break
        chosen = (float(threshold), {"combined_precision": round(precision, 3),
                                     "combined_recall": round((rules_right + right) / positives, 3),
                                     "added_right": right, "added_wrong": wrong})
    return chosen


if __name__ == "__main__":
    sys.exit(main())
