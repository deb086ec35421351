"""What every command shares: the exit codes, the consoles, and which error ends a command with which code.

The command modules (`cli.py`, `store/commands.py`, `scale/commands.py`, `web/commands.py`)
all use this one, so it sits below them: it imports nothing of corroborate but the
errors and `files` (and typer and rich, which every command loads anyway).

| code | meaning |
|---|---|
| 0 | success |
| 1 | some inputs failed (named on stderr); the rest were processed and reported |
| 2 | usage error (a bad option, an unusable `--outlets` or `--corrections` file, an unwritable `-o`) |
| 3 | the environment lacks a part (the spaCy model is not installed; `ingest`: the store cannot be written) |
| 130 | interrupted (Ctrl-C, 128 + SIGINT as shells report it); `ingest` keeps what it wrote |
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sized
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from corroborate.errors import CorroborateError, ModelNotFoundError
from corroborate.files import write_atomically

EXIT_OK, EXIT_INPUTS, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 1, 2, 3
EXIT_INTERRUPTED = 130

# Errors, notes, warnings and progress. soft_wrap: an error line naming a long path stays
# one line, to grep and copy. No markup, highlighting or emoji codes: file names and
# article text are printed as they are ("a:fire:b.txt" is no emoji).
stderr = Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)


# `--follow-links`, as `analyze`, `quotes`, `cluster` and `ingest` take it (Settings.follow_links).
FollowLinksOption = Annotated[
    bool, typer.Option("--follow-links", help="In a folder, also read files that link outside it (skipped by default).")
]


def output_console(**options: Any) -> Console:
    """A console for a command's output: stdout, or with `file=io.StringIO(), record=True` a text
    to write to `-o`. Made when needed: it reads the terminal's width and colours when made."""
    return Console(markup=False, highlight=False, emoji=False, **options)


def exit_code(error: BaseException) -> int:
    """The code a command ends with when `error` stops it: 3 for a part the environment lacks
    (the spaCy model; a store that cannot be written: a full disk, a read-only file), 130 for
    Ctrl-C, 2 for any other error of ours (a usage error, an unusable outlet registry)."""
    if is_locked(error):
        return EXIT_INPUTS  # nothing lacks: another writer kept the store; the same command resumes
    if isinstance(error, ModelNotFoundError | sqlite3.Error):
        return EXIT_ENVIRONMENT
    if isinstance(error, KeyboardInterrupt):
        return EXIT_INTERRUPTED
    return EXIT_USAGE


def is_locked(error: BaseException) -> bool:
    """Another writer held the store's write lock past every wait (not a full disk)."""
    return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)


def inputs_exit_code(failed: Sized) -> int:
    """The code of a command that went through its inputs: 1 when some failed, else 0."""
    return EXIT_INPUTS if len(failed) else EXIT_OK


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print `error: MESSAGE` on stderr and end the command with `code`."""
    stderr.print(f"error: {message}")
    raise typer.Exit(code)


@contextmanager
def exit_on_error() -> Iterator[None]:
    """Run the block; an error of ours it raises is printed on stderr (`error: ...`) and ends
    the command with its `exit_code`. Other exceptions (bugs) pass through."""
    try:
        yield
    except CorroborateError as exc:
        stderr.print(f"error: {exc}")
        raise typer.Exit(exit_code(exc)) from exc


def write_output(output: Path, content: str) -> None:
    """Write `-o FILE` atomically, or end the command with 2 naming the file and the reason."""
    try:
        write_atomically(output, content)
    except OSError as exc:
        fail(f"cannot write {output}: {exc.strerror or exc}; choose another -o path")
