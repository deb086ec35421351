"""`corroborate cluster`: JSONL contract, bad inputs, atomic -o (invented articles written to tmp_path)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from corroborate.cli import app
from tests.scale.stories import BUDGET, FIRE

runner = CliRunner()


def _write_stories(folder: Path) -> None:
    for n, text in enumerate(FIRE, 1):
        (folder / f"fire-{n}.txt").write_text(text, encoding="utf-8")
    records = [{"id": f"budget-{n}", "text": text, "published": "2026-05-0{n}"} for n, text in enumerate(BUDGET, 1)]
    (folder / "budget.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    (folder / "notes.yaml").write_text("not an article\n", encoding="utf-8")


def _lines(output: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_cluster_jsonl_one_object_per_article(tmp_path: Path) -> None:
    _write_stories(tmp_path)
    result = runner.invoke(app, ["cluster", str(tmp_path), "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    lines = _lines(result.stdout)
    assert all(set(line) == {"article", "story"} for line in lines)
    story = {line["article"]: line["story"] for line in lines}
    assert sorted(story) == ["budget-1", "budget-2", "budget-3", "fire-1", "fire-2", "fire-3"]
    assert len({story["fire-1"], story["fire-2"], story["fire-3"]}) == 1
    assert len({story["budget-1"], story["budget-2"], story["budget-3"]}) == 1
    assert story["fire-1"] != story["budget-1"]


def test_bad_input_is_named_and_exit_code_is_1(tmp_path: Path) -> None:
    _write_stories(tmp_path)
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    missing = tmp_path / "missing.txt"
    result = runner.invoke(app, ["cluster", str(tmp_path), str(missing), "--format", "jsonl"])
    assert result.exit_code == 1
    assert "missing.txt" in result.stderr and "no such file" in result.stderr
    assert "empty.txt" in result.stderr
    assert len(_lines(result.stdout)) == 6  # the good inputs are still clustered


def test_table_to_file_is_written_atomically(tmp_path: Path) -> None:
    _write_stories(tmp_path)
    target = tmp_path / "out" / "stories.txt"
    target.parent.mkdir()
    result = runner.invoke(app, ["cluster", str(tmp_path), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    text = target.read_text(encoding="utf-8")
    assert "6 articles · 2 stories" in text
    assert [p.name for p in target.parent.iterdir()] == ["stories.txt"]  # no temporary file left


def test_json_format_lists_stories(tmp_path: Path) -> None:
    _write_stories(tmp_path)
    result = runner.invoke(app, ["cluster", str(tmp_path), "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["articles"] == 6
    assert [len(story["articles"]) for story in document["stories"]] == [3, 3]


def test_help_ends_with_an_example() -> None:
    result = runner.invoke(app, ["cluster", "--help"])
    assert result.exit_code == 0
    assert result.stdout.rstrip().splitlines()[-1].strip().startswith(("Example:", "stories.jsonl"))
    assert "Example: corroborate cluster" in result.stdout
