"""`corroborate serve`: the newsroom web app over a corpus store. FastAPI and uvicorn are
imported inside the command, so `corroborate --help` stays fast."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

TOKEN_ENV = "CORROBORATE_TOKEN"  # as corroborate.web.security says; not imported: --help stays light

# The packages of the `web` extra (pyproject.toml), by import name.
WEB_EXTRA = frozenset({"fastapi", "starlette", "uvicorn", "python_multipart"})

SERVE_EPILOG = "Example: corroborate serve --db corpus.db   (then open http://127.0.0.1:8000/)"


def serve_command(
    db: Annotated[
        Path, typer.Option("--db", help="The SQLite store (created when missing), shared with `corroborate ingest`.")
    ] = Path("corpus.db"),
    host: Annotated[str, typer.Option("--host", help="Address to listen on; beyond loopback a token is required.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    token: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--token", envvar=TOKEN_ENV, help=f"Token that write requests must carry (or set {TOKEN_ENV})."),
    ] = None,
    allow_private: Annotated[
        bool, typer.Option("--allow-private", help="Let URL fetching reach loopback, private and link-local addresses.")
    ] = False,
    outlets: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Option("--outlets", help="Extra outlet registry YAML file (repeatable)."),
    ] = None,
    corrections: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--corrections", help="Also write every correction to this YAML/JSON file (read by `analyze --corrections`)."
        ),
    ] = None,
    max_file_mb: Annotated[
        float, typer.Option("--max-file-mb", min=0.01, help="Largest uploaded file or fetched page, in MB.")
    ] = 2.0,
    max_files: Annotated[int, typer.Option("--max-files", min=1, help="Most files (and URLs) in one analysis.")] = 20,
) -> None:
    """Serve the web app: new analyses (paste, upload, URLs) run in a background worker;
    story, search, person and outlet pages; a JSON API (OpenAPI at /api/openapi.json)."""
    from corroborate.errors import UsageError
    from corroborate.web.security import require_token_for_host

    try:
        require_token_for_host(host, token)
    except UsageError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    try:
        import python_multipart  # noqa: F401  (starlette reads forms and uploads with it)
        import uvicorn

        from corroborate.web.app import WebConfig, create_app
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in WEB_EXTRA:
            raise
        typer.echo(f"error: corroborate serve needs {exc.name}: pip install 'corroborate[web]'", err=True)
        raise typer.Exit(3) from exc  # the environment lacks a part, as for a missing model
    from corroborate.web.inputs import Caps

    file_bytes = int(max_file_mb * 1024 * 1024)
    caps = Caps(
        max_files=max_files,
        max_urls=max_files,
        max_file_bytes=file_bytes,
        max_total_bytes=max(file_bytes, 5 * file_bytes),
        max_request_bytes=max(file_bytes, 5 * file_bytes) + 1024 * 1024,
    )
    config = WebConfig(
        db_path=db,
        host=host,
        token=token,
        allow_private=allow_private,
        caps=caps,
        outlet_files=tuple(outlets or ()),
        corrections_file=corrections,
    )
    try:
        app = create_app(config)
    except UsageError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"corroborate serve: http://{host}:{port}/  (store {db}; Ctrl-C stops)", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False)


def corrections_option(path: Path | None) -> list:  # type: ignore[type-arg]
    """`analyze --corrections FILE`: the file's corrections (read before the long run), or exit 2 naming it."""
    if path is None:
        return []
    from corroborate.errors import UsageError
    from corroborate.web.corrections import load_corrections_file

    try:
        return load_corrections_file(path)
    except UsageError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc


def with_corrections(run: Any, corrections: list) -> Any:  # type: ignore[type-arg]
    """The run with the corrections applied to its analysis (and to each story's, with --split)."""
    if not corrections:
        return run
    from corroborate.web.corrections import apply_corrections

    run.analysis = apply_corrections(run.analysis, corrections)
    run.stories = [(story, apply_corrections(analysis, corrections)) for story, analysis in run.stories]
    return run
