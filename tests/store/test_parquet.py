"""Parquet export: one file per table, readable with pyarrow, the same rows as SQLite."""

from __future__ import annotations

import pyarrow.parquet as pq
import pytest

from corroborate.store.schema import TABLES
from tests.store.conftest import BuiltStore
from tests.store.helpers import count

pytestmark = pytest.mark.model


def test_one_file_per_table_with_the_same_row_counts(reference_store: BuiltStore) -> None:
    for table in TABLES:
        path = reference_store.parquet / f"{table.name}.parquet"
        if table.hidden:
            assert not path.exists()
            continue
        read = pq.read_table(path)
        assert read.num_rows == count(reference_store.db, table.name), table.name
        assert read.schema.names == list(table.columns)


def test_values_survive_the_export(reference_store: BuiltStore) -> None:
    quotes = pq.read_table(reference_store.parquet / "quotes.parquet").to_pylist()
    okafor = [q for q in quotes if q["speaker_name"] == "Denise Okafor"]
    assert okafor and all(isinstance(q["start"], int) and isinstance(q["speaker_inferred"], bool) for q in okafor)
    assert any("gamble" in q["text"] for q in okafor)


def test_empty_tables_keep_their_schema(reference_store: BuiltStore) -> None:
    errors = pq.read_table(reference_store.parquet / "errors.parquet")
    assert errors.num_rows == 0
    assert errors.schema.names == ["source", "stage", "code", "reason", "last_seen"]
