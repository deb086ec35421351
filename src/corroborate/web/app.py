"""The FastAPI application: configuration, middleware (body cap, session cookie, CSP and
security headers), static files from a fixed list, error pages, and the routers.

    create_app(WebConfig(db_path=...)) -> FastAPI

Pages (`pages.py`) are server-rendered with Jinja2 (autoescape on; `render.py`, which the
error pages here use too) and work without JavaScript; `static/app.js` only polls a running
job. The JSON API (`api.py`) mirrors them; its OpenAPI document is at `/api/openapi.json`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from corroborate._version import __version__
from corroborate.errors import UsageError
from corroborate.web.cache import PageCache
from corroborate.web.guard import GuardMiddleware, host_name
from corroborate.web.inputs import Caps
from corroborate.web.jobs import DEFAULT_ANALYSER, JobOptions, JobStore, JobWorker, QueueCaps
from corroborate.web.render import render
from corroborate.web.security import CSRF_FIELD, LOOPBACK_NAMES, CsrfSigner, is_loopback_host, set_auth_cookie, token_matches
from corroborate.web.tables import closing, connect, ensure_tables

__all__ = ["WebConfig", "create_app", "host_name"]

# The only files /static serves: name -> (package, file, media type). No request path is a file path.
STATIC_FILES = {
    "app.css": ("corroborate.web", "static/app.css", "text/css; charset=utf-8"),
    "app.js": ("corroborate.web", "static/app.js", "text/javascript; charset=utf-8"),
    "report.css": ("corroborate.report", "templates/report.css", "text/css; charset=utf-8"),
}


@dataclass(frozen=True)
class WebConfig:
    db_path: Path
    host: str = "127.0.0.1"
    token: str | None = None
    allow_private: bool = False
    caps: Caps = field(default_factory=Caps)
    outlet_files: tuple[Path, ...] = ()
    corrections_file: Path | None = None
    worker_mode: str = "process"  # "thread" in tests
    analyser: str = DEFAULT_ANALYSER
    allowed_addresses: tuple[str, ...] = ()  # tests only: addresses let past the SSRF guard
    secure_cookies: bool = False  # set behind HTTPS
    # Host names requests may carry. None: the loopback names when listening on loopback (a web
    # page cannot then reach the app by rebinding its own name to 127.0.0.1), any otherwise; (): any.
    trusted_hosts: tuple[str, ...] | None = None
    start_worker: bool = True
    allowed_hosts: tuple[str, ...] = ()  # names besides the bound address (`serve --allowed-host`)
    open_reads: bool = False  # off loopback with a token: let reads through without it
    secret: bytes | None = None  # the CSRF key; shared by the processes of one `serve`
    queue: QueueCaps = field(default_factory=QueueCaps)
    threads: int = 8  # threads making pages, per process (measured: fewer finish sooner than anyio's 40)
    page_cache: bool = True  # keep rendered GET answers until the store changes (web/cache.py)

    def job_options(self) -> JobOptions:
        return JobOptions(
            max_bytes=self.caps.max_file_bytes,
            url_timeout=self.caps.url_timeout,
            outlet_files=tuple(str(p) for p in self.outlet_files),
            allow_private=self.allow_private,
            allowed_addresses=self.allowed_addresses,
            analyser=self.analyser,
            corrections_file=str(self.corrections_file) if self.corrections_file else None,
        )


@lru_cache(maxsize=8)
def static_file(name: str) -> bytes:
    package, path, _ = STATIC_FILES[name]
    return (resources.files(package) / path).read_bytes()


class StoreDamagedError(UsageError):
    """The store fails SQLite's `PRAGMA quick_check`: named at start-up, not on every page."""


def check_store(db_path: Path) -> None:
    """Refuse to serve a store whose pages SQLite cannot read (a damaged file fails every page)."""
    if not db_path.exists() or db_path.stat().st_size == 0:
        return
    try:
        with closing(connect(db_path, readonly=True)) as db:
            rows = [r[0] for r in db.execute("pragma quick_check(5)").fetchall()]
    except sqlite3.OperationalError:
        return  # locked or unreadable for now: ensure_tables reports it in its own words
    except sqlite3.DatabaseError as exc:
        rows = [str(exc)]
    if rows != ["ok"]:
        raise StoreDamagedError(
            f"the store {db_path} is damaged (SQLite's quick_check: {'; '.join(rows)[:300]}); "
            f"restore a backup, or recover what is readable with `sqlite3 {db_path} .recover`"
        )


