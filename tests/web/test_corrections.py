"""Corrections: applied to an analysis, saved with who and when, re-applied on re-analysis,
written to the plain file that `corroborate analyze --corrections` reads."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from corroborate.corrections import (
    Correction,
    apply_corrections,
    finding_key,
    load_corrections_file,
    quote_ref,
    write_corrections_file,
)
from corroborate.errors import UsageError
from corroborate.model import Analysis
from tests.report.builders import hand_made
from tests.web.conftest import csrf_token, wait_job


def test_merging_people_removes_attribution_drift() -> None:
    analysis = hand_made()
    drifted = [g for g in analysis.quote_groups if g.attribution_drift]
    assert drifted
    names = {q.speaker.name for q in analysis.quotes}
    assert {"Ann Lee", "Bo Ray"} <= names
    merged = apply_corrections(analysis, [Correction("merge_people", "Bo Ray", "Ann Lee")])
    assert "Bo Ray" not in {q.speaker.name for q in merged.quotes}
    assert not any(g.attribution_drift for g in merged.quote_groups)
    assert "Bo Ray" in next(e for e in merged.entities if e.name == "Ann Lee").aliases


def test_fix_speaker_kind_and_outlet() -> None:
    analysis = hand_made()
    quote = analysis.quotes[0]
    fixed = apply_corrections(
        analysis,
        [
            Correction("fix_speaker", quote_ref(quote), "Cy New"),
            Correction("quote_kind", quote_ref(quote), "partial"),
            Correction("fix_outlet", analysis.articles[1].id, "Two Times Daily"),
        ],
    )
    changed = next(q for q in fixed.quotes if q.id == quote.id)
    assert changed.speaker.name == "Cy New" and changed.kind == "partial"
    assert any(e.name == "Cy New" for e in fixed.entities)
    assert fixed.articles[1].outlet == "Two Times Daily" and fixed.articles[1].outlet_from == "correction"
    assert apply_corrections(analysis, [Correction("fix_speaker", "nowhere:1:2", "X")]) == analysis  # unknown targets are skipped


def test_split_person_gives_a_quote_to_a_new_person() -> None:
    analysis = hand_made()
    quote = next(q for q in analysis.quotes if q.speaker.name == "Ann Lee")
    split = apply_corrections(analysis, [Correction("split_person", quote_ref(quote), "Ann Lee Jr")])
    assert next(q for q in split.quotes if q.id == quote.id).speaker.name == "Ann Lee Jr"
    assert {e.name for e in split.entities} >= {"Ann Lee", "Ann Lee Jr"}


def test_the_file_round_trips_and_bad_files_say_why(tmp_path: Path) -> None:
    path = tmp_path / "corrections.json"
    written = [Correction("merge_people", "Bo Ray", "Ann Lee", None, "ed", "2026-01-01T00:00:00+00:00")]
    write_corrections_file(path, written)
    assert json.loads(path.read_text())["schema"] == "corroborate/corrections/1"
    assert load_corrections_file(path) == written
    yaml_file = tmp_path / "c.yaml"
    yaml_file.write_text("corrections:\n  - {kind: quote_kind, target: 'a:1:5', value: indirect}\n")
    assert load_corrections_file(yaml_file)[0].value == "indirect"
    for content, message in (
        ("corrections: 5", "list"),
        ("- {kind: bogus, target: x, value: y}", "unknown correction kind"),
        ("- {kind: quote_kind, target: 'a:1:5', value: shouted}", "quote_kind"),
        ("[: bad", "cannot read"),
    ):
        yaml_file.write_text(content)
        with pytest.raises(UsageError, match=message):
            load_corrections_file(yaml_file)


def _correct(client: TestClient, story: str, **fields: str) -> Any:
    return client.post(
        f"/stories/{story}/corrections",
        data={"csrf_token": csrf_token(client), "author": "Ed Itor", **fields},
        follow_redirects=False,
    )


def test_corrections_through_the_form_are_saved_and_reapplied(client_factory: Callable[..., TestClient], tmp_path: Path) -> None:
    file = tmp_path / "corrections.json"
    client = client_factory(corrections_file=file)
    job = client.post(
        "/api/analyses",
        json={
            "texts": [
                'Bridge to close\n\n"We will not gamble with anyone\'s safety," Denise Okafor said.\n',
                'Bridge closes\n\n"We will not gamble with people\'s safety," Priya Natarajan said.\n',
            ]
        },
    ).json()
    wait_job(client, job["id"])
    story = job["story"]
    analysis = Analysis.model_validate(client.get(f"/api/stories/{story}").json()["analysis"])
    assert any(g.attribution_drift for g in analysis.quote_groups)
    assert _correct(client, story, kind="merge_people", target="Priya Natarajan", value="Denise Okafor").status_code == 303
    data = client.get(f"/api/stories/{story}").json()
    assert not any(g["attribution_drift"] for g in data["analysis"]["quote_groups"])
    assert data["corrections"][0]["author"] == "Ed Itor" and data["corrections"][0]["created"]
    assert client.get("/api/quotes", params={"speaker": "Priya Natarajan"}).json()["total"] == 0  # the store's rows too
    assert json.loads(file.read_text())["corrections"][0]["kind"] == "merge_people"
    # Re-analysis applies it again.
    again = client.post(f"/api/stories/{story}/reanalyse").json()
    wait_job(client, again["id"])
    assert client.get("/api/quotes", params={"speaker": "Denise Okafor"}).json()["total"] == 2
    page = client.get(f"/stories/{story}")
    assert "Ed Itor" in page.text and "merge people" in page.text


def test_mark_checked_shows_who_checked(client: TestClient, analysed: dict[str, Any]) -> None:
    story = analysed["story"]
    page = client.get(f"/stories/{story}").text
    key = finding_key(
        "altered quote",
        "We will not gamble with anyone's safety. The bridge stays partly closed until the engineers tell us it is sound",
    )
    assert f'value="{key}"' in page
    assert _correct(client, story, kind="mark_checked", target=key).status_code == 303
    assert "✓ checked by Ed Itor" in client.get(f"/stories/{story}").text


def test_bad_corrections_are_refused(client: TestClient, analysed: dict[str, Any]) -> None:
    story = analysed["story"]
    assert _correct(client, story, kind="quote_kind", target="a:1:2", value="shouted").status_code == 400
    assert _correct(client, story, kind="fix_speaker", target="not-a-quote-ref", value="X").status_code == 400
    assert _correct(client, story, kind="teleport", target="x", value="y").status_code == 400
    api = client.post(
        f"/api/stories/{story}/corrections",
        json={"kind": "fix_outlet", "target": "01-valley-courier", "value": "Valley Courier Online"},
    )
    assert api.status_code == 201 and api.json()["author"] == "api"


@pytest.mark.model
def test_analyze_reads_the_corrections_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from corroborate.cli import app
    from tests.web.conftest import EXAMPLE

    file = tmp_path / "c.yaml"
    file.write_text("corrections:\n  - {kind: merge_people, target: Walter Haines, value: Priya Natarajan, author: test}\n")
    result = CliRunner().invoke(app, ["analyze", str(EXAMPLE), "--format", "json", "--corrections", str(file)])
    assert result.exit_code == 0, result.output
    speakers = {q["speaker"]["name"] for q in json.loads(result.stdout)["quotes"]}
    assert "Walter Haines" not in speakers and "Priya Natarajan" in speakers
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {kind: nope}\n")
    result = CliRunner().invoke(app, ["analyze", str(EXAMPLE), "--corrections", str(bad)])
    assert result.exit_code == 2 and "unknown correction kind" in result.output
