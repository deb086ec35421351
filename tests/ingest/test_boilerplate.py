"""Boilerplate zones: the site addressing its reader, from which nothing is extracted."""

from __future__ import annotations

import pytest

from corroborate.ingest.boilerplate import is_boilerplate, is_company_blurb
from corroborate.ingest.zones import find_zones
from corroborate.model import Article
from corroborate.pipeline import extract_article

LEDE = "The ferry dock on Pine Street closed on Monday after inspectors found rot in three of the pilings."
BODY = "The dock handles roughly two thousand passengers a day, and the closure left commuters waiting for an hour."


@pytest.mark.parametrize(
    "para",
    [
        "We would like to hear what you think about this or any of our articles. Write to letters@harbour.example.",
        "Tell us what YOU think...",
        "Sign up for our newsletter to get the top stories every morning.",
        "Get the day's top headlines delivered to your inbox every morning by subscribing to our newsletter.",
        "Thanks for signing up!",
        "Follow the Harbour Times on Twitter and Facebook.",
        "Email Pat Quill at pat@harbour.example or follow her @patquill. Follow us on Twitter @HarbourTimes.",
        "You may also like:",
        "Read more",
        "The dock will stay shut all winter.Click To Tweet",
        "This copy is for your personal, non-commercial use only. To order presentation-ready copies visit our reprints desk.",
        "If you buy something through this post, we may get a share of the sale.",
        "Disclosure: the Harbour Times may earn a commission from products featured on this page.",
        "Copyright 2026 Harbour Times. All rights reserved.",
        "If you enjoyed this article, we have a proposition for you: join our members' club.",
    ],
)
def test_reader_prompts_are_boilerplate(para):
    assert is_boilerplate(para)


@pytest.mark.parametrize(
    "para",
    [
        LEDE,
        "The harbour board said it would send a newsletter to every household explaining the closure and the repairs.",
        "Residents who signed up for text alerts last year received a message at dawn, the board said.",
        "Follow-up inspections are planned for the north landing in the spring, the harbour master said.",
        "About 200 commuters gathered at the landing before the first boat.",
    ],
)
def test_news_prose_is_not_boilerplate(para):
    assert not is_boilerplate(para)


def test_press_release_company_blurb():
    blurb = "Harbourworks is headquartered in Portsmouth, employs around 1,300 people and has offices in 15 countries."
    assert is_company_blurb(blurb)
    assert not is_company_blurb("The company is headquartered in Portsmouth, the filing said.")


def _zones(paras: list[str]) -> list[str]:
    text = "\n\n".join(paras)
    return [zone.kind for zone in find_zones(text, title=None)]


def test_newsletter_prompt_between_body_paragraphs_is_a_boilerplate_zone():
    kinds = _zones([LEDE, "Sign up for our newsletter to get the top stories every morning.", BODY])
    assert kinds == ["body", "boilerplate", "body"]


def test_about_heading_and_what_follows_is_boilerplate():
    kinds = _zones(
        [LEDE, BODY, "About Harbourworks", "Harbourworks builds ferries for island routes.", "Media contact: Pat Quill"]
    )
    assert kinds == ["body", "body", "boilerplate", "boilerplate", "boilerplate"]


def test_quote_in_a_boilerplate_zone_is_not_extracted(nlp, registry):
    prompt = '"We read every letter," the editors said. Tell us what you think about this article.'
    quote = '"The pilings are rotten through," said harbour master Pat Quill.'
    text = "\n\n".join([LEDE, quote, prompt, BODY])
    zones = find_zones(text, title=None)
    assert [zone.kind for zone in zones] == ["body", "body", "boilerplate", "body"]
    article = Article(id="a", source="a.html", outlet=None, title=None, published=None, language="en", text=text, zones=zones)
    extraction = extract_article(nlp, registry, article)
    boiler = zones[2]
    assert extraction.quotes, "the body quotation is found"
    assert not [q for q in extraction.quotes if boiler.start <= q.start < boiler.end]
    assert not [c for c in extraction.claims if boiler.start <= c.start < boiler.end]


def test_company_blurb_of_mission_and_vision_statements():
    blurb = (
        "Harbourworks is a leading builder of island ferries. The vision of Harbourworks is to connect every island "
        "by sea, and Harbourworks’s mission is to make each crossing safe."
    )
    assert is_company_blurb(blurb)
    assert not is_company_blurb("The mission of the inspectors is to check every piling, the harbour master said.")


@pytest.mark.parametrize(
    "credit",
    [
        "(Reporting by Ann Lee and Tom Ray; editing by Jo Kim)",
        "Reporting by Ann Lee; additional reporting by Tom Ray; Editing by Jo Kim",
        "Staff writer Jo Kim contributed to this report.",
        "Tom Ray contributed reporting from the island.",
    ],
)
def test_contributor_line_after_the_body_is_a_byline(credit):
    assert _zones([LEDE, BODY, credit]) == ["body", "body", "byline"]


@pytest.mark.parametrize(
    "prose",
    ["The council said reporting by the local paper was wrong.", "Each member contributed $500 to the harbour fund."],
)
def test_sentences_about_reporting_or_contributions_are_body(prose):
    assert _zones([LEDE, BODY, prose]) == ["body", "body", "body"]
