"""Publication dates: an ISO 8601 reading of what the input gave, and what happens when there is none."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from corroborate.ingest.dates import to_iso8601
from tests.ingest.helpers import GOOD_TEXT, codes, load, only_article, write


@pytest.mark.parametrize(
    ("given", "iso"),
    [
        ("2026-11-12T09:30:00-05:00", "2026-11-12T09:30:00-05:00"),
        ("2026-11-12T09:30:00+01:00", "2026-11-12T09:30:00+01:00"),
        ("2026-11-12T14:30:00Z", "2026-11-12T14:30:00+00:00"),
        ("2026-11-12T09:30:00", "2026-11-12T09:30:00"),
        ("2026-11-12T09:30:00.250Z", "2026-11-12T09:30:00.250000+00:00"),
        ("2026-11-12 09:30", "2026-11-12T09:30:00"),
        ("2026-11-12", "2026-11-12"),
        ("  2026-11-12  ", "2026-11-12"),
        ("Thu, 12 Nov 2026 09:30:00 -0500", "2026-11-12T09:30:00-05:00"),
        ("Thu, 12 Nov 2026 14:30:00 GMT", "2026-11-12T14:30:00+00:00"),
        ("November 12, 2026", "2026-11-12"),
        ("Nov 12, 2026", "2026-11-12"),
        ("Nov. 12, 2026", "2026-11-12"),
        ("12 November 2026", "2026-11-12"),
        ("12 Nov 2026", "2026-11-12"),
        ("Thursday, November 12th, 2026", "2026-11-12"),
        ("November 1st, 2026", "2026-11-01"),
        ("2026/11/12", "2026-11-12"),
        ("11/12/2026", "2026-11-12"),  # US order
    ],
)
def test_to_iso8601_readable(given, iso):
    assert to_iso8601(given) == iso


@pytest.mark.parametrize(
    "given",
    ["next Tuesday", "yesterday", "2026", "13/45/2026", "2026-02-30", "Nov 12 2026", "soon", "", "   ", None, 20261112, 3.5, []],
)
def test_to_iso8601_unreadable_is_none(given):
    assert to_iso8601(given) is None


def test_to_iso8601_date_and_datetime_objects():
    assert to_iso8601(dt.date(2026, 11, 12)) == "2026-11-12"
    assert to_iso8601(dt.datetime(2026, 11, 12, 9, 30)) == "2026-11-12T09:30:00"
    aware = dt.datetime(2026, 11, 12, 9, 30, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    assert to_iso8601(aware) == "2026-11-12T09:30:00-05:00"


@pytest.mark.parametrize("given", ["2026-11-12", "12 Nov 2026", "November 12, 2026", "2026/11/12"])
def test_bare_dates_get_no_invented_time(given):
    assert "T" not in to_iso8601(given)


def test_basic_format_bare_date_stays_a_date():
    assert to_iso8601("20261112") == "2026-11-12"


def test_ap_style_september():
    assert to_iso8601("Sept. 12, 2026") == "2026-09-12"


# --- in articles -----------------------------------------------------------------------------


def test_unreadable_date_in_front_matter_warns_and_keeps_what_was_given(tmp_path, registry):
    path = write(tmp_path / "d.txt", f"---\npublished: last Tuesday\n---\n{GOOD_TEXT}")
    result = load([path], registry)
    article = only_article(result)
    assert article.published is None
    assert article.published_as_given == "last Tuesday"
    assert codes(result) == ["bad_date"]
    assert result.warnings[0].source == str(path)
    assert "last Tuesday" in result.warnings[0].message


def test_unreadable_date_in_record_warns(tmp_path, registry):
    path = write(tmp_path / "r.jsonl", json.dumps({"id": "r", "text": GOOD_TEXT, "published": "the other day"}) + "\n")
    result = load([path], registry)
    assert only_article(result).published is None
    assert [(w.code, w.source) for w in result.warnings] == [("bad_date", f"{path}:1")]


def test_numeric_date_in_record_is_bad_date(tmp_path, registry):
    path = write(tmp_path / "r.json", json.dumps({"id": "r", "text": GOOD_TEXT, "published": 1763000000}))
    result = load([path], registry)
    article = only_article(result)
    assert (article.published, article.published_as_given) == (None, "1763000000")
    assert codes(result) == ["bad_date"]


def test_record_date_is_converted(tmp_path, registry):
    path = write(tmp_path / "r.json", json.dumps({"id": "r", "text": GOOD_TEXT, "published": "Thu, 12 Nov 2026 09:30:00 -0500"}))
    article = only_article(load([path], registry))
    assert article.published == "2026-11-12T09:30:00-05:00"
    assert article.published_as_given == "Thu, 12 Nov 2026 09:30:00 -0500"
    assert article.published_from == "record"


def test_no_date_means_no_origin(tmp_path, registry):
    article = only_article(load([write(tmp_path / "n.txt", GOOD_TEXT)], registry))
    assert (article.published, article.published_as_given, article.published_from) == (None, None, None)
