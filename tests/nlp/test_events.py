"""Events: paraphrased predicates share a class (hand-written sentences)."""

from __future__ import annotations

import pytest

from corroborate.nlp.claims import extract_claims
from corroborate.nlp.events import event_of, figure_governor

from .helpers import article_of


@pytest.mark.parametrize(
    ("predicate", "event"),
    [
        ("resign", "leave"),
        ("quit", "leave"),
        ("step down", "leave"),
        ("put on hold", "suspend"),
        ("suspend", "suspend"),
        ("sack", "fire"),
        ("overturn", "reverse"),
        ("carry", "carry"),
        (None, None),
    ],
)
def test_event_of_a_predicate(predicate, event) -> None:
    assert event_of(predicate) == event


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "predicate", "event"),
    [
        ("The harbour chief stepped down from the board on Friday.", "step", "leave"),
        ("The harbour chief quit the board on Friday afternoon.", "quit", "leave"),
        ("The city council put the pier plan on hold until the spring.", "put", "suspend"),
        ("The city council suspended the pier plan until the spring.", "suspend", "suspend"),
        ("The club paid back the loan to the city last year.", "pay", "repay"),
        ("The ferry carried about 300 passengers across the bay.", "carry", "carry"),
        ("The harbour chief entered a plea of not guilty on Tuesday.", "plea", "plead"),
        ("The harbour chief pleaded not guilty on Tuesday.", "plead", "plead"),
        ("The council would have jacked up the ferry fare by a dollar.", "jack", "increase"),
        ("The council put off the pier vote until the spring.", "put", "suspend"),
        ("The harbour chief stopped by the flooded pier on Sunday morning.", "stop", "visit"),  # not stopping it
        ("About 3,000 ferry crews went on strike at 12 harbours on Monday.", "go", "strike"),
        ("Ferry crews walked off the job at 14 harbours on Monday.", "walk", "strike"),
        ("The harbour chief sat in on a closed briefing on Monday.", "sit", "attend"),
        ("The state's high court threw out the harbour district map on Tuesday.", "throw", "reverse"),  # struck down
    ],
)
def test_a_claim_carries_the_event_of_its_predicate(text, predicate, event, nlp, registry) -> None:
    [claim] = extract_claims(nlp(text), article_of(text, registry), [])
    assert (claim.predicate, claim.event) == (predicate, event)


