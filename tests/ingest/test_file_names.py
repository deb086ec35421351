"""A scraped collection's file names: the outlet and day an article's name gives."""

from __future__ import annotations

import datetime as dt

import pytest

from corroborate.ingest.file_names import name_metadata
from tests.ingest.helpers import GOOD_TEXT, load, only_article, write

TODAY = dt.date(2026, 12, 3)


@pytest.mark.parametrize(
    ("name", "outlet", "published"),
    [
        ("nyt_2016-07-05_trump-rally-in-raleigh.txt", "The New York Times", "2016-07-05"),
        ("huff-post_2016-01-02_x.txt", "HuffPost", "2016-01-02"),  # "x" is the slug's, not the network's
        ("2019-02-15_foxnews_border-wall.html", "Fox News", "2019-02-15"),  # a web address without its suffix
        ("nytimes.com_20190215_ferry.txt", "The New York Times", "2019-02-15"),
        ("reuters 2019.02.15 ferry.txt", "Reuters", "2019-02-15"),
        ("cnn.txt", "CNN", None),
        ("dir/sub/bbc_2016-01-01_and_2016-01-02.txt", "BBC", None),  # two days: neither
        ("2019-02-15-foxnews-border.html", None, "2019-02-15"),  # one hyphenated slug names no outlet
        ("fox-hunting-ban.txt", None, None),
        ("clinton-trade-nyt.txt", None, None),
        ("000_c773a4e5700d64ae.txt", None, None),
        ("ferry-vote_2019-02-30.txt", None, None),  # no such day
        ("ferry-vote_2999-01-01.txt", None, None),  # a day to come is no publication day
        ("id_120160705.txt", None, None),  # part of a longer number
        ("council_notes_20161305.txt", None, None),  # month 13
    ],
)
def test_what_a_file_name_says(registry, name, outlet, published):
    named = name_metadata(name, registry, today=TODAY)
    assert (named.outlet, named.published) == (outlet, published)


def test_an_article_takes_its_outlet_and_day_from_its_name(tmp_path, registry):
    article = only_article(load([write(tmp_path / "bbc_2019-02-15_ferry-vote.txt", GOOD_TEXT)], registry))
    assert (article.outlet, article.outlet_from) == ("BBC", "file_name")
    assert (article.published, article.published_as_given, article.published_from) == ("2019-02-15", "2019-02-15", "file_name")


def test_front_matter_outranks_the_file_name(tmp_path, registry):
    text = '---\noutlet: "Reuters"\npublished: "2019-02-16"\n---\n' + GOOD_TEXT
    article = only_article(load([write(tmp_path / "bbc_2019-02-15_ferry-vote.txt", text)], registry))
    assert (article.outlet, article.outlet_from) == ("Reuters", "metadata")
    assert (article.published, article.published_from) == ("2019-02-16", "front_matter")


def test_a_name_with_a_day_only_leaves_the_outlet_unknown(tmp_path, registry):
    article = only_article(load([write(tmp_path / "2019-02-15_ferry-vote.txt", GOOD_TEXT)], registry))
    assert (article.outlet, article.outlet_from, article.published) == (None, None, "2019-02-15")


def test_records_of_a_jsonl_file_never_take_its_name(tmp_path, registry):
    path = write(tmp_path / "bbc_2019-02-15.jsonl", '{"id": "a1", "text": "The council met on Monday and voted."}\n')
    article = only_article(load([path], registry))
    assert (article.outlet, article.published) == (None, None)


def test_ap_2019_02_15_ferry_vote_is_the_wires_own_article_crediting_no_wire(tmp_path, registry):
    text = "HARBOR CITY (AP) — The council voted on Monday to close the ferry dock.\n"
    article = only_article(load([write(tmp_path / "ap_2019-02-15_ferry-vote.txt", text)], registry))
    assert (article.outlet, article.outlet_from, article.credit) == ("Associated Press", "file_name", None)
