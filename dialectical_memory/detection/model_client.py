"""The one way out to a model: a bounded POST of JSON to a configured endpoint.

Everything that leaves the home for a model (the judge's questions, a merge draft) goes through
:func:`post_json`, and everything that comes back is untrusted:

* **time** — the whole exchange (connect, headers, body) runs against one wall-clock deadline, the
  request's timeout or the caller's (a run's) deadline, whichever comes first; an endpoint that
  answers 200 and then drips a byte a second is cut off there (a socket timeout alone bounds only
  the wait for each byte);
* **size** — an answer over :data:`MAX_ANSWER_BYTES` is refused, read in pieces, never whole;
* **redirects** — none is followed, so a ``302`` to another host never receives the key;
* **words** — an error is our own one-line summary (the status, the kind of failure): the body of
  an error answer, which may hold orders for the agent, is never read into it, and the key never
  appears in any text (:func:`clean_key` refuses one with a control character, and
  :func:`redact` removes it from what we say, as a second guard).
"""

from __future__ import annotations

import json
import math
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..core.errors import DialecticalMemoryError, InvalidInputError

MAX_ANSWER_BYTES = 1024 * 1024  # an answer larger than this is refused
MAX_TIMEOUT = 600.0  # seconds: the longest request timeout a config may ask for
READ_PIECE = 64 * 1024
ERROR_CHARS = 160


class ModelEndpointError(DialecticalMemoryError):
    """The model endpoint gave no usable answer; the message is ours, one line, without the key."""


class ModelConfigError(InvalidInputError):
    """The model endpoint's configuration is unusable (one line naming the setting, never the key)."""


@dataclass(frozen=True)
class Endpoint:
    """Where and how to ask: the URL, the key (never shown) and the seconds one request may take."""

    url: str
    key: str = ""
    timeout: float = 30.0

    def __repr__(self) -> str:  # the key stays out of every log and traceback line
        return f"Endpoint(url={self.url!r}, key={'set' if self.key else 'none'}, timeout={self.timeout})"


def clean_key(key: object, setting: str = "key") -> str:
    """The key without surrounding white space (a file's trailing newline or ``\\r``); refused with
    a message that does not repeat it when it holds anything an HTTP header cannot carry."""
    if key is None:
        return ""
    if not isinstance(key, str):
        raise ModelConfigError(f"the judge's {setting} must be text")
    key = key.strip()
    if any(not (33 <= ord(c) <= 126) for c in key):
        raise ModelConfigError(f"the judge's {setting} holds spaces or control characters (it is not shown); "
                               "a key is one word of printable characters")
    return key


