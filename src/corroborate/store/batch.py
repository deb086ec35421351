"""Batch ingest into a corpus store: read, extract per article, cluster, analyse per story, store.

    inputs ─► load ─► extract (per article, in parallel; cached) ─► cluster all stored articles
           ─► plan story ids ─► analyse changed stories (in parallel) ─► one transaction per story
           ─► Parquet export (optional)

Resumable and idempotent: articles are keyed by a content hash (outlet + text);
an article whose extraction is cached (same tool and model) is not extracted
again; a story whose members and tool are unchanged (`stories.fingerprint`) is
not analysed again. A crash loses at most the work in flight. New articles join
existing stories: a story keeps its id while it holds its old members.

Test hooks (tests only): when the environment variable
`CORROBORATE_TEST_PAUSE_AFTER_STORY` (or `..._AFTER_ARTICLE`) holds a number of
seconds, the run sleeps that long after each story (article) is committed, so a
test can kill it between two.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import math
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from corroborate.corrections import applicable, apply_corrections, follow_kept_story, kept_stories, stored_corrections
from corroborate.errors import ModelNotFoundError
from corroborate.ingest import OutletRegistry, load_articles
from corroborate.model import Analysis, Article
from corroborate.settings import Settings
from corroborate.store.extraction import CachedExtraction, article_key, extractor_fingerprint, story_fingerprint
from corroborate.store.metadata import write_metadata
from corroborate.store.sqlite import CorpusStore
from corroborate.store.tasks import CachedStory, analyse_story, extract_batch

if TYPE_CHECKING:
    from corroborate.scale.runner import Engine

PAUSE_AFTER_STORY_ENV = "CORROBORATE_TEST_PAUSE_AFTER_STORY"
PAUSE_AFTER_ARTICLE_ENV = "CORROBORATE_TEST_PAUSE_AFTER_ARTICLE"

ProgressCallback = Callable[[str, int, int], None]  # (stage, done, total)
# The stages a run reports, in order: inputs read, articles extracted, articles clustered,
# stories analysed, stories written to the store, Parquet files exported (with --parquet).
STAGES = ("read", "extract", "cluster", "analyse", "write", "export")


@dataclass
class IngestReport:
    """What one ingest run did. `*_skipped` counts work found already done."""

    loaded: int = 0
    extracted: int = 0
    extraction_skipped: int = 0
    stories: int = 0
    stories_analysed: int = 0
    stories_skipped: int = 0
    stories_deleted: int = 0
    errors: list[tuple[str, str, str, str]] = field(default_factory=list)  # (source, stage, code, reason)
    notes: list[str] = field(default_factory=list)
    words_extracted: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    parquet_files: list[Path] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.errors)


@dataclass(frozen=True)
class IngestOptions:
    engine: str = "local"
    workers: int | None = None
    scheduler: str | None = None
    dask_processes: bool = True
    date_window_days: int = 7
    parquet_dir: Path | None = None


# Articles go to the workers in batches parsed together (`nlp.pipe`): at most
# EXTRACT_BATCH articles and EXTRACT_BATCH_CHARS characters (a batch's Docs are held at
# once; an article longer than that goes alone), and fewer as the work runs out, so the
# workers finish together (`extract_batches`). Small, so a kill loses little; a batch
# of 16 parses about 3 % faster than one of 8 (benchmarks/README.md).
EXTRACT_BATCH = 16
EXTRACT_BATCH_CHARS = 200_000
_MIN_EXTRACT_BATCH = 4


def ingest(
    specs: Iterable[str],
    db_path: str | Path,
    settings: Settings | None = None,
    options: IngestOptions | None = None,
    *,
    on_progress: ProgressCallback | None = None,
) -> IngestReport:
    """Ingest the articles named by `specs` into the store at `db_path` (created when missing)."""
    settings = settings or Settings()
    options = options or IngestOptions()
    report = IngestReport()
    progress = on_progress or (lambda stage, done, total: None)
    created = _new_files(Path(db_path))
    try:
        return _ingest(specs, Path(db_path), settings, options, report, progress)
    except BaseException:
        _remove_if_empty(Path(db_path), created)
        raise


def _new_files(db_path: Path) -> list[Path]:
    """The files a run would create beside `db_path` (the store, its WAL, metadata.yml) that do not exist yet."""
    from corroborate.store.metadata import METADATA_NAME

    candidates = [db_path, db_path.with_name(db_path.name + "-wal"), db_path.with_name(db_path.name + "-shm")]
    candidates.append(db_path.resolve().parent / METADATA_NAME)
    return [path for path in candidates if not path.exists()]


def _remove_if_empty(db_path: Path, created: list[Path]) -> None:
    """A run that created the store and failed before writing an article or a story (an
    unreachable Dask scheduler, no spaCy model) leaves nothing behind: no empty store."""
    if db_path not in created or not db_path.exists():
        return
    try:
        with CorpusStore(db_path) as store:
            if store.count("articles") or store.count("stories"):
                return
    except Exception:  # unreadable: leave it for the user to look at
        return
    for path in created:
        path.unlink(missing_ok=True)


def _ingest(
    specs: Iterable[str],
    db_path: Path,
    settings: Settings,
    options: IngestOptions,
    report: IngestReport,
    progress: ProgressCallback,
) -> IngestReport:
    lap = _Laps(report.seconds)
    _prestart(options)
    registry = OutletRegistry.load(settings.outlet_files)
    with CorpusStore(db_path) as store:
        write_metadata(db_path)
        loaded = load_articles(specs, settings, registry)
        report.loaded = len(loaded.articles)
        progress("read", len(loaded.articles), len(loaded.articles))
        report.notes = list(loaded.notes)
        _record(store, report, [(e.source, "load", e.code, e.reason) for e in loaded.errors])
        extractor = extractor_fingerprint(settings)
        todo = _articles_to_extract(store, loaded.articles, extractor, report)
        lap("load")
        engine: Engine | None = None
        try:
            if todo:
                if extractor.endswith(";none"):
                    from corroborate.nlp.pipeline import INSTALL_HINT  # imports spaCy: only on this way out

                    names = ", ".join(settings.model_names)
                    raise ModelNotFoundError(f"no English spaCy pipeline found (tried {names}); {INSTALL_HINT}")
                _import_clusterer_meanwhile()
                engine = _start(settings, options)
                progress("extract", 0, len(todo))
                _extract(store, engine, todo, extractor, settings, report, progress)
            else:
                progress("extract", 0, 0)
            lap("extract")
            jobs = _story_jobs(store, extractor, settings, options.date_window_days, report, progress)
            lap("cluster")
            progress("analyse", 0, len(jobs))
            progress("write", 0, len(jobs))
            if jobs:
                engine = engine or _start(settings, options)
                _analyse(store, engine, jobs, settings, report, progress)
            lap("stories")
        finally:
            if engine is not None:
                engine.close()
        if options.parquet_dir is not None:
            from corroborate.store.parquet import export_parquet

            report.parquet_files = export_parquet(store, options.parquet_dir, lambda done, total: progress("export", done, total))
            lap("parquet")
    return report


class _Laps:
    """Seconds spent in each phase, into `seconds`."""

    def __init__(self, seconds: dict[str, float]) -> None:
        self.seconds = seconds
        self.last = time.perf_counter()

    def __call__(self, phase: str) -> None:
        now = time.perf_counter()
        self.seconds[phase] = now - self.last
        self.last = now


def _story_jobs(
    store: CorpusStore,
    extractor: str,
    settings: Settings,
    date_window_days: int,
    report: IngestReport,
    progress: ProgressCallback,
) -> list[tuple[str, list[str], str]]:
    """Cluster every stored article, give stories their ids, drop vanished stories;
    the (story, member keys, fingerprint) of those that changed."""
    stored = store.articles()
    progress("cluster", 0, len(stored))
    previous = store.story_members()
    plan = plan_stories(_cluster([a for _, a in stored], date_window_days), {a.id: k for k, a in stored}, previous)
    report.stories = len(plan)
    progress("cluster", len(stored), len(stored))
    for story in sorted(set(previous) - set(plan)):
        store.delete_story(story)
        report.stories_deleted += 1
    known = store.story_fingerprints()
    documented = store.stories_with_documents()  # a story stored without its document is analysed again
    jobs: list[tuple[str, list[str], str]] = []
    for story, keys in sorted(plan.items()):
        fingerprint = story_fingerprint(keys, extractor, settings)
        if known.get(story) == fingerprint and story in documented:
            report.stories_skipped += 1
        else:
            jobs.append((story, keys, fingerprint))
    # Largest stories first, so the last job to finish is a small one and no worker
    # idles while another analyses a big story (longest-processing-time order).
    jobs.sort(key=lambda job: (-len(job[1]), job[0]))
    return jobs


def _prestart(options: IngestOptions) -> None:
    """The workers' start-up (model load) under way while this process reads the input."""
    from corroborate.scale.runner import prestart_workers

    prestart_workers(options.engine, options.workers)


