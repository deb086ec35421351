"""Run units of work in parallel: a local process pool, or Dask (`dask.distributed`).

Both engines run the same units of work (`scale.work`; the store's own wrap them,
`store.tasks`) and hand back results as they complete, with at most a few tasks in
flight per worker so memory stays bounded however large the collection. Each worker
process loads the spaCy pipeline and the outlet registry once (a pool initializer; a
Dask worker plugin), never per article. This module imports neither spaCy nor the
extractors: the workers do (`scale.work`), the process running the engine need not.

- `local`, 1 worker: everything in this process (no pool to start).
- `local`, N workers: `concurrent.futures.ProcessPoolExecutor` with the `forkserver`
  start method (`spawn` where there is none). A fork of this process would spare each
  worker its imports and model load, but a fork of a process running other threads can
  deadlock, and the threads are not all ours to know: a forked pool hung in the test
  suite on a lock of pyarrow's jemalloc background thread. The fork server is a fresh
  process of one thread that imports the worker modules and loads the default pipeline
  once (`scale.preload`); each worker is a fork of it. The server is multiprocessing's
  own, one per process and reused by later pools; it ends when this process does.
  Worker start-up is kept light too (`corroborate.scale` imports its clustering stack
  on first use).
- `dask`: a `LocalCluster` of N single-threaded workers, or the scheduler at
  `--scheduler ADDRESS` (its workers need corroborate and the model installed).
  With `processes=False` the workers are threads of one process sharing one
  pipeline; a lock then runs one task at a time (spaCy's pipeline and string
  store are not meant to be shared by threads): use processes for speed.

A task never raises: a failure comes back as `TaskFailure` naming the item.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from corroborate.errors import UsageError
from corroborate.scale.units import StoryJob, TaskFailure
from corroborate.settings import Settings

if TYPE_CHECKING:
    from dask.typing import Key

__all__ = ["ENGINES", "Engine", "StoryJob", "TaskFailure", "start_engine"]

ENGINES: tuple[str, ...] = ("local", "dask")
IN_FLIGHT_PER_WORKER = 4

Item = TypeVar("Item")


# -- engines ------------------------------------------------------------------


class Engine(Protocol):
    workers: int

    def run(self, task: Callable[..., Any], items: Iterable[Item], *args: Any) -> Iterator[tuple[Item, Any]]:
        """(item, result or TaskFailure) for each item, in completion order."""
        ...

    def close(self) -> None: ...


class InlineEngine:
    """One worker: this process."""

    workers = 1

    def __init__(self, settings: Settings) -> None:
        from corroborate.scale.work import init_worker

        init_worker(settings)

    def run(self, task: Callable[..., Any], items: Iterable[Item], *args: Any) -> Iterator[tuple[Item, Any]]:
        for item in items:
            yield item, task(item, *args)

    def close(self) -> None:
        pass


class ProcessEngine:
    """A local pool of `workers` processes, each loading the pipeline once."""

    def __init__(self, settings: Settings, workers: int) -> None:
        self.workers = workers
        self.pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=worker_context(),
            initializer=_init_worker,
            initargs=(settings, workers),
        )

    def run(self, task: Callable[..., Any], items: Iterable[Item], *args: Any) -> Iterator[tuple[Item, Any]]:
        pending: dict[Future[Any], Item] = {}
        queue = iter(items)
        limit = self.workers * IN_FLIGHT_PER_WORKER
        broken: BaseException | None = None
        while True:
            while broken is None and len(pending) < limit:
                item = next(queue, _END)
                if item is _END:
                    break
                try:
                    pending[self.pool.submit(task, item, *args)] = item
                except BrokenProcessPool as exc:
                    broken = exc
                    yield item, TaskFailure("worker_died", f"a worker process died ({exc}); rerun to retry")
            if not pending:
                if broken is not None:
                    for item in queue:
                        yield item, TaskFailure("worker_died", "a worker process died; rerun to retry")
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                item = pending.pop(future)
                try:
                    yield item, future.result()
                except BrokenProcessPool as exc:
                    broken = exc
                    yield item, TaskFailure("worker_died", f"a worker process died ({exc}); rerun to retry")

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


_END: Any = object()


def _init_worker(settings: Settings, processes: int) -> None:
    """A worker's start-up (`scale.work`), imported in the worker only: the process that
    runs the engine does not import spaCy for it."""
    from corroborate.scale.work import init_worker_quietly

    init_worker_quietly(settings, processes)


# Imported once by the fork server, so that each worker forked from it starts with them
# imported and the default pipeline loaded (`scale.preload`).
WORKER_MODULES = ("corroborate.scale.work", "corroborate.scale.preload")


def prestart_workers(engine: str = "local", workers: int | None = None) -> None:
    """Start the local pool's fork server now, when the pool will have one: it imports
    the worker modules and loads the pipeline (`scale.preload`, about 2 CPU seconds)
    while this process reads the articles and opens the store, instead of after. The
    server is the one `worker_context` pools use; when no pool follows, it idles until
    this process ends (its CPU spent, no time waited)."""
    count = workers or os.cpu_count() or 1
    if engine != "local" or count == 1 or "forkserver" not in multiprocessing.get_all_start_methods():
        return
    from multiprocessing import forkserver

    worker_context()  # the preload list, read when the server starts
    forkserver.ensure_running()


def worker_context() -> multiprocessing.context.BaseContext:
    """`forkserver` where the platform has it, else `spawn`. The server is a fresh process
    of one thread (none of this process's threads, so none of the fork hazards above)
    that does the workers' start-up once; each worker is a fork of it."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(WORKER_MODULES))  # read when the server starts: first pool only
    return context


class LoadPipelinePlugin:
    """Dask worker plugin: load the pipeline when the worker starts."""

    name = "corroborate-load-pipeline"

    def __init__(self, settings: Settings, processes: int) -> None:
        self.settings = settings
        self.processes = processes

    def setup(self, worker: Any) -> None:
        _init_worker(self.settings, self.processes)


class DaskEngine:
    """Dask: a LocalCluster (default) or an existing scheduler."""

    def __init__(self, settings: Settings, workers: int, scheduler: str | None = None, processes: bool = True) -> None:
        try:
            from distributed import Client, LocalCluster
            from distributed.diagnostics.plugin import WorkerPlugin
        except ImportError as exc:
            raise UsageError("the dask engine needs dask[distributed]: pip install 'corroborate[scale]'") from exc
        self.cluster = None
        if scheduler:
            try:
                self.client = Client(scheduler, timeout="30s")
            except (OSError, TimeoutError) as exc:
                raise UsageError(f"cannot reach the Dask scheduler at {scheduler} ({exc}); check --scheduler") from exc
        else:
            self.cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=processes, dashboard_address=None, silence_logs=40
            )
            self.client = Client(self.cluster)
        self.workers = max(1, len(self.client.scheduler_info().get("workers", {})) or workers)
        plugin_class = type("CorroboratePipelinePlugin", (LoadPipelinePlugin, WorkerPlugin), {})
        # Local worker processes share this machine's cores; a remote scheduler's
        # workers are single-threaded Dask workers on machines of their own size.
        local_processes = self.workers if self.cluster is not None and processes else 1
        self.client.register_plugin(plugin_class(settings, local_processes))

    def run(self, task: Callable[..., Any], items: Iterable[Item], *args: Any) -> Iterator[tuple[Item, Any]]:
        from distributed import as_completed

        queue = iter(items)
        limit = self.workers * IN_FLIGHT_PER_WORKER
        futures = as_completed(with_results=False)
        item_of: dict[Key, Item] = {}

        def submit_next() -> bool:
            item = next(queue, _END)
            if item is _END:
                return False
            future = self.client.submit(task, item, *args, pure=False)
            item_of[future.key] = item
            futures.add(future)
            return True

        for _ in range(limit):
            if not submit_next():
                break
        for future in futures:
            item = item_of.pop(future.key)
            try:
                result = future.result()
            except Exception as exc:  # a worker lost, a task killed
                result = TaskFailure("worker_died", f"{type(exc).__name__}: {exc}; rerun to retry")
            future.release()
            yield item, result
            submit_next()

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def start_engine(
    settings: Settings, engine: str = "local", workers: int | None = None, scheduler: str | None = None, processes: bool = True
) -> Engine:
    """The engine asked for; `workers` defaults to the number of CPUs."""
    if engine not in ENGINES:
        raise UsageError(f"engine {engine!r} is not known; give one of {', '.join(ENGINES)}")
    if scheduler and engine != "dask":
        raise UsageError("--scheduler needs --engine dask")
    count = workers or os.cpu_count() or 1
    if engine == "dask":
        return DaskEngine(settings, count, scheduler, processes=processes)
    if count == 1:
        return InlineEngine(settings)
    return ProcessEngine(settings, count)
