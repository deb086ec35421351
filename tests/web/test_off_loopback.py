"""Serving beyond loopback (issue 18, item 7): reads need the token too (unless opened),
the Host check applies, the auth cookie holds a derived value (Secure over TLS), refusals
do not echo resolved addresses, and `--host 127.0.0.2` is usable. Real HTTP on 127.0.0.x."""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from corroborate.errors import FetchError
from corroborate.web.app import WebConfig, create_app
from corroborate.web.security import AUTH_COOKIE, auth_cookie_value, public_address_guard
from tests.web.conftest import FAKE, wait_job
from tests.web.live import live_server

TOKEN = "newsroom-t0ken"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def test_reads_on_a_public_bind_need_the_token(tmp_path: Path) -> None:
    with live_server(tmp_path, host="0.0.0.0", token=TOKEN) as base:
        api = httpx.get(base + "/api/stories")
        page = httpx.get(base + "/search?q=bridge")
        assert api.status_code == 401 and api.headers["www-authenticate"] == "Bearer"
        assert page.status_code == 401 and 'name="access_token"' in page.text and 'action="/token"' in page.text
        assert "content-security-policy" in page.headers
        assert httpx.get(base + "/static/app.css").status_code == 200  # the token page's own files
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        assert httpx.get(base + "/api/stories", headers=bearer).status_code == 200


def test_the_token_form_sets_a_cookie_derived_from_the_token(tmp_path: Path) -> None:
    with live_server(tmp_path, host="0.0.0.0", token=TOKEN) as base, httpx.Client(base_url=base) as client:
        csrf = CSRF.search(client.get("/").text).group(1)  # type: ignore[union-attr]
        assert client.post("/token", data={"csrf_token": csrf, "access_token": "wrong"}).status_code == 401
        response = client.post("/token", data={"csrf_token": csrf, "access_token": TOKEN}, follow_redirects=False)
        assert response.status_code == 303
        cookie = response.cookies[AUTH_COOKIE]
        assert cookie == auth_cookie_value(TOKEN) and TOKEN not in response.headers["set-cookie"]
        assert "Secure" not in response.headers["set-cookie"]  # plain HTTP here
        assert client.get("/api/stories").status_code == 200  # the cookie opens reads
        assert client.get("/api/stories", cookies={AUTH_COOKIE: TOKEN}).status_code == 401  # the token itself is no cookie


def test_open_reads_lets_reads_through_and_keeps_writes_closed(tmp_path: Path) -> None:
    with live_server(tmp_path, host="0.0.0.0", token=TOKEN, open_reads=True) as base:
        assert httpx.get(base + "/api/stories").status_code == 200
        assert httpx.post(base + "/api/analyses", json={"texts": ["x"]}).status_code == 401


def test_the_host_check_applies_on_a_named_public_address(tmp_path: Path) -> None:
    with live_server(tmp_path, host="192.0.2.10", token=TOKEN, allowed_hosts=("news.example",)) as base:
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        rebound = httpx.get(base + "/api/stories", headers={**bearer, "Host": "attacker.example"})
        assert rebound.status_code == 400 and "Host" in rebound.json()["detail"]
        for host in ("192.0.2.10:8000", "news.example"):
            assert httpx.get(base + "/api/stories", headers={**bearer, "Host": host}).status_code == 200


def test_the_auth_cookie_is_secure_over_tls(tmp_path: Path) -> None:
    app = create_app(WebConfig(db_path=tmp_path / "web.db", worker_mode="thread", analyser=FAKE, token=TOKEN, host="0.0.0.0"))
    with TestClient(app, base_url="https://127.0.0.1") as client:
        home = client.get("/")
        assert "Secure" in home.headers["set-cookie"]  # the session cookie
        csrf = CSRF.search(home.text).group(1)  # type: ignore[union-attr]
        response = client.post("/token", data={"csrf_token": csrf, "access_token": TOKEN}, follow_redirects=False)
        assert "Secure" in response.headers["set-cookie"] and auth_cookie_value(TOKEN) in response.headers["set-cookie"]


def test_a_refused_address_is_not_echoed() -> None:
    guard = public_address_guard()
    assert guard is not None
    with pytest.raises(FetchError) as refused:
        guard("intranet.example", ipaddress.ip_address("10.20.30.40"))
    assert "10.20.30.40" not in str(refused.value) and "private" in str(refused.value)


def test_a_url_whose_name_resolves_to_loopback_fails_without_the_address(tmp_path: Path) -> None:
    with live_server(tmp_path) as base, httpx.Client(base_url=base) as client:
        port = base.rsplit(":", 1)[1]
        job = client.post("/api/analyses", json={"urls": [f"http://localhost:{port}/"]}).json()
        failed = wait_job(client, job["id"])  # type: ignore[arg-type]
        assert failed["state"] == "failed" and "loopback" in failed["error"]
        assert "127.0.0.1" not in failed["error"] and "::1" not in failed["error"]


def test_host_127_0_0_2_is_usable(tmp_path: Path) -> None:
    with live_server(tmp_path, bind="127.0.0.2", host="127.0.0.2") as base:
        assert base.startswith("http://127.0.0.2:")
        response = httpx.get(base + "/api/stories")
        assert response.status_code == 200
        assert httpx.get(base + "/", headers={"Host": "attacker.example"}).status_code == 400
