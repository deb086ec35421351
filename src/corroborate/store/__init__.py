"""The corpus store: SQLite (Datasette-friendly) and Parquet, filled by `corroborate ingest`.

The names below are imported on first use, so `corroborate --help` does not load
sqlite-utils or pyarrow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from corroborate.store.batch import IngestOptions, IngestReport, ingest, plan_stories
    from corroborate.store.sqlite import CorpusStore

__all__ = ["CorpusStore", "IngestOptions", "IngestReport", "ingest", "plan_stories"]


def __getattr__(name: str) -> Any:
    if name == "CorpusStore":
        from corroborate.store.sqlite import CorpusStore

        return CorpusStore
    if name in {"IngestOptions", "IngestReport", "ingest", "plan_stories"}:
        from corroborate.store import batch

        return getattr(batch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
