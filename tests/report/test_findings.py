"""The example story's deliberate differences come out as key findings, first in every view."""

from __future__ import annotations

import pytest

from corroborate.analysis import analyze_paths
from corroborate.report.findings import key_findings
from corroborate.report.markdown import render_markdown
from corroborate.settings import Settings
from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def example_analysis():
    return analyze_paths([str(EXAMPLE)], Settings(outlet_files=(EXAMPLE_OUTLETS,))).analysis


def test_words_credited_to_two_people_are_flagged_as_drift(example_analysis) -> None:
    drift = [f for f in key_findings(example_analysis) if f.kind == "attribution drift"]
    assert drift, "the spokeswoman's words credited to the commissioner are not flagged"
    credited = {v.speaker for v in drift[0].variants}
    assert {"Priya Natarajan", "Walter Haines"} <= credited
    assert {v.outlet for v in drift[0].variants} == {"KMBK News", "Riverside Ledger"}


def test_the_mayors_altered_quote_names_the_changed_words(example_analysis) -> None:
    altered = [f for f in key_findings(example_analysis) if f.kind == "altered quote"]
    changed = [f.changed for f in altered]
    assert (("anyone's",), ("people's",)) in changed


def test_findings_come_before_who_said_what_in_markdown(example_analysis) -> None:
    markdown = render_markdown(example_analysis)
    assert markdown.index("## Key findings") < markdown.index("## Who said what")
    assert "**attribution drift**" in markdown and "**altered quote**" in markdown


def test_the_conflicting_traffic_counts_make_a_conflicting_claim_group(example_analysis) -> None:
    conflicting = [g for g in example_analysis.claim_groups if g.status == "conflicting"]
    texts = {(c["a_text"], c["b_text"]) for g in conflicting for c in g.conflicts}
    assert ("about 40,000 vehicles", "more than 55,000 vehicles") in texts


def test_every_claim_points_at_its_words(example_analysis) -> None:
    articles = {a.id: a.text for a in example_analysis.articles}
    for claim in example_analysis.claims:
        assert articles[claim.article][claim.start : claim.end] == claim.text
        for quantity in claim.quantities:
            assert articles[claim.article][quantity.start : quantity.end] == quantity.text
        for date in claim.dates:
            assert articles[claim.article][date.start : date.end] == date.text


def test_the_example_citations_resolve_aliases_and_mark_self_references(example_analysis) -> None:
    found = {(c.article, c.cites, c.is_self) for c in example_analysis.citations if c.rule != "citation.medium"}
    assert ("03-riverside-ledger", "KMBK News", False) in found  # "Channel 7 reported"
    assert ("04-metro-daily", "KMBK News", False) in found  # "according to KMBK"
    assert ("04-metro-daily", "Riverside Ledger", False) in found
    assert ("02-kmbk-news", "KMBK News", True) in found  # "told Channel 7" in its own article
    assert ("01-valley-courier", "Valley Courier", True) in found
    edges = {(e.source, e.cites) for e in example_analysis.citation_graph}
    assert ("Riverside Ledger", "KMBK News") in edges
    assert not any(source == cites for source, cites in edges)
