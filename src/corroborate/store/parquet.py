"""Export the store's tables as Parquet, one file per table, for DuckDB, pandas or Spark.

`DIR/<table>.parquet` for every visible table (the extraction cache is left
out). Columns keep the store's names and types; JSON columns stay JSON text
(DuckDB: `from_json(col, '["VARCHAR"]')` or `col->>'$.x'`; pandas: `json.loads`).
Each file is written to a temporary name and renamed: a reader never sees half
a file. Rows are read in batches, so memory stays bounded by the batch.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from corroborate.store.schema import TABLES, Table
from corroborate.store.sqlite import CorpusStore

BATCH_ROWS = 5_000
ARROW_TYPES = {
    "str": pa.string(),
    "json": pa.string(),
    "int": pa.int64(),
    "bool": pa.bool_(),
    "float": pa.float64(),
    "bytes": pa.binary(),
}


def arrow_schema(table: Table) -> pa.Schema:
    return pa.schema([pa.field(name, ARROW_TYPES[kind]) for name, kind in table.columns.items()])


def export_parquet(store: CorpusStore, directory: Path, on_file: Callable[[int, int], None] | None = None) -> list[Path]:
    """Write one Parquet file per table under `directory`; returns the files written.
    `on_file(done, total)` is told after each file."""
    directory.mkdir(parents=True, exist_ok=True)
    tables = [table for table in TABLES if not table.hidden]
    written: list[Path] = []
    for table in tables:
        written.append(_export_table(store, table, directory / f"{table.name}.parquet"))
        if on_file is not None:
            on_file(len(written), len(tables))
    return written


def _export_table(store: CorpusStore, table: Table, path: Path) -> Path:
    schema = arrow_schema(table)
    temporary = path.with_name(f".{path.name}.tmp")
    columns = list(table.columns)
    try:
        with pq.ParquetWriter(temporary, schema, compression="zstd") as writer:
            batch: list[dict[str, object]] = []
            for row in store.rows(table.name):
                batch.append({c: _value(row.get(c), table.columns[c]) for c in columns})
                if len(batch) >= BATCH_ROWS:
                    writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                    batch = []
            if batch:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def _value(value: object, kind: str) -> object:
    if kind == "bool" and value is not None:
        return bool(value)
    return value
