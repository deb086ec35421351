"""Stories `corroborate ingest` stored are first-class in the app: the full page (key
findings, quote groups), the report and the API's analysis document; named by their title
or lead sentence; a page with no dead person links and no internal labels."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from corroborate.store.sqlite import CorpusStore
from tests.store.small import small_analysis
from tests.web.conftest import make_client

STORY = "story-8a7bea7a11"
INTERNAL = ("unnamed:", "credits unknown", "/people/unknown", "/people/unnamed")


def _client(tmp_path: Path, *, titled: bool = True, document: bool = True) -> TestClient:
    db = tmp_path / "web.db"
    with CorpusStore(db) as store:
        store.save_story(STORY, small_analysis(titled=titled), [], "fingerprint")
        if not document:  # a store written before documents were kept
            store.db.execute("delete from documents")
            store.db.conn.commit()
    return make_client(tmp_path, db_path=db)


@pytest.fixture
def ingested(tmp_path: Path):
    with _client(tmp_path) as client:
        yield client


def test_ingested_story_page_has_key_findings_and_quote_groups(ingested: TestClient) -> None:
    page = ingested.get(f"/stories/{STORY}")
    assert page.status_code == 200
    assert 'id="h-findings"' in page.text and "altered quote" in page.text
    assert 'id="h-groups"' in page.text and "independent origin(s)" in page.text
    assert "<h1>Harbour bridge to close for repairs</h1>" in page.text


def test_ingested_story_report_is_served(ingested: TestClient) -> None:
    report = ingested.get(f"/stories/{STORY}/report")
    assert report.status_code == 200
    assert "Harbour bridge to close for repairs" in report.text


def test_api_ingested_story_has_the_analysis_document(ingested: TestClient) -> None:
    data = ingested.get(f"/api/stories/{STORY}").json()
    assert data["analysis"]["schema"] == "corroborate/analysis/1"
    assert [g["id"] for g in data["analysis"]["quote_groups"]] == ["g1"]
    assert data["tables"] is None


def test_story_stored_without_document_shows_its_rows_and_how_to_get_more(tmp_path: Path) -> None:
    with _client(tmp_path, document=False) as client:
        page = client.get(f"/stories/{STORY}")
        assert page.status_code == 200
        assert "run the same <code>ingest</code> again" in page.text
        assert client.get(f"/api/stories/{STORY}").json()["tables"]["quotes"]


def test_untitled_story_is_named_by_its_lead_sentence_on_home_and_page(tmp_path: Path) -> None:
    with _client(tmp_path, titled=False) as client:
        home = client.get("/").text
        listed = re.search(rf'<a href="/stories/{STORY}">([^<]+)</a>', home)
        assert listed is not None and listed.group(1) != STORY
        page = client.get(f"/stories/{STORY}").text
        assert f"<h1>{listed.group(1)}</h1>" in page
        assert f"<title>{listed.group(1)} · corroborate</title>" in page


def test_story_page_of_unnamed_spokesperson_has_no_internal_label_and_no_dead_link(ingested: TestClient) -> None:
    page = ingested.get(f"/stories/{STORY}").text
    for label in INTERNAL:
        assert label not in page, label
    assert "an unnamed spokesperson" in page
    for href in sorted(set(re.findall(r'href="(/(?:people|outlets)/[^"]+)"', page))):
        assert ingested.get(href.replace("&amp;", "&")).status_code == 200, href


def test_speaker_police_gets_no_person_link(ingested: TestClient) -> None:
    page = ingested.get(f"/stories/{STORY}").text
    assert "/people/Police" not in page
    assert "Police" in page


def test_merge_dropdown_offers_people_only_and_no_self_merge(ingested: TestClient) -> None:
    page = ingested.get(f"/stories/{STORY}").text
    form = page[page.index('value="merge_people"') : page.index("</form>", page.index('value="merge_people"'))]
    target, value = re.findall(r'<select name="(?:target|value)">(.*?)</select>', form)
    assert re.findall(r"<option[^>]*>([^<]+)</option>", target) == ["Barack Obama", "Maria Lopez"]
    assert "<option selected>Barack Obama</option>" in target
    assert "<option selected>Maria Lopez</option>" in value


def test_api_merge_of_barack_obama_into_himself_is_refused(ingested: TestClient) -> None:
    body = {"kind": "merge_people", "target": "Barack Obama", "value": "barack  obama"}
    response = ingested.post(f"/api/stories/{STORY}/corrections", json=body)
    assert response.status_code == 400
    assert "itself" in response.json()["detail"]


def test_citation_of_daily_ledger_links_both_outlets(ingested: TestClient) -> None:
    page = ingested.get(f"/stories/{STORY}").text
    table = page[page.index('<table class="edges">') :]
    table = table[: table.index("</table>")]
    assert '<a href="/outlets/Valley%20Post">Valley Post</a>' in table
    assert '<a href="/outlets/Daily%20Ledger">Daily Ledger</a>' in table
    assert "outlet unknown" not in table


def test_sections_fold_with_findings_first_and_open(ingested: TestClient) -> None:
    page = ingested.get(f"/stories/{STORY}").text
    folds = re.findall(r'<details class="fold" id="(\w+)"( open)?>', page)
    assert folds[0] == ("findings", " open")
    assert [name for name, _ in folds[1:]] == ["speakers", "groups", "claims", "changes", "corrections"]
    assert all(not opened for _, opened in folds[1:])


def test_long_quote_finding_shows_an_aligned_diff(ingested: TestClient) -> None:
    page = ingested.get(f"/stories/{STORY}").text
    summary = page[page.index('class="changed-summary"') :]
    summary = summary[: summary.index("</p>")]
    assert "<del>every driver</del> <ins>the drivers</ins>" in summary
    assert "who" in summary and "the bridge" in summary  # the unchanged words between changes stay, in order
    assert summary.index("<del>every driver</del>") < summary.index("the bridge") < summary.index("<del>each</del>")


def test_latest_jobs_list_names_the_story_by_its_title(client: TestClient, analysed: dict[str, Any]) -> None:
    home = client.get("/").text
    jobs = home[home.index('<ul class="jobs">') :]
    assert "Questions mount over Ferris Street Bridge repairs" in jobs[: jobs.index("</ul>")]


def test_correction_to_an_ingested_quote_shows_at_once(ingested: TestClient) -> None:
    quote = next(q for q in small_analysis().quotes if q.id == "ledger-1-q2")
    body = {"kind": "quote_kind", "target": f"{quote.article}:{quote.start}:{quote.end}", "value": "indirect"}
    assert ingested.post(f"/api/stories/{STORY}/corrections", json=body).status_code == 201
    quotes = ingested.get(f"/api/stories/{STORY}").json()["analysis"]["quotes"]
    assert next(q["kind"] for q in quotes if q["id"] == "ledger-1-q2") == "indirect"
