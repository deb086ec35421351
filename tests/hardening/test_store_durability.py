"""No data loss: `corroborate ingest` killed at random points, and write errors.

1. The real command runs in a subprocess and is killed with SIGKILL three times,
   at delays drawn from a fixed seed (1.5–8 s; the runner's test pause hooks, 1 s
   after each article and 3 s after each story, stretch a run to ~15 s so the kills
   land during model loading, extraction and the story stage); after
   each kill the database passes SQLite's integrity check and every stored story is
   whole. A final run must leave a store identical to an uninterrupted run's.
2. A write that fails (SQLite's `database or disk is full`, raised by a patched
   sqlite-utils insert in the middle of a transaction) leaves the store consistent:
   no half story, no half extraction, and a rerun completes it.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils.db

from corroborate.store import IngestOptions, ingest
from corroborate.store.batch import PAUSE_AFTER_ARTICLE_ENV, PAUSE_AFTER_STORY_ENV
from corroborate.store.schema import STORY_TABLES
from tests.conftest import EXAMPLE_OUTLETS
from tests.store.conftest import INPUTS, SETTINGS
from tests.store.helpers import assert_fts_in_sync, assert_same_contents, table_contents

pytestmark = pytest.mark.model

ROOT = Path(__file__).resolve().parents[2]
KILL_SEED = 20261130
KILLS = 3
DISK_FULL = "database or disk is full"


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("uninterrupted") / "corpus.db"
    report = ingest(INPUTS, db, SETTINGS, IngestOptions(workers=1))
    assert not report.errors and report.stories_analysed == 2
    return db


def _ingest_process(db: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, PAUSE_AFTER_ARTICLE_ENV: "1.0", PAUSE_AFTER_STORY_ENV: "3.0", "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "corroborate", "ingest", *INPUTS, "--db", str(db), "--workers", "1"]
    command += ["--outlets", str(EXAMPLE_OUTLETS)]
    return subprocess.Popen(
        command, env=env, cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def _counts(db: Path) -> str:
    if not db.exists():
        return "no database yet"
    connection = sqlite3.connect(db)
    try:
        found = [f"{t} {connection.execute(f'select count(*) from [{t}]').fetchone()[0]}" for t in ("extractions", "stories")]
        return ", ".join(found)
    except sqlite3.OperationalError:
        return "tables not created yet"
    finally:
        connection.close()


def _stored_stories_are_whole(db: Path, reference: Path) -> None:
    """SQLite finds no damage, each extraction has its article, and every stored story
    holds exactly the rows the uninterrupted run has for it."""
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("pragma integrity_check").fetchone() == ("ok",)
        articles = connection.execute("select count(*) from articles").fetchone()[0]
        assert connection.execute("select count(*) from extractions").fetchone()[0] == articles
    finally:
        connection.close()
    written, expected = table_contents(db), table_contents(reference)
    stories = {row[0] for row in written["stories"]}
    for table in STORY_TABLES:
        mine = [row for row in written[table.name] if row[0] in stories]
        assert mine == [row for row in expected[table.name] if row[0] in stories], table.name
        assert all(row[0] in stories for row in written[table.name]), f"{table.name} holds rows of no stored story"


def test_killed_three_times_at_random_points_then_rerun_equals_an_uninterrupted_run(uninterrupted: Path, tmp_path: Path) -> None:
    db = tmp_path / "corpus.db"
    delays = [random.Random(KILL_SEED + n).uniform(1.5, 8.0) for n in range(KILLS)]
    states: list[str] = []
    for delay in delays:
        process = _ingest_process(db)
        try:
            process.wait(timeout=delay)
            states.append(f"finished before {delay:.1f} s")
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
            states.append(f"killed at {delay:.1f} s: {_counts(db)}")
        if db.exists():
            _stored_stories_are_whole(db, uninterrupted)
    print("\n".join(states))
    assert any(state.startswith("killed") for state in states), states
    report = ingest(INPUTS, db, SETTINGS, IngestOptions(workers=1))
    assert not report.errors
    assert_same_contents(uninterrupted, db)
    assert_fts_in_sync(db)


class FullTables(set[str]):
    """Names of the tables whose inserts fail, and how many inserts were refused."""

    refused = 0


@pytest.fixture
def disk_full_on(monkeypatch: pytest.MonkeyPatch) -> Iterator[FullTables]:
    """Tables whose next insert fails as a full disk does (add names to the set)."""
    failing = FullTables()
    original_insert_all = sqlite_utils.db.Table.insert_all
    original_upsert = sqlite_utils.db.Table.upsert

    def full(table: sqlite_utils.db.Table) -> None:
        if table.name in failing:
            failing.refused += 1
            raise sqlite3.OperationalError(DISK_FULL)

    def insert_all(self: sqlite_utils.db.Table, *args: Any, **kwargs: Any) -> Any:
        full(self)
        return original_insert_all(self, *args, **kwargs)

    def upsert(self: sqlite_utils.db.Table, *args: Any, **kwargs: Any) -> Any:
        full(self)
        return original_upsert(self, *args, **kwargs)

    monkeypatch.setattr(sqlite_utils.db.Table, "insert_all", insert_all)
    monkeypatch.setattr(sqlite_utils.db.Table, "upsert", upsert)
    yield failing


@pytest.mark.parametrize(
    "table",
    [
        "extractions",  # during the extraction of the first article: after its articles row, before its cache row
        "claims",  # during the first story: after its old rows are deleted and some new ones inserted
    ],
)
def test_a_full_disk_leaves_the_store_consistent_and_a_rerun_completes_it(
    uninterrupted: Path, tmp_path: Path, disk_full_on: FullTables, table: str
) -> None:
    db = tmp_path / "corpus.db"
    disk_full_on.add(table)
    with pytest.raises(sqlite3.OperationalError, match=DISK_FULL):
        ingest(INPUTS, db, SETTINGS, IngestOptions(workers=1))
    if table == "extractions":
        # The article row went with its failed cache row: the run created the store and
        # wrote nothing, so it leaves no empty store behind (as when a scheduler is unreachable).
        assert not db.exists()
    else:
        _stored_stories_are_whole(db, uninterrupted)
        assert table_contents(db)["stories"] == []  # the story whose write failed left nothing behind
    disk_full_on.clear()
    report = ingest(INPUTS, db, SETTINGS, IngestOptions(workers=1))
    assert not report.errors
    assert_same_contents(uninterrupted, db)
    assert_fts_in_sync(db)


def test_a_full_disk_on_the_command_line_is_a_clear_error_not_a_traceback(tmp_path: Path, disk_full_on: FullTables) -> None:
    from typer.testing import CliRunner

    from corroborate.cli import app

    disk_full_on.add("claims")
    arguments = ["ingest", *INPUTS, "--db", str(tmp_path / "corpus.db"), "--workers", "1", "--outlets", str(EXAMPLE_OUTLETS)]
    result = CliRunner().invoke(app, arguments)
    assert disk_full_on.refused == 1  # the first refused write ends the run: no retrying a full disk
    assert result.exit_code not in (0, None)
    assert DISK_FULL in result.output
    assert "Traceback" not in result.output