def trusted_hosts_for(config: WebConfig) -> tuple[str, ...]:
    """The Host names requests may carry: the bound address always; on loopback the loopback
    names too; elsewhere also `allowed_hosts`, or any name when bound to every address."""
    if config.trusted_hosts is not None:
        return config.trusted_hosts
    bound = config.host.strip("[]").lower()
    if is_loopback_host(config.host):
        return (*LOOPBACK_NAMES, bound, *config.allowed_hosts)
    if bound in ("0.0.0.0", "::", "") and not config.allowed_hosts:
        return ()  # every address: the names clients use are not known here (reads need the token)
    return (bound, *config.allowed_hosts)


def create_app(config: WebConfig) -> FastAPI:
    check_store(config.db_path)
    ensure_tables(config.db_path)
    worker = JobWorker(config.db_path, config.job_options(), mode=config.worker_mode)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        import anyio.to_thread

        # Pages are made in threads; a few at a time finish sooner each (one GIL per process)
        # than many sharing it, and answers from the page cache never wait for a thread.
        anyio.to_thread.current_default_thread_limiter().total_tokens = config.threads
        if config.start_worker:
            worker.start()
        try:
            yield
        finally:
            if config.start_worker:
                worker.stop()

    app = FastAPI(
        title="corroborate",
        version=__version__,
        description="Analyse news articles about one story: quotes, speakers, altered quotes, attribution drift, claims, citations.",
        openapi_url="/api/openapi.json",
        docs_url=None,  # the Swagger and ReDoc pages load scripts from a CDN: not under our CSP
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.config = config
    app.state.csrf = CsrfSigner(config.secret)
    app.state.jobs = JobStore(config.db_path, config.queue)
    app.state.worker = worker

    def authorised(request: Request) -> bool:
        """Whether the request carries the token (bearer or auth cookie); the guard decided it."""
        return not config.token or bool(request.scope.get("state", {}).get("authorised"))

    app.state.authorised = authorised
    if config.page_cache:
        app.add_middleware(PageCache, db_path=config.db_path)  # inside the guard: it sees the session and token
    app.add_middleware(
        GuardMiddleware,
        max_body=config.caps.max_request_bytes,
        secure_cookies=config.secure_cookies,
        trusted_hosts=trusted_hosts_for(config),
        token=config.token,
        reads_need_token=bool(config.token) and not is_loopback_host(config.host) and not config.open_reads,
        db_path=config.db_path,
    )

    @app.post("/token", include_in_schema=False)
    async def give_token(request: Request) -> Response:
        """The token form (shown where a page needs the token): sets the auth cookie."""
        form = await request.form(max_files=0, max_fields=5)
        if not app.state.csrf.valid(request.scope.get("state", {}).get("session"), str(form.get(CSRF_FIELD) or "")):
            raise StarletteHTTPException(403, "the form's security token is missing or stale: reload the page and submit again")
        if not token_matches(str(form.get("access_token") or ""), config.token):
            raise StarletteHTTPException(401, "that is not this server's access token")
        response = RedirectResponse("/", status_code=303)
        set_auth_cookie(response, request)
        return response

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> Response:
        if name not in STATIC_FILES:
            raise StarletteHTTPException(404, "no such static file")
        return Response(static_file(name), media_type=STATIC_FILES[name][2], headers={"Cache-Control": "public, max-age=3600"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=getattr(exc, "headers", None))
        return render(
            request, "error.html.j2", exc.status_code, title=f"{exc.status_code}", status=exc.status_code, detail=str(exc.detail)
        )

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        problems = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")} for e in exc.errors()]
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": problems}, status_code=422)
        detail = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:])}: {e['msg']}" for e in problems)
        return render(request, "error.html.j2", 400, title="400", status=400, detail=detail)

    from corroborate.web import api, pages

    app.include_router(api.router)
    app.include_router(pages.router)
    return app
