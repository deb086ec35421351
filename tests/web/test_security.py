"""CSRF, the write token, binding beyond loopback, upload caps, and the headers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from corroborate.cli import app as cli_app
from corroborate.errors import UsageError
from corroborate.web.inputs import clean_name
from corroborate.web.security import CsrfSigner, is_loopback_host, require_token_for_host
from tests.web.conftest import SMALL_CAPS, csrf_token, example_texts

TOKEN = "s3cret-token"


def form(token: str, text: str = "One headline\n\nThe mayor spoke on Monday.\n") -> dict[str, str]:
    return {"csrf_token": token, "texts": text, "urls": ""}


def test_form_without_or_with_a_wrong_csrf_token_is_refused(client: TestClient) -> None:
    assert client.post("/analyses", data={"texts": "x"}).status_code == 403
    assert client.post("/analyses", data=form("0" * 64)).status_code == 403
    # A token from another browser's session does not fit this one.
    other = CsrfSigner().token_for("another-session")
    assert client.post("/analyses", data=form(other)).status_code == 403
    assert client.get("/api/analyses/none").status_code == 404  # nothing was queued by the refused posts
    assert client.get("/").text.count("Latest jobs") == 0


def test_csrf_is_checked_on_every_form(client: TestClient, analysed: dict[str, Any]) -> None:
    story = analysed["story"]
    for path in (f"/stories/{story}/reanalyse", f"/stories/{story}/corrections"):
        assert client.post(path, data={"kind": "mark_checked", "target": "x", "author": "me"}).status_code == 403


def test_form_with_the_session_token_is_accepted(client: TestClient) -> None:
    response = client.post("/analyses", data=form(csrf_token(client)), follow_redirects=False)
    assert response.status_code == 303


def test_api_writes_need_the_token_when_one_is_set(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(token=TOKEN)
    body = {"texts": example_texts()[:1]}
    assert client.post("/api/analyses", json=body).status_code == 401
    assert client.post("/api/analyses", json=body, headers={"Authorization": "Bearer wrong"}).status_code == 401
    accepted = client.post("/api/analyses", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert accepted.status_code == 202
    assert client.get(f"/api/analyses/{accepted.json()['id']}").status_code == 200  # reads stay open


def test_forms_ask_for_the_token_then_remember_it(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(token=TOKEN)
    home = client.get("/")
    assert 'name="access_token"' in home.text
    token = csrf_token(client)
    assert client.post("/analyses", data=form(token)).status_code == 401
    response = client.post("/analyses", data={**form(token), "access_token": TOKEN}, follow_redirects=False)
    assert response.status_code == 303
    assert "corroborate_auth=" in response.headers["set-cookie"] and "samesite=strict" in response.headers["set-cookie"].lower()
    assert 'name="access_token"' not in client.get("/").text
    assert client.post("/analyses", data=form(token), follow_redirects=False).status_code == 303


def test_binding_beyond_loopback_needs_a_token() -> None:
    assert (
        is_loopback_host("127.0.0.1")
        and is_loopback_host("localhost")
        and is_loopback_host("::1")
        and is_loopback_host("127.8.9.1")
    )
    assert not is_loopback_host("0.0.0.0") and not is_loopback_host("192.168.1.5") and not is_loopback_host("example.org")
    require_token_for_host("127.0.0.1", None)
    require_token_for_host("0.0.0.0", "token")
    with pytest.raises(UsageError, match="CORROBORATE_TOKEN"):
        require_token_for_host("0.0.0.0", None)


def test_serve_refuses_a_public_host_without_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CORROBORATE_TOKEN", raising=False)
    result = CliRunner().invoke(cli_app, ["serve", "--host", "0.0.0.0", "--port", "8765"])
    assert result.exit_code == 2
    assert "token" in result.output


def test_too_many_files_or_too_large_are_refused(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(caps=SMALL_CAPS)
    token = csrf_token(client)
    three = [("files", (f"f{i}.txt", b"Some text here.\n", "text/plain")) for i in range(3)]
    assert client.post("/analyses", data={"csrf_token": token}, files=three).status_code in (400, 413)
    big = [("files", ("big.txt", b"x" * 5000, "text/plain"))]
    assert client.post("/analyses", data={"csrf_token": token}, files=big).status_code in (400, 413)
    huge = [("files", ("huge.txt", b"x" * 70_000, "text/plain"))]
    assert client.post("/analyses", data={"csrf_token": token}, files=huge).status_code == 413
    assert client.post("/api/analyses", json={"texts": ["y" * 5000]}).status_code == 413
    assert client.post("/api/analyses", json={"texts": ["a"] * 4}).status_code == 400
    assert (
        client.post(
            "/api/analyses", json={"urls": ["https://a.example/1", "https://a.example/2", "https://a.example/3"]}
        ).status_code
        == 400
    )
    bad_kind = [("files", ("evil.exe", b"MZ", "application/octet-stream"))]
    assert client.post("/analyses", data={"csrf_token": token}, files=bad_kind).status_code == 400


def test_body_over_the_cap_is_refused_before_parsing(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(caps=SMALL_CAPS)

    def chunks() -> Any:
        for _ in range(100):
            yield b"x" * 1024

    response = client.post("/api/analyses", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_upload_names_never_become_paths() -> None:
    assert clean_name("../../etc/passwd.txt", 1) == "passwd.txt"
    assert clean_name("C:\\Windows\\win.ini", 1) == "win.ini"
    assert clean_name("/abs/..hidden.html", 2) == "hidden.html"
    assert clean_name("....txt", 3) == "upload-3.txt"
    assert "/" not in clean_name("a/b/c/<script>.txt", 4)


def test_every_response_carries_the_headers(client: TestClient) -> None:
    for path in ("/", "/search", "/api/quotes", "/api/openapi.json", "/static/app.js", "/nope", "/api/nope"):
        headers = client.get(path).headers
        assert "default-src 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"


def test_a_foreign_host_header_is_refused_on_loopback(client: TestClient) -> None:
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 gets nothing."""
    assert client.get("/", headers={"host": "evil.example:8000"}).status_code == 400
    assert client.post("/api/analyses", json={"texts": ["x"]}, headers={"host": "evil.example"}).status_code == 400
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "localhost"):
        assert client.get("/api/stories", headers={"host": host}).status_code == 200, host


def test_full_text_matches_are_capped(client: TestClient, analysed: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from corroborate.web import queries

    monkeypatch.setattr(queries, "MATCH_CAP", 1)
    found = client.get("/api/quotes", params={"q": "gamble"}).json()
    assert found["capped"] and found["total"] == 1
    assert "1+ result(s)" in client.get("/search", params={"q": "gamble"}).text
