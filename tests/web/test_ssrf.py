"""URL fetching refuses file:, loopback, private and link-local addresses, on the resolved
addresses of every connection, redirects included. A real HTTP server on 127.0.0.1 stands
in for the outside world: nothing here leaves this machine."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from corroborate.errors import FetchError
from corroborate.ingest.fetch import fetch_url
from corroborate.web.security import public_address_guard, refuses_address
from tests.web.conftest import LocalSite, wait_job

ARTICLE = b"Harbour to reopen\n\nThe harbour reopens on Friday, the port director said.\n"
LOCAL = ("127.0.0.1",)


def fetch(url: str, guard: Any) -> bytes:
    return fetch_url(url, timeout=2, max_bytes=10_000, max_redirects=3, address_guard=guard).data


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("127.0.0.1", "loopback"),
        ("::1", "loopback"),
        ("10.1.2.3", "private"),
        ("192.168.0.9", "private"),
        ("172.16.5.4", "private"),
        ("169.254.169.254", "link-local"),
        ("fe80::1", "link-local"),
        ("::ffff:10.0.0.1", "private"),
        ("0.0.0.0", "unspecified"),
        ("100.64.0.1", "not globally routable"),
    ],
)
def test_private_addresses_are_refused(address: str, reason: str) -> None:
    assert refuses_address(ipaddress.ip_address(address)) == reason


def test_public_addresses_pass() -> None:
    assert refuses_address(ipaddress.ip_address("93.184.216.34")) is None
    assert refuses_address(ipaddress.ip_address("2606:4700::1111")) is None


def test_guarded_fetch_never_connects_to_loopback(site: LocalSite) -> None:
    site.pages["/a"] = (200, {}, ARTICLE)
    guard = public_address_guard()
    for host in ("127.0.0.1", "localhost"):  # a literal address and a name resolving to loopback
        with pytest.raises(FetchError, match="loopback"):
            fetch(site.url("/a", host), guard)
    assert site.hits == []
    assert fetch(site.url("/a"), None) == ARTICLE  # the CLI's fetch (no guard) is unchanged


def test_redirect_to_a_private_address_is_refused(site: LocalSite) -> None:
    site.pages["/to-private"] = (302, {"Location": "http://10.1.2.3/internal"}, b"")
    site.pages["/to-metadata"] = (302, {"Location": "http://169.254.169.254/latest/meta-data/"}, b"")
    site.pages["/to-loopback"] = (302, {"Location": f"http://127.0.0.2:{site.port}/a"}, b"")
    site.pages["/to-file"] = (302, {"Location": "file:///etc/passwd"}, b"")
    site.pages["/a"] = (200, {}, ARTICLE)
    guard = public_address_guard(allowed=frozenset({ipaddress.ip_address("127.0.0.1")}))  # the first hop only
    assert fetch(site.url("/a"), guard) == ARTICLE
    for path, reason in (
        ("/to-private", "private"),
        ("/to-metadata", "link-local"),
        ("/to-loopback", "loopback"),
        ("/to-file", "redirect"),
    ):
        with pytest.raises(FetchError, match=reason):
            fetch(site.url(path), guard)
    assert "/internal" not in site.hits


def test_allow_private_lets_loopback_through(site: LocalSite) -> None:
    site.pages["/a"] = (200, {}, ARTICLE)
    assert public_address_guard(allow_private=True) is None
    assert fetch(site.url("/a"), public_address_guard(allow_private=True)) == ARTICLE


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "ftp://example.org/x",
        "http://127.0.0.1:9/x",
        "http://10.0.0.8/x",
        "http://169.254.169.254/latest/",
        "http://[::1]/",
        "gopher://x",
    ],
)
def test_the_api_refuses_bad_urls_at_once(client: TestClient, url: str) -> None:
    response = client.post("/api/analyses", json={"urls": [url]})
    if url.startswith("http"):
        assert response.status_code == 400, response.text
        assert "refused" in response.json()["detail"]
    else:  # the schema allows only http(s) URLs
        assert response.status_code == 422, response.text


@pytest.mark.parametrize("url", ["HTTP://[", "http://example.org:port/"])
def test_http_open_bracket_url_is_refused_with_a_clear_error(client: TestClient, url: str) -> None:
    """A URL that does not parse (an unclosed IPv6 bracket, a port that is no number)
    is the client's error, named, not a server error."""
    response = client.post("/api/analyses", json={"urls": [url]})
    assert response.status_code == 400, response.text
    assert "not a valid URL" in response.json()["detail"]


def test_a_name_resolving_to_loopback_fails_the_job_with_its_reason(client: TestClient, site: LocalSite) -> None:
    site.pages["/story"] = (200, {}, ARTICLE)
    job = client.post("/api/analyses", json={"urls": [site.url("/story", "localhost")]}).json()
    done = wait_job(client, job["id"])
    assert done["state"] == "failed" and "loopback" in done["error"]
    assert site.hits == []


def test_a_redirect_to_private_in_a_job(client_factory: Callable[..., TestClient], site: LocalSite) -> None:
    client = client_factory(allowed_addresses=LOCAL)
    site.pages["/story"] = (200, {}, ARTICLE)
    site.pages["/moved"] = (301, {"Location": "http://192.168.1.1/admin"}, b"")
    job = client.post("/api/analyses", json={"urls": [site.url("/story"), site.url("/moved")]}).json()
    done = wait_job(client, job["id"])
    assert done["state"] == "done"
    assert [e["source"] for e in done["input_errors"]] == [site.url("/moved")]
    assert "private" in done["input_errors"][0]["reason"]
