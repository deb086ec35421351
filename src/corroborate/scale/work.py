"""The units of work a worker runs (`scale.runner` hands them out): each worker process
loads the spaCy pipeline and the outlet registry once (`init_worker`: a pool
initializer, a Dask worker plugin), never per article. A task never raises: a
failure comes back as `TaskFailure` naming the item."""

from __future__ import annotations

import contextlib
import os
import threading
from typing import Any

from corroborate.align.embeddings import share_cores
from corroborate.ingest import OutletRegistry
from corroborate.model import Analysis, Article
from corroborate.nlp.pipeline import load_pipeline, model_id
from corroborate.pipeline import ArticleExtraction, analyze_story, extract_article, extract_articles
from corroborate.scale.units import StoryJob, TaskFailure, failure
from corroborate.settings import Settings

_WORKER_LOCK = threading.Lock()
_WORKER: dict[str, Any] = {}


def init_worker(settings: Settings, processes: int = 1) -> None:
    """Load the pipeline and the outlet registry once per process (idempotent);
    `processes` is how many worker processes share this machine's cores."""
    with _WORKER_LOCK:
        if processes > 1:
            share_cores(processes)
        if _WORKER.get("settings") == settings:
            return
        _WORKER["nlp"] = load_pipeline(settings.model_names)
        _WORKER["registry"] = OutletRegistry.load(settings.outlet_files)
        _WORKER["settings"] = settings
        _WORKER["pid"] = os.getpid()


def init_worker_quietly(settings: Settings, processes: int = 1) -> None:
    """Pool initializer: a failure here would break the whole pool, so it is left to
    the first task, which reports it as a `TaskFailure`."""
    with contextlib.suppress(Exception):
        init_worker(settings, processes)


def extract_task(article: Article, extractor: str, settings: Settings) -> ArticleExtraction | TaskFailure:
    """The per-article stage in a worker."""
    try:
        init_worker(settings)  # done already by the initializer or plugin; a worker that joined later loads here
        with _WORKER_LOCK:
            return extract_article(_WORKER["nlp"], _WORKER["registry"], article, extractor)
    except Exception as exc:
        return failure(exc)


def extract_batch_task(batch: tuple[Article, ...], extractor: str, settings: Settings) -> list[ArticleExtraction | TaskFailure]:
    """The per-article stage for a batch of articles parsed together; when the batch
    fails, each article is tried alone so one bad article fails only itself."""
    try:
        init_worker(settings)
        with _WORKER_LOCK:
            return list(extract_articles(_WORKER["nlp"], _WORKER["registry"], batch, extractor))
    except Exception:
        return [extract_task(article, extractor, settings) for article in batch]


def story_task(job: StoryJob, settings: Settings) -> Analysis | TaskFailure:
    """The per-story stage in a worker."""
    try:
        init_worker(settings)
        with _WORKER_LOCK:
            return analyze_story(job.extractions, _WORKER["registry"], settings, model=model_id(_WORKER["nlp"]))
    except Exception as exc:
        return failure(exc)
