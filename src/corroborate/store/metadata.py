"""`metadata.yml` for Datasette: `datasette corpus.db -m metadata.yml`.

Titles, descriptions, facets, label columns, the full-text search table of each
searchable table, and the extraction cache and documents hidden. No
`sortable_columns`: Datasette then sorts by any column (a list refuses, with an
error page, every column it leaves out). The foreign keys are declared in the
tables themselves (`schema.py`), where Datasette reads them. The
file sits next to the database; entries of other databases already in it are
kept (Datasette names a database after its file's stem).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from corroborate._version import __version__
from corroborate.store.schema import TABLES, Table

METADATA_NAME = "metadata.yml"

# Canned queries (Datasette shows `:speaker` as a form field); docs/queries.md explains them.
CANNED_QUERIES: dict[str, dict[str, str]] = {
    "quotes_by_speaker": {
        "title": "Every quote by one person, across outlets",
        "description": "By the person's name or any name the stories give them (their identity's aliases).",
        "sql": "select q.outlet, q.published_date, q.kind, q.speaker_name, q.text, q.cue, q.channel, q.article, q.story\n"
        "from quotes q\n"
        "where q.speaker_name = :speaker or exists (\n"
        "  select 1 from entities e where e.story = q.story and e.id = q.speaker_entity\n"
        "  and (e.name = :speaker or exists (select 1 from json_each(e.aliases) a where a.value = :speaker)))\n"
        "order by q.published_date, q.outlet, q.article, q.start",
    },
    "single_source_claims": {
        "title": "Claims with a single source",
        "description": "Claim groups with one asserting party behind them, however many outlets carry them.",
        "sql": "select story, id, n_outlets, outlets, sources, sample_text from claim_groups\n"
        "where status = 'single_source' order by n_outlets desc, story, id",
    },
    "many_outlets_one_origin": {
        "title": "Claims carried by several outlets but one origin only",
        "sql": "select story, id, status, n_outlets, independent_sources, outlets, sample_text from claim_groups\n"
        "where n_outlets > 1 and independent_sources <= 1 order by n_outlets desc, story, id",
    },
    "attribution_drift": {
        "title": "The same words credited to different people",
        "sql": "select g.story, g.id, q.outlet, q.speaker_name, q.text\n"
        "from quote_groups g join json_each(g.quotes) m join quotes q on q.story = g.story and q.id = m.value\n"
        "where g.attribution_drift = 1 order by g.story, g.id, q.outlet",
    },
}


def table_metadata(table: Table) -> dict[str, Any]:
    entry: dict[str, Any] = {"title": table.title, "description": table.description}
    if table.label:
        entry["label_column"] = table.label
    if table.hidden:
        entry["hidden"] = True
        return entry
    if table.facets:
        entry["facets"] = list(table.facets)
    if table.fts:
        entry["fts_table"] = f"{table.name}_fts"
        entry["fts_pk"] = "rowid"
    if table.descriptions:
        entry["columns"] = dict(table.descriptions)
    entry["size"] = 50
    return entry


def database_metadata() -> dict[str, Any]:
    return {
        "title": "corroborate corpus",
        "description": "News articles grouped into stories: who said what, quote groups across outlets, claims and their support.",
        "tables": {table.name: table_metadata(table) for table in TABLES},
        "queries": CANNED_QUERIES,
    }


def write_metadata(db_path: Path) -> Path:
    """Write (or update) `metadata.yml` beside `db_path`, atomically; returns its path."""
    path = db_path.resolve().parent / METADATA_NAME
    document: dict[str, Any] = {}
    if path.exists():
        try:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            loaded = None
        if isinstance(loaded, dict):
            document = loaded
    document.setdefault("title", "corroborate")
    document.setdefault("about", f"corroborate {__version__}")
    databases = document.get("databases")
    if not isinstance(databases, dict):
        databases = {}
    databases[db_path.stem] = database_metadata()
    document["databases"] = databases
    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=120)
    handle, temporary = tempfile.mkstemp(prefix=f".{METADATA_NAME}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
