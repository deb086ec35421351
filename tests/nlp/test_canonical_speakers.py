"""Speakers resolved to the article's canonical names, by the grammar of attribution
(each test a hand-written text; every rule of `speakers` and `cues` it names can fail it)."""

from __future__ import annotations

import pytest

from corroborate.model import Quote
from tests.nlp.helpers import extraction_of

pytestmark = pytest.mark.model


def quotes_of(text: str, nlp, registry) -> list[Quote]:  # type: ignore[no-untyped-def]
    return extraction_of(text, nlp, registry).quotes


def only(quotes: list[Quote], words: str) -> Quote:
    """The first quote holding `words` (a partial quote may also sit inside an indirect one)."""
    return next(q for q in quotes if words in q.text and q.kind != "indirect")


def test_mrs_with_two_people_of_one_surname_is_the_woman(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Paul Harlow opened the rally. Diane Harlow spoke after him.\n\n"
        "\u201cWe need a better harbour deal,\u201d Mrs. Harlow said."
    )
    assert only(quotes_of(text, nlp, registry), "better harbour").speaker.name == "Diane Harlow"


def test_mr_with_two_people_of_one_surname_is_the_man(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Paul Harlow opened the rally. Diane Harlow spoke after him.\n\n\u201cThe ferry must run,\u201d Mr. Harlow said."
    assert only(quotes_of(text, nlp, registry), "ferry must run").speaker.name == "Paul Harlow"


def test_a_statement_from_an_organisation_described_again_is_the_organisation(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The Republican Harbor Committee met on Monday.\n\n"
        "\u201cThe pier plan is the wrong choice for families,\u201d a statement from the Republican committee said."
    )
    quote = only(quotes_of(text, nlp, registry), "pier plan")
    assert quote.speaker.name == "Republican Harbor Committee"


def test_officials_with_an_organisation_speak_for_it(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Officials with the Republican Harbor Committee quickly called the plan a \u201cdisaster for the island.\u201d"
    quote = only(quotes_of(text, nlp, registry), "disaster")
    assert quote.speaker.name is None
    assert quote.speaker.represents == "Republican Harbor Committee"


def test_the_statement_said_is_its_author(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Mayor Ines Halloran said in a statement on Friday that the pier would reopen.\n\n"
        "\u201cThe divers have finished their work,\u201d the statement said."
    )
    assert only(quotes_of(text, nlp, registry), "divers").speaker.name == "Ines Halloran"


def test_a_lawyer_for_x_then_a_name_is_the_lawyer(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "A lawyer for Mr. Brandt, Walter Okonjo of Hale & Price, said that Mr. Brandt "
        "\u201crejects every charge\u201d and that the case was \u201ca vendetta.\u201d"
    )
    assert only(quotes_of(text, nlp, registry), "rejects every").speaker.name == "Walter Okonjo"


def test_a_title_with_an_of_phrase_is_the_person_not_the_title(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = 'Secretary of the Navy Ruth Adeyemi echoed the remark, saying the fleet was "ready for anything."'
    assert only(quotes_of(text, nlp, registry), "ready for").speaker.name == "Ruth Adeyemi"


def test_the_agency_said_is_the_agency_named_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The Coastal Wildlife Service issued new rules on Thursday.\n\n"
        '"Careful hunting can help certain species," the agency said in a statement.'
    )
    assert only(quotes_of(text, nlp, registry), "Careful hunting").speaker.name == "Coastal Wildlife Service"


def test_they_after_two_named_people_is_the_first_named(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "On Monday, Senate leader Maria Okafor and House leader Tom Brandt held a press conference. "
        'They said they would "clarify" the law.'
    )
    quote = only(quotes_of(text, nlp, registry), "clarify")
    assert quote.speaker.name == "Maria Okafor"
    assert quote.speaker.description is not None and "Tom Brandt" in quote.speaker.description


def test_a_named_subject_never_comes_from_the_paragraph_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The paragraph before ends without a stop: the parse runs it into the next one.
    text = (
        "The letter came from Sen. Roy Calder and former Sen. Ana Pruitt\n\n"
        'Marlow released a statement late Tuesday saying: "As I said yesterday, the plan was wrong."'
    )
    assert only(quotes_of(text, nlp, registry), "As I said").speaker.name == "Marlow"


def test_an_interview_posted_by_an_outlet_is_no_cue_of_the_outlet(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "\u201cThere is a chance that we win,\u201d Mr. Brandt said in an interview first posted online by "
        "the newspaper The Harbour Gazette. \u201cWe have got work to do.\u201d"
    )
    assert only(quotes_of(text, nlp, registry), "work to do").speaker.name == "Brandt"


def test_a_surname_the_ner_missed_is_found_by_a_later_pronoun(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Todd Marlow spoke on Monday. Senator Ruth Calder was there too.\n\n"
        "Marlow apologized for his remarks on Monday. He tweeted: \u201cI am in this race to win.\u201d"
    )
    assert only(quotes_of(text, nlp, registry), "race to win").speaker.name == "Todd Marlow"


def test_a_misspelt_day_is_no_person(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    from corroborate.nlp.people import index_people

    people = index_people(nlp("His rival Mitt Ramsey said Wednedsay that he keeps his view."), [])
    assert "wednedsay" in people.not_person


def test_a_cue_in_the_quotes_own_sentence_beats_a_nearer_one_beside_it(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "On Sunday, former Governor Paul Harlow said his supporters were being subject to \u201cvicious trolling\u201d "
        "online. Aides to Mr. Brandt say the campaign wants no fight."
    )
    assert only(quotes_of(text, nlp, registry), "vicious").speaker.name == "Paul Harlow"


def test_a_modal_speech_verb_inside_a_reported_clause_is_no_cue(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Governor Paul Harlow said he expected that voters will say \u201cno\u201d to the bridge tax."
    assert only(quotes_of(text, nlp, registry), "no").speaker.name == "Paul Harlow"


def test_a_thing_as_subject_of_an_inner_speech_verb_is_no_speaker(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Mayor Ines Halloran said the areas of the network that were hacked suggested \u201ca careful intruder.\u201d"
    assert only(quotes_of(text, nlp, registry), "careful intruder").speaker.name == "Ines Halloran"


def test_a_colon_paragraph_introduces_the_quote_after_it_without_a_speech_verb(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Mayor Ines Halloran released the following statement:\n\n\u201cWe mourn with the families of the harbour.\u201d"
    assert only(quotes_of(text, nlp, registry), "We mourn").speaker.name == "Ines Halloran"


def test_a_quote_paragraph_after_a_paragraph_about_a_person_is_theirs(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Ferry captain Omar Reyes praised the harbour crew on Monday.\n\n"
        "\u201cWe need people who get things done and bring the town together.\u201d"
    )
    assert only(quotes_of(text, nlp, registry), "We need people").speaker.name == "Omar Reyes"


def test_an_organisation_owned_by_a_common_noun_is_named_without_it(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The report was critical, and the bureau\u2019s Office of Professional Responsibility said that "
        "Mr. Vance should be suspended for 60 days."
    )
    [quote] = [q for q in quotes_of(text, nlp, registry) if "suspended" in q.text]
    assert quote.speaker.name == "Office of Professional Responsibility"


def test_a_known_surname_tagged_a_place_is_the_person(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Rashida Tlaib spoke first. Tlaib, doubling down on her comments, tweeted on Friday that she "
        "\u201cwill always speak truth to power.\u201d"
    )
    assert only(quotes_of(text, nlp, registry), "truth to power").speaker.name == "Rashida Tlaib"


def test_he_after_a_sentence_is_its_main_clause_subject_not_an_inner_one(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Michael Horowitz led the inquiry. Mr. Horowitz could not rule out that Mr. Vance had slowed the examination.\n\n"
        "\u201cUnder these circumstances, we did not have confidence in the decision,\u201d he wrote."
    )
    assert only(quotes_of(text, nlp, registry), "Under these").speaker.name == "Michael Horowitz"


def test_bare_aides_speak_for_the_person_the_story_is_about(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Mitt Ramsey spoke on Monday. But aides say Mr. Ramsey has \u201cconsistently opposed both plans.\u201d"
    speaker = only(quotes_of(text, nlp, registry), "consistently").speaker
    assert speaker.represents == "Mitt Ramsey" and speaker.inferred


def test_a_pronoun_inside_the_named_speakers_own_report_takes_the_name(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Governor Paul Harlow says he would sit the mayor down and tell him \u201cno more delays\u201d on the pier."
    quote = only(quotes_of(text, nlp, registry), "no more delays")
    assert quote.speaker.name == "Paul Harlow"
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "Paul Harlow"


def test_mr_tolliver_his_wife_and_four_aides_stayed_on_keeps_tolliver_a_person(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The parse reads "Tolliver" there as a time adverb; the name is a subject elsewhere,
    so a later "he" still finds him."""
    from corroborate.nlp.people import index_people

    text = (
        "Mr. Tolliver resigned on Thursday. Mr. Tolliver, his wife and four aides stayed on in Portugal for "
        "several days after the conference ended, and the agency paid for their hotel rooms on those days as "
        "well, the report said. Mr. Greer said the trip was approved.\n\n"
        "Mr. Tolliver was confirmed in 2017. In his resignation letter, he wrote, \u201cIt has been the privilege "
        "of my life to lead this agency.\u201d"
    )
    assert "tolliver" not in index_people(nlp(text), []).not_person
    assert only(quotes_of(text, nlp, registry), "privilege").speaker.name == "Tolliver"


def test_mr_corliss_beside_dana_corliss_the_congressmans_wife_is_wade(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The owner's word in "the congressman's wife" tells nothing of her gender; her own
    role word does, and so "Mr. Corliss" is the other Corliss."""
    text = (
        "The committee opened an inquiry into Representative Wade Corliss on Thursday. Dana Corliss, the "
        "congressman\u2019s wife, works for the group.\n\n"
        "Mr. Corliss denied any wrongdoing. In a statement, he called the inquiry \u201ca partisan attack.\u201d"
    )
    assert only(quotes_of(text, nlp, registry), "partisan attack").speaker.name == "Wade Corliss"


def test_corliss_insisted_and_he_called_is_the_male_corliss(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A bare surname two people share, without a title: the pronoun its sentence goes on
    with says which ("The congressman's wife, Dana Corliss" is a woman)."""
    text = (
        "Rep. Wade Corliss is under investigation. The congressman\u2019s wife, Dana Corliss, works for the group.\n\n"
        "Corliss insisted in a statement that every dollar went to job training, and he called the inquiry "
        "\u201ca partisan attack.\u201d Corliss himself ran on a promise to \u201cdrain the swamp.\u201d"
    )
    quotes = quotes_of(text, nlp, registry)
    assert next(q for q in quotes if "every dollar" in q.text).speaker.name == "Wade Corliss"
    assert only(quotes, "partisan attack").speaker.name == "Wade Corliss"
    assert only(quotes, "drain the swamp").speaker.name == "Wade Corliss"


def test_megyn_was_incredulous_she_said_is_megyn_kelly(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A first name alone as a subject is the one person of the article so named."""
    text = (
        "I told Megyn Kelly that the government tried to put me away. The prosecutor, Carrie Cohen, looked "
        "crushed as she left. Megyn was incredulous. \u201cOnly you, Dinesh,\u201d she said."
    )
    assert only(quotes_of(text, nlp, registry), "Only you").speaker.name == "Megyn Kelly"
