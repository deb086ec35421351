"""The HTML report: escaping, the Content-Security-Policy, links to spans, sections, size.

The structural checks parse the page with the standard library's HTMLParser: what a
browser would see as tags and attributes, not what the text merely mentions.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from corroborate.model import Analysis
from corroborate.report.html import csp_hash, json_for_script, render_html, safe_url, wrap_article
from corroborate.report.sections import citation_edges
from tests.conftest import EXAMPLE
from tests.report.builders import HOSTILE, hand_made

SECTIONS = ("findings", "speakers", "groups", "claims", "citations", "timeline", "articles")


class Page(HTMLParser):
    """Tags, attributes, ids and the text of <style>/<script> elements of one page."""

    def __init__(self, document: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: set[str] = set()
        self.raw: dict[str, list[str]] = {"style": [], "script": []}
        self._in: str | None = None
        self.feed(document)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if attributes.get("id"):
            self.ids.add(str(attributes["id"]))
        if tag in self.raw:
            self._in = tag
            self.raw[tag].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in:
            self.raw[self._in][-1] += data

    def attributes(self, name: str) -> list[str]:
        return [str(a[name]) for _tag, a in self.tags if a.get(name) is not None]


def assert_safe_page(document: str) -> Page:
    page = Page(document)
    handlers = [(tag, name) for tag, attrs in page.tags for name in attrs if name.lower().startswith("on")]
    assert handlers == [], f"event-handler attributes in the page: {handlers}"
    scripts = [attrs for tag, attrs in page.tags if tag == "script"]
    assert len(scripts) == 2, scripts
    assert scripts[0] == {"type": "application/json", "id": "corroborate-data"} and scripts[1] == {}
    assert not [tag for tag, attrs in page.tags if "src" in attrs or tag in ("img", "iframe", "object", "embed", "base", "form")]
    links = [attrs for tag, attrs in page.tags if tag == "link"]
    assert links == [{"rel": "icon", "href": "data:,"}]
    for tag, attrs in page.tags:
        href = attrs.get("href")
        if tag != "a" or href is None:
            continue
        assert href.startswith("#") or re.match(r"^https?://", href), href
        if not href.startswith("#"):
            assert {"noopener", "noreferrer"} <= set(str(attrs.get("rel")).split())
        elif re.fullmatch(r"#s\d+", href):
            assert href[1:] in page.ids, f"link {href} points at nothing"
    (meta,) = [a for tag, a in page.tags if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    policy = str(meta["content"])
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "default-src 'none'" in policy and "base-uri 'none'" in policy and "form-action 'none'" in policy
    (style,) = page.raw["style"]
    assert f"style-src {csp_hash(style)};" in policy
    assert f"script-src {csp_hash(page.raw['script'][1])};" in policy
    data = page.raw["script"][0]
    assert "<" not in data and ">" not in data and "&" not in data
    json.loads(data)
    return page


def test_json_for_script_cannot_close_the_script_element() -> None:
    text = json_for_script({"x": "</script><!-- & <b>"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(str(text)) == {"x": "</script><!-- & <b>"}


@pytest.mark.parametrize(
    ("url", "linked"),
    [
        ("https://a.example/x?y=1", True),
        ("HTTP://a.example", True),
        ("javascript:alert(1)", False),
        ("data:text/html,<script>", False),
        ("vbscript:x", False),
        ("//evil.example", False),
        ('https://a.example/"onmouseover="x', False),
        (None, False),
    ],
)
def test_only_http_urls_are_linked(url: str | None, linked: bool) -> None:
    assert (safe_url(url) is not None) is linked


def _strip(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_wrapped_article_keeps_the_text_and_nests_crossing_spans() -> None:
    text = "ab <c> de & fg hi"
    spans = [(0, 9, "s1", "claim"), (3, 6, "s2", "quote"), (7, 14, "s3", "quote"), (3, 6, "s4", "member")]
    markup = str(wrap_article(text, spans))
    assert _strip(markup) == text
    assert "<c>" not in markup and "&amp;" in markup
    # s3 crosses the end of s1: it is cut in two, its second piece names it.
    assert markup.count('id="s3"') == 1 and markup.count('data-part="s3"') == 1
    assert markup.count("<span") == markup.count("</span>")
    depth = 0
    for tag in re.findall(r"</?span", markup):
        depth += 1 if tag == "<span" else -1
        assert depth >= 0


def test_hand_made_report_has_every_section_and_only_safe_markup() -> None:
    page = assert_safe_page(render_html(hand_made()))
    assert set(SECTIONS) <= page.ids
    document = render_html(hand_made())
    assert "attribution drift" in document and "conflicting claim" in document
    assert '<mark class="chg">anyone' in document and '<mark class="chg">people' in document


def test_hostile_text_everywhere_renders_as_text() -> None:
    analysis = hand_made(hostile=True, url="javascript:window.__pwned=3")
    document = render_html(analysis)
    assert_safe_page(document)
    assert "<script>window.__pwned" not in document and "<img src=x" not in document
    assert html.escape(HOSTILE, quote=False) in document or "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in document
    assert 'href="javascript:' not in document
    assert "javascript:window.__pwned=3" in document  # shown as text
    assert "not linked" in document and "bad_url" in document


def test_citation_graph_is_drawn_from_outlet_edges_with_counts() -> None:
    analysis = hand_made()
    assert [(e.source, e.cites, e.count) for e in citation_edges(analysis)] == [
        ("One News", "The Post", 1),
        ("Two Times", "One News", 1),
    ]
    document = render_html(analysis)
    svg = document[document.index("<svg") : document.index("</svg>")]
    assert svg.count("<line") == 2 and svg.count("<circle") == 3
    assert ">One News</text>" in svg and ">The Post</text>" in svg
    assert "(self)" in document  # the self-citation is listed, not drawn


def test_no_citations_says_so() -> None:
    document = render_html(hand_made(citations=False))
    assert "No citations found" in document and "<svg" not in document


def test_links_point_at_the_exact_words() -> None:
    analysis = hand_made()
    document = render_html(analysis)
    page = Page(document)
    text = analysis.articles[0].text
    # The drift finding's first link leads to the member span holding exactly the quoted words.
    anchor = re.search(r'<a class="jump" href="#(s\d+)">“We will not gamble with anyone', document)
    assert anchor is not None
    element = re.search(rf'<span class="sp k-\w+" id="{anchor.group(1)}" tabindex="-1">(.*?)</span>', document)
    assert element is not None and _strip(element.group(1)) == "We will not gamble with anyone's safety,"
    assert anchor.group(1) in page.ids and text


@pytest.mark.model
def test_payload_fixture_renders_as_plain_text(payload_analysis: Analysis) -> None:
    document = render_html(payload_analysis)
    assert_safe_page(document)
    for raw in ("<script>window.__pwned", "<img src=x onerror", "</textarea><script>", "<svg onload", "</style><style>"):
        assert raw not in document, raw
    assert "&lt;/textarea&gt;&lt;script&gt;alert(" in document
    assert 'href="javascript:' not in document


@pytest.mark.model
def test_example_report_has_every_section_and_links_resolve(example_analysis_for_reports: Analysis) -> None:
    document = render_html(example_analysis_for_reports)
    page = assert_safe_page(document)
    assert set(SECTIONS) <= page.ids
    for words in ("Priya Natarajan", "Walter Haines", "anyone", "people", "40,000", "55,000", "according to KMBK"):
        assert words in document, words
    svg = document[document.index("<svg") : document.index("</svg>")]
    assert ">KMBK News</text>" in svg and ">Riverside Ledger</text>" in svg  # who cites whom, drawn
    hrefs = [h for h in page.attributes("href") if re.fullmatch(r"#s\d+", h)]
    assert len(hrefs) > 50
    assert len(document.encode()) < 300_000


_VARIATIONS = (
    ("Millbrook", "Millbrooke"),
    ("Ferris Street", "Ferris Avenue"),
    ("40,000", "41,000"),
    ("Tuesday", "Monday"),
    ("serious", "grave"),
    ("quickly", "fast"),
)


@pytest.mark.model
@pytest.mark.slow
def test_report_of_a_twenty_article_story_stays_under_two_megabytes(tmp_path: Path) -> None:
    from corroborate.analysis import analyze_paths

    sources = sorted(EXAMPLE.glob("*.txt"))
    for index in range(20):
        source = sources[index % len(sources)]
        old, new = _VARIATIONS[index % len(_VARIATIONS)]
        text = source.read_text(encoding="utf-8").replace(old, new)
        text = re.sub(r'^outlet: "([^"]*)"', rf'outlet: "\1 {index // len(sources) + 1}"', text, count=1, flags=re.M)
        text += f"\nThis is update number {index} of the story, the editors said on Friday.\n"
        (tmp_path / f"{index:02d}-{source.name}").write_text(text, encoding="utf-8")
    shutil.copy(sources[0], tmp_path / "20-copy.txt")  # a syndicated copy too
    analysis = analyze_paths([str(tmp_path)]).analysis
    assert len(analysis.articles) >= 20
    document = render_html(analysis)
    assert_safe_page(document)
    size = len(document.encode())
    print(f"report of {len(analysis.articles)} articles: {size:,} bytes")
    assert size < 2_000_000


@pytest.mark.model
def test_cli_writes_the_report_to_a_file_or_stdout(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from corroborate.cli import app
    from tests.conftest import EXAMPLE_OUTLETS

    target = tmp_path / "report.html"
    runner = CliRunner()
    args = ["analyze", str(EXAMPLE), "--outlets", str(EXAMPLE_OUTLETS), "--format", "html"]
    result = runner.invoke(app, [*args, "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    document = target.read_text(encoding="utf-8")
    assert document.startswith("<!DOCTYPE html>") and document.rstrip().endswith("</html>")
    assert_safe_page(document)
    printed = runner.invoke(app, args)
    assert printed.exit_code == 0 and printed.stdout.startswith("<!DOCTYPE html>")


def test_an_outlet_and_day_from_the_files_name_and_a_wire_credit_are_said_so() -> None:
    """A reader must see what the input did not state: the outlet and day read from a
    scraped file's name, and the wire whose report the article runs."""
    analysis = hand_made()
    first = analysis.articles[0].model_copy(
        update={"outlet_from": "file_name", "published": "2019-02-15", "published_from": "file_name", "credit": "Reuters"}
    )
    document = render_html(analysis.model_copy(update={"articles": (first, *analysis.articles[1:])}))
    assert_safe_page(document)
    assert document.count("(outlet from the file&#39;s name)") + document.count("(outlet from the file's name)") == 1
    assert "(date from the file" in document and "running a report of Reuters" in document
    assert "from the file" not in render_html(hand_made())
