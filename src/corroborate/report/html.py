"""The self-contained HTML report: one file, inline CSS and JS, nothing loaded from anywhere.

Every piece of article-derived text (titles, outlet names, URLs, article text) is
untrusted: the template is rendered by jinja2 with autoescape on, the article
bodies are built here from `markupsafe.escape`d pieces and tags whose only
attribute values are our own generated ids, and the data the page's script reads
is JSON with `<`, `>` and `&` written as `\\u003c`, `\\u003e`, `\\u0026`. A
Content-Security-Policy meta tag allows only the page's own style and script
(by SHA-256 hash), no remote load of any kind, and (having no 'unsafe-inline')
no inline event handler; the page has none: its script attaches handlers.
Links are `#fragment` links to spans in the page, or http(s) article URLs opened
with `rel="noopener noreferrer"`; any other scheme is shown as plain text.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from corroborate.model import Analysis, Article, CitationEdge
from corroborate.report import sections
from corroborate.report.labels import speaker_label, status_label
from corroborate.report.safe import has_invisible, visible_controls
from corroborate.report.sections import outlet_of

_SAFE_URL = re.compile(r"^https?://[^\s<>\"'`]+$", re.I)
_TEMPLATES = "templates"


def safe_url(url: str | None) -> str | None:
    """The URL when it is an http(s) URL fit to link to, else None (show it as text)."""
    if url and _SAFE_URL.match(url.strip()):
        return url.strip()
    return None


def json_for_script(data: Any) -> Markup:
    """JSON that can sit inside a <script> element: no `<`, `>` or `&` in it can close or open a tag."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return Markup(text)


def csp_hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode("ascii") + "'"


