"""Drift the assessment is unsure of is shown as "check attribution", never as drift."""

from __future__ import annotations

from rich.console import Console

from corroborate.model import Analysis, DriftEvidence
from corroborate.report.findings import key_findings
from corroborate.report.html import render_html
from corroborate.report.markdown import render_markdown
from corroborate.report.terminal import print_table
from tests.report.builders import hand_made

NOTE = "Bo Ray is credited through the pronoun “he”"


def _unsure() -> Analysis:
    analysis = hand_made()
    [group] = analysis.quote_groups
    evidence = tuple(
        DriftEvidence(quote=q.id, entity=q.speaker.entity or "", name=q.speaker.name or "", confidence=0.45)
        for q in analysis.quotes
        if q.id in group.quotes
    )
    unsure = group.model_copy(
        update={
            "attribution_drift": False,
            "drift_check": True,
            "drift_confidence": 0.45,
            "drift_evidence": evidence,
            "drift_note": NOTE,
        }
    )
    return analysis.model_copy(update={"quote_groups": (unsure,)})


def test_an_unsure_drift_is_a_check_with_its_reason_not_a_drift_finding() -> None:
    kinds = {f.kind: f for f in key_findings(_unsure())}
    assert "attribution drift" not in kinds
    check = kinds["check attribution"]
    assert NOTE in check.note and "confidence 0.45" in check.note and "Ann Lee vs Bo Ray" in check.note
    assert "altered quote" in kinds  # the altered words are still a finding


def test_every_view_shows_the_check() -> None:
    analysis = _unsure()
    markdown = render_markdown(analysis)
    assert "**check attribution**" in markdown and "**attribution drift**" not in markdown and NOTE in markdown
    document = render_html(analysis)
    assert "check attribution" in document and "attribution drift</span>" not in document
    console = Console(record=True, width=160)
    print_table(analysis, console)
    text = " ".join(console.export_text().split())
    assert "check" in text and "pronoun" in text