def clean_url(url: object) -> str:
    """An ``http``/``https`` URL with a host, without credentials in it; else a one-line refusal."""
    if not isinstance(url, str) or not url.strip():
        raise ModelConfigError("the judge's url must be text like http://127.0.0.1:11434/v1")
    url = url.strip()
    if any(ord(c) < 33 or ord(c) == 127 for c in url):
        raise ModelConfigError("the judge's url holds spaces or control characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ModelConfigError("the judge's url must start with http:// or https:// and name a host")
    if parts.username or parts.password:
        raise ModelConfigError("the judge's url must not carry a user or password (use key or key_env)")
    return url


def clean_timeout(value: object, default: float, setting: str = "timeout") -> float:
    """Seconds: a finite number in (0, MAX_TIMEOUT]; a missing value is ``default``."""
    if value is None or value == "":
        return default
    number = _finite(value, setting)
    if not 0 < number <= MAX_TIMEOUT:
        raise ModelConfigError(f"the judge's {setting} must be more than 0 and at most {MAX_TIMEOUT:.0f} seconds")
    return number


def clean_count(value: object, default: int, setting: str, most: int) -> int:
    """A whole number in [1, most]; a missing value is ``default``."""
    if value is None or value == "":
        return default
    number = _finite(value, setting)
    if number != int(number) or not 1 <= number <= most:
        raise ModelConfigError(f"the judge's {setting} must be a whole number from 1 to {most}")
    return int(number)


def _finite(value: object, setting: str) -> float:
    if isinstance(value, bool):
        raise ModelConfigError(f"the judge's {setting} must be a number")
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ModelConfigError(f"the judge's {setting} must be a number") from None
    if not math.isfinite(number):
        raise ModelConfigError(f"the judge's {setting} must be a finite number")
    return number


def redact(text: str, key: str) -> str:
    """``text`` as one line of at most ERROR_CHARS characters, with the key (if any) cut out."""
    if key:
        text = text.replace(key, "[key]")
    line = " ".join(text.split())
    return line[:ERROR_CHARS]


def post_json(endpoint: Endpoint, body: object, *, deadline: float | None = None) -> object:
    """POST ``body`` as JSON and return the answer's JSON; :class:`ModelEndpointError` otherwise.

    ``deadline`` (a ``time.monotonic()`` value, e.g. the end of a maintenance run) shortens the
    request's own timeout; the call returns by then plus a moment whatever the endpoint does."""
    ends = time.monotonic() + endpoint.timeout
    run_bound = deadline is not None and deadline < ends
    if run_bound:
        ends = deadline
    if ends - time.monotonic() <= 0:
        raise ModelEndpointError("no time left in this run to ask the model")
    exchange = _Exchange(endpoint, json.dumps(body).encode("utf-8"), ends)
    worker = threading.Thread(target=exchange.run, name="dmem-model-request", daemon=True)
    worker.start()
    worker.join(max(0.0, ends - time.monotonic()))
    if worker.is_alive():
        exchange.abandon()
        raise ModelEndpointError("the model endpoint timed out: this run's time is up" if run_bound
                                 else f"the model endpoint timed out after {endpoint.timeout:g} s")
    if exchange.error is not None:
        raise ModelEndpointError(redact(exchange.error, endpoint.key))
    try:
        return json.loads(exchange.answer.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ModelEndpointError("the model endpoint's answer is not JSON") from None


class _Exchange:
    """One request on its own connection, run in a worker thread that :meth:`abandon` can cut off
    (the connection is closed under it, so its blocked read ends at once)."""

    def __init__(self, endpoint: Endpoint, payload: bytes, ends: float) -> None:
        self.endpoint = endpoint
        self.payload = payload
        self.ends = ends
        self.answer = b""
        self.error: str | None = None
        self._connection = None
        self._lock = threading.Lock()
        self._abandoned = False

    def run(self) -> None:
        try:
            self.answer = self._exchange()
        except ModelEndpointError as error:
            self.error = str(error)
        except OSError as error:  # refused, reset, DNS, TLS: the kind, never the text (it may echo input)
            self.error = f"could not reach the model endpoint ({type(error).__name__})"
        except Exception as error:  # noqa: BLE001 - a malformed answer: http.client's own errors
            self.error = f"the model endpoint's answer could not be read ({type(error).__name__})"
        finally:
            self._close()

    def abandon(self) -> None:
        with self._lock:
            self._abandoned = True
        self._close()

    def _exchange(self) -> bytes:
        import http.client  # on the first call: a store without a judge never loads http

        parts = urlsplit(self.endpoint.url)
        kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        connection = kind(parts.hostname, parts.port, timeout=max(0.05, self.ends - time.monotonic()))
        with self._lock:
            if self._abandoned:
                raise ModelEndpointError("abandoned")
            self._connection = connection
        path = parts.path or "/"
        if parts.query:
            path = f"{path}?{parts.query}"
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.endpoint.key:
            headers["Authorization"] = f"Bearer {self.endpoint.key}"
        connection.request("POST", path, self.payload, headers)
        response = connection.getresponse()
        if 300 <= response.status < 400:
            raise ModelEndpointError(f"the model endpoint answered HTTP {response.status} (a redirect; not followed)")
        if response.status != 200:
            raise ModelEndpointError(f"the model endpoint answered HTTP {response.status}")
        return self._body(response)

    def _body(self, response) -> bytes:
        """The answer, in pieces, refused as soon as it is larger than MAX_ANSWER_BYTES."""
        length = response.getheader("Content-Length")
        if length and length.strip().isdigit() and int(length) > MAX_ANSWER_BYTES:
            raise ModelEndpointError(f"the model endpoint's answer is larger than {MAX_ANSWER_BYTES // 1024} KiB; refused")
        pieces, size = [], 0
        while True:
            piece = response.read1(READ_PIECE)
            if not piece:
                return b"".join(pieces)
            size += len(piece)
            if size > MAX_ANSWER_BYTES:
                raise ModelEndpointError(f"the model endpoint's answer is larger than {MAX_ANSWER_BYTES // 1024} KiB; refused")
            pieces.append(piece)
            if time.monotonic() > self.ends:
                raise ModelEndpointError("the model endpoint timed out while answering")

    def _close(self) -> None:
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is None:
            return
        sock = getattr(connection, "sock", None)
        try:
            if sock is not None:
                import socket

                sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        connection.close()
