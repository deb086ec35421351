"""The page cache (web/cache.py): a kept answer carries each session's own CSRF token, and
nothing kept outlives a change to the store. Real HTTP on 127.0.0.1."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from tests.web.conftest import example_texts, wait_job
from tests.web.live import live_server

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def test_two_browsers_reading_the_cached_home_page_get_their_own_csrf_tokens(tmp_path: Path) -> None:
    with live_server(tmp_path) as base, httpx.Client(base_url=base) as one, httpx.Client(base_url=base) as two:
        first = CSRF.findall(one.get("/").text)
        again = CSRF.findall(one.get("/").text)  # from the cache
        other = CSRF.findall(two.get("/").text)  # from the cache, for another session
        assert first == again and other and set(other).isdisjoint(first)
        text = "Ferry dock to close\n\nThe ferry dock closes on Monday, the harbour master said.\n"
        response = two.post("/analyses", data={"csrf_token": other[0], "texts": text}, follow_redirects=False)
        assert response.status_code == 303  # the token it got is the one its session needs


def test_a_cached_page_is_fresh_after_a_job_writes_the_store(tmp_path: Path) -> None:
    with live_server(tmp_path) as base, httpx.Client(base_url=base, timeout=30) as client:
        assert client.get("/api/stories").json() == {"stories": []}
        assert client.get("/api/stories").json() == {"stories": []}  # kept
        job = client.post("/api/analyses", json={"texts": example_texts()}).json()
        assert wait_job(client, job["id"])["state"] == "done"  # type: ignore[arg-type]
        stories = client.get("/api/stories").json()["stories"]
        assert [s["id"] for s in stories] == [job["story"]]
        assert job["story"] in client.get("/").text
