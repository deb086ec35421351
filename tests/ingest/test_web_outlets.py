"""Outlets of web pages: the URL's registered domain, then the site name, then the registry;
a wire credit, a copyright line or a URL in the page metadata never becomes the outlet."""

from __future__ import annotations

import pytest

from corroborate.ingest.outlets import registered_domain
from tests.ingest.helpers import load, only_article, write
from tests.ingest.test_html import page


def _page(tmp_path, registry, site: str | None, url: str, author: str | None = None):
    head = f'<link rel="canonical" href="{url}">'
    if site is not None:
        head += f'<meta property="og:site_name" content="{site}">'
    if author is not None:
        head += f'<meta name="author" content="{author}">'
    return only_article(load([write(tmp_path / "p.html", page(head))], registry))


@pytest.mark.parametrize(
    ("url", "domain"),
    [
        ("https://www.harbourgazette.co.uk/news/a", "harbourgazette.co.uk"),
        ("https://metro.harbourtimes.com/x", "harbourtimes.com"),
        ("harbourtimes.com", "harbourtimes.com"),
        ("http://192.168.0.7/story", None),
        ("http://localhost:8000/story", None),
        ("", None),
    ],
)
def test_registered_domain_from_the_bundled_suffix_list(url, domain):
    assert registered_domain(url) == domain


def test_host_like_site_name_express_co_uk_becomes_the_outlet(tmp_path, registry):
    article = _page(tmp_path, registry, "Harbourgazette.co.uk", "https://www.harbourgazette.co.uk/news/ferry")
    assert (article.outlet, article.outlet_from) == ("Harbourgazette.co.uk", "domain")


def test_no_site_name_outlet_is_the_registered_domain(tmp_path, registry):
    article = _page(tmp_path, registry, None, "https://sports.harbourtimes.com/ferry")
    assert article.outlet is not None
    assert article.outlet.casefold() in ("harbourtimes.com", "sports.harbourtimes.com")


def test_associated_press_site_name_on_a_newspaper_site_is_a_credit(tmp_path, registry):
    article = _page(tmp_path, registry, "Associated Press", "https://www.harbourtimes.com/news/ferry")
    assert article.outlet == "harbourtimes.com"
    assert article.credit == "Associated Press"


def test_associated_press_author_is_a_credit_and_the_site_name_stays(tmp_path, registry):
    article = _page(tmp_path, registry, "Harbour Times", "https://www.harbourtimes.com/news/ferry", author="The Associated Press")
    assert (article.outlet, article.credit) == ("Harbour Times", "Associated Press")


def test_associated_press_on_its_own_site_is_the_outlet(tmp_path, registry):
    article = _page(tmp_path, registry, "Associated Press", "https://apnews.com/article/ferry")
    assert (article.outlet, article.credit) == ("Associated Press", None)


@pytest.mark.parametrize("site", ["Copyright 2014", "© 2019 Harbour Media", "https://www.harbourtimes.com"])
def test_copyright_line_or_url_site_name_is_not_the_outlet(tmp_path, registry, site):
    article = _page(tmp_path, registry, site, "https://www.harbourtimes.com/news/ferry")
    assert article.outlet == "harbourtimes.com"


def test_registry_domain_beats_the_site_name(tmp_path, registry):
    article = _page(tmp_path, registry, "Some Blog Network", "https://www.nytimes.com/2026/11/12/ferry.html")
    assert (article.outlet, article.outlet_from) == ("The New York Times", "domain")


def test_plain_site_name_unknown_to_the_registry_is_kept(tmp_path, registry):
    article = _page(tmp_path, registry, "Harbour Times", "https://www.harbourtimes.com/news/ferry")
    assert (article.outlet, article.outlet_from) == ("Harbour Times", "metadata")
