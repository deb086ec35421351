"""A run that stops before it writes anything (an unreachable Dask scheduler) leaves no store behind."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from corroborate.errors import UsageError
from corroborate.settings import Settings
from corroborate.store import IngestOptions, ingest
from corroborate.store.sqlite import CorpusStore

DOCS = Path(__file__).resolve().parents[2] / "docs" / "store.md"


def _unreachable(*args: object, **kwargs: object) -> None:
    raise UsageError("cannot reach the Dask scheduler at tcp://127.0.0.1:9 (refused); check --scheduler")


def _article(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "a.txt"
    path.parent.mkdir()
    path.write_text("The council voted on Monday to close the bridge, the mayor said.\n", encoding="utf-8")
    return path


def test_unreachable_scheduler_leaves_no_empty_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("corroborate.scale.runner.start_engine", _unreachable)
    monkeypatch.setattr("corroborate.store.batch.extractor_fingerprint", lambda settings: "test;model")
    db = tmp_path / "out" / "corpus.db"
    options = IngestOptions(engine="dask", scheduler="tcp://127.0.0.1:9")
    with pytest.raises(UsageError, match="scheduler"):
        ingest([str(_article(tmp_path))], db, Settings(), options)
    assert not db.exists()
    assert sorted(p.name for p in db.parent.iterdir()) == []


def test_unreachable_scheduler_keeps_an_existing_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "corpus.db"
    CorpusStore(db).close()
    monkeypatch.setattr("corroborate.scale.runner.start_engine", _unreachable)
    monkeypatch.setattr("corroborate.store.batch.extractor_fingerprint", lambda settings: "test;model")
    with pytest.raises(UsageError):
        ingest([str(_article(tmp_path))], db, Settings(), IngestOptions(engine="dask", scheduler="tcp://127.0.0.1:9"))
    with sqlite3.connect(db) as kept:  # the same store, its tables whole
        tables = {row[0] for row in kept.execute("select name from sqlite_master where type = 'table'")}
        assert {"articles", "stories"} <= tables and kept.execute("pragma integrity_check").fetchone() == ("ok",)


def test_docs_dask_example_binds_every_address_to_loopback() -> None:
    lines = [line for line in DOCS.read_text(encoding="utf-8").splitlines() if line.startswith(("dask scheduler", "dask worker"))]
    assert len(lines) == 2
    for line in lines:
        addresses = re.findall(r"--(?:host|dashboard-address)\s+(\S+)", line)
        assert len(addresses) == 2, line
        assert all(a.startswith("127.0.0.1") for a in addresses), line
