"""Analysis jobs: queued in `web_jobs`, run by one background worker, never inside a request.

    submit ─► web_jobs (queued, inputs kept) ─► worker thread claims it (running)
           ─► run_job in a worker process: read inputs (URLs through the SSRF guard),
              extract each article (cached in the store), analyse the story, apply
              corrections, save the story (store tables + web_analyses) ─► done | failed

Progress (`stage`, `done`, `total`) is written to the job's row as it goes; pages and the
API read it from there. A job left `running` by a restart is queued again (with a note) and
resumed; after `MAX_ATTEMPTS` cut-offs it is marked failed, saying so. Nothing is lost silently.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import json
import multiprocessing
import secrets
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from corroborate.errors import CorroborateError, ModelNotFoundError
from corroborate.model import Analysis, Article
from corroborate.settings import DEFAULT_WEB_MAX_BYTES, Settings
from corroborate.web.inputs import JobInputs
from corroborate.web.tables import closing, connect, now, reader

MAX_ATTEMPTS = 2
MIB = 1024 * 1024


@dataclass(frozen=True)
class QueueCaps:
    """Bounds on what waits in `web_jobs` (queued or running), and the bytes of inputs kept
    (so a story can be analysed again). What waits is counted three ways:

    - in all, `max_waiting`: the worker's queue;
    - per client, `max_waiting_per_client`: a browser session (its session cookie), or,
      for a request that sends none (a script, the API without a cookie jar), its address;
    - per address, `max_waiting_per_address`, higher: several journalists behind one
      newsroom NAT share an address, each with a session of their own; and a cookie is
      the client's to change, so this is what bounds one machine, whatever it sends.

    docs/web.md says why."""

    max_waiting: int = 100
    max_waiting_per_client: int = 10
    max_waiting_per_address: int = 40
    max_stored_bytes: int = 512 * MIB
    retry_after: int = 30  # seconds, in the 429's Retry-After


@dataclass(frozen=True)
class Session:
    """The browser session a submission counts under: `key`, a digest of its cookie (never
    the cookie, which the forms' CSRF tokens are made from), and whether the request `sent`
    it or the response is giving it (a first post, or a client that keeps no cookies)."""

    key: str
    sent: bool

    @property
    def stored(self) -> str:
        return f"{'sent' if self.sent else 'new'}:{self.key}"


class QueueFullError(CorroborateError):
    """A submission over a queue cap: answered 429 with Retry-After."""

    http_status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.headers = {"Retry-After": str(retry_after)}


class InputsDroppedError(CorroborateError):
    """A story's inputs were dropped to keep the stored inputs under their cap."""

    http_status = 409


DEFAULT_ANALYSER = "corroborate.web.jobs:analyse_with_store"
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class JobOptions:
    """What a job run needs besides its inputs (picklable: it crosses to the worker process)."""

    max_bytes: int = DEFAULT_WEB_MAX_BYTES
    url_timeout: float = 10.0
    outlet_files: tuple[str, ...] = ()
    allow_private: bool = False
    allowed_addresses: tuple[str, ...] = ()  # tests: their local HTTP server
    analyser: str = DEFAULT_ANALYSER  # "module:function", swapped by tests for one without a model
    corrections_file: str | None = None

    def settings(self) -> Settings:
        return Settings(
            max_bytes=self.max_bytes, url_timeout=self.url_timeout, outlet_files=tuple(Path(p) for p in self.outlet_files)
        )


@dataclass
class Job:
    id: str
    story: str
    state: str
    stage: str
    done: int
    total: int
    error: str | None
    note: str | None
    attempts: int
    created: str
    updated: str
    input_errors: list[dict[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _job(row: Any) -> Job:
    note = row["note"]
    errors: list[dict[str, str]] = []
    if note and note.startswith("{"):
        loaded = json.loads(note)
        errors, note = loaded.get("input_errors", []), loaded.get("note")
    keys = ("id", "story", "state", "stage", "done", "total", "error", "attempts", "created", "updated")
    return Job(**{k: row[k] for k in keys}, note=note, input_errors=errors)


def _own_share(db: Any, waiting: str, client: str | None, session: Session | None) -> int | None:
    """How many waiting jobs count against the submitter's share (None: nothing to count by).
    A session counts its own, the post that brought it its cookie included; a post that sent
    no cookie (a first one, or a client that keeps none) counts with the others of its address
    that sent none, so a script without cookies gets one share per address, not one per post."""
    if session is None:
        query, values = "client is ?", [client]
        if client is None:
            return None
    elif session.sent:
        query, values = "session in (?, ?)", [f"sent:{session.key}", f"new:{session.key}"]
    else:
        query, values = "client is ? and session like 'new:%'", [client]
    return int(db.execute(f"select count(*) from web_jobs where {waiting} and {query}", values).fetchone()[0])


class JobStore:
    """The `web_jobs` table."""

    def __init__(self, db_path: Path, caps: QueueCaps | None = None) -> None:
        self.db_path = db_path
        self.caps = caps or QueueCaps()

    def submit(
        self, inputs: JobInputs, story: str | None = None, client: str | None = None, session: Session | None = None
    ) -> Job:
        """Queue a job from address `client` and browser `session`; QueueFullError when the
        queue, the address's share, the client's share (`QueueCaps`) or the stored inputs
        are full. The oldest finished jobs' inputs make room first."""
        job_id = secrets.token_hex(8)
        story = story or f"web-{job_id}"
        stamp = now()
        data = json.dumps(inputs.to_json())
        caps = self.caps
        with closing(connect(self.db_path)) as db:
            db.execute("begin immediate")  # the counts and the insert see one state of the queue
            waiting = "state in ('queued', 'running')"
            if db.execute(f"select count(*) from web_jobs where {waiting}").fetchone()[0] >= caps.max_waiting:
                raise QueueFullError(f"{caps.max_waiting} analyses are waiting already: try again later", caps.retry_after)
            if client is not None:
                here = db.execute(f"select count(*) from web_jobs where {waiting} and client is ?", [client]).fetchone()[0]
                if here >= caps.max_waiting_per_address:
                    raise QueueFullError(
                        f"{here} analyses from your network address are waiting (at most {caps.max_waiting_per_address}): "
                        "try again when one is done",
                        caps.retry_after,
                    )
            mine = _own_share(db, waiting, client, session)
            if mine is not None and mine >= caps.max_waiting_per_client:
                raise QueueFullError(
                    f"you have {mine} analyses waiting (at most {caps.max_waiting_per_client}): try again when one is done",
                    caps.retry_after,
                )
            self._make_room(db, len(data))
            db.execute(
                "insert into web_jobs (id, story, state, stage, inputs, inputs_bytes, client, session, created, updated)"
                " values (?, ?, 'queued', 'queued', ?, ?, ?, ?, ?, ?)",
                [job_id, story, data, len(data), client, session.stored if session else None, stamp, stamp],
            )
        job = self.get(job_id)
        assert job is not None
        return job

    def _make_room(self, db: Any, size: int) -> None:
        """Drop the inputs of the oldest finished jobs until `size` more bytes fit the cap."""
        cap = self.caps.max_stored_bytes
        stored = db.execute("select coalesce(sum(inputs_bytes), 0) from web_jobs").fetchone()[0]
        if stored + size <= cap:
            return
        finished = db.execute(
            "select id, inputs_bytes from web_jobs where state in ('done', 'failed') and inputs_bytes > 0 order by updated, rowid"
        ).fetchall()
        dropped = []
        for row in finished:
            if stored + size <= cap:
                break
            stored -= row["inputs_bytes"]
            dropped.append(row["id"])
        if stored + size > cap:
            raise QueueFullError(
                f"the inputs of waiting analyses fill the {cap // MIB} MiB kept for them: try again later", self.caps.retry_after
            )
        db.executemany("update web_jobs set inputs = '{}', inputs_bytes = 0 where id = ?", [[i] for i in dropped])

    def get(self, job_id: str) -> Job | None:
        with nullcontext(reader(self.db_path)) as db:
            row = db.execute("select * from web_jobs where id = ?", [job_id]).fetchone()
        return _job(row) if row else None

    def latest_for_story(self, story: str) -> Job | None:
        with nullcontext(reader(self.db_path)) as db:
            row = db.execute(
                "select * from web_jobs where story = ? order by created desc, rowid desc limit 1", [story]
            ).fetchone()
        return _job(row) if row else None

    def inputs(self, job_id: str) -> JobInputs:
        with closing(connect(self.db_path)) as db:
            row = db.execute("select inputs from web_jobs where id = ?", [job_id]).fetchone()
        inputs = JobInputs.from_json(json.loads(row["inputs"]))
        if not inputs.count():
            raise InputsDroppedError(
                "this story's inputs are no longer kept (the oldest are dropped to keep the stored inputs under their cap): submit them anew"
            )
        return inputs

    def recent(self, limit: int = 20) -> list[Job]:
        with nullcontext(reader(self.db_path)) as db:
            rows = db.execute("select * from web_jobs order by created desc, rowid desc limit ?", [limit]).fetchall()
        return [_job(r) for r in rows]

    def claim_next(self) -> Job | None:
        """The oldest queued job, marked running (one transaction: no two workers take one job)."""
        with closing(connect(self.db_path)) as db:
            db.execute("begin immediate")
            row = db.execute("select id from web_jobs where state = 'queued' order by created, rowid limit 1").fetchone()
            if row is None:
                return None
            db.execute(
                "update web_jobs set state = 'running', stage = 'starting', attempts = attempts + 1, updated = ? where id = ?",
                [now(), row["id"]],
            )
        return self.get(row["id"])

    def progress(self, job_id: str, stage: str, done: int, total: int) -> None:
        with closing(connect(self.db_path)) as db:
            db.execute(
                "update web_jobs set stage = ?, done = ?, total = ?, updated = ? where id = ?",
                [stage, done, total, now(), job_id],
            )

    def finish(
        self, job_id: str, *, error: str | None = None, input_errors: list[dict[str, str]] | None = None, note: str | None = None
    ) -> None:
        state = "failed" if error else "done"
        details = json.dumps({"input_errors": input_errors or [], "note": note}) if input_errors else note
        with closing(connect(self.db_path)) as db:
            db.execute(
                "update web_jobs set state = ?, stage = ?, error = ?, note = coalesce(?, note), updated = ? where id = ?",
                [state, state, error, details, now(), job_id],
            )

    def recover_interrupted(self) -> int:
        """Jobs a restart cut off: queued again, or failed after MAX_ATTEMPTS, with the reason."""
        stamp = now()
        with closing(connect(self.db_path)) as db:
            resumed = db.execute(
                "update web_jobs set state = 'queued', stage = 'queued', note = ?, updated = ? where state = 'running' and attempts < ?",
                ["resumed: a restart of the server cut the previous run off", stamp, MAX_ATTEMPTS],
            ).rowcount
            db.execute(
                "update web_jobs set state = 'failed', stage = 'failed', error = ?, updated = ? where state = 'running'",
                [f"cut off by a restart of the server {MAX_ATTEMPTS} times; not tried again (submit it anew)", stamp],
            )
        return resumed


# -- one job, in the worker process -------------------------------------------------------------


def run_job(db_path: str, job_id: str, options: JobOptions) -> str:
    """Run one job to the end; returns its final state. Every failure is written to the job."""
    import ipaddress

    from corroborate.corrections import apply_corrections
    from corroborate.ingest import OutletRegistry
    from corroborate.store.sqlite import CorpusStore
    from corroborate.web.inputs import read_inputs
    from corroborate.web.security import public_address_guard
    from corroborate.web.stories import load_corrections, save_story_analysis

    jobs = JobStore(Path(db_path))
    job = jobs.get(job_id)
    if job is None:
        return "missing"
    try:
        settings = options.settings()
        registry = OutletRegistry.load(settings.outlet_files)
        allowed = frozenset(ipaddress.ip_address(a) for a in options.allowed_addresses)
        guard = public_address_guard(options.allow_private, allowed)
        jobs.progress(job_id, "reading inputs", 0, 0)
        loaded = read_inputs(jobs.inputs(job_id), settings, registry, guard)
        input_errors = [{"source": e.source, "code": e.code, "reason": e.reason} for e in loaded.errors]
        if not loaded.articles:
            reasons = "; ".join(f"{e['source']}: {e['reason']}" for e in input_errors) or "no article in the inputs"
            jobs.finish(job_id, error=f"nothing could be read: {reasons}", input_errors=input_errors)
            return "failed"
        analyser = _analyser(options.analyser)
        with CorpusStore(db_path) as store:
            analysis, keys, fingerprint = analyser(
                store, loaded.articles, settings, lambda s, d, t: jobs.progress(job_id, s, d, t)
            )
            jobs.progress(job_id, "saving", len(loaded.articles), len(loaded.articles))
            analysis = analysis.model_copy(update={"warnings": (*loaded.warnings, *analysis.warnings)})
            corrected = apply_corrections(analysis, load_corrections(Path(db_path), job.story))
            store.save_story(job.story, corrected, keys, fingerprint)
        save_story_analysis(Path(db_path), job.story, job_id, corrected, loaded.articles)
        jobs.finish(job_id, input_errors=input_errors)
        return "done"
    except ModelNotFoundError as exc:
        jobs.finish(job_id, error=f"the server lacks a part: {exc}")
    except CorroborateError as exc:
        jobs.finish(job_id, error=str(exc))
    except Exception as exc:  # a bug must fail the job with its reason, not kill the worker
        jobs.finish(job_id, error=f"internal error ({type(exc).__name__}: {exc}); the server log has more")
        raise
    return "failed"


def _analyser(path: str) -> Callable[..., tuple[Analysis, list[str], str]]:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def analyse_with_store(
    store: Any, articles: list[Article], settings: Settings, progress: Progress
) -> tuple[Analysis, list[str], str]:
    """The store's own pieces (as `corroborate ingest` runs them), on one story: extract each
    article (cached by content: a re-run parses only what changed), then the per-story stage."""
    from corroborate.ingest import OutletRegistry
    from corroborate.nlp.pipeline import load_pipeline, model_id
    from corroborate.pipeline import analyze_story, article_key, extract_article
    from corroborate.store.batch import with_store_id
    from corroborate.store.extraction import extractor_fingerprint, story_fingerprint

    progress("loading the language model", 0, len(articles))
    nlp = load_pipeline(settings.model_names)
    registry = OutletRegistry.load(settings.outlet_files)
    extractor = extractor_fingerprint(settings)
    cached = store.extracted_keys(extractor)
    key_of_id = store.article_ids()
    id_of_key = {key: article_id for article_id, key in key_of_id.items()}
    extractions = []
    for done, article in enumerate(articles, start=1):
        key = article_key(article)
        if key in cached:
            extractions.append(store.load_extractions([key])[0])
        else:
            extraction = extract_article(nlp, registry, with_store_id(article, key, key_of_id, id_of_key), extractor)
            store.save_extraction(extraction)
            extractions.append(extraction)
        progress("extracting quotes and speakers", done, len(articles))
    progress("grouping quotes and claims across outlets", len(articles), len(articles))
    keys = [e.key for e in extractions]
    analysis = analyze_story(extractions, registry, settings, model=model_id(nlp))
    return analysis, keys, story_fingerprint(keys, extractor, settings)


# -- the worker ---------------------------------------------------------------------------------


def _ignore_interrupts() -> None:
    """In the worker process: Ctrl-C reaches the whole process group, but only the server
    decides when the worker stops (so a job cut off is resumed, not failed)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class JobWorker:
    """One thread that takes queued jobs in order and runs each in a worker process
    (`mode="process"`: the model stays loaded there, and a crash there fails only the job)
    or in a thread (`mode="thread"`, for tests)."""

    def __init__(self, db_path: Path, options: JobOptions, mode: str = "process") -> None:
        self.db_path = db_path
        self.options = options
        self.mode = mode
        self.jobs = JobStore(db_path)
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._executor: concurrent.futures.Executor | None = None

    def _new_executor(self) -> concurrent.futures.Executor:
        if self.mode == "thread":
            return concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="corroborate-job")
        # spawn: forking a process that runs server threads is unsafe
        return concurrent.futures.ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_interrupts
        )

    def start(self) -> None:
        self.jobs.recover_interrupted()
        self._executor = self._new_executor()
        self._thread = threading.Thread(target=self._loop, name="corroborate-jobs", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        """Stop at once: a job in flight stays `running` and is resumed at the next start."""
        self._stopping.set()
        self._wake.set()
        if self._executor is not None:
            # End the worker process now rather than wait for its job (the standard library
            # only gains terminate_workers() in 3.14).
            processes = getattr(self._executor, "_processes", None) or {}
            for process in list(processes.values()):
                process.terminate()
            self._executor.shutdown(wait=False, cancel_futures=True)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _loop(self) -> None:
        while not self._stopping.is_set():
            job = self.jobs.claim_next()
            if job is None:
                self._wake.wait(1.0)
                self._wake.clear()
                continue
            self._run(job)

    def _run(self, job: Job) -> None:
        assert self._executor is not None
        try:
            future = self._executor.submit(run_job, str(self.db_path), job.id, self.options)
        except RuntimeError:  # the executor is shut down: the server is stopping
            return  # the job stays running, and is resumed at the next start
        try:
            future.result()
        except BrokenProcessPool:
            if self._stopping.is_set():
                return  # stop() ended it: resumed at the next start
            self.jobs.finish(job.id, error="the worker process died during the analysis (out of memory?); submit it again")
            self._executor = self._new_executor()
        except Exception as exc:  # run_job wrote the reason to the job already; keep the worker alive
            current = self.jobs.get(job.id)
            if current is not None and current.state == "running" and not self._stopping.is_set():
                self.jobs.finish(job.id, error=f"internal error ({type(exc).__name__})")
