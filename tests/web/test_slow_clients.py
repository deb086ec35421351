"""A slow or greedy client cannot stop the server (issue 18, item 5): header timeout,
connection limit, token and length checked before the body, bodies timed out, the store's
write lock waited for off the event loop, and bounded queues. Real HTTP on 127.0.0.1."""

from __future__ import annotations

import re
import socket
import sqlite3
import threading
import time
from pathlib import Path

import httpx
import pytest

from corroborate.web import guard
from corroborate.web.jobs import JobStore, QueueCaps
from corroborate.web.server import GuardedH11Protocol
from tests.web.live import live_server

TOKEN = "t0ken-for-tests"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
TEXT = "Ferry dock to close\n\nThe ferry dock closes on Monday, the harbour master said.\n"


class QuickHeaders(GuardedH11Protocol):
    header_seconds = 0.5
    max_connections = 8


def open_socket(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=5)
    return sock


def read_all(sock: socket.socket, limit: float = 5.0) -> bytes:
    sock.settimeout(limit)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


def test_a_request_whose_headers_never_end_is_closed_after_the_header_timeout(tmp_path: Path) -> None:
    with live_server(tmp_path, protocol=QuickHeaders) as base:
        sock = open_socket(base)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        started = time.monotonic()
        assert read_all(sock) == b""  # closed, not answered
        assert time.monotonic() - started < 3.0
        sock.close()


def test_headers_sent_one_byte_at_a_time_are_cut_at_the_header_timeout(tmp_path: Path) -> None:
    with live_server(tmp_path, protocol=QuickHeaders) as base:
        sock = open_socket(base)
        started = time.monotonic()
        closed = False
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Drip: " + b"a" * 100:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                closed = True
                break
            time.sleep(0.05)
            if time.monotonic() - started > 3:
                break
        assert closed or read_all(sock, 2.0) == b""
        assert time.monotonic() - started < 3.5
        sock.close()


def test_fifty_idle_half_sent_requests_leave_the_app_reachable(tmp_path: Path) -> None:
    with live_server(tmp_path, protocol=QuickHeaders) as base:
        idle = []
        for _ in range(50):
            sock = open_socket(base)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            idle.append(sock)
        # Beyond the connection limit a connection is answered 503 at once, with the app's headers.
        busy = open_socket(base)
        answer = read_all(busy, 2.0)
        assert answer.startswith(b"HTTP/1.1 503"), answer[:80]
        assert b"content-security-policy" in answer.lower() and b"retry-after" in answer.lower()
        time.sleep(1.0)  # the header timeout closes the idle ones
        response = httpx.get(base + "/api/stories", timeout=5)
        assert response.status_code == 200
        for sock in [*idle, busy]:
            sock.close()


def test_an_upload_without_the_token_is_refused_before_its_body(tmp_path: Path) -> None:
    with live_server(tmp_path, token=TOKEN) as base:
        sock = open_socket(base)
        sock.sendall(
            b"POST /api/analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 10000000\r\n\r\n"
        )
        answer = read_all(sock, 3.0)  # no body byte sent: answered all the same
        assert answer.startswith(b"HTTP/1.1 401"), answer[:80]
        assert b"content-security-policy" in answer.lower()
        sock.close()


def test_a_large_form_post_without_the_token_is_refused_by_its_declared_length(tmp_path: Path) -> None:
    with live_server(tmp_path, token=TOKEN) as base, httpx.Client(base_url=base) as client:
        client.get("/")  # the session cookie
        cookie = client.cookies.get("corroborate_session")
        sock = open_socket(base)
        sock.sendall(
            b"POST /analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n"
            b"Cookie: corroborate_session=" + cookie.encode() + b"\r\nContent-Length: 5000000\r\n\r\n"
        )
        answer = read_all(sock, 3.0)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:80]
        assert b"give the token first" in answer
        sock.close()


def test_a_form_post_without_the_session_cookie_is_refused_before_its_body(tmp_path: Path) -> None:
    with live_server(tmp_path) as base:
        sock = open_socket(base)
        sock.sendall(b"POST /analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000\r\n\r\n")
        assert read_all(sock, 3.0).startswith(b"HTTP/1.1 403")
        sock.close()