def _start(settings: Settings, options: IngestOptions) -> Engine:
    from corroborate.scale.runner import start_engine

    return start_engine(settings, options.engine, options.workers, options.scheduler, processes=options.dask_processes)


def _import_clusterer_meanwhile() -> None:
    """Import the clusterer's stack (scipy.sparse: 0.3-0.4 CPU s) in a thread while
    this process waits for its workers to start (the pool's fork server loading spaCy on
    one core): it is needed after the extraction, and a core is free now. A failure is
    left to the import in `_cluster`, which raises it."""

    def load() -> None:
        with contextlib.suppress(Exception):
            importlib.import_module("corroborate.scale.cluster")

    threading.Thread(target=load, name="corroborate-import-clusterer", daemon=True).start()


def _cluster(articles: Sequence[Article], date_window_days: int) -> dict[str, str]:
    from corroborate.scale.cluster import cluster_articles  # another module's job; imported when needed

    return cluster_articles(articles, date_window_days=date_window_days)


def _record(store: CorpusStore, report: IngestReport, errors: list[tuple[str, str, str, str]]) -> None:
    store.record_errors(errors)
    report.errors.extend(errors)


def with_store_id(article: Article, key: str, key_of_id: dict[str, str], id_of_key: dict[str, str]) -> Article:
    """The article under its id in the store: the id its content (`key`) is stored
    under already, else its own id unless another content holds that id (then the id
    gets the key's first characters). Records the choice in both maps."""
    if key in id_of_key:
        new_id = id_of_key[key]
    elif key_of_id.get(article.id, key) != key:
        new_id = f"{article.id}-{key[:8]}"  # another article (other text or outlet) has this id in the store
    else:
        new_id = article.id
    key_of_id[new_id] = key
    id_of_key[key] = new_id
    return article if new_id == article.id else article.model_copy(update={"id": new_id})


