"""The Dask engine (a LocalCluster of 2 workers) fills the same store as the local engine.

The workers are threads of this process (`processes=False`): a process-based
LocalCluster takes about 28 s here to start its workers and load the pipeline in
each, against 10 s for threads; the tasks, the plugin that loads the pipeline
and the result handling are the same in both modes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corroborate.store import IngestOptions, ingest
from tests.store.conftest import INPUTS, SETTINGS, BuiltStore
from tests.store.helpers import assert_same_contents

pytestmark = pytest.mark.model


def test_dask_local_cluster_gives_the_same_store(reference_store: BuiltStore, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    db = tmp_path / "corpus.db"
    report = ingest(INPUTS, db, SETTINGS, IngestOptions(engine="dask", workers=2, dask_processes=False))
    assert not report.errors
    assert (report.extracted, report.stories_analysed) == (7, 2)
    assert_same_contents(reference_store.db, db)


def test_dask_with_a_scheduler_address(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    from tests.store.conftest import ORCHARD

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        db = tmp_path / "corpus.db"
        report = ingest([str(ORCHARD)], db, SETTINGS, IngestOptions(engine="dask", scheduler=cluster.scheduler_address))
    assert not report.errors
    assert (report.extracted, report.stories_analysed) == (3, 1)
