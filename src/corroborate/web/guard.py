"""The app's outermost guard (pure ASGI, cheap per request), in the order it checks:

1. the Host header (a rebinding page cannot reach a loopback app by its own name);
2. the token for reads, off loopback (`serve --open-reads` opens them);
3. before any body byte is read: its declared length against the cap; a write without the
   token (bearer header or auth cookie) gets 401 on the API, and on the pages a body cap
   small enough for the token form only; a form post without the session cookie gets 403;
4. the body as it arrives: counted against the cap (chunked uploads too), each chunk within
   `BODY_IDLE_SECONDS` and the whole within `BODY_SECONDS` (408), and all bodies in flight
   together within `IN_FLIGHT_BODIES` request caps (503 with Retry-After). Nothing is held
   here: the multipart parser spools uploads to temporary files as they arrive;
5. every response gets the CSP and the security headers, the session cookie when new, and
   any exception becomes the app's own error page (a damaged store is named as such).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from http.cookies import SimpleCookie

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from corroborate.web.security import APP_CSP, AUTH_COOKIE, SECURITY_HEADERS, SESSION_COOKIE, CsrfSigner, header_authorised

log = logging.getLogger("corroborate.web")

TOKEN_FORM_BYTES = 64 * 1024  # the body a form may send before the token is known: the token form
BODY_IDLE_SECONDS = 30.0  # longest wait for the next chunk of a request body
BODY_SECONDS = 300.0  # longest time to receive one whole body (11 MiB at 40 KB/s)
IN_FLIGHT_BODIES = 4  # request caps' worth of bodies being received at once, in all
RETRY_AFTER_SECONDS = 5
# Pages that need no token even when reads do: the files of the token page, and the token form.
OPEN_PATHS = ("/static/", "/token")


class Refused(HTTPException):
    """A request refused by the guard, before or while its body arrives (the app's handlers
    pass it on); the connection is closed after the answer: the rest of the body is not read."""

    def __init__(self, status_code: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(status_code, detail, {"Connection": "close", **(headers or {})})


def damaged_store_detail(exc: BaseException, db_path: object) -> str | None:
    """The words for a store SQLite cannot read, or None when `exc` is not that."""
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, sqlite3.OperationalError):
        return None
    return (
        f"the store {db_path} is damaged (SQLite: {exc}); stop the server and restore a backup, "
        f"or recover what is readable with `sqlite3 {db_path} .recover`"
    )


class GuardMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        max_body: int,
        secure_cookies: bool,
        trusted_hosts: tuple[str, ...],
        token: str | None = None,
        reads_need_token: bool = False,
        db_path: object = "",
        body_idle_seconds: float | None = None,
        body_seconds: float | None = None,
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.secure_cookies = secure_cookies
        self.trusted_hosts = frozenset(h.lower() for h in trusted_hosts)
        self.token = token
        self.reads_need_token = reads_need_token and bool(token)
        self.db_path = db_path
        self.body_idle_seconds = BODY_IDLE_SECONDS if body_idle_seconds is None else body_idle_seconds
        self.body_seconds = BODY_SECONDS if body_seconds is None else body_seconds
        self.in_flight_budget = IN_FLIGHT_BODIES * max_body
        self.in_flight = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        new_session: str | None = None
        secure = "; Secure" if self.secure_cookies or scope.get("scheme") == "https" else ""

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                out = list(message.get("headers", []))
                names = {k.lower() for k, _ in out}
                if b"content-security-policy" not in names:
                    out.append((b"content-security-policy", APP_CSP.encode()))
                out.extend(
                    (k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.lower().encode() not in names
                )
                if new_session:
                    value = f"{SESSION_COOKIE}={new_session}; Path=/; HttpOnly; SameSite=Strict{secure}"
                    out.append((b"set-cookie", value.encode()))
                message["headers"] = out
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        path: str = scope.get("path", "")
        api = path.startswith("/api/")
        if self.trusted_hosts and host_name(headers.get("host", "")) not in self.trusted_hosts:
            await refuse(send, 400, "unexpected Host header: open the app by the address it listens on")
            return
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed cookie header is a missing cookie
            cookie = SimpleCookie()
        session = cookie[SESSION_COOKIE].value if SESSION_COOKIE in cookie else None
        had_session = bool(session) and len(session or "") <= 100
        if not had_session:
            session = new_session = CsrfSigner.new_session()
        state = scope.setdefault("state", {})
        state["session"] = session
        auth_cookie = cookie[AUTH_COOKIE].value if AUTH_COOKIE in cookie else None
        authorised = header_authorised(headers.get("authorization", ""), auth_cookie, self.token)
        state["authorised"] = authorised
        writes = scope["method"] in ("POST", "PUT", "PATCH")
        meter: _Meter | None = None
        try:
            if self.reads_need_token and not authorised and not writes and not path.startswith(OPEN_PATHS):
                raise Refused(
                    401, "this server needs its access token to be read: enter it below, or send Authorization: Bearer TOKEN"
                )
            if writes:
                cap = self.max_body
                if not authorised:
                    if api:
                        raise Refused(401, "this server needs a token for writes: send Authorization: Bearer TOKEN")
                    cap = min(cap, TOKEN_FORM_BYTES)
                if not api and not had_session:
                    raise Refused(403, "the form came without the session cookie: load the page first and submit it from there")
                length = headers.get("content-length", "")
                if length.isdigit() and int(length) > cap:
                    raise Refused(413, too_large(cap, unauthorised=cap < self.max_body))
                meter = _Meter(self, receive, cap, unauthorised=cap < self.max_body)
                receive = meter.receive
            await self.app(scope, receive, send_with_headers)
        except Exception as exc:
            if started:
                raise
            await self._error_page(scope, exc, send_with_headers)
        finally:
            if meter is not None:
                meter.release()

    async def _error_page(self, scope: Scope, exc: Exception, send: Send) -> None:
        if isinstance(exc, HTTPException):
            status, detail, extra = exc.status_code, str(exc.detail), dict(exc.headers or {})
        elif isinstance(getattr(exc, "http_status", None), int):  # our errors that name their status
            status, detail, extra = exc.http_status, str(exc), dict(getattr(exc, "headers", None) or {})  # type: ignore[attr-defined]
        elif (damaged := damaged_store_detail(exc, self.db_path)) is not None:
            log.error("%s", damaged)
            status, detail, extra = 503, damaged, {}
        else:
            log.exception("internal error on %s %s", scope.get("method"), scope.get("path"))
            status, detail, extra = 500, f"internal error ({type(exc).__name__}); the server log has more", {}
        if status == 401:
            extra.setdefault("WWW-Authenticate", "Bearer")
        if not scope.get("path", "").startswith("/api/") and "app" in scope:
            try:
                from corroborate.web.render import render

                page = render(Request(scope), "error.html.j2", status, title=str(status), status=status, detail=detail)
                page.headers.update(extra)
                await page(scope, _no_body, send)
                return
            except Exception:  # the page itself failed (a damaged template?): the plain answer below
                log.exception("the error page failed")
        await refuse(send, status, detail, extra)


class _Meter:
    """A `receive` that counts the body against its cap, the time limits and the shared budget."""

    def __init__(self, guard: GuardMiddleware, receive: Receive, cap: int, *, unauthorised: bool) -> None:
        self.guard = guard
        self.inner = receive
        self.cap = cap
        self.unauthorised = unauthorised
        self.deadline = time.monotonic() + guard.body_seconds
        self.size = 0
        self.held = 0  # bytes counted in the guard's budget for this request

    def release(self) -> None:
        self.guard.in_flight -= self.held
        self.held = 0

    async def receive(self) -> Message:
        remaining = min(self.guard.body_idle_seconds, self.deadline - time.monotonic())
        try:
            message = await asyncio.wait_for(self.inner(), timeout=max(remaining, 0.001))
        except TimeoutError:
            self.release()
            raise Refused(408, "the request body arrived too slowly: send it again") from None
        if message["type"] != "http.request":
            self.release()
            return message
        chunk = len(message.get("body", b""))
        self.size += chunk
        if self.size > self.cap:
            self.release()
            raise Refused(413, too_large(self.cap, unauthorised=self.unauthorised))
        if self.guard.in_flight + chunk > self.guard.in_flight_budget:
            self.release()
            raise Refused(
                503,
                "the server is receiving too many uploads at once: try again shortly",
                {"Retry-After": str(RETRY_AFTER_SECONDS)},
            )
        self.guard.in_flight += chunk
        self.held += chunk
        if not message.get("more_body"):
            self.release()  # all here: the parser has it now (uploads spooled to temporary files)
        return message


async def _no_body() -> Message:
    return {"type": "http.disconnect"}


def too_large(cap: int, *, unauthorised: bool = False) -> str:
    if unauthorised:
        return f"request body over the {cap}-byte cap for a request without the access token: give the token first"
    return f"request body over the {cap}-byte cap: send fewer or smaller files"


async def refuse(send: Send, status: int, detail: str, extra: dict[str, str] | None = None) -> None:
    """A JSON answer with the app's headers, sent without the app (before or instead of it)."""
    import json

    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    headers += [(b"content-security-policy", APP_CSP.encode())]
    headers += [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
    headers += [(k.lower().encode(), v.encode()) for k, v in (extra or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def host_name(host: str) -> str:
    """The name in a Host header, without the port ("[::1]:8000" -> "::1")."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host
