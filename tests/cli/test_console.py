"""The one error-to-exit mapping every command uses (corroborate.console)."""

from __future__ import annotations

import sqlite3

import pytest
import typer

from corroborate.console import (
    EXIT_ENVIRONMENT,
    EXIT_INPUTS,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    exit_code,
    exit_on_error,
    inputs_exit_code,
)
from corroborate.errors import EmptyInputError, ModelNotFoundError, OutletRegistryError, UsageError


def test_codes_are_the_documented_ones() -> None:
    assert (EXIT_OK, EXIT_INPUTS, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERRUPTED) == (0, 1, 2, 3, 130)


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (ModelNotFoundError("no model"), 3),
        (sqlite3.OperationalError("disk full"), 3),
        (KeyboardInterrupt(), 130),
        (UsageError("bad option"), 2),
        (OutletRegistryError("bad registry"), 2),
        (EmptyInputError("a.txt", "empty"), 2),
    ],
)
def test_exit_code_of_each_error(error: BaseException, code: int) -> None:
    assert exit_code(error) == code


def test_inputs_exit_code() -> None:
    assert inputs_exit_code([]) == 0
    assert inputs_exit_code(["a.txt"]) == 1


def test_exit_on_error_prints_and_exits_with_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(typer.Exit) as caught, exit_on_error():
        raise ModelNotFoundError("install the model")
    assert caught.value.exit_code == 3
    assert capsys.readouterr().err == "error: install the model\n"


def test_exit_on_error_lets_bugs_through() -> None:
    with pytest.raises(ValueError), exit_on_error():
        raise ValueError("a bug")


def test_a_fire_b_txt_is_printed_as_its_name_not_an_emoji(tmp_path) -> None:
    """A file named `a:fire:b.txt` is named as it is in errors and output (rich turned
    `:fire:` into an emoji)."""
    import io

    from corroborate import console

    assert not console.stderr._emoji
    out = console.output_console(file=io.StringIO(), record=True, width=80)
    out.print("a:fire:b.txt cannot be read")
    assert "a:fire:b.txt" in out.export_text()
