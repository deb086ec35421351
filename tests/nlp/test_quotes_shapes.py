"""Cue and speaker choices for quotation shapes the parse misreads, on hand-written texts
parsed by the model, each test named after its input."""

from __future__ import annotations

import pytest

from corroborate.model import Quote
from tests.nlp.helpers import extraction_of


def _told_hung_under_was(text: str, nlp, registry) -> Quote:  # type: ignore[no-untyped-def]
    """The one quote of `text`, whose parse is the one these tests are about: "told" a
    modifier of the quoted clause's "was" (checked, so a new model's parse says so)."""
    (told,) = [t for t in nlp(text) if t.lower_ == "told"]
    assert told.dep_ == "advcl" and told.head.lower_ == "was"
    (quote,) = extraction_of(text, nlp, registry).quotes
    return quote


@pytest.mark.model
def test_after_ames_told_the_paper_he_was_quoted_hung_under_was_is_told(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the pronoun's clause is what was told, and Ames told it
    quote = _told_hung_under_was("After Ames told the paper he was “not ready” on it.", nlp, registry)
    assert quote.cue is not None and quote.cue.text == "told"
    assert quote.speaker.name == "Ames"


@pytest.mark.model
def test_he_told_the_paper_she_was_quoted_keeps_the_clause_verb(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the teller is a pronoun too, so the clause's own verb stays the cue (who "she" is is
    # the pronoun resolver's business)
    quote = _told_hung_under_was("After he told the paper she was “not ready”.", nlp, registry)
    assert quote.cue is not None and quote.cue.text == "was"
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "she"


@pytest.mark.model
def test_apologized_for_what_happened_colon_quote_is_the_apologisers(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the nearest subject before the colon is "what" (of "happened"): the sentence's own
    # subject introduces the quotation
    text = "Nora Ames has since apologized for what happened: “I was wrong, and I am sorry about it.”"
    (quote,) = extraction_of(text, nlp, registry).quotes
    assert quote.speaker.name == "Nora Ames"
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "Nora Ames"


@pytest.mark.model
def test_added_ames_colon_quote_is_ames_without_the_verb(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # a reporting verb fronted before its speaker, tagged a proper noun with the name
    text = "The senator spoke on Monday.\n\nAdded Ames: “We will not back down from this fight.”"
    (quote,) = extraction_of(text, nlp, registry).quotes
    assert quote.cue is not None and quote.cue.text == "Added"
    assert quote.speaker.name == "Ames"


def test_reporting_forms_inflect_the_lexicon() -> None:
    from corroborate.nlp.lexicon import REPORTING_FORMS

    assert {"denied", "denies", "stated", "added", "replied", "replies", "stresses", "told"} <= REPORTING_FORMS
    assert "said" in REPORTING_FORMS


@pytest.mark.model
def test_said_ames_who_said_then_a_quotation_is_the_main_said(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the relative clause reports its own words; the quotation after it is the main verb's
    text = (
        "“We do not understand the plan,” said Capt. Nora Ames, who said she would not vote for either man. "
        "“The military view of their policies is just far out there.”"
    )
    (quote,) = [q for q in extraction_of(text, nlp, registry).quotes if q.text.startswith("The military")]
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "Nora Ames"


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "words", "speaker"),
    [
        # a verb of judgement: the quoted object is the judge's words
        ("Senator Nora Ames on Monday praised the “historic” deal.", "historic", "Nora Ames"),
        ("The hunters met on Friday. And they blasted “hysterical critics and news outlets.”", "hysterical critics", None),
        # a description by "as"
        ("Hours before the vote, the Wildlife Agency defended its decision as “part of a robust strategy.”", "part of", None),
        # words given on an occasion the clause names, by a role
        (
            "Mayor Nora Ames gave the plan, in an interview with the Gazette, a “fighting chance” of passing.",
            "fighting",
            "Nora Ames",
        ),
    ],
)
def test_judged_described_or_interview_fragment_is_a_partial_quote(nlp, registry, text, words, speaker) -> None:  # type: ignore[no-untyped-def]
    quotes = [q for q in extraction_of(text, nlp, registry).quotes if q.text.startswith(words)]
    assert len(quotes) == 1 and quotes[0].kind == "partial"
    assert speaker is None or quotes[0].speaker.name == speaker


@pytest.mark.model
def test_a_film_title_in_quotation_marks_stays_a_title(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    assert extraction_of("The film “Night Harbor” opens on Friday at the old cinema.", nlp, registry).quotes == []


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Nora Ames argued that a database would keep people from entering illegally, saying it is “all about management.”",
            "all about",
        ),
        (
            "In an interview Monday, Nora Ames said the process of writing the platform could be “messy,” adding, “Democracy is messy.”",
            "Democracy",
        ),
    ],
)
def test_participle_under_a_reported_clause_about_a_thing_is_the_reporters(nlp, registry, text, words) -> None:  # type: ignore[no-untyped-def]
    # "saying" / "adding" hang from the reported clause, whose subject is a thing: the
    # speaker is the subject of the verb that reports the clause
    (quote,) = [q for q in extraction_of(text, nlp, registry).quotes if q.text.startswith(words)]
    assert quote.speaker.name == "Nora Ames"


@pytest.mark.model
def test_whom_he_described_as_inside_a_report_keeps_the_pronoun(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # a relative clause's own cue and subject, inside another's report: the mention is the
    # clause's "he" (the same person as the reporter, so the name is unchanged)
    text = "Spokesman Tom Brandt said observers walked with the marchers, whom he described as “peaceful,” for the whole route."
    (quote,) = [q for q in extraction_of(text, nlp, registry).quotes if q.kind == "partial"]
    assert quote.speaker.name == "Tom Brandt"
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "he"


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "cue"),
    [
        # a whole sentence quoted after a comma, the clause's subject a person
        ("Right after the storm, Nora Ames issued a statement, “Last night our town was hit hard. We will rebuild.”", "issued"),
        # "shot back" with "back" parsed as an adverb, not a particle
        (
            "After the governor criticized her husband during a debate, Nora Ames shot back, “I suppose I could have stayed home.”",
            "shot",
        ),
    ],
)
def test_sentence_quoted_after_a_comma_is_the_clause_subjects(nlp, registry, text, cue) -> None:  # type: ignore[no-untyped-def]
    (quote,) = extraction_of(text, nlp, registry).quotes
    assert quote.speaker.name == "Nora Ames"
    assert quote.cue is not None and quote.cue.text == cue


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "mention"),
    [
        ("“The gap between the two candidates is awfully large this year,” added another New Hampshire Democrat.", "another"),
        ("“Our movement has a long way to go,” read the email.", "the email"),
    ],
)
def test_speaker_after_the_verb_parsed_as_its_object_is_the_speaker(nlp, registry, text, mention) -> None:  # type: ignore[no-untyped-def]
    # "“…,” added another Democrat": the noun after the verb is its subject, inverted
    (quote,) = extraction_of(text, nlp, registry).quotes
    assert quote.speaker.mention is not None and quote.speaker.mention.text.startswith(mention)


