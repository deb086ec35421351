"""A story `corroborate ingest` stored, walked in headless Chromium as a reader would:
home -> the story (by its title) -> its report -> a person -> an outlet. Every page loads,
no link on the way is a 404, and no internal label ("unnamed: …", "credits unknown") shows.

Real model (marked `model`): the store is made by `ingest` from the example story."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from corroborate.settings import Settings
from corroborate.store import IngestOptions, ingest
from tests.web.conftest import EXAMPLE
from tests.web.live import live_server

pytestmark = pytest.mark.model
OUTLETS = EXAMPLE.parent / "outlets.yaml"
INTERNAL = re.compile(r"unnamed:|credits unknown|/people/unknown|/people/unnamed")


@pytest.fixture(scope="module")
def ingested_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under uvicorn (the protocol `serve` uses) on a free loopback port, on a
    store only `ingest` wrote; no analysis is submitted, so its worker's analyser is the fake."""
    db = tmp_path_factory.mktemp("ingested") / "corpus.db"
    report = ingest([str(EXAMPLE)], db, Settings(outlet_files=(OUTLETS,), claim_embeddings=False), IngestOptions(workers=1))
    assert report.stories_analysed == 1 and not report.errors
    with live_server(db.parent, db_path=db, outlet_files=(OUTLETS,)) as base:
        yield base


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
