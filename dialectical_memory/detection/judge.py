"""A second opinion for the reflection layer: a model judges pairs the rules leave open.

`Judge` is anything with a ``name`` and ``judge(a, b) -> Verdict | None`` (None: no opinion); a
judge that can take several pairs in one request also has ``judge_many(pairs)``.

* `CallableJudge` wraps a function ``fn(a, b)`` (the library's way to plug in any judge);
* `ChatJudge` wraps a function that sends chat messages and returns the reply's text: the Hermes
  provider hands in Hermes' own ``call_llm`` that way;
* `EndpointJudge` is a ChatJudge over an OpenAI-compatible ``/chat/completions`` endpoint (Ollama,
  llama.cpp's server, vLLM, a hosted API), several pairs per request.

`JudgeRun` is what maintenance uses: within a budget per run and per day it asks about pairs the
rules did not flag, never about a pair a person dismissed, never twice about the same pair (the
answers live in a `verdicts.VerdictFile` beside the sidecar). A judge that fails or is slow costs a
run its answers, never an action: it is asked outside every lock, with a timeout, and its failures
are counted and shown on the overview. The judge is never asked on the add path.
"""

from __future__ import annotations

import json
import os
import re
import time
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .base import Label, Verdict

JUDGE_BUDGET = 64  # questions (pairs) per maintenance run
JUDGE_DAILY_BUDGET = 1000  # questions per day and target
JUDGE_BATCH = 8  # pairs per request to a chat model
JUDGE_MAX_BATCH = 64  # the most a config may ask for
JUDGE_TIMEOUT = 30.0  # seconds per request
JUDGE_RUN_SECONDS = 120.0  # a run stops asking after this long (a slow model)
JUDGE_RUN_ERRORS = 2  # and after this many failed requests (a model that is down)
_SYSTEM = (
    "You check a person's long-term memory for contradictions. Entries may be in English or Chinese "
    "(条目可能是英文或中文，也可能一条英文一条中文). Two entries contradict only when both cannot be true "
    "of the same person (or the same thing) at the same time; a change over time stated as such, a "
    "different person, place or condition is not a contradiction. Two entries are the same fact "
    "(label \"same\") when B says what A says about the same holder in other words or the other "
    "language, shorter or longer, with nothing of substance new (two events of one kind, a plan and "
    "its fulfilment, or one entry adding a detail are not the same fact). One entry elaborates the other "
    "(label \"elaborates\", with \"fuller\": \"A\" or \"B\", the entry that holds more) when it says "
    "everything the other says about the same holder and adds more about it, without conflict. The later "
    "entry carries the earlier forward (label \"progress\") when both tell of one plan, project or process "
    "and the later says it moved on or was done (plans a trip / went on it; applied / was accepted), nothing "
    "the earlier said shown false. "
    "An entry may come with other wordings its fact was said in before (\"A also\", \"B also\"): the same "
    "entry, judged by all its wordings. "
    "Answer with JSON only, no prose: "
    '{"answers": [{"pair": <number>, "label": "contradiction" | "same" | "elaborates" | "progress" | '
    '"compatible" | "unrelated", "fuller": "A" | "B" (with "elaborates" only), "confidence": <0..1>, '
    '"reason": "<one short line>"}]} with one answer per pair.'
)


class Said(str):
    """An entry's text as a judge is asked about it, with the other wordings its fact was kept in
    (``also``, oldest first; the caller has made each one line, capped and scanned: metadata is data,
    not prompt). Everywhere else it is the text, and a judge that reads no wordings sees a plain
    string; its answer is kept under the text and the wordings asked with it (:func:`answer_key`)."""

    also: tuple[str, ...]

    def __new__(cls, text: str, also: Sequence[str] = ()) -> Said:
        said = super().__new__(cls, text)
        said.also = tuple(also)
        return said


def answer_key(text: str) -> str:
    """What an answer about ``text`` is kept under: the text, with the wordings it was asked with
    (a wording kept since makes a new question; a person's dismissal is kept by the texts alone)."""
    return "\n".join(wordings_of(text))


def wordings_of(text: str) -> tuple[str, ...]:
    """The text and the other wordings a judge question carries beside it."""
    return (str(text), *getattr(text, "also", ()))


class Judge(typing.Protocol):
    name: str

    def judge(self, a: str, b: str) -> Verdict | None: ...