def test_an_upload_that_stalls_halfway_is_answered_408(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "BODY_IDLE_SECONDS", 0.5)
    with live_server(tmp_path) as base:
        sock = open_socket(base)
        sock.sendall(
            b"POST /api/analyses HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"texts": ["'
        )
        started = time.monotonic()
        answer = read_all(sock, 5.0)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
        assert b"content-security-policy" in answer.lower()
        assert time.monotonic() - started < 3.0
        sock.close()


def test_a_form_post_while_the_store_is_write_locked_leaves_other_requests_answering(tmp_path: Path) -> None:
    with live_server(tmp_path) as base, httpx.Client(base_url=base, timeout=60) as client:
        token = CSRF.search(client.get("/").text).group(1)  # type: ignore[union-attr]
        lock = sqlite3.connect(tmp_path / "web.db", timeout=1)
        lock.execute("begin immediate")  # another writer holds the store
        posted: dict[str, int] = {}

        def post() -> None:
            response = client.post("/analyses", data={"csrf_token": token, "texts": TEXT}, follow_redirects=False)
            posted["status"] = response.status_code

        writer = threading.Thread(target=post)
        writer.start()
        time.sleep(0.5)  # the post now waits for the lock
        assert "status" not in posted
        with httpx.Client(base_url=base, timeout=5) as other:
            started = time.monotonic()
            assert other.get("/static/app.css").status_code == 200
            assert other.get("/api/stories").status_code == 200
            assert time.monotonic() - started < 2.0
        lock.rollback()
        lock.close()
        writer.join(timeout=30)
        assert posted["status"] == 303


def test_the_eleventh_waiting_analysis_of_one_client_gets_429_with_retry_after(tmp_path: Path) -> None:
    queue = QueueCaps(max_waiting=50, max_waiting_per_client=10, retry_after=7)
    with live_server(tmp_path, start_worker=False, queue=queue) as base, httpx.Client(base_url=base) as client:
        for _ in range(10):
            assert client.post("/api/analyses", json={"texts": [TEXT]}).status_code == 202
        refused = client.post("/api/analyses", json={"texts": [TEXT]})
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "7"
        assert "content-security-policy" in refused.headers
        assert "10 analyses waiting" in refused.json()["detail"]


def test_more_waiting_analyses_than_the_queue_holds_get_429(tmp_path: Path) -> None:
    jobs = JobStore(tmp_path / "web.db", QueueCaps(max_waiting=3, max_waiting_per_client=10))
    with live_server(tmp_path, start_worker=False, queue=jobs.caps):
        from corroborate.web.inputs import JobInputs
        from corroborate.web.jobs import QueueFullError

        for client in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
            jobs.submit(JobInputs(texts=[TEXT]), client=client)
        with pytest.raises(QueueFullError, match="3 analyses are waiting"):
            jobs.submit(JobInputs(texts=[TEXT]), client="10.0.0.4")


def test_stored_inputs_over_their_cap_drop_the_oldest_finished_inputs_first(tmp_path: Path) -> None:
    from corroborate.web.inputs import JobInputs
    from corroborate.web.jobs import QueueFullError

    big = "x" * 40_000
    with live_server(tmp_path, start_worker=False, queue=QueueCaps(max_stored_bytes=100_000)) as base:
        jobs = JobStore(tmp_path / "web.db", QueueCaps(max_stored_bytes=100_000))
        first = jobs.submit(JobInputs(texts=[big]), story="first")
        jobs.finish(first.id)
        second = jobs.submit(JobInputs(texts=[big]), story="second")
        third = jobs.submit(JobInputs(texts=[big]), story="third")  # over the cap: first's inputs make room
        assert jobs.inputs(second.id).texts == [big] and jobs.inputs(third.id).texts == [big]
        refused = httpx.post(base + "/api/stories/first/reanalyse")
        assert refused.status_code == 409
        assert "no longer kept" in refused.json()["detail"]
        with pytest.raises(QueueFullError, match="fill the"):  # the waiting ones are never dropped
            jobs.submit(JobInputs(texts=[big]), story="fourth")
