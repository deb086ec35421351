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


def test_a_question_keeps_the_fronted_clause_it_takes_as_given(nlp, registry) -> None:
    text = "Once the toll was abolished in March, the question became: who pays for the bridge now?"
    [claim] = claims_of(text, nlp, registry)
    assert (claim.rule, claim.text) == ("claim.premise", "Once the toll was abolished in March")
    assert claim.by is None


def test_a_question_after_a_once_clause_parsed_as_an_adverb_keeps_it(nlp, registry) -> None:
    text = "Once PORTA was abolished in March, the question became: what about the boats?"
    doc = nlp(text)
    assert [t.dep_ for t in doc if t.lower_ == "once"] == ["advmod"]  # the shape under test
    [claim] = claims_of(text, nlp, registry)
    assert (claim.rule, claim.text) == ("claim.premise", "Once PORTA was abolished in March")


def test_a_question_opened_by_a_condition_states_nothing(nlp, registry) -> None:
    text = "If the toll is abolished in March, who will pay for the bridge repairs then?"
    assert claims_of(text, nlp, registry) == []


def test_a_tweeted_word_before_a_reported_question_is_a_claim(nlp, registry) -> None:
    text = 'Reacting to the ruling, the mayor tweeted, "finally," while asking whether the appeal will now be dropped.'
    claims = claims_of(text, nlp, registry)
    assert [(c.rule, c.text) for c in claims] == [
        ("claim.brief", 'Reacting to the ruling, the mayor tweeted, "finally,"'),
        ("claim.quoted", "the appeal will now be dropped"),
    ]
    assert claims[0].quote is not None and claims[0].quote != claims[1].quote


def test_a_partial_quote_verdict_before_said_is_a_claim(nlp, registry) -> None:
    text = "The lawyer called the ruling “a break from long court practice” and said it ignored the judge's own earlier order."
    claims = claims_of(text, nlp, registry)
    assert [c.rule for c in claims] == ["claim.brief", "claim.quoted"]
    assert claims[0].text == "The lawyer called the ruling “a break from long court practice”"
    assert claims[1].text == "it ignored the judge's own earlier order"
