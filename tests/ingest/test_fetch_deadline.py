"""One deadline covers the whole fetch: a server that drips its headers (each byte within
the socket timeout) or its body is cut off at `timeout`, not held for ever. Real sockets
on 127.0.0.1."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from corroborate.errors import FetchError
from corroborate.ingest.fetch import fetch_url

TIMEOUT_S = 1.0
BYTE_EVERY_S = 0.2  # well within the socket timeout: only a whole-fetch deadline stops it


def drip_server(response: bytes) -> Iterator[str]:
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(10)
    stop = threading.Event()

    def serve() -> None:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        with conn:
            conn.recv(65536)
            for byte in response:
                if stop.is_set():
                    return
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    return
                time.sleep(BYTE_EVERY_S)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/story"
    stop.set()
    listener.close()


@pytest.fixture
def dripped_headers() -> Iterator[str]:
    yield from drip_server(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Padding: " + b"a" * 400 + b"\r\n\r\nhello")


@pytest.fixture
def dripped_body() -> Iterator[str]:
    yield from drip_server(b"HTTP/1.1 200 OK\r\nContent-Length: 400\r\n\r\n" + b"b" * 400)


def test_a_server_sending_its_headers_one_byte_at_a_time_is_cut_at_the_deadline(dripped_headers: str) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"within 1 s"):
        fetch_url(dripped_headers, timeout=TIMEOUT_S, max_bytes=10_000, max_redirects=0)
    assert time.monotonic() - started < TIMEOUT_S + 1.0


def test_a_server_sending_its_headers_one_byte_at_a_time_is_cut_with_the_address_guard_too(dripped_headers: str) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"within 1 s"):
        fetch_url(dripped_headers, timeout=TIMEOUT_S, max_bytes=10_000, max_redirects=0, address_guard=lambda h, a: None)
    assert time.monotonic() - started < TIMEOUT_S + 1.0


def test_a_server_dripping_its_body_is_cut_at_the_deadline(dripped_body: str) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"within 1 s"):
        fetch_url(dripped_body, timeout=TIMEOUT_S, max_bytes=10_000, max_redirects=0)
    assert time.monotonic() - started < TIMEOUT_S + 1.0


def test_a_host_whose_name_does_not_resolve_within_the_deadline_is_cut_at_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The system resolver takes no timeout; one that hangs (a dead DNS server) must not
    # hold the fetch past its deadline, with or without the address guard.
    real = socket.getaddrinfo

    def hanging_resolver(host: str, *args: object, **kwargs: object) -> list:
        if host == "slow-dns.invalid":
            time.sleep(4)
        return real(host, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket, "getaddrinfo", hanging_resolver)
    for guard in (None, lambda h, a: None):
        started = time.monotonic()
        with pytest.raises(FetchError, match=r"within 1 s"):
            fetch_url("http://slow-dns.invalid/story", timeout=TIMEOUT_S, max_bytes=10_000, max_redirects=0, address_guard=guard)
        assert time.monotonic() - started < TIMEOUT_S + 1.0
