"""Markdown carries every section of the HTML report that has data, in the same order."""

from __future__ import annotations

import re

import pytest

from corroborate.model import Analysis
from corroborate.report.markdown import render_markdown
from tests.report.builders import hand_made

ORDER = ("## Key findings", "## Who said what", "## Quote groups", "## Claims", "## Citations", "## Timeline", "## Articles")


def sections(markdown: str) -> dict[str, str]:
    parts = re.split(r"^(## .+)$", markdown, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def test_every_section_in_order_with_its_data() -> None:
    markdown = render_markdown(hand_made())
    positions = [markdown.index(heading) for heading in ORDER]
    assert positions == sorted(positions)
    found = sections(markdown)
    assert "**attribution drift**" in found["## Key findings"] and "**conflicting claim**" in found["## Key findings"]
    assert "40,000 cars vs 55,000 cars" in found["## Key findings"]
    assert "| Ann Lee | One News | Mayor |" in found["## Who said what"]
    assert "**anyone's**" in found["## Quote groups"] and "**people's**" in found["## Quote groups"]
    assert "✗ conflicting" in found["## Claims"]
    assert "| One News | The Post | 1 |" in found["## Citations"] and "(self)" in found["## Citations"]
    assert "| 2026-01-05 | One News | Monday |" in found["## Timeline"]
    assert "### One News: Bridge news" in found["## Articles"]


def test_empty_citations_say_so() -> None:
    assert "No citations found." in sections(render_markdown(hand_made(citations=False)))["## Citations"]


def test_hostile_text_is_literal_in_markdown() -> None:
    markdown = render_markdown(hand_made(hostile=True, url="javascript:alert(1)"))
    assert not re.search(r"(?<!\\)<", markdown), "a < that Markdown would read as HTML"
    assert "\\<script\\>" in markdown
    assert "](javascript" not in markdown


@pytest.mark.model
def test_example_markdown_has_every_section(example_analysis_for_reports: Analysis) -> None:
    markdown = render_markdown(example_analysis_for_reports)
    found = sections(markdown)
    for heading in ORDER:
        assert heading in found, heading
    assert "Story: **" in markdown
    assert "Priya Natarajan" in found["## Key findings"] and "Walter Haines" in found["## Key findings"]
    assert "**anyone's**" in found["## Quote groups"]
    assert "✓ carried" in found["## Claims"]
    assert "No citations found." in found["## Citations"] or "| outlet | cites |" in found["## Citations"]
    assert re.search(r"^\| 2026-11-\d\d \|", found["## Timeline"], re.M)
    assert "| Denise Okafor |" in found["## Articles"]


@pytest.mark.model
def test_payload_story_is_literal_in_markdown(payload_analysis: Analysis) -> None:
    markdown = render_markdown(payload_analysis)
    assert not re.search(r"(?<!\\)[<>]", markdown), "a < or > that Markdown would read as HTML"
    assert "\\</textarea\\>\\<script\\>" in markdown
    assert "](javascript" not in markdown
