""".txt articles: exact text, YAML front matter, headlines, untrusted metadata."""

from __future__ import annotations

import hashlib

import pytest

from corroborate.errors import EmptyInputError, MalformedInputError
from tests.conftest import AURORA, EXAMPLE, require_shared
from tests.ingest.helpers import GOOD_TEXT, codes, load, only_article, write

# --- plain text ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "The council met on Monday.\nIt voted to close the ferry dock.\n",
        "  Leading spaces stay.\n\nTrailing blank lines stay too.\n\n\n",
        "Windows line endings stay.\r\nSo does this second line.\r\n",
        "Curly “quotes” and ‘single’ marks stay as written — with dashes… and ellipses.",
        "No final newline at all.",
    ],
)
def test_plain_text_is_the_decoded_file_unchanged(tmp_path, registry, content):
    path = write(tmp_path / "story.txt", content)
    article = only_article(load([path], registry))
    assert article.text == content


def test_plain_text_id_source_and_hash(tmp_path, registry):
    path = write(tmp_path / "dock-vote.txt", GOOD_TEXT)
    article = only_article(load([path], registry))
    assert article.id == "dock-vote"
    assert article.source == str(path)
    assert article.sha256 == hashlib.sha256(GOOD_TEXT.encode("utf-8")).hexdigest()
    assert article.language == "en"


def test_plain_text_has_no_metadata(tmp_path, registry):
    path = write(tmp_path / "bare.txt", GOOD_TEXT)
    article = only_article(load([path], registry))
    assert (article.title, article.outlet, article.url, article.published, article.author) == (None, None, None, None, None)
    assert (article.published_as_given, article.published_from, article.outlet_from) == (None, None, None)
    assert not codes(load([path], registry))


def test_file_without_extension_named_explicitly_is_read_as_text(tmp_path, registry):
    path = write(tmp_path / "README", GOOD_TEXT)
    article = only_article(load([path], registry))
    assert article.text == GOOD_TEXT
    assert article.id == "README"


def test_shared_corpus_text_is_kept_exactly(registry):
    folder = require_shared(AURORA)
    path = sorted(folder.glob("*.txt"))[0]
    article = only_article(load([path], registry))
    assert article.text == path.read_bytes().decode("utf-8")


def test_example_story_front_matter_is_read(registry):
    path = require_shared(EXAMPLE / "01-valley-courier.txt")
    article = only_article(load([path], registry))
    assert article.outlet == "Valley Courier"
    assert article.published_from == "front_matter"
    assert not article.text.startswith("---")


# --- front matter ----------------------------------------------------------------------------

FRONT = """---
title: "Ferry dock closes for the winter"
outlet: the Courier
url: https://www.valleycourier.example/news/ferry-dock
published: 2026-11-12
author: Pat Quill
---
"""
BODY = "Ferry dock closes for the winter\n\nThe ferry dock on Pine Street closed on Monday, the harbour master said.\n"


@pytest.fixture
def front_matter_article(tmp_path, registry):
    return only_article(load([write(tmp_path / "ferry.txt", FRONT + BODY)], registry))


def test_front_matter_body_is_exactly_what_follows_the_closing_line(front_matter_article):
    assert front_matter_article.text == BODY


def test_front_matter_fields(front_matter_article):
    article = front_matter_article
    assert article.title == "Ferry dock closes for the winter"
    assert article.outlet == "Valley Courier"  # alias "the Courier" in the example registry
    assert article.outlet_from == "metadata"
    assert article.url == "https://www.valleycourier.example/news/ferry-dock"
    assert article.author == "Pat Quill"


def test_front_matter_bare_date_stays_the_string_given(front_matter_article):
    assert front_matter_article.published == "2026-11-12"
    assert front_matter_article.published_as_given == "2026-11-12"
    assert front_matter_article.published_from == "front_matter"


def test_front_matter_offsets_index_the_body(front_matter_article):
    article = front_matter_article
    headline = article.zones[0]
    assert headline.kind == "headline"
    assert article.text[headline.start : headline.end] == "Ferry dock closes for the winter"
    assert article.zones[1].kind == "body"
    assert article.text[article.zones[1].start :].startswith("The ferry dock")


@pytest.mark.parametrize(
    ("published", "iso"),
    [
        ("2026-11-12T09:30:00-05:00", "2026-11-12T09:30:00-05:00"),
        ('"2026-11-12T14:30:00Z"', "2026-11-12T14:30:00+00:00"),
        ("2026-11-12 09:30:00", "2026-11-12T09:30:00"),
        ("November 12, 2026", "2026-11-12"),
    ],
)
def test_front_matter_dates_become_iso_and_keep_the_given_text(tmp_path, registry, published, iso):
    path = write(tmp_path / "d.txt", f"---\npublished: {published}\n---\n{GOOD_TEXT}")
    article = only_article(load([path], registry))
    assert article.published == iso
    assert article.published_as_given == published.strip('"')
    assert article.published_from == "front_matter"


