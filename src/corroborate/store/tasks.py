"""The ingest run's units of work, as the engine (`scale.runner`) hands them to its
workers: what crosses between the ingest process and a worker is the text the store
keeps (an extraction's cache row), not the records, so the ingest process never
imports spaCy or the extractors (`scale.work`, imported in the worker), and the
workers, in parallel, turn records into that text and back."""

from __future__ import annotations

from dataclasses import dataclass

from corroborate.model import Analysis, Article
from corroborate.scale.units import TaskFailure, failure
from corroborate.settings import Settings
from corroborate.store.extraction import CachedExtraction, cached_extraction, extraction_from_json
from corroborate.store.rows import article_from_json


@dataclass(frozen=True)
class CachedStory:
    """One story's members as the store caches them: (key, extractor, article JSON,
    extraction JSON) each, as `CorpusStore.cached_extractions` reads them."""

    story: str
    members: tuple[tuple[str, str, str, str], ...]


def extract_batch(batch: tuple[Article, ...], extractor: str, settings: Settings) -> list[CachedExtraction | TaskFailure]:
    """The per-article stage for a batch (`scale.work.extract_batch_task`), each result
    as the store's cache row."""
    from corroborate.scale.work import extract_batch_task

    results: list[CachedExtraction | TaskFailure] = []
    for result in extract_batch_task(batch, extractor, settings):
        try:
            results.append(result if isinstance(result, TaskFailure) else cached_extraction(result))
        except Exception as exc:
            results.append(failure(exc))
    return results


def analyse_story(job: CachedStory, settings: Settings) -> Analysis | TaskFailure:
    """The per-story stage (`scale.work.story_task`) on the story's cached extractions, by article id."""
    from corroborate.scale.work import StoryJob, story_task

    try:
        extractions = [
            extraction_from_json(key, article_from_json(article), extractor, data)
            for key, extractor, article, data in job.members
        ]
    except Exception as exc:
        return failure(exc)
    extractions.sort(key=lambda e: e.article.id)
    return story_task(StoryJob(job.story, tuple(extractions)), settings)
