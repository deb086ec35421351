"""What `corroborate ingest` shows while it runs: every stage (read, extract, cluster,
analyse, write, export) with its counts, rate and time left, as rich progress bars on a
terminal; elsewhere (a log, CI, a pipe) one line per stage when it ends."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

# What each stage counts.
UNITS = {
    "read": "article(s)",
    "extract": "article(s)",
    "cluster": "article(s)",
    "analyse": "story(ies)",
    "write": "story(ies)",
    "export": "Parquet file(s)",
}


class _Rate(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f}/s" if speed else "", style="progress.data.speed")


@dataclass
class _Stage:
    started: float
    done: int = 0
    total: int = 0
    reported: bool = False
    task: TaskID | None = None


class IngestProgress:
    """The `on_progress` of `ingest`: call it with (stage, done, total); `close()` at the end."""

    def __init__(self, console: Console, *, live: bool | None = None, log: TextIO | None = None) -> None:
        self.console = console
        self.live = console.is_terminal if live is None else live
        self.log = log
        self.stages: dict[str, _Stage] = {}
        self.created = time.monotonic()
        self.bars: Progress | None = None
        if self.live:
            self.bars = Progress(
                TextColumn("{task.description:<8}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[unit]}"),
                _Rate(),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=console,
                transient=False,
            )
            self.bars.start()

    def __call__(self, stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        # The first stage (reading the inputs) began when the run did.
        state = self.stages.setdefault(stage, _Stage(started=now if self.stages else self.created))
        state.done, state.total = done, total
        if self.bars is not None:
            if state.task is None:
                state.task = self.bars.add_task(stage, total=total, unit=UNITS.get(stage, ""))
            self.bars.update(state.task, completed=done, total=max(total, done))
        elif done >= total:
            self._end(stage, state, now)

    def _end(self, stage: str, state: _Stage, now: float) -> None:
        if state.reported:
            return
        state.reported = True
        seconds = now - state.started
        counts = f"{state.done}/{state.total}" if state.total != state.done else f"{state.done}"
        rate = f", {state.done / seconds:.1f}/s" if seconds > 0 and state.done else ""
        line = f"{stage}: {counts} {UNITS.get(stage, '')} in {seconds:.1f} s{rate}"
        if self.log is not None:
            print(line, file=self.log, flush=True)
        else:
            self.console.print(line)

    def close(self) -> None:
        """Stop the bars; off a terminal, report the stages that had not ended."""
        now = time.monotonic()
        if self.bars is not None:
            self.bars.stop()
            return
        for stage, state in self.stages.items():
            self._end(stage, state, now)
