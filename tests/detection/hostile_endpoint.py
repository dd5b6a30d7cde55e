"""A local model endpoint that misbehaves on purpose, for the bounded client's tests.

``HostileEndpoint(behaviour)`` serves every POST on 127.0.0.1 (a free port) in its own thread and
does what ``behaviour(handler)`` does with the request: drip, redirect, answer too much, fail with
words aimed at the agent. Each request's path and Authorization header are kept in ``requests``.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def completion(content: str) -> bytes:
    return json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}).encode()


class HostileEndpoint:
    def __init__(self, behaviour):
        self.requests: list[dict] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802 (http.server's name)
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                endpoint.requests.append({"path": self.path, "authorization": self.headers.get("Authorization")})
                try:
                    behaviour(self)
                except (BrokenPipeError, ConnectionResetError, OSError):
                    pass  # the client hung up: what a bounded client does

            def do_GET(self):  # noqa: N802 - a client that follows a 302 comes back with GET
                endpoint.requests.append({"path": self.path, "authorization": self.headers.get("Authorization")})
                try:
                    behaviour(self)
                except (BrokenPipeError, ConnectionResetError, OSError):
                    pass

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def drip(seconds: float = 30.0, every: float = 0.2):
    """200, a large Content-Length, then one byte every ``every`` seconds for ``seconds``."""

    def behaviour(handler):
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", "1000")
        handler.end_headers()
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            handler.wfile.write(b" ")
            handler.wfile.flush()
            time.sleep(every)

    return behaviour


def drip_headers(seconds: float = 30.0, every: float = 0.2):
    """The status line, then one header byte every ``every`` seconds (headers never end)."""

    def behaviour(handler):
        handler.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            handler.wfile.write(b"a")
            handler.wfile.flush()
            time.sleep(every)

    return behaviour


def redirect_to(location: str, status: int = 302):
    def behaviour(handler):
        handler.send_response(status)
        handler.send_header("Location", location)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return behaviour


def huge(megabytes: int, declared: bool):
    """A 200 of ``megabytes`` MB of JSON-ish bytes, with or without a Content-Length."""

    def behaviour(handler):
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        if declared:
            handler.send_header("Content-Length", str(megabytes * 1024 * 1024))
        else:
            handler.send_header("Connection", "close")
            handler.close_connection = True
        handler.end_headers()
        piece = b"[" + b"1," * (512 * 1024 - 1)
        for _ in range(megabytes):
            handler.wfile.write(piece)

    return behaviour


def error_with(status: int, text: str):
    def behaviour(handler):
        data = json.dumps({"error": {"message": text}}).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    return behaviour


def answers(content: str):
    def behaviour(handler):
        data = completion(content)
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    return behaviour
