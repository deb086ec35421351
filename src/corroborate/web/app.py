"""The FastAPI application: configuration, middleware (body cap, session cookie, CSP and
security headers), static files from a fixed list, error pages, and the routers.

    create_app(WebConfig(db_path=...)) -> FastAPI

Pages (`pages.py`) are server-rendered with Jinja2 (autoescape on; `render.py`, which the
error pages here use too) and work without JavaScript; `static/app.js` only polls a running
job. The JSON API (`api.py`) mirrors them; its OpenAPI document is at `/api/openapi.json`.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from http.cookies import SimpleCookie
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from corroborate._version import __version__
from corroborate.web.inputs import Caps
from corroborate.web.jobs import DEFAULT_ANALYSER, JobOptions, JobStore, JobWorker
from corroborate.web.render import render
from corroborate.web.security import APP_CSP, LOOPBACK_NAMES, SECURITY_HEADERS, SESSION_COOKIE, CsrfSigner, is_loopback_host
from corroborate.web.tables import ensure_tables

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


class GuardMiddleware:
    """Pure ASGI (cheap per request): refuses bodies over the cap (413) before any parsing,
    gives each browser a session cookie (for CSRF tokens), and puts the CSP and the
    security headers on every response that has not set its own CSP."""

    def __init__(self, app: ASGIApp, max_body: int, secure_cookies: bool, trusted_hosts: tuple[str, ...]) -> None:
        self.app = app
        self.max_body = max_body
        self.secure = "; Secure" if secure_cookies else ""
        self.trusted_hosts = frozenset(h.lower() for h in trusted_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if self.trusted_hosts and _host_name(headers.get("host", "")) not in self.trusted_hosts:
            await _refuse(send, 400, "unexpected Host header: open the app by the address it listens on")
            return
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > self.max_body:
            await _too_large(send, self.max_body)
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            body = bytearray()
            while True:  # read it all, within the cap: chunked uploads are capped too
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body.extend(message.get("body", b""))
                if len(body) > self.max_body:
                    await _too_large(send, self.max_body)
                    return
                if not message.get("more_body"):
                    break
            replayed = False

            async def replay() -> Message:
                nonlocal replayed
                if replayed:
                    return await receive()
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}

            receive = replay
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed cookie header is a missing cookie
            cookie = SimpleCookie()
        session = cookie[SESSION_COOKIE].value if SESSION_COOKIE in cookie else None
        new_session = None
        if not session or len(session) > 100:
            session = new_session = CsrfSigner.new_session()
        scope.setdefault("state", {})["session"] = session

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = list(message.get("headers", []))
                names = {k.lower() for k, _ in out}
                if b"content-security-policy" not in names:
                    out.append((b"content-security-policy", APP_CSP.encode()))
                out.extend(
                    (k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.lower().encode() not in names
                )
                if new_session:
                    value = f"{SESSION_COOKIE}={new_session}; Path=/; HttpOnly; SameSite=Strict{self.secure}"
                    out.append((b"set-cookie", value.encode()))
                message["headers"] = out
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _too_large(send: Send, cap: int) -> None:
    await _refuse(send, 413, f"request body over the {cap}-byte cap: send fewer or smaller files")


async def _refuse(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    headers += [(b"content-security-policy", APP_CSP.encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _host_name(host: str) -> str:
    """The name in a Host header, without the port ("[::1]:8000" -> "::1")."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def create_app(config: WebConfig) -> FastAPI:
    ensure_tables(config.db_path)
    worker = JobWorker(config.db_path, config.job_options(), mode=config.worker_mode)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
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
    app.state.csrf = CsrfSigner()
    app.state.jobs = JobStore(config.db_path)
    app.state.worker = worker

    from corroborate.web.security import AUTH_COOKIE, token_matches

    def authorised(request: Request) -> bool:
        if not config.token:
            return True
        header = request.headers.get("authorization", "")
        bearer = header[7:] if header.lower().startswith("bearer ") else None
        return token_matches(bearer, config.token) or token_matches(request.cookies.get(AUTH_COOKIE), config.token)

    app.state.authorised = authorised
    trusted = config.trusted_hosts
    if trusted is None:
        trusted = LOOPBACK_NAMES if is_loopback_host(config.host) else ()
    app.add_middleware(
        GuardMiddleware, max_body=config.caps.max_request_bytes, secure_cookies=config.secure_cookies, trusted_hosts=trusted
    )

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
