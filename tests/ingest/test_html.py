""".html/.htm articles through trafilatura: text, title, author, outlet, date, URL."""

from __future__ import annotations

import pytest

from corroborate.errors import EmptyInputError
from tests.ingest.helpers import codes, load, only_article, write

TITLE = "Ferry dock closes for the winter season"
PARAS = [
    "The ferry dock on Pine Street closed on Monday after inspectors found rot in three of the wooden pilings "
    "that hold up the landing, the harbour master said in a statement released that evening.",
    "The dock handles roughly two thousand passengers a day between the island and the mainland, and the "
    "closure left commuters waiting for more than an hour at the north landing during the morning rush.",
    "Engineers expect to finish a full assessment of the pilings by the end of next week, according to the "
    "port authority, which said smaller boats could still use the temporary pier beside the old warehouse.",
]


def page(head: str = "", paras: list[str] = PARAS, title: str = TITLE) -> str:
    body = "\n".join(f"<p>{p}</p>" for p in paras)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
{head}
</head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<article><h1>{title}</h1>
{body}
</article>
<footer><p>Contact us</p></footer>
</body></html>
"""


FULL_HEAD = """<meta property="og:site_name" content="FOX31 Denver">
<meta name="author" content="Pat Quill">
<meta property="article:published_time" content="2026-11-12T09:30:00-05:00">
<link rel="canonical" href="https://kdvr.com/news/ferry-dock-closes/">"""


@pytest.fixture
def html_article(tmp_path, registry):
    return only_article(load([write(tmp_path / "ferry-dock.html", page(FULL_HEAD))], registry))


def test_html_text_holds_the_paragraphs_separated_by_blank_lines(html_article):
    text = html_article.text
    assert "\n\n".join(PARAS) in text
    assert "Contact us" not in text
    assert "\n\n\n" not in text


def test_html_text_paragraphs_are_zones(html_article):
    spans = [html_article.text[z.start : z.end] for z in html_article.zones]
    for para in PARAS:
        assert para in spans


def test_html_title_author_url(html_article):
    assert html_article.title == TITLE
    assert html_article.author == "Pat Quill"
    assert html_article.url == "https://kdvr.com/news/ferry-dock-closes/"
    assert html_article.id == "ferry-dock"


def test_html_headline_zone_matches_title(html_article):
    first = html_article.zones[0]
    assert first.kind == "headline"
    assert html_article.text[first.start : first.end] == TITLE


def test_html_outlet_from_the_url_registry_domain_before_the_site_name(html_article):
    assert html_article.outlet == "KDVR"
    assert html_article.outlet_from == "domain"  # kdvr.com is in the registry: the URL decides first


def test_html_published_date(html_article):
    assert html_article.published is not None
    assert html_article.published.startswith("2026-11-12")
    assert html_article.published_as_given.startswith("2026-11-12")
    assert html_article.published_from == "html_metadata"


def test_html_english_and_no_warnings(tmp_path, registry):
    result = load([write(tmp_path / "ferry-dock.html", page(FULL_HEAD))], registry)
    assert only_article(result).language == "en"
    assert codes(result) == []


def test_htm_suffix_is_html(tmp_path, registry):
    article = only_article(load([write(tmp_path / "dock.HTM", page(FULL_HEAD))], registry))
    assert "<p>" not in article.text
    assert PARAS[0] in article.text


def test_html_unknown_site_name_kept_as_given(tmp_path, registry):
    head = '<meta property="og:site_name" content="Island Gazette">'
    article = only_article(load([write(tmp_path / "g.html", page(head))], registry))
    assert article.outlet == "Island Gazette"
    assert article.outlet_from == "metadata"


def test_html_text_is_unescaped(tmp_path, registry):
    paras = [p.replace("harbour master", "harbour master &amp; crew") for p in PARAS]
    article = only_article(load([write(tmp_path / "amp.html", page(paras=paras))], registry))
    assert "harbour master & crew" in article.text
    assert "&amp;" not in article.text


def test_html_without_site_name_gets_outlet_from_canonical_domain(tmp_path, registry):
    head = '<link rel="canonical" href="https://kdvr.com/news/ferry-dock-closes/">'
    article = only_article(load([write(tmp_path / "nosite.html", page(head))], registry))
    assert (article.outlet, article.outlet_from) == ("KDVR", "domain")


@pytest.mark.parametrize(
    "html",
    [
        "<html><head><title>Nothing here</title></head><body></body></html>",
        "<!DOCTYPE html><html><body><script>var a = 1;</script></body></html>",
    ],
)
def test_html_without_text_is_empty_input(tmp_path, registry, good_file, html):
    bad = write(tmp_path / "blank.html", html)
    result = load([bad, good_file], registry)
    [error] = result.errors
    assert isinstance(error, EmptyInputError)
    assert error.source == str(bad)
    assert [a.id for a in result.articles] == ["good-one"]


def test_empty_html_file_is_empty_input(tmp_path, registry, good_file):
    bad = write(tmp_path / "zero.html", b"")
    result = load([bad, good_file], registry)
    assert [type(e) for e in result.errors] == [EmptyInputError]
    assert len(result.articles) == 1
