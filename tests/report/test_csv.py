"""CSV export: one file per table, article and outlet on every row, no formula runs in a spreadsheet."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from corroborate.cli import app
from corroborate.model import Analysis
from corroborate.report.csv_export import TABLES, csv_tables, spreadsheet_safe, write_csv
from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS
from tests.report.builders import hand_made


def read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as stream:
        return list(csv.DictReader(stream))


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+1", "'+1"),
        ("-1+1", "'-1+1"),
        ("@cmd", "'@cmd"),
        ("\t=x", "'\t=x"),
        ("plain = text", "plain = text"),
        ("", ""),
        (None, ""),
        (-3, -3),
        (0.5, 0.5),
        (True, "true"),
    ],
)
def test_cells_that_a_spreadsheet_would_run_get_a_quote_in_front(value: object, written: object) -> None:
    assert spreadsheet_safe(value) == written


def test_every_table_is_written_with_article_and_outlet_on_every_row(tmp_path: Path) -> None:
    paths = write_csv(hand_made(), tmp_path / "tables")
    assert [p.name for p in paths] == [f"{t}.csv" for t in TABLES]
    for path in paths:
        assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # BOM: spreadsheets read UTF-8 right
        rows = read(path)
        assert rows, path.name
        for row in rows:
            assert row["article"] in {"a-one", "b-two"} and row["outlet"] in {"One News", "Two Times"}
    assert not list((tmp_path / "tables").glob(".*"))  # no temporary files left


def test_formula_in_article_text_is_neutralised(tmp_path: Path) -> None:
    write_csv(hand_made(), tmp_path)
    citations = read(tmp_path / "citations.csv")
    herald = [row for row in citations if row["cites"] == "One News"]
    assert herald[0]["text"] == "'=SUM(A1) said the Herald."
    assert all(
        not cell.startswith(("=", "+", "-", "@"))
        for path in tmp_path.glob("*.csv")
        for row in read(path)
        for cell in row.values()
    )


def test_tables_hold_the_records() -> None:
    tables = csv_tables(hand_made())
    header, rows = tables["quote_groups"]
    members = [dict(zip(header, row, strict=True)) for row in rows]
    assert {(m["speaker"], m["changed"]) for m in members} == {("Ann Lee", "anyone's"), ("Bo Ray", "people's")}
    assert all(m["attribution_drift"] is True for m in members)
    header, rows = tables["claim_groups"]
    assert {dict(zip(header, row, strict=True))["status"] for row in rows} == {"conflicting"}


def test_csv_needs_an_output_directory() -> None:
    result = CliRunner().invoke(app, ["analyze", "nowhere.txt", "--format", "csv"])
    assert result.exit_code == 2
    assert "-o DIR" in result.stderr


def test_csv_into_a_file_is_a_usage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(NotADirectoryError):
        write_csv(hand_made(), blocker)


@pytest.mark.model
def test_cli_writes_the_example_tables(tmp_path: Path, example_analysis_for_reports: Analysis) -> None:
    out = tmp_path / "csv"
    result = CliRunner().invoke(
        app, ["analyze", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "--format", "csv", "-o", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{t}.csv" for t in TABLES)
    quotes = read(out / "quotes.csv")
    assert len(quotes) == len(example_analysis_for_reports.quotes)
    assert {"Valley Courier", "KMBK News", "Riverside Ledger"} <= {row["outlet"] for row in quotes}
    assert read(out / "citations.csv") == [] or all(row["outlet"] for row in read(out / "citations.csv"))
