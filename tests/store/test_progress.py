"""`ingest`'s progress: one line per stage off a terminal; bars with counts, rate and time left on one."""

from __future__ import annotations

import io

from rich.console import Console

from corroborate.store.progress import IngestProgress


def _run(progress: IngestProgress) -> None:
    progress("read", 3, 3)
    progress("extract", 0, 3)
    for done in (1, 2, 3):
        progress("extract", done, 3)
    progress("cluster", 0, 3)
    progress("cluster", 3, 3)
    progress("analyse", 0, 1)
    progress("write", 0, 1)
    progress("analyse", 1, 1)
    progress("write", 1, 1)
    progress.close()


def test_piped_run_of_three_articles_logs_one_line_per_stage() -> None:
    log = io.StringIO()
    _run(IngestProgress(Console(file=io.StringIO()), live=False, log=log))
    lines = log.getvalue().splitlines()
    assert [line.split(":")[0] for line in lines] == ["read", "extract", "cluster", "analyse", "write"]
    assert lines[1].startswith("extract: 3 article(s) in ")
    assert lines[3].startswith("analyse: 1 story(ies) in ")


def test_stage_with_nothing_to_do_logs_zero() -> None:
    log = io.StringIO()
    progress = IngestProgress(Console(file=io.StringIO()), live=False, log=log)
    progress("extract", 0, 0)
    progress.close()
    assert log.getvalue().startswith("extract: 0 article(s) in ")


def test_interrupted_stage_logs_how_far_it_got() -> None:
    log = io.StringIO()
    progress = IngestProgress(Console(file=io.StringIO()), live=False, log=log)
    progress("extract", 0, 10)
    progress("extract", 4, 10)
    progress.close()
    assert log.getvalue().startswith("extract: 4/10 article(s) in ")


def test_terminal_run_shows_every_stage_with_counts_and_time_left() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=120, color_system=None)
    _run(IngestProgress(console))
    text = screen.getvalue()
    for stage, count in (("read", "3/3"), ("extract", "3/3"), ("cluster", "3/3"), ("analyse", "1/1"), ("write", "1/1")):
        assert stage in text and count in text, stage
    assert "left" in text
