"""The SQLite corpus store (sqlite-utils), laid out for Datasette.

Write discipline, so a crash or Ctrl-C loses nothing already written and never
leaves half a story:

- each article's extraction (its `articles` row and its cache row) is one
  transaction;
- each story (its rows in every story-owned table, its `stories` row, its
  members' `articles.story`) is one transaction: the old rows of that story are
  deleted and the new ones inserted together;
- errors are upserted by (source, stage), so a rerun does not repeat them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlite_utils

from corroborate.errors import UsageError
from corroborate.model import Analysis, Article
from corroborate.store.extraction import CachedExtraction, cached_extraction, extraction_from_json
from corroborate.store.rows import (
    Row,
    article_from_json,
    article_row,
    document_from_bytes,
    story_row,
    story_rows,
)
from corroborate.store.schema import SQL_TYPES, STORY_TABLES, TABLES, Table

if TYPE_CHECKING:
    from corroborate.pipeline import ArticleExtraction

FTS_TOKENIZER = "porter"


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


# How many busy timeouts (30 s each) a writer waits for another writer's lock before giving up.
_LOCK_ATTEMPTS = 4


class CorpusStore:
    """One SQLite file holding articles, their cached extraction, and every story's analysis."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite_utils.Database(self.path)
            self.db.conn.execute("PRAGMA busy_timeout=30000")
            self.db.enable_wal()
        except (OSError, sqlite3.DatabaseError) as exc:
            raise UsageError(f"{self.path}: not a usable SQLite database ({exc}); give another --db path") from exc
        self._ensure_schema()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> CorpusStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """One write transaction that takes SQLite's write lock first (`BEGIN IMMEDIATE`).

        A deferred transaction that reads before it writes (as `save_extraction` does) is
        refused at once ("database is locked") when another writer holds the lock, since
        SQLite cannot wait for the upgrade; taking the lock at the start waits up to the
        busy timeout instead, so `serve`'s worker and `ingest` can share a store. Nested
        use joins the transaction under way (a savepoint). A lock held longer than the
        busy timeout is waited for again, `_LOCK_ATTEMPTS` times in all."""
        if self.db.conn.in_transaction:
            with self.db.atomic():
                yield
            return
        for attempt in range(_LOCK_ATTEMPTS):
            try:
                self.db.conn.execute("BEGIN IMMEDIATE")  # waits up to the busy timeout for the lock
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or attempt == _LOCK_ATTEMPTS - 1:
                    raise
        try:
            yield
        except BaseException:
            self.db.conn.rollback()
            raise
        self.db.conn.execute("COMMIT")

    # -- schema ---------------------------------------------------------------

    def _ensure_schema(self) -> None:
        existing = set(self.db.table_names())
        for table in _by_dependency(TABLES):
            if table.name not in existing:
                self._create(table)
            else:
                self._add_missing_columns(table)
                if table.fts and f"{table.name}_fts" not in existing:  # full-text search added since
                    self._enable_fts(table)

    def _create(self, table: Table) -> None:
        with self.writing():
            columns = {name: SQL_TYPES[kind] for name, kind in table.columns.items()}
            self.db.table(table.name).create(
                columns,
                pk=table.pk[0] if len(table.pk) == 1 else table.pk,
                not_null=set(table.pk),
                foreign_keys=list(table.foreign_keys),
            )
            for index in table.indexes:
                self.db.table(table.name).create_index(index, if_not_exists=True)
            for column in table.unique:
                self.db.table(table.name).create_index([column], unique=True, if_not_exists=True)
            if table.story_owned and ("story",) not in table.indexes:
                self.db.table(table.name).create_index(["story"], if_not_exists=True)
        if table.fts:
            self._enable_fts(table)

    def _enable_fts(self, table: Table) -> None:
        self.db.table(table.name).enable_fts(table.fts, create_triggers=True, tokenize=FTS_TOKENIZER, replace=True)

    def _add_missing_columns(self, table: Table) -> None:
        """Columns added since the store was made. Their foreign keys are not declared (SQLite
        cannot add one to a table in place); a new store has them."""
        have = set(self.db.table(table.name).columns_dict)
        for name, kind in table.columns.items():
            if name not in have:
                self.db.table(table.name).add_column(name, SQL_TYPES[kind])
                if name in table.unique:
                    self.db.table(table.name).create_index([name], unique=True, if_not_exists=True)

    # -- articles and their extraction -----------------------------------------

    def extracted_keys(self, extractor: str) -> set[str]:
        """Keys of the articles whose cached extraction was made by this `extractor`."""
        return {row["key"] for row in self.db.query("select key from extractions where extractor = ?", [extractor])}

    def stale_articles(self, extractor: str) -> list[Article]:
        """Stored articles (as read) whose cached extraction an older tool or model made."""
        sql = "select article from extractions where extractor != ? order by key"
        return [article_from_json(row["article"]) for row in self.db.query(sql, [extractor])]

    def article_ids(self) -> dict[str, str]:
        """Article id -> key, for every stored article."""
        return {row["id"]: row["key"] for row in self.db.query("select id, key from articles")}

    def save_extraction(self, extraction: ArticleExtraction | CachedExtraction) -> None:
        """The article row and its cached extraction, in one transaction. The article keeps its story."""
        cached = extraction if isinstance(extraction, CachedExtraction) else cached_extraction(extraction)
        stamp = now()
        row = article_row(cached.article, cached.key, stamp)
        with self.writing():
            previous = self.db.execute("select story from articles where key = ?", [cached.key]).fetchone()
            row["story"] = previous[0] if previous else None
            self.db.table("articles").upsert(row, pk="key")
            self.db.table("extractions").upsert(
                {
                    "key": cached.key,
                    "extractor": cached.extractor,
                    "article": cached.article_json,
                    "data": cached.data,
                    "created": stamp,
                },
                pk="key",
            )
            self.db.execute("delete from errors where source = ? and stage in ('load', 'extract')", [cached.article.source])

    def articles(self) -> list[tuple[str, Article]]:
        """(key, article as read) for every stored article, by id."""
        sql = "select a.key, x.article from articles a join extractions x on x.key = a.key order by a.id"
        return [(row["key"], article_from_json(row["article"])) for row in self.db.query(sql)]

    def load_extractions(self, keys: Sequence[str]) -> list[ArticleExtraction]:
        """The cached extractions of `keys`, in that order."""
        return [
            extraction_from_json(key, article_from_json(article), extractor, data)
            for key, extractor, article, data in self.cached_extractions(keys)
        ]

    def cached_extractions(self, keys: Sequence[str]) -> list[tuple[str, str, str, str]]:
        """(key, extractor, article JSON, extraction JSON) of `keys`, in that order, as cached."""
        found: dict[str, tuple[str, str, str, str]] = {}
        for chunk in _chunks(list(keys), 500):
            marks = ",".join("?" * len(chunk))
            sql = f"select key, extractor, article, data from extractions where key in ({marks})"
            for row in self.db.query(sql, chunk):
                found[row["key"]] = (row["key"], row["extractor"], row["article"], row["data"])
        missing = [k for k in keys if k not in found]
        if missing:
            raise KeyError(f"no cached extraction for {len(missing)} article(s), e.g. {missing[0]}")
        return [found[k] for k in keys]

    # -- stories ---------------------------------------------------------------

    def story_members(self) -> dict[str, set[str]]:
        """Story id -> keys of its member articles, as stored."""
        members: dict[str, set[str]] = {row["id"]: set() for row in self.db.query("select id from stories")}
        for row in self.db.query("select key, story from articles where story is not null"):
            members.setdefault(row["story"], set()).add(row["key"])
        return members

    def story_fingerprints(self) -> dict[str, str]:
        return {row["id"]: row["fingerprint"] for row in self.db.query("select id, fingerprint from stories")}

    def save_story(self, story: str, analysis: Analysis, member_keys: Sequence[str], fingerprint: str) -> None:
        """Replace everything of `story` with `analysis`, in ONE transaction."""
        rows = story_rows(story, analysis)
        with self.writing():
            key_of = self._article_keys(member_keys, analysis)
            for name in ("quotes", "claims", "citations"):
                for row in rows[name]:
                    row["article_key"] = key_of.get(row["article"])
            self._delete_story_rows(story)
            for table in STORY_TABLES:
                if rows[table.name]:
                    self.db.table(table.name).insert_all(rows[table.name], pk=table.pk, batch_size=500, replace=True)
            self.db.table("stories").upsert(story_row(story, analysis, fingerprint, now()), pk="id")
            for chunk in _chunks(list(member_keys), 500):
                marks = ",".join("?" * len(chunk))
                self.db.execute(f"update articles set story = ? where key in ({marks})", [story, *chunk])
            for article in analysis.articles:  # what the story inferred (an outlet from a self-reference)
                self.db.execute(
                    "update articles set outlet = ?, outlet_from = ? where id = ? and story = ?",
                    [article.outlet, article.outlet_from, article.id, story],
                )
            self.db.execute("delete from errors where source = ? and stage = 'story'", [f"story:{story}"])

    def _article_keys(self, member_keys: Sequence[str], analysis: Analysis) -> dict[str, str]:
        """Article id -> its row's key, for the story's articles that have a row."""
        found: dict[str, str] = {}
        for chunk in _chunks(list(member_keys), 500):
            marks = ",".join("?" * len(chunk))
            found.update((r[0], r[1]) for r in self.db.execute(f"select id, key from articles where key in ({marks})", chunk))
        missing = [a.id for a in analysis.articles if a.id not in found]
        for chunk in _chunks(missing, 500):
            marks = ",".join("?" * len(chunk))
            found.update((r[0], r[1]) for r in self.db.execute(f"select id, key from articles where id in ({marks})", chunk))
        return found

    def story_document(self, story: str) -> Analysis | None:
        """The story's whole analysis as last saved, or None (a store written before documents were kept)."""
        row = self.db.execute("select analysis from documents where story = ?", [story]).fetchone()
        return document_from_bytes(row[0]) if row and row[0] else None

    def stories_with_documents(self) -> set[str]:
        return {row["story"] for row in self.db.query("select story from documents")}

    def delete_story(self, story: str) -> None:
        """Remove a story that no longer exists (its members moved to other stories), in one transaction."""
        with self.writing():
            self._delete_story_rows(story)
            self.db.execute("delete from stories where id = ?", [story])
            self.db.execute("update articles set story = null where story = ?", [story])

    def _delete_story_rows(self, story: str) -> None:
        for table in STORY_TABLES:
            self.db.execute(f"delete from [{table.name}] where story = ?", [story])

    # -- errors ----------------------------------------------------------------

    def record_errors(self, errors: Iterable[tuple[str, str, str, str]]) -> int:
        """Upsert (source, stage, code, reason) rows; returns how many."""
        stamp = now()
        rows = [{"source": s, "stage": st, "code": c, "reason": r, "last_seen": stamp} for s, st, c, r in errors]
        if rows:
            with self.writing():
                self.db.table("errors").upsert_all(rows, pk=("source", "stage"))
        return len(rows)

    # -- reading ---------------------------------------------------------------

    def rows(self, table: str, *, order_by_pk: bool = True) -> Iterator[Row]:
        definition = next(t for t in TABLES if t.name == table)
        order = f" order by {', '.join(f'[{c}]' for c in definition.pk)}" if order_by_pk else ""
        yield from self.db.query(f"select * from [{table}]{order}")

    def count(self, table: str) -> int:
        return int(self.db.execute(f"select count(*) from [{table}]").fetchone()[0])

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        return list(self.db.query(sql, params))


def _by_dependency(tables: Sequence[Table]) -> list[Table]:
    """The tables, each after the tables its foreign keys point to (SQLite checks they exist)."""
    ordered: list[Table] = []
    placed: set[str] = set()
    pending = list(tables)
    while pending:
        ready = [t for t in pending if all(other == t.name or other in placed for _, other, _ in t.foreign_keys)]
        if not ready:
            raise ValueError(f"foreign keys go round in a circle among {[t.name for t in pending]}")
        for table in ready:
            ordered.append(table)
            placed.add(table.name)
            pending.remove(table)
    return ordered


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
