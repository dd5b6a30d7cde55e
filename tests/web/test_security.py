"""Local-only safety: CSRF, Host and Origin checks, security headers, body size, the secret file."""

from __future__ import annotations

import http.client
import io
import os
import re
import stat
import threading
from urllib.parse import quote, urlencode

import pytest

from dialectical_memory import InvalidInputError
from dialectical_memory.web import create_app
from dialectical_memory.web.security import CONTENT_SECURITY_POLICY, SECRET_FILE_NAME, host_is_own, is_local_path
from dialectical_memory.web.server import build_server, is_loopback

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


# ---------------------------------------------------------------- issue 10: one test per defect


def _chunks(body: bytes, size: int = 64 * 1024):
    for start in range(0, len(body), size):
        yield body[start : start + size]


def test_a_chunked_body_over_the_limit_is_413_and_writes_nothing(client, disk, seeded):
    before = disk.snapshot()
    body = urlencode({"csrf_token": TEST_CSRF_TOKEN, "text": "x" * (5 * 1024 * 1024)}).encode()
    response = client.post(
        f"/memory/entries/{seeded.concise}/edit",
        input_stream=io.BytesIO(body),
        content_type="application/x-www-form-urlencoded",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True, "CONTENT_LENGTH": ""},  # as a server sets a chunked body
    )
    assert response.status_code == 413 and "Too large" in response.get_data(as_text=True)
    assert response.headers["X-Frame-Options"] == "DENY"
    assert disk.snapshot() == before


def test_a_chunked_body_within_the_limit_still_works(client, disk, app_store, seeded):
    etag = app_store.get_entry("memory", seeded.concise).etag
    body = urlencode({"csrf_token": TEST_CSRF_TOKEN, "text": "User likes short replies.", "etag": etag}).encode()
    response = client.post(
        f"/memory/entries/{seeded.concise}/edit",
        input_stream=io.BytesIO(body),
        content_type="application/x-www-form-urlencoded",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True, "CONTENT_LENGTH": ""},  # as a server sets a chunked body
    )
    assert response.status_code == 303
    assert "User likes short replies." in disk.md()


def test_a_real_chunked_upload_over_the_limit_is_refused_by_the_server(home, seeded, disk):
    """Through the real server (werkzeug dechunks the body itself), not only the test client."""
    server = build_server(home, port=0, config={"DETECTOR": QuietDetector()})
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_port
        page = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        page.request("GET", f"/memory/entries/{seeded.concise}/edit")
        answer = page.getresponse()
        html = answer.read().decode()
        cookie = answer.getheader("Set-Cookie").split(";")[0]
        token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
        before = disk.snapshot()
        body = urlencode({"csrf_token": token, "text": "y" * (5 * 1024 * 1024)}).encode()
        post = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked"}
        post.request("POST", f"/memory/entries/{seeded.concise}/edit", body=_chunks(body), headers=headers, encode_chunked=True)
        assert post.getresponse().status == 413
        assert disk.snapshot() == before
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    "next_url",
    ["//evil.example/", "/\t/evil.example", "/%09/evil.example".replace("%09", "\t"), "/\\evil.example", "\\\\evil.example",
     "/\r\nSet-Cookie: x=1", "/\n/evil.example", "https://evil.example/", "javascript:alert(1)", "/ok\x00", "evil.example"],
)  # fmt: skip
def test_next_accepts_only_same_origin_paths(post, app_store, seeded, next_url):
    etag = app_store.get_entry("memory", seeded.concise).etag
    response = post(f"/memory/entries/{seeded.concise}/edit", {"text": "Short.", "etag": etag, "next": next_url})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/memory/entries/{seeded.concise}"


def test_next_tab_from_a_url_encoded_form_cannot_reach_another_site(client, app_store, seeded):
    """The issue's exact body: ``next=/%09/evil.com`` in a form (the %09 decodes to a tab)."""
    etag = app_store.get_entry("memory", seeded.concise).etag
    body = f"csrf_token={TEST_CSRF_TOKEN}&text=Short.&etag={quote(etag)}&next=/%09/evil.com"
    response = client.post(f"/memory/entries/{seeded.concise}/edit", data=body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 303 and "evil" not in response.headers["Location"]


def test_local_path_check():
    assert is_local_path("/memory/entries/?search=a%20b") and is_local_path("/user/")
    for bad in ("", "//x", "/\\x", "/\tx", "x", "http://x/", "/a\x7f", None):
        assert not is_local_path(bad), bad


def test_the_edit_form_ignores_an_off_site_next_for_its_cancel_link(client, seeded):
    html = client.get(f"/memory/entries/{seeded.concise}/edit?next=javascript:alert(1)").get_data(as_text=True)
    assert "javascript:" not in html
    html = client.get(f"/memory/entries/{seeded.concise}/edit?next=/memory/entries/%3Fsearch%3Dx").get_data(as_text=True)
    assert 'href="/memory/entries/?search=x"' in html


LIST_PAGES = ("/memory/", "/memory/entries/", "/memory/contradictions/", "/memory/reverify/", "/memory/promotions/",
              "/memory/archive", "/memory/history")  # fmt: skip


def test_query_string_keys_never_reach_url_for(client, seeded):
    for key in ("target", "endpoint", "_method", "_external", "_anchor", "_scheme", "values", "entry_id"):
        for page in LIST_PAGES:
            response = client.get(f"{page}?{key}=user&limit=5")
            assert response.status_code == 200, (page, key, response.get_data(as_text=True)[:300])


def test_the_target_switch_keeps_the_query_as_data(client, seeded):
    html = client.get("/memory/history?actor=person&endpoint=x").get_data(as_text=True)
    assert 'href="/user/history?actor=person&amp;endpoint=x"' in html


def test_show_more_history_keeps_filters_and_doubles_the_limit(client, seeded):
    html = client.get("/memory/history?actor=agent&limit=1&_external=1").get_data(as_text=True)
    assert 'href="/memory/history?limit=2&amp;actor=agent&amp;_external=1"' in html


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [("get", "/nowhere", 404), ("get", "/memory/entries/no-such-id", 404), ("delete", "/memory/", 400),
     ("get", "/memory/", 403)],
)  # fmt: skip
def test_error_responses_carry_the_security_headers(client, method, url, status):
    headers = {"Host": "evil.example"} if status == 403 else {}
    response = getattr(client, method)(url, headers=headers)
    assert response.status_code == status
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["X-Frame-Options"] == "DENY" and response.headers["X-Content-Type-Options"] == "nosniff"


def test_even_a_crash_inside_the_error_page_answers_with_security_headers(home, seeded, monkeypatch):
    app = create_app({"MEMORY_HOME": str(home), "DETECTOR": QuietDetector()})

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    def broken(*args, **kwargs):
        raise RuntimeError("the error page is broken too")

    monkeypatch.setattr("dialectical_memory.web.errors.render_template", broken)
    app.logger.disabled = True
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["X-Frame-Options"] == "DENY"
