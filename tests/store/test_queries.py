"""The queries of docs/queries.md and the canned queries of metadata.yml run, and find rows.

Each DuckDB query (on the Parquet export) must give the rows of the SQLite query
of the same name, compared as multisets: the engines order NULLs differently
and DuckDB has real booleans.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tests.store.conftest import BuiltStore

pytestmark = pytest.mark.model

DOC = Path(__file__).resolve().parents[2] / "docs" / "queries.md"
BLOCK = re.compile(r"```sql\n(-- (SQLite|DuckDB): ([\w-]+)\n.*?)```", re.S)


def _queries() -> list[tuple[str, str, str]]:
    return [(engine, name, sql) for sql, engine, name in BLOCK.findall(DOC.read_text(encoding="utf-8"))]


def _normal(rows: list[tuple[object, ...]]) -> Counter[tuple[object, ...]]:
    def value(v: object) -> object:
        if isinstance(v, bool):
            return int(v)
        if isinstance(v, float) and v.is_integer():
            return int(v)
        return v

    return Counter(tuple(value(v) for v in row) for row in rows)


def test_the_doc_has_both_kinds() -> None:
    engines = Counter(engine for engine, _, _ in _queries())
    assert engines["SQLite"] >= 6 and engines["DuckDB"] >= 5


def test_sqlite_queries_of_the_doc_find_rows(reference_store: BuiltStore) -> None:
    connection = sqlite3.connect(reference_store.db)
    try:
        for engine, name, sql in _queries():
            if engine == "SQLite":
                assert connection.execute(sql).fetchall(), f"{name} found nothing"
    finally:
        connection.close()


def test_duckdb_queries_match_the_sqlite_ones(reference_store: BuiltStore) -> None:
    duckdb = pytest.importorskip("duckdb")
    sqlite_rows: dict[str, list[tuple[object, ...]]] = {}
    connection = sqlite3.connect(reference_store.db)
    for engine, name, sql in _queries():
        if engine == "SQLite":
            sqlite_rows[name] = connection.execute(sql).fetchall()
    connection.close()
    parquet = f"{reference_store.parquet}/"
    for engine, name, sql in _queries():
        if engine == "DuckDB":
            rows = duckdb.sql(sql.replace("corpus-parquet/", parquet)).fetchall()
            assert _normal(rows) == _normal(sqlite_rows[name]), name


def test_canned_queries_run(reference_store: BuiltStore) -> None:
    metadata = yaml.safe_load((reference_store.db.parent / "metadata.yml").read_text(encoding="utf-8"))
    queries = metadata["databases"]["corpus"]["queries"]
    connection = sqlite3.connect(reference_store.db)
    try:
        for name, query in queries.items():
            rows = connection.execute(query["sql"], {"speaker": "Denise Okafor"}).fetchall()
            assert rows, f"canned query {name} found nothing"
    finally:
        connection.close()
