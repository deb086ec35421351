"""A story `corroborate ingest` stored, walked in headless Chromium as a reader would:
home -> the story (by its title) -> its report -> a person -> an outlet. Every page loads,
no link on the way is a 404, and no internal label ("unnamed: …", "credits unknown") shows.

Real model (marked `model`): the store is made by `ingest` from the example story."""

from __future__ import annotations

import asyncio
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from corroborate.settings import Settings
from corroborate.store import IngestOptions, ingest
from corroborate.web.app import WebConfig, create_app
from tests.report.test_html_browser import ARGS, CHROMIUM, INSTALL_HINT
from tests.web.conftest import EXAMPLE

pytestmark = pytest.mark.model
OUTLETS = EXAMPLE.parent / "outlets.yaml"
INTERNAL = re.compile(r"unnamed:|credits unknown|/people/unknown|/people/unnamed")


@pytest.fixture(scope="module")
def ingested_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under uvicorn on a free loopback port, on a store only `ingest` wrote."""
    import uvicorn

    db = tmp_path_factory.mktemp("ingested") / "corpus.db"
    report = ingest([str(EXAMPLE)], db, Settings(outlet_files=(OUTLETS,), claim_embeddings=False), IngestOptions(workers=1))
    assert report.stories_analysed == 1 and not report.errors
    app = create_app(WebConfig(db_path=db, worker_mode="thread", outlet_files=(OUTLETS,)))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed")
    if not CHROMIUM.exists():
        pytest.skip(INSTALL_HINT)
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def _check_page(page: Any, base: str, seen: set[str]) -> str:
    """The page's text, after checking it shows no internal label and none of its person or outlet links is a 404."""
    text = page.inner_text("body")
    assert not INTERNAL.search(text), (page.url, INTERNAL.search(text))
    for href in page.eval_on_selector_all(
        "a[href^='/people/'], a[href^='/outlets/']", "nodes => nodes.map(n => n.getAttribute('href'))"
    ):
        assert not INTERNAL.search(href), href
        if href not in seen:
            seen.add(href)
            assert page.request.get(base + href).status == 200, href
    return text


def test_walk_home_story_report_person_outlet(ingested_server: str, browser: Any) -> None:
    base = ingested_server
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    statuses: list[tuple[int, str]] = []
    page.on("response", lambda response: statuses.append((response.status, response.url)))
    seen: set[str] = set()

    page.goto(base + "/")
    link = page.locator("table.stories a").first
    title = link.inner_text()
    assert title and not title.startswith("story-"), title  # named by its headline, not its id
    link.click()
    page.wait_for_selector("#findings")
    story_text = _check_page(page, base, seen)
    assert title in page.title()
    assert page.locator("h1").inner_text() == title
    assert "Key findings" in story_text and "Quote groups" in story_text
    story_url = page.url

    page.click("text=Full report")
    page.wait_for_load_state()
    assert "/report" in page.url
    report_text = page.inner_text("body")
    assert "Key findings" in report_text or "key findings" in report_text.lower()
    assert not INTERNAL.search(report_text), INTERNAL.search(report_text)

    page.goto(story_url)
    page.locator("#speakers > summary").click()  # a folded section opens
    person = page.locator("#speakers a[href^='/people/']").first
    name = person.inner_text()
    person.click()
    page.wait_for_selector("h1")
    assert page.locator("h1").inner_text() == name
    _check_page(page, base, seen)

    outlet = page.locator("main a[href^='/outlets/']").first
    outlet_name = outlet.inner_text()
    outlet.click()
    page.wait_for_selector("h1")
    assert page.locator("h1").inner_text() == outlet_name
    _check_page(page, base, seen)

    assert not [s for s in statuses if s[0] >= 400], statuses
    page.close()
