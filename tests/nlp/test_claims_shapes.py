"""Claims of sentence shapes that once yielded no claim where one was stated
(hand-written sentences, one test per shape)."""

from __future__ import annotations

import pytest

from corroborate.nlp.claims import extract_claims
from corroborate.nlp.quotes import extract_quotes

from .helpers import article_of

pytestmark = pytest.mark.model


def claims_of(text: str, nlp, registry, published: str | None = None):
    article = article_of(text, registry).model_copy(update={"published": published})
    doc = nlp(text)
    claims = extract_claims(doc, article, extract_quotes(doc, article, registry).quotes)
    for claim in claims:
        assert text[claim.start : claim.end] == claim.text
    return claims


def test_a_dated_announcement_keeps_its_speaker_and_day(nlp, registry) -> None:
    text = "Harbour chief Ines Duarte announced Monday that she would close the northern pier to ferries for a month."
    [claim] = claims_of(text, nlp, registry, published="2020-03-04")
    assert claim.rule == "claim.quoted"
    assert claim.text == text.rstrip(".")
    assert ("Monday", "2020-03-02") in [(d.text, d.value) for d in claim.dates]
    assert claim.event == "close"
    assert claim.by is None  # the speaker is linked at the story stage, as for any quoted claim


def test_a_duration_in_the_attribution_is_no_date_of_the_report(nlp, registry) -> None:
    text = "It was known for several years that the harbour chief had ignored warnings about the pier."
    [claim] = claims_of(text, nlp, registry, published="2020-03-04")
    assert claim.text == "the harbour chief had ignored warnings about the pier"


def test_a_dated_lead_in_keeps_its_words_before_the_report(nlp, registry) -> None:
    text = "In a statement on Tuesday, the harbour chief said that the pier would stay closed for a month."
    [claim] = claims_of(text, nlp, registry, published="2020-03-04")
    assert (claim.rule, claim.text) == ("claim.quoted", text.rstrip("."))


def test_an_anaphoric_day_in_the_lead_in_keeps_it_too(nlp, registry) -> None:
    text = "The same day, the ferry company's chief said his company would cancel all crossings to the island."
    [claim] = claims_of(text, nlp, registry, published="2020-03-04")
    assert claim.text == text.rstrip(".")


def test_a_date_of_the_verb_before_the_cue_stays_out(nlp, registry) -> None:
    text = '"We have closed the pier," Duarte said in a statement Friday, noting she wrote to the governor about the pier.'
    claims = claims_of(text, nlp, registry, published="2020-03-04")
    assert claims[-1].text == "she wrote to the governor about the pier"