@pytest.mark.model
def test_said_tuesday_after_a_comma_is_no_inverted_subject(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # a date after the verb is when, not who; and no quotation closes before this "said"
    text = "Nora Ames, in Kentucky, said Tuesday that her rival was “a total lightweight.”"
    (quote,) = extraction_of(text, nlp, registry).quotes
    assert quote.speaker.name == "Nora Ames"


@pytest.mark.model
def test_a_second_quoted_sentence_is_not_the_next_sentences_speakers(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the quotation continues the paragraph's speaker; the cue after it is someone else's
    text = (
        "“We will win this election,” Nora Ames told reporters as she left the meeting. "
        "“We are going to take back the House and the Senate.” Tom Brandt said later that he was not so sure."
    )
    (quote,) = [q for q in extraction_of(text, nlp, registry).quotes if q.text.startswith("We are going")]
    assert quote.speaker.name == "Nora Ames"


@pytest.mark.model
def test_colon_quote_after_whom_she_described_is_the_main_subjects(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the relative clause's "she" is an aside; the colon's quotation is the sentence subject's
    text = (
        "Nora Ames attacked the senator, calling him a “train wreck,” and contrasted the senator, whom she "
        "described as “volatile,” with the mayor: “What I have seen is that the mayor is a steady hand.”"
    )
    quotes = extraction_of(text, nlp, registry).quotes
    (volatile,) = [q for q in quotes if q.text == "volatile"]
    assert volatile.speaker.mention is not None and volatile.speaker.mention.text == "she"
    (quote,) = [q for q in quotes if q.text.startswith("What I have seen")]
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "Nora Ames"


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "mention"),
    [
        # the noun after the verb hung on the relative clause's verb
        (
            "“One man came in and said we should leave town,” said the woman, who like many in the town did not want to be named.",
            "the woman",
        ),
        # an indefinite pronoun after the verb
        ("“Better watch out for the mayor this year,” tweeted another.", "another"),
    ],
)
def test_speaker_after_the_verb_the_parse_hung_elsewhere(nlp, registry, text, mention) -> None:  # type: ignore[no-untyped-def]
    (quote,) = [q for q in extraction_of(text, nlp, registry).quotes if q.kind == "direct"]
    assert quote.speaker.mention is not None and quote.speaker.mention.text.startswith(mention)
