"""The citation graph as DOT: edges with counts, hostile names quoted."""

from __future__ import annotations

from corroborate.model import Analysis, Article, CitationEdge, Provenance
from corroborate.report.dot import render_dot


def test_edges_and_hostile_names_are_quoted() -> None:
    provenance = Provenance(tool_version="0", model=None, model_version=None, settings={}, inputs=(), created="2026-01-01")
    articles = (
        Article(id="a", source="a", outlet='Evil "News"\\\n]; x -> y', title=None, published=None, language="en", text=""),
        Article(id="b", source="b", outlet=None, title=None, published=None, language="en", text=""),
    )
    edges = (CitationEdge(source='Evil "News"\\\n]; x -> y', cites="Fox News", count=2),)
    dot = render_dot(Analysis(provenance=provenance, articles=articles, citation_graph=edges))
    assert dot.startswith("digraph citations {") and dot.endswith("}\n")
    assert '"Evil \\"News\\"\\\\ ]; x -> y" -> "Fox News" [label="2"];' in dot
    assert '"b (outlet unknown)";' in dot
    assert sum(line.endswith("];") and "[label=" in line for line in dot.splitlines()) == 1  # one edge
