"""Quote rows carry the canonical identity's name and id; role words and empty names never become names."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from corroborate.store.metadata import CANNED_QUERIES
from corroborate.store.rows import story_rows
from corroborate.store.sqlite import CorpusStore
from tests.store.small import small_analysis


def _quotes() -> dict[str, dict[str, object]]:
    return {row["id"]: row for row in story_rows("s1", small_analysis())["quotes"]}


def test_quote_named_obama_carries_the_identity_name_barack_obama() -> None:
    row = _quotes()["ledger-1-q1"]
    assert (row["speaker_name"], row["speaker_entity"]) == ("Barack Obama", "e1")


def test_speaker_police_is_a_description_not_a_name() -> None:
    row = _quotes()["ledger-1-q2"]
    assert row["speaker_name"] is None
    assert row["speaker_description"] == "Police"


def test_empty_speaker_name_never_reaches_the_store() -> None:
    row = _quotes()["ledger-1-q3"]
    assert row["speaker_name"] is None
    assert row["speaker_description"] == "a spokesperson"


def test_every_quote_by_obama_joins_through_identities(tmp_path: Path) -> None:
    db = tmp_path / "corpus.db"
    with CorpusStore(db) as store:
        store.save_story("s1", small_analysis(), [], "f")
        # A store written before rows carried the canonical name: the row says "Obama".
        store.db.execute("update quotes set speaker_name = 'Obama' where id = 'ledger-1-q1'")
        store.db.conn.commit()
    connection = sqlite3.connect(db)
    sql = CANNED_QUERIES["quotes_by_speaker"]["sql"]
    for name in ("Barack Obama", "Obama"):
        rows = connection.execute(sql, {"speaker": name}).fetchall()
        assert len(rows) == 2, name
    assert connection.execute(sql, {"speaker": "Police"}).fetchall() == []
    connection.close()
