"""Every page, through the TestClient: what it shows, and its errors as HTML pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from corroborate.web.security import APP_CSP
from tests.web.conftest import csrf_token, example_texts, wait_job

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)


def assert_safe_page(response: Any) -> None:
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["content-security-policy"] == APP_CSP
    assert response.headers["x-content-type-options"] == "nosniff"
    assert not INLINE_SCRIPT.search(response.text), "inline script"
    assert not INLINE_HANDLER.search(response.text), "inline event handler"
    assert "style=" not in response.text


def test_home_shows_the_form_and_recent_stories(client: TestClient, analysed: dict[str, Any]) -> None:
    client.cookies.clear()  # a new browser: it gets a session cookie
    response = client.get("/")
    assert response.status_code == 200
    assert_safe_page(response)
    assert 'action="/analyses"' in response.text and 'enctype="multipart/form-data"' in response.text
    assert "Questions mount over Ferris Street Bridge repairs" in response.text  # a recent story, by its title
    assert "corroborate_session=" in response.headers["set-cookie"]
    assert "SameSite=Strict" in response.headers["set-cookie"] and "HttpOnly" in response.headers["set-cookie"]


def test_form_submission_runs_a_job_and_the_story_page_shows_findings(client: TestClient) -> None:
    token = csrf_token(client)
    pasted = "\n=====\n".join(example_texts())
    response = client.post("/analyses", data={"csrf_token": token, "texts": pasted, "urls": ""}, follow_redirects=False)
    assert response.status_code == 303
    story_url = response.headers["location"]
    story = story_url.rsplit("/", 1)[1]
    job = client.get(f"/api/stories/{story}").json()["job"]
    wait_job(client, job["id"])
    page = client.get(story_url)
    assert page.status_code == 200
    assert_safe_page(page)
    assert "altered quote" in page.text and "people’s" in page.text
    assert 'href="/people/Okafor"' in page.text
    assert f'href="/stories/{story}/report"' in page.text
    assert '<table class="edges">' in page.text and '</td><td class="num">1</td>' in page.text  # who cites whom


def test_running_job_page_refreshes_without_script(client: TestClient) -> None:
    from tests.web import fakes

    fakes.SLOW_SECONDS["value"] = 0.3
    try:
        job = client.post("/api/analyses", json={"texts": example_texts()}).json()
        page = client.get(f"/stories/{job['story']}")
        assert 'data-job="' in page.text
        assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page.text
        assert "<progress" in page.text
    finally:
        fakes.SLOW_SECONDS["value"] = 0.0
        wait_job(client, job["id"])


def test_report_page_has_its_own_hash_csp(client: TestClient, analysed: dict[str, Any]) -> None:
    response = client.get(f"/stories/{analysed['story']}/report")
    assert response.status_code == 200
    csp = response.headers["content-security-policy"]
    assert "script-src 'sha256-" in csp and "unsafe-inline" not in csp


def test_search_quotes_with_facets(client: TestClient, analysed: dict[str, Any]) -> None:
    response = client.get("/search", params={"q": "gamble safety"})
    assert response.status_code == 200
    assert_safe_page(response)
    assert "2 result(s)" in response.text
    assert "people’s safety" in response.text
    filtered = client.get("/search", params={"q": "gamble", "outlet": "KMBK News"})
    assert "1 result(s)" in filtered.text


def test_search_claims_by_status(client: TestClient, analysed: dict[str, Any]) -> None:
    response = client.get("/search", params={"tab": "claims", "status": "corroborated"})
    assert response.status_code == 200
    assert "corroborated" in response.text
    assert client.get("/search", params={"tab": "claims", "status": "nonsense"}).status_code == 400


def test_search_with_fts_syntax_is_only_text(client: TestClient, analysed: dict[str, Any]) -> None:
    for query in ('"unbalanced', "NEAR(a b", "a OR", "*", "text:foo", "'; drop table quotes; --"):
        assert client.get("/search", params={"q": query}).status_code == 200


def test_person_and_outlet_pages(client: TestClient, analysed: dict[str, Any]) -> None:
    person = client.get("/people/Okafor")
    assert person.status_code == 200
    assert_safe_page(person)
    assert "What outlets printed differently" in person.text and "people’s" in person.text
    outlet = client.get("/outlets/KMBK%20News")
    assert outlet.status_code == 200
    assert "differ from other outlets" in outlet.text and "anyone&#39;s" in outlet.text


@pytest.mark.parametrize(
    "path",
    [
        "/stories/nope",
        "/people/Nobody%20Here",
        "/outlets/Nowhere",
        "/stories/nope/report",
        "/static/../../etc/passwd",
        "/static/app.py",
        "/nothing",
    ],
)
def test_missing_things_are_html_404s(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["content-security-policy"] == APP_CSP


def test_static_files_come_from_a_fixed_list(client: TestClient) -> None:
    for name, kind in (("app.css", "text/css"), ("app.js", "text/javascript"), ("report.css", "text/css")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and response.headers["content-type"].startswith(kind)


def test_bad_query_values_give_400_pages(client: TestClient) -> None:
    assert client.get("/search", params={"offset": "-1"}).status_code == 400
    assert client.get("/search", params={"tab": "other"}).status_code == 400


def test_wrong_method_is_405(client: TestClient) -> None:
    assert client.delete("/").status_code == 405
    assert client.get("/analyses").status_code == 405


def test_untrusted_text_is_escaped(client: TestClient) -> None:
    hostile = 'Bad <script>alert(1)</script> headline\n\n"We <img src=x onerror=alert(2)> did it," Evil Person said.\n'
    job = client.post("/api/analyses", json={"texts": [hostile]}).json()
    wait_job(client, job["id"])
    page = client.get(f"/stories/{job['story']}")
    assert "<script>alert(1)" not in page.text and "&lt;script&gt;alert(1)" in page.text
    assert "<img src=x" not in page.text
    assert_safe_page(page)
    search = client.get("/search", params={"q": "img"})
    assert "<img src=x" not in search.text


def test_reanalyse_form(client: TestClient, analysed: dict[str, Any]) -> None:
    token = csrf_token(client)
    response = client.post(f"/stories/{analysed['story']}/reanalyse", data={"csrf_token": token}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == f"/stories/{analysed['story']}"
    job = client.get(f"/api/stories/{analysed['story']}").json()["job"]
    assert job["id"] != analysed["id"]
    assert wait_job(client, job["id"])["state"] == "done"
    missing = client.post("/stories/nope/reanalyse", data={"csrf_token": token})
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("text/html")


def test_a_story_from_corroborate_ingest_is_shown_from_the_store(client: TestClient) -> None:
    from corroborate.store.sqlite import CorpusStore
    from tests.report.builders import hand_made

    with CorpusStore(client.app.state.config.db_path) as store:
        store.save_story("story-ingested", hand_made(), [], "fp")
    page = client.get("/stories/story-ingested")
    assert page.status_code == 200 and "We will not gamble" in page.text
    assert_safe_page(page)
    assert client.get("/api/stories/story-ingested").json()["analysis"]["quotes"]
    assert client.get("/stories/story-ingested/report").status_code == 200
    assert client.post("/api/stories/story-ingested/reanalyse").status_code == 404
