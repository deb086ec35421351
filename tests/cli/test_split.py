"""Inputs holding two stories: `analyze` warns and names them; `--split` analyses each."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from corroborate.cli import app
from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS

pytestmark = pytest.mark.model

FERRY = [
    "Ferry crews walk out over night shifts\n\nCrews on the Harlow island ferry walked off the job on Monday, "
    "stranding hundreds of commuters at the Pell Point terminal. The ferry union said its members would not "
    "return until the operator dropped its plan for twelve-hour night shifts on the crossing.",
    "Island ferry strike strands commuters\n\nThe Harlow ferry strike entered its second day on Tuesday as the "
    "operator and the union traded blame. Commuters queued at Pell Point for buses the operator hired, and the "
    "union said the twelve-hour night shifts on the crossing were unsafe for its crews.",
]


@pytest.fixture(scope="module")
def two_stories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("two-stories")
    for path in Path(EXAMPLE).glob("*.txt"):
        shutil.copy(path, folder / path.name)
    for number, text in enumerate(FERRY, start=1):
        (folder / f"ferry-{number}.txt").write_text(text, encoding="utf-8")
    return folder


def test_analyze_warns_that_the_inputs_look_like_two_stories(two_stories: Path) -> None:
    result = CliRunner().invoke(app, ["analyze", str(two_stories), "--outlets", str(EXAMPLE_OUTLETS), "--format", "json"])
    assert result.exit_code == 0, result.output
    analysis = json.loads(result.stdout)
    [warning] = [w for w in analysis["warnings"] if w["code"] == "several_stories"]
    assert "2 stories" in warning["message"] and "ferry-1" in warning["message"]
    assert "look like 2 stories" in result.stderr


def test_split_analyses_each_story_on_its_own(two_stories: Path) -> None:
    result = CliRunner().invoke(
        app, ["analyze", str(two_stories), "--outlets", str(EXAMPLE_OUTLETS), "--split", "--format", "jsonl"]
    )
    assert result.exit_code == 0, result.output
    stories = [json.loads(line) for line in result.stdout.splitlines()]
    assert sorted(sorted(a["id"] for a in s["articles"]) for s in stories) == [
        ["01-valley-courier", "02-kmbk-news", "03-riverside-ledger", "04-metro-daily"],
        ["ferry-1", "ferry-2"],
    ]
    assert all(not any(w["code"] == "several_stories" for w in s["warnings"]) for s in stories)


def test_split_html_needs_a_directory_and_writes_one_report_per_story(two_stories: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    refused = runner.invoke(app, ["analyze", str(two_stories), "--split", "--format", "html"])
    assert refused.exit_code == 2 and "-o DIR" in refused.stderr
    out = tmp_path / "reports"
    result = runner.invoke(app, ["analyze", str(two_stories), "--split", "--format", "html", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reports = sorted(out.glob("story-*.html"))
    assert len(reports) == 2 and all(r.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") for r in reports)