@lru_cache(maxsize=1)
def _assets() -> tuple[str, str]:
    folder = resources.files("corroborate.report") / _TEMPLATES
    return (folder / "report.css").read_text(encoding="utf-8"), (folder / "report.js").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("corroborate.report", _TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["status_label"] = status_label
    return env


# Anchors: every span a finding can point at gets a generated id ("s12"), never one from input.


@dataclass
class Anchors:
    """Generated element ids for spans in the articles, and the label the page shows for each."""

    lengths: dict[str, int]
    ids: dict[tuple[str, ...], str] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    spans: dict[str, list[tuple[int, int, str, str]]] = field(default_factory=dict)  # article → (start, end, id, kind)

    def add(self, key: tuple[str, ...], article: str, start: int, end: int, kind: str, label: str) -> str | None:
        if key in self.ids:
            return self.ids[key]
        length = self.lengths.get(article)
        if length is None or not (0 <= start < end <= length):
            return None
        anchor = f"s{len(self.ids) + 1}"
        self.ids[key] = anchor
        self.labels[anchor] = label
        self.spans.setdefault(article, []).append((start, end, anchor, kind))
        return anchor

    def href(self, *key: str) -> str | None:
        anchor = self.ids.get(tuple(key))
        return f"#{anchor}" if anchor else None


def _collect_anchors(analysis: Analysis) -> Anchors:
    anchors = Anchors({a.id: len(a.text) for a in analysis.articles})
    outlets = {a.id: outlet_of(a) for a in analysis.articles}
    names = sections.entity_names(analysis)
    quotes = {q.id: q for q in analysis.quotes}
    for quote in analysis.quotes:
        who = speaker_label(quote, names)
        label = f"{quote.kind} quote by {who} in {outlets.get(quote.article, quote.article)}"
        anchors.add(("q", quote.id), quote.article, quote.start, quote.end, "quote", label)
    for group in analysis.quote_groups:
        for member in group.members:
            grouped = quotes.get(member.quote)
            if grouped is not None:
                label = f"quote group {group.id}: {outlets.get(grouped.article, grouped.article)}"
                anchors.add(("m", group.id, grouped.id), grouped.article, member.start, member.end, "member", label)
    for claim in analysis.claims:
        anchors.add(("c", claim.id), claim.article, claim.start, claim.end, "claim", f"claim in {outlets.get(claim.article)}")
        for index, date in enumerate(claim.dates):
            label = f"date {date.value or date.text} in {outlets.get(claim.article)}"
            anchors.add(("d", claim.id, str(index)), claim.article, date.start, date.end, "date", label)
    for index, citation in enumerate(analysis.citations):
        label = f"citation of {citation.cites} in {outlets.get(citation.article, citation.article)}"
        anchors.add(("x", str(index)), citation.article, citation.start, citation.end, "citation", label)
    return anchors


def wrap_article(text: str, spans: Sequence[tuple[int, int, str, str]]) -> Markup:
    """The article text, escaped, with every span wrapped in an element carrying its anchor id.

    Spans may nest or cross; a span that crosses another's end is split, its first piece
    carrying the id and the rest `data-part` naming it (the script highlights all pieces)."""
    starts: dict[int, list[tuple[int, int, str, str]]] = {}
    for span in spans:
        starts.setdefault(span[0], []).append(span)
    points = sorted({0, len(text)} | {s[0] for s in spans} | {s[1] for s in spans})
    order = {"claim": 0, "quote": 1, "member": 2, "citation": 3, "date": 4}
    stack: list[tuple[int, int, str, str]] = []
    opened: set[str] = set()
    out: list[str] = []
    for index, point in enumerate(points):
        reopen: list[tuple[int, int, str, str]] = []
        ending = [i for i, s in enumerate(stack) if s[1] <= point]
        if ending:
            cut = ending[0]
            popped = stack[cut:]
            del stack[cut:]
            out.append("</span>" * len(popped))
            reopen = [s for s in popped if s[1] > point]
        for span in sorted(reopen + starts.get(point, []), key=lambda s: (-s[1], order.get(s[3], 9))):
            _start, _end, anchor, kind = span
            if anchor in opened:
                out.append(f'<span class="sp k-{kind}" data-part="{anchor}">')
            else:
                out.append(f'<span class="sp k-{kind}" id="{anchor}" tabindex="-1">')
                opened.add(anchor)
            stack.append(span)
        if index + 1 < len(points):
            out.append(str(escape(text[point : points[index + 1]])))
    out.append("</span>" * len(stack))
    return Markup("".join(out))


# The citation graph as SVG, laid out on a circle.


@dataclass(frozen=True)
class GraphNode:
    name: str
    x: float
    y: float
    anchor: str  # text-anchor for the label


@dataclass(frozen=True)
class GraphEdge:
    source: str
    target: str
    count: int
    x1: float
    y1: float
    x2: float
    y2: float
    lx: float
    ly: float


@dataclass(frozen=True)
class Graph:
    width: int
    height: int
    nodes: tuple[GraphNode, ...]
    edges: tuple[GraphEdge, ...]


def citation_graph(edges: Sequence[CitationEdge], width: int = 640, height: int = 360) -> Graph | None:
    if not edges:
        return None
    names = list(dict.fromkeys([n for e in edges for n in (e.source, e.cites)]))
    cx, cy, radius = width / 2, height / 2, min(width, height) / 2 - 60
    nodes: dict[str, GraphNode] = {}
    for index, name in enumerate(names):
        angle = -math.pi / 2 + 2 * math.pi * index / len(names)
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        anchor = "middle" if abs(x - cx) < 1 else ("start" if x > cx else "end")
        nodes[name] = GraphNode(name, round(x, 1), round(y, 1), anchor)
    pairs = {(e.source, e.cites) for e in edges}
    drawn = []
    for edge in edges:
        a, b = nodes[edge.source], nodes[edge.cites]
        dx, dy = b.x - a.x, b.y - a.y
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        # Both directions present: offset each line to its own side.
        shift = 5.0 if (edge.cites, edge.source) in pairs else 0.0
        ox, oy = -uy * shift, ux * shift
        x1, y1 = a.x + ux * 14 + ox, a.y + uy * 14 + oy
        x2, y2 = b.x - ux * 18 + ox, b.y - uy * 18 + oy
        drawn.append(
            GraphEdge(
                edge.source,
                edge.cites,
                edge.count,
                round(x1, 1),
                round(y1, 1),
                round(x2, 1),
                round(y2, 1),
                round((x1 + x2) / 2 + ox * 2, 1),
                round((y1 + y2) / 2 + oy * 2, 1),
            )
        )
    return Graph(width, height, tuple(nodes.values()), tuple(drawn))


# Rendering.


def _article_view(article: Article, anchors: Anchors, index: int) -> dict[str, Any]:
    return {
        "article": article,
        "dom_id": f"a{index + 1}",
        "outlet": outlet_of(article),
        "url": safe_url(article.url),
        "url_text": article.url,
        "body": wrap_article(article.text, anchors.spans.get(article.id, [])),
    }


def _url_warnings(analysis: Analysis) -> list[dict[str, str]]:
    notes = []
    for article in analysis.articles:
        if article.url and safe_url(article.url) is None:
            notes.append(
                {"source": article.source, "code": "bad_url", "message": "URL shown as text, not linked: only http(s) is linked"}
            )
    return notes


def neutralised(analysis: Analysis) -> Analysis:
    """The analysis with control and bidi characters in every text made visible, one
    character for one (offsets hold), as the terminal view shows them."""
    document = analysis.model_dump(mode="json", by_alias=True)
    changed = [False]
    visible = _visible(document, changed)
    return Analysis.model_validate(visible) if changed[0] else analysis


def _visible(value: Any, changed: list[bool]) -> Any:
    if isinstance(value, str):
        if has_invisible(value):
            changed[0] = True
            return visible_controls(value)
        return value
    if isinstance(value, list):
        return [_visible(v, changed) for v in value]
    if isinstance(value, dict):
        return {k: _visible(v, changed) for k, v in value.items()}
    return value


def render_html(analysis: Analysis) -> str:
    """The whole report as one HTML document (a str), safe to open from disk."""
    analysis = neutralised(analysis)
    css, js = _assets()
    anchors = _collect_anchors(analysis)
    outlets, rows = sections.claim_matrix(analysis)
    edges = sections.citation_edges(analysis)
    articles = {a.id: a for a in analysis.articles}
    context = {
        "header": sections.story_header(analysis),
        "findings": sections.all_findings(analysis),
        "speakers": sections.who_said_what(analysis),
        "groups": sections.quote_group_views(analysis),
        "matrix_outlets": outlets,
        "shared_rows": [r for r in rows if r.shared],
        "single_rows": [r for r in rows if not r.shared],
        "citations": analysis.citations,
        "edges": edges,
        "graph": citation_graph(edges),
        "timeline": sections.timeline_by_date(sections.timeline(analysis)),
        "articles": [_article_view(a, anchors, i) for i, a in enumerate(analysis.articles)],
        "article_dom": {a.id: f"a{i + 1}" for i, a in enumerate(analysis.articles)},
        "article_outlet": {a.id: outlet_of(a) for a in articles.values()},
        "names": sections.entity_names(analysis),
        "warnings": [w.model_dump() for w in analysis.warnings] + _url_warnings(analysis),
        "href": anchors.href,
        "provenance": analysis.provenance,
        "css": Markup(css),
        "js": Markup(js),
        "data_json": json_for_script({"labels": anchors.labels}),
        "csp": (
            f"default-src 'none'; style-src {csp_hash(css)}; script-src {csp_hash(js)}; img-src data:; "
            "font-src 'none'; connect-src 'none'; media-src 'none'; object-src 'none'; frame-src 'none'; "
            "base-uri 'none'; form-action 'none'"
        ),
    }
    return _environment().get_template("report.html.j2").render(**context)


__all__ = ["csp_hash", "json_for_script", "render_html", "safe_url", "wrap_article"]