def _articles_to_extract(store: CorpusStore, articles: Sequence[Article], extractor: str, report: IngestReport) -> list[Article]:
    """The articles whose extraction is not cached (or stale); ids made unique against the store."""
    done = store.extracted_keys(extractor)
    key_of_id = store.article_ids()
    id_of_key = {key: article_id for article_id, key in key_of_id.items()}
    todo: list[Article] = []
    for article in articles:
        key = article_key(article)
        if key in done:
            report.extraction_skipped += 1
            continue
        todo.append(with_store_id(article, key, key_of_id, id_of_key))
    # Articles of earlier runs extracted by an older tool or model: extracted again from the
    # stored article, so no story mixes old and new extractions.
    queued = {article_key(a) for a in todo}
    todo.extend(a for a in store.stale_articles(extractor) if article_key(a) not in queued)
    return todo


def _extract(
    store: CorpusStore,
    engine: Engine,
    todo: list[Article],
    extractor: str,
    settings: Settings,
    report: IngestReport,
    progress: ProgressCallback,
) -> None:
    from corroborate.scale.runner import TaskFailure

    pause = float(os.environ.get(PAUSE_AFTER_ARTICLE_ENV) or 0)
    batches = extract_batches(todo, engine.workers)
    finished = (
        (article, result)
        for batch, results in engine.run(extract_batch, batches, extractor, settings)
        # A worker lost mid-batch fails the whole batch: each article is named.
        for article, result in zip(batch, [results] * len(batch) if isinstance(results, TaskFailure) else results, strict=True)
    )
    for done, (article, result) in enumerate(finished, start=1):
        if isinstance(result, TaskFailure):
            _record(store, report, [(article.source, "extract", result.code, result.reason)])
        else:
            assert isinstance(result, CachedExtraction)
            store.save_extraction(result)
            report.extracted += 1
            report.words_extracted += len(article.text.split())
            if pause:
                time.sleep(pause)
        progress("extract", done, len(todo))


