"""The story page's claims matrix, on a real server: one row per event (claim group), one
column per outlet, each cell the outlet's own sentence with its figures marked, the
status with its evidence, and "one origin" for a single source several outlets repeat.
A claim sentence is article text, hostile input: its markup shows as text.

The story is hand-made (three outlets on a ferry that ran aground; every text written for
these tests) and stored as `corroborate ingest` stores one, so no model runs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import lxml.html
import pytest

from corroborate.model import Analysis, Article, Claim, ClaimGroup, Provenance, Quantity
from corroborate.report.sections import claim_matrix_data
from corroborate.store.sqlite import CorpusStore
from corroborate.web.security import APP_CSP
from tests.web.live import live_server
from tests.web.test_pages import INLINE_HANDLER, INLINE_SCRIPT

STORY = "story-ferry"
HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'
BIDI = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: what follows would read backwards
TEXTS = {
    "post": (
        "Harbour Post",
        "The Kestrel Bay ferry carried 120 passengers when it ran aground on Tuesday. "
        "Port officials said the captain had logged 14 hours at the wheel. "
        "The operator cut two safety inspections last year, the union said. "
        "Rescue crews reached the ferry within 40 minutes.",
    ),
    "times": (
        "Coast Times",
        "The Kestrel Bay ferry carried 95 passengers when it ran aground. "
        "The captain had worked 14 hours, port officials said. "
        "The operator cut two safety inspections last year, according to the union. "
        "Kestrel Lines denied cutting any inspection. "
        f"Tide tables for the bay were posted {BIDI}late.",
    ),
    "daily": (
        "Bay Daily",
        f"Port officials said the captain had logged 14 hours{HOSTILE} at the wheel. "
        "Coast guard and harbour police said rescue crews arrived within 40 minutes.",
    ),
}


def _claim(article: str, number: int, sentence: str, *figures: str) -> Claim:
    """The claim `sentence` of `article`, with its figures at their article offsets (as the extractor gives them)."""
    text = TEXTS[article][1]
    start = text.index(sentence)
    quantities = []
    for figure in figures:
        at = text.index(figure, start)
        quantities.append(Quantity(text=figure, start=at, end=at + len(figure), min=None, max=None, unit=None))
    return Claim(
        id=f"{article}:c{number}",
        article=article,
        text=sentence,
        start=start,
        end=start + len(sentence),
        quantities=tuple(quantities),
    )


def ferry_story() -> Analysis:
    claims = (
        _claim("post", 1, "The Kestrel Bay ferry carried 120 passengers when it ran aground on Tuesday.", "120 passengers"),
        _claim("times", 1, "The Kestrel Bay ferry carried 95 passengers when it ran aground.", "95 passengers"),
        _claim("post", 2, "Port officials said the captain had logged 14 hours at the wheel.", "14 hours"),
        _claim("times", 2, "The captain had worked 14 hours, port officials said.", "14 hours"),
        _claim("daily", 1, f"Port officials said the captain had logged 14 hours{HOSTILE} at the wheel.", "14 hours"),
        _claim("post", 3, "The operator cut two safety inspections last year, the union said.", "two safety inspections"),
        _claim("times", 3, "The operator cut two safety inspections last year, according to the union."),
        _claim("times", 4, "Kestrel Lines denied cutting any inspection."),
        _claim("post", 4, "Rescue crews reached the ferry within 40 minutes.", "40 minutes"),
        _claim("daily", 2, "Coast guard and harbour police said rescue crews arrived within 40 minutes.", "40 minutes"),
        _claim("times", 5, f"Tide tables for the bay were posted {BIDI}late."),
    )
    by_id = {c.id: c for c in claims}

    def span(claim_id: str, words: str) -> list[int]:
        claim = by_id[claim_id]
        at = claim.start + claim.text.index(words)
        return [at, at + len(words)]

    groups = (
        ClaimGroup(
            id="cg1", claims=("post:c1", "times:c1"), status="conflicting", outlets=("Harbour Post", "Coast Times"),
            sources=("Harbour Post", "Coast Times"), independent_sources=2,
            conflicts=({
                "kind": "quantity", "a": "post:c1", "b": "times:c1", "a_text": "120 passengers", "b_text": "95 passengers",
                "a_span": span("post:c1", "120 passengers"), "b_span": span("times:c1", "95 passengers"),
            },),
        ),
        ClaimGroup(
            id="cg2", claims=("post:c3", "times:c3"), status="disputed", outlets=("Harbour Post", "Coast Times"),
            sources=("the union",), independent_sources=1, disputed_by=("Kestrel Lines",),
            denials=({"claim": "times:c4", "by": "Kestrel Lines", "text": "Kestrel Lines denied cutting any inspection."},),
        ),
        ClaimGroup(
            id="cg3", claims=("post:c2", "times:c2", "daily:c1"), status="single_source",
            outlets=("Harbour Post", "Coast Times", "Bay Daily"), sources=("port officials",), independent_sources=1,
        ),
        ClaimGroup(
            id="cg4", claims=("post:c4", "daily:c2"), status="corroborated", outlets=("Harbour Post", "Bay Daily"),
            sources=("coast guard", "harbour police"), independent_sources=2,
        ),
        ClaimGroup(
            id="cg5", claims=("times:c5",), status="single_source", outlets=("Coast Times",), sources=("Coast Times",),
            independent_sources=1,
        ),
    )  # fmt: skip
    articles = tuple(
        Article(
            id=key,
            source=f"{key}.txt",
            outlet=outlet,
            title="Ferry runs aground",
            published="2026-01-06",
            language="en",
            text=text,
        )
        for key, (outlet, text) in TEXTS.items()
    )
    return Analysis(
        provenance=Provenance(
            tool_version="test", model=None, model_version=None, settings={}, inputs=(), created="2026-01-07T00:00:00Z"
        ),
        articles=articles,
        claims=claims,
        claim_groups=groups,
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("claims") / "web.db"
    with CorpusStore(db) as store:
        store.save_story(STORY, ferry_story(), [], "fingerprint")
    with live_server(db.parent, db_path=db) as base:
        yield base


def _matrix(html: str) -> list[dict[str, Any]]:
    """The matrix's rows as {"group", "status" (the row header's text), "cells": [text], "marks": [[(class, text)]]}."""
    table = lxml.html.fromstring(html).get_element_by_id("claims").find_class("claims")[0]
    rows = []
    for tr in table.xpath("./tbody/tr"):
        tds = tr.xpath("./td")
        rows.append(
            {
                "group": tr.get("id"),
                "status": " ".join(tr.xpath("./th")[0].text_content().split()),
                "cells": [" ".join(td.text_content().split()) for td in tds],
                "marks": [[(m.get("class"), m.text_content()) for m in td.iter("mark")] for td in tds],
            }
        )
    return rows


@pytest.fixture(scope="module")
def page(server: str) -> httpx.Response:
    response = httpx.get(f"{server}/stories/{STORY}", timeout=30)
    assert response.status_code == 200, response.text
    return response


def test_one_row_per_shared_event_one_column_per_outlet_each_with_its_own_sentence(page: httpx.Response) -> None:
    rows = _matrix(page.text)
    assert [r["group"] for r in rows] == ["claim-cg1", "claim-cg2", "claim-cg4", "claim-cg3"]  # most severe status first
    header = lxml.html.fromstring(page.text).find_class("claims")[0].xpath("./thead/tr/th")
    assert [th.text_content() for th in header] == ["Status and evidence", "Harbour Post", "Coast Times", "Bay Daily"]
    conflicting = rows[0]
    assert conflicting["cells"][0].startswith("≠ conflicts 120 passengers The Kestrel Bay ferry carried 120 passengers")
    assert conflicting["cells"][1].startswith("≠ conflicts 95 passengers The Kestrel Bay ferry carried 95 passengers")
    assert conflicting["cells"][2] == "–not carried"  # a dash, and the words for a screen reader
    one_origin = rows[3]
    assert one_origin["cells"][1] == "✓ carried 14 hours The captain had worked 14 hours, port officials said."


def test_each_outlets_figures_are_marked_and_the_conflicting_ones_marked_so(page: httpx.Response) -> None:
    rows = {r["group"]: r for r in _matrix(page.text)}
    assert rows["claim-cg1"]["marks"] == [[("clash", "120 passengers")], [("clash", "95 passengers")], []]
    assert rows["claim-cg3"]["marks"] == [[("fig", "14 hours")]] * 3
    assert rows["claim-cg2"]["marks"] == [[("fig", "two safety inspections")], [], []]


def test_the_status_reads_with_its_evidence(page: httpx.Response) -> None:
    status = {r["group"]: r["status"] for r in _matrix(page.text)}
    assert status["claim-cg1"] == (
        "conflicting 2 independent source(s) Harbour Post: “120 passengers” vs Coast Times: “95 passengers”"
    )
    assert status["claim-cg2"] == (
        "disputed 1 independent source(s) Kestrel Lines (Coast Times): “Kestrel Lines denied cutting any inspection.”"
    )
    assert status["claim-cg4"] == "corroborated 2 independent sources: coast guard, harbour police"
    assert status["claim-cg3"] == (
        "single source, one origin carried by 3 outlets one source: port officials, repeated by 3 outlets"
    )


def test_a_claim_one_outlet_carries_is_listed_below_with_its_source(page: httpx.Response) -> None:
    item = lxml.html.fromstring(page.text).get_element_by_id("claim-cg5")
    assert (
        " ".join(item.text_content().split())
        == "Coast Times: Tide tables for the bay were posted \ufffdlate. (one source: Coast Times)"
    )


def test_a_bidi_override_in_a_claim_is_shown_not_obeyed(page: httpx.Response) -> None:
    assert BIDI not in page.text  # made visible one for one (U+FFFD), as the HTML report does


def test_markup_in_a_claim_sentence_is_text_and_the_page_keeps_its_csp(page: httpx.Response) -> None:
    assert page.headers["content-security-policy"] == APP_CSP
    assert not INLINE_SCRIPT.search(page.text) and not INLINE_HANDLER.search(page.text)
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;&lt;img src=x onerror=" in page.text
    cell = _matrix(page.text)[3]["cells"][2]
    assert cell == f"✓ carried 14 hours Port officials said the captain had logged 14 hours{HOSTILE} at the wheel."


def test_the_api_gives_the_matrix_the_page_shows(server: str) -> None:
    data = httpx.get(f"{server}/api/stories/{STORY}", timeout=30).json()
    assert data["claims_matrix"] == claim_matrix_data(ferry_story())
    row = next(r for r in data["claims_matrix"]["rows"] if r["group"] == "cg1")
    assert row["cells"][0]["sentences"][0]["marks"][1] == {"text": "120 passengers", "mark": "conflict"}


def test_in_a_browser_the_hostile_sentence_runs_nothing(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{server}/stories/{STORY}#claims")  # app.js opens the folded section the link names
    matrix = page.locator("table.claims")
    matrix.wait_for(state="visible")
    assert page.evaluate("window.__pwned") is None
    assert page.locator("table.claims img, table.claims script").count() == 0
    cell = page.locator("#claim-cg3 td").nth(2).inner_text()
    assert HOSTILE in cell
    assert page.locator("#claim-cg1 mark.clash").first.inner_text() == "120 passengers"
    assert not problems, problems


def test_claim_search_says_one_origin_and_links_to_the_row(server: str) -> None:
    page = httpx.get(f"{server}/search", params={"tab": "claims", "status": "single_source"}, timeout=30).text
    items = {
        li.xpath(".//a")[0].get("href"): " ".join(li.xpath("./span")[0].text_content().split())
        for li in lxml.html.fromstring(page).find_class("results-list")[0].xpath("./li")
    }
    assert items == {
        f"/stories/{STORY}#claim-cg3": "single source, one origin carried by 3 outlets",
        f"/stories/{STORY}#claim-cg5": "single source",
    }


def test_in_a_browser_a_link_to_a_claim_opens_its_folds(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(f"{server}/search?tab=claims&status=single_source")
    page.click(f"a[href='/stories/{STORY}#claim-cg5']")
    page.wait_for_url(f"**/stories/{STORY}#claim-cg5")
    row = page.locator("#claim-cg5")
    row.wait_for(state="visible")  # inside two folds, which the browser opens for the fragment
    assert "Tide tables" in row.inner_text()
    fresh = browser.new_page(viewport={"width": 1100, "height": 900})
    fresh.goto(f"{server}/stories/{STORY}#claim-cg3")
    fresh.locator("#claim-cg3").wait_for(state="visible")
    assert fresh.locator("#claims details.singles").evaluate("node => node.open") is False  # only the folds around it
