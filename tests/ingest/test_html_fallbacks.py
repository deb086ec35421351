"""Text for readers without scripts or frames is not article text (issue 18, item 7)."""

from __future__ import annotations

import pytest

import corroborate.ingest.readers as readers
from corroborate.ingest.readers import extract_html, without_fallbacks
from tests.work import CountingPattern

LEDE = "<p>The council met on Monday and voted to rebuild the old bridge over the river, the mayor said.</p>"


def page(body: str) -> str:
    return f"<html><head><title>Bridge vote</title></head><body>{body}</body></html>"


@pytest.mark.parametrize(
    "fallback",
    [
        "<noscript>Please enable JavaScript to view the comments powered by Disqus and read more.</noscript>",
        "<NOSCRIPT><div>Please enable JavaScript to view the comments powered by Disqus.</div></NOSCRIPT>",
        '<iframe src="https://video.example/1">Your browser does not support iframes, so this fallback shows.</iframe>',
        '<object data="map.swf">Install the plugin to see the interactive map of the river crossings.</object>',
    ],
    ids=["noscript", "noscript-upper", "iframe", "object"],
)
def test_a_fallback_beside_a_short_article_is_not_article_text(fallback: str) -> None:
    text, _, _ = extract_html(page(LEDE + fallback), "page.html")
    assert text == "The council met on Monday and voted to rebuild the old bridge over the river, the mayor said."


def test_text_after_a_fallback_is_kept() -> None:
    html = page(LEDE + "<noscript>Enable JavaScript.</noscript><p>Work starts in April, the engineer added today.</p>")
    text, _, _ = extract_html(html, "page.html")
    assert "Enable JavaScript" not in text and "Work starts in April" in text


def test_a_page_without_fallbacks_is_passed_unchanged() -> None:
    html = page(LEDE)
    assert without_fallbacks(html) is html


@pytest.mark.parametrize("closed", [False, True], ids=["unclosed", "closed"])
def test_ten_thousand_noscript_tags_are_read_in_a_few_passes(monkeypatch: pytest.MonkeyPatch, closed: bool) -> None:
    # Counted as characters the patterns are asked to scan: a search for the closing tag
    # from every opening one would scan the rest of the page 10,000 times.
    scanned = [0]
    monkeypatch.setattr(readers, "_FALLBACK_OPEN", CountingPattern(readers._FALLBACK_OPEN, scanned))
    closers = {name: CountingPattern(pattern, scanned) for name, pattern in readers._FALLBACK_CLOSE.items()}
    monkeypatch.setattr(readers, "_FALLBACK_CLOSE", closers)
    html = page(LEDE + ("<noscript>x</noscript>y" if closed else "<noscript>x") * 10_000)
    expected = page(LEDE + "y" * 10_000) if closed else page(LEDE)[: -len("</body></html>")]
    assert without_fallbacks(html) == expected
    assert scanned[0] <= 4 * len(html)


def test_an_iframe_tag_inside_an_ad_scripts_string_opens_no_element() -> None:
    # An ad script naming "<iframe id='ads'>" in a string, its "</iframe>" in another
    # script far below: the article between them is the page's, not a fallback.
    html = page(
        "<script>var slots = [\"<iframe id='ads'>\"];</script>"
        + LEDE
        + "<p>Work starts in April, the engineer added today.</p>"
        + "<!-- <noscript> -->"
        + '<iframe src="https://video.example/1">Your browser does not support iframes.</iframe>'
        + "<script>var end = '</iframe>';</script>"
    )
    text, _, _ = extract_html(html, "page.html")
    assert "Work starts in April" in text and "The council met on Monday" in text
    assert "does not support iframes" not in text


def test_ten_thousand_scripts_naming_an_iframe_are_read_in_a_few_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    scanned = [0]
    monkeypatch.setattr(readers, "_FALLBACK_OPEN", CountingPattern(readers._FALLBACK_OPEN, scanned))
    monkeypatch.setattr(readers, "_OPAQUE_OPEN", CountingPattern(readers._OPAQUE_OPEN, scanned))
    closers = {name: CountingPattern(pattern, scanned) for name, pattern in readers._FALLBACK_CLOSE.items()}
    monkeypatch.setattr(readers, "_FALLBACK_CLOSE", closers)
    opaque = {name: CountingPattern(pattern, scanned) for name, pattern in readers._OPAQUE_CLOSE.items()}
    monkeypatch.setattr(readers, "_OPAQUE_CLOSE", opaque)
    html = page(LEDE + "<script>x = '<iframe>';</script>y" * 10_000 + "<iframe>z</iframe>")
    assert without_fallbacks(html) == page(LEDE + "<script>x = '<iframe>';</script>y" * 10_000)
    assert scanned[0] <= 6 * len(html)
