"""Speakers found by the grammar around a cue when the parse misreads a name, a role is
someone's, a pronoun sits in a reported clause, or a document or body speaks (each test a
hand-written text, named after its input)."""

from __future__ import annotations

import pytest
from spacy.tokens import Doc

from corroborate.model import Quote
from tests.nlp.helpers import extraction_of

pytestmark = pytest.mark.model


def quotes_of(text: str, nlp, registry) -> list[Quote]:  # type: ignore[no-untyped-def]
    return extraction_of(text, nlp, registry).quotes


def holding(quotes: list[Quote], words: str) -> list[Quote]:
    return [q for q in quotes if words in q.text]


def test_one_word_person_is_not_a_place_for_a_one_word_organisation(nlp) -> None:  # type: ignore[no-untyped-def]
    from corroborate.nlp.person_names import place_words

    words = ["Harlow", "spoke", ".", "Harlow", "left", ".", "Anti", "Harlow", "groups", "met", "Aurora", "Police", "."]
    doc = Doc(
        nlp.vocab, words=words, ents=["B-PERSON", "O", "O", "B-PERSON", "O", "O", "O", "B-ORG", "O", "O", "B-ORG", "I-ORG", "O"]
    )
    places = place_words(doc.ents)
    assert "harlow" not in places  # tagged a person twice, a one-word organisation once
    assert "aurora" in places


def test_a_name_more_often_in_organisations_than_as_a_person_is_a_place(nlp) -> None:  # type: ignore[no-untyped-def]
    from corroborate.nlp.person_names import place_words

    words = ["Aurora", "Police", "said", ".", "Aurora", "Police", "left", ".", "Aurora", "spoke", "."]
    ents = ["B-ORG", "I-ORG", "O", "O", "B-ORG", "I-ORG", "O", "O", "B-PERSON", "O", "O"]
    assert "aurora" in place_words(Doc(nlp.vocab, words=words, ents=ents).ents)


def test_lawyer_for_a_named_client_found_when_named_later(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Mr. Orton's lawyer confirmed on Friday that prosecutors plan to file charges against the councilman.\n\n"
        "\u201cWe are disappointed,\u201d said Mr. Orton's lawyer, Dana Pike."
    )
    quotes = quotes_of(text, nlp, registry)
    (report,) = holding(quotes, "prosecutors plan")
    assert report.speaker.name == "Dana Pike"


def test_the_statement_said_finds_the_author_past_an_unauthored_statement(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "\u201cWe are disappointed,\u201d said the statement from Mr. Orton's lawyer, Dana Pike.\n\n"
        "The statement said Mr. Orton \u201cdenies every charge.\u201d\n\n"
        "\u201cHe will keep serving the district,\u201d the statement said."
    )
    quotes = quotes_of(text, nlp, registry)
    (last,) = holding(quotes, "keep serving")
    assert last.speaker.name == "Dana Pike"


def test_he_in_a_clause_reported_by_a_named_person_is_that_person(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Mr. Ray Orton shouted at a reporter on Tuesday.\n\n"
        "Tom Vale, who was asking about Mr. Orton's donors, protested, saying he was asking \u201ca fair question.\u201d"
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "a fair question")
    assert quote.speaker.name == "Tom Vale"


def test_was_expected_to_be_charged_is_not_the_subjects_thought(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Councilman Ray Dunn was expected to be charged with fraud after a long inquiry, people close to the case said."
    for quote in holding(quotes_of(text, nlp, registry), "to be charged"):
        assert quote.speaker.name != "Ray Dunn"


def test_a_representative_for_his_office_speaks_for_him(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Senator Paul Orton has not repaid the money.\n\n"
        "A representative for his office told reporters in May that the senator was waiting for the final bill."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "was waiting")
    assert quote.speaker.name is None
    assert quote.speaker.represents == "Paul Orton"


def test_an_agency_spokesperson_speaks_for_the_agency_named_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The Bureau of Land Management approved the drilling permits on Monday.\n\n"
        "The permits will be reviewed again next year, an agency spokesperson told reporters."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "reviewed again")
    assert quote.speaker.represents == "Bureau of Land Management"


