"""The outlet registry: aliases, domains, extension files, and how articles get their outlet."""

from __future__ import annotations

import pytest

from corroborate.errors import OutletRegistryError
from corroborate.ingest import Outlet, OutletRegistry, load_articles
from corroborate.ingest.outlets import host_of, normalise_outlet_name
from corroborate.settings import Settings
from tests.ingest.helpers import GOOD_TEXT, load, only_article, write


@pytest.fixture(scope="module")
def bundled() -> OutletRegistry:
    return OutletRegistry.load()


# --- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("KDVR", "KDVR"),
        ("FOX 31", "KDVR"),
        ("Fox31", "KDVR"),
        ("fox31 denver", "KDVR"),
        ("KDVR-TV", "KDVR"),
        ("kdvr tv", "KDVR"),
        ("the New York Post", "New York Post"),
        ("New York Post", "New York Post"),
        ("NY Post", "New York Post"),
        ("  new   york   post ", "New York Post"),
        ("NYT", "The New York Times"),
        ("New York Times", "The New York Times"),
        ("The AP", "Associated Press"),
        ("Twitter", "X"),
        ("telemundo 20", "Telemundo Denver"),
    ],
)
def test_bundled_aliases_resolve_to_one_outlet(bundled, name, canonical):
    outlet = bundled.resolve(name)
    assert outlet is not None
    assert outlet.name == canonical


def test_call_sign_and_brand_are_the_same_outlet(bundled):
    assert bundled.resolve("FOX 31") is bundled.resolve("KDVR")
    assert bundled.resolve("KDVR").kind == "tv"


@pytest.mark.parametrize("name", ["Island Gazette", "Fox", "New York", "", None])
def test_unknown_names_do_not_resolve(bundled, name):
    assert bundled.resolve(name) is None


@pytest.mark.parametrize(
    ("name", "key"),
    [("The  FOX31", "fox31"), ("KDVR-TV", "kdvr tv"), ("the_new.york-post", "new york post"), ("Theater Daily", "theater daily")],
)
def test_normalise_outlet_name(name, key):
    assert normalise_outlet_name(name) == key


# --- domains ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "canonical"),
    [
        ("https://www.nypost.com/2024/05/01/us-news/a-story/", "New York Post"),
        ("http://nypost.com", "New York Post"),
        ("NYPOST.COM", "New York Post"),
        ("edition.cnn.com", "CNN"),
        ("https://edition.cnn.com/2026/11/12/us/story/index.html", "CNN"),
        ("https://user@www.nypost.com:443/a", "New York Post"),
        ("https://abcnews.go.com/US/story", "ABC News"),
        ("https://www.bbc.co.uk/news/uk-1", "BBC"),
        ("https://kdvr.com/news/local/x/", "KDVR"),
    ],
)
def test_by_domain(bundled, url, canonical):
    outlet = bundled.by_domain(url)
    assert outlet is not None
    assert outlet.name == canonical


@pytest.mark.parametrize(
    "url",
    [None, "", "https://notcnn.com/a", "https://cnn.com.evil.example/a", "https://go.com/", "https://co.uk/", "localhost"],
)
def test_by_domain_unknown(bundled, url):
    assert bundled.by_domain(url) is None


@pytest.mark.parametrize(
    ("value", "host"),
    [
        ("https://www.nypost.com/a/b", "nypost.com"),
        ("HTTP://WWW.CNN.COM:8080/x", "cnn.com"),
        ("edition.cnn.com/path", "edition.cnn.com"),
        ("https://u:p@nypost.com/x", "nypost.com"),
    ],
)
def test_host_of(value, host):
    assert host_of(value) == host


@pytest.mark.parametrize("url", ["https://nypost.com?p=123", "https://nypost.com#top"])
def test_by_domain_url_with_query_but_no_path(bundled, url):
    assert bundled.by_domain(url) is not None


# --- extension files -------------------------------------------------------------------------


def test_example_registry_adds_outlets(registry):
    assert registry.resolve("the Courier").name == "Valley Courier"
    assert registry.resolve("Channel 7").name == "KMBK News"
    assert registry.by_domain("https://www.kmbk.example/news/x").name == "KMBK News"
    assert registry.resolve("FOX 31").name == "KDVR"  # bundled entries are still there


def test_extension_file_adds_a_new_outlet_and_extends_an_existing_one(tmp_path):
    extra = write(
        tmp_path / "mine.yaml",
        """outlets:
  - name: Island Gazette
    kind: newspaper
    aliases: [the Gazette, IG]
    domains: [islandgazette.example]
  - name: KDVR
    aliases: [Channel 31 Denver]
    domains: [fox31.example]
""",
    )
    registry = OutletRegistry.load([extra])
    gazette = registry.resolve("the gazette")
    assert gazette == Outlet("Island Gazette", "newspaper", ("the Gazette", "IG"), ("islandgazette.example",))
    assert registry.by_domain("https://news.islandgazette.example/a").name == "Island Gazette"

    kdvr = registry.resolve("Channel 31 Denver")
    assert kdvr.name == "KDVR"
    assert kdvr.kind == "tv"  # an extension without a kind keeps the known one
    assert {"FOX 31", "Channel 31 Denver"} <= set(kdvr.aliases)
    assert set(kdvr.domains) == {"kdvr.com", "fox31.example"}
    assert registry.by_domain("fox31.example").name == "KDVR"
    assert registry.resolve("FOX31") is kdvr


