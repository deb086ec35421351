"""Running the app: uvicorn with a connection that a slow client cannot hold, and more than
one process serving pages.

- `GuardedH11Protocol`: a request's headers must arrive within `HEADER_SECONDS` of the
  connection opening (or of the previous response), or the connection is closed; beyond
  `MAX_CONNECTIONS` open connections per process a new one is answered 503 and closed at
  once (so idle half-sent requests can neither exhaust file descriptors nor hold the app);
  uvicorn's own 400 for a malformed request carries the app's CSP and security headers.
- `serve`: `workers` processes share the listening socket (uvicorn's supervisor); each
  builds the app from the configuration in `CONFIG_ENV` (`app_from_environment`). The job
  worker runs once, in the supervising process, so jobs run one at a time whatever the
  number of page processes; the CSRF key is made there and shared.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from corroborate.web.security import APP_CSP, SECURITY_HEADERS

HEADER_SECONDS = 10.0  # longest time for a request's headers to arrive
MAX_CONNECTIONS = 400  # open connections per process (below the usual limit of 1,024 descriptors)
CONFIG_ENV = "CORROBORATE_SERVE_CONFIG"  # set by `serve` for its page processes only


def _app_headers() -> list[tuple[bytes, bytes]]:
    out = [(b"content-security-policy", APP_CSP.encode())]
    return out + [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]


def _raw_response(status: int, reason: str, detail: str, extra: tuple[tuple[bytes, bytes], ...] = ()) -> bytes:
    """A whole HTTP/1.1 response, for answers given before h11 has a request to answer."""
    body = json.dumps({"detail": detail}).encode()
    lines = [f"HTTP/1.1 {status} {reason}".encode(), b"content-type: application/json", b"connection: close"]
    lines.append(b"content-length: " + str(len(body)).encode())
    lines += [k + b": " + v for k, v in (*_app_headers(), *extra)]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


BUSY = _raw_response(503, "Service Unavailable", "too many open connections: try again shortly", ((b"retry-after", b"5"),))


class GuardedH11Protocol(H11Protocol):
    header_seconds = HEADER_SECONDS
    max_connections = MAX_CONNECTIONS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._header_timer: asyncio.TimerHandle | None = None
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            # uvicorn writes the head and the body separately: without this, Nagle's algorithm
            # holds the body for the client's delayed ACK, 40 ms on every keep-alive request.
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            transport.write(BUSY)
            transport.close()
            return
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before:  # a request's headers are complete
            self._disarm()

    def on_response_complete(self) -> None:
        finished = self.cycle
        super().on_response_complete()
        if self.cycle is finished and not self.transport.is_closing():
            self._arm()  # the next request's headers get the same time

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a malformed request, with the app's headers and a JSON body."""
        body = json.dumps({"detail": f"{msg} (malformed HTTP)"}).encode()
        headers = [(b"content-type", b"application/json"), (b"connection", b"close"), *_app_headers()]
        headers.append((b"content-length", str(len(body)).encode()))
        try:
            self.transport.write(self.conn.send(h11.Response(status_code=400, headers=headers, reason=b"Bad Request")))
            self.transport.write(self.conn.send(h11.Data(data=body)) or b"")
            self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        except h11.LocalProtocolError:  # h11 cannot answer in its state: the raw bytes
            self.transport.write(_raw_response(400, "Bad Request", f"{msg} (malformed HTTP)"))
        self.transport.close()


# -- the configuration, across processes -----------------------------------------------------


def config_to_env(config: Any) -> str:
    """A WebConfig as JSON (paths as text, the CSRF key as hex)."""
    data = asdict(config)
    data["secret"] = config.secret.hex() if config.secret else None
    return json.dumps(data, default=str)


def config_from_env(text: str) -> Any:
    from corroborate.web.app import WebConfig
    from corroborate.web.inputs import Caps
    from corroborate.web.jobs import QueueCaps

    data = json.loads(text)
    data["db_path"] = Path(data["db_path"])
    data["caps"] = Caps(**data["caps"])
    data["queue"] = QueueCaps(**data["queue"])
    data["secret"] = bytes.fromhex(data["secret"]) if data["secret"] else None
    data["corrections_file"] = Path(data["corrections_file"]) if data["corrections_file"] else None
    data["outlet_files"] = tuple(Path(p) for p in data["outlet_files"])
    for name in ("allowed_addresses", "allowed_hosts"):
        data[name] = tuple(data[name])
    if data["trusted_hosts"] is not None:
        data["trusted_hosts"] = tuple(data["trusted_hosts"])
    known = {f.name for f in fields(WebConfig)}
    return WebConfig(**{k: v for k, v in data.items() if k in known})


def app_from_environment() -> Any:
    """The app of one page process (uvicorn's factory): the job worker runs in the supervisor."""
    from corroborate.web.app import create_app

    return create_app(config_from_env(os.environ[CONFIG_ENV]))


def serve(config: Any, port: int, workers: int) -> None:
    """Serve `config` on `port` with `workers` page processes (1: in this process)."""
    import uvicorn

    from corroborate.web.app import create_app
    from corroborate.web.jobs import JobWorker

    config = replace(config, secret=config.secret or secrets.token_bytes(32))
    options: dict[str, Any] = {
        "host": config.host,
        "port": port,
        "log_level": "warning",
        "server_header": False,
        "http": GuardedH11Protocol,
        "timeout_keep_alive": 5,
    }
    if workers <= 1:
        uvicorn.run(create_app(config), **options)
        return
    pages = replace(config, start_worker=False)
    create_app(pages)  # check the store (quick_check) and make the tables once, here
    os.environ[CONFIG_ENV] = config_to_env(pages)
    worker = JobWorker(config.db_path, config.job_options(), mode=config.worker_mode)
    worker.start()
    try:
        uvicorn.run("corroborate.web.server:app_from_environment", factory=True, workers=workers, **options)
    finally:
        worker.stop()
        os.environ.pop(CONFIG_ENV, None)