def test_one_text_of_a_named_person_is_that_persons_words(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Mark Jensen sent many messages that year.\n\nOne Jensen text vowed to \u201cstop\u201d the merger."
    quotes = [q for q in holding(quotes_of(text, nlp, registry), "stop") if q.kind == "partial"]
    assert quotes and quotes[0].speaker.name == "Mark Jensen"


def test_long_on_monday_also_denied_is_the_senator_long(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Senate President David Long held a news conference on Monday.\n\n"
        "Long on Monday also denied that a change to the statute would be needed before the tournament."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "change to the statute")
    assert quote.speaker.name == "David Long"


def test_a_subjectless_verb_after_a_sentence_adverb_has_no_speaker(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Senate President David Long held a news conference.\n\nQuickly denied that the statute needed a change."
    for quote in holding(quotes_of(text, nlp, registry), "statute needed"):
        assert quote.speaker.name is None and quote.speaker.description is None


def test_announced_on_the_floor_that_reports_the_clause(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Senate Majority Leader Ruth Calder announced Thursday on the Senate floor that the governor planned "
        "to sign the bill next week."
    )
    quotes = holding(quotes_of(text, nlp, registry), "the governor planned")
    assert [q.speaker.name for q in quotes] == ["Ruth Calder"]
    assert not quotes[0].text.startswith("that")


def test_claims_listed_after_a_possessed_noun_are_the_possessors(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Senate candidate Mark Jensen apologized on Sunday.\n\n"
        "Jensen's ad, and claims Monday that he's \u201cgoing to stay in,\u201d angered party leaders."
    )
    (quote,) = [q for q in holding(quotes_of(text, nlp, registry), "going to stay in") if q.kind == "partial"]
    assert quote.speaker.name == "Mark Jensen"


def test_a_lawyer_named_as_the_clients_lawyer_later_is_found_from_the_possessive(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "New Harbor Republican Rep. Paul Orton's attorney confirmed on Friday that prosecutors plan to file charges.\n\n"
        "\u201cWe are disappointed,\u201d said the statement from Orton's attorney, Dana Pike."
    )
    (report,) = holding(quotes_of(text, nlp, registry), "prosecutors plan")
    assert report.speaker.name == "Dana Pike"


def test_the_committee_chairman_no_one_was_called_is_the_person_just_named(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Oregon Rep. Mark Jensen on Friday questioned the ruling.\n\n"
        "\u201cThe agency should withdraw this permit,\u201d the committee chairman said in a statement."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "withdraw this permit")
    assert (quote.speaker.name, quote.speaker.inferred) == ("Mark Jensen", True)


def test_the_president_no_one_was_called_is_not_the_person_just_named(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Oregon Rep. Mark Jensen on Friday questioned the ruling.\n\n\u201cWe will appeal,\u201d the president said."
    (quote,) = holding(quotes_of(text, nlp, registry), "We will appeal")
    assert quote.speaker.name != "Mark Jensen"


def test_they_of_a_joint_statement_named_after_it_is_the_first_named(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Four former Oregon governors urged Jensen to quit the race on Tuesday.\n\n"
        "\u201cThe stakes are too high,\u201d they said. The statement came from Gov. Ann Marlow, "
        "and former Govs. Tim Walsh, Ray Dunn and Paul Orton.\n\n"
        "Jensen did not reply."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "stakes are too high")
    assert quote.speaker.name == "Ann Marlow"
    assert quote.speaker.description == "Ann Marlow, Tim Walsh, Ray Dunn and Paul Orton"


def test_a_clause_before_they_said_hung_as_parataxis_is_reported(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Senior aides to Ms. Ann Marlow disputed that account. "
        "The governor had indeed mentioned the new toll, they said, but Ms. Marlow tried to change the subject."
    )
    quotes = [q for q in quotes_of(text, nlp, registry) if q.rule == "indirect.fronted"]
    assert [q.text for q in quotes] == ["The governor had indeed mentioned the new toll"]
    assert quotes[0].speaker.represents == "Ann Marlow"


def test_a_statement_shortly_after_remarks_that_claimed_is_the_statements(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Former Governor Ann Marlow, for example, put out a statement shortly after Walsh's remarks that claimed "
        "Walsh \u201chas always opposed the new harbour.\u201d"
    )
    (quote,) = [q for q in holding(quotes_of(text, nlp, registry), "always opposed") if q.kind == "partial"]
    assert quote.speaker.name == "Ann Marlow"


def test_an_administration_official_speaks_for_whose_administration_it_was(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Governor Ann Marlow said the courts could well rule against her administration.\n\n"
        "A senior administration official told reporters that the state plans to move $8 million to the bridge."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "plans to move")
    assert quote.speaker.represents == "Ann Marlow"


def test_aides_say_a_named_person_has_opposed_it_speak_for_that_person(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # bare "aides": whom the clause they report is about, not the officeholder named last
    text = (
        "Senator Tom Brandt spoke on Monday about the plan. But at the time, the plan was little discussed, "
        "and aides say Ms. Nora Ames has consistently opposed both the plan and the bill."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "consistently opposed")
    assert quote.speaker.name is None
    assert quote.speaker.represents == "Nora Ames" and quote.speaker.inferred


def test_the_senate_leader_no_one_was_called_is_the_person_just_named(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # a named body's role ("the Senate leader") no one was given: the named subject just before
    text = (
        "Nora Ames is setting expectations high for this year, telling the Gazette that her rivals have a chance.\n\n"
        "The Senate leader, in an interview with the Gazette, gave her party a “two-in-three chance” of holding on."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "two-in-three")
    assert quote.speaker.name == "Nora Ames" and quote.speaker.inferred


def quoted(quotes: list[Quote], words: str) -> list[Quote]:
    return [q for q in holding(quotes, words) if q.kind in ("direct", "partial")]


def test_he_said_he_had_asked_his_people_is_the_named_sayer(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the pronoun of a reported clause is bound to the subject that reports it, not the man named last
    text = (
        "Senator Ray Dunn met Governor Tom Pike on Monday.\n\n"
        "Later Mr. Dunn said he had asked his \u201cbest people\u201d to look into the deal."
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "best people")
    assert quote.speaker.name == "Ray Dunn" and quote.speaker.mention.text == "Mr. Dunn"


def test_he_says_he_would_release_them_calling_them_is_the_outer_he(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Senator Ray Dunn spoke to voters in Ames on Friday.\n\n"
        "He says he would release his tax returns next week, calling them \u201cvery dull reading.\u201d"
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "dull reading")
    assert quote.speaker.name == "Ray Dunn" and quote.speaker.mention.start == text.index("He says")


def test_he_of_a_relative_clause_keeps_its_own_mention(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # "what he called": a free relative is its own clause; "he praised …, and he promised": two clauses
    text = (
        "Senator Ray Dunn spoke to voters in Ames on Friday.\n\n"
        "Mr. Dunn was blunt about the party's rift, what he called \u201cour long family quarrel.\u201d\n\n"
        "He praised the mayor, and he promised \u201ca new start\u201d for the city."
    )
    quotes = quotes_of(text, nlp, registry)
    (rift,) = quoted(quotes, "family quarrel")
    assert rift.speaker.name == "Ray Dunn" and rift.speaker.mention.text == "he"
    (start,) = quoted(quotes, "a new start")
    assert start.speaker.mention.start == text.index("he promised")


def test_he_in_a_clause_reported_by_a_woman_is_not_bound_to_her(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Senator Ray Dunn met Governor Nora Pike on Monday. Ms. Pike was asked about him.\n\n"
        "Ms. Pike said he had called the plan \u201ca total mess.\u201d"
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "total mess")
    assert quote.speaker.name == "Ray Dunn" and quote.speaker.mention.text == "he"


def test_called_her_remarks_racist_is_the_callers_judgement(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the quoted words describe the remarks: the judge speaks, not the remarks' owner; the
    # main verb the parse read as a relative clause of the name takes that name
    text = (
        "Senator Tom Vale, the state's senior Republican, on Tuesday called Nora Ames's remarks about "
        "the judge \u201cracist,\u201d a rare rebuke."
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "racist")
    assert quote.speaker.name == "Tom Vale" and quote.cue.text == "called"


def test_who_has_called_her_comments_toxic_is_the_relative_clauses_subject(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Mr. Ray Lee, who has called Ms. Nora Ames's comments \u201cdeeply toxic,\u201d spoke later."
    (quote,) = quoted(quotes_of(text, nlp, registry), "deeply toxic")
    assert quote.speaker.name == "Ray Lee" and quote.cue.text == "called"


def test_her_claim_that_quoted_is_still_her_words(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Mr. Ray Lee disputed Ms. Nora Ames's claim that the plan was \u201ca total fraud\u201d on Monday."
    (quote,) = quoted(quotes_of(text, nlp, registry), "total fraud")
    assert quote.speaker.name == "Nora Ames"


def test_ames_concluded_around_a_split_quotation_is_the_cue(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # "concluded, “to nominate …”": the quotation the parse made its object is what was said,
    # not a thing concluded (as "the ad concludes with footage" is)
    text = (
        "Mr. Ray Lee spoke on Monday.\n\n"
        "\u201cThe rivals will nominate a flawed candidate,\u201d Lee said.\n\n"
        "\u201cLet us take this chance,\u201d Ms. Nora Ames concluded, \u201cto nominate a president who can win.\u201d"
    )
    quotes = quoted(quotes_of(text, nlp, registry), "")
    assert [(q.speaker.name, q.cue.text if q.cue else None) for q in quotes[1:]] == [
        ("Nora Ames", "concluded"),
        ("Nora Ames", "concluded"),
    ]


def test_a_name_right_before_a_colon_gives_the_quotation(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The timing of the surge does not surprise Republican pollster Dana Shaw: \u201cLesser-known candidates "
        "often gain late.\u201d\n\n"
        "RED STATES OUTNUMBER BLUE STATES - Jeffrey M. Jones: \u201cOur analysis of party affiliation shows a shift.\u201d"
    )
    quotes = quoted(quotes_of(text, nlp, registry), "")
    assert [q.speaker.name for q in quotes] == ["Dana Shaw", "Jeffrey M. Jones"]


def test_an_outlet_before_a_colon_after_a_preposition_is_no_speaker(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "The reply came in a long letter to the Ames Gazette: \u201cWe will not close the plant this year.\u201d"
    (quote,) = quoted(quotes_of(text, nlp, registry), "close the plant")
    assert quote.speaker.name != "Ames Gazette"


def test_an_untagged_name_or_a_letter_introducing_a_colon_is_the_speaker(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The crowd chanted loudly at the rally on Thursday.\n\n"
        "Vale gestured as if to stop the noise, then leaned in and boomed: \u201cLet us defeat her in November.\u201d\n\n"
        "Ms. Nora Hoff wrote to the board. Hoff\u2019s letter makes a libertarian case: \u201cFollowers of radical "
        "groups hate everything we stand for.\u201d"
    )
    quotes = quoted(quotes_of(text, nlp, registry), "")
    assert quotes[0].speaker.name == "Vale" and quotes[0].cue.text == "gestured"
    assert quotes[1].speaker.mention.text.startswith("Hoff") and quotes[1].rule == "direct.cue_document"


def test_trump_at_the_time_said_he_had_asked_binds_a_name_tagged_a_noun(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the tagger takes the surname for a common noun; the article's person it names still binds "he"
    text = (
        "Donald Trump and Senate leader Mitch McConnell spoke on Monday. A supporter who was caught on video "
        "punching a protester was later charged. Trump at the time said he\u2019d asked his \u201cpeople\u201d to "
        "pay the fees."
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "people")
    assert quote.speaker.name == "Donald Trump" and quote.speaker.mention.text == "Trump"


def test_said_skelly_comma_explaining_is_the_surname_read_as_an_adverb(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "But Bill Skelly, a longtime data operative, vouched for both men.\n\n"
        "\u201cHaving access to the file and two people who understand it is valuable,\u201d said Skelly, "
        "explaining he worked more closely with one of them."
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "valuable")
    assert quote.speaker.name == "Bill Skelly" and quote.speaker.mention.text == "Skelly"


def test_said_a_title_and_name_before_a_bracket_is_that_name(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "\u201cRepublicans are so frustrated with the decision that they are now unloading on her,\u201d said "
        "Oversight ranking Democrat Elijah Cummings (D-Md.)."
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "frustrated")
    assert quote.speaker.mention is not None and quote.speaker.mention.text.endswith("Elijah Cummings")


def test_said_in_a_statement_after_the_verb_is_no_name(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "\u201cWe will not close the plant this year,\u201d said in a statement."
    (quote,) = quoted(quotes_of(text, nlp, registry), "close the plant")
    assert quote.speaker.mention is None or "statement" not in quote.speaker.mention.text


def test_a_long_apposition_with_commas_between_name_and_said_is_skipped(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "\u201cIf the deal had failed, I would have been sitting in a cell for a long time,\u201d Mr. Nick Dale, "
        "now 81 and retired in Cambridge, Mass., said by telephone this week.\n\n"
        "\u201cVery good reporter, very good reporter this guy,\u201d Mr. Tom Vale, the party's frontrunner "
        "nationally and the polling leader in the state by a wide margin after winning two primaries, said when "
        "a reporter asked him a question."
    )
    quotes = quoted(quotes_of(text, nlp, registry), "")
    assert [q.speaker.name for q in quotes] == ["Nick Dale", "Tom Vale"]


def test_a_share_of_voters_said_according_to_a_poll_is_the_polls(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Some 55 percent of voters nationwide said they do not believe Ms. Nora Ames \u201ccares about people "
        "like me,\u201d according to a Quinnipiac poll conducted in February."
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "cares about")
    assert quote.cue.text == "according to" and "Quinnipiac" in quote.speaker.mention.text


def test_a_named_speaker_said_according_to_an_outlet_stays_the_speaker(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # the outlet only reports what the named person said: the speaker stays the person
    text = "\u201cI ask you as a courtesy not to protest on the floor,\u201d Sen. Tom Vale said, according to the Ames Gazette."
    (quote,) = quoted(quotes_of(text, nlp, registry), "courtesy")
    assert quote.speaker.name == "Tom Vale"


def test_two_unnamed_according_to_sources_do_not_loop(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "According to people familiar with it, some officials said the plan was \u201cdead on arrival,\u201d "
        "according to notes seen by reporters."
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "dead on arrival")
    assert quote.cue is not None


def test_the_document_states_after_a_quotation_is_a_verb_tagged_a_noun(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The kingdom released a paper on Thursday.\n\n"
        "\u201cToday, the kingdom is one of the leading nations in combating terrorism,\u201d the Saudis state in "
        "the white paper.\n\n"
        "\u201cFamily leave,\u201d the document states, becomes available after a year."
    )
    quotes = quoted(quotes_of(text, nlp, registry), "")
    assert [(q.cue.text if q.cue else None, q.speaker.mention.text if q.speaker.mention else None) for q in quotes] == [
        ("state", "Saudis"),
        ("states", "document"),
    ]


def test_the_united_states_after_a_quotation_is_no_cue(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Officials called it \u201ca rout,\u201d the worst states have seen in years."
    quotes = quoted(quotes_of(text, nlp, registry), "a rout")
    assert all(q.cue is None or q.cue.text != "states" for q in quotes)


def test_will_described_trump_as_is_the_columnist_will(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # a surname read as a modal is the subject; the name after the verb is its object, not its subject
    text = (
        "Columnist George Will wrote a column on Friday.\n\n"
        "From the senator's remarks last week to his call for a new force, Will described Tom Vale as a "
        "\u201ccaricature of democracy.\u201d"
    )
    (quote,) = quoted(quotes_of(text, nlp, registry), "caricature")
    assert quote.speaker.name == "George Will" and quote.speaker.mention.text == "Will"


def test_a_question_opening_with_will_keeps_no_name(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Will voters call the plan \u201ca sham\u201d?"
    (quote,) = quoted(quotes_of(text, nlp, registry), "a sham")
    assert quote.speaker.mention is None or quote.speaker.mention.text != "Will"


def test_half_of_democratic_voters_said_they_want_after_a_teachers_quotation_is_not_the_teacher(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A person who spoke last is no "they": unresolved beats a wrong name.
    text = (
        "\u201cShe keeps her promises,\u201d said Tom Alder, a retired teacher in Easton.\n\n"
        "In Easton, about half of Democratic primary voters said they want the next mayor to change course."
    )
    quotes = holding(quotes_of(text, nlp, registry), "the next mayor to change course")
    assert quotes and "Tom Alder" not in {q.speaker.name for q in quotes}
    text = "\u201cWe will win,\u201d Mayor Ann Marlow said on Monday.\n\nTo her supporters, she is expected to be tough and warm at once, they say."
    quotes = holding(quotes_of(text, nlp, registry), "tough and warm")
    assert quotes and "Ann Marlow" not in {q.speaker.name for q in quotes}


def test_they_vowed_after_marlow_and_senate_leader_ross_said_is_the_first_named(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "\u201cThis is a power grab,\u201d House Speaker Ann Marlow and Senate Democratic Leader Dan Ross said in a statement.\n\n"
        "They vowed Congress would \u201cdefend our authority in the courts and in the public.\u201d"
    )
    quotes = holding(quotes_of(text, nlp, registry), "defend our authority")
    assert [q.speaker.name for q in quotes] == ["Ann Marlow"]


def test_poll_finds_marlow_would_beat_ross_has_no_speaker_named_poll(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # "Poll" opens the sentence; the article writes "the poll" too: a common word, no name.
    text = "Poll finds Marlow would beat Ross in November.\n\nThe poll was taken last week."
    (quote,) = holding(quotes_of(text, nlp, registry), "Marlow would beat Ross")
    assert quote.speaker.name is None
    assert quote.speaker.description == "poll"
    # A name is capitalised inside sentences too: "Bush said …" stays a name beside "a bush".
    text = "Bush said the plan would pass.\n\nA bush grew by the door. The plan went to Bush on Monday."
    (quote,) = holding(quotes_of(text, nlp, registry), "the plan would pass")
    assert quote.speaker.name == "Bush"


def test_mr_dunmore_whose_start_up_tallyline_uses_big_data_said_is_dunmore(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The parse left "said" without a subject: the name a relative clause set off by commas
    # describes is the speaker, not the title opening the reported clause ("said Mr. Ross was").
    text = (
        "Mr. Dunmore, whose latest start-up, Tallyline, uses big data to help brands find suppliers, said Mr. Ross "
        "was a candidate very much in the spirit of Silicon Valley: \u201cHe's a start-up kind of guy.\u201d"
    )
    quotes = quotes_of(text, nlp, registry)
    assert quotes and {q.speaker.name for q in quotes} == {"Dunmore"}


def test_said_sgt_lena_ortiz_with_the_millbrook_police_is_ortiz_not_sgt(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The tokenizer split "Sgt" from its stop and the parser ended a sentence there.
    text = "\u201cShe was very shaken. He tried to help her,\u201d said Sgt. Lena Ortiz with the Millbrook Police Department."
    quotes = quotes_of(text, nlp, registry)
    assert quotes and {q.speaker.name for q in quotes} == {"Lena Ortiz"}


def test_he_after_he_made_sure_that_tom_reyes_got_the_files_is_walter_price(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The sentence before has "he" as its main subject and Tom Reyes as a side clause's:
    # the "he" that goes on is the first one's man.
    text = (
        "Walter Price ran the bureau's records office for two decades.\n"
        "A quiet man from a mining town, he made sure that Tom Reyes got the files.\n"
        "It was thirty years before he finally broke his silence, admitting in 2010:\n"
        "\u201cI'm the man they used to call the Source.\u201d"
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "call the Source")
    assert quote.speaker.name == "Walter Price"


def test_mara_quinn_added_16_points_is_no_speaker_of_the_words_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A stray opening mark closes Holt's first quotation; "added 16 points" reports a count.
    text = (
        "Dana Holt broke the school record on Saturday night. \u201cI never dreamed I'd be here and hold the record, "
        "\u201cHolt said as she stood alone at midcourt. \u201cThis is a real honor for me and for my family.\u201d "
        "Mara Quinn added 16 points for the Hawks, and Jo Reyes had 14."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "a real honor")
    assert quote.speaker.name == "Dana Holt"


def test_lou_pagan_said_police_spent_two_hours_is_no_cue_of_the_quotation_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A text of single line breaks, the quotation running over two lines: the next line's
    # "Lou Pagan said police spent …" reports its own clause, so Pinto's words go on.
    text = (
        "\u201cPeople grabbed a few bowls of chips and we moved the party downstairs,\u201d Dale Pinto said.\n"
        "\u201cSome people seemed worried, but nobody was crying.\nEveryone was calling their families.\u201d\n"
        "Lou Pagan said police spent two hours talking to the man before they arrested him."
    )
    quotes = quotes_of(text, nlp, registry)
    (quote,) = holding(quotes, "nobody was crying")
    assert quote.speaker.name == "Dale Pinto"
    (report,) = holding(quotes, "police spent two hours")
    assert report.speaker.name == "Lou Pagan"


def test_vice_mayor_tom_reyes_ms_park_said_had_served_for_a_thousand_years_is_park(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # "Ms. Park said" between commas reports the clause around it: the partial quotes in
    # that clause are Park's words, not those of the clause's subject.
    text = (
        "Vice Mayor Tom Reyes, Ms. Park said, had served on the council for \u201ca thousand years\u201d "
        "and passed \u201chundreds of ordinances.\u201d"
    )
    quotes = quotes_of(text, nlp, registry)
    for fragment in ("a thousand years", "hundreds of ordinances"):
        (quote,) = holding(quotes, fragment)
        assert quote.speaker.name == "Park", fragment


def test_councillor_ames_dismissed_the_plan_as_a_fantasy_is_ames(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # Without an aside reporting it, the clause's own subject keeps its partial quote.
    text = "Councillor Ames dismissed the plan as \u201ca fantasy\u201d on Tuesday."
    (quote,) = holding(quotes_of(text, nlp, registry), "a fantasy")
    assert quote.speaker.name == "Ames"


def test_the_idea_that_i_would_close_the_library_dash_ruiz_is_ruiz(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A fact check's layout: the quotation, then its signature on a line of its own.
    text = (
        "The mayor's claims, checked.\n\n"
        "\u201cThe idea that I would close the library is just not accurate.\u201d\n\n"
        "- Tom Ruiz.\n\n"
        "Ruiz exaggerates: the plan he signed closed two branches.\n\n"
        "\u201cEvery bus will be electric by May.\u201d\n\n"
        "-Councillor Dana Cole, speaking after the vote.\n"
    )
    quotes = quotes_of(text, nlp, registry)
    (library,) = holding(quotes, "close the library")
    assert library.speaker.name == "Tom Ruiz"
    assert library.speaker.mention is not None and library.speaker.mention.text == "Tom Ruiz"
    (buses,) = holding(quotes, "Every bus")
    assert buses.speaker.name == "Dana Cole"


def test_a_list_of_dashed_lines_after_a_quotation_signs_nothing(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "The parade passes three streets.\n\n\u201cBring an umbrella.\u201d\n\n- Main Street\n- Oak Avenue\n- Harbour Road\n"
    (quote,) = holding(quotes_of(text, nlp, registry), "Bring an umbrella")
    assert quote.speaker.name is None
    assert quote.speaker.mention is None


def test_ruiz_assured_cole_after_cole_assured_ruiz_then_i_will_not_let_you_down_is_ruiz(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The "after" clause reports its own words: the next quotation goes on the main clause's speaker's.
    text = (
        "\u201cYour listeners are amazing,\u201d Mr. Ruiz assured Dana Cole, after Cole assured Ruiz "
        "that most of her listeners supported him. \u201cI will not let you down.\u201d"
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "I will not let you down")
    assert quote.speaker.name == "Ruiz"


def test_would_it_be_negotiable_dana_cole_pressed_is_cole(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # After "?" the parse ends the sentence; the tag after it is still that quotation's cue.
    text = (
        "\u201cBuilding it? Not negotiable,\u201d Mr. Ruiz said. "
        "\u201cWould it be negotiable about the 11 million?\u201d Dana Cole pressed."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "Would it be negotiable")
    assert quote.speaker.name == "Dana Cole"


def test_will_he_be_the_next_governor_a_staffer_in_the_room_wondered_is_not_ruiz(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Mr. Ruiz spoke about jobs. \u201cWill he be the next governor?\u201d a staffer in the room wondered."
    (quote,) = holding(quotes_of(text, nlp, registry), "next governor")
    assert quote.speaker.name is None
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "a staffer in the room"


def test_who_is_the_real_villain_said_pruitt_using_a_term_okafor_has_used_to_describe_is_pruitt(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # "to describe" is the infinitive of a relative clause on "a term": an aside, no cue of the next quotation.
    text = (
        "\u201cWho is the real villain here?\u201d said Dana Pruitt, using a term Okafor has used to describe the "
        "harbour board, on a call with reporters. \u201cThe mayor and the council produced budgets that "
        "shortchanged the docks.\u201d"
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "shortchanged the docks")
    assert quote.speaker.name == "Dana Pruitt"


def test_the_sailors_said_no_remembered_roy_vance_is_vance(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A verb right after the quotation with its subject after it is a tag, whatever the verb.
    text = (
        "\u201cAn awful lot of the sailors said no, and she set out to prove them wrong,\u201d "
        "remembered Roy Vance, the port's former spokesman."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "set out to prove")
    assert quote.speaker.name == "Roy Vance"


def test_okafor_also_embraced_the_toll_dash_i_think_the_toll_is_fairest_is_okafor(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A whole sentence quoted after a dash is the clause's subject's, as after a colon.
    text = (
        "Mayor Ruth Okafor also embraced the new toll plan -- \u201cI think the toll is the fairest way to pay "
        "for the bridge.\u201d"
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "fairest way")
    assert quote.speaker.name == "Ruth Okafor"


def test_okafor_unveiled_her_slogan_between_dashes_credits_no_one(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A title set between dashes is no sentence the subject says.
    text = "Mayor Ruth Okafor unveiled her slogan -- \u201cKeep The Port Ours.\u201d -- on Monday."
    (quote,) = holding(quotes_of(text, nlp, registry), "Keep The Port Ours")
    assert quote.speaker.name is None


def test_so_mean_spirited_no_space_okafor_said_is_okafor(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A closing mark run into the next word (",\u201dOkafor") is split from it, as after a space.
    text = "\u201cSome of the things he has said were so mean-spirited,\u201dOkafor said. \u201cIt does not fit.\u201d"
    for words in ("mean-spirited", "does not fit"):
        (quote,) = holding(quotes_of(text, nlp, registry), words)
        assert quote.speaker.name == "Okafor"


def test_a_port_source_who_was_not_authorized_told_the_gazette_is_a_port_source(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The mention is the description, without the closing mark and comma the parse hangs on it.
    text = (
        "\u201cThe crews involved are under a lot of pressure,\u201d a port source, who was not authorized "
        "to speak on the record, told the Gazette."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "under a lot of pressure")
    assert quote.speaker.mention is not None and quote.speaker.mention.text == "a port source"


def test_bill_easton_wearing_pier_9_union_pins_said_is_easton(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # A few quoted words inside the apposition do not hide the name before it.
    text = (
        "\u201cWe have had better seasons than this one,\u201d harbour pilot Bill Easton, wearing a red cap "
        "and \u201cPier 9\u201d union pins, said."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "better seasons")
    assert quote.speaker.name == "Bill Easton"


def test_okafor_whom_he_called_a_con_artist_is_ruiz(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The "he" of a relative clause is not the person the clause describes.
    text = 'Senator Ruiz said he had begun to unmask Okafor, whom he called a "con artist."'
    (quote,) = [q for q in holding(quotes_of(text, nlp, registry), "con artist") if q.kind == "partial"]
    assert quote.speaker.name == "Ruiz"


def test_when_he_called_okafor_unhinged_is_ruiz(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # The "he" of a verb is not the person it takes as object.
    text = 'Senator Tom Ruiz went after Mayor Dan Okafor at the debate, when he called Okafor "unhinged."'
    (quote,) = holding(quotes_of(text, nlp, registry), "unhinged")
    assert quote.speaker.name == "Tom Ruiz"


def test_okafor_told_the_gazette_that_ruiz_had_a_crazy_plan_adding_is_okafor(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # "adding" hung on the reported clause goes on from whoever reports it, not from its subject.
    text = (
        'To wit, Okafor told the Gazette that Tom Ruiz "had a crazy plan for the piers which was maniacal," '
        'adding, "He lost all of the dock vote."'
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "dock vote")
    assert quote.speaker.name == "Okafor"


def test_okafor_said_it_was_too_early_but_added_is_okafor(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    # "added" joined to a reported clause whose subject is an empty "it" goes on from the reporter.
    text = (
        "Addressing supporters Monday morning at party headquarters, Ruth Okafor, 70, said it was too early "
        'to congratulate winners but added, "I think you all have an idea of the results."'
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "idea of the results")
    assert quote.speaker.name == "Ruth Okafor"


@pytest.mark.parametrize(
    ("text", "description"),
    [
        ("A spokesman for the agency on Tuesday said that the review was complete.", "A spokesman for the agency"),
        ("A spokesman for the mayor last week said that the review was complete.", "A spokesman for the mayor"),
        ("A spokeswoman for the 2024 campaign said that the review was complete.", "A spokeswoman for the 2024 campaign"),
    ],
)
def test_a_spokesman_for_the_agency_on_tuesday_is_described_without_the_day(nlp, registry, text, description) -> None:  # type: ignore[no-untyped-def]
    """The day the parse hangs on the speaker belongs to the saying; a date inside the
    description ("the 2024 campaign") stays."""
    [quote] = holding(quotes_of(text, nlp, registry), "the review was complete")
    assert quote.speaker.description == description


def test_he_wrote_quote_and_said_he_did_not_want_is_the_writers_report(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The parse roots the line in the quotation's own verb; the clause after "and said"
    is still the writer's."""
    text = (
        "Mr. Tolliver, 58, a former executive, was confirmed by the Senate in April 2017. In his resignation "
        "letter, he wrote, \u201cIt has been the privilege of my life to lead this agency,\u201d and said he did "
        "not want to become a distraction from its work."
    )
    [quote] = holding(quotes_of(text, nlp, registry), "did not want to become")
    assert quote.speaker.name == "Tolliver"


@pytest.mark.parametrize(
    "text",
    [
        "The committee\u2019s senior Democrat, Senator Marian Kessler of Washington, said the panel should subpoena the records.",
        "A Democrat, Marian Kessler, said the panel should subpoena the records.",
    ],
)
def test_the_committees_senior_democrat_senator_marian_kessler_said_is_kessler(nlp, registry, text) -> None:  # type: ignore[no-untyped-def]
    [quote] = holding(quotes_of(text, nlp, registry), "subpoena the records")
    assert quote.speaker.name == "Marian Kessler"


@pytest.mark.parametrize(
    "text",
    [
        "Mr. Vale was told on Monday that his contract would end.",
        "The chairman said he had been told in advance that the administrator would be pushed out.",
    ],
)
def test_he_was_told_that_credits_no_one_with_what_he_was_told(nlp, registry, text) -> None:  # type: ignore[no-untyped-def]
    """The one told is no speaker of what he was told (the teller is unnamed)."""
    told = [q for q in quotes_of(text, nlp, registry) if q.text.startswith(("his contract", "the administrator"))]
    assert told and all(q.speaker.name is None and q.speaker.description is None for q in told)


def test_a_senior_administration_official_speaks_for_the_white_house_not_an_agency(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The Federal Broadband Access Administration said it would comply. The White House declined to comment. "
        "A senior administration official said that Mr. Vale had resigned."
    )
    [quote] = holding(quotes_of(text, nlp, registry), "Mr. Vale had resigned")
    assert quote.speaker.represents == "White House"


def test_pushed_back_on_a_politico_report_that_is_politicos_report(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The clause is what the outlet reported, not what the campaign said."""
    text = "The campaign pushed back Friday on a Politico report that wealthy donors had pressed the senator to abandon the cuts."
    [quote] = holding(quotes_of(text, nlp, registry), "wealthy donors had pressed")
    assert quote.speaker.name == "Politico" and quote.rule == "indirect.report"


def test_who_accused_her_of_pandering_for_a_plaque_quotes_the_accuser(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = 'The shift drew a rebuke from rival Wade Hollister, who accused her of "pandering for a plaque at the fair."'
    [quote] = holding(quotes_of(text, nlp, registry), "pandering for a plaque")
    assert quote.kind == "partial" and quote.speaker.name == "Wade Hollister"


def test_a_spokesman_for_ms_kowalczyk_said_then_the_spokesman_devin_marsh_said(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A role introduced before its holder's name in the same paragraph is that holder
    (a flagged inference)."""
    text = (
        "A spokesman for Ms. Kowalczyk said she had met twice with the governor. The spokesman, Devin Marsh, "
        "said she had made no commitments.\n\n"
        "The governor\u2019s spokeswoman, Megan Tollefson, said the money was added to the budget on June 12."
    )
    [quote] = holding(quotes_of(text, nlp, registry), "she had met twice")
    assert quote.speaker.name == "Devin Marsh" and quote.speaker.inferred


def test_its_president_denise_halvorsen_was_blunter_and_she_said_is_halvorsen(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A name apposed to the subject is the sentence's subject for a later "she"."""
    text = (
        "Ms. Ostrowski said she would not discuss the talks.\n\n"
        "The union\u2019s president, Denise Halvorsen, was blunter. \u201cThe governor\u2019s numbers are fiction,\u201d she said."
    )
    [quote] = holding(quotes_of(text, nlp, registry), "numbers are fiction")
    assert quote.speaker.name == "Denise Halvorsen"


def test_the_former_director_said_is_not_the_acting_director_named_later(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Tobias Wrenfield, who ran the agency a decade ago, spoke on the radio on Sunday.\n\n"
        "The former director said the monthly counts are checked by career staff.\n\n"
        "The deputy director, Lionel Abara, will serve as acting director."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "checked by career staff")
    assert (quote.speaker.name, quote.speaker.description) == (None, "The former director")


def test_she_added_after_two_untitled_names_is_the_woman_by_her_given_name(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Mayor Desmond Quarry on Monday dismissed the harbor master, hours after the harbor report came out.\n\n"
        "City spokeswoman Imelda Vantongeren said in a statement that Quarry had lost faith in the harbor office. "
        "The statement did not repeat the mayor's charge that the counts were padded. "
        "She added that residents \u201cneed numbers they can believe.\u201d"
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "numbers they can believe")
    assert quote.speaker.name == "Imelda Vantongeren"


def test_penrose_for_her_part_conceded_then_she_told_is_penrose(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The parser makes "Penrose" the root and "conceded" a clause on it; she is still the subject."""
    text = (
        "Gov. Marta Penrose spoke on Monday. The state archivist, Ruth Brockway, whose office kept the logs, "
        "wrote in a letter that her staff could not tell.\n\n"
        "Penrose, for her part, conceded in a Tuesday night interview that using the account was a mistake.\n\n"
        "\u201cUsing my own account was a shortcut,\u201d she told KDLR, a Harlow television station."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "was a shortcut")
    assert quote.speaker.name == "Marta Penrose"


def test_the_ap_reported_is_the_associated_press(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "The county has spent more than $40,000 on outside lawyers, the AP reported."
    (quote,) = holding(quotes_of(text, nlp, registry), "outside lawyers")
    assert quote.speaker.name == "Associated Press"


def test_the_complaint_filed_with_the_commission_by_the_project_is_the_projects(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The complaint, filed with the state\u2019s Judicial Review Board by the Open Courts Project, a watchdog "
        "group based in Harlow, argues that the donations created \u201ca plain appearance of bias.\u201d"
    )
    quotes = holding(quotes_of(text, nlp, registry), "appearance of bias")
    # (a complaint states its filer's case: the filer speaks, the document is described)
    assert quotes and all(q.speaker.name == "Open Courts Project" for q in quotes)
    assert all(q.speaker.description and q.speaker.description.startswith("The complaint") for q in quotes)


def test_dateline_then_a_county_prosecutor_said_is_no_town(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "BRISTOW, Mo. \u2014 A county prosecutor said on Tuesday that she would not bring charges against the officer, "
        "concluding that he could have mistaken the phone for a gun."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "would not bring charges")
    assert quote.speaker.name is None and quote.speaker.description == "A county prosecutor"


def test_standing_beside_mr_pike_s_mother_he_said_is_the_lawyer(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The report says eight seconds passed between Officer Dane Hollis\u2019s first command and his first shot.\n\n"
        "Hours later, outside the courthouse, a lawyer for the Pike family, Marcus Odell, said the timeline was "
        "misleading. Standing beside Mr. Pike\u2019s mother, Irene Pike, he said the first commands had been shouted "
        "while Mr. Pike still had his back to the officer."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "first commands had been shouted")
    assert quote.speaker.name == "Marcus Odell"


def test_after_odell_said_the_timeline_was_misleading_he_said_is_odell(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """The parse gives "said" no subject ("..., a lawyer for the Pike family, Marcus
    Odell, said"), so the reported speaker before the pronoun is its antecedent."""
    text = (
        "The report says Officer Dane Hollis ordered the man to show his hands at least three times.\n\n"
        "Hours later, outside the Lisle County Courthouse, a lawyer for the Pike family, Marcus Odell, said the "
        "timeline was misleading. Later he said the first commands had been shouted while the man still had his "
        "back to the officer."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "first commands had been shouted")
    assert quote.speaker.name == "Marcus Odell"


def test_marcus_tillery_tagged_an_organisation_then_tillery_told_is_marcus_tillery(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A given name the data knows, and its surname alone speaking later: a person, not an
    organisation. "Georgia Power said" is never "Power" speaking alone."""
    text = (
        "But for workers like Marcus Tillery, a highway maintenance worker from the town of Greer\u2019s Ferry, "
        "the shutdown means no paycheck on July 14.\n\n"
        "\u201cI\u2019ve got two kids and a mortgage,\u201d Tillery told HuffPost. \u201cI don\u2019t get to shut down.\u201d"
    )
    quotes = holding(quotes_of(text, nlp, registry), "two kids")
    assert [q.speaker.name for q in quotes] == ["Marcus Tillery"]


def test_a_health_department_spokeswoman_far_after_the_named_department(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A described body points back to a name, not to the article's lower-case "the
    department", and the name may be further back than a pronoun would look."""
    filler = "The clinic ran from nine to four, and families waited in a line around the block. " * 32
    text = (
        "The Corvale County Health Department said on Monday that the clinic had used old stock.\n\n"
        f"{filler}\n\nParents said the department had not called them.\n\n"
        "A health department spokeswoman said that every family would be called by Friday."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "every family")
    assert quote.speaker.name is None
    assert quote.speaker.represents == "Corvale County Health Department"


def test_the_union_local_12_of_the_harbor_transit_workers_union_said(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A body's unit the NER left out, named with its "of" phrase, speaks by that whole
    name, apposed to "the union" or as the subject itself."""
    text = (
        "Bus drivers walked off the job on Tuesday.\n\n"
        "The union, Local 12 of the Harbor Transit Workers Union, said the depot had no heat.\n\n"
        "In a post on Wednesday, Local 12 of the Harbor Transit Workers Union said talks would resume."
    )
    quotes = quotes_of(text, nlp, registry)
    for words in ("no heat", "talks would resume"):
        (quote,) = holding(quotes, words)
        assert quote.speaker.name == "Local 12 of the Harbor Transit Workers Union"


def test_a_company_spokeswoman_and_a_spokeswoman_for_the_company(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """ "A company spokeswoman" and "a spokeswoman for the company" speak for the company
    the article named before, as "the company said" does."""
    for cue in ("A company spokeswoman said", "A spokeswoman for the company said"):
        text = f"Halvorsen Energy Partners runs the line. It broke on Sunday.\n\n{cue} crews had recovered 410 barrels."
        (quote,) = holding(quotes_of(text, nlp, registry), "410 barrels")
        assert quote.speaker.name is None
        assert quote.speaker.represents == "Halvorsen Energy Partners"


def test_in_orrin_springs_ada_pruitt_67_waited_then_she_said(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A name the parse apposed to an opening phrase's place ("In Orrin Springs, Ada
    Pruitt, 67, waited") is the subject of the verb left without one: the "she" of the
    next paragraph's quotation is hers, not an earlier speaker's."""
    text = (
        "Renata Ostrova, a spokeswoman for the county, said the water was tested every hour.\n\n"
        "In Orrin Springs, Ada Pruitt, 67, waited in line on Tuesday with a neighbor’s garden wagon to haul water home. "
        "She has lived in town for four decades, she said.\n\n"
        "“Now it is all anybody talks about,” she said."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "all anybody")
    assert quote.speaker.name == "Ada Pruitt"


def test_the_fisherman_who_spotted_lyle_danner_corbin_vance_told(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A person is never another person's appositive: the name the parse apposed to the
    relative clause's object, just before the verb, is the subject's ("The fisherman who
    spotted Lyle Danner, Corbin Vance, told …")."""
    text = "The fisherman who spotted Lyle Danner, Corbin Vance, told a local station that the man was asleep in a shed."
    (quote,) = holding(quotes_of(text, nlp, registry), "asleep")
    assert quote.speaker.name == "Corbin Vance"


def test_marlow_county_sheriff_dana_ruckert_tagged_a_place_is_a_titled_name(nlp) -> None:  # type: ignore[no-untyped-def]
    """A name the NER ran into its title's place ("Marlow County Sheriff Dana Ruckert"
    tagged a place) is still the name after the title; one word after a title inside an
    organisation's name is none ("the Marlow County Sheriff Association")."""
    from spacy.tokens import Span

    from corroborate.nlp.person_names import titled_names

    doc = nlp("Marlow County Sheriff Dana Ruckert said the road was closed.")
    end = next(t.i for t in doc if t.text == "Ruckert") + 1
    doc.ents = [Span(doc, 0, end, label="GPE")]
    assert [span.text for span in titled_names(doc)] == ["Dana Ruckert"]
    other = nlp("The Marlow County Sheriff Association met on Monday.")
    end = next(t.i for t in other if t.text == "Association") + 1
    other.ents = [Span(other, 1, end, label="ORG")]
    assert titled_names(other) == []


def test_a_spokeswoman_for_the_company_after_a_house_energy_subcommittee(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A legislative body whose name holds a company's word ("House Energy and Commerce")
    is no company "the company" could mean."""
    text = (
        "Coldwater Power & Light restored service to most homes by Friday.\n\n"
        "Its chief executive testified on Tuesday before a House Energy and Commerce subcommittee.\n\n"
        "A spokeswoman for the company said crews were still working in two counties."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "still working")
    assert quote.speaker.represents == "Coldwater Power & Light"


def test_trustee_ivo_brandt_told_is_ivo_brandt(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "Not every trustee agreed. Trustee Ivo Brandt, one of two dissenters, told WXKT that the board had \u201crushed the vote.\u201d"
    (quote,) = holding(quotes_of(text, nlp, registry), "rushed the vote")
    assert quote.speaker.name == "Ivo Brandt"


def test_the_agency_said_after_the_centers_for_disease_control_is_the_centers(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "As of Monday, 41 people had fallen ill, according to the Centers for Disease Control and Prevention. "
        "Nine were treated in hospitals.\n\n"
        "The patients are between 3 and 77 years old, the agency said."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "between 3 and 77")
    assert quote.speaker.name == "Centers for Disease Control and Prevention"


def test_the_group_says_after_grey_heron_a_ransomware_gang_tagged_a_person_is_grey_heron(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Grey Heron, a ransomware gang, claimed the attack on a leak site it runs. A screenshot posted there lists "
        "staff Social Security numbers. The group says it took 3 terabytes of data."
    )
    (quote,) = holding(quotes_of(text, nlp, registry), "terabytes")
    assert quote.speaker.name == "Grey Heron"