def test_extension_entry_named_by_an_alias_extends_that_outlet(tmp_path):
    extra = write(tmp_path / "alias.yaml", "outlets:\n  - {name: FOX 31, domains: [fox31denver.example]}\n")
    registry = OutletRegistry.load([extra])
    assert "FOX 31" not in registry.outlets
    assert registry.by_domain("fox31denver.example").name == "KDVR"


def test_extension_can_change_the_kind(tmp_path):
    extra = write(tmp_path / "kind.yaml", "outlets:\n  - {name: Axios, kind: newsletter}\n")
    assert OutletRegistry.load([extra]).resolve("Axios").kind == "newsletter"


def test_later_extension_files_apply_in_order(tmp_path):
    first = write(tmp_path / "1.yaml", "outlets:\n  - {name: Island Gazette, aliases: [IG]}\n")
    second = write(tmp_path / "2.yaml", "outlets:\n  - {name: IG, domains: [ig.example]}\n")
    registry = OutletRegistry.load([first, second])
    assert registry.by_domain("ig.example").name == "Island Gazette"


def test_load_does_not_modify_the_bundled_registry(tmp_path):
    extra = write(tmp_path / "x.yaml", "outlets:\n  - {name: Island Gazette}\n")
    OutletRegistry.load([extra])
    assert OutletRegistry.load().resolve("Island Gazette") is None


@pytest.mark.parametrize(
    "content",
    [
        "outlets: [unclosed\n",
        "- just\n- a list\n",
        "outlets: not-a-list\n",
        "name: Island Gazette\n",
        "outlets:\n  - {aliases: [IG]}\n",
        "outlets:\n  - {name: '  '}\n",
        "outlets:\n  - just a string\n",
        "outlets:\n  - {name: Island Gazette, aliases: IG}\n",
        "outlets:\n  - {name: Island Gazette, domains: [1, 2]}\n",
        "",
    ],
)
def test_malformed_registry_file_is_an_error_naming_it(tmp_path, content):
    path = write(tmp_path / "broken.yaml", content)
    with pytest.raises(OutletRegistryError, match=r"broken\.yaml"):
        OutletRegistry.load([path])


def test_missing_or_binary_registry_file_is_an_error(tmp_path):
    with pytest.raises(OutletRegistryError, match=r"nowhere\.yaml"):
        OutletRegistry.load([tmp_path / "nowhere.yaml"])
    with pytest.raises(OutletRegistryError, match=r"latin\.yaml"):
        OutletRegistry.load([write(tmp_path / "latin.yaml", "outlets:\n  - {name: Caf\xe9 Times}\n".encode("latin-1"))])


def test_settings_outlet_files_are_used_when_no_registry_is_given(tmp_path):
    extra = write(tmp_path / "mine.yaml", "outlets:\n  - {name: Island Gazette, aliases: [the Gazette]}\n")
    article_path = write(tmp_path / "a.txt", f"---\noutlet: the Gazette\n---\n{GOOD_TEXT}")
    result = load_articles([str(article_path)], Settings(outlet_files=(extra,)))
    assert only_article(result).outlet == "Island Gazette"


# --- outlet of an article --------------------------------------------------------------------


def article_with(tmp_path, registry, front: str):
    return only_article(load([write(tmp_path / "o.txt", f"---\n{front}---\n{GOOD_TEXT}")], registry))


def test_outlet_from_metadata_beats_domain(tmp_path, registry):
    article = article_with(tmp_path, registry, "outlet: Fox News\nurl: https://www.nypost.com/2026/11/12/x/\n")
    assert (article.outlet, article.outlet_from) == ("Fox News", "metadata")


def test_outlet_from_domain_when_metadata_has_none(tmp_path, registry):
    article = article_with(tmp_path, registry, "url: https://www.nypost.com/2026/11/12/x/\n")
    assert (article.outlet, article.outlet_from) == ("New York Post", "domain")


def test_unknown_outlet_name_is_kept_as_given(tmp_path, registry):
    article = article_with(tmp_path, registry, "outlet: '  Island Gazette '\nurl: https://nypost.com/x\n")
    assert (article.outlet, article.outlet_from) == ("Island Gazette", "metadata")


def test_outlet_alias_is_canonicalised(tmp_path, registry):
    article = article_with(tmp_path, registry, "outlet: FOX31\n")
    assert (article.outlet, article.outlet_from) == ("KDVR", "metadata")


def test_no_outlet_and_unknown_domain(tmp_path, registry):
    article = article_with(tmp_path, registry, "url: https://islandgazette.example/x\n")
    assert (article.outlet, article.outlet_from) == (None, None)


def test_rejected_url_gives_no_domain_outlet(tmp_path, registry):
    article = article_with(tmp_path, registry, "url: 'javascript://nypost.com/%0aalert(1)'\n")
    assert (article.url, article.outlet, article.outlet_from) == (None, None, None)
