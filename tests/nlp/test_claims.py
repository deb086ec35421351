"""Claims cut from hand-written sentences: one statement a claim, attribution left out."""

from __future__ import annotations

import pytest

from corroborate.model import Claim
from corroborate.nlp.claims import extract_claims
from corroborate.nlp.quotes import extract_quotes

from .helpers import article_of

pytestmark = pytest.mark.model


def extracted(text: str, nlp, registry) -> list[Claim]:
    """The claims of `text` (its quotes extracted first), after checking every offset."""
    article = article_of(text, registry)
    doc = nlp(text)
    claims = extract_claims(doc, article, extract_quotes(doc, article, registry).quotes)
    for claim in claims:
        assert text[claim.start : claim.end] == claim.text
        for quantity in claim.quantities:
            assert text[quantity.start : quantity.end] == quantity.text
    return claims


def claims_of(text: str, nlp, registry) -> list[tuple[str, str]]:
    """(rule, text) of each claim of `text`, after checking every offset."""
    return [(c.rule, c.text) for c in extracted(text, nlp, registry)]


def test_a_plain_sentence_is_one_claim(nlp, registry) -> None:
    text = "The ferry carried about 300 passengers across the bay on Sunday."
    assert claims_of(text, nlp, registry) == [("claim.sentence", text)]


def test_clauses_with_their_own_subjects_are_two_claims(nlp, registry) -> None:
    text = "The harbour office reopened the northern pier on Monday, but the southern pier stays closed to all boats."
    claims = claims_of(text, nlp, registry)
    assert [rule for rule, _ in claims] == ["claim.clause", "claim.clause"]
    assert claims[0][1] == "The harbour office reopened the northern pier on Monday"
    assert claims[1][1] == "the southern pier stays closed to all boats."


def test_while_meaning_at_the_same_time_does_not_split(nlp, registry) -> None:
    text = "The pier will stay closed for two months while the city repairs the damaged pilings."
    assert claims_of(text, nlp, registry) == [("claim.sentence", text)]


def test_reported_speech_keeps_what_is_said_not_who_said_it(nlp, registry) -> None:
    text = "Harbour master Ines Duarte said that the storm had damaged at least four mooring posts."
    [(rule, claim)] = claims_of(text, nlp, registry)
    assert rule == "claim.quoted"
    assert claim == "the storm had damaged at least four mooring posts"


def test_a_direct_quote_is_the_claim_of_its_speaker(nlp, registry) -> None:
    text = '"We lost two boats and the fuel dock in one night," said harbour master Ines Duarte.'
    [(rule, claim)] = claims_of(text, nlp, registry)
    assert (rule, claim) == ("claim.quoted", "We lost two boats and the fuel dock in one night")


def test_a_partial_quote_leaves_the_sentence_whole(nlp, registry) -> None:
    text = "Duarte told reporters there are 'several boats' that have 'sunk at their moorings' near the pier."
    claims = claims_of(text, nlp, registry)
    assert len(claims) == 1
    assert "several boats" in claims[0][1] and "sunk at their moorings" in claims[0][1]


def test_a_question_and_a_fragment_are_no_claims(nlp, registry) -> None:
    assert claims_of("Will the pier reopen before the summer season?", nlp, registry) == []
    assert claims_of("Storm damage.", nlp, registry) == []


@pytest.mark.parametrize(
    ("text", "hedges"),
    [
        ("The ferry reportedly carried about 300 passengers on Sunday.", ("reportedly",)),
        ("The suspected arsonist was seen near the boathouse on Friday.", ("suspected",)),
        ("The skipper is thought to have left the harbour before the storm.", ("thought to",)),
        ("It is understood that the harbour board rejected the offer.", ("understood that",)),
        ("The fire was likely caused by a faulty heater in the galley.", ("likely",)),
        ("The unverified footage shows a tug drifting towards the pier.", ("unverified",)),
        ("The tug drifted towards the pier after its engine failed.", ()),
        ("The ferry returns to service in May.", ()),  # the month, not the modal
        # The words that say how a reported claim is known hedge it too.
        ('"The pier will reopen in May," the harbour master reportedly said.', ("reportedly",)),
    ],
)
def test_a_claim_keeps_its_hedges(text, hedges, nlp, registry) -> None:
    [claim] = extracted(text, nlp, registry)
    assert claim.hedges == hedges


