"""``dmem serve``: run the dashboard on this machine only, unless told otherwise out loud."""

from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path

from werkzeug.serving import make_server

from .adapter import InvalidInputError
from .app import create_app

LOOPBACK_HOSTNAMES = {"localhost"}
WILDCARD_HOSTS = ("0.0.0.0", "::")


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_HOSTNAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def this_machine_names() -> tuple[str, ...]:
    """Names and addresses a remote browser may use for this machine (for a wildcard bind)."""
    names = {socket.gethostname(), socket.getfqdn()}
    try:
        names.update(socket.gethostbyname_ex(socket.gethostname())[2])
    except OSError:
        pass
    return tuple(sorted(name for name in names if name))


def build_server(
    home: str | Path | None,
    host: str = "127.0.0.1",
    port: int = 5000,
    *,
    allow_remote: bool = False,
    memory_char_limit: int = 0,
    user_char_limit: int = 0,
    config: dict | None = None,
):
    """A ready-to-run WSGI server for ``home``; refuses a non-loopback bind without ``allow_remote``."""
    if not is_loopback(host) and not allow_remote:
        raise InvalidInputError(
            f"refusing to listen on {host}: the dashboard can change your memory files and has no login. "
            "Pass --allow-remote to do it anyway."
        )
    limits = {"MEMORY_CHAR_LIMIT": memory_char_limit or 0, "USER_CHAR_LIMIT": user_char_limit or 0}
    extra_hosts = this_machine_names() if host in WILDCARD_HOSTS else ()
    app = create_app({"MEMORY_HOME": home, "SERVER_HOST": host, "EXTRA_HOSTS": extra_hosts, **limits, **(config or {})})
    server = make_server(host, port, app, threaded=True)
    app.config["SERVER_PORT"] = server.server_port
    app.config["SESSION_COOKIE_NAME"] = f"dmem_dashboard_{server.server_port}"
    return server


def serve(
    home: str | Path | None,
    host: str = "127.0.0.1",
    port: int = 5000,
    *,
    allow_remote: bool = False,
    memory_char_limit: int = 0,
    user_char_limit: int = 0,
    judge=None,
    drafter=None,
) -> None:
    """Serve the dashboard of ``home`` until interrupted (Ctrl-C); limits 0 mean unlimited; ``judge``
    is the model its maintenance consults (``detection.judge``; None: the rules only); ``drafter``
    the model its maintenance asks for drafts (``detection.drafts``; None: the judge)."""
    server = build_server(
        home, host, port, allow_remote=allow_remote, memory_char_limit=memory_char_limit, user_char_limit=user_char_limit,
        config={"JUDGE": judge, "DRAFTER": drafter},
    )
    if not is_loopback(host):
        names = ", ".join(server.app.config["EXTRA_HOSTS"]) or host
        print(
            f"WARNING: the dashboard listens on {host}; anyone who can reach this address can read and change "
            f"your memory. There is no login. It answers to: localhost, {names}.",
            file=sys.stderr,
        )
    served = server.app.extensions["dmem_store"]
    print(f"Dashboard of {served.home} at http://{_url_host(host)}:{server.server_port}/ (Ctrl-C to stop)", file=sys.stderr)
    print(limits_line(served.limits, served.hermes.config if served.hermes else None), file=sys.stderr)
    served.warm_up()  # the first page that adds or searches finds the detector and the indexes ready
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        served.close()  # its spare copies of large .md files (storage/spare.py)


def limits_line(limits: dict[str, int], hermes_config: Path | None) -> str:
    """The character limits the dashboard applies, and where they came from, in one line."""
    def one(target: str, file: str) -> str:
        return f"{file} {limits[target]:,} chars" if limits[target] else f"{file} no limit"

    source = f"from Hermes' {hermes_config}" if hermes_config else "from the flags, or none without them"
    return f"Character limits: {one('memory', 'MEMORY.md')}, {one('user', 'USER.md')} ({source})."


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
