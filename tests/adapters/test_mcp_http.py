"""`dmem mcp --http PORT`: streamable HTTP on 127.0.0.1 only, with the dashboard's Host/Origin rules."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .conftest import run_async

INIT = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}'


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def http_server(mcp_sdk, tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DMEM_HOME", "HERMES_HOME")}
    process = subprocess.Popen([sys.executable, "-m", "dialectical_memory", "--home", str(tmp_path / "home"), "--create", "mcp", "--http", str(port)],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if process.poll() is not None:
                pytest.fail(process.stderr.read().decode())
            time.sleep(0.1)
    yield port, tmp_path / "home"
    process.terminate()
    process.wait(timeout=10)
    process.stderr.close()


def post(port: int, headers: dict[str, str]) -> int:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/mcp", data=INIT, method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream", **headers})  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        error.close()
        return error.code


def test_the_sdk_client_talks_to_it_over_http(http_server):
    from mcp import Client

    port, home = http_server

    async def main():
        async with Client(f"http://127.0.0.1:{port}/mcp", cache=None) as client:
            result = await client.call_tool("add_memory", {"content": "User lives in Berlin", "target": "user"})
            return result.is_error

    assert run_async(main) is False
    assert (home / "USER.md").read_text(encoding="utf-8") == "User lives in Berlin"


def listening_addresses(port: int) -> set[str]:
    """Local addresses of the sockets listening on ``port`` (Linux' /proc/net/tcp{,6})."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, _remote, state = line.split()[1:4]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A = LISTEN
                found.add(address)
    return found


def test_it_listens_on_loopback_only(http_server):
    port, _home = http_server
    assert listening_addresses(port) == {"0100007F"}  # 127.0.0.1, nothing else


def test_foreign_host_and_origin_are_refused(http_server):
    port, home = http_server
    assert post(port, {}) == 200
    assert post(port, {"Origin": f"http://127.0.0.1:{port}"}) == 200
    assert post(port, {"Host": "evil.example"}) in (403, 421)  # DNS rebinding
    assert post(port, {"Host": f"evil.example:{port}"}) in (403, 421)
    assert post(port, {"Origin": "http://evil.example"}) == 403  # another site's page
    assert post(port, {"Origin": f"http://localhost:{port + 1}"}) == 403