def test_a_figure_in_the_attribution_stays_in_the_claim(nlp, registry) -> None:
    """ "Officials cited only two times that ...": the count is what is stated."""
    text = "Port officials cited only two times that the harbour had been closed to fishing boats."
    claims = claims_of(text, nlp, registry)
    assert any("only two times" in claim for _, claim in claims)


@pytest.mark.parametrize(
    ("text", "predicate", "negated"),
    [
        ("The harbour master resigned from the port board on Friday.", "resign", False),
        ("The harbour master announced on Friday that he is resigning from the port board.", "resign", False),
        ("The harbour master said that he would not seek another term on the port board.", "seek", True),
    ],
)
def test_a_claim_knows_its_predicate(text, predicate, negated, nlp, registry) -> None:
    [claim] = extracted(text, nlp, registry)
    assert (claim.predicate, claim.negated) == (predicate, negated)


def test_a_report_before_its_cue_gives_the_predicate_after_a_headline(nlp, registry) -> None:
    """ "X is resigning from the board, she announced Friday" run on from a headline:
    the parser hangs the report on the cue as an adverbial clause; the event is
    "resign", not "announce"."""
    text = (
        "Port Chief Mara Voss Resigns After Budget Row\n\n"
        "Harbour Master Mara Voss (R-Maine) is resigning from the port board, she announced Friday in a statement and video."
    )
    claims = extracted(text, nlp, registry)
    lede = next(c for c in claims if c.text.startswith("Harbour Master"))
    assert lede.predicate == "resign"


def test_washington_dash_is_no_predicate(nlp, registry) -> None:
    """A dateline dash tagged as the main verb: the predicate is the verb under it."""
    text = "WASHINGTON ― Harbour agent Mara Voss, who ran the ferry office for a decade, was dismissed on Friday."
    claims = extracted(text, nlp, registry)
    assert next(c for c in claims if c.rule == "claim.sentence").predicate == "dismiss"


def test_a_claim_names_who_and_where(nlp, registry) -> None:
    """People, organisations and groups are its participants, places apart; a leading
    "the" is no part of a name."""
    text = "Mara Voss resigned from the Maine Port Authority on Friday after a row over the ferry budget in Portland."
    [claim] = extracted(text, nlp, registry)
    assert (claim.participants, claim.places) == (("Mara Voss", "Maine Port Authority"), ("Portland",))


def test_ortiz_downplayed_the_report_suggesting_the_pier_was_safe(nlp, registry) -> None:
    """The outlet's own statement that a report of speech hangs on is a claim too."""
    text = (
        "Yet Ortiz, D-Ohio, downplayed the harbour report, expressing doubts about its figures "
        "but suggesting that the pier was safe enough for light traffic."
    )
    assert claims_of(text, nlp, registry) == [
        ("claim.frame", "Ortiz, D-Ohio, downplayed the harbour report, expressing doubts about its figures"),
        ("claim.quoted", "the pier was safe enough for light traffic"),
    ]


def test_the_governor_joined_officials_calling_on_the_chief_to_resign_as_he_vowed_to_stay(nlp, registry) -> None:
    text = (
        "The governor joined several other officials Tuesday in calling on the harbour chief to resign, "
        "as the chief continued to defend his record and vowed to stay in his post."
    )
    claims = claims_of(text, nlp, registry)
    assert claims[0] == (
        "claim.frame",
        "The governor joined several other officials Tuesday in calling on the harbour chief to resign, "
        "as the chief continued to defend his record",
    )
    assert claims[1] == ("claim.quoted", "to stay in his post")


