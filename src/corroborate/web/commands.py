"""`corroborate serve`: the newsroom web app over a corpus store. FastAPI and uvicorn are
imported inside the command, so `corroborate --help` stays fast."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from corroborate.console import EXIT_ENVIRONMENT, exit_on_error, fail, stderr
from corroborate.settings import DEFAULT_WEB_MAX_BYTES, MIB

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
    ] = DEFAULT_WEB_MAX_BYTES / MIB,
    max_files: Annotated[int, typer.Option("--max-files", min=1, help="Most files (and URLs) in one analysis.")] = 20,
    workers: Annotated[
        int, typer.Option("--workers", min=0, max=32, help="Processes serving pages (default: the CPUs, at most 4).")
    ] = 0,
    open_reads: Annotated[
        bool, typer.Option("--open-reads", help="Beyond loopback, let pages and the API be read without the token.")
    ] = False,
    allowed_hosts: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option("--allowed-host", help="A host name requests may carry besides the bound address (repeatable)."),
    ] = None,
    max_waiting: Annotated[
        int, typer.Option("--max-waiting", min=1, help="Most analyses queued or running; more are answered 429.")
    ] = 100,
    max_waiting_per_address: Annotated[
        int,
        typer.Option(
            "--max-waiting-per-address",
            min=1,
            help="Most analyses waiting from one network address, all its browser sessions together (10 each).",
        ),
    ] = 40,
    max_stored_mb: Annotated[
        float, typer.Option("--max-stored-mb", min=1, help="Most MB of analysis inputs kept (the oldest make room).")
    ] = 512,
) -> None:
    """Serve the web app: new analyses (paste, upload, URLs) run in a background worker;
    story, search, person and outlet pages; a JSON API (OpenAPI at /api/openapi.json)."""
    from corroborate.web.security import require_token_for_host

    with exit_on_error():
        require_token_for_host(host, token)
    try:
        import python_multipart  # noqa: F401  (starlette reads forms and uploads with it)
        import uvicorn  # noqa: F401

        from corroborate.web.app import WebConfig
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in WEB_EXTRA:
            raise
        # the environment lacks a part, as for a missing model
        fail(f"corroborate serve needs {exc.name}: pip install 'corroborate[web]'", EXIT_ENVIRONMENT)
    import os

    from corroborate.web.inputs import Caps
    from corroborate.web.jobs import QueueCaps
    from corroborate.web.server import serve

    caps = Caps.for_file_bytes(int(max_file_mb * MIB), max_files=max_files, max_urls=max_files)
    queue = QueueCaps(
        max_waiting=max_waiting,
        max_waiting_per_client=min(10, max_waiting, max_waiting_per_address),
        max_waiting_per_address=min(max_waiting_per_address, max_waiting),
        max_stored_bytes=int(max_stored_mb * MIB),
    )
    config = WebConfig(
        db_path=db,
        host=host,
        token=token,
        allow_private=allow_private,
        caps=caps,
        outlet_files=tuple(outlets or ()),
        corrections_file=corrections,
        allowed_hosts=tuple(allowed_hosts or ()),
        open_reads=open_reads,
        queue=queue,
    )
    workers = workers or min(4, os.cpu_count() or 1)
    shown = f"[{host}]" if ":" in host else host
    stderr.print(f"corroborate serve: http://{shown}:{port}/  (store {db}; {workers} page processes; Ctrl-C stops)")
    with exit_on_error():
        serve(config, port, workers)
