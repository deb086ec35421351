"""Text for readers without scripts or frames is not article text (issue 18, item 7)."""

from __future__ import annotations

import time

import pytest

from corroborate.ingest.readers import extract_html, without_fallbacks

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


def test_ten_thousand_unclosed_noscript_tags_take_linear_time() -> None:
    html = page(LEDE + "<noscript>x" * 10_000)
    started = time.perf_counter()
    assert without_fallbacks(html) == page(LEDE)[: -len("</body></html>")]
    assert time.perf_counter() - started < 1.0