@pytest.mark.parametrize(
    ("predicate", "event"),
    [
        ("resignation", "leave"),
        ("firing", "fire"),
        ("ouster", "fire"),
        ("lift", "reverse"),
        ("welcome", "praise"),
        ("approve", "approve"),
        ("pass", "approve"),
        ("run for", "seek"),
        ("make public", "publish"),
        ("be absent", "skip"),
        ("be present", "attend"),
    ],
)
def test_event_nouns_and_more_verbs_share_a_class(predicate, event) -> None:
    assert event_of(predicate) == event


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "predicate", "negated", "event", "modality"),
    [
        # an event noun held by a verb that states no event of its own
        ("The harbour chief announced his resignation from the board on Friday.", "resignation", False, "leave", None),
        ("The harbour chief handed in her resignation late on Tuesday.", "resignation", False, "leave", None),
        ("The harbour chief submitted her resignation to the board on Monday.", "resignation", False, "leave", None),
        # (an event noun as subject: the claim says when or what the event was, not that it happened)
        ("His resignation from the board takes effect on Friday afternoon.", "take", False, "take", None),
        ("The state imposed a ban on trophy imports from the region.", "ban", False, "ban", None),
        # a plural event noun is its singular's event (nouns get no lemma from the pipeline)
        ("Two harbour towns have also imposed bans on city-funded travel to the island.", "ban", False, "ban", None),
        # an event noun's "no" denies the event
        ("The harbour chief made no apologies for the remark on Friday.", "apology", True, "apologize", None),
        ("The board made the decision to fire the coach after the season.", "fire", False, "fire", None),
        # a support verb hands the event on to its infinitive
        ("The harbour chief refused to resign from the board on Friday.", "resign", True, "leave", "refuse"),
        ("The harbour chief decided to step down from the board on Friday.", "step", False, "leave", "decide"),
        ("He will not run for re-election to the board next year.", "run", True, "seek", "will"),
        # a verb letting or making someone act hands on to that act
        ("The ruling enables the harbour board to divert money from the pier fund.", "divert", False, "divert", "enable"),
        ("Ferry crews will now be allowed to file joint claims for storm damage.", "file", False, "file", "allow"),
        ("The storm plan will allow the port to use about $3 million from the pier fund.", "use", False, "use", "allow"),
        ("The harbour board allows ferries at the pier.", "allow", False, "allow", None),
        # a negation on either verb negates the event, on both it cancels
        ("The harbour chief decided not to seek re-election to the board.", "seek", True, "seek", "decide"),
        ("The harbour chief would not seek to run for the board again.", "run", True, "seek", "seek"),
        ("The harbour chief did not refuse to step down from the board.", "step", False, "leave", "refuse"),
        ("The harbour office plans to do just that before the storm season.", "plan", False, "plan", None),
        ("The governor made the audit report public on Wednesday afternoon.", "make", False, "publish", None),
        ("The agency lifted the ban on ivory imports in November.", "lift", False, "reverse", None),
        # more verbs holding an event noun, and a light infinitive whose phrase is an event
        ("Federal prosecutors plan to file criminal charges against the harbour chief.", "charges", False, "charge", "plan"),
        ("The sailing league expressed concern about the new harbour rules.", "concern", False, "worry", None),
        ("The council decided to put the pier plan on hold for a year.", "put", False, "suspend", "decide"),
        # a claim keeps its words' own event and negation ("stays" is compared as not leaving: align)
        ("The harbour chief is staying in the race for the board seat.", "stay", False, "stay", None),
        ("The harbour chief refused to step down from the board on Friday.", "step", True, "leave", "refuse"),
        # a support noun's "that" clause, and news coming out that something happened
        ("The harbour chief made a commitment that he would repay the club for repairs.", "repay", False, "repay", None),
        ("The ferry firm gave assurances that the crossing would be suspended in storms.", "suspend", False, "suspend", None),
        ("Last week the reports broke that the harbour chief would repay the club.", "repay", False, "repay", "would"),
        ("Word emerged on Friday that the harbour chief would resign from the board.", "resign", False, "leave", "would"),
        # (news breaking a record is no news of an event)
        ("The storm reports broke every record at the harbour this winter.", "break", False, "break", None),
        # a noun of likelihood hands on to the event it is about ("of" phrase, "that" clause)
        ("The harbour board had a one-in-four chance of losing the ferry contract.", "lose", False, "lose", None),
        ("There is a real risk that the old pier collapses this winter.", "collapse", False, "collapse", None),
        ("The ferry crews face a growing danger of losing their jobs.", "lose", False, "lose", None),
        # (a chance of nothing in particular states no other event)
        ("The harbour team has a good chance this season.", "have", False, "have", None),
        # a support noun's "no" denies the event it hands on ("no plans to", "no intention of")
        ("The harbour chief has no plans to step down from the board.", "step", True, "leave", None),
        ("The harbour chief has no intention of stepping aside this year.", "step", True, "leave", None),
        ("The harbour chief has plans to step down from the board.", "step", False, "leave", None),
        # "neither ... nor" negates its first verb
        ("The ferry firm neither admitted nor denied the violations.", "admit", True, "admit", None),
        # being away from a meeting is not attending it (compared as such: align)
        ("The harbour chief skipped the board meeting on Friday night.", "skip", False, "skip", None),
        ("The harbour chief was absent from the board meeting.", "be", False, "skip", None),
        ("The harbour chief was not present for the vote on Friday.", "be", True, "attend", None),
        # a question left open is not what the claim states: not answering it is
        ("The mayor did not directly answer whether the toll would protect the bridge.", "answer", True, "answer", None),
    ],
)
def test_a_claim_states_the_event_under_support_words(text, predicate, negated, event, modality, nlp, registry) -> None:
    [claim] = extract_claims(nlp(text), article_of(text, registry), [])
    assert (claim.predicate, claim.negated, claim.event, claim.modality) == (predicate, negated, event, modality)


@pytest.mark.model
def test_a_reported_decision_not_to_run_is_the_negated_event(nlp, registry) -> None:
    text = "The congressman announced that he would not seek re-election to the House next year."
    from corroborate.nlp.quotes import extract_quotes

    doc = nlp(text)
    article = article_of(text, registry)
    [claim] = extract_claims(doc, article, extract_quotes(doc, article, registry).quotes)
    assert (claim.predicate, claim.negated, claim.event, claim.modality) == ("seek", True, "seek", "would")


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "figure", "governor"),
    [
        ("Ten people were killed when the ferry capsized off the cape.", "Ten people", "kill"),
        ("The climber fell approximately 200 metres down the gully.", "approximately 200 metres", "fall"),
        ("The striker missed nine games this season with a knee injury.", "nine games", "miss"),
        ("The council suspended 40 permits on Friday.", "40 permits", "suspend"),
        ("The toll is 12.", "12", "be"),
        ("Three dead in harbour fire", "Three dead", None),
        # "left ... dead" counts the dead, not a departure
        ("The storm left 12 people dead in the harbour district.", "12 people", "kill"),
        ("The blast at the pier left at least 30 dead.", "at least 30", "kill"),
        ("The ferry crash left three passengers injured on Friday.", "three passengers", "injure"),
        ("The harbour chief left the board after 12 years.", "12 years", "leave"),
    ],
)
def test_a_figure_carries_the_act_that_governs_it(text, figure, governor, nlp) -> None:
    doc = nlp(text)
    start = text.index(figure)
    assert figure_governor(doc, start, start + len(figure)) == governor


@pytest.mark.model
def test_a_claims_figures_carry_their_acts(nlp, registry) -> None:
    text = "The storm killed 10 people and damaged 40 boats in the harbour on Friday."
    [claim] = extract_claims(nlp(text), article_of(text, registry), [])
    assert [(q.text, q.governor) for q in claim.quantities] == [("10 people", "kill"), ("40 boats", "damage")]


def test_skipping_a_meeting_is_compared_as_not_attending_it() -> None:
    from corroborate.nlp.events import polar

    assert polar("skip", False) == polar("attend", True) == ("attend", True)
    assert polar("skip", True) == ("attend", False)
