"""The citation graph as Graphviz DOT (`--format dot`): outlets as nodes, who cites
whom as edges labelled with the count. Names are untrusted text: every label is a
quoted DOT string with backslashes, quotes and line breaks escaped."""

from __future__ import annotations

from corroborate.model import Analysis


def _quoted(text: str) -> str:
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)[:120]
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_dot(analysis: Analysis) -> str:
    nodes = sorted({a.outlet or f"{a.id} (outlet unknown)" for a in analysis.articles})
    nodes += sorted({e.cites for e in analysis.citation_graph} - set(nodes))
    lines = ["digraph citations {", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica"];']
    lines += [f"  {_quoted(name)};" for name in nodes]
    lines += [f"  {_quoted(e.source)} -> {_quoted(e.cites)} [label={_quoted(str(e.count))}];" for e in analysis.citation_graph]
    lines.append("}")
    return "\n".join(lines) + "\n"
