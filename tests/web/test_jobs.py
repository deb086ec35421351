"""The job worker: progress, failures with their reason, and jobs a restart cut off."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from corroborate.web.inputs import JobInputs
from corroborate.web.jobs import MAX_ATTEMPTS, JobStore
from corroborate.web.tables import closing, connect, ensure_tables
from tests.web.conftest import example_texts, make_client, wait_job


def test_progress_counts_the_articles(client: TestClient) -> None:
    job = client.post("/api/analyses", json={"texts": example_texts()}).json()
    done = wait_job(client, job["id"])
    assert (done["state"], done["stage"], done["done"], done["total"]) == ("done", "done", 4, 4)


def test_a_failing_analyser_fails_the_job_with_its_reason(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(analyser="tests.web.fakes:failing_analyse")
    job = client.post("/api/analyses", json={"texts": example_texts()[:1]}).json()
    done = wait_job(client, job["id"])
    assert done["state"] == "failed" and "boom in the analyser" in done["error"]
    page = client.get(f"/stories/{job['story']}")
    assert page.status_code == 200 and "The analysis failed" in page.text and "boom in the analyser" in page.text


def test_unreadable_inputs_fail_the_job_naming_them(client: TestClient) -> None:
    job = client.post("/api/analyses", json={"documents": [{"name": "empty.txt", "content": "   "}]}).json()
    done = wait_job(client, job["id"])
    assert done["state"] == "failed" and "empty.txt" in done["error"]
    assert done["input_errors"][0]["source"] == "empty.txt"


def _interrupted_job(db: Path, attempts: int) -> str:
    ensure_tables(db)
    job = JobStore(db).submit(JobInputs(texts=example_texts()[:2]))
    with closing(connect(db)) as connection:
        connection.execute(
            "update web_jobs set state = 'running', stage = 'extracting', attempts = ? where id = ?", [attempts, job.id]
        )
    return job.id


def test_a_job_cut_off_by_a_restart_is_resumed(tmp_path: Path) -> None:
    job_id = _interrupted_job(tmp_path / "web.db", attempts=1)
    with make_client(tmp_path) as client:  # the "restart"
        done = wait_job(client, job_id)
    assert done["state"] == "done" and done["attempts"] == 2
    assert "resumed" in done["note"]


def test_a_job_cut_off_too_often_is_failed_with_the_reason(tmp_path: Path) -> None:
    job_id = _interrupted_job(tmp_path / "web.db", attempts=MAX_ATTEMPTS)
    with make_client(tmp_path) as client:
        done = client.get(f"/api/analyses/{job_id}").json()
    assert done["state"] == "failed" and "restart" in done["error"]


def test_process_worker_runs_jobs_and_survives_a_dying_one(tmp_path: Path) -> None:
    with make_client(tmp_path, worker_mode="process", analyser="tests.web.fakes:dying_analyse") as client:
        job = client.post("/api/analyses", json={"texts": example_texts()[:1]}).json()
        done = wait_job(client, job["id"], timeout=60)
        assert done["state"] == "failed" and "worker process died" in done["error"]
        client.app.state.worker.options = client.app.state.worker.options.__class__(analyser="tests.web.fakes:fake_analyse")
        job = client.post("/api/analyses", json={"texts": example_texts()[:2]}).json()
        assert wait_job(client, job["id"], timeout=60)["state"] == "done"


def test_stopping_the_server_mid_job_leaves_it_to_be_resumed(tmp_path: Path) -> None:
    """A real worker process, stopped mid-job as Ctrl-C stops the server: the job is not
    failed, and the next start runs it to the end."""
    import time

    with make_client(tmp_path, worker_mode="process", analyser="tests.web.fakes:slow_analyse") as client:
        job = client.post("/api/analyses", json={"texts": example_texts()[:3]}).json()
        deadline = time.monotonic() + 60
        while client.get(f"/api/analyses/{job['id']}").json()["done"] < 1 and time.monotonic() < deadline:
            time.sleep(0.1)
    stopped = JobStore(tmp_path / "web.db").get(job["id"])
    assert stopped is not None and stopped.state == "running"
    with make_client(tmp_path) as client:
        done = wait_job(client, job["id"])
    assert done["state"] == "done" and "resumed" in done["note"]
