"""A killed run resumes: nothing written is lost, no story is half-written, the end
state equals an uninterrupted run's.

The real command runs in a subprocess and is killed with SIGKILL twice: once
between two articles' extractions, once between two stories (the runner's
test-only pause hooks, `CORROBORATE_TEST_PAUSE_AFTER_ARTICLE` / `_STORY`, hold it
there). The third run finishes in-process.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from corroborate.store import IngestOptions, ingest
from corroborate.store.batch import PAUSE_AFTER_ARTICLE_ENV, PAUSE_AFTER_STORY_ENV
from tests.conftest import EXAMPLE_OUTLETS
from tests.store.conftest import INPUTS, SETTINGS, BuiltStore
from tests.store.helpers import assert_fts_in_sync, assert_same_contents, table_contents

pytestmark = pytest.mark.model

ROOT = Path(__file__).resolve().parents[2]


def _count(db: Path, table: str) -> int:
    if not db.exists():
        return 0
    connection = sqlite3.connect(db, timeout=5)
    try:
        return int(connection.execute(f"select count(*) from [{table}]").fetchone()[0])
    except sqlite3.OperationalError:  # the table is not created yet
        return 0
    finally:
        connection.close()


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a background job may inherit it ignored


def _run_until(
    db: Path, hook: str, table: str, at_least: int, timeout: float = 90.0, stop: signal.Signals = signal.SIGKILL
) -> str:
    """Start `corroborate ingest`, wait until `table` holds `at_least` rows, send `stop`; its stderr."""
    env = {**os.environ, hook: "60", "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "corroborate", "ingest", *INPUTS, "--db", str(db), "--workers", "1"]
    command += ["--outlets", str(EXAMPLE_OUTLETS)]
    process = subprocess.Popen(
        command,
        env=env,
        cwd=ROOT,
        start_new_session=True,
        preexec_fn=_default_sigint,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + timeout
    try:
        while _count(db, table) < at_least:
            assert process.poll() is None, f"ingest ended early: {process.stderr.read().decode() if process.stderr else ''}"
            assert time.monotonic() < deadline, f"no {at_least} row(s) in {table} after {timeout} s"
            time.sleep(0.1)
        os.killpg(process.pid, stop)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
    assert process.returncode == (-signal.SIGKILL if stop == signal.SIGKILL else 130)
    return stderr.decode("utf-8", "replace")


def test_killed_twice_then_resumed_equals_an_uninterrupted_run(reference_store: BuiltStore, tmp_path: Path) -> None:
    db = tmp_path / "corpus.db"
    _run_until(db, PAUSE_AFTER_ARTICLE_ENV, "extractions", 1)
    extracted_before = _count(db, "extractions")
    assert 1 <= extracted_before < 7
    assert _count(db, "stories") == 0

    _run_until(db, PAUSE_AFTER_STORY_ENV, "stories", 1)
    assert _count(db, "extractions") == 7
    assert _count(db, "stories") == 1
    # The one story written is whole: the same rows as in the uninterrupted run.
    written, reference = table_contents(db), table_contents(reference_store.db)
    (story,) = (row[0] for row in written["stories"])
    for table in ("entities", "quotes", "quote_groups", "claims", "claim_groups"):
        assert written[table] == [row for row in reference[table] if row[0] == story], table

    report = ingest(INPUTS, db, SETTINGS, IngestOptions(workers=1))
    assert (report.extracted, report.extraction_skipped) == (0, 7)
    assert (report.stories_analysed, report.stories_skipped) == (1, 1)
    assert_same_contents(reference_store.db, db)
    assert_fts_in_sync(db)


def test_ctrl_c_stops_cleanly_and_says_how_to_resume(tmp_path: Path) -> None:
    db = tmp_path / "corpus.db"
    message = _run_until(db, PAUSE_AFTER_ARTICLE_ENV, "extractions", 1, stop=signal.SIGINT)
    assert "interrupted" in message and "run the same command again to resume" in message
    assert 1 <= _count(db, "extractions") < 7
    assert _count(db, "extractions") == _count(db, "articles")
