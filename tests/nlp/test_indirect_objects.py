"""Indirect quotations whose content is the reporting verb's object, not a clause
(`indirect.object`), each test named after its hand-written input."""

from __future__ import annotations

import pytest

from tests.nlp.helpers import extraction_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    ("text", "content", "speaker"),
    [
        # a noun phrase, after a verb the speaker continued with
        ("In a video in December, Mr. Ames continued to deny the allegations of fraud.", "the allegations of fraud", "Ames"),
        ("Ames has denied knowledge of any improprieties.", "knowledge of any improprieties", "Ames"),
        # a gerund
        (
            "Nora Ames has acknowledged receiving $250,000 in contributions from followers of a rabbi.",
            "receiving $250,000 in contributions from followers of a rabbi",
            "Nora Ames",
        ),
        # an "about how" clause
        (
            "Mr. Ames had testified before the House in July about how he had not allowed his views to interfere with the work.",
            "how he had not allowed his views to interfere with the work",
            "Ames",
        ),
        # a forecast
        (
            "Earlier this year, the Cook Report projected a Democratic pick-up of between five and 12 seats.",
            "a Democratic pick-up of between five and 12 seats",
            "Cook Report",
        ),
    ],
)
def test_reporting_verb_object_is_what_was_said(nlp, registry, text, content, speaker) -> None:  # type: ignore[no-untyped-def]
    quotes = [q for q in extraction_of(text, nlp, registry).quotes if q.rule == "indirect.object"]
    assert [(q.text, q.speaker.name) for q in quotes] == [(content, speaker)]
    # The verb is the cue, outside the report (the contract's promise for every quote).
    cue = quotes[0].cue
    assert cue is not None and (cue.end <= quotes[0].start or cue.start >= quotes[0].end)


@pytest.mark.parametrize(
    "text",
    [
        "The senator thanked him on Monday.",  # a pronoun: no words named
        "Nora Ames described Tom Brandt at length.",  # a lone name
        "Aides came forward, describing a congressman who shouted at them.",  # two words: the thing described
        "The mayor wants to deny the new report about the harbor.",  # an intention, not a report
        "She denied the report, calling it “false” at once.",  # a quotation's sentence: its cue reports it
    ],
)
def test_reporting_verb_object_that_names_no_words_is_no_quote(nlp, registry, text) -> None:  # type: ignore[no-untyped-def]
    assert [q for q in extraction_of(text, nlp, registry).quotes if q.rule == "indirect.object"] == []


@pytest.mark.parametrize(
    "text",
    [
        "The harbour board denied him a mooring permit last spring.",  # a recipient: a thing withheld
        "The county denied a mooring permit to the Okafor family.",
        "The council has denied additional security requests from the port.",
        "The state kept denying poor families health care for years.",
    ],
)
def test_deny_in_its_sense_of_withholding_reports_no_speech(nlp, registry, text) -> None:  # type: ignore[no-untyped-def]
    assert [q for q in extraction_of(text, nlp, registry).quotes if q.cue is not None and q.cue.text.startswith("den")] == []


def test_the_harbour_chief_denied_any_involvement_reports_a_denial(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    quotes = extraction_of("The harbour chief, Tom Brandt, denied any involvement in the scheme.", nlp, registry).quotes
    assert [(q.text, q.speaker.name) for q in quotes if q.rule == "indirect.object"] == [
        ("any involvement in the scheme", "Tom Brandt")
    ]


def test_dockworkers_voted_their_union_said_moving_the_port_closer_is_no_report_of_moving(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The participle after the cue ("…, moving the port closer to a shutdown") tells what
    the vote does; the parse hangs it on "said", but the union reported the vote."""
    text = (
        "Dockworkers in Port Ellery have voted to authorize a strike, their union said on Monday, moving the port "
        "closer to a shutdown as negotiations over wages, pensions and automation remain stuck.\n"
    )
    reported = {q.text: q.speaker.description for q in extraction_of(text, nlp, registry).quotes if q.kind == "indirect"}
    assert reported.get("Dockworkers in Port Ellery have voted to authorize a strike") == "their union"
    assert not any(t.startswith("moving") for t in reported)


def test_according_to_the_gazette_with_a_report_in_a_relative_clause_is_the_gazettes(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The report inside ("where Marlow urged regulators to …") is a detail of what the
    Gazette states, not what it states: both are kept, each with its speaker."""
    text = (
        "Marlow Freight Lines fought the rule for months. According to the Gazette, Ashby sat in on an April 2023 "
        "meeting where Marlow urged regulators to delay the rule by two years.\n"
    )
    found = {q.text: (q.speaker.name, q.rule) for q in extraction_of(text, nlp, registry).quotes}
    outer = "Ashby sat in on an April 2023 meeting where Marlow urged regulators to delay the rule by two years"
    assert found.get(outer) == ("Gazette", "indirect.according_to")
    assert "to delay the rule by two years" in found
