"""Many writers on one store (issue 18, item 4): six clients submitting 100 analyses each
over HTTP while `corroborate ingest` writes the same store: every job is done, none fails
with "database is locked", and ingest exits 0. Each write takes the lock first and waits."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from corroborate.web.jobs import QueueCaps
from tests.web.live import live_server

pytestmark = pytest.mark.model  # `ingest` loads the spaCy pipeline

ROOT = Path(__file__).resolve().parents[2]
WRITERS = 6
JOBS_EACH = 100
TOWNS = ["Millbrook", "Ashford", "Carver", "Dunmore", "Elston", "Fairlee", "Glenwood", "Harlow"]


def ingest_articles(folder: Path) -> None:
    """Small hand-written articles, four outlets per town, for ingest to cluster and store."""
    folder.mkdir()
    for t, town in enumerate(TOWNS):
        for o, outlet in enumerate(["Courier", "Ledger", "Times", "Post"]):
            (folder / f"{town.lower()}-{o}.txt").write_text(
                f"---\ntitle: {town} votes on its bridge\noutlet: {town} {outlet}\npublished: 2026-03-{t + 1:02d}\n---\n"
                f'"We will rebuild the {town} bridge by spring," Mayor Ann Lee said on Monday.\n\n'
                f"The council voted {5 + o} to 2 for the plan, the {outlet} reported.\n",
                encoding="utf-8",
            )


def test_six_clients_of_100_jobs_beside_ingest_all_finish(tmp_path: Path) -> None:
    articles = tmp_path / "articles"
    ingest_articles(articles)
    queue = QueueCaps(max_waiting=10_000, max_waiting_per_client=10_000, max_waiting_per_address=10_000)
    with live_server(tmp_path, queue=queue) as base:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        ingest_started = now()
        ingest = subprocess.Popen(
            [sys.executable, "-m", "corroborate", "ingest", str(articles), "--db", str(tmp_path / "web.db"), "-w", "1"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        ids: list[str] = []
        refused: list[str] = []
        lock = threading.Lock()

        def writer(n: int) -> None:
            with httpx.Client(base_url=base, timeout=120) as client:
                for j in range(JOBS_EACH):
                    text = f'Bridge {n}-{j}\n\n"We will rebuild it," Ann Lee said of bridge {n}-{j}.\n'
                    response = client.post("/api/analyses", json={"texts": [text]})
                    with lock:
                        (ids if response.status_code == 202 else refused).append(response.json().get("id") or response.text)

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert refused == []
        _, errors = ingest.communicate(timeout=600)
        ingest_ended = now()
        assert ingest.returncode == 0, errors
        deadline = time.monotonic() + 600
        while waiting(tmp_path / "web.db") and time.monotonic() < deadline:
            time.sleep(0.5)
        with httpx.Client(base_url=base, timeout=30) as client:
            jobs = [client.get(f"/api/analyses/{i}").json() for i in ids]
    failed = [(j["id"], j["error"]) for j in jobs if j["state"] != "done"]
    assert len(jobs) == WRITERS * JOBS_EACH
    assert failed == []
    # The two wrote side by side: jobs finished while ingest ran, and ingest stored its stories.
    assert sum(ingest_started <= j["updated"] <= ingest_ended for j in jobs) >= 10
    with sqlite3.connect(tmp_path / "web.db") as db:
        assert db.execute("select count(*) from articles where source like ?", [f"{articles}/%"]).fetchone()[0] == len(TOWNS) * 4


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def waiting(db_path: Path) -> int:
    with sqlite3.connect(db_path) as db:
        return int(db.execute("select count(*) from web_jobs where state in ('queued', 'running')").fetchone()[0])
