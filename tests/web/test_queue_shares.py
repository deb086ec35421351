"""The queue's shares (`QueueCaps`): each browser session has its own share, however many
share one address (a newsroom behind one NAT); one address has a larger share, whatever
cookies it sends; a client that keeps no cookies shares one share with the others of its
address. Real HTTP on 127.0.0.1: every client here comes from the same address."""

from __future__ import annotations

import re
import secrets
from contextlib import closing
from pathlib import Path

import httpx

from corroborate.web.jobs import QueueCaps
from tests.web.live import live_server

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
TEXT = "Ferry dock to close\n\nThe ferry dock closes on Monday, the harbour master said.\n"
QUEUE = QueueCaps(max_waiting=100, max_waiting_per_client=3, max_waiting_per_address=7, retry_after=5)


def _browser(base: str) -> tuple[httpx.Client, str]:
    """A client that loads the home page, as a browser does: its session cookie and the form's CSRF token."""
    client = httpx.Client(base_url=base)
    page = client.get("/")
    match = CSRF.search(page.text)
    assert match is not None
    return client, match.group(1)


def _submit_form(client: httpx.Client, token: str) -> int:
    response = client.post("/analyses", data={"csrf_token": token, "texts": TEXT, "urls": ""}, follow_redirects=False)
    return response.status_code


def test_two_journalists_behind_one_address_each_get_their_own_share(tmp_path: Path) -> None:
    with live_server(tmp_path, start_worker=False, queue=QUEUE) as base:
        (first, first_token), (second, second_token) = _browser(base), _browser(base)
        with closing(first), closing(second):
            assert [_submit_form(first, first_token) for _ in range(3)] == [303, 303, 303]
            refused = first.post("/analyses", data={"csrf_token": first_token, "texts": TEXT}, follow_redirects=False)
            assert refused.status_code == 429 and refused.headers["retry-after"] == "5"
            assert "3 analyses waiting" in refused.text
            # The same address, another session: its own share.
            assert [_submit_form(second, second_token) for _ in range(3)] == [303, 303, 303]
            assert _submit_form(second, second_token) == 429


def test_one_address_is_held_to_its_share_however_many_sessions_it_opens(tmp_path: Path) -> None:
    with live_server(tmp_path, start_worker=False, queue=QUEUE) as base:
        statuses = []
        for _ in range(4):  # a fresh session for every two analyses: 8 asked, 7 the address's share
            client, token = _browser(base)
            with closing(client):
                statuses += [_submit_form(client, token), _submit_form(client, token)]
        assert statuses == [303] * 7 + [429]
        client, token = _browser(base)
        with closing(client):
            refused = client.post("/analyses", data={"csrf_token": token, "texts": TEXT}, follow_redirects=False)
        assert refused.status_code == 429 and "7 analyses from your network address" in refused.text


def test_made_up_session_cookies_do_not_lift_the_address_share(tmp_path: Path) -> None:
    with live_server(tmp_path, start_worker=False, queue=QUEUE) as base:
        statuses = []
        for _ in range(9):
            with httpx.Client(base_url=base, cookies={"corroborate_session": secrets.token_urlsafe(24)}) as client:
                statuses.append(client.post("/api/analyses", json={"texts": [TEXT]}).status_code)
        assert statuses == [202] * 7 + [429, 429]


def test_a_client_that_keeps_no_cookies_shares_one_share_with_its_address(tmp_path: Path) -> None:
    with live_server(tmp_path, start_worker=False, queue=QUEUE) as base:
        # A new session is offered with every answer and never sent back: one share for them all.
        statuses = [httpx.post(f"{base}/api/analyses", json={"texts": [TEXT]}).status_code for _ in range(4)]
        assert statuses == [202, 202, 202, 429]
        # A browser on the same address still has its own share.
        client, token = _browser(base)
        with closing(client):
            assert _submit_form(client, token) == 303


def test_an_api_client_with_a_cookie_jar_counts_its_first_post_in_its_share(tmp_path: Path) -> None:
    with live_server(tmp_path, start_worker=False, queue=QUEUE) as base, httpx.Client(base_url=base) as client:
        # The first post sends no cookie and is given one; it counts with the session it starts.
        statuses = [client.post("/api/analyses", json={"texts": [TEXT]}).status_code for _ in range(4)]
        assert statuses == [202, 202, 202, 429]


def test_the_session_cookie_is_kept_only_as_a_digest(tmp_path: Path) -> None:
    import sqlite3

    with live_server(tmp_path, start_worker=False, queue=QUEUE) as base:
        client, token = _browser(base)
        with closing(client):
            assert _submit_form(client, token) == 303
            cookie = client.cookies["corroborate_session"]
    with sqlite3.connect(tmp_path / "web.db") as db:
        (stored,) = db.execute("select session from web_jobs").fetchone()
    assert stored.startswith("sent:") and cookie not in stored
