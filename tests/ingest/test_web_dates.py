"""Publication dates of web pages: placeholders rejected, each timestamp read in its own zone,
and no date arithmetic ever costing an article its claims."""

from __future__ import annotations

import datetime as dt
import json

import spacy
from spacy.tokens import Span

from corroborate.ingest.dates import is_placeholder
from corroborate.ingest.readers import published_in_html
from corroborate.nlp.dates import find_dates
from tests.ingest.helpers import GOOD_TEXT, codes, load, only_article, write
from tests.ingest.test_html import page


def _json_ld(published: str) -> str:
    return f'<script type="application/ld+json">{{"@type": "NewsArticle", "datePublished": "{published}"}}</script>'


def test_placeholder_dates_are_placeholders():
    assert is_placeholder("0001-01-01T00:00:00+00:00")
    assert is_placeholder("1970-01-01")
    assert is_placeholder("1900-01-01")
    assert not is_placeholder("2019-11-18T19:30:00-05:00")
    assert not is_placeholder(None)


def test_html_datepublished_0001_01_01_is_rejected_with_a_warning(tmp_path, registry):
    head = _json_ld("0001-01-01T00:00:00Z") + '<meta name="date" content="2026-11-12">'
    result = load([write(tmp_path / "p.html", page(head))], registry)
    article = only_article(result)
    assert article.published == "2026-11-12"
    assert "bad_date" in codes(result)
    assert "0001-01-01" in next(w.message for w in result.warnings if w.code == "bad_date")


def test_html_datepublished_0001_01_01_alone_leaves_no_date(tmp_path, registry):
    result = load([write(tmp_path / "p.html", page(_json_ld("0001-01-01T00:00:00Z")))], registry)
    assert not (only_article(result).published or "").startswith("0001")
    assert "bad_date" in codes(result)


def test_record_date_0001_01_01_is_rejected_with_a_warning(tmp_path, registry):
    path = write(tmp_path / "r.json", json.dumps({"id": "r", "text": GOOD_TEXT, "published": "0001-01-01T00:00:00Z"}))
    result = load([path], registry)
    assert only_article(result).published is None
    assert codes(result) == ["bad_date"]


def test_evening_timestamp_keeps_its_own_zone_day(tmp_path, registry):
    head = '<meta property="article:published_time" content="2026-11-18T20:15:00-05:00">'
    article = only_article(load([write(tmp_path / "p.html", page(head))], registry))
    assert article.published == "2026-11-18T20:15:00-05:00"  # not 2026-11-19 UTC


def test_zoneless_timestamp_keeps_its_wall_clock_day(tmp_path, registry):
    head = '<meta property="article:published_time" content="2026-11-18T23:40:00">'
    article = only_article(load([write(tmp_path / "p.html", page(head))], registry))
    assert article.published == "2026-11-18T23:40:00"


def test_page_timestamp_on_another_day_than_the_page_date_is_passed_over():
    # A UTC stamp past midnight (11/19) for a story the page dates 11/18: the day wins.
    head = '<meta property="article:published_time" content="2026-11-19T01:50:00Z">' + _json_ld("2026-11-18T20:50:00-05:00")
    assert published_in_html(page(head), "2026-11-18") == "2026-11-18T20:50:00-05:00"
    assert published_in_html(page(head), "2026-11-17") is None


def test_weekday_with_publication_date_0001_01_01_does_not_overflow():
    nlp = spacy.blank("en")
    doc = nlp("The board met on Friday to vote.")
    doc.ents = [Span(doc, 4, 5, label="DATE")]
    [mention] = find_dates(doc, "0001-01-01")
    assert (mention.text, mention.value) == ("Friday", None)
    [later] = find_dates(doc, dt.date(2026, 11, 12).isoformat())
    assert later.value == "2026-11-06"
