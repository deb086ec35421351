"""The JSON API: every route, its answers and its errors."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import example_texts, wait_job


def test_post_analysis_then_poll_it(client: TestClient) -> None:
    response = client.post(
        "/api/analyses", json={"texts": example_texts()[:2], "documents": [{"name": "x.txt", "content": example_texts()[2]}]}
    )
    assert response.status_code == 202
    job = response.json()
    assert job["state"] in ("queued", "running", "done") and job["links"]["self"] == f"/api/analyses/{job['id']}"
    done = wait_job(client, job["id"])
    assert done["state"] == "done" and done["total"] == 3 and done["done"] == 3


def test_story_holds_the_analysis(client: TestClient, analysed: dict[str, Any]) -> None:
    story = client.get(f"/api/stories/{analysed['story']}").json()
    assert story["analysis"]["schema"] == "corroborate/analysis/1"
    assert len(story["analysis"]["articles"]) == 4
    assert story["summary"]["n_articles"] == 4 and story["job"]["state"] == "done"
    assert client.get("/api/stories").json()["stories"][0]["id"] == analysed["story"]


def test_quotes_filters_and_facets(client: TestClient, analysed: dict[str, Any]) -> None:
    everything = client.get("/api/quotes").json()
    assert everything["total"] == 4
    by_speaker = client.get("/api/quotes", params={"speaker": "Okafor"}).json()
    assert by_speaker["total"] == 2 and {f["value"] for f in by_speaker["facets"]["outlet"]} == {"Valley Courier", "KMBK News"}
    by_text = client.get("/api/quotes", params={"q": "gamble", "outlet": "Valley Courier"}).json()
    assert [q["outlet"] for q in by_text["quotes"]] == ["Valley Courier"]
    paged = client.get("/api/quotes", params={"limit": 1, "offset": 1}).json()
    assert len(paged["quotes"]) == 1 and paged["total"] == 4


def test_claims_by_status(client: TestClient, analysed: dict[str, Any]) -> None:
    claims = client.get("/api/claims", params={"status": "corroborated"}).json()
    assert claims["total"] == 1 and claims["claims"][0]["status"] == "corroborated"
    assert client.get("/api/claims", params={"status": "bogus"}).status_code == 422


def test_person_and_outlet(client: TestClient, analysed: dict[str, Any]) -> None:
    person = client.get("/api/people/Okafor").json()
    assert person["outlets"] == ["KMBK News", "Valley Courier"] and len(person["quotes"]) == 2
    assert person["variants"][0]["difference"] == "substantive"
    outlet = client.get("/api/outlets/KMBK News").json()
    assert outlet["altered_quotes"] and outlet["articles"] == 1


def test_not_found_and_validation_errors_are_json(client: TestClient) -> None:
    for path in ("/api/analyses/nope", "/api/stories/nope", "/api/people/Nobody", "/api/outlets/Nowhere"):
        response = client.get(path)
        assert response.status_code == 404 and "detail" in response.json()
    assert client.get("/api/quotes", params={"limit": 0}).status_code == 422
    assert client.post("/api/analyses", json={"texts": "not a list"}).status_code == 422
    assert client.post("/api/analyses", json={}).status_code == 400  # nothing to analyse
    assert client.post("/api/stories/nope/reanalyse").status_code == 404
    assert client.post("/api/stories/nope/corrections", json={"kind": "mark_checked", "target": "x"}).status_code == 404


def test_api_writes_need_a_json_body(client: TestClient) -> None:
    """A cross-site form can post form-encoded or text/plain bodies, never application/json."""
    response = client.post("/api/analyses", content=b'{"texts": ["x"]}', headers={"content-type": "text/plain"})
    assert response.status_code == 422
    response = client.post("/api/analyses", data={"texts": "x"})
    assert response.status_code == 422


def test_reanalyse_keeps_the_story(client: TestClient, analysed: dict[str, Any]) -> None:
    again = client.post(f"/api/stories/{analysed['story']}/reanalyse")
    assert again.status_code == 202 and again.json()["story"] == analysed["story"]
    assert wait_job(client, again.json()["id"])["state"] == "done"


def test_openapi_document(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    paths = document["paths"]
    for path in ("/api/analyses", "/api/analyses/{job_id}", "/api/stories/{story}", "/api/quotes", "/api/people/{person_id}"):
        assert path in paths
    assert not any(p.startswith("/stories") or p == "/" for p in paths)  # pages stay out of the API document
    assert client.get("/docs").status_code == 404  # no CDN-loading Swagger page
