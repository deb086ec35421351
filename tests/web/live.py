"""A real uvicorn server on 127.0.0.1 in a thread, with the protocol `serve` uses: tests
speak HTTP to it over sockets (no test client, no stubs)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from corroborate.web.app import WebConfig, create_app
from corroborate.web.server import GuardedH11Protocol
from tests.web.conftest import FAKE


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


@contextmanager
def live_server(
    tmp_path: Path, protocol: type[GuardedH11Protocol] = GuardedH11Protocol, bind: str = "127.0.0.1", **overrides: Any
) -> Iterator[str]:
    """Serve an app on `bind` (its WebConfig from `overrides`); yields the base URL."""
    options: dict[str, Any] = {"db_path": tmp_path / "web.db", "worker_mode": "thread", "analyser": FAKE}
    options.update(overrides)
    app = create_app(WebConfig(**options))
    port = free_port(bind)
    config = uvicorn.Config(app, host=bind, port=port, log_level="error", http=protocol, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://{bind}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
