"""Fixtures for the web app: an app on a temporary store, its worker in a thread, and the
fake analyser (no model) unless a test asks for the real one."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from corroborate.web.app import WebConfig, create_app
from corroborate.web.inputs import Caps

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "millbrook-bridge"
FAKE = "tests.web.fakes:fake_analyse"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def example_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))]


def make_client(tmp_path: Path, **overrides: Any) -> TestClient:
    options: dict[str, Any] = {"db_path": tmp_path / "web.db", "worker_mode": "thread", "analyser": FAKE}
    options.update(overrides)
    return TestClient(create_app(WebConfig(**options)), base_url="http://127.0.0.1:8000")


@pytest.fixture
def client_factory(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    clients: list[TestClient] = []

    def factory(**overrides: Any) -> TestClient:
        client = make_client(tmp_path, **overrides)
        client.__enter__()
        clients.append(client)
        return client

    yield factory
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(client_factory: Callable[..., TestClient]) -> TestClient:
    return client_factory()


def csrf_token(client: TestClient, path: str = "/") -> str:
    match = CSRF.search(client.get(path).text)
    assert match, "the page has no CSRF token"
    return match.group(1)


def wait_job(client: TestClient, job_id: str, timeout: float = 20.0, headers: dict[str, str] | None = None) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = client.get(f"/api/analyses/{job_id}", headers=headers or {}).json()
        if job["state"] in ("done", "failed"):
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} still {job['state']} after {timeout} s")


def submit_example(client: TestClient, headers: dict[str, str] | None = None) -> dict[str, Any]:
    response = client.post("/api/analyses", json={"texts": example_texts()}, headers=headers or {})
    assert response.status_code == 202, response.text
    return wait_job(client, response.json()["id"], headers=headers)


@pytest.fixture
def analysed(client: TestClient) -> dict[str, Any]:
    job = submit_example(client)
    assert job["state"] == "done", job
    return job


SMALL_CAPS = Caps(
    max_request_bytes=64 * 1024, max_files=2, max_file_bytes=4096, max_total_bytes=6000, max_texts=3, max_urls=2, url_timeout=2.0
)


class LocalSite:
    """A real HTTP server on 127.0.0.1 (no internet): pages, redirects, and a hit counter."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        self.pages: dict[str, tuple[int, dict[str, str], bytes]] = {}
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                site.hits.append(self.path)
                status, headers, body = site.pages.get(self.path, (404, {}, b"not here"))
                self.send_response(status)
                for key, value in {"Content-Type": "text/plain; charset=utf-8", **headers}.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site() -> Iterator[LocalSite]:
    server = LocalSite()
    yield server
    server.close()