def test_front_matter_date_key_is_used_when_published_is_absent(tmp_path, registry):
    path = write(tmp_path / "d.txt", f"---\ndate: 2026-11-13\n---\n{GOOD_TEXT}")
    assert only_article(load([path], registry)).published == "2026-11-13"


def test_front_matter_closed_with_three_dots(tmp_path, registry):
    path = write(tmp_path / "dots.txt", f"---\ntitle: Dock news\n...\n{GOOD_TEXT}")
    article = only_article(load([path], registry))
    assert article.title == "Dock news"
    assert article.text == GOOD_TEXT


def test_front_matter_with_crlf_line_endings(tmp_path, registry):
    body = "The dock closed on Monday.\r\nIt reopens in April.\r\n"
    path = write(tmp_path / "crlf.txt", "---\r\ntitle: Dock news\r\n---\r\n" + body)
    article = only_article(load([path], registry))
    assert article.title == "Dock news"
    assert article.text == body


def test_empty_front_matter_is_allowed(tmp_path, registry):
    path = write(tmp_path / "empty-fm.txt", f"---\n---\n{GOOD_TEXT}")
    article = only_article(load([path], registry))
    assert article.text == GOOD_TEXT
    assert article.title is None


def test_front_matter_language_overrides_detection(tmp_path, registry):
    path = write(tmp_path / "lang.txt", f"---\nlanguage: en\n---\n{GOOD_TEXT}")
    assert only_article(load([path], registry)).language == "en"


def test_text_without_front_matter_that_mentions_dashes_is_unchanged(tmp_path, registry):
    content = "The dock closed.\n---\nIt reopens in April.\n"
    article = only_article(load([write(tmp_path / "dash.txt", content)], registry))
    assert article.text == content


def test_malformed_front_matter_is_an_error_naming_the_file(tmp_path, registry, good_file):
    bad = write(tmp_path / "bad-yaml.txt", f"---\ntitle: [unclosed\noutlet: x\n---\n{GOOD_TEXT}")
    result = load([bad, good_file], registry)
    [error] = result.errors
    assert isinstance(error, MalformedInputError)
    assert error.source == str(bad)
    assert str(bad) in str(error)
    assert "YAML" in error.reason
    assert [a.id for a in result.articles] == ["good-one"]


@pytest.mark.parametrize("yaml_body", ["- a list\n- not a mapping", "just a sentence"])
def test_front_matter_that_is_not_a_mapping_is_an_error(tmp_path, registry, good_file, yaml_body):
    bad = write(tmp_path / "not-mapping.txt", f"---\n{yaml_body}\n---\n{GOOD_TEXT}")
    result = load([bad, good_file], registry)
    [error] = result.errors
    assert isinstance(error, MalformedInputError)
    assert error.source == str(bad)
    assert "mapping" in error.reason
    assert len(result.articles) == 1


@pytest.mark.parametrize("after", ["", "\n", "\n   \n\t\n"])
def test_front_matter_without_body_is_empty_input(tmp_path, registry, good_file, after):
    bad = write(tmp_path / "no-body.txt", "---\ntitle: Only a title\n---\n" + after)
    result = load([bad, good_file], registry)
    [error] = result.errors
    assert isinstance(error, EmptyInputError)
    assert error.source == str(bad)
    assert len(result.articles) == 1


# --- headline --------------------------------------------------------------------------------


def test_standalone_first_line_is_title_and_headline_zone(tmp_path, registry):
    content = "Ferry dock to close for winter\n\nThe ferry dock on Pine Street closes on Monday.\n"
    article = only_article(load([write(tmp_path / "h.txt", content)], registry))
    assert article.title == "Ferry dock to close for winter"
    assert article.zones[0].kind == "headline"
    assert (article.zones[0].start, article.zones[0].end) == (0, len("Ferry dock to close for winter"))
    assert [z.kind for z in article.zones[1:]] == ["body"]


def test_headline_with_crlf_blank_line(tmp_path, registry):
    content = "Ferry dock to close\r\n\r\nThe dock closes on Monday.\r\n"
    article = only_article(load([write(tmp_path / "h.txt", content)], registry))
    assert article.title == "Ferry dock to close"
    assert article.zones[0].kind == "headline"
    assert content[article.zones[0].start : article.zones[0].end] == "Ferry dock to close"


