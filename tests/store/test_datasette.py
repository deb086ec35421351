"""The store opened in a real Datasette (a dev dependency), checked through its JSON API:
rows link by their foreign keys, claims are searchable, any column sorts, every table
has its label column."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import yaml

from corroborate.store.metadata import write_metadata
from corroborate.store.schema import TABLES
from corroborate.store.sqlite import CorpusStore
from tests.store.small import small_analysis

datasette_app = pytest.importorskip("datasette.app")
STORY = "story-8a7bea7a11"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("datasette") / "corpus.db"
    with CorpusStore(db) as corpus:
        corpus.save_story(STORY, small_analysis(), [], "fingerprint")
    write_metadata(db)
    return db


def _get(db: Path, *paths: str) -> list[Any]:
    """Each path's (status, JSON body) from a Datasette serving `db` with its metadata.yml."""

    async def run() -> list[Any]:
        metadata = yaml.safe_load((db.parent / "metadata.yml").read_text(encoding="utf-8"))
        ds = datasette_app.Datasette([str(db)], metadata=metadata)
        await ds.invoke_startup()
        results = []
        for path in paths:
            response = await ds.client.get(path)
            results.append((response.status_code, response.json() if response.status_code == 200 else response.text))
        database = ds.get_database("corpus")
        labels = {t.name: await database.label_column_for_table(t.name) for t in TABLES}
        return [*results, labels]

    return asyncio.run(run())


def test_quote_by_obama_links_to_his_identity_quote_group_story_and_article(store: Path) -> None:
    (status, rows), (entity_status, _), _ = _get(
        store, "/corpus/quotes.json?_labels=on&_shape=array&id=ledger-1-q1", f"/corpus/entities/{STORY},e1.json"
    )
    assert status == 200 and entity_status == 200
    (row,) = rows
    assert row["speaker_ref"] == {"value": f"{STORY},e1", "label": "Barack Obama"}
    assert row["quote_group_ref"]["value"] == f"{STORY},g1"
    assert row["story"] == {"value": STORY, "label": "Harbour bridge to close for repairs"}


def test_claim_links_to_its_claim_group(store: Path) -> None:
    (status, rows), _ = _get(store, "/corpus/claims.json?_labels=on&_shape=array&id=c1")
    assert status == 200
    assert rows[0]["claim_group_ref"]["value"] == f"{STORY},cg1"


def test_claims_search_for_harbour_finds_them_and_gang_finds_none(store: Path) -> None:
    (status, found), (status_none, none), _ = _get(
        store, "/corpus/claims.json?_search=harbour&_shape=array", "/corpus/claims.json?_search=gang&_shape=array"
    )
    assert (status, status_none) == (200, 200)
    assert len(found) == 2
    assert none == []


@pytest.mark.parametrize("path", ["/corpus/quotes.json?_sort=kind", "/corpus/claim_groups.json?_sort=status"])
def test_sort_by_kind_and_by_status_is_not_an_error(store: Path, path: str) -> None:
    (status, _), _ = _get(store, path)
    assert status == 200


def test_every_table_has_its_label_column(store: Path) -> None:
    (labels,) = _get(store)
    assert labels == {t.name: t.label for t in TABLES}
    assert all(labels.values())
