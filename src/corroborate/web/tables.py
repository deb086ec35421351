"""The web app's own tables, beside the corpus store's in the same SQLite file.

All are prefixed `web_` so the store (`corroborate ingest`) never touches them:

- `web_jobs`: one analysis job each (its inputs, so a restart can resume it; its state and progress);
- `web_analyses`: the full analysis document of each story the app analysed (the report is drawn from it);
- `web_corrections`: who changed what and when (merged people, fixed speakers, checked findings…);
- `web_article_versions`: every text an input gave, so a re-fetch keeps the earlier version.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCHEMA = """
create table if not exists web_jobs (
    id text primary key,
    story text not null,
    state text not null,            -- queued | running | done | failed
    stage text not null default '', -- what the worker is doing now
    done integer not null default 0,
    total integer not null default 0,
    inputs text not null,           -- JSON: {"texts": [...], "documents": [...], "urls": [...]}
    inputs_bytes integer not null default 0, -- its length (the cap on stored inputs sums these)
    client text,                    -- the address that submitted it (the queue caps per address and client)
    session text,                   -- a key derived from its browser session cookie, if it sent one (the cap per client)
    error text,
    note text,
    attempts integer not null default 0,
    created text not null,
    updated text not null
);
create index if not exists web_jobs_story on web_jobs(story);
create index if not exists web_jobs_state on web_jobs(state);
create table if not exists web_analyses (
    story text primary key,
    job text,
    title text,
    analysis text not null,         -- the corroborate/analysis/1 document, corrections applied
    previous text,                  -- the document of the run before (follow a story)
    created text not null
);
create table if not exists web_corrections (
    id integer primary key autoincrement,
    story text,                     -- null: applies to every story
    kind text not null,
    target text not null,
    value text,
    author text not null,
    note text,
    created text not null
);
create index if not exists web_corrections_story on web_corrections(story);
create table if not exists web_article_versions (
    id integer primary key autoincrement,
    story text not null,
    source text not null,           -- the URL, or the name the text was given
    sha256 text not null,
    title text,
    text text not null,
    fetched text not null,
    unique (story, source, sha256)
);
"""


# Columns added to web_jobs after its first version: (name, declaration).
ADDED_COLUMNS = (("inputs_bytes", "integer not null default 0"), ("client", "text"), ("session", "text"))


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def connect(db_path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    """A connection with rows by name; WAL lets readers run while the worker writes."""
    if readonly:
        connection = sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
    else:
        # The implicit BEGIN before a write is BEGIN IMMEDIATE: it takes the write lock first,
        # waiting the busy timeout, rather than fail at once upgrading a read (another writer
        # - `ingest`, the worker - holding the store).
        connection = sqlite3.connect(db_path, check_same_thread=False, isolation_level="IMMEDIATE")
    connection.row_factory = sqlite3.Row
    connection.execute("pragma busy_timeout = 30000")
    return connection


def ensure_tables(db_path: Path) -> None:
    """Create the store's tables (through CorpusStore) and the app's own, once at start."""
    from corroborate.store.sqlite import CorpusStore

    CorpusStore(db_path).close()
    with closing(connect(db_path)) as connection:
        connection.executescript(SCHEMA)
        columns = {row["name"] for row in connection.execute("pragma table_info(web_jobs)")}
        for name, kind in ADDED_COLUMNS:  # a store made by an earlier version gains them
            if name not in columns:
                connection.execute(f"alter table web_jobs add column {name} {kind}")


@contextmanager
def closing(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Commit on success, roll back on error, close always."""
    try:
        with connection:
            yield connection
    finally:
        connection.close()


_readers = threading.local()


def reader(db_path: Path) -> sqlite3.Connection:
    """A read-only connection per thread, opened once and kept: opening one per query costs more
    than most queries here. Outside a transaction each query sees the latest commit (WAL)."""
    connections: dict[Path, sqlite3.Connection] = getattr(_readers, "connections", None) or {}
    _readers.connections = connections
    if db_path not in connections:
        connections[db_path] = connect(db_path, readonly=True)
    return connections[db_path]