@pytest.mark.parametrize(
    "first_line",
    ["The ferry dock closes on Monday.", "Will the ferry dock close?", "The harbour master said:", "Dock closes!"],
)
def test_first_line_ending_in_punctuation_is_not_a_headline(tmp_path, registry, first_line):
    content = f"{first_line}\n\nThe harbour master confirmed it on Friday.\n"
    article = only_article(load([write(tmp_path / "p.txt", content)], registry))
    # A first line ending in ':' is a lead-in, not a headline; the rest end sentences.
    assert article.title is None
    assert article.zones[0].kind != "headline"


def test_first_line_not_followed_by_blank_line_is_not_a_headline(tmp_path, registry):
    content = "Ferry dock to close\nThe dock closes on Monday, officials said.\n"
    article = only_article(load([write(tmp_path / "p.txt", content)], registry))
    assert article.title is None
    assert [z.kind for z in article.zones] == ["body"]


def test_front_matter_title_beats_first_line(tmp_path, registry):
    content = "---\ntitle: Harbour news\n---\nFerry dock to close\n\nThe dock closes on Monday.\n"
    article = only_article(load([write(tmp_path / "t.txt", content)], registry))
    assert article.title == "Harbour news"
    assert article.zones[0].kind != "headline"


def test_title_from_first_line_always_has_a_headline_zone(tmp_path, registry):
    content = 'Harbour master on dock: "We will reopen"\n\nThe dock closes on Monday.\n'
    article = only_article(load([write(tmp_path / "q.txt", content)], registry))
    assert (article.title is not None) == (article.zones[0].kind == "headline")


# --- untrusted metadata ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["javascript:alert(1)", "file:///etc/passwd", "ftp://example.org/a.txt", "https://exa mple.org/x", "not a url"],
)
def test_unusable_url_is_dropped_with_a_warning(tmp_path, registry, url):
    path = write(tmp_path / "u.txt", f"---\nurl: '{url}'\n---\n{GOOD_TEXT}")
    result = load([path], registry)
    article = only_article(result)
    assert article.url is None
    assert codes(result) == ["bad_url"]
    assert result.warnings[0].source == str(path)


def test_http_url_is_kept(tmp_path, registry):
    path = write(tmp_path / "u.txt", f"---\nurl: http://riversideledger.example/a\n---\n{GOOD_TEXT}")
    result = load([path], registry)
    assert only_article(result).url == "http://riversideledger.example/a"
    assert not codes(result)


def test_non_string_metadata_is_read_as_text(tmp_path, registry):
    path = write(tmp_path / "n.txt", f"---\ntitle: 1958\nauthor: 42\n---\n{GOOD_TEXT}")
    article = only_article(load([path], registry))
    assert (article.title, article.author) == ("1958", "42")


@pytest.mark.parametrize(
    ("opening", "credit"),
    [
        ("HARBOR CITY (AP) — The port will close for repairs next month.", "Associated Press"),
        ("PORTLAND, Ore. (Reuters) - The port will close for repairs next month.", "Reuters"),
        ("(AFP) - The port will close for repairs next month.", "Agence France-Presse"),
        ("HARBOR CITY (CNN) -- The port will close for repairs next month.", None),  # an outlet, not a wire
        ("Sen. Ana Reyes (D-Ore.) - who chairs the panel - said the port will close.", None),
        ("The port will close for repairs next month, the AP reported.", None),  # a citation, not a dateline
    ],
)
def test_a_wire_dateline_credits_the_wire(tmp_path, registry, opening, credit):
    text = '---\noutlet: "The Daily Ledger"\n---\nPort to close\n\n' + opening + "\n\nThe council agreed on Monday.\n"
    article = only_article(load([write(tmp_path / "port.txt", text)], registry))
    assert (article.outlet, article.credit) == ("The Daily Ledger", credit)


def test_the_wires_own_article_credits_no_wire(tmp_path, registry):
    text = '---\noutlet: "Associated Press"\n---\nHARBOR CITY (AP) — The port will close for repairs next month.\n'
    assert only_article(load([write(tmp_path / "port.txt", text)], registry)).credit is None


def test_o_malley_campaign_to_shift_staff_headline_with_a_stop_before_the_ap_dateline(tmp_path, registry):
    # A headline ending in a full stop reads as a body paragraph: the dateline opens the next.
    text = "Harbour board to shift staff to the islands.\n\nHARBOR CITY (AP) — The board is shifting staff.\n\nMore follows.\n"
    assert only_article(load([write(tmp_path / "port.txt", text)], registry)).credit == "Associated Press"
