"""Local-only safety: CSRF, Host and Origin checks, security headers, body size, the secret file."""

from __future__ import annotations

import os
import stat

import pytest

from dialectical_memory import InvalidInputError
from webapp import create_app
from webapp.security import SECRET_FILE_NAME, host_is_own
from webapp.server import build_server, is_loopback

from .conftest import TEST_CSRF_TOKEN
from .seeding import QuietDetector


def test_post_without_a_csrf_token_is_400_and_writes_nothing(client, disk, seeded):
    before = disk.snapshot()
    response = client.post(f"/memory/entries/{seeded.html}/hit")
    assert response.status_code == 400
    assert disk.snapshot() == before


def test_post_with_a_wrong_csrf_token_is_403_and_writes_nothing(client, disk, seeded):
    before = disk.snapshot()
    response = client.post(f"/memory/entries/{seeded.html}/hit", data={"csrf_token": "forged"})
    assert response.status_code == 403
    assert disk.snapshot() == before


def test_post_without_a_session_token_is_403(app, disk, seeded):
    before = disk.snapshot()
    response = app.test_client().post(f"/memory/entries/{seeded.html}/hit", data={"csrf_token": TEST_CSRF_TOKEN})
    assert response.status_code == 403
    assert disk.snapshot() == before


def test_csrf_token_in_the_htmx_header_is_accepted(client, disk, seeded):
    response = client.post(f"/memory/entries/{seeded.html}/hit", headers={"X-CSRF-Token": TEST_CSRF_TOKEN, "HX-Request": "true"})
    assert response.status_code == 200
    assert disk.entry(seeded.html)["hit_count"] == 1


def test_pages_carry_the_session_token_in_forms_and_htmx_headers(app, seeded):
    client = app.test_client()
    html = client.get("/memory/reverify/").get_data(as_text=True)
    with client.session_transaction() as session:
        token = session["csrf_token"]
    assert f'name="csrf_token" value="{token}"' in html
    assert f'hx-headers=\'{{"X-CSRF-Token": "{token}"}}\'' in html


def test_a_foreign_host_is_refused(client, disk, seeded):
    before = disk.snapshot()
    assert client.get("/memory/", headers={"Host": "evil.example"}).status_code == 403
    response = client.post(f"/memory/entries/{seeded.html}/hit", data={"csrf_token": TEST_CSRF_TOKEN}, headers={"Host": "attacker.test:5000"})
    assert response.status_code == 403
    assert disk.snapshot() == before


def test_a_foreign_origin_is_refused(client, disk, seeded):
    before = disk.snapshot()
    response = client.post(
        f"/memory/entries/{seeded.html}/hit",
        data={"csrf_token": TEST_CSRF_TOKEN},
        headers={"Origin": "http://evil.example"},
    )
    assert response.status_code == 403
    assert disk.snapshot() == before


def test_the_own_origin_is_accepted(client, disk, seeded):
    response = client.post(
        f"/memory/entries/{seeded.html}/hit",
        data={"csrf_token": TEST_CSRF_TOKEN},
        headers={"Origin": "http://localhost"},
    )
    assert response.status_code == 303


def test_a_cross_site_fetch_is_refused(client, seeded):
    response = client.post(
        f"/memory/entries/{seeded.html}/hit",
        data={"csrf_token": TEST_CSRF_TOKEN},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert response.status_code == 403


@pytest.mark.parametrize(
    ("host", "port", "own"),
    [("localhost:5000", 5000, True), ("127.0.0.1:5000", 5000, True), ("[::1]:5000", 5000, True),
     ("127.0.0.1:5001", 5000, False), ("evil.example:5000", 5000, False), ("localhost.evil.example:5000", 5000, False),
     ("localhost", None, True), ("evil.example", None, False), ("LOCALHOST:5000", 5000, True)],
)  # fmt: skip
def test_host_check(host, port, own):
    assert host_is_own(host, "127.0.0.1", port) is own


def test_the_configured_host_is_accepted_with_the_served_port():
    assert host_is_own("192.168.1.20:8080", "192.168.1.20", 8080)
    assert not host_is_own("192.168.1.20:8080", "127.0.0.1", 8080)


def test_security_headers_are_set(client):
    response = client.get("/memory/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_pages_have_no_inline_scripts_styles_or_event_handlers(client, seeded):
    for url in ("/memory/", "/memory/entries/", f"/memory/entries/{seeded.concise}", "/memory/contradictions/"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and "style=" not in html and " onclick=" not in html
        assert '"includeIndicatorStyles": false' in html


def test_oversized_bodies_are_refused_with_413(client, disk, seeded):
    before = disk.snapshot()
    response = client.post(
        f"/memory/entries/{seeded.concise}/edit",
        data={"csrf_token": TEST_CSRF_TOKEN, "text": "x" * (300 * 1024)},
    )
    assert response.status_code == 413
    assert "Too large" in response.get_data(as_text=True)
    assert disk.snapshot() == before


def test_the_secret_key_file_is_private_and_reused(home, seeded):
    first = create_app({"MEMORY_HOME": str(home), "DETECTOR": QuietDetector()})
    path = home / SECRET_FILE_NAME
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    second = create_app({"MEMORY_HOME": str(home), "DETECTOR": QuietDetector()})
    assert first.secret_key == second.secret_key and len(first.secret_key) >= 40
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]


def test_each_home_has_its_own_secret(tmp_path):
    one = create_app({"MEMORY_HOME": str(tmp_path / "one"), "DETECTOR": QuietDetector()})
    two = create_app({"MEMORY_HOME": str(tmp_path / "two"), "DETECTOR": QuietDetector()})
    assert one.secret_key != two.secret_key


def test_a_wildcard_bind_answers_to_this_machine_names_only(home, seeded):
    server = build_server(home, host="0.0.0.0", port=0, allow_remote=True, config={"DETECTOR": QuietDetector()})
    try:
        app, port = server.app, server.server_port
        client = app.test_client()
        own = app.config["EXTRA_HOSTS"][0]
        assert client.get("/memory/", headers={"Host": f"{own}:{port}"}).status_code == 200
        assert client.get("/memory/", headers={"Host": f"evil.example:{port}"}).status_code == 403
        assert client.get("/memory/", headers={"Host": f"0.0.0.0:{port}"}).status_code == 403
    finally:
        server.server_close()


def test_serving_on_a_public_address_needs_an_explicit_flag(home):
    with pytest.raises(InvalidInputError, match="allow-remote"):
        build_server(home, host="0.0.0.0", port=0)


def test_loopback_addresses():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.2") and not is_loopback("example.com")


def test_the_built_server_binds_loopback_and_knows_its_port(home, seeded):
    server = build_server(home, port=0, config={"DETECTOR": QuietDetector()})
    try:
        assert server.server_address[0] == "127.0.0.1"
        assert server.app.config["SERVER_PORT"] == server.server_port
    finally:
        server.server_close()
