"""A second opinion for the reflection layer: a host model judges pairs the rules leave open.

`Judge` is anything with `judge(a, b) -> Verdict | None` (None: no opinion).
`CallableJudge` wraps a function (the Hermes provider can hand in its own
auxiliary model client that way); `EndpointJudge` asks an OpenAI-compatible
chat endpoint. `JudgeRun` is what maintenance uses: it asks only about pairs
the rules did not flag and whose wording is close, at most `budget` times per
run, and remembers answers across runs in `cache`. The judge is never asked on
the add path, and its precision is the host model's, not this package's.
"""

from __future__ import annotations

import hashlib
import json
import typing
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .base import Label, Verdict
from .index import index_terms

JUDGE_BUDGET = 20  # questions per maintenance run
MIN_SIMILARITY = 0.25  # shared share of index terms (words and concepts) before asking
_PROMPT = (
    "Two memory entries about a user follow. Answer with JSON only: "
    '{"label": "contradiction" | "compatible" | "unrelated", "confidence": 0..1, "reason": "<short>"}. '
    "They contradict only when both cannot be true of the same person at the same time.\n"
    "A: {a}\nB: {b}"
)


class Judge(typing.Protocol):
    name: str

    def judge(self, a: str, b: str) -> Verdict | None: ...


def judge_verdict(label: str, confidence: float, reason: str = "", name: str = "judge") -> Verdict:
    """A verdict as a judge states it: source "judge", kind "judge"."""
    kind = "judge" if label == Label.CONTRADICTION.value else ""
    text = reason or f"{name}: {label}"
    return Verdict(Label(label), float(confidence), text, kind, "judge",
                   {"kind": "judge", "source": "judge", "judge": name, "a": "", "b": "", "text": reason})


class CallableJudge:
    """A judge from a function returning a Verdict, None, or a dict like the endpoint's JSON."""

    def __init__(self, function: Callable[[str, str], object], name: str = "callable") -> None:
        self._function = function
        self.name = name

    def judge(self, a: str, b: str) -> Verdict | None:
        answer = self._function(a, b)
        if answer is None or isinstance(answer, Verdict):
            return answer
        return _parse(answer, self.name)


class EndpointJudge:
    """Asks an OpenAI-compatible `/chat/completions` endpoint (temperature 0)."""

    def __init__(self, url: str, model: str, key: str = "", timeout: float = 30.0) -> None:
        self.url = url.rstrip("/")
        self.model = model
        self._key = key
        self.timeout = timeout
        self.name = f"endpoint:{model}"

    def judge(self, a: str, b: str) -> Verdict | None:
        body = {"model": self.model, "temperature": 0,
                "messages": [{"role": "user", "content": _PROMPT.replace("{a}", a).replace("{b}", b)}]}
        headers = {"Content-Type": "application/json"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        url = self.url if self.url.endswith("/chat/completions") else f"{self.url}/chat/completions"
        request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
        with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310 (configured URL)
            reply = json.loads(response.read().decode("utf-8"))
        content = reply["choices"][0]["message"]["content"]
        return _parse(content, self.name)


def _parse(answer: object, name: str) -> Verdict | None:
    """The judge's JSON (a dict or its text, possibly fenced) → Verdict; None when unusable."""
    if isinstance(answer, str):
        text = answer.strip().removeprefix("```json").removeprefix("```").removesuffix("```")
        try:
            answer = json.loads(text)
        except json.JSONDecodeError:
            return None
    if not isinstance(answer, Mapping) or answer.get("label") not in {label.value for label in Label}:
        return None
    try:
        confidence = min(1.0, max(0.0, float(answer.get("confidence", 0.5))))
    except (TypeError, ValueError):
        confidence = 0.5
    return judge_verdict(answer["label"], confidence, str(answer.get("reason", ""))[:200], name)


def judge_from_env(environ: Mapping[str, str]) -> Judge | None:
    """An endpoint judge when DMEM_JUDGE_URL is set (DMEM_JUDGE_MODEL, DMEM_JUDGE_KEY)."""
    url = environ.get("DMEM_JUDGE_URL", "").strip()
    if not url:
        return None
    return EndpointJudge(url, environ.get("DMEM_JUDGE_MODEL", "gpt-4o-mini"), environ.get("DMEM_JUDGE_KEY", ""))


def similarity(a: str, b: str) -> float:
    """How much two entries share: of the smaller one's words, or of its concepts
    (index features: concepts, axes, slots), whichever is more."""
    x, y = index_terms(a), index_terms(b)
    return max(_share({t for t in x if t.isalnum() or not t[0] in "#@$"},
                      {t for t in y if t.isalnum() or not t[0] in "#@$"}),
               _share({t for t in x if t[0] in "#@$"}, {t for t in y if t[0] in "#@$"}))


def _share(x: set[str], y: set[str]) -> float:
    return len(x & y) / min(len(x), len(y)) if x and y else 0.0


def pair_key(a: str, b: str) -> str:
    """The same for (a, b) and (b, a)."""
    first, second = sorted((a, b))
    return hashlib.sha256(f"{first}\x00{second}".encode()).hexdigest()[:24]


@dataclass
class JudgeRun:
    """One maintenance run's use of a judge: a budget, a shared cache, and counts."""

    judge: Judge
    detector: object
    budget: int = JUDGE_BUDGET
    min_similarity: float = MIN_SIMILARITY
    cache: dict[str, Verdict | None] = field(default_factory=dict)
    asked: int = 0
    cached: int = 0
    errors: int = 0

    def ask(self, a: str, b: str) -> Verdict | None:
        """The judge's verdict on a pair the rules leave open and whose wording is
        close, from the cache when asked before; None otherwise or past the budget."""
        if self.detector.compare(a, b).label is Label.CONTRADICTION:
            return None  # the rules decided: the add path has it
        if similarity(a, b) < self.min_similarity:
            return None
        key = pair_key(a, b)
        if key in self.cache:
            self.cached += 1
            return self.cache[key]
        if self.asked >= self.budget:
            return None
        self.asked += 1
        try:
            verdict = self.judge.judge(a, b)
        except Exception:  # a judge that fails (network, bad reply) gives no opinion
            self.errors += 1
            return None
        self.cache[key] = verdict
        return verdict

    def report(self) -> dict[str, int]:
        return {"asked": self.asked, "cached": self.cached, "errors": self.errors, "budget": self.budget}
