"""The local process pool's workers start light: what they import is what they need, and
the pipeline is loaded once, in the fork server they are forked from."""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from corroborate.settings import Settings


def test_a_worker_imports_no_clustering_stack() -> None:
    """A worker imports `corroborate.scale.work` and `.runner`; scipy (the clusterer's
    sparse matrices) stays out until `corroborate.scale` is asked for them."""
    code = (
        "import sys, corroborate.scale.work, corroborate.scale.runner, corroborate.store.tasks\n"
        "assert 'datasketch' not in sys.modules and 'scipy' not in sys.modules, 'heavy import'\n"
        "from corroborate.scale import cluster_articles, near_duplicates\n"
        "assert callable(cluster_articles) and callable(near_duplicates) and 'scipy' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_command_line_imports_no_clustering_stack_until_a_command_clusters() -> None:
    """Every `corroborate` command imports the CLI; `ingest` starts its workers after
    it, so the clusterer's stack (0.4 s) loads only when `cluster` runs."""
    code = "import sys, corroborate.cli\nassert 'datasketch' not in sys.modules and 'scipy' not in sys.modules, 'heavy import'\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def _pipeline_loads() -> tuple[int, int]:
    """In a worker: (hits, misses) of the pipeline cache after the worker's own load."""
    from corroborate.nlp.pipeline import load_pipeline

    info = load_pipeline.cache_info()
    return info.hits, info.misses


def _call(function: Callable[[], Any]) -> Any:
    return function()


@pytest.mark.skipif("forkserver" not in multiprocessing.get_all_start_methods(), reason="no fork server here")
def test_pool_workers_start_with_the_pipeline_the_fork_server_loaded() -> None:
    """Each worker is forked from a server that loaded the default pipeline: the worker's
    own `load_pipeline` (its initializer) is a cache hit, not a second model load."""
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.scale.runner import ProcessEngine

    try:
        load_pipeline(Settings().model_names)
    except Exception:  # no spaCy model installed here
        pytest.skip("no spaCy model")
    engine = ProcessEngine(Settings(), 2)
    try:
        [(_, (hits, misses))] = list(engine.run(_call, [_pipeline_loads]))
    finally:
        engine.close()
    assert (hits, misses) == (1, 1)  # the miss was the server's load, the hit the worker's


@pytest.mark.model
def test_the_ingest_process_imports_no_spacy(tmp_path: Path) -> None:
    """`ingest` with a pool hands out work and stores results: its own process never
    imports spaCy or the extractors (their import is 0.7 s of start-up); the workers do."""
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / "one.txt").write_text('"We will reopen the bridge in May," said Mayor Ann Lee on Tuesday.\n', "utf-8")
    (folder / "two.txt").write_text('Mayor Ann Lee said the bridge "will reopen in May".\n', "utf-8")
    code = (
        "import sys\n"
        "from corroborate.cli import run\n"
        f"sys.argv = ['corroborate', 'ingest', {str(folder)!r}, '--db', {str(tmp_path / 'c.db')!r}, '--workers', '2']\n"
        "try:\n"
        "    run()\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "heavy = sorted(m for m in ('spacy', 'corroborate.pipeline', 'corroborate.nlp.quotes') if m in sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sqlite3.connect(tmp_path / "c.db").execute("select count(*) from extractions").fetchone() == (2,)


@pytest.mark.skipif("forkserver" not in multiprocessing.get_all_start_methods(), reason="no fork server here")
@pytest.mark.parametrize(
    ("engine", "workers", "started"),
    [("local", 2, True), ("local", 1, False), ("dask", 2, False)],
)
def test_prestart_workers_starts_the_fork_server_only_for_a_local_pool(engine: str, workers: int, started: bool) -> None:
    """`ingest` starts the pool's fork server (its model load) before it reads the input;
    a run without a local pool (one worker, Dask) starts none. Checked in a fresh process,
    whose fork server no earlier test started."""
    code = (
        "import sys\n"
        "from multiprocessing import forkserver\n"
        "from corroborate.scale.runner import prestart_workers\n"
        f"prestart_workers({engine!r}, {workers})\n"
        "print(forkserver._forkserver._forkserver_pid is not None)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == str(started)
