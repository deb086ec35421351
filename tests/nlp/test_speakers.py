"""Speaker search helpers on real parses of our own sentences."""

from __future__ import annotations

import pytest

from corroborate.nlp.person_names import chunks_headed_by

pytestmark = pytest.mark.model


def test_chunks_headed_by_match_the_sentence_by_sentence_definition(nlp) -> None:  # type: ignore[no-untyped-def]
    """The doc's noun chunks are found once; the result is what asking each sentence
    holding one of the words would give."""
    doc = nlp(
        "The Harbour Police Department said the pier was closed. Nobody was hurt.\n\n"
        "A spokesperson for the county police declined to comment. The ferry department "
        "and the police union met on Monday; the police said the talks went well."
    )
    words = ("department", "police")
    expected = []
    for sentence in doc.sents:
        if any(t.lower_ in words for t in sentence):
            expected.extend(chunk for chunk in sentence.noun_chunks if chunk.root.lower_ in words)
    assert [c.text for c in chunks_headed_by(doc, words)] == [c.text for c in expected]
    assert len(expected) >= 3


def test_no_chunks_when_no_sentence_holds_the_words(nlp) -> None:  # type: ignore[no-untyped-def]
    assert chunks_headed_by(nlp("The ferry left at noon."), ("department", "police")) == []


@pytest.mark.parametrize(
    "text",
    [
        "Ferry operator attorney Aitan Velmor said the ferry was safe. Velmor said it would sail.",
        "Aitan Velmor, the operator\u2019s attorney, said the ferry was safe. Velmor said it would sail.",
    ],
)
def test_a_person_the_ner_calls_an_organisation_is_indexed_by_their_role(nlp, text) -> None:  # type: ignore[no-untyped-def]
    from corroborate.nlp.people import index_people

    people = index_people(nlp(text), [])
    assert people.canonical("Velmor") == "Aitan Velmor"


