"""The command line: a thin layer over `corroborate.analysis`.

Exit codes (`corroborate.console`): 0 success; 1 some inputs failed (named on stderr,
the rest still processed and reported); 2 usage error (an unusable outlet registry
file too); 3 the environment is missing a part (the spaCy model).
"""

from __future__ import annotations

import io
import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from corroborate._version import __version__
from corroborate.console import FollowLinksOption, exit_on_error, fail, inputs_exit_code, output_console, stderr, write_output
from corroborate.settings import DEFAULT_MAX_BYTES, DEFAULT_URL_TIMEOUT, Settings

# The records, the renderers and the progress bar are imported by the commands that
# use them: `corroborate ingest` starts its workers' model load before anything else
# (`store.commands`), and every import before that delays it.
if TYPE_CHECKING:
    from corroborate.analysis import AnalysisRun
    from corroborate.corrections import Correction
    from corroborate.model import Analysis

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Compare news accounts of one story: who said what, what changed between outlets, what is supported.",
    epilog="Example: corroborate analyze examples/millbrook-bridge/ --format md -o report.md",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,  # a crash must never print article text held in local variables
)


class Format(StrEnum):
    table = "table"
    json = "json"
    jsonl = "jsonl"
    md = "md"
    html = "html"
    csv = "csv"
    dot = "dot"