SAME = "same"  # the judge's answer for "the same fact said again": compatible, of kind "same"
# "One entry holds the other's fact and more": compatible, of kind "elaborates", with a direction
# (``fuller``: "a" or "b", the side of the pair as asked that holds more; see :func:`fuller_side`).
ELABORATES = "elaborates"
# "The later entry carries the earlier forward" (a plan and its fulfilment): compatible, of kind
# "progress"; no direction asked, the entry written later is the later account.
PROGRESS = "progress"
FOLDING = (SAME, ELABORATES, PROGRESS)  # the answers maintenance folds two entries into one for
ANSWERS = frozenset({*(label.value for label in Label), *FOLDING})
SIDES = ("a", "b")


def judge_verdict(label: str, confidence: float, reason: str = "", name: str = "judge", fuller: str = "") -> Verdict:
    """A verdict as a judge states it: source "judge", kind "judge", the judge's name in its data.
    The answers "same", "elaborates" and "progress" are compatible verdicts of their own kind (:func:`folds`);
    "elaborates" needs ``fuller`` ("a" or "b"), else it is no opinion: raises ValueError."""
    if label == ELABORATES and fuller not in SIDES:
        raise ValueError("an 'elaborates' answer names the fuller side, 'a' or 'b'")
    kind = "judge" if label == Label.CONTRADICTION.value else label if label in FOLDING else ""
    text = reason or f"{name}: {label}"
    data = {"kind": kind or "judge", "source": "judge", "judge": name, "a": "", "b": "", "text": reason}
    if label == ELABORATES:
        data["fuller"] = fuller
    return Verdict(Label.COMPATIBLE if label in FOLDING else Label(label), float(confidence), text, kind, "judge", data)


def says_same(verdict: Verdict | None) -> bool:
    """Whether a judge answered that the two entries state the same fact."""
    return verdict is not None and verdict.source == "judge" and verdict.kind == SAME


def fuller_side(verdict: Verdict | None) -> int | None:
    """0 or 1, the side of the pair (as asked) a judge answered holds the other's fact and more;
    None for any other answer."""
    if verdict is None or verdict.source != "judge" or verdict.kind != ELABORATES:
        return None
    side = verdict.reason_data.get("fuller")
    return SIDES.index(side) if side in SIDES else None


def carries_forward(verdict: Verdict | None) -> bool:
    """Whether a judge answered that the later entry carries the earlier's plan or process forward."""
    return verdict is not None and verdict.source == "judge" and verdict.kind == PROGRESS


def folds(verdict: Verdict | None) -> bool:
    """Whether the answer makes two entries one: the same fact, one holding the other and more, or
    a later account of the same plan."""
    return says_same(verdict) or carries_forward(verdict) or fuller_side(verdict) is not None


def answer_label(verdict: Verdict) -> str:
    """The label a verdict is stored under in the verdict file ("same", "elaborates" and "progress"
    kept apart from compatible)."""
    return verdict.kind if folds(verdict) else verdict.label.value


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