def test_the_harbour_master_called_the_decision_a_betrayal_and_said_it_broke_a_promise(nlp, registry) -> None:
    """A speech act joined to the report ("called ... and said ...") is the speaker's
    second statement, not a report of a report: its words stay a claim."""
    text = (
        "The harbour master called the decision \u201ca betrayal of the fishing fleet\u201d and said it broke "
        "the mayor\u2019s earlier promise to consult the crews."
    )
    frame, quoted = extracted(text, nlp, registry)
    assert [(c.rule, c.text) for c in (frame, quoted)] == [
        ("claim.frame", "The harbour master called the decision \u201ca betrayal of the fishing fleet\u201d"),
        ("claim.quoted", "it broke the mayor\u2019s earlier promise to consult the crews"),
    ]
    # Both are the harbour master's statements, not the outlet's: the frame carries his quote.
    assert frame.quote is not None and frame.quote == quoted.quote


def test_ortiz_downplayed_the_report_is_the_outlets_own_frame(nlp, registry) -> None:
    """A frame whose verb is no speech act is the outlet's statement: it carries no quote."""
    text = "Ortiz downplayed the harbour report, saying that the pier was safe enough for light traffic."
    frame, quoted = extracted(text, nlp, registry)
    assert (frame.rule, frame.quote, quoted.rule) == ("claim.frame", None, "claim.quoted")


def test_mara_voss_said_she_told_the_council_is_one_report(nlp, registry) -> None:
    """A cue inside another's report ("said she told ...") frames nothing of its own."""
    text = "Mara Voss said she told the council the pier was unsafe."
    assert claims_of(text, nlp, registry) == [("claim.quoted", "she told the council the pier was unsafe")]


def test_duarte_told_reporters_after_the_vote_leaves_no_frame(nlp, registry) -> None:
    """A cue heading its clause ("X told reporters that ...") frames nothing of its own."""
    text = "After the vote, Duarte told reporters that the pier would reopen in May."
    assert claims_of(text, nlp, registry) == [("claim.quoted", "the pier would reopen in May")]


def test_the_plan_has_drawn_criticism_with_the_union_saying(nlp, registry) -> None:
    """The frame ends before the word that hangs the report on it ("..., with")."""
    text = (
        "The harbour plan has drawn sharp criticism from fishermen, with the union saying that "
        "the new fees would drive boats away."
    )
    assert claims_of(text, nlp, registry) == [
        ("claim.frame", "The harbour plan has drawn sharp criticism from fishermen"),
        ("claim.quoted", "the new fees would drive boats away"),
    ]


def test_ms_ortiz_who_had_left_the_board_quit_the_council(nlp, registry) -> None:
    """A relative clause set off after the subject states a second thing about it."""
    text = "Ms. Ortiz, who had left the harbour board before the vote, quit the city council in May."
    assert claims_of(text, nlp, registry) == [
        ("claim.sentence", text),
        ("claim.relative", "Ms. Ortiz, who had left the harbour board before the vote"),
    ]


def test_ms_ortiz_who_had_left_the_board_is_about_ortiz(nlp, registry) -> None:
    """The relative pronoun stands for the person the clause describes: the second claim is about her."""
    text = "Ms. Lena Ortiz, who had left the harbour board before the vote, quit the city council in May."
    assert [(c.rule, c.subject) for c in extracted(text, nlp, registry)] == [
        ("claim.sentence", "Lena Ortiz"),
        ("claim.relative", "Lena Ortiz"),
    ]


def test_the_harbour_club_a_group_that_sued_the_city_lashed_out_is_one_claim(nlp, registry) -> None:
    """An appositive's relative clause describes the description, not a second event of the subject."""
    text = "The Harbour Club, a sailing group that sued the city in 2014, lashed out at the mayor on Friday."
    assert claims_of(text, nlp, registry) == [("claim.sentence", text)]


def test_the_men_who_fled_the_building_is_one_claim(nlp, registry) -> None:
    """A restrictive relative clause names the subject: no second claim."""
    text = "The men who fled the burning warehouse were arrested on Sunday."
    assert claims_of(text, nlp, registry) == [("claim.sentence", text)]


def test_mayor_duarte_said_at_a_rally_here(nlp, registry) -> None:
    """Where a quotation was said (a venue) is the outlet's claim of its own."""
    text = '"We will rebuild the pier before the summer," Mayor Ines Duarte said at a rally here.'
    assert claims_of(text, nlp, registry) == [
        ("claim.attribution", "Mayor Ines Duarte said at a rally here"),
        ("claim.quoted", "We will rebuild the pier before the summer"),
    ]