PathsArg = Annotated[
    list[str], typer.Argument(help="Files, directories, glob patterns, - for stdin, or http(s) URLs.", show_default=False)
]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
SplitOpt = Annotated[
    bool,
    typer.Option("--split", help="Group the inputs into stories (as `corroborate cluster` does) and analyse each on its own."),
]
ClaimsByWordsOpt = Annotated[
    bool,
    typer.Option(
        "--claims-by-words",
        help="Group claims by shared words, quotations and figures only, without sentence embeddings: "
        "about 1.7 times the throughput on large collections, fewer paraphrased claims grouped.",
    ),
]
OutputOpt = Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to FILE (atomically) instead of stdout.")]  # noqa: UP045
OutletsOpt = Annotated[Optional[list[Path]], typer.Option("--outlets", help="Extra outlet registry YAML file (repeatable).")]  # noqa: UP045
MaxBytesOpt = Annotated[int, typer.Option("--max-bytes", min=1, help="Largest input accepted, in bytes.")]
ProcessesOpt = Annotated[int, typer.Option("--processes", "-p", min=1, help="Processes for parsing.")]
TimeoutOpt = Annotated[float, typer.Option("--url-timeout", min=0.1, help="Seconds to wait for a URL.")]
VerboseOpt = Annotated[bool, typer.Option("--verbose", "-v", help="Also print warnings and skipped files.")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"corroborate {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Compare news accounts of one story."""


def _settings(
    outlets: list[Path] | None,
    max_bytes: int,
    processes: int,
    url_timeout: float,
    *,
    claim_embeddings: bool = True,
    follow_links: bool = False,
) -> Settings:
    return Settings(
        max_bytes=max_bytes,
        processes=processes,
        url_timeout=url_timeout,
        outlet_files=tuple(outlets or ()),
        claim_embeddings=claim_embeddings,
        follow_links=follow_links,
    )


def _run(paths: list[str], settings: Settings, verbose: bool, across: bool = True, split: bool = False) -> AnalysisRun:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from corroborate.analysis import analyze_paths  # imports spaCy: not for the commands that do not parse here (ingest)
    from corroborate.report.safe import terminal_safe

    show_progress = stderr.is_terminal
    progress = Progress(
        TextColumn("parsing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=stderr,
        transient=True,
        disable=not show_progress,
    )
    task = progress.add_task("parse", total=None)
    with exit_on_error(), progress:
        run = analyze_paths(
            paths,
            settings,
            on_loaded=lambda n: progress.update(task, total=n),
            on_parsed=lambda _article: progress.advance(task),
            across=across,
            split=split,
        )
    for error in run.errors:
        stderr.print(f"error: {terminal_safe(error.source, 300)}: {terminal_safe(error.reason, 500)}")
    for note in run.notes:
        if verbose:
            stderr.print(f"note: {terminal_safe(note, 300)}")
    if run.notes and not verbose:
        stderr.print(f"note: skipped {len(run.notes)} file(s) of types not read (-v lists them)")
    for warning in run.analysis.warnings:
        if warning.code in ("several_stories", "light_analysis") or verbose:
            stderr.print(f"warning: {terminal_safe(warning.source, 200)}: {terminal_safe(warning.message, 500)}")
    if not verbose and run.analysis.warnings:
        stderr.print(f"note: {len(run.analysis.warnings)} warning(s) (-v shows them; they are in the JSON output)")
    return run


def _emit(content: str | None, analysis: Analysis, output: Path | None) -> None:
    """Print `content` (None: the rich table) to stdout, or write it to `output`."""
    from corroborate.report.terminal import render_table

    if content is None:
        if output is None:
            output_console().print(render_table(analysis))
            return
        console = output_console(record=True, width=120, file=io.StringIO())
        console.print(render_table(analysis))
        content = console.export_text()
    if output is None:
        sys.stdout.write(content)
        sys.stdout.flush()
    else:
        write_output(output, content)


def _require_csv_directory(format: Format, output: Path | None) -> None:
    if format is Format.csv and output is None:
        fail("--format csv writes one file per table: give a directory with -o DIR")


def _emit_report(format: Format, analysis: Analysis, output: Path | None) -> bool:
    """Write the HTML report (stdout or -o FILE) or the CSV tables (-o DIR); False for other formats."""
    if format is Format.html:
        from corroborate.report.html import render_html

        _emit(render_html(analysis), analysis, output)
        return True
    if format is Format.csv and output is not None:
        from corroborate.report.csv_export import write_csv

        try:
            write_csv(analysis, output)
        except OSError as exc:
            fail(f"cannot write {output}: {exc.strerror or exc}; choose another -o directory")
        return True
    return False


def _emit_stories(format: Format, stories: list[tuple[str, Analysis]], output: Path | None) -> None:
    """--split: every story's analysis, one after another (table, md), as a JSON array
    (json) or one object a line (jsonl); html, csv and dot write one file (or, for
    csv, one directory) per story into -o DIR, named by the story id."""
    from corroborate.report import render_markdown
    from corroborate.report.dot import render_dot
    from corroborate.report.terminal import render_table

    if format in (Format.html, Format.csv, Format.dot):
        assert output is not None
        try:
            output.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot create {output}: {exc.strerror or exc}; choose another -o directory")
        for story, analysis in stories:
            target = output / (story if format is Format.csv else f"{story}.{format.value}")
            if not _emit_report(format, analysis, target):
                write_output(target, render_dot(analysis))
        return
    if format in (Format.json, Format.jsonl):
        if format is Format.json:
            content = "[" + ",\n".join(a.to_json() for _, a in stories) + "]\n"
        else:
            content = "".join(a.to_json(indent=None) + "\n" for _, a in stories)
        _emit(content, stories[0][1], output)
        return
    if format is Format.md:
        _emit("\n".join(f"# Story {story}\n\n{render_markdown(a)}" for story, a in stories), stories[0][1], output)
        return
    console = output_console(record=output is not None, file=io.StringIO() if output else None)
    for story, analysis in stories:
        console.rule(f"story {story}")
        console.print(render_table(analysis))
    if output is not None:
        write_output(output, console.export_text())


def _corrections_option(path: Path | None) -> list[Correction]:
    """`analyze --corrections FILE`: the file's corrections (read before the long run), or exit 2 naming it."""
    if path is None:
        return []
    from corroborate.corrections import load_corrections_file

    with exit_on_error():
        corrections = load_corrections_file(path)
    return corrections


def _with_corrections(run: AnalysisRun, corrections: list[Correction]) -> AnalysisRun:
    """The run with the corrections applied to its analysis (and to each story's, with --split)."""
    if not corrections:
        return run
    from corroborate.corrections import apply_corrections

    run.analysis = apply_corrections(run.analysis, corrections)
    run.stories = [(story, apply_corrections(analysis, corrections)) for story, analysis in run.stories]
    return run


@app.command(epilog="Example: corroborate analyze examples/millbrook-bridge/ --format html -o report.html")
def analyze(
    paths: PathsArg,
    format: FormatOpt = Format.table,
    output: OutputOpt = None,
    outlets: OutletsOpt = None,
    max_bytes: MaxBytesOpt = DEFAULT_MAX_BYTES,
    processes: ProcessesOpt = 1,
    url_timeout: TimeoutOpt = DEFAULT_URL_TIMEOUT,
    verbose: VerboseOpt = False,
    split: SplitOpt = False,
    claims_by_words: ClaimsByWordsOpt = False,
    follow_links: FollowLinksOption = False,
    corrections: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--corrections", help="Apply the corrections in this YAML/JSON file (as `corroborate serve` saves them)."),
    ] = None,
) -> None:
    """Analyse the articles as one story: quotes, speakers and entities, with exact offsets.

    --format html writes one self-contained page (-o FILE, or stdout); --format csv
    writes quotes.csv, quote_groups.csv, claims.csv, claim_groups.csv and citations.csv
    into -o DIR (required); --format dot writes the citation graph for Graphviz."""
    from corroborate.report import render_markdown
    from corroborate.report.dot import render_dot

    _require_csv_directory(format, output)
    if split and format in (Format.html, Format.csv, Format.dot) and output is None:
        fail(f"--split --format {format.value} writes one file per story: give a directory with -o DIR")
    fixes = _corrections_option(corrections)  # read first: a bad file fails before the long run
    settings = _settings(
        outlets, max_bytes, processes, url_timeout, claim_embeddings=not claims_by_words, follow_links=follow_links
    )
    run = _with_corrections(_run(paths, settings, verbose, split=split), fixes)
    if split:
        _emit_stories(format, run.stories, output)
        raise typer.Exit(inputs_exit_code(run.errors))
    analysis = run.analysis
    if _emit_report(format, analysis, output):
        raise typer.Exit(inputs_exit_code(run.errors))
    content = {
        Format.table: None,
        Format.json: analysis.to_json() + "\n",
        Format.jsonl: analysis.to_json(indent=None) + "\n",
        Format.md: render_markdown(analysis),
        Format.dot: render_dot(analysis),
    }[format]
    _emit(content, analysis, output)
    raise typer.Exit(inputs_exit_code(run.errors))


@app.command(epilog="Example: corroborate quotes examples/millbrook-bridge/ --format jsonl > quotes.jsonl")
def quotes(
    paths: PathsArg,
    format: FormatOpt = Format.table,
    output: OutputOpt = None,
    outlets: OutletsOpt = None,
    max_bytes: MaxBytesOpt = DEFAULT_MAX_BYTES,
    processes: ProcessesOpt = 1,
    url_timeout: TimeoutOpt = DEFAULT_URL_TIMEOUT,
    verbose: VerboseOpt = False,
    follow_links: FollowLinksOption = False,
) -> None:
    """List every quotation with its speaker, cue, channel and offsets."""
    from corroborate.report import render_jsonl_quotes, render_markdown

    _require_csv_directory(format, output)
    if format is Format.dot:
        fail("--format dot draws the citation graph of a story: use 'corroborate analyze ... --format dot'")
    run = _run(paths, _settings(outlets, max_bytes, processes, url_timeout, follow_links=follow_links), verbose, across=False)
    analysis = run.analysis
    if _emit_report(format, analysis, output):
        raise typer.Exit(inputs_exit_code(run.errors))
    content = {
        Format.table: None,
        Format.json: json.dumps([q.model_dump(mode="json", by_alias=True) for q in analysis.quotes], ensure_ascii=False, indent=2)
        + "\n",
        Format.jsonl: render_jsonl_quotes(analysis),
        Format.md: render_markdown(analysis),
    }[format]
    _emit(content, analysis, output)
    raise typer.Exit(inputs_exit_code(run.errors))


eval_app = typer.Typer(help="Measure extraction against gold annotations.", no_args_is_help=True)
app.add_typer(eval_app, name="eval")


@eval_app.command(
    "quotes",
    epilog="Example: corroborate eval quotes --gold ../shared/bench/polnear/dev",
)
def eval_quotes(
    gold: Annotated[Path, typer.Option("--gold", exists=True, file_okay=False, help="PolNeAR-style dir: text/, attributions/.")],
    format: FormatOpt = Format.table,
) -> None:
    """Score quotes against gold attributions: P/R/F1 (direct, all) and speaker accuracy.

    A prediction matches a gold content when they overlap by at least 50 % of the
    shorter span. Direct: our direct and partial quotes against gold contents that
    contain a double quotation mark ('' counts as one). All: every quote against every gold
    attribution (PolNeAR also annotates thoughts, intentions and findings).
    Speaker: on matched direct quotes, the share whose speaker mention overlaps
    the gold Source.
    """
    from corroborate.evaluate import evaluate_directory

    with exit_on_error():
        evaluation = evaluate_directory(gold)
    result = evaluation.as_dict()
    if format in (Format.json, Format.jsonl):
        sys.stdout.write(json.dumps(result) + "\n")
        return
    for key, value in result.items():
        sys.stdout.write(f"{key:22} {value}\n")


@app.command(epilog="Example: corroborate schema > analysis.schema.json")
def schema(output: OutputOpt = None) -> None:
    """Print the JSON Schema of the `corroborate/analysis/1` document."""
    from corroborate.model import analysis_json_schema

    content = json.dumps(analysis_json_schema(), indent=2) + "\n"
    if output is not None:
        write_output(output, content)
    else:
        sys.stdout.write(content)


from corroborate.store.commands import INGEST_EPILOG, ingest_command  # noqa: E402

app.command("ingest", epilog=INGEST_EPILOG)(ingest_command)

from corroborate.scale.commands import CLUSTER_EPILOG, cluster_command  # noqa: E402

app.command("cluster", epilog=CLUSTER_EPILOG)(cluster_command)

from corroborate.web.commands import SERVE_EPILOG, serve_command  # noqa: E402

app.command("serve", epilog=SERVE_EPILOG)(serve_command)


def run() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    run()
