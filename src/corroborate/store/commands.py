"""`corroborate ingest`: the command-line face of `corroborate.store.batch`.

Kept light at import time (the CLI imports it for every command): the store,
sqlite-utils, pyarrow and Dask are imported when the command runs.
"""

from __future__ import annotations

import sqlite3
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Optional

import typer

from corroborate.console import FollowLinksOption, exit_code, exit_on_error, inputs_exit_code, is_locked, stderr
from corroborate.settings import DEFAULT_MAX_BYTES, DEFAULT_URL_TIMEOUT, Settings

INGEST_EPILOG = "Example: corroborate ingest examples/millbrook-bridge/ --db corpus.db --parquet corpus-parquet/ --workers 2"


class EngineChoice(StrEnum):
    local = "local"
    dask = "dask"


def ingest_command(
    paths: Annotated[
        list[str], typer.Argument(help="Files, directories, glob patterns, - for stdin, or http(s) URLs.", show_default=False)
    ],
    db: Annotated[Path, typer.Option("--db", help="SQLite file to create or update (Datasette-friendly).", show_default=False)],
    parquet: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--parquet", help="Also write one Parquet file per table into this folder."),
    ] = None,
    engine: Annotated[
        EngineChoice, typer.Option("--engine", help="local: a process pool; dask: dask.distributed.")
    ] = EngineChoice.local,
    scheduler: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--scheduler", help="Address of a running Dask scheduler (with --engine dask); default: a LocalCluster."),
    ] = None,
    workers: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--workers", "-w", min=1, help="Worker processes (default: one per CPU; 1 runs in this process)."),
    ] = None,
    dask_threads: Annotated[
        bool, typer.Option("--dask-threads", help="LocalCluster workers as threads of one process (slower; for tests).")
    ] = False,
    date_window: Annotated[
        int, typer.Option("--date-window", min=0, help="Days apart beyond which articles are never one story.")
    ] = 7,
    outlets: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Option("--outlets", help="Extra outlet registry YAML file (repeatable)."),
    ] = None,
    max_bytes: Annotated[int, typer.Option("--max-bytes", min=1, help="Largest input accepted, in bytes.")] = DEFAULT_MAX_BYTES,
    follow_links: FollowLinksOption = False,
    url_timeout: Annotated[
        float, typer.Option("--url-timeout", min=0.1, help="Seconds to wait for a URL.")
    ] = DEFAULT_URL_TIMEOUT,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also print skipped files.")] = False,
    claims_by_meaning: Annotated[
        bool,
        typer.Option(
            "--claims-by-meaning/--claims-by-words",
            help="Group claims with sentence embeddings as `analyze` does (more paraphrased claims grouped, "
            "about half the throughput), or by shared words, quotations and figures only (the default at scale). "
            "Stories analysed the other way are analysed again.",
        ),
    ] = False,
) -> None:
    """Ingest many articles into a corpus store: cluster into stories, analyse each story, store.

    Resumable: a rerun skips articles already extracted and stories whose members
    did not change; an interrupted run loses nothing already written. Inputs that
    fail are listed in the `errors` table and on stderr; the rest go on.

    Claims are grouped by words by default here (`analyze` uses sentence embeddings):
    on a large collection the embeddings cost as much as the parse itself."""
    from corroborate.scale.runner import prestart_workers

    prestart_workers(engine.value, workers)  # the workers' model load, under way during the imports below
    from corroborate.report.safe import terminal_safe
    from corroborate.store.batch import IngestOptions, ingest

    settings = Settings(
        max_bytes=max_bytes,
        url_timeout=url_timeout,
        outlet_files=tuple(outlets or ()),
        claim_embeddings=claims_by_meaning,
        follow_links=follow_links,
    )
    options = IngestOptions(
        engine=engine.value,
        workers=workers,
        scheduler=scheduler,
        dask_processes=not dask_threads,
        date_window_days=date_window,
        parquet_dir=parquet,
    )
    from corroborate.store.progress import IngestProgress

    started = time.perf_counter()
    progress = IngestProgress(stderr)
    try:
        with exit_on_error():
            try:
                report = ingest(paths, db, settings, options, on_progress=progress)
            finally:
                progress.close()
    except KeyboardInterrupt as exc:
        stderr.print(f"interrupted: what was written to {db} is kept; run the same command again to resume")
        raise typer.Exit(exit_code(exc)) from exc
    except sqlite3.Error as exc:  # a full disk, a read-only file: the store stays as it was before this write
        if is_locked(exc):
            stderr.print(
                f"error: {db} stayed locked by another writer (serve's worker, another ingest) for two minutes; "
                "what was written is kept: run the same command again to resume"
            )
        else:
            stderr.print(
                f"error: cannot write {db}: {exc}; free some space or give a writable --db; "
                "what was written is kept, so the same command resumes"
            )
        raise typer.Exit(exit_code(exc)) from exc
    for source, stage, _code, reason in report.errors:
        stderr.print(f"error: {terminal_safe(source, 300)} ({stage}): {terminal_safe(reason, 500)}")
    if verbose:
        for note in report.notes:
            stderr.print(f"note: {terminal_safe(note, 300)}")
    elif report.notes:
        stderr.print(f"note: skipped {len(report.notes)} file(s) of types not read (-v lists them)")
    seconds = time.perf_counter() - started
    stderr.print(
        f"{report.loaded} article(s) read: {report.extracted} extracted, {report.extraction_skipped} already in the store; "
        f"{report.stories} story(ies): {report.stories_analysed} analysed, {report.stories_skipped} unchanged"
        + (f", {report.stories_deleted} removed" if report.stories_deleted else "")
        + f"; {len(report.errors)} error(s); {seconds:.1f} s → {db}"
        + (f" and {parquet}/" if parquet else "")
    )
    raise typer.Exit(inputs_exit_code(report.errors))