def test_a_role_at_a_named_organisation_is_the_persons_role(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "Marla Quinn, the president of the Nevada State Education Association, said" gave
    no role: the organisation's name was taken for another person's in the appositive."""
    from corroborate.nlp.people import index_people

    doc = nlp("Marla Quinn, the president of the Nevada State Education Association, said teachers were angry.")
    assert index_people(doc, []).roles.get("Marla Quinn") == ["the president of the Nevada State Education Association"]
    misparsed = nlp("Dana Lowe, the mayor Ray Moss appointed, said the pier would close.")
    assert "the mayor Ray Moss appointed" not in index_people(misparsed, []).roles.get("Dana Lowe", [])


def test_a_lawyer_who_represents_mr_corwin_is_ruth_amsels_role(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "Ruth Amsel, a Dayton lawyer who represents Mr. Corwin, said" gave no role: the
    client's name in the relative clause was taken for a misparsed second name."""
    from corroborate.nlp.people import index_people

    doc = nlp("Ruth Amsel, a Dayton lawyer who represents Mr. Corwin, said the board had been told in advance.")
    people = index_people(doc, [])
    assert people.roles.get("Ruth Amsel") == ["a Dayton lawyer who represents Mr. Corwin"]
    assert people.gender.get("Ruth Amsel") != "m"  # (the client's "Mr." is not hers)


def test_a_past_role_or_a_role_at_a_named_body_is_shown_but_finds_no_one(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "the governor said" is not Ann Lee, "the former governor", nor Dan Gross, "president
    of the Ferry Riders Union", whom "the president" would not mean."""
    from corroborate.nlp.people import index_people

    text = (
        "Ann Lee, the former governor, spoke first. Dan Gross, the president of the Ferry Riders Union, "
        "spoke next. The governor said the pier would close."
    )
    people = index_people(nlp(text), [])
    assert people.roles.get("Ann Lee") == ["the former governor"]
    assert "governor" not in people.by_role
    assert people.roles.get("Dan Gross") == ["the president of the Ferry Riders Union"]
    assert "president" not in people.by_role


def test_tamsin_orrey_mr_kaels_campaign_manager_is_a_name_the_ner_missed(nlp) -> None:  # type: ignore[no-untyped-def]
    """A full name beside a role is a person's, tagged or not ("Tamsin Orrey, Mr.
    Kael's campaign manager, went further"; "his press secretary, Odile Varn")."""
    from corroborate.nlp.person_names import titled_names

    doc = nlp("Tamsin Orrey, Mr. Kael's campaign manager, went further. His press secretary, Odile Varn, agreed.")
    doc.ents = []  # as when the NER misses them
    assert [span.text for span in titled_names(doc)] == ["Tamsin Orrey", "Odile Varn"]


def test_a_pronoun_after_a_name_and_its_apposed_role_goes_to_the_name(nlp) -> None:  # type: ignore[no-untyped-def]
    """The words of a name found beside its role are that one mention, not a second
    surname mention a pronoun could count twice."""
    from corroborate.nlp.people import index_people

    doc = nlp("Tobias Orrey, Mr. Kael's campaign manager, went further. “We are not done,” he said.")
    doc.ents = [e for e in doc.ents if "Orrey" not in e.text]
    people = index_people(doc, [])
    assert [m.name for m in people.mentions if "Orrey" in m.name] == ["Tobias Orrey"]
    he = next(t for t in doc if t.text == "he")
    assert people.antecedent(he, None) == "Tobias Orrey"


def test_odile_varn_the_chairwoman_of_the_harbour_board_said_after_a_quote(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A name the tagger reads as common nouns after a closing quotation mark (as it read
    "Patrice Dunning" in a story of our own), beside its role, is the speaker's name, not
    a description."""
    from corroborate.nlp.quotes import extract_quotes
    from tests.nlp.helpers import article_of

    text = (
        "“For two winters this harbour has waited,” Odile Varn, the chairwoman of the Keldor Harbour Board, said in a statement."
    )
    doc = nlp(text)
    doc.ents = [e for e in doc.ents if "Varn" not in e.text]
    for token in doc:
        if token.text in ("Odile", "Varn"):
            token.pos_ = "NOUN"  # as the tagger read the names
    [quote] = extract_quotes(doc, article_of(text, registry), registry).quotes
    assert quote.speaker.name == "Odile Varn"


def test_a_keldoran_harbour_official_speaks_for_the_harbour_authority(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """An unnamed official speaks for the body the article named before by the word in
    front of them; "a senior administration official" is left to its own rule."""
    from tests.nlp.helpers import extraction_of

    text = (
        "The Keldor Harbour Authority closed the north pier on Monday. "
        "A senior harbour official told reporters the pilings had cracked in two places."
    )
    [quote] = extraction_of(text, nlp, registry).quotes
    assert quote.speaker.name is None and quote.speaker.represents == "Keldor Harbour Authority"
    text = "A senior harbour official told reporters the pilings had cracked in two places."
    [quote] = extraction_of(text, nlp, registry).quotes
    assert quote.speaker.represents is None  # no body named by that word before


def test_medicare_numbers_were_exposed_it_said_is_not_medicare_speaking(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """ "..., it said" after its reported words is no organisation those words name: the
    speaker is named before what it says."""
    from tests.nlp.helpers import extraction_of

    text = "The Keldor Clinic closed its ward. Medicare numbers of 9,000 patients were also exposed, it said."
    quotes = extraction_of(text, nlp, registry).quotes
    exposed = next(q for q in quotes if "exposed" in q.text)
    assert exposed.speaker.name == "Keldor Clinic"


def speaker_of(text: str, words: str, nlp, registry):  # type: ignore[no-untyped-def]
    """The speaker of the one quotation of `text` holding `words`."""
    from tests.nlp.helpers import extraction_of

    [quote] = [q for q in extraction_of(text, nlp, registry).quotes if words in q.text]
    return quote.speaker


@pytest.mark.parametrize(
    ("text", "words", "name"),
    [
        pytest.param(
            "The audit, dated March 4, was first reported on Friday by The Harbor Sentinel; a copy was reviewed by "
            "The New York Times. It found that the department spent $38.6 million on overtime.",
            "overtime",
            None,
            id="it-found-after-the-audit-is-no-paper",  # "It" goes on with the sentence before's subject
        ),
        pytest.param(
            "Keel Freight Corp. was criticized by The Harbor Sentinel. It said that the department spent $38.6 million.",
            "department",
            "Keel Freight Corp",
            id="it-said-after-keel-was-criticized-is-keel",
        ),
        pytest.param(
            "Pellam Pharmaceuticals will cut the list price of its popular insulin Glucavel by 69 percent, the drugmaker "
            "announced Tuesday, following months of pressure from senators. The New Jersey-based company said a vial "
            "of Glucavel, which now lists for nearly $290, will drop to $89 in the new year.",
            "$89",
            "Pellam Pharmaceuticals",
            id="the-company-is-the-drugmaker-not-its-insulin",  # a name that says it is a company
        ),
        pytest.param(
            "The Pell County Sheriff's Office said 12 people, including 11 children, were taken to hospitals.",
            "12 people",
            "Pell County Sheriff's Office",
            id="an-office-with-a-possessive-inside-its-name",
        ),
        pytest.param(
            "A spokesman for Galvin, Nate Albers, said the project had been budgeted for next year.",
            "budgeted",
            "Nate Albers",
            id="the-name-apposed-after-a-role-and-its-principal",  # tagged "Galvin, Nate Albers", one ORG
        ),
        pytest.param(
            "Mayor Anthony Fairley fired the chief. Mr. Pryce did not respond to messages on Tuesday. The mayor, "
            "for his part, was emphatic. “I have never once asked the chief to drop any inquiry,” he said.",
            "never once",
            "Anthony Fairley",
            id="he-after-the-mayor-was-emphatic-is-the-mayor",  # not the man named the sentence before
        ),
        pytest.param(
            "HARBOR CITY, Ore. — Keel Freight Corp., the region's largest shipper, said on Tuesday that it would "
            "close two depots.",
            "depots",
            "Keel Freight Corp",
            id="a-dateline-made-the-subject-is-no-speaker",
        ),
        pytest.param(
            "WASHINGTON — The Federal Election Commission has fined the re-election campaign of Representative "
            "Curtis R. Dunmore, Republican of Ohio, $187,500. “I never met Mr. Lyle,” Mr. Dunmore said.",
            "never met",
            "Curtis R. Dunmore",
            id="a-name-the-ner-began-at-its-middle-initial",  # tagged "R. Dunmore"
        ),
        pytest.param(
            "In her veto message, Voss said the state should not raise taxes so that lawmakers could “dodge hard "
            "votes,” calling the increase “the wrong tax in the wrong year.” She claimed the Ostmark Department of "
            "Transportation was “sitting on $600 million” it had not spent.\n\nMoDOT says that’s not true. “Every "
            "dollar is committed,” MoDOT spokeswoman Ana Lind said in a statement.",
            "not true",
            "MoDOT",
            id="modot-says-opening-its-line-read-as-an-adverb",  # the parse hung "says" on "claimed"
        ),
        pytest.param(
            "The union's president, Raymond Kolbeck, told reporters the vote was wrong.\n\nHollis Grange, the "
            "board’s president, called the vote “the hardest thing this board has done in my eleven years on it.”",
            "hardest",
            "Hollis Grange",
            id="hollis-grange-the-boards-president-tagged-a-place",  # not the union's president
        ),
        pytest.param(
            "PORT KESSLER, Ohio — The mayor said on Tuesday that the plant would close.",
            "plant",
            None,
            id="port-kessler-a-dateline-beside-the-subject-is-no-speaker",  # the mayor, unnamed
        ),
        pytest.param(
            "Dana Whitcomb pressed Rep. Ray Castellanos. The congressman argued the donations came from workers at "
            "the company, not the company itself.\n\n\"The money she's talking about came from linemen and meter "
            'readers who live in my district," he said. "If Dana thinks a lineman shouldn\'t be allowed to support a '
            'candidate, she should say so."\n\nWhitcomb didn\'t let up: "Those PAC checks have your name on them, Ray."',
            "PAC checks",
            "Dana Whitcomb",
            id="whitcomb-didnt-let-up-colon-after-say-so",
        ),
        pytest.param(
            "Lakeshore and Valley Mercy issued a joint statement within hours of the filing. Renata Voss, Valley "
            "Mercy’s chief executive, said the attorney general had “chosen litigation over conversation.” The "
            "companies said in the statement that the merger would not lead to higher prices.",
            "higher prices",
            "Lakeshore",
            id="the-companies-said-after-lakeshore-and-valley-mercy-issued",  # both, the first named
        ),
        pytest.param(
            "Kestrel Harbor Lines runs four ferries across the bay. The Sea Lark, its largest ferry, hit a barge on "
            "Monday. The route to Gull Point was closed; the company said it hoped to reopen it on Wednesday.",
            "reopen",
            "Kestrel Harbor Lines",
            id="the-company-said-after-a-ship-and-a-route-is-the-ferry-line",  # the company named earlier
        ),
        pytest.param(
            "The ferry struck a barge on Tuesday.\n\nPassenger Carl Venn, who was standing near the bow, told Fox "
            "News he saw the barge only seconds before the crash.",
            "seconds",
            "Carl Venn",
            id="passenger-carl-venn-is-carl-venn",  # a descriptor before a name is no part of it
        ),
        pytest.param(
            "The suit was brought by Clear Maps Alliance, a nonpartisan voting-rights group, and a dozen voters. "
            "The group called the ruling “a win for every voter” in a statement.",
            "a win",
            "Clear Maps Alliance",
            id="the-group-is-the-alliance-apposed-a-voting-rights-group",
        ),
        pytest.param(
            "Ms. Quell disputed that, saying in an email that managers had told workers on Tuesday.\n\nThe closing "
            "drew a quick response from Senator Joan Pell, Democrat of Ohio, who has made factory jobs a theme of her "
            "term. “They took our money and left,” she wrote on Twitter.",
            "took our money",
            "Joan Pell",
            id="she-wrote-after-a-response-from-senator-joan-pell-who-is-pell",  # a relative clause's subject
        ),
        pytest.param(
            "Much of the dispute turns on a memo. The document, written by the utility’s lab manager, Ravi Tamsin, "
            "was first reported by KXLB-TV on Tuesday.\n\n“We should not wait for lab confirmation to warn the east "
            "side,” the memo said, according to KXLB.",
            "We should not wait",
            "Ravi Tamsin",
            id="the-memo-said-is-its-writer-named-where-the-document-was-told-of",
        ),
        pytest.param(
            "St. Odile Medical Center, the city’s largest hospital, reported a rise in illness. “Our emergency room "
            "has treated 14 patients,” the hospital said in a statement.",
            "14 patients",
            "St. Odile Medical Center",
            id="the-hospital-said-is-st-odile-medical-center",  # a saint's "St." is no title
        ),
        pytest.param(
            "An environmental group, the Marrow River Alliance, blamed the outbreak on old pipes. In a report "
            "released in March, the group said the city had put off $47 million in repairs.",
            "put off",
            "Marrow River Alliance",
            id="the-group-is-the-alliance-apposed-to-an-environmental-group",
        ),
        pytest.param(
            "Copperfield Airways canceled 3,000 flights. FlightWatch, a tracking site, counted more. The company said "
            "a faulty update to its scheduling system scrambled its crew records.",
            "faulty update",
            "Copperfield Airways",
            id="the-company-is-copperfield-airways-not-the-tracking-site",
        ),
        pytest.param(
            "President Kellerman's nominee, Catherine Ashby, has withdrawn. Kellerman weighed in on X on Wednesday "
            'night.\n\n"Catherine Ashby is a tremendous public servant who was treated horribly by a dishonest '
            'press. We will announce a new nominee soon!" the president wrote.',
            "tremendous",
            "Kellerman",
            id="the-president-wrote-tagged-a-proper-noun-is-a-role",  # not a speaker named "president"  # "say" of the paragraph before reports nothing here
        ),
        pytest.param(
            "Marta Quill, a spokeswoman for the ferry line, said the captain had been moved. Maria Renn, the "
            "line's operations chief, is running the crossings in the interim, she said.",
            "running the crossings",
            "Marta Quill",
            id="renn-is-running-the-crossings-she-said-is-not-renn",  # a name in what "she" reports is not "she"
        ),
        pytest.param(
            "The drive is led by Ilse Varnum, a retired music teacher and block captain who said she had voted for "
            "the councilman twice.",
            "voted for the councilman",
            "Ilse Varnum",
            id="ilse-varnum-a-retired-teacher-and-block-captain-who-said",  # the person the relative's description is of
        ),
        pytest.param(
            "The recording runs nine minutes.\n\n“He’s on the board because somebody needed a face for the "
            "brochure,” Harwood says of Tillet at one point, according to a transcript published by the Ledger. "
            "“Nobody on this board takes him seriously.”",
            "Nobody on this board",
            "Harwood",
            id="nobody-on-this-board-after-harwood-says-according-to-a-transcript",  # the transcript is where, not who
        ),
        pytest.param(
            "The plea talks were first reported by KMBK News on Tuesday. The harbour chief would testify against "
            "his former aide, the TV station reported.",
            "testify against",
            "KMBK News",
            id="the-tv-station-reported-is-kmbk-news",
        ),
        pytest.param(
            "The plea talks were first reported by Reuters on Tuesday. The harbour chief would testify against his "
            "former aide, the outlet reported.",
            "testify against",
            "Reuters",
            id="the-outlet-reported-is-reuters",
        ),
        pytest.param(
            "Lena Holt, the harbour master, spoke after the vote. Odette Crane will lead the port authority in the "
            "interim, she said on Friday.",
            "lead the port authority",
            "Lena Holt",
            id="crane-will-lead-the-port-she-said-is-holt",
        ),
    ],
)
def test_the_speaker_named_for_the_words(text, words, name, nlp, registry) -> None:  # type: ignore[no-untyped-def]
    assert speaker_of(text, words, nlp, registry).name == name


def test_galvins_office_says_speaks_for_ray_galvin(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """An office owned by a surname the article gave in full before speaks for that person."""
    text = "County Executive Ray Galvin blamed the firm. Galvin's office says the work was scheduled for next year."
    said = speaker_of(text, "scheduled", nlp, registry)
    assert (said.description, said.represents) == ("Galvin's office", "Ray Galvin")


def test_a_kestrel_spokesperson_and_then_the_spokesperson_speak_for_kestrel_harbor_lines(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A company's first word before "spokesperson" names the company; "the spokesperson"
    after it speaks for the same company."""
    text = (
        "Kestrel Harbor Lines runs four ferries across the bay. A Kestrel spokesperson told reporters the union's "
        "claims were false. The spokesperson said the captain had been placed on leave."
    )
    assert speaker_of(text, "claims were false", nlp, registry).represents == "Kestrel Harbor Lines"
    assert speaker_of(text, "placed on leave", nlp, registry).represents == "Kestrel Harbor Lines"


def test_bluewater_tagged_a_person_beside_bluewater_harbor_lines_is_no_person(nlp) -> None:  # type: ignore[no-untyped-def]
    """A company's first word the NER tags a person is the company when no person of
    that surname is named ("Mr. Mott" is)."""
    from corroborate.nlp.people import index_people

    text = (
        "The ferry is run by Bluewater Harbor Lines, a private company. The union's president, Leonard Mott, spoke "
        "on Monday.\n\nBluewater has eliminated 38 crew positions since January, according to Mr. Mott. "
        "Bluewater’s chief executive visited the injured."
    )
    people = index_people(nlp(text), [])
    assert "bluewater" in people.not_person
    assert "mott" not in people.not_person


def test_teresa_vukovich_tagged_a_work_of_art_is_a_person(nlp) -> None:  # type: ignore[no-untyped-def]
    """A full name with a common first name the NER labels a work of art (or a product,
    an event, a law) is a person, as one it labels an organisation is."""
    from spacy.tokens import Span

    from corroborate.nlp.people import index_people

    doc = nlp("“This was not a software problem,” Teresa Vukovich, president of the pilots union, said in a statement.")
    start = next(t.i for t in doc if t.text == "Teresa")
    doc.ents = [Span(doc, start, start + 2, label="WORK_OF_ART")]
    assert [m.name for m in index_people(doc, []).mentions] == ["Teresa Vukovich"]


def test_the_office_says_after_her_office_said_speaks_for_dana_whitford(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A bare "the office" goes back to the latest "her office" of the article: hers."""
    text = (
        "Sen. Dana Whitford has missed three weeks of votes. Her office said she had the flu.\n\n"
        "The office says the senator is resting at home."
    )
    said = speaker_of(text, "resting", nlp, registry)
    assert (said.description, said.represents) == ("The office", "Dana Whitford")


def test_the_plan_after_her_plan_speaks_for_no_one(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """Only what speaks for a person ("office", "campaign") goes back to its owner."""
    text = "Gov. Ilse Marrow unveiled her plan on Monday. The plan says schools will get more money."
    said = speaker_of(text, "schools", nlp, registry)
    assert said.represents is None


def test_according_to_the_indictment_including_a_trip_to_disney_world_is_the_indictments(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """What a document lists ("including a trip to ...") is no part of its description."""
    text = "More than $40,000 went to family travel, according to the indictment, including a trip to Disney World."
    said = speaker_of(text, "family travel", nlp, registry)
    assert said.description == "the indictment"


def test_the_sheriffs_office_said_is_the_harlan_county_sheriffs_office(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A role's office ("the sheriff's office") is the body named before whose name holds both words."""
    text = (
        "The Harlan County Sheriff's Office said an inmate was found unresponsive on Sunday.\n\n"
        "He was declared dead shortly after 6 a.m., the sheriff's office said."
    )
    assert speaker_of(text, "declared dead", nlp, registry).name == "Harlan County Sheriff's Office"
    unnamed = "An inmate died on Sunday.\n\nHe was declared dead shortly after 6 a.m., the sheriff's office said."
    assert speaker_of(unnamed, "declared dead", nlp, registry).name is None


def test_according_to_whitcombe_reyes_the_log_shows_is_whitcombe_reyes(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """What a record shows, by "according to" someone, is theirs to say: the record is no speaker."""
    text = (
        "The family hired attorney Dana Whitcombe-Reyes on Monday.\n\n"
        "According to Whitcombe-Reyes, the log shows no guard checked on the man for more than three hours."
    )
    said = speaker_of(text, "no guard", nlp, registry)
    assert said.name == "Dana Whitcombe-Reyes"


def test_confidence_in_kessling_read_as_a_place_stays_sheriff_roy_kessling(nlp) -> None:  # type: ignore[no-untyped-def]
    """A full name's surname the NER once reads as a place ("confidence in Kessling") is still theirs."""
    from corroborate.nlp.people import index_people

    text = (
        "Sheriff Roy Kessling stood by his officers. Kessling said the checks were done. "
        "The chairman said he has full confidence in Kessling.\n\nKessling told reporters the jail is short 14 officers."
    )
    doc = nlp(text)
    people = index_people(doc, [])
    assert "kessling" not in people.not_person
    assert [m.name for m in people.mentions].count("Roy Kessling") >= 3


def test_she_added_after_a_spokeswoman_told_huffpost_is_the_spokeswoman(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A "she" continuing an unnamed spokeswoman's quotation is hers, not the woman named before."""
    text = (
        "Candidate Dana Orme said she would ask a court to stop the count.\n\n"
        "\u201cEvery ballot is accounted for,\u201d a spokeswoman for the county elections office told HuffPost. "
        "She added that staff members had watched the count."
    )
    said = speaker_of(text, "staff members", nlp, registry)
    assert (said.name, said.description) == (None, "a spokeswoman for the county elections office")


@pytest.mark.parametrize(
    ("text", "words", "name"),
    [
        pytest.param(
            "\u201cTariffs are a tax paid by American consumers, not by foreign governments,\u201d "
            "the alliance\u2019s top lobbyist, Denise Carrow, told HuffPost.",
            "Tariffs",
            "Denise Carrow",
            id="a name set off by commas after a role speaks, however the parse hangs it",
        ),
        pytest.param(
            "The Tully County Sheriff\u2019s Office sees it differently. In a statement Monday, the office said "
            "nothing pointed to foul play.",
            "foul play",
            "Tully County Sheriff\u2019s Office",
            id="a capitalised sheriff's office the NER leaves untagged at a sentence's start is an organisation",
        ),
        pytest.param(
            "Maren Tulley, founder of Orrin Valley Parents for Literacy, told Fox News that members had read every "
            "book.\n\nAfter the vote, the group wrote on Facebook: \u201cParents showed up, and parents were heard.\u201d",
            "Parents showed up",
            "Orrin Valley Parents for Literacy",
            id="the group is a group whose name does not say it is one, cut at its for by the NER; not the outlet",
        ),
        pytest.param(
            "The Harwick Civil Liberties Union sent the board a letter on Tuesday.\n\n"
            "The civil liberties group also said that most of the removed books were by women.",
            "removed books",
            "Harwick Civil Liberties Union",
            id="the civil liberties group is the body named before with those words, of that kind",
        ),
        pytest.param(
            "The Harbor Ethics Board released a 60-page report on Monday.\n\n"
            "The report found that Gail Smith had misused the fund.",
            "misused",
            "Harbor Ethics Board",
            id="the report found is the body the article said released the report",
        ),
        pytest.param(
            "The Harbor Ethics Board released its findings on Monday.\n\nThe board read the record differently. "
            "Its report said that the treasurer had charged the meals \u201cat her direction.\u201d",
            "charged the meals",
            "Harbor Ethics Board",
            id="its report is the report of the body the sentence before is about",
        ),
        pytest.param(
            "The Harbor Ethics Board released its findings on Monday.\n\nThe board read the record differently. "
            "Its report said that the treasurer had charged the meals. It added that three invoices "
            "\u201cappear to have been created after the fact.\u201d",
            "created after",
            "Harbor Ethics Board",
            id="it after its report goes on with the report's author",
        ),
        pytest.param(
            "The Lakeshore Riders Union has organized against the cuts for months.\n\n"
            "By the union\u2019s math, the hole is closer to $29 million once the reserve is set aside.",
            "the hole",
            "Lakeshore Riders Union",
            id="by the union's math states the union's reckoning, as according to the union",
        ),
        pytest.param(
            "Mr. Dorne said in a brief statement that he had not known of the recording.\n\n"
            "Late on Monday, Ambassador Ilse Marrow issued an apology on the embassy\u2019s account.\n\n"
            "\u201cI deeply regret that my remarks caused offense,\u201d the statement said.",
            "deeply regret",
            "Ilse Marrow",
            id="the statement after an apology someone issued is that apology's author's",
        ),
        pytest.param(
            "The Harlow Valley Courier printed the memo on Sunday.\n\nThe paper said it was written in March.",
            "written in March",
            "Harlow Valley Courier",
            id="the paper is the newspaper named before",
        ),
    ],
)
def test_a_described_speaker_is_the_one_named_before(text, words, name, nlp, registry) -> None:  # type: ignore[no-untyped-def]
    assert speaker_of(text, words, nlp, registry).name == name


def test_wrote_on_x_then_a_spokeswoman_is_the_spokeswomans(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A post "on X." ends its sentence: the next sentence's spokeswoman is no part of the post."""
    text = (
        "\u201cSettlements are not laws,\u201d the Delta Nurses Union wrote on X. A spokeswoman for the Ohio "
        "Department of Health told Fox News that the department was reviewing the agreement."
    )
    said = speaker_of(text, "reviewing", nlp, registry)
    assert (said.name, said.description) == (None, "A spokeswoman for the Ohio Department of Health")


def test_approved_by_the_board_is_no_reckoning(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """Only a count, an estimate or the like is someone's reckoning: "by the board" is an agent."""
    from tests.nlp.helpers import extraction_of

    assert extraction_of("The bill was approved by the board on Monday, by a vote of 5 to 2.", nlp, registry).quotes == []


def test_renata_okafor_read_as_a_place_is_ms_okafor(nlp) -> None:  # type: ignore[no-untyped-def]
    """A full name the NER tags a place is the person the article calls "Ms. Okafor":
    the pipeline's entity step (`line_entities`, run after the NER) relabels it once, and
    every reader of the entities sees the person."""
    from spacy.tokens import Span

    from corroborate.nlp.entities import extract_mentions
    from corroborate.nlp.people import index_people
    from corroborate.nlp.pipeline import line_entities

    doc = nlp("Superintendent Renata Okafor spoke first. Ms. Okafor said the buses were late.")
    renata = next(t.i for t in doc if t.text == "Renata")
    okafor = next(t.i for t in doc if t.text == "Okafor" and t.i > renata + 1)
    doc.ents = [Span(doc, renata, renata + 2, label="GPE"), Span(doc, okafor, okafor + 1, label="PERSON")]
    doc = line_entities(doc)
    people = index_people(doc, [])
    assert "okafor" not in people.not_person
    assert [m.name for m in people.mentions] == ["Renata Okafor", "Renata Okafor"]
    assert [m.kind for m in extract_mentions(doc, "t")] == ["person", "person"]


def test_a_spokeswoman_for_the_clerk_and_recorders_office_is_no_guess_at_the_chief_of_staff(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A description saying whom it speaks for is not taken for the person named before it,
    even when that body is no entity of the article."""
    text = (
        "Ravi Dunmore, the councilman's chief of staff, said he would not resign. “We have not received a petition,” "
        "a spokeswoman for the Port Linden Clerk and Recorder’s office said."
    )
    said = speaker_of(text, "received a petition", nlp, registry)
    assert said.name is None and said.represents != "Ravi Dunmore"
    assert said.description == "a spokeswoman for the Port Linden Clerk and Recorder’s office"


@pytest.mark.parametrize(
    ("text", "represents"),
    [
        (
            "Senate leader Odile Marrick promised to hold the bill. A spokesman for Marrick told reporters the leader "
            "“never made any such promise” and had nothing to add.",
            "Odile Marrick",
        ),
        (
            "Gov. Tamsin Ellery signed the bill. A spokesperson for Ellery’s office told reporters that the estimate "
            "“includes every part of the exemption” and that the larger figure covers a longer period.",
            "Tamsin Ellery",
        ),
    ],
    ids=["a-spokesman-for-marrick", "a-spokesperson-for-ellerys-office"],
)
def test_a_spokesperson_for_a_surname_named_before_speaks_for_that_person(text, represents, nlp, registry) -> None:  # type: ignore[no-untyped-def]
    from tests.nlp.helpers import extraction_of

    words = "includes every part" if "Ellery" in text else "never made"
    said = [q.speaker for q in extraction_of(text, nlp, registry).quotes if words in q.text]
    assert said and all((s.name, s.represents, s.inferred) == (None, represents, False) for s in said)
