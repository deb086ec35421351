"""Comparing stores: every table's rows, timestamps left out, in key order."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import Any

from corroborate.store.schema import TABLES


def table_contents(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Each table's rows as tuples in primary-key order, without timestamp columns
    (the cached Doc is compared by its SHA-256)."""
    connection = sqlite3.connect(db)
    try:
        contents: dict[str, list[tuple[Any, ...]]] = {}
        for table in TABLES:
            columns = [c for c in table.columns if c not in table.timestamps]
            select = ", ".join(f"[{c}]" for c in columns)
            order = ", ".join(f"[{c}]" for c in table.pk)
            rows = connection.execute(f"select {select} from [{table.name}] order by {order}").fetchall()
            contents[table.name] = [
                tuple(hashlib.sha256(v).hexdigest() if isinstance(v, bytes) else v for v in row) for row in rows
            ]
        return contents
    finally:
        connection.close()


def assert_same_contents(a: Path, b: Path) -> None:
    first, second = table_contents(a), table_contents(b)
    for table in first:
        assert first[table] == second[table], f"table {table} differs between {a} and {b}"


def count(db: Path, table: str) -> int:
    connection = sqlite3.connect(db)
    try:
        return int(connection.execute(f"select count(*) from [{table}]").fetchone()[0])
    finally:
        connection.close()


def assert_fts_in_sync(db: Path) -> None:
    """The full-text indexes agree with their tables after deletes and reinserts."""
    connection = sqlite3.connect(db)
    try:
        for table in (t for t in TABLES if t.fts):
            connection.execute(f"insert into [{table.name}_fts]([{table.name}_fts]) values ('integrity-check')")
            indexed = connection.execute(f"select count(*) from [{table.name}_fts]").fetchone()[0]
            assert indexed == connection.execute(f"select count(*) from [{table.name}]").fetchone()[0], table.name
        hits = connection.execute("select count(*) from quotes_fts where quotes_fts match 'safety'").fetchone()[0]
        assert hits == connection.execute("select count(*) from quotes where text like '%safety%'").fetchone()[0]
    finally:
        connection.close()
