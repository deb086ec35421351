"""The local process pool: forked with the pipeline loaded where that is safe, spawned
otherwise, with the same results either way."""

from __future__ import annotations

import threading

import pytest

from corroborate.ingest import OutletRegistry, load_articles
from corroborate.scale import runner
from corroborate.scale.runner import ProcessEngine, extract_batch_task, fork_is_safe
from corroborate.settings import Settings
from corroborate.store.extraction import extractor_fingerprint
from tests.store.conftest import ORCHARD


def test_a_running_thread_makes_forking_unsafe() -> None:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    try:
        assert not fork_is_safe()
    finally:
        stop.set()
        thread.join()


def test_an_onnx_session_makes_forking_unsafe(monkeypatch: pytest.MonkeyPatch) -> None:
    import corroborate.align.embeddings as embeddings

    monkeypatch.setattr(embeddings, "runtime_started", lambda: True)
    assert not fork_is_safe()


@pytest.mark.model
def test_forked_and_spawned_workers_extract_the_same() -> None:
    settings = Settings()
    articles = load_articles([str(ORCHARD)], settings, OutletRegistry.load(())).articles
    extractor = extractor_fingerprint(settings)
    results = {}
    for fork in (True, False):
        engine = ProcessEngine(settings, 2, fork=fork)
        assert engine.start_method == ("fork" if fork else "spawn")
        try:
            batches = [(article,) for article in articles]
            done = {batch[0].id: result[0] for batch, result in engine.run(extract_batch_task, batches, extractor, settings)}
        finally:
            engine.close()
        results[fork] = {key: (e.quotes, e.claims, e.mentions) for key, e in done.items()}
    assert results[True] == results[False] and len(results[True]) == len(articles)
    assert runner._WORKER.get("settings") == settings  # the forked pool loaded the pipeline here, once