def test_duarte_told_a_local_affiliate_in_denver(nlp, registry) -> None:
    text = '"My view has not changed since the start," Duarte told a local affiliate in Denver.'
    assert claims_of(text, nlp, registry)[0] == ("claim.attribution", "Duarte told a local affiliate in Denver")


def test_duarte_said_in_a_statement_is_no_attribution_claim(nlp, registry) -> None:
    """A channel ("in a statement") or the press at large ("told reporters") is no occasion."""
    text = "Duarte said in a statement that the storm had damaged at least four mooring posts."
    assert claims_of(text, nlp, registry) == [("claim.quoted", "the storm had damaged at least four mooring posts")]
    text = '"We lost two boats and the fuel dock," Duarte told reporters on the quay.'
    assert [rule for rule, _ in claims_of(text, nlp, registry)] == ["claim.quoted"]


def test_she_made_no_apologies_proclaiming_she_would_fight_for_the_harbour(nlp, registry) -> None:
    """A quotation too short to be the sentence's claim still leaves the statement it hangs on."""
    text = (
        'She made no apologies for the remark on Friday, proclaiming that "I will always fight for '
        'this harbour," and her staff agreed.'
    )
    assert claims_of(text, nlp, registry) == [
        ("claim.sentence", text),
        ("claim.frame", "She made no apologies for the remark on Friday"),
    ]


def test_a_refusal_joined_to_the_cue_after_the_report_is_a_claim_of_its_own(nlp, registry) -> None:
    """ "X said ... but declined to say whether ...": what she declined is the outlet's
    statement, neither part of what she said nor dropped."""
    text = (
        "Governor Dana Whitfield said Friday the complaints that farmers have with the water board should be a "
        "signal for the state to consult them about their needs but declined to say whether she would veto the bill."
    )
    claims = extracted(text, nlp, registry)
    assert [(c.rule, c.text) for c in claims] == [
        (
            "claim.quoted",
            "Governor Dana Whitfield said Friday the complaints that farmers have with the water board should be a "
            "signal for the state to consult them about their needs",
        ),
        ("claim.conjunct", "declined to say whether she would veto the bill."),
    ]
    assert claims[1].quote is None and claims[1].subject == "Dana Whitfield"


def test_a_verb_joined_inside_the_report_stays_in_it(nlp, registry) -> None:
    text = "The harbour master said the storm had damaged two piers and would keep the ferries in port until Friday."
    assert claims_of(text, nlp, registry) == [
        ("claim.quoted", "the storm had damaged two piers and would keep the ferries in port until Friday")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Governor Dana Whitfield declined to say when the evacuation order would be lifted.",
        "The mayor did not say how much the new pier had cost the city.",
    ],
)
def test_a_question_the_speaker_would_not_answer_is_no_claim_of_theirs(text, nlp, registry) -> None:
    """ "declined to say when …": the outlet states the refusal; the question states nothing."""
    assert claims_of(text, nlp, registry) == [("claim.sentence", text)]


def test_the_mayor_said_how_much_the_pier_cost_was_a_secret_is_hers(nlp, registry) -> None:
    text = "The mayor said how much the new pier had cost the city was a secret."
    assert claims_of(text, nlp, registry) == [("claim.quoted", "how much the new pier had cost the city was a secret")]


def test_i_never_saw_it_as_a_mistake_said_harlow_who_has_not_decided_keeps_the_quotation(nlp, registry) -> None:
    # The question left open still counts as reported speech: the quotation stays a claim of its own.
    text = '"I never saw it as a mistake," said Sue Harlow, 62, who has not decided which candidate she will back.'
    assert claims_of(text, nlp, registry) == [("claim.quoted", "I never saw it as a mistake")]


def occasions_of(text: str, nlp, registry) -> list[tuple[str | None, str]]:
    """(class, text) of each occasion claim of `text`."""
    return [(c.event, c.text) for c in extracted(text, nlp, registry) if c.rule == "claim.attribution"]


