"""`corroborate ingest` on the command line: help, exit codes, failures recorded."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from corroborate.cli import app
from corroborate.store import IngestOptions, ingest
from corroborate.store.batch import STAGES
from tests.conftest import EXAMPLE_OUTLETS
from tests.store.conftest import INPUTS, ORCHARD, SETTINGS, BuiltStore

runner = CliRunner()


def test_help_ends_with_an_example() -> None:
    result = runner.invoke(app, ["ingest", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    flat = " ".join(result.output.split())
    assert flat.endswith(
        "Example: corroborate ingest examples/millbrook-bridge/ --db corpus.db --parquet corpus-parquet/ --workers 2"
    )
    for option in ("--db", "--parquet", "--engine", "--scheduler", "--workers"):
        assert option in result.output


def test_scheduler_without_dask_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["ingest", str(ORCHARD), "--db", str(tmp_path / "c.db"), "--scheduler", "tcp://127.0.0.1:1"])
    assert result.exit_code == 2
    assert "--scheduler needs --engine dask" in result.output


@pytest.mark.model
def test_a_bad_input_gives_exit_code_1_and_the_rest_is_stored(
    reference_store: BuiltStore, store_copy: Path, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    arguments = ["ingest", *INPUTS, str(empty), "--db", str(store_copy), "--workers", "1", "--outlets", str(EXAMPLE_OUTLETS)]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 1, result.output
    assert "empty.txt" in result.output
    assert "7 article(s) read: 0 extracted, 7 already in the store" in result.output
    # Not a terminal: one line per stage, in order.
    stages = [line.split(":")[0] for line in result.output.splitlines() if " in " in line and line.split(":")[0] in STAGES]
    assert stages == ["read", "extract", "cluster", "analyse", "write"]
    assert "read: 7 article(s) in " in result.output
    connection = sqlite3.connect(store_copy)
    assert connection.execute("select stage, code from errors").fetchall() == [("load", "empty")]
    connection.close()


@pytest.mark.model
def test_a_failing_story_lands_in_errors_then_recovers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import corroborate.scale.work as work_module

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("simulated failure in the per-story stage")

    db = tmp_path / "corpus.db"
    with monkeypatch.context() as patch:
        patch.setattr(work_module, "analyze_story", broken)
        report = ingest([str(ORCHARD)], db, SETTINGS, IngestOptions(workers=1))
    assert report.extracted == 3 and report.stories_analysed == 0
    connection = sqlite3.connect(db)
    ((source, stage, reason),) = connection.execute("select source, stage, reason from errors").fetchall()
    assert source.startswith("story:") and stage == "story" and "simulated failure" in reason
    assert connection.execute("select count(*) from stories").fetchone() == (0,)
    connection.close()
    report = ingest([str(ORCHARD)], db, SETTINGS, IngestOptions(workers=1))
    assert (report.extracted, report.stories_analysed) == (0, 1)
    connection = sqlite3.connect(db)
    assert connection.execute("select count(*) from errors").fetchone() == (0,)
    connection.close()


@pytest.mark.model
def test_ingest_groups_claims_by_words_unless_asked_for_meaning(tmp_path: Path) -> None:
    """At scale the sentence embeddings cost as much as the parse: `ingest` groups claims
    by words unless given --claims-by-meaning (the mode is part of a story's fingerprint)."""
    fingerprints = {}
    for name, extra in (("default", []), ("meaning", ["--claims-by-meaning"]), ("words", ["--claims-by-words"])):
        db = tmp_path / f"{name}.db"
        result = runner.invoke(app, ["ingest", str(ORCHARD), "--db", str(db), "--workers", "1", *extra])
        assert result.exit_code == 0, result.output
        connection = sqlite3.connect(db)
        [(fingerprints[name],)] = connection.execute("select fingerprint from stories").fetchall()
        connection.close()
    assert fingerprints["default"] == fingerprints["words"] != fingerprints["meaning"]
