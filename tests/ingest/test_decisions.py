"""Choices made for newsroom use: syndicated copies kept, page timestamps kept, boilerplate refused."""

from __future__ import annotations

import pytest

from corroborate.errors import EmptyInputError
from corroborate.ingest.readers import extract_html, published_in_html
from tests.ingest.helpers import GOOD_TEXT, codes, load, write

PARAGRAPHS = "".join(
    f"<p>{sentence}</p>"
    for sentence in (
        "The county ferry stopped running on Tuesday after a pump failed in the engine room.",
        "Crews from the harbour office worked through the night to replace the failed part.",
        "Commuters were told to use the bridge at Dover Falls until the ferry returns to service.",
    )
)


def page(head: str) -> str:
    return f"<html><head><title>Ferry stops</title>{head}</head><body><article>{PARAGRAPHS}</article></body></html>"


def test_same_text_from_two_outlets_is_kept_twice_as_syndicated_copy(tmp_path, registry):
    one = write(tmp_path / "a.txt", f"---\noutlet: Reuters\n---\n{GOOD_TEXT}")
    two = write(tmp_path / "b.txt", f"---\noutlet: CNN\n---\n{GOOD_TEXT}")
    result = load([one, two], registry)
    assert [a.outlet for a in result.articles] == ["Reuters", "CNN"]
    assert codes(result) == ["same_text"]


def test_same_text_same_outlet_is_one_article(tmp_path, registry):
    one = write(tmp_path / "a.txt", f"---\noutlet: Reuters\n---\n{GOOD_TEXT}")
    two = write(tmp_path / "b.txt", f"---\noutlet: Reuters\n---\n{GOOD_TEXT}")
    result = load([one, two], registry)
    assert [a.id for a in result.articles] == ["a"]
    assert codes(result) == ["duplicate"]


@pytest.mark.parametrize(
    "head",
    [
        '<meta property="article:published_time" content="2026-11-12T09:30:00-05:00">',
        '<meta content="2026-11-12T09:30:00-05:00" property="article:published_time">',
        '<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2026-11-12T09:30:00-05:00"}</script>',
    ],
)
def test_html_keeps_the_full_publication_timestamp(tmp_path, registry, head):
    assert published_in_html(page(head)) == "2026-11-12T09:30:00-05:00"
    [article] = load([write(tmp_path / "p.html", page(head))], registry).articles
    assert article.published == "2026-11-12T09:30:00-05:00"


def test_html_meta_description_does_not_make_the_lede_a_standfirst(tmp_path, registry):
    description = "The county ferry stopped running on Tuesday after a pump failed in the engine room."
    head = f'<meta name="description" content="{description}">'
    [article] = load([write(tmp_path / "p.html", page(head))], registry).articles
    assert "standfirst" not in {z.kind for z in article.zones}


def test_navigation_only_page_is_empty():
    html = "<html><head><title>Home</title></head><body><nav><a href='/'>Home</a></nav><p>Home</p></body></html>"
    with pytest.raises(EmptyInputError):
        extract_html(html, "nav.html")