def messages_for(pairs: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
    """The bilingual prompt for a batch of pairs: the entries, and the other wordings a side carries
    (:class:`Said`), as JSON strings (data, not orders)."""
    lines = [f"Pair {number}:\n" + "\n".join(_side(name, text) for name, text in (("A", a), ("B", b)))
             for number, (a, b) in enumerate(pairs, start=1)]
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": "\n\n".join(lines)}]


def _side(name: str, text: str) -> str:
    line = f"{name}: {json.dumps(str(text), ensure_ascii=False)}"
    also = getattr(text, "also", ())
    return f"{line}\n{name} also: {json.dumps(list(also), ensure_ascii=False)}" if also else line


class ChatJudge:
    """A judge over ``send(messages) -> str`` (a chat model's reply text), ``batch`` pairs a request."""

    def __init__(self, send: Callable[[list[dict[str, str]]], str], name: str, batch: int = JUDGE_BATCH) -> None:
        self._send = send
        self.name = name
        self.batch = max(1, int(batch))

    def judge(self, a: str, b: str) -> Verdict | None:
        return self.judge_many([(a, b)])[0]

    def judge_many(self, pairs: Sequence[tuple[str, str]], *, deadline: float | None = None) -> list[Verdict | None]:
        """One request per ``batch`` pairs; an answer missing or malformed is no opinion.
        ``deadline`` (``time.monotonic()``) bounds the requests where the sender can be bounded."""
        answers: list[Verdict | None] = []
        for start in range(0, len(pairs), self.batch):
            chunk = pairs[start : start + self.batch]
            answers.extend(parse_answers(self.chat(messages_for(chunk), deadline), len(chunk), self.name))
        return answers

    def chat(self, messages: list[dict[str, str]], deadline: float | None = None) -> str:
        """The reply text to ``messages`` (a sender of our own honours ``deadline``)."""
        return self._send(messages)


_MERGE_SYSTEM = (
    "You help a person keep a small long-term memory. Several entries say things about the same person or "
    "thing and topic; write ONE entry that keeps everything they say that still matters, shorter than "
    "their sum, in the language of the entries (英文条目用英文，中文条目用中文). Answer with JSON only: "
    '{"text": "<the merged entry>"}'
)


def merge_messages(texts: Sequence[str]) -> list[dict[str, str]]:
    """The prompt for drafting one merged entry of ``texts`` (each a JSON string: data, not orders)."""
    lines = [f"Entry {n}: {json.dumps(t, ensure_ascii=False)}" for n, t in enumerate(texts, start=1)]
    return [{"role": "system", "content": _MERGE_SYSTEM}, {"role": "user", "content": "\n".join(lines)}]


def draft_merge(judge, texts: Sequence[str], deadline: float | None = None) -> str | None:
    """A judge model's draft of one entry merging ``texts``, for a person to edit; None when the
    judge cannot draft (only a chat model can, or a judge with its own ``draft(texts)``) or answered
    nothing usable. Errors of the model are no draft, never a failure of the page asking. The
    caller has checked that every text may be sent out (``store.review.draft_merge``)."""
    try:
        if callable(getattr(judge, "draft", None)):
            answer = judge.draft(list(texts))
        elif isinstance(judge, ChatJudge):
            answer = judge.chat(merge_messages(texts), deadline)
        else:
            return None
    except Exception:  # noqa: BLE001 - a model that fails gives no draft
        return None
    data = _json_of(answer)
    if isinstance(data, dict):
        data = data.get("text")
    return data.strip() if isinstance(data, str) and data.strip() else None


class EndpointJudge(ChatJudge):
    """Asks an OpenAI-compatible ``/chat/completions`` endpoint (temperature 0, JSON asked for),
    every request through the bounded client (:mod:`.model_client`)."""

    def __init__(self, url: str, model: str, key: str = "", timeout: float = JUDGE_TIMEOUT, batch: int = JUDGE_BATCH) -> None:
        from .model_client import clean_key, clean_timeout, clean_url

        self.url = clean_url(url).rstrip("/")
        self.model = model
        self._key = clean_key(key)
        self.timeout = clean_timeout(timeout, JUDGE_TIMEOUT)
        super().__init__(self._post, f"endpoint:{model}", batch)

    def __repr__(self) -> str:  # the key stays out of every log line
        return f"EndpointJudge(url={self.url!r}, model={self.model!r})"

    def chat(self, messages: list[dict[str, str]], deadline: float | None = None) -> str:
        from .model_client import Endpoint, ModelEndpointError, post_json

        body = {"model": self.model, "temperature": 0, "messages": messages,
                "response_format": {"type": "json_object"}}
        url = self.url if self.url.endswith("/chat/completions") else f"{self.url}/chat/completions"
        reply = post_json(Endpoint(url, self._key, self.timeout), body, deadline=deadline)
        try:
            content = reply["choices"][0]["message"]["content"]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            raise ModelEndpointError("the model endpoint's answer is not a chat completion") from None
        if not isinstance(content, str):
            raise ModelEndpointError("the model endpoint's answer is not a chat completion")
        return content

    def _post(self, messages: list[dict[str, str]]) -> str:
        return self.chat(messages)


def _json_of(answer: object) -> object:
    if not isinstance(answer, str):
        return answer
    text = answer.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fenced:
        text = fenced.group(1).strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None


def parse_json(answer: object) -> object:
    """A model's reply text as JSON (a fenced block read inside its fence); None when it is not."""
    return _json_of(answer)


def _parse(answer: object, name: str) -> Verdict | None:
    """One pair's JSON (a dict or its text, possibly fenced) → Verdict; None when unusable."""
    answer = _json_of(answer)
    if not isinstance(answer, Mapping) or answer.get("label") not in ANSWERS:
        return None
    try:
        confidence = min(1.0, max(0.0, float(answer.get("confidence", 0.5))))
    except (TypeError, ValueError):
        confidence = 0.5
    fuller = answer.get("fuller")
    fuller = fuller.strip().lower() if isinstance(fuller, str) and len(fuller) < 8 else ""
    if answer["label"] == ELABORATES and fuller not in SIDES:
        return None  # which entry holds more decides what is kept: without it, no opinion
    return judge_verdict(answer["label"], confidence, " ".join(str(answer.get("reason", "")).split())[:200], name,
                         fuller if answer["label"] == ELABORATES else "")


def parse_answers(reply: object, count: int, name: str) -> list[Verdict | None]:
    """A batch reply ``{"answers": [{"pair": n, …}]}`` (or one bare answer for one pair) → one
    verdict or None per pair, in order."""
    data = _json_of(reply)
    if count == 1 and isinstance(data, Mapping) and "label" in data:
        return [_parse(data, name)]
    rows = data.get("answers") if isinstance(data, Mapping) else data
    found: list[Verdict | None] = [None] * count
    for position, row in enumerate(rows if isinstance(rows, list) else []):
        if not isinstance(row, Mapping):
            continue
        number = row.get("pair", position + 1)
        if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= count:
            found[number - 1] = _parse(row, name)
    return found


# ---------------------------------------------------------------- configuration (read by entry points only)


def default_config_path(environ: Mapping[str, str]) -> Path:
    """``$DMEM_JUDGE_CONFIG``, else ``$XDG_CONFIG_HOME/dialectical-memory/judge.toml``."""
    if environ.get("DMEM_JUDGE_CONFIG"):
        return Path(environ["DMEM_JUDGE_CONFIG"])
    base = environ.get("XDG_CONFIG_HOME") or os.path.join(environ.get("HOME", "~"), ".config")
    return Path(base).expanduser() / "dialectical-memory" / "judge.toml"


def judge_from_env(environ: Mapping[str, str], config_path: Path | None = None, table: str = "judge") -> Judge | None:
    """An endpoint judge from ``DMEM_JUDGE_URL`` (``DMEM_JUDGE_MODEL``, ``DMEM_JUDGE_KEY``,
    ``DMEM_JUDGE_TIMEOUT``), else from the ``[judge]`` table of the config file (``url``, ``model``,
    ``key`` or ``key_env``, ``timeout``, ``batch``, ``enabled``); None when neither names one.
    ``table`` names another table of the same settings (``draft``: the model that drafts).
    A setting that cannot be used is a one-line ``ModelConfigError`` naming it (never the key)."""
    url = environ.get("DMEM_JUDGE_URL", "").strip()
    if url:
        from .model_client import clean_key, clean_timeout  # only for an endpoint: most homes name none

        return EndpointJudge(url, _model_name(environ.get("DMEM_JUDGE_MODEL")),
                             clean_key(environ.get("DMEM_JUDGE_KEY", ""), "key (DMEM_JUDGE_KEY)"),
                             clean_timeout(environ.get("DMEM_JUDGE_TIMEOUT"), JUDGE_TIMEOUT, "timeout (DMEM_JUDGE_TIMEOUT)"))
    path = config_path or default_config_path(environ)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    import tomllib  # only when there is a config file: most homes have none

    from .model_client import ModelConfigError

    try:
        settings = tomllib.loads(source).get(table, {})
    except tomllib.TOMLDecodeError as error:
        raise ModelConfigError(f"{path}: not valid TOML ({str(error).splitlines()[0][:80]})") from None
    try:
        return _configured_judge(settings, environ)
    except ModelConfigError as error:
        raise ModelConfigError(f"{path}: {error}") from None


def _configured_judge(table: object, environ: Mapping[str, str]) -> Judge | None:
    """The ``[judge]`` table, checked setting by setting."""
    from .model_client import ModelConfigError, clean_count, clean_key, clean_timeout

    if not isinstance(table, dict):
        raise ModelConfigError("[judge] must be a table")
    enabled = table.get("enabled", True)
    if not isinstance(enabled, bool):
        raise ModelConfigError("the judge's enabled must be true or false")
    url = table.get("url", "")
    if not enabled or (isinstance(url, str) and not url.strip()):
        return None
    key_env = table.get("key_env", "")
    if not isinstance(key_env, str):
        raise ModelConfigError("the judge's key_env must be the name of an environment variable")
    key = clean_key(table.get("key", ""), "key") or clean_key(environ.get(key_env, "") if key_env else "", f"key (${key_env})")
    return EndpointJudge(url, _model_name(table.get("model")), key,  # type: ignore[arg-type]
                         clean_timeout(table.get("timeout"), JUDGE_TIMEOUT),
                         clean_count(table.get("batch"), JUDGE_BATCH, "batch", JUDGE_MAX_BATCH))


def _model_name(value: object) -> str:
    from .model_client import ModelConfigError

    if value is None or value == "":
        return "gpt-4o-mini"
    if not isinstance(value, str) or len(value) > 200 or any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ModelConfigError("the judge's model must be a name of at most 200 printable characters")
    return value.strip()


# ---------------------------------------------------------------- one maintenance run's use of a judge


@dataclass
class JudgeRun:
    """One maintenance run's use of a judge: budgets, the verdict file, and counts.

    ``detector`` (optional) lets :meth:`ask` skip a pair the rules already flag; maintenance
    passes only open pairs and leaves it None."""

    judge: Judge
    detector: object = None
    budget: int = JUDGE_BUDGET
    daily_budget: int = JUDGE_DAILY_BUDGET
    verdicts: object = None  # verdicts.VerdictFile; None: answers live as long as this run
    clock: Callable[[], float] = time.time
    seconds: float = JUDGE_RUN_SECONDS
    cache: dict[str, Verdict | None] = field(default_factory=dict)
    asked: int = 0
    cached: int = 0
    errors: int = 0
    dismissed: int = 0
    last_error: str = ""
    _started: float | None = None
    _person: set = field(default_factory=set)

    @property
    def name(self) -> str:
        return str(getattr(self.judge, "name", "judge"))

    def ask(self, a: str, b: str) -> Verdict | None:
        """The judge's verdict on one pair (see :meth:`ask_many`)."""
        if self.detector is not None and self.detector.compare(a, b).label is Label.CONTRADICTION:
            return None  # the rules decided: the add path has it
        return self.ask_many([(a, b)])[0]

    def ask_many(self, pairs: Sequence[tuple[str, str]]) -> list[Verdict | None]:
        """Verdicts for ``pairs`` in order: a person's dismissal is final (no contradiction, the model
        never asked); a stored answer is reused; the rest are asked while the budgets and the run's
        time last, in batches; a failure gives no opinion on its batch."""
        from .verdicts import today

        if self._started is None:
            self._started = time.monotonic()
        answers: list[Verdict | None] = [None] * len(pairs)
        to_ask: list[int] = []
        for position, (a, b) in enumerate(pairs):
            known = self._known(a, b)
            if known is not False:
                answers[position] = known
            elif position not in to_ask:
                to_ask.append(position)
        day = today(self.clock())
        room = min(self.budget - self.asked, self.daily_budget - self._asked_today(day))
        to_ask = to_ask[: max(0, room)]
        batch = max(1, int(getattr(self.judge, "batch", 1)))
        for start in range(0, len(to_ask), batch):
            if time.monotonic() - self._started > self.seconds:
                self.last_error = self.last_error or f"stopped after {self.seconds:.0f} s (a slow model)"
                break
            if self.errors >= JUDGE_RUN_ERRORS:
                break
            chunk = to_ask[start : start + batch]
            self._ask_chunk(pairs, chunk, answers, day)
        return answers

    def room(self) -> int:
        """Questions this run may still ask (its own budget and the day's)."""
        from .verdicts import today

        if self.errors >= JUDGE_RUN_ERRORS:
            return 0
        return max(0, min(self.budget - self.asked, self.daily_budget - self._asked_today(today(self.clock()))))

    def remember_dismissed(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Pairs of texts a person dismissed: recorded as the person's verdicts, which no model's
        answer overrides (the sidecar's dismissed edges rebuild them in a lost verdict file)."""
        from .verdicts import PERSON

        for a, b in pairs:
            self._person.add(frozenset((a, b)))
            if self.verdicts is not None and not self.verdicts.person_said(a, b):
                self.verdicts.put(a, b, PERSON, "compatible", 1.0, "dismissed by a person", self.clock())

    def _known(self, a: str, b: str):
        """A verdict, None (decided: no contradiction / no opinion kept) or False (not known)."""
        from .verdicts import verdict_key

        if frozenset((a, b)) in self._person or (self.verdicts is not None and self.verdicts.person_said(a, b)):
            self.dismissed += 1
            return None
        a, b = answer_key(a), answer_key(b)
        key = verdict_key(a, b, self.name)
        if key in self.cache:
            self.cached += 1
            return self.cache[key]
        stored = self.verdicts.get(a, b, self.name) if self.verdicts is not None else None
        if stored is not None:
            fuller = stored_side(stored, a, b)
            if stored["label"] == ELABORATES and not fuller:
                return False  # its fuller side is neither text: asked again
            self.cached += 1
            verdict = judge_verdict(stored["label"], stored.get("confidence", 0.5), stored.get("reason", ""), self.name, fuller)
            self.cache[key] = verdict
            return verdict
        return False

    def _asked_today(self, day: str) -> int:
        return self.verdicts.asked_on(day) if self.verdicts is not None else self.asked

    def _ask_chunk(self, pairs, chunk: list[int], answers: list, day: str) -> None:
        from .verdicts import verdict_key

        texts = [pairs[position] for position in chunk]
        self.asked += len(chunk)
        if self.verdicts is not None:
            self.verdicts.count_asked(day, len(chunk))
        try:
            many = getattr(self.judge, "judge_many", None)
            if isinstance(self.judge, ChatJudge):
                verdicts = list(self.judge.judge_many(texts, deadline=self._started + self.seconds))
            else:
                verdicts = list(many(texts)) if many is not None else [self.judge.judge(a, b) for a, b in texts]
        except Exception as error:  # a judge that fails (network, timeout, bad reply) gives no opinion
            self.errors += 1
            self.last_error = failure_summary(error)
            return
        now = self.clock()
        for position, (a, b), verdict in zip(chunk, [(answer_key(a), answer_key(b)) for a, b in texts], verdicts):
            answers[position] = verdict
            self.cache[verdict_key(a, b, self.name)] = verdict
            if verdict is not None and self.verdicts is not None:
                side = fuller_side(verdict)
                self.verdicts.put(a, b, self.name, answer_label(verdict), verdict.score, verdict.reason, now,
                                  fuller=(a, b)[side] if side is not None else None)

    def report(self) -> dict[str, typing.Any]:
        return {"judge": self.name, "asked": self.asked, "cached": self.cached, "errors": self.errors,
                "dismissed": self.dismissed, "budget": self.budget, "daily_budget": self.daily_budget,
                "last_error": self.last_error}

    def finish(self) -> dict[str, typing.Any]:
        """Save the answers and this run's report in the verdict file (shown on the overview)."""
        report = self.report()
        if self.verdicts is not None:
            self.verdicts.record_run({**report, "at": round(self.clock(), 3)})
            self.verdicts.save()
        return report


def stored_side(stored: Mapping, a: str, b: str) -> str:
    """The side of the pair ``(a, b)``, "a" or "b", a stored answer names as the fuller one (the
    verdict file keeps the fuller text's hash, so its key may stay symmetric and the answer still
    cannot be read backwards); "" when it names neither."""
    from .verdicts import text_hash

    fuller = stored.get("fuller")
    return "a" if fuller == text_hash(a) else "b" if fuller == text_hash(b) else ""


def failure_summary(error: BaseException) -> str:
    """What a judge's failure is reported as (the overview, the verdict file, the agent): our own
    line for the endpoint's; another judge's message only when it passes the safety scan, since an
    error may carry an endpoint's body ("Ignore all previous instructions …")."""
    from ..core.safety import unsafe_reason
    from .model_client import ModelEndpointError, redact

    if isinstance(error, ModelEndpointError):
        return str(error)
    message = redact(str(error), "")
    if unsafe_reason(message):
        return f"{type(error).__name__} (its message is withheld: it failed the safety check)"
    return f"{type(error).__name__}: {message}"[:200]


class JudgedDetector:
    """The rules, then the judge on a pair they leave open, each pair as a home of its own (one
    question at most): how ``dmem eval-detector --judge`` scores a file of fresh pairs."""

    def __init__(self, detector, judge: Judge) -> None:
        self.detector = detector
        self.judge = judge
        self.name = f"{getattr(detector, 'name', 'rules')}+judge:{getattr(judge, 'name', 'judge')}"
        self.asked = 0

    def compare(self, a: str, b: str) -> Verdict:
        verdict = self.detector.compare(a, b)
        if verdict.label is Label.CONTRADICTION:
            return verdict
        run = JudgeRun(self.judge)
        answer = run.ask(a, b)
        self.asked += run.asked
        return answer if answer is not None else verdict