def test_the_mayor_in_an_interview_with_channel_9_gave_her_party_even_odds(nlp, registry) -> None:
    """An interview frames any verb, set off after the subject or before it; the rest is what was done."""
    text = "The mayor, in an interview with Channel 9 to air Sunday morning, gave her party even odds of keeping the council."
    assert occasions_of(text, nlp, registry) == [("interview", "The mayor, in an interview with Channel 9 to air Sunday morning")]
    text = "In an interview with Channel 9, Mayor Ines Duarte delivered a warning to her party."
    assert occasions_of(text, nlp, registry) == [("interview", "In an interview with Channel 9, Mayor Ines Duarte")]


def test_duarte_said_the_party_could_lose_in_an_interview_sunday_on_channel_9(nlp, registry) -> None:
    """An interview named at the end of a report is its occasion, wherever the parse hangs it."""
    text = "Duarte said there is a real chance that the party will lose its majority in an interview Sunday on Channel 9."
    occasions = extracted(text, nlp, registry)
    found = [c for c in occasions if c.rule == "claim.attribution"]
    assert [(c.event, c.text, c.by, c.subject) for c in found] == [
        ("interview", "in an interview Sunday on Channel 9", None, "Duarte")
    ]


def test_duarte_told_about_400_supporters_at_the_county_fairgrounds(nlp, registry) -> None:
    """An audience heard in person is an appearance, with where it was; what was said is not in it."""
    text = '"We will turn this around," Duarte told about 400 supporters at the county fairgrounds, addressing the closure.'
    assert occasions_of(text, nlp, registry) == [("appearance", "Duarte told about 400 supporters at the county fairgrounds")]


def test_duarte_told_harbor_fox_affiliate_khbr_tv(nlp, registry) -> None:
    text = '"I have not changed my view on the bridge," Duarte told Harbor Fox affiliate KHBR-TV.'
    assert occasions_of(text, nlp, registry) == [("interview", "Duarte told Harbor Fox affiliate KHBR-TV")]


def test_the_governors_were_responding_to_new_events_is_no_occasion(nlp, registry) -> None:
    """A setting's noun in another sense ("responding to new events") and a verb that is
    no speech ("met at a rally") state no occasion of speech."""
    text = "In both cases, the governors were responding to new events that threatened the harbour."
    assert occasions_of(text, nlp, registry) == []
    text = "The two candidates first met at a rally in the harbour town twenty years ago."
    assert occasions_of(text, nlp, registry) == []


def test_following_early_reports_duarte_said_at_an_event_in_harbor_city(nlp, registry) -> None:
    """What the speech followed is no part of where it was said."""
    text = (
        "Following early reports of the fire, but before officials had said anything, "
        'Mayor Ines Duarte said at an event in Harbor City that "a fuel tank" had exploded.'
    )
    assert occasions_of(text, nlp, registry) == [("appearance", "Mayor Ines Duarte said at an event in Harbor City")]


def test_duarte_urged_supporters_and_the_trust_maintains_a_program_name_no_occasion(nlp, registry) -> None:
    """Only a verb of telling or addressing makes its object an audience or a station."""
    assert occasions_of("Mayor Ines Duarte urged supporters to vote early in the harbour election.", nlp, registry) == []
    text = "The harbour trust maintains a program to train young sailors in the bay."
    assert occasions_of(text, nlp, registry) == []


def test_duarte_has_said_in_speeches_is_an_appearance(nlp, registry) -> None:
    """A plural setting ("in speeches") is read by its singular from the dictionary, not by a stripped "s"."""
    text = '"The harbour belongs to everyone," Duarte has said in speeches, in varying forms, before becoming mayor.'
    [(kind, words)] = occasions_of(text, nlp, registry)
    assert kind == "appearance" and words.startswith("Duarte has said in speeches")


def test_the_measure_passed_36_11_is_a_claim_and_the_union_did_is_not(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A sentence one word short of the bar says enough when it names someone or gives a
    figure; an elliptical one says nothing of its own."""
    text = "The harbour board met on Monday. The measure passed 36-11. The union did. Senator Pell should resign."
    claims = extract_claims(nlp(text), article_of(text, registry), [])
    assert [c.text for c in claims] == [
        "The harbour board met on Monday.",
        "The measure passed 36-11.",
        "Senator Pell should resign.",
    ]
