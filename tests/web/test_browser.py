"""The whole app in headless Chromium: paste the example story into the form, wait for the
background job, see the findings; no CSP violation, no request leaving the server.

Real model (marked `model`), Debian's Chromium driven by the `playwright` package (never a
downloaded browser). `CORROBORATE_SCREENSHOTS=DIR` also saves docs/web.md's screenshots
(serve-home.png, serve-story.png) there."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from corroborate.web.app import WebConfig, create_app
from tests.web.conftest import EXAMPLE, example_texts

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under uvicorn on a free loopback port, its worker in a thread with the real analyser."""
    import uvicorn

    db = tmp_path_factory.mktemp("live") / "web.db"
    outlets = (EXAMPLE.parent / "outlets.yaml",)
    app = create_app(WebConfig(db_path=db, worker_mode="thread", outlet_files=outlets))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_paste_the_example_story_and_see_the_findings(live_server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    problems: list[str] = []
    requests: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(live_server + "/")
    page.fill("#texts", "\n=====\n".join(example_texts()))
    shots = os.environ.get("CORROBORATE_SCREENSHOTS")
    page.click("button[type=submit] >> text=Analyse")
    page.wait_for_url("**/stories/**")
    page.wait_for_selector("#findings", timeout=120_000)  # app.js reloads the page when the job ends
    findings = page.inner_text("#findings")
    assert "attribution drift" in findings and "altered quote" in findings
    assert "Priya Natarajan" in findings and "Walter Haines" in findings
    assert "conflicting claim" in findings
    assert not [p for p in problems if "Content Security Policy" in p or "Refused" in p], problems
    assert all(url.startswith(live_server) or url.startswith("data:") for url in requests), requests
    if shots:
        folder = Path(shots)
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=str(folder / "serve-story.png"), clip={"x": 0, "y": 0, "width": 1100, "height": 1300}, full_page=True
        )
        page.goto(live_server + "/")
        page.fill("#texts", example_texts()[0][:600])
        page.screenshot(path=str(folder / "serve-home.png"), full_page=False)
    # The report and the search work in the browser too, without CSP complaints.
    page.goto(live_server + "/search?q=gamble")
    assert "people’s safety" in page.inner_text("main")
    assert not [p for p in problems if "Content Security Policy" in p], problems


def test_pages_work_without_javascript(live_server: str, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server + "/")
    page.fill("#texts", example_texts()[1])
    page.click("button[type=submit] >> text=Analyse")
    page.wait_for_url("**/stories/**")
    # The noscript refresh brings the result without any script.
    page.wait_for_selector("#findings", timeout=120_000)
    assert "Who said what" in page.inner_text("main")
    context.close()
