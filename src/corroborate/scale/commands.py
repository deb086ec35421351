"""`corroborate cluster`: group a collection of articles into stories (a thin layer over `cluster_articles`).

Registered on the app in `corroborate.cli`; the consoles and exit codes it shares with the
other commands are in `corroborate.console` (this module does not import the CLI).
"""

from __future__ import annotations

import io
import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.table import Table

from corroborate.console import FollowLinksOption, exit_on_error, inputs_exit_code, output_console, stderr, write_output
from corroborate.settings import DEFAULT_MAX_BYTES, DEFAULT_URL_TIMEOUT, Settings

if TYPE_CHECKING:  # the readers are imported by the command (every command's import delays `ingest`'s workers)
    from corroborate.model import Article

CLUSTER_EPILOG = "Example: corroborate cluster 'archive/**/*.json' --format jsonl -o stories.jsonl"
_PREVIEW_CHARS = 70
_IDS_SHOWN = 6


OutputOpt = Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to FILE (atomically) instead of stdout.")]  # noqa: UP045
OutletsOpt = Annotated[Optional[list[Path]], typer.Option("--outlets", help="Extra outlet registry YAML file (repeatable).")]  # noqa: UP045
TimeoutOpt = Annotated[float, typer.Option("--url-timeout", min=0.1, help="Seconds to wait for a URL.")]


class ClusterFormat(StrEnum):
    table = "table"
    json = "json"
    jsonl = "jsonl"


def cluster_command(
    paths: Annotated[
        list[str], typer.Argument(help="Files, directories, glob patterns, - for stdin, or http(s) URLs.", show_default=False)
    ],
    format: Annotated[
        ClusterFormat, typer.Option("--format", "-f", help="table: stories with sizes; jsonl: one {article, story} a line.")
    ] = ClusterFormat.table,
    output: OutputOpt = None,
    date_window: Annotated[
        int, typer.Option("--date-window", min=0, help="Articles whose known dates are further apart (days) never share a story.")
    ] = 7,
    outlets: OutletsOpt = None,
    max_bytes: Annotated[int, typer.Option("--max-bytes", min=1, help="Largest input accepted, in bytes.")] = DEFAULT_MAX_BYTES,
    follow_links: FollowLinksOption = False,
    url_timeout: TimeoutOpt = DEFAULT_URL_TIMEOUT,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also print skipped files.")] = False,
) -> None:
    """Group articles into stories: near-duplicates first, then average-link over TF-IDF similarity.

    Every article gets a story id (`story-` and 10 hex digits, stable for the
    same members). Articles with known publication dates more than
    --date-window days apart are never compared.
    """
    from corroborate.ingest import OutletRegistry, load_articles
    from corroborate.report.safe import terminal_safe

    settings = Settings(
        max_bytes=max_bytes, url_timeout=url_timeout, outlet_files=tuple(outlets or ()), follow_links=follow_links
    )
    with exit_on_error():
        registry = OutletRegistry.load(settings.outlet_files)
        loaded = load_articles(paths, settings, registry)
    for error in loaded.errors:
        stderr.print(f"error: {terminal_safe(error.source, 300)}: {terminal_safe(error.reason, 500)}")
    if verbose:
        for note in loaded.notes:
            stderr.print(f"note: {terminal_safe(note, 300)}")
    elif loaded.notes:
        stderr.print(f"note: skipped {len(loaded.notes)} file(s) of types not read (-v lists them)")
    from corroborate.scale.cluster import cluster_articles  # its stack (scipy) loads only for this command

    with exit_on_error():
        mapping = cluster_articles(loaded.articles, date_window_days=date_window)
    content = render_clusters(loaded.articles, mapping, format, to_file=output is not None)
    if output is None:
        sys.stdout.write(content)
        sys.stdout.flush()
    else:
        write_output(output, content)
    raise typer.Exit(inputs_exit_code(loaded.errors))


def render_clusters(articles: list[Article], mapping: dict[str, str], format: ClusterFormat, *, to_file: bool = False) -> str:
    """The mapping as JSONL (articles in input order), JSON, or a table of stories."""
    from corroborate.report.safe import terminal_safe
    from corroborate.scale.cluster import story_groups

    if format is ClusterFormat.jsonl:
        return "".join(json.dumps({"article": a.id, "story": mapping[a.id]}, ensure_ascii=False) + "\n" for a in articles)
    groups = story_groups(mapping)
    if format is ClusterFormat.json:
        stories = [{"story": mapping[ids[0]], "articles": ids} for ids in groups]
        return json.dumps({"articles": len(articles), "stories": stories}, ensure_ascii=False, indent=2) + "\n"
    by_id = {article.id: article for article in articles}
    table = Table(title=f"{len(articles)} articles · {len(groups)} stories", title_justify="left")
    table.add_column("story")
    table.add_column("articles", justify="right")
    table.add_column("first article")
    table.add_column("members")
    for ids in groups:
        first = by_id[ids[0]]
        preview = terminal_safe(first.title or first.text.strip(), _PREVIEW_CHARS)
        more = f", … (+{len(ids) - _IDS_SHOWN})" if len(ids) > _IDS_SHOWN else ""
        members = ", ".join(terminal_safe(i, 40) for i in ids[:_IDS_SHOWN]) + more
        table.add_row(mapping[ids[0]], str(len(ids)), preview, members)
    width = 120 if to_file or not sys.stdout.isatty() else None
    console = output_console(record=True, width=width, file=io.StringIO())
    console.print(table)
    return console.export_text()
