"""Every error is the app's own page, with its headers, saying what happened (issue 18,
item 6): a lone surrogate in JSON, a damaged store, a request uvicorn cannot parse."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path

import httpx
import pytest

from corroborate.web.app import StoreDamagedError, WebConfig, create_app
from corroborate.web.tables import ensure_tables
from tests.web.conftest import FAKE
from tests.web.live import live_server

SURROGATE_TEXT = b'{"texts": ["The mayor \\ud800 said so."]}'
SURROGATE_DOCUMENT = b'{"documents": [{"name": "a.txt", "content": "Headline\\n\\nIt is \\udfff here."}]}'


def assert_app_headers(headers: httpx.Headers) -> None:
    assert "default-src 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("body", [SURROGATE_TEXT, SURROGATE_DOCUMENT], ids=["texts", "documents-content"])
def test_a_lone_surrogate_in_json_is_a_400_with_the_app_headers(tmp_path: Path, body: bytes) -> None:
    with live_server(tmp_path) as base:
        response = httpx.post(base + "/api/analyses", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert "lone surrogate" in response.json()["detail"]
    assert_app_headers(response.headers)


def damaged_store(path: Path) -> None:
    """A store with a few hundred rows, then some of its data pages overwritten with noise."""
    ensure_tables(path)
    db = sqlite3.connect(path)
    with db:
        db.executemany(
            "insert into web_jobs (id, story, state, inputs, created, updated) values (?, 's', 'done', ?, 'x', 'x')",
            [(f"job{n}", "{}" * 200) for n in range(400)],
        )
    db.execute("pragma wal_checkpoint(truncate)")
    db.close()
    pages = path.stat().st_size // 4096
    with path.open("r+b") as handle:  # every other page of the second half: web_jobs' rows live there
        for page in range(pages // 2, pages, 2):
            handle.seek(page * 4096)
            handle.write(b"\xa5" * 4096)


def test_a_store_damaged_in_its_data_pages_is_named_at_start_up(tmp_path: Path) -> None:
    damaged_store(tmp_path / "web.db")
    with pytest.raises(StoreDamagedError, match=r"is damaged \(SQLite's quick_check"):
        create_app(WebConfig(db_path=tmp_path / "web.db", worker_mode="thread", analyser=FAKE))


def test_a_store_damaged_while_serving_is_named_on_the_page(tmp_path: Path) -> None:
    with live_server(tmp_path, start_worker=False) as base:
        damaged_store(tmp_path / "web.db")
        page = httpx.get(base + "/")
        api = httpx.get(base + "/api/analyses/job7")
    assert page.status_code == 503 and "is damaged" in page.text and "<html" in page.text
    assert api.status_code == 503 and "is damaged" in api.json()["detail"]
    assert_app_headers(page.headers)
    assert_app_headers(api.headers)


def test_a_request_line_uvicorn_cannot_parse_gets_the_app_headers(tmp_path: Path) -> None:
    with live_server(tmp_path) as base:
        host, port = base.removeprefix("http://").rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].lower()
    assert answer.startswith(b"HTTP/1.1 400")
    assert b"content-security-policy: default-src 'none'" in head
    assert b"x-content-type-options: nosniff" in head
