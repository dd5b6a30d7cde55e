"""Local-only safety of the dashboard: who may talk to it and what the browser may do with it.

The dashboard writes to a person's memory files from a browser, so it guards against the attacks a
local web server faces: other sites posting forms at it (CSRF token, Origin check), other host names
resolving to 127.0.0.1 (DNS rebinding: Host check), framing, sniffing and inline script injection.
"""

from __future__ import annotations

import hmac
import io
import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, abort, request, session

SECRET_FILE_NAME = ".dashboard-secret"
CSRF_SESSION_KEY = "csrf_token"
CSRF_FORM_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
NO_STORE = "no-store"  # pages and downloads hold memory text: never kept in a browser's or proxy's cache
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


class SecretFileError(RuntimeError):
    """The session secret can be neither read nor created (a read-only home without one)."""


def load_or_create_secret(home: Path) -> str:
    """The home's own session secret: created once (0600, atomically), then read back.

    Creating it by hard-linking a finished temp file means two dashboards starting together both
    end up with the same, complete secret; neither ever reads a half-written file.
    """
    path = Path(home) / SECRET_FILE_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            _create_secret_file(path)
        secret = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or str(error)
        raise SecretFileError(
            f"cannot create or read the dashboard's session secret {path} ({why}); the memory home must be "
            f"writable the first time the dashboard starts, or hold {SECRET_FILE_NAME} (a long random line, mode 600)"
        ) from error
    if len(secret) < 32:
        raise SecretFileError(f"{path} holds no usable secret (fewer than 32 characters); delete it and start the dashboard again")
    return secret


def _create_secret_file(path: Path) -> None:
    temp = path.with_name(f"{path.name}.{secrets.token_hex(8)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_urlsafe(48))
            handle.flush()
            os.fsync(handle.fileno())
        os.link(temp, path)
    except FileExistsError:
        pass
    finally:
        temp.unlink(missing_ok=True)


def own_host_names(config_host: str | None, extra_hosts=()) -> set[str]:
    names = set(LOOPBACK_NAMES)
    for name in (config_host, *extra_hosts):
        if name and name not in ("0.0.0.0", "::"):
            names.add(f"[{name}]" if ":" in name and not name.startswith("[") else name)
    return {name.lower() for name in names}


def split_host(host: str) -> tuple[str, str | None]:
    """``"[::1]:5000"`` → ``("[::1]", "5000")``; ``"localhost"`` → ``("localhost", None)``."""
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return f"{name}]".lower(), rest[1:] if rest.startswith(":") else None
    name, _, port = host.partition(":")
    return name.lower(), port or None


def host_is_own(host: str, config_host: str | None, port: int | None, extra_hosts=()) -> bool:
    """Whether a Host header names this server; with ``port`` None any port is accepted."""
    name, sent_port = split_host(host)
    if name not in own_host_names(config_host, extra_hosts):
        return False
    if port is None:
        return True
    return sent_port == str(port) or (sent_port is None and port == 80)


def origin_is_own(origin: str) -> bool:
    return origin == f"{request.scheme}://{request.host}"


def csrf_token() -> str:
    """This session's token, created on first use; every form carries it."""
    token = session.get(CSRF_SESSION_KEY)
    if not token:
        token = session[CSRF_SESSION_KEY] = secrets.token_urlsafe(32)
    return token


def refuse_foreign_requests() -> None:
    """403 unless the request is addressed to this server and comes from its own pages."""
    config = _config()
    if not host_is_own(request.host, config.get("SERVER_HOST"), config.get("SERVER_PORT"), config.get("EXTRA_HOSTS", ())):
        abort(403, "This dashboard only answers to its own address (unexpected Host header).")
    origin = request.headers.get("Origin")
    if origin is not None and not origin_is_own(origin):
        abort(403, "Requests from other sites are refused (unexpected Origin header).")
    if request.method in UNSAFE_METHODS and request.headers.get("Sec-Fetch-Site") == "cross-site":
        abort(403, "Requests from other sites are refused.")


def check_csrf_token() -> None:
    """400 when an unsafe request carries no token, 403 when it carries the wrong one."""
    if request.method not in UNSAFE_METHODS:
        return
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FORM_FIELD)
    if not sent:
        abort(400, "The form is missing its security token; reload the page and try again.")
    expected = session.get(CSRF_SESSION_KEY)
    if not expected or not hmac.compare_digest(sent, expected):
        abort(403, "The form's security token is wrong or expired; reload the page and try again.")


def add_security_headers(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint != "static":
        response.headers["Cache-Control"] = NO_STORE
    return response


def with_security_headers(wsgi_app):
    """Security headers on every response, also those Flask builds when an error page itself
    fails (which skip ``after_request``)."""

    def app(environ, start_response):
        static = environ.get("PATH_INFO", "").startswith("/static/")

        def start(status, headers, exc_info=None):
            present = {name.lower() for name, _value in headers}
            headers = list(headers) + [(k, v) for k, v in SECURITY_HEADERS.items() if k.lower() not in present]
            if not static and "cache-control" not in present:
                headers.append(("Cache-Control", NO_STORE))
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        return wsgi_app(environ, start)

    return app


BODY_TOO_LARGE = "dmem.body_too_large"


def limit_streamed_bodies(wsgi_app, limit: int):
    """Hold a body without ``Content-Length`` (``Transfer-Encoding: chunked``) to ``limit`` bytes.

    Werkzeug trusts a server that terminates the stream itself; it then reads as much as the client
    sends. Here such a body is read up to ``limit + 1`` bytes: within the limit it becomes an
    ordinary body with a length, beyond it the request is answered 413 by :func:`refuse_oversized`
    (so the answer is a normal error page) and nothing is parsed.
    """

    def app(environ, start_response):
        if environ.get("CONTENT_LENGTH") in (None, "") and _may_have_body(environ):
            body = environ["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                environ[BODY_TOO_LARGE] = True
                body = b""
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("wsgi.input_terminated", None)
            environ.pop("HTTP_TRANSFER_ENCODING", None)  # the body is whole now; werkzeug reads by length
        return wsgi_app(environ, start_response)

    return app


def _may_have_body(environ) -> bool:
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or "wsgi.input_terminated" in environ


def refuse_oversized() -> None:
    if request.environ.get(BODY_TOO_LARGE):
        abort(413)


def is_local_path(value: str | None) -> bool:
    """Whether ``value`` is a path on this site, safe to redirect to or link.

    Browsers drop tabs and newlines inside URLs and read ``\\`` as ``/``, so ``/\t/evil.com`` and
    ``/\\evil.com`` both mean ``//evil.com``: refuse control characters and backslashes outright,
    then anything with a scheme or a host, or that does not start with exactly one slash.
    """
    if not value or not isinstance(value, str) or len(value) > 2000:
        return False
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in value) or "\\" in value:
        return False
    if not value.startswith("/") or value.startswith("//"):
        return False
    parts = urlsplit(value)
    return not parts.scheme and not parts.netloc


def _config():
    from flask import current_app

    return current_app.config


def init_security(app: Flask) -> None:
    app.before_request(refuse_oversized)
    app.before_request(refuse_foreign_requests)
    app.before_request(check_csrf_token)
    app.after_request(add_security_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token
