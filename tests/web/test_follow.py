"""Following a story: a re-analysis fetches the URLs again, keeps the earlier version of each
article, and the story page shows what changed in it and what is new in the story."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from tests.web.conftest import LocalSite, wait_job

FIRST = b'Dam repairs begin\n\nCrews began repairs on the Alder Dam on Monday. "We expect six weeks of work," Maria Chen said.\n'
SECOND = FIRST + b'\nThe county now says the work may take longer. "It could be ten weeks," Tom Birch said.\n'
OTHER = b'Alder Dam work starts\n\n"We expect six weeks of work," Maria Chen said on Monday.\n'


def test_reanalysis_keeps_versions_and_shows_changes(client_factory: Callable[..., TestClient], site: LocalSite) -> None:
    client = client_factory(allowed_addresses=("127.0.0.1",))
    site.pages["/dam.txt"] = (200, {}, FIRST)
    site.pages["/other.txt"] = (200, {}, OTHER)
    job = client.post("/api/analyses", json={"urls": [site.url("/dam.txt"), site.url("/other.txt")]}).json()
    assert wait_job(client, job["id"])["state"] == "done"
    page = client.get(f"/stories/{job['story']}").text
    assert "Nothing changed since the run before" in page

    site.pages["/dam.txt"] = (200, {}, SECOND)  # the outlet updated its article
    again = client.post(f"/api/stories/{job['story']}/reanalyse").json()
    assert wait_job(client, again["id"])["state"] == "done"
    story = client.get(f"/api/stories/{job['story']}").json()
    changes = story["changes"]
    assert [c["source"] for c in changes["articles"]] == [site.url("/dam.txt")]
    assert any("ten weeks" in line for line in changes["articles"][0]["added"])
    assert changes["new"]["quotes"] == ["It could be ten weeks"]
    page = client.get(f"/stories/{job['story']}").text
    assert "It could be ten weeks" in page and "New quotes" in page
    assert site.hits.count("/dam.txt") == 2