def extract_batches(todo: Sequence[Article], workers: int) -> list[tuple[Article, ...]]:
    """`todo` in order, cut into batches for `workers` workers: a batch takes at most a
    (2 x workers)th of the articles left (guided self-scheduling: large batches first,
    small ones last, so no worker parses a large batch alone at the end), between
    _MIN_EXTRACT_BATCH and EXTRACT_BATCH articles, within EXTRACT_BATCH_CHARS characters."""
    batches: list[tuple[Article, ...]] = []
    start = 0
    while start < len(todo):
        size = max(_MIN_EXTRACT_BATCH, min(EXTRACT_BATCH, math.ceil((len(todo) - start) / (2 * max(1, workers)))))
        end = start + 1
        chars = len(todo[start].text)
        while end < len(todo) and end - start < size and chars + len(todo[end].text) <= EXTRACT_BATCH_CHARS:
            chars += len(todo[end].text)
            end += 1
        batches.append(tuple(todo[start:end]))
        start = end
    return batches


def _analyse(
    store: CorpusStore,
    engine: Engine,
    jobs: list[tuple[str, list[str], str]],
    settings: Settings,
    report: IngestReport,
    progress: ProgressCallback,
) -> None:
    from corroborate.scale.runner import TaskFailure

    by_story = {story: (keys, fingerprint) for story, keys, fingerprint in jobs}
    web_edits = _WebEdits(store)
    pause = float(os.environ.get(PAUSE_AFTER_STORY_ENV) or 0)

    def story_jobs() -> Iterable[CachedStory]:  # read from the cache lazily: memory bounded by what is in flight
        for story, keys, _ in jobs:
            yield CachedStory(story, tuple(store.cached_extractions(keys)))

    for done, (job, result) in enumerate(engine.run(analyse_story, story_jobs(), settings), start=1):
        keys, fingerprint = by_story[job.story]
        progress("analyse", done, len(jobs))
        if isinstance(result, TaskFailure):
            _record(store, report, [(f"story:{job.story}", "story", result.code, result.reason)])
        else:
            assert isinstance(result, Analysis)
            result = web_edits.apply(store, job.story, result)
            store.save_story(job.story, result, keys, fingerprint)
            report.stories_analysed += 1
            if pause:
                time.sleep(pause)
        progress("write", done, len(jobs))


class _WebEdits:
    """What people did to stories in `corroborate serve`, read once a run: their
    corrections (`web_corrections`) and the stories the app keeps an analysis of
    (`web_analyses`). A story analysed again (new articles joined it, a new tool
    version) keeps its corrections, and the app's copy follows."""

    def __init__(self, store: CorpusStore) -> None:
        self.corrections = stored_corrections(store.db.conn)
        self.kept = kept_stories(store.db.conn)

    def apply(self, store: CorpusStore, story: str, analysis: Analysis) -> Analysis:
        corrections = applicable(self.corrections, story)
        corrected = apply_corrections(analysis, corrections) if corrections else analysis
        if story in self.kept:
            with store.writing():
                follow_kept_story(store.db.conn, story, corrected)
        return corrected


def plan_stories(
    mapping: Mapping[str, str], key_of_id: Mapping[str, str], previous: Mapping[str, set[str]]
) -> dict[str, list[str]]:
    """Story id -> sorted member keys, from the clusterer's `mapping` (article id -> label).

    A new group that holds members of a stored story takes that story's id (the
    stored story sharing most members; each stored id goes to one group at
    most); any other group takes the clusterer's label, made unique if needed."""
    groups: dict[str, set[str]] = {}
    for article_id, label in mapping.items():
        if article_id in key_of_id:
            groups.setdefault(label, set()).add(key_of_id[article_id])
    story_of_key = {key: story for story, keys in previous.items() for key in keys}
    overlaps: list[tuple[int, str, str]] = []
    for label, keys in groups.items():
        for story, shared in Counter(story_of_key[k] for k in keys if k in story_of_key).items():
            overlaps.append((shared, story, label))
    overlaps.sort(key=lambda item: (-item[0], item[1], item[2]))
    assigned: dict[str, str] = {}
    taken: set[str] = set()
    for _, story, label in overlaps:
        if label not in assigned and story not in taken:
            assigned[label] = story
            taken.add(story)
    for label in sorted(groups):
        if label in assigned:
            continue
        story = label
        if story in taken or story in previous:
            story = f"{label}-{hashlib.sha256(''.join(sorted(groups[label])).encode()).hexdigest()[:6]}"
        assigned[label] = story
        taken.add(story)
    return {assigned[label]: sorted(keys) for label, keys in groups.items()}
