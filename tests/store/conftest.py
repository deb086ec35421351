"""Fixtures of the store tests: one reference store, built once per session.

The reference is built in-process with the local process pool (2 workers), so
the pool path is exercised; other tests compare their stores with it. The
articles are the project's own: examples/millbrook-bridge/ (4 articles, one
story) and tests/store/data/orchard-fire/ (3 articles, another story).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from corroborate.settings import Settings
from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS

ORCHARD = Path(__file__).parent / "data" / "orchard-fire"
INPUTS = [str(EXAMPLE), str(ORCHARD)]
# As `corroborate ingest` runs by default: claims grouped by words (no --claims-by-meaning).
SETTINGS = Settings(outlet_files=(EXAMPLE_OUTLETS,), claim_embeddings=False)


@dataclass(frozen=True)
class BuiltStore:
    db: Path
    parquet: Path
    report: object
    seconds: float


@pytest.fixture(scope="session")
def reference_store(tmp_path_factory: pytest.TempPathFactory) -> BuiltStore:
    import time

    from corroborate.store import IngestOptions, ingest

    root = tmp_path_factory.mktemp("reference")
    started = time.perf_counter()
    report = ingest(INPUTS, root / "corpus.db", SETTINGS, IngestOptions(workers=2, parquet_dir=root / "parquet"))
    seconds = time.perf_counter() - started
    assert not report.errors, report.errors
    return BuiltStore(root / "corpus.db", root / "parquet", report, seconds)


@pytest.fixture
def store_copy(reference_store: BuiltStore, tmp_path: Path) -> Path:
    """A copy of the reference database to change."""
    target = tmp_path / "corpus.db"
    shutil.copy(reference_store.db, target)
    return target
