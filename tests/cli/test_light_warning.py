"""`analyze` always prints the `light_analysis` warning of run-on text, not only with -v."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from corroborate.cli import app

pytestmark = pytest.mark.model


def test_one_sentence_of_60_kb_is_named_on_stderr_as_read_lightly(tmp_path: Path) -> None:
    words = ("the pier in Velden", "Dana Whitfield said", "and the ferry would open", "for 40 crowns")
    text = "Harbour plan\n\n" + " ".join(words[i % 4] for i in range(3_000)) + ".\n"
    path = tmp_path / "run-on.txt"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["analyze", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert [w["code"] for w in json.loads(result.stdout)["warnings"]] == ["light_analysis"]
    assert "warning: " in result.stderr and "by their marks only" in result.stderr
