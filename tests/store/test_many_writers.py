"""Many writers share one store: writes take the lock first (BEGIN IMMEDIATE) and wait
for each other instead of failing with "database is locked" (SECURITY.md)."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

from corroborate.console import EXIT_INPUTS, exit_code
from corroborate.model import Article
from corroborate.pipeline import ArticleExtraction, article_key
from corroborate.store.sqlite import CorpusStore

WRITERS, JOBS = 6, 100


def _article(writer: int, job: int) -> Article:
    text = f"Writer {writer} filed report {job} on the ferry timetable."
    return Article(
        id=f"w{writer}-{job}", source=f"w{writer}-{job}.txt", outlet=None, title=None, published=None, language="en", text=text
    )


def _write(db: str, writer: int) -> int:
    """One writer: JOBS extractions and error rows, each its own transaction, as `serve`'s
    jobs and `ingest` write them; returns how many failed."""
    failed = 0
    with CorpusStore(db) as store:
        for job in range(JOBS):
            article = _article(writer, job)
            try:
                store.save_extraction(ArticleExtraction(key=article_key(article), article=article, extractor="test"))
                store.record_errors([(article.source, "extract", "Test", "a recorded failure")])
            except sqlite3.OperationalError:
                failed += 1
    return failed


def test_six_writers_times_a_hundred_jobs_none_fails(tmp_path: Path) -> None:
    db = str(tmp_path / "shared.db")
    CorpusStore(db).close()
    context = multiprocessing.get_context("spawn")
    with context.Pool(WRITERS) as pool:
        failures = pool.starmap(_write, [(db, w) for w in range(WRITERS)])
    assert failures == [0] * WRITERS
    with CorpusStore(db) as store:
        assert store.db.execute("select count(*) from extractions").fetchone()[0] == WRITERS * JOBS
        assert store.db.execute("select count(*) from errors").fetchone()[0] == WRITERS * JOBS


def test_a_store_locked_past_every_wait_is_no_missing_part() -> None:
    """Exit code 3 says the environment lacks a part (a full disk); a locked store is 1: run again."""
    assert exit_code(sqlite3.OperationalError("database is locked")) == EXIT_INPUTS
    assert exit_code(sqlite3.OperationalError("database or disk is full")) == 3
