"""A per-process cache of rendered GET answers, emptied whenever the store changes.

A page depends only on the store, the URL, whether the request carries the token, and
the session's CSRF token in its forms. So an answer is kept under (path, query, token or
not, the store's `PRAGMA data_version`), and served to another session with that
session's CSRF token put in place of the first one's (the same length: Content-Length
holds). `data_version` changes whenever any other connection commits (a job, `ingest`, a
correction), which empties the cache: an answer is never older than the store. Bounded
by entries and bytes (least recently used out first).
"""

from __future__ import annotations

import sqlite3
from collections import OrderedDict
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_ENTRIES = 512
MAX_BYTES = 64 * 1024 * 1024
MAX_ANSWER_BYTES = 2 * 1024 * 1024
_NOT_KEPT = (b"set-cookie",)  # cookies are per session (the guard, outside, adds the session's own)


class PageCache:
    def __init__(self, app: ASGIApp, db_path: Path) -> None:
        self.app = app
        self.db_path = db_path
        self.entries: OrderedDict[tuple[object, ...], tuple[int, list[tuple[bytes, bytes]], bytes, bytes]] = OrderedDict()
        self.size = 0
        self.version: int | None = None
        self._connection: sqlite3.Connection | None = None

    def _store_version(self) -> int | None:
        """The store's data_version on this cache's own connection (None: do not cache)."""
        try:
            if self._connection is None:
                uri = f"{self.db_path.resolve().as_uri()}?mode=ro"
                self._connection = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=0)
            return int(self._connection.execute("pragma data_version").fetchone()[0])
        except sqlite3.Error:
            return None

    def _clear(self) -> None:
        self.entries.clear()
        self.size = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        version = self._store_version()
        if version is None:
            await self.app(scope, receive, send)
            return
        if version != self.version:
            self._clear()
            self.version = version
        state = scope.get("state", {})
        session = state.get("session") or ""
        token = _csrf_token(scope, session)
        key = (scope["path"], scope.get("query_string", b""), bool(state.get("authorised")), version)
        kept = self.entries.get(key)
        if kept is not None and token:
            self.entries.move_to_end(key)
            status, headers, body, kept_token = kept
            await send({"type": "http.response.start", "status": status, "headers": list(headers)})
            await send({"type": "http.response.body", "body": body.replace(kept_token, token)})
            return
        start: Message | None = None
        chunks: list[bytes] = []
        complete = False

        async def capture(message: Message) -> None:
            nonlocal start, complete
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                complete = not message.get("more_body", False)
            await send(message)

        await self.app(scope, receive, capture)
        if start is None or not complete or start["status"] != 200 or not token:
            return
        body = b"".join(chunks)
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in _NOT_KEPT]
        if len(body) > MAX_ANSWER_BYTES or any(k.lower() == b"cache-control" and b"no-store" in v for k, v in headers):
            return
        if self._store_version() != version:
            return  # the store changed while the page was made: it may mix both states
        self.entries[key] = (start["status"], headers, body, token)
        self.size += len(body)
        while len(self.entries) > MAX_ENTRIES or self.size > MAX_BYTES:
            _, (_, _, dropped, _) = self.entries.popitem(last=False)
            self.size -= len(dropped)


def _csrf_token(scope: Scope, session: str) -> bytes:
    app = scope.get("app")
    signer = getattr(getattr(app, "state", None), "csrf", None)
    return signer.token_for(session).encode() if signer is not None and session else b""
