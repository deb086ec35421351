"""Claim groups on hand-made claims: what joins, what conflicts, what never chains."""

from __future__ import annotations

import pytest

from corroborate.align.blocking import average_link
from corroborate.align.claims import group_claims as cluster_claims
from corroborate.assess.claim_status import assess_claims
from corroborate.model import Article, Claim, DateMention, Entity, GroupMember, Quote, QuoteGroup, Speaker, Zone
from corroborate.nlp.quantities import find_quantities
from tests.align.filler import FILLER

_counter = iter(range(10_000))


def claim(article: str, text: str) -> Claim:
    return Claim(
        id=f"{article}:c{next(_counter)}", article=article, text=text, start=0, end=len(text),
        quantities=tuple(find_quantities(text)), rule="test", confidence=1.0,
    )  # fmt: skip


def articles(*ids: str) -> list[Article]:
    return [Article(id=i, source=i, outlet=f"Outlet {i}", title=None, published=None, language="en", text="") for i in ids]


def filler() -> list[Claim]:
    return [claim("x", text) for text in FILLER]


def group_claims(claims, arts, entities, quotes=(), quote_groups=(), semantic=True):
    """Grouped (align), then judged (assess), as the story stage runs them."""
    clusters = cluster_claims(claims, quotes, quote_groups, semantic=semantic, articles=arts, entities=entities)
    return assess_claims(clusters, claims, arts, entities)


def group_of(groups, item: Claim):
    return next((g for g in groups if item.id in g.claims), None)


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_two_figures_for_one_thing_make_a_conflicting_group(semantic: bool) -> None:
    """Also without sentence embeddings (`--claims-by-words`): a shared unit and a
    telling shared word make one claim, so the conflict is still seen."""
    a = claim("a", "the port authority expects the dredging to take at least six months")
    b = claim("b", "The harbour will stay closed for three to four months while crews finish the dredging.")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=semantic)
    group = group_of(groups, a)
    assert group is not None and b.id in group.claims
    assert group.status == "conflicting"
    assert group.conflicts[0]["a_text"] == "at least six months"


def test_overlapping_ranges_are_no_conflict() -> None:
    a = claim("a", "Rangers said several cabins on the ridge burned to the ground overnight.")
    b = claim("b", "At least two cabins on the ridge burned to the ground overnight, rangers said.")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=True)
    group = group_of(groups, a)
    assert group is not None and b.id in group.claims
    assert group.status != "conflicting"


def test_rare_shared_details_join_a_loose_paraphrase() -> None:
    a = claim("a", "A man in a raincoat carries the harpoon and knocks on the cabin door while others hold flares.")
    b = claim("b", "The clip shows three men holding flares and one with a harpoon outside the cabin.")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=True)
    group = group_of(groups, a)
    assert group is not None and b.id in group.claims


def test_shared_names_alone_do_not_make_one_claim() -> None:
    a = claim("a", "Mayor Helena Brooks of Port Elms opened the new ferry terminal on Monday.")
    b = claim("b", "Mayor Helena Brooks of Port Elms faces a recall vote over the budget.")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=True)
    group = group_of(groups, a)
    assert group is None or b.id not in group.claims


def test_average_link_needs_most_pairs_to_match_not_one_bridge() -> None:
    # 0-1 and 2-3 are pairs; 1-2 is a single bridge between them.
    groups = average_link(4, [(0, 1), (2, 3), (1, 2)])
    assert sorted(sorted(g) for g in groups) == [[0, 1], [2, 3]]


@pytest.mark.parametrize("order", [[(0, 1), (1, 2), (0, 2)], [(1, 2), (0, 2), (0, 1)]])
def test_average_link_joins_a_triangle_in_any_order(order) -> None:
    assert [sorted(g) for g in average_link(3, order) if len(g) > 1] == [[0, 1, 2]]


def test_a_named_denial_disputes_the_claim_it_resembles() -> None:
    from corroborate.model import Entity, Quote, Speaker, TextSpan

    text = "The ferry company denied that it had cut the number of weekend crossings to save fuel."
    denial = Claim(id="b:c1", article="b", text=text[30:], start=30, end=len(text), by="e1", rule="test", confidence=1.0)
    quote = Quote(
        id="b:q1", article="b", kind="indirect", text=text[30:], start=30, end=len(text), zone="body",
        speaker=Speaker(entity="e1", name="Ferry Co"), cue=TextSpan(start=18, end=24, text="denied"), rule="test", confidence=1.0,
    )  # fmt: skip
    company = Entity(id="e1", name="Ferry Co", kind="organization")
    allegation = claim("a", "the ferry company cut the number of weekend crossings to save fuel")
    groups = group_claims([allegation, denial, *filler()], articles("a", "b", "x"), [company], quotes=[quote], semantic=True)
    group = group_of(groups, allegation)
    assert group is not None and denial.id in group.claims
    assert (group.status, group.disputed_by) == ("disputed", ("Ferry Co",))


def test_claims_by_words_leave_a_paraphrase_apart_that_meaning_joins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two words in common and one meaning: the embeddings join the pair; grouping by
    words only leaves it apart, and embeds nothing."""
    import corroborate.align.claims as claims_module

    a = claim("a", "The ferry terminal will reopen to passengers next spring.")
    b = claim("b", "Travellers can use the ferry terminal again once the work ends.")
    by_meaning = group_of(group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=True), a)
    assert by_meaning is not None and b.id in by_meaning.claims

    def no_model(*args: object) -> object:
        raise AssertionError("embedded although grouping by words only")

    monkeypatch.setattr(claims_module, "embed", no_model)
    by_words = group_of(group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False), a)
    assert by_words is None or b.id not in by_words.claims


def test_the_same_unit_alone_does_not_make_one_measure() -> None:
    """ "13 nautical miles from the tanker" and "150 nautical miles off the cape" share
    a unit and its words, not what is measured: the same-measure rule (the only one
    without embeddings) leaves them apart, and sees no conflict."""
    a = claim("a", "The patrol boat was about 13 nautical miles from the tanker when the distress call came.")
    b = claim("b", "The raid on the freighter took place some 150 nautical miles off the cape.")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is None or b.id not in group.claims


def test_claims_by_words_join_a_loose_paraphrase_sharing_many_rare_details(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shared details rare in the story (harpoon, flares, cabin) make one claim without
    the embeddings too: the rare-words rule on its words alone."""
    import corroborate.align.claims as claims_module

    def no_model(*args: object) -> object:
        raise AssertionError("embedded although grouping by words only")

    monkeypatch.setattr(claims_module, "embed", no_model)
    a = claim("a", "A man in a raincoat carries the harpoon and knocks on the cabin door while others hold flares.")
    b = claim("b", "The clip shows three men holding flares and one with a harpoon outside the cabin.")
    group = group_of(group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False), a)
    assert group is not None and b.id in group.claims


def test_several_apartment_complexes_and_several_cars_share_no_claim() -> None:
    """Figure words ("several", "one", "dozens") say how many, not what about: two
    statements sharing them besides two content words are not one claim. (The
    same-measure rule compares figures for one thing; measured on the labelled ECB+
    pairs, benchmarks/claim_pairs.py: precision 0.68 -> 0.81 with embeddings.)"""
    a = claim("a", "Several apartment complexes by the canal lost power during the night.")
    b = claim("b", "One tenant filmed the apartment complexes as several cars drifted down the street.")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is None or b.id not in group.claims


def _spoken(article: str, number: int, text: str, part: str) -> Quote:
    start = text.index(part)
    return Quote(
        id=f"{article}:q{number}", article=article, kind="direct", text=part, start=start, end=start + len(part),
        zone="body", speaker=Speaker(entity="e1", name="Ines Moll"), rule="test", confidence=1.0,
    )  # fmt: skip


def _claim_at(article: str, text: str, part: str) -> Claim:
    start = text.index(part)
    return Claim(id=f"{article}:c{next(_counter)}", article=article, text=part, start=start, end=start + len(part),
                 rule="test", confidence=1.0)  # fmt: skip


def _member(quote: Quote, claim: Claim) -> GroupMember:
    return GroupMember(quote=quote.id, start=claim.start, end=claim.end)


_MOLL = [Entity(id="e1", name="Ines Moll", kind="person")]


@pytest.mark.parametrize("fares_first", [True, False], ids=["fares-group-first", "islanders-group-first"])
def test_fares_will_double_nobody_asked_the_islanders_each_sentence_joins_its_own_group(fares_first: bool) -> None:
    """One long quote of two statements is in two quote groups, each naming its part
    (`members`): a claim joins the group of the part it carries, not every group of
    its quote (it joined "Whether it's a trend ..." to "This is an organized criminal
    effort" on Aurora)."""
    a_text = 'Moll said: "Nobody asked the islanders. Fares will double by spring."'
    b_text = '"Fares will double by spring," Moll said. She added: "Nobody asked the islanders."'
    q_a = _spoken("a", 1, a_text, "Nobody asked the islanders. Fares will double by spring.")
    q_b1, q_b2 = _spoken("b", 1, b_text, "Fares will double by spring"), _spoken("b", 2, b_text, "Nobody asked the islanders.")
    islanders_a, fares_a = (
        _claim_at("a", a_text, "Nobody asked the islanders."),
        _claim_at("a", a_text, "Fares will double by spring."),
    )
    fares_b, islanders_b = (
        _claim_at("b", b_text, "Fares will double by spring"),
        _claim_at("b", b_text, "Nobody asked the islanders."),
    )
    fares = QuoteGroup(id="g1", quotes=("a:q1", "b:q1"), difference="minor",
                       members=(_member(q_a, fares_a), _member(q_b1, fares_b)))  # fmt: skip
    islanders = QuoteGroup(id="g2", quotes=("a:q1", "b:q2"), difference="identical",
                           members=(_member(q_a, islanders_a), _member(q_b2, islanders_b)))  # fmt: skip
    claims = [islanders_a, fares_a, fares_b, islanders_b, *filler()]
    groups = group_claims(claims, articles("a", "b", "x"), _MOLL, quotes=[q_a, q_b1, q_b2],
                          quote_groups=[fares, islanders] if fares_first else [islanders, fares], semantic=False)  # fmt: skip
    assert set(group_of(groups, fares_a).claims) == {fares_a.id, fares_b.id}
    assert set(group_of(groups, islanders_a).claims) == {islanders_a.id, islanders_b.id}


def test_organised_criminal_enterprise_headline_and_quote_of_one_article_join_one_group() -> None:
    """Two claims of one article carrying one utterance (a headline's fragment and the
    full quote) are one claim too: the full quote is not left out of the group the
    fragment joined first."""
    a_text = 'Moll told the radio: "This is an organised criminal effort."'
    b_text = 'Gangs robbing flats are an "organised criminal enterprise", says Moll. "This is an organised criminal effort."'
    q_a = _spoken("a", 1, a_text, "This is an organised criminal effort.")
    q_b1, q_b2 = (
        _spoken("b", 1, b_text, "organised criminal enterprise"),
        _spoken("b", 2, b_text, "This is an organised criminal effort."),
    )
    effort_a = _claim_at("a", a_text, "This is an organised criminal effort.")
    headline_b = _claim_at("b", b_text, 'Gangs robbing flats are an "organised criminal enterprise"')
    effort_b = _claim_at("b", b_text[40:], "This is an organised criminal effort.")
    effort_b = effort_b.model_copy(update={"start": effort_b.start + 40, "end": effort_b.end + 40})
    group = QuoteGroup(id="g1", quotes=("a:q1", "b:q1", "b:q2"), difference="substantive",
                       members=(_member(q_a, effort_a), _member(q_b1, headline_b), _member(q_b2, effort_b)))  # fmt: skip
    claims = [effort_a, headline_b, effort_b, *filler()]
    groups = group_claims(claims, articles("a", "b", "x"), _MOLL, quotes=[q_a, q_b1, q_b2],
                          quote_groups=[group], semantic=False)  # fmt: skip
    assert set(group_of(groups, effort_a).claims) == {effort_a.id, headline_b.id, effort_b.id}


def test_two_clubs_offering_140_and_160_million_dollars_are_no_one_claim() -> None:
    """Money (and shares) name no unit for the same-measure rule: every offer of a
    story has dollars, so two clubs' bids are not one figure stated twice, nor a
    conflict between two outlets."""
    a = claim("a", "The Harbour City Gulls offered the striker $140 million over seven years.")
    b = claim("b", "Rivals Port Elms put about $160 million on the table for the striker this week.")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is None or b.id not in group.claims
    assert [q.unit for q in a.quantities] == ["dollars", "years"]


def event_claim(article: str, text: str, predicate: str, date: str | None = None, by: str | None = None) -> Claim:
    dates = (DateMention(text="Friday", start=0, end=6, value=date),) if date else ()
    return claim(article, text).model_copy(update={"predicate": predicate, "dates": dates, "by": by})


def test_one_event_in_other_words_joins_by_predicate_participant_and_date() -> None:
    """ "resigned from the board on Friday" / "is stepping ... resigning, she announced Friday"."""
    a = event_claim("a", "Harbour chief Mara Voss resigned from the Port Board on Friday.", "resign", "2026-03-06")
    b = event_claim("b", "Mara Voss is resigning from the Port Board, she announced Friday in a video.", "resign", "2026-03-06")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is not None and b.id in group.claims


def test_resigned_and_stepped_down_are_one_event_by_its_class() -> None:
    """Two predicates of one class of event (`Claim.event`) pair like one predicate."""
    a = event_claim("a", "Harbour chief Mara Voss resigned from the Port Board on Friday.", "resign", "2026-03-06")
    b = event_claim("b", "Mara Voss stepped down from the Port Board, she announced Friday.", "step", "2026-03-06")
    a, b = (c.model_copy(update={"event": "leave"}) for c in (a, b))
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is not None and b.id in group.claims


def test_two_events_with_the_same_participants_stay_apart() -> None:
    a = event_claim("a", "Mara Voss resigned from the Port Board on Friday.", "resign", "2026-03-06")
    b = event_claim("b", "Mara Voss sued the Port Board on Friday over unpaid wages.", "sue", "2026-03-06")
    groups = group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is None or b.id not in group.claims


def test_a_headline_and_its_lede_do_not_keep_another_outlets_version_apart() -> None:
    """Article a says it twice (headline, lede), article b once; b matches both, and
    the unmatched pair inside a (never compared across outlets) does not block the
    join: a headline's pair counts half. Across articles most pairs must still match."""
    from corroborate.align.claims import _RESTATING_WEIGHT, _SAME_ARTICLE_WEIGHT

    def across(claims: list[Claim], matches: list[tuple[int, int]], headline: list[bool]) -> list[set[int]]:
        kinds = [c.article for c in claims]
        weight = _SAME_ARTICLE_WEIGHT
        return average_link(
            len(claims), matches, kinds=kinds, same_kind_weight=weight, restating=headline, restating_weight=_RESTATING_WEIGHT
        )

    headline, lede, version = claim("a", "Voss resigns"), claim("a", "Voss resigned on Friday"), claim("b", "Voss is resigning")
    trio = [headline, lede, version]
    assert [sorted(g) for g in across(trio, [(0, 2), (1, 2)], [True, False, False]) if len(g) > 1] == [[0, 1, 2]]
    assert sorted(map(sorted, average_link(3, [(0, 2), (1, 2)]))) == [[0, 2], [1]]  # every pair counted whole
    four = [claim("a", "one"), claim("b", "two"), claim("c", "three"), claim("d", "four")]
    groups = across(four, [(0, 1), (2, 3), (1, 2)], [False] * 4)
    assert sorted(sorted(g) for g in groups) == [[0, 1], [2, 3]]


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_ferry_dock_vote_and_north_landing_of_one_article_do_not_join_through_one_sentence(semantic: bool) -> None:
    """Two claims of one article's body count whole against a join, in both modes:
    another outlet's sentence stating both takes one of them, and does not carry the
    second into its group (by words they counted three quarters, and it did)."""
    vote = claim("a", "The council voted on Tuesday to close the Pine Street ferry dock for the whole winter.")
    landing = claim("a", "The north landing will take the island boats until the ice melts in April.")
    both = claim(
        "b",
        "The council voted to close the ferry dock for the winter, so the north landing will take the island boats until April.",
    )
    groups = group_claims([vote, landing, both, *filler()], articles("a", "b", "x"), [], semantic=semantic)
    group = group_of(groups, both)
    assert group is not None and vote.id in group.claims
    assert landing.id not in group.claims


def test_voss_staying_in_the_contest_on_a_radio_show_also_joins_the_refused_to_step_down_group() -> None:
    """By words, a pair whose shared rare words ("radio show") the loose rule turned
    down but the event rule linked (one event, one person, one day) is a firm link: the
    claim joins the group of the two other outlets' versions as its second group. It
    had been counted a loose link for having been looked at by the loose rule."""

    def stated(article: str, text: str, start: int, predicate: str | None = None, negated: bool = False) -> Claim:
        event = "leave" if predicate in ("stay", "step", "remain") else None
        return Claim(
            id=f"{article}:c{next(_counter)}", article=article, text=text, start=start, end=start + len(text),
            predicate=predicate, event=event, negated=negated, rule="test", confidence=1.0,
        )  # fmt: skip

    lede = stated("a", "The party's leaders met in Washington to weigh the contest.", 0)
    stays = stated(
        "a", "Senator Voss told the radio show host on Tuesday afternoon that he is staying in the contest.", 100, "stay", True
    )
    spoke = stated("c", "He spoke to the radio show host that afternoon.", 0, "speak")
    refused = stated("b", "Senator Voss on Tuesday refused to step down from the contest despite calls to quit.", 0, "step", True)
    remains = stated(
        "c", "Senator Voss vowed on Tuesday on the radio show of a former governor to remain in the race.", 100, "remain", True
    )
    claims = [lede, stays, spoke, refused, remains, *filler()]
    groups = group_claims(claims, articles("a", "b", "c", "x"), [], semantic=False)
    held = [set(g.claims) for g in groups if stays.id in g.claims]
    assert {stays.id, spoke.id} in held
    assert {stays.id, refused.id, remains.id} in held


def test_claims_in_a_headline_or_standfirst_restate_the_lede() -> None:
    from corroborate.align.claims import _restating
    from corroborate.model import Zone

    text = "Voss resigns\n\nShe quit the board on Friday.\n\nVoss resigned on Friday, the board said."
    zones = (
        Zone(kind="headline", start=0, end=12),
        Zone(kind="standfirst", start=14, end=42),
        Zone(kind="body", start=44, end=len(text)),
    )
    article = Article(
        id="a", source="a", outlet=None, title="Voss resigns", published=None, language="en", text=text, zones=zones
    )
    at = [text.index(s) for s in ("Voss resigns", "She quit", "Voss resigned")]
    found = [
        Claim(id=f"a:c{i}", article="a", text="x", start=s, end=s + 1, rule="test", confidence=1.0) for i, s in enumerate(at)
    ]
    other = Claim(id="b:c1", article="b", text="x", start=0, end=1, rule="test", confidence=1.0)
    assert _restating([*found, other], [article]) == [True, True, False, False]


def test_shared_topic_words_in_sentences_apart_in_meaning_make_no_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "to repay the harbour money spent to settle the crew claim" and "would not seek
    another term after reports that harbour money settled the crew claim" share four
    words; with embeddings that place them far apart, the word rule alone does not
    join them. Grouping by words still does."""
    import numpy as np

    import corroborate.align.claims as claims_module

    a = claim("a", "she promised to repay the harbour money spent to settle the crew claim")
    b = claim("b", "she would not seek another term after reports that harbour money settled the crew claim")
    far = {a.text: [1.0, 0.0], b.text: [0.2, 0.98]}
    monkeypatch.setattr(claims_module, "embed", lambda texts: np.array([far.get(t, [0.0, 0.0]) for t in texts]))
    by_meaning = group_of(group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=True), a)
    assert by_meaning is None or b.id not in by_meaning.claims
    by_words = group_of(group_claims([a, b, *filler()], articles("a", "b", "x"), [], semantic=False), a)
    assert by_words is not None and b.id in by_words.claims


def test_one_point_four_and_one_point_three_seven_five_billion_dollars_are_one_figure() -> None:
    """A figure within rounding, in one unit, that the story gives rarely pairs its
    claims across outlets; the same figure inside one article does not."""
    from corroborate.align.figure_pairs import figure_pairs

    a = claim("a", "The spending bill grants the mayor $1.375 billion for the sea wall.")
    b = claim("b", "He signs a measure with $1.4 billion for barriers along the coast.")
    c = claim("b", "Officials expect $1.4 billion to cover the first stretch.")
    claims = [a, b, c, *filler()]
    assert figure_pairs(claims, 40, 4) == {(0, 1), (0, 2)}


def test_a_figure_every_outlet_repeats_pairs_nothing() -> None:
    from corroborate.align.claims import _MAX_FIGURE_MENTIONS
    from corroborate.align.figure_pairs import figure_pairs

    repeated = [
        claim(f"a{n}", f"The mayor first asked for $5.7 billion, statement {n}.") for n in range(_MAX_FIGURE_MENTIONS + 1)
    ]
    assert figure_pairs([*repeated, *filler()], 40, _MAX_FIGURE_MENTIONS) == set()
    assert figure_pairs([*repeated[:2], *filler()], 40, _MAX_FIGURE_MENTIONS) == {(0, 1)}


def test_more_than_eight_hundred_thousand_federal_and_government_employees_are_one_figure() -> None:
    """A bound counts as its value, and the unit's last word says what is counted."""
    from corroborate.align.figure_pairs import figure_pairs

    a = claim("a", "The stalemate left more than 800,000 federal employees without pay.")
    b = claim("b", "An estimated 800,000 government employees went unpaid.")
    c = claim("c", "The stalemate left 800,000 dollars of repairs undone.")
    assert figure_pairs([a, b, c, *filler()], 40, 4) == {(0, 1)}


def test_a_mutual_best_match_joins_the_third_outlets_version_to_a_group() -> None:
    """Average-link would ask the third version to match both members; a mutual best
    match with either joins it, but never into a group that has its outlet already."""
    from corroborate.align.claims import _join_aligned

    arts = ["a", "b", "c", "c"]
    assert sorted(map(sorted, _join_aligned([{0, 1}, {2}, {3}], {(1, 2): 0.4}, arts))) == [[0, 1, 2], [3]]
    # 3 is c's too: once 2 joined, the weaker link of 3 to the group joins nothing.
    assert sorted(map(sorted, _join_aligned([{0, 1}, {2}, {3}], {(1, 2): 0.4, (0, 3): 0.3}, arts))) == [[0, 1, 2], [3]]


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_aligned_pairs_are_each_others_best_match_between_two_articles(semantic: bool) -> None:
    from corroborate.align.claim_features import candidate_pairs, story_features
    from corroborate.align.claims import _aligned_pairs, _cosines

    a = claim("a", "The ferry operator will raise fares on the island route next spring.")
    b1 = claim("b", "Fares on the island ferry route rise next spring, the operator said.")
    b2 = claim("b", "The island route ferry ran late again on the spring timetable.")
    claims = [a, b1, b2, *filler()]
    story = story_features(claims)
    cosine = _cosines(claims, candidate_pairs(story)) if semantic else None
    aligned = _aligned_pairs(claims, story, {}, cosine)
    assert (0, 1) in aligned and (0, 2) not in aligned
    # A pair already joined by a rule is no candidate, and holds its claims.
    assert _aligned_pairs(claims, story, {(0, 1): 1.0}, cosine) == {}


def test_rule_pairs_that_are_each_others_strongest_between_two_articles_align() -> None:
    """Of the pairs the rules joined, one that is each other's strongest between its two
    articles aligns; a claim's weaker rule pair to the same article does not, a tie at
    the top goes to the closer pair (the cosine; by words, a fitted chance), and a tie
    left is no best match."""
    from corroborate.align.claims import _mutual_rule_pairs

    a = claim("a", "The ferry operator will raise fares on the island route next spring.")
    b1 = claim("b", "Fares on the island ferry route rise next spring, the operator said.")
    b2 = claim("b", "The island route ferry ran late again on the spring timetable.")
    claims = [a, b1, b2, *filler()]
    assert _mutual_rule_pairs(claims, {(0, 1): 1.0, (0, 2): 0.9}, {}) == {(0, 1): 1.0}
    tie = {(0, 1): 1.0, (0, 2): 1.0}
    assert _mutual_rule_pairs(claims, tie, {(0, 1): 0.7, (0, 2): 0.4}) == {(0, 1): 1.0}
    assert _mutual_rule_pairs(claims, tie, {}) == {}
    # Two claims of one article are no pair to align.
    assert _mutual_rule_pairs(claims, {(1, 2): 1.0}, {}) == {}


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_an_unlikely_rule_pair_joins_no_groups_in_the_alignment(semantic: bool) -> None:
    """However strong a rule pair, the fitted score must find it as likely as an aligned
    pair for it to join two groups in the alignment."""
    from corroborate.align.claim_features import story_features
    from corroborate.align.claims import _ALIGNED_CHANCE, _cosines, _fitted_chance, _join_aligned

    a = claim("a", "The ferry operator will raise fares on the island route next spring.")
    same = claim("b", "Fares on the island ferry route rise next spring, the operator said.")
    other = claim("c", "A jazz trio opened the festival in the old mill on Friday.")
    claims = [a, same, other, *filler()]
    story = story_features(claims)
    cosine = _cosines(claims, {(0, 1), (0, 2)}) if semantic else None

    def likely(x: int, y: int) -> bool:
        return _fitted_chance(story, claims, x, y, cosine) >= _ALIGNED_CHANCE[semantic]

    articles = [c.article for c in claims]
    groups = [{i} for i in range(len(claims))]
    joined = _join_aligned(groups, {(0, 1): 1.0, (0, 2): 1.0}, articles, likely=likely)
    assert {0, 1} in joined and not any(2 in g and 0 in g for g in joined)


def test_a_mutual_rule_pair_joins_groups_only_when_half_their_pairs_are_linked() -> None:
    """A lone claim joins a two-outlet group through one of its two members (half the
    pairs), but not a five-outlet group through one of five: one pair must not carry a
    claim into a group it matches no other member of."""
    from corroborate.align.claims import _join_aligned

    def links(pairs: set[tuple[int, int]]) -> dict[tuple[int, int], float]:
        return dict.fromkeys(pairs, 1.0)

    arts = ["a", "b", "c"]
    joined = _join_aligned([{0, 1}, {2}], {(1, 2): 1.0}, arts, linked=links({(0, 1), (1, 2)}))
    assert sorted(map(sorted, joined)) == [[0, 1, 2]]
    arts = ["a", "b", "c", "d", "e", "f"]
    group = {0, 1, 2, 3, 4}
    pairs = {(x, y) for x in group for y in group if x < y}
    joined = _join_aligned([group, {5}], {(4, 5): 1.0}, arts, linked=links(pairs | {(4, 5)}))
    assert sorted(map(sorted, joined)) == [[0, 1, 2, 3, 4], [5]]
    # Linked to three of the five: joins.
    joined = _join_aligned([group, {5}], {(4, 5): 1.0}, arts, linked=links(pairs | {(2, 5), (3, 5), (4, 5)}))
    assert sorted(map(sorted, joined)) == [[0, 1, 2, 3, 4, 5]]


def test_the_congressman_and_mr_voss_are_one_participant_by_entity() -> None:
    """Resolved entities (`Claim.entities`) are participants, however the outlet names them."""
    from corroborate.align.claims import _participants

    a = claim("a", "The congressman said he would repay the fund.").model_copy(update={"entities": ("e4",)})
    b = claim("b", "Mr. Voss pledged to repay the fund.").model_copy(update={"entities": ("e4",)})
    assert "e:e4" in _participants(a) & _participants(b)


def test_group_claims_reads_the_headline_from_the_articles_zones() -> None:
    """End to end (with embeddings): b's version matches article a's headline by words
    and a's lede as one event of one person (entity e1). Told where a's headline is (its zones), the three are one
    claim; not told, a's two claims count whole against the join and the lede stays out."""
    headline = "Voss quits port board over pier audit"
    lede = "On Friday the harbour official Voss resigned, citing the audit of her board."
    version = "Voss quits the port board after the pier audit, she said."
    text_a = f"{headline}\n\n{lede}"
    body = len(headline) + 2
    zones = (Zone(kind="headline", start=0, end=len(headline)), Zone(kind="body", start=body, end=len(text_a)))
    article_a = Article(
        id="a", source="a", outlet="Outlet a", title=headline, published=None, language="en", text=text_a, zones=zones
    )

    def at(article: str, text: str, start: int, predicate: str) -> Claim:
        return Claim(
            id=f"{article}:c{next(_counter)}", article=article, text=text, start=start, end=start + len(text),
            rule="test", confidence=1.0, predicate=predicate, event="leave", entities=("e1",),
        )  # fmt: skip

    claims = [at("a", headline, 0, "quit"), at("a", lede, body, "resign"), at("b", version, 0, "quit"), *filler()]
    told = cluster_claims(claims, semantic=True, articles=[article_a, *articles("b", "x")])
    assert [0, 1, 2] in told.groups
    untold = cluster_claims(claims, semantic=True, articles=articles("a", "b", "x"))
    assert [0, 2] in untold.groups and not any(1 in g and 2 in g for g in untold.groups)


def _acts(article: str, *texts_and_events: tuple[str, str], subject: str = "Mara Voss") -> list[Claim]:
    """Claims about one person (entity e1, their subject), each stating the event given."""
    update = {"entities": ("e1",), "subject": subject}
    return [
        claim(article, text).model_copy(update={"predicate": event, "event": event, **update}) for text, event in texts_and_events
    ]


def test_a_rare_event_pairs_through_a_participant_found_everywhere() -> None:
    """The story's main person is in most claims, so sharing them tells nothing; but an
    event few claims state ("repay") and that person as the subject of both make one
    event. An event many claims state asks for a telling participant as before, and two
    subjects acting are two acts."""
    from corroborate.align.claim_features import story_features
    from corroborate.align.claims import _event_pairs

    pledges = _acts("a", ("Voss promised to repay the fund.", "repay")) + _acts("b", ("Voss would pay back the fund.", "repay"))
    others = _acts("c", *((f"Voss spoke about the pier, day {n}.", "speak") for n in range(8)))
    story = [*pledges, *others]
    assert (0, 1) in _event_pairs(story, story_features(story))
    many = [*pledges, *_acts("d", *((f"Voss repaid a loan, year {n}.", "repay") for n in range(4))), *others]
    assert (0, 1) not in _event_pairs(many, story_features(many))
    # (one participant in common, but two parties acting: "the board withdrew its offer" /
    # "Voss withdrew from the talks")
    board = _acts("b", ("The board withdrew its offer to Voss.", "leave"), subject="the port board")
    quits = [*_acts("a", ("Voss withdrew from the talks.", "leave")), *board, *others]
    assert (0, 1) not in _event_pairs(quits, story_features(quits))


def test_mara_j_voss_and_mara_voss_are_one_subject_of_a_rare_event() -> None:
    """One outlet names her with a middle initial, another without (a house style, not
    two people): the subjects are compared by their last word, so the rare event pairs
    through its subject as when both outlets name her alike."""
    from corroborate.align.claim_features import story_features
    from corroborate.align.claims import _event_pairs

    pledges = _acts("a", ("Ms. Voss promised to repay the fund.", "repay"), subject="Mara J. Voss") + _acts(
        "b", ("Voss would pay back the fund.", "repay")
    )
    others = _acts("c", *((f"Voss spoke about the pier, day {n}.", "speak") for n in range(8)))
    story = [*pledges, *others]
    assert (0, 1) in _event_pairs(story, story_features(story))
    board = _acts("b", ("The board would pay back the fund.", "repay"), subject="the port board")
    two_parties = [pledges[0], *board, *others]
    assert (0, 1) not in _event_pairs(two_parties, story_features(two_parties))


def test_promised_to_repay_and_made_a_commitment_to_reimburse_restate_one_event() -> None:
    """Two claims of one article stating one rare event of one subject restate it;
    not when each gives a detail the other lacks (another act of that kind), when the
    event is a predicate the lexicon does not know, nor when two parties act."""
    from corroborate.align.claim_features import story_features
    from corroborate.align.claims import _restated_events

    a = _acts("a", ("Voss promised to repay the fund.", "repay"), ("Voss made a commitment to reimburse the fund.", "repay"))
    a = [a[0], a[1].model_copy(update={"start": 40, "end": 80})]
    others = _acts("c", *((f"Voss spoke about the pier, day {n}.", "speak") for n in range(8)))
    assert _restated_events([*a, *others], story_features([*a, *others])) == {(0, 1)}
    dated = [
        a[0].model_copy(update={"dates": (DateMention(text="in 2014", start=0, end=7, value="2014"),)}),
        a[1].model_copy(update={"quantities": tuple(find_quantities("paid $84,000"))}),
    ]
    assert _restated_events([*dated, *others], story_features([*dated, *others])) == set()
    spoken = [c.model_copy(update={"predicate": "speak", "event": "speak"}) for c in a]
    assert _restated_events([*spoken, *others], story_features([*spoken, *others])) == set()
    two_parties = [a[0], a[1].model_copy(update={"subject": "the port board"})]
    assert _restated_events([*two_parties, *others], story_features([*two_parties, *others])) == set()


def test_a_restated_pair_counts_as_linked_in_average_link() -> None:
    """Article a says it twice (0, 1); b and c match a's first and each other, and b
    matches a's second too. With a's pair known to restate one event, a's second joins
    the group (two of its three pairs linked); otherwise a's pair counts whole against
    the join and it stays out."""
    kinds = ["a", "a", "b", "c"]
    matches = [(0, 2), (0, 3), (2, 3), (0, 1), (1, 2)]
    apart = average_link(4, matches, kinds=kinds, same_kind_weight=1.0)
    assert sorted(map(sorted, apart)) == [[0, 2, 3], [1]]
    joined = average_link(4, matches, kinds=kinds, same_kind_weight=1.0, linked_within=frozenset({(0, 1)}))
    assert [sorted(g) for g in joined] == [[0, 1, 2, 3]]


def test_the_ferry_was_sold_last_year_and_fares_rose_last_year_share_no_claim() -> None:
    """A date's words ("last year") are compared as the date, not as words two
    statements have in common: two statements of one article sharing them and one
    other word are not one claim said twice."""
    last_year = (DateMention(text="last year", start=0, end=9, value="2025"),)
    a = claim("a", "The old ferry was sold last year to a private buyer.").model_copy(update={"dates": last_year})
    b = claim("a", "Ferry fares rose sharply last year after the strike.").model_copy(update={"dates": last_year})
    groups = group_claims([a, b, *filler()], articles("a", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is None or b.id not in group.claims


def test_opposes_the_pier_levy_and_the_ferry_levy_and_embraced_the_pier_levy_share_no_claim_by_words() -> None:
    """By words nothing checks a pair the shared-words rule makes: two classes of event
    the lexicon knows (oppose, support) are two statements of one topic, whose words
    the story is full of."""
    a = event_claim("a", "The mayor opposes the pier levy and the ferry levy.", "oppose")
    b = event_claim("b", "The council embraced the pier levy for the ferry.", "embrace")
    a, b = (c.model_copy(update={"event": {"oppose": "oppose", "embrace": "support"}[c.predicate]}) for c in (a, b))
    topic = [
        claim("x", f"{word} {rest}")
        for word in ("Pier", "Levy", "Ferry")
        for rest in ("traffic fell sharply in May.", "talks resume in June.", "crews went on strike again.", "rules change soon.")
    ]
    groups = group_claims([a, b, *topic, *filler()], articles("a", "b", "x"), [], semantic=False)
    group = group_of(groups, a)
    assert group is None or b.id not in group.claims


def test_ferry_cut_crossings_blamed_fuel_raised_fares_of_one_article_do_not_chain_by_words() -> None:
    """By words, two claims of one article's body may join as one statement said twice,
    but a third of that article joins them only through another outlet's version: the
    statements of one article share its topic's words."""
    first = claim("a", "The ferry company cut 40 crossings on the harbour route this winter.")
    second = claim("a", "The ferry company blamed fuel costs for the cut harbour crossings.")
    third = claim("a", "Fuel costs forced the ferry company to raise fares by 12 percent.")
    groups = group_claims([first, second, third, *filler()], articles("a", "x"), [], semantic=False)
    group = group_of(groups, second)
    assert group is not None and first.id in group.claims
    assert third.id not in group.claims


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_six_rifles_aboard_the_skiff_and_a_total_of_14_so_far_are_two_measures(semantic: bool) -> None:
    """A running total and one occasion's figure in one unit are a whole and its part:
    no rule joins them (so no conflict is drawn between them either)."""
    part = claim("a", "Six rifles were found aboard the skiff.")
    total = claim("b", "So far the navy has confiscated a total of 14 rifles from skiff crews.")
    groups = group_claims([part, total, *filler()], articles("a", "b", "x"), [], semantic=semantic)
    assert not any(part.id in g.claims and total.id in g.claims for g in groups)
    assert all(g.status != "conflicting" for g in groups)


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_six_rifles_seized_in_the_raid_and_a_total_of_14_rifles_seized_so_far_are_two_claims(semantic: bool) -> None:
    """However many words they share, a running total and one occasion's other figure
    in its units are a whole and its part; the same figure told as a total or not is
    one claim."""
    part = claim("a", "During the raid, six rifles, 12 magazines and 300 rounds of ammunition were seized by the coast guard.")
    total = claim("b", "The coast guard has, so far, seized a total of 14 rifles, 31 magazines and 923 rounds of ammunition.")
    groups = group_claims([part, total, *filler()], articles("a", "b", "x"), [], semantic=semantic)
    assert not any(part.id in g.claims and total.id in g.claims for g in groups)
    same = claim("c", "The coast guard seized 14 rifles, 31 magazines and 923 rounds of ammunition.")
    groups = group_claims([same, total, *filler()], articles("c", "b", "x"), [], semantic=semantic)
    holding = group_of(groups, total)
    assert holding is not None and same.id in holding.claims


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_who_resigned_on_friday_repaid_the_84000_euros_is_in_both_groups(semantic: bool) -> None:
    """One sentence stating two claims (a resignation and a repayment) that two other
    outlets state apart is in both of their groups, not in one of them only."""
    a = [
        claim("a", "The ferry company posted its quarterly figures on Monday."),
        claim("a", "Mara Voss resigned from the ferry board on Friday."),
        claim("a", "Voss repaid the 84,000 euros the board spent to settle the harassment lawsuit."),
    ]
    b = [
        claim("b", "Shares in the ferry company fell sharply after the results."),
        claim("b", "Mara Voss resigned from the ferry board on Friday, officials said."),
        claim("b", "She repaid the 84,000 euros of board money used to settle the harassment lawsuit."),
    ]
    c = [
        claim("c", "Islanders crowded the harbour meeting on Tuesday night."),
        claim("c", "Voss, who resigned from the ferry board on Friday, repaid the 84,000 euros the board spent to settle the harassment lawsuit."),
    ]  # fmt: skip
    groups = group_claims([*a, *b, *c, *filler()], articles("a", "b", "c", "x"), [], semantic=semantic)
    holding = [set(g.claims) for g in groups if c[1].id in g.claims]
    assert {a[1].id, b[1].id, c[1].id} in holding
    assert {a[2].id, b[2].id, c[1].id} in holding


def test_voss_quit_and_repaid_joins_the_repayment_group_too() -> None:
    """A claim linked to every member of another group of two or more other outlets
    joins it too, an article's lede as well (which of its two claims average-link gave
    it first is chance); a headline or standfirst keeps one group."""
    from corroborate.align.claim_memberships import add_second_memberships

    texts = [
        ("a", "Voss resigned"),
        ("b", "Voss quit"),
        ("c", "Voss quit and repaid"),
        ("a", "Voss repaid"),
        ("b", "Voss paid back"),
    ]
    linked = {(0, 1): 1.0, (0, 2): 1.0, (1, 2): 1.0, (2, 3): 1.0, (2, 4): 1.0, (3, 4): 1.0}
    for start in (0, 100):  # the article's lede, or a later claim of it
        claims = [claim(article, text) for article, text in texts]
        claims[2] = claims[2].model_copy(update={"start": start})
        claims.append(claim("c", "Islanders met").model_copy(update={"start": 50}))
        groups = [{0, 1, 2}, {3, 4}]
        add_second_memberships(groups, linked, claims, [False] * len(claims))
        assert groups == [{0, 1, 2}, {2, 3, 4}]
        groups = [{0, 1, 2}, {3, 4}]
        headline = [False, False, True, False, False, False]
        add_second_memberships(groups, linked, claims, headline)
        assert groups == [{0, 1, 2}, {3, 4}]
        unlinked = {pair: value for pair, value in linked.items() if pair != (2, 4)}
        groups = [{0, 1, 2}, {3, 4}]
        add_second_memberships(groups, unlinked, claims, [False] * len(claims))
        assert groups == [{0, 1, 2}, {3, 4}]  # linked to one member only


def test_three_outlets_ledes_of_one_resignation_make_the_main_event_group() -> None:
    """Each outlet's lede (first body claim) states the story's main event; when three
    outlets' ledes state one class of event by one party and rules link them pair by
    pair, they make a group of their own, each keeping its group. Ledes in one group
    already, two outlets only, an unlinked pair, another party acting or another
    class of event make none; nor does a later claim of an article."""
    from corroborate.align.claim_memberships import lede_groups, ledes_of

    ledes = [
        *_acts("a", ("Mara Voss resigned from the Port Board on Friday.", "leave")),
        *_acts("b", ("Voss, who settled the wage suit with public money, quit the board.", "leave"), subject="Voss"),
        *_acts("c", ("Harbour chief Voss is stepping down, she said Friday.", "leave")),
    ]
    later = _acts("a", ("Voss quit the ferry committee in 2019.", "leave"))[0].model_copy(update={"start": 200})
    claims = [*ledes, later]
    events = [c.event for c in claims]
    linked = {(0, 1): 1.0, (0, 2): 0.9, (1, 2): 0.9, (0, 3): 1.0, (1, 3): 1.0, (2, 3): 1.0}
    restating = [False] * len(claims)

    assert ledes_of(claims, restating) == {0, 1, 2}

    def found(groups: list[set[int]], links: dict[tuple[int, int], float] = linked, of: list[Claim] = claims) -> list[set[int]]:
        return lede_groups(groups, links, of, [c.event for c in of], ledes_of(of, restating))

    assert found([{0, 3}, {1}, {2}]) == [{0, 1, 2}]
    assert found([{0, 1, 2}, {3}]) == []
    assert lede_groups([{0}, {1}], linked, claims[:2], events[:2], ledes_of(claims[:2], restating[:2])) == []
    assert found([{0}, {1}, {2}, {3}], {pair: v for pair, v in linked.items() if pair != (1, 2)}) == []
    board = claims[2].model_copy(update={"subject": "the port board"})
    assert found([{0}, {1}, {2}, {3}], of=[claims[0], claims[1], board, later]) == []
    sued = claims[2].model_copy(update={"event": "sue", "predicate": "sue"})
    assert found([{0}, {1}, {2}, {3}], of=[claims[0], claims[1], sued, later]) == []


def test_called_for_denying_entry_with_a_partial_quote_denies_nothing() -> None:
    """A partial quote's cue ("denying") beside a fragment: the words quoted are no
    proposition denied, so the sentence's claim is no denial by the speaker."""
    from corroborate.align.claim_denials import denied_claims
    from corroborate.model import Quote, Speaker, TextSpan

    text = "The mayor called for denying entry to lorries with a 'heavy load' on the harbour bridge."
    sentence = Claim(id="b:c1", article="b", text=text, start=0, end=len(text), by="e1", rule="test", confidence=1.0)
    start = text.index("heavy")

    def quoted(kind: str) -> Quote:
        return Quote(
            id="b:q1", article="b", kind=kind, text="heavy load", start=start, end=start + 10, zone="body",
            speaker=Speaker(entity="e1", name="Ana Reyes"), cue=TextSpan(start=21, end=28, text="denying"), rule="test",
            confidence=1.0,
        )  # fmt: skip

    assert denied_claims([sentence], [quoted("partial")]) == {}
    assert denied_claims([sentence], [quoted("indirect")]) == {0: "e1"}


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_the_toll_which_the_council_approved_on_thursday_joins_across_main_verbs(semantic: bool) -> None:
    """One act told in side clauses of sentences whose main verbs differ joins by its
    frame (`Claim.frames`); without the frames, or with the act on another day, the
    sentences stay apart."""
    from corroborate.model import Frame

    def approved(day: str, thing: str = "toll") -> Frame:
        return Frame(predicate="approve", arguments=("subject:council", f"object:{thing}"), dates=(day,))

    a = claim("a", "The mayor defended the harbour toll, which the council approved on Thursday.")
    b = claim("b", "Ferry captains marched on Monday against a levy passed by the city's council last week.")
    a = a.model_copy(
        update={"predicate": "defend", "frames": (Frame(predicate="defend", arguments=("object:toll",)), approved("2026-11-12"))}
    )
    b = b.model_copy(update={"predicate": "march", "frames": (approved("2026-W46", "levy"),)})

    def joined(x: Claim, y: Claim) -> bool:
        group = group_of(group_claims([x, y, *filler()], articles("a", "b", "x"), [], semantic=semantic), x)
        return group is not None and y.id in group.claims

    assert joined(a, b)
    assert not joined(a, b.model_copy(update={"frames": ()}))
    assert not joined(a, b.model_copy(update={"frames": (approved("2026-W40", "levy"),)}))


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_i_think_well_do_that_joins_one_outlets_version_not_every_outlets_best_match(
    monkeypatch: pytest.MonkeyPatch, semantic: bool
) -> None:
    """A vague sentence can be the best match of a claim in each of several outlets
    whose claims match nothing of each other's: in the alignment its pairs count as
    links, so it joins as a third outlet's version does (half the pairs across linked),
    never gathering every outlet's stray sentence into one group through itself."""
    import corroborate.align.claims as grouping

    hub = claim("a", "I think we'll do that.")
    spokes = [
        claim("b", "The ferry timetable for the winter changes on Monday."),
        claim("c", "Harbour fees rose by a third over the decade."),
        claim("d", "The lighthouse keeper retired after forty years."),
        claim("e", "Anglers caught fewer cod than in any season on record."),
    ]
    claims = [hub, *spokes, *filler()]
    star = {(0, n): 0.5 - n / 100 for n in range(1, 5)}
    monkeypatch.setattr(grouping, "_aligned_pairs", lambda *args, **kwargs: dict(star))
    clusters = cluster_claims(claims, semantic=semantic, articles=articles("a", "b", "c", "d", "e", "x"))
    with_hub = [g for g in clusters.groups if 0 in g]
    assert with_hub == [[0, 1, 2]]  # the strongest pair, then a third outlet through half the pairs


def test_the_n_c_a_a_and_the_ncaa_are_one_participant() -> None:
    """An acronym is compared without its dots, as one outlet's house style writes it
    ("N.C.A.A.", "F.B.I.") and another's does not; a name keeps its last word ("Mr.
    Farenthold" is "farenthold"), a suffix its letters ("Jr." and "Jr" are one)."""
    from corroborate.align.claim_features import last_word

    assert last_word("the N.C.A.A.") == last_word("NCAA") == "ncaa"
    assert last_word("F.B.I") == "fbi"
    assert last_word("Mr. Farenthold") == last_word("Blake Farenthold") == "farenthold"
    assert last_word("Mara Voss Jr.") == last_word("Mara Voss Jr") == "jr"


def test_murray_banned_travel_on_saturday_and_over_the_weekend_is_one_event_with_a_detail() -> None:
    """A day inside the week another account gives ("on Saturday" / "over the
    weekend") is a detail in common, as one date given alike; a day of another week is
    none."""
    from corroborate.align.claim_features import story_features
    from corroborate.align.claims import _event_pairs

    def banned(article: str, verb: str, when: str, value: str) -> Claim:
        text = f"Mayor Murray {verb} a ban on travel {when}."
        date = DateMention(text=when, start=text.index(when), end=text.index(when) + len(when), value=value)
        return claim(article, text).model_copy(
            update={"predicate": "ban", "event": "ban", "subject": "Ed Murray", "dates": (date,)}
        )

    others = [claim("c", f"The council spoke about the travel ban, day {n}.") for n in range(8)]
    weekend = banned("a", "issued", "over the weekend", "2015-W13")
    story = [weekend, banned("b", "announced", "on Saturday", "2015-03-28"), *others]
    assert _event_pairs(story, story_features(story))[(0, 1)] == "detail"
    apart = [weekend, banned("b", "announced", "on Saturday", "2015-04-04"), *others]
    assert _event_pairs(apart, story_features(apart))[(0, 1)] == ""


def _ban(article: str, text: str, subject: str) -> Claim:
    return event_claim(article, text, "ban").model_copy(update={"event": "ban", "subject": subject, "actors": (subject,)})


_ORTIZ_BRANDT = [Entity(id="e1", name="Lena Ortiz", kind="person"), Entity(id="e2", name="Paul Brandt", kind="person")]


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_mayor_ortiz_and_governor_brandt_announcing_bans_are_two_claims(semantic: bool) -> None:
    """One class of event done by two different people is two acts, however many
    words the sentences share; the same sentences with organisations as subjects
    (which may act for each other) still join."""
    a = _ban("a", "Mayor Lena Ortiz announced a ban on city-funded travel to Norland over the new licensing law.", "Lena Ortiz")
    b = _ban(
        "b", "Governor Paul Brandt announced a ban on state-funded travel to Norland over the new licensing law.", "Paul Brandt"
    )
    clusters = cluster_claims([a, b, *filler()], semantic=semantic, articles=articles("a", "b", "x"), entities=_ORTIZ_BRANDT)
    assert not any(0 in g and 1 in g for g in clusters.groups)
    as_bodies = [e.model_copy(update={"kind": "organization"}) for e in _ORTIZ_BRANDT]
    clusters = cluster_claims([a, b, *filler()], semantic=semantic, articles=articles("a", "b", "x"), entities=as_bodies)
    assert any(0 in g and 1 in g for g in clusters.groups)


def test_two_people_acting_needs_one_event_two_people_and_neither_named_by_the_other() -> None:
    from corroborate.align.claim_features import two_people_acting

    people = {"lena ortiz", "paul brandt"}
    a = _ban("a", "Mayor Lena Ortiz announced a ban on travel.", "Lena Ortiz")
    b = _ban("b", "Governor Paul Brandt announced a ban on travel.", "Paul Brandt")
    assert two_people_acting(a, b, people)
    assert not two_people_acting(a, b, {"lena ortiz"})  # Brandt is no person of the story
    assert not two_people_acting(a, b.model_copy(update={"event": "sue"}), people)
    assert not two_people_acting(a, b.model_copy(update={"subject": "Ms. Ortiz"}), people | {"ms. ortiz"})
    named = _ban("b", "Brandt's office said Ortiz's ban came first.", "Paul Brandt")
    assert not two_people_acting(a, named, people)


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_voss_winning_the_harbour_seat_on_two_tuesdays_years_apart_is_two_claims(semantic: bool) -> None:
    """One class of event on days that cannot be one occasion is two acts (a seat won
    in one election and in the one before); on one day the two accounts join."""
    text_a = "Mara Voss won the harbour district seat on Tuesday with a wide margin over two rivals."
    text_b = "Mara Voss won the harbour district seat on Tuesday, beating her two rivals by a wide margin."
    a = event_claim("a", text_a, "win", "2026-03-03").model_copy(update={"event": "win"})
    b = event_claim("b", text_b, "win", "2022-03-01").model_copy(update={"event": "win"})
    clusters = cluster_claims([a, b, *filler()], semantic=semantic, articles=articles("a", "b", "x"))
    assert not any(0 in g and 1 in g for g in clusters.groups)
    same_day = b.model_copy(update={"dates": a.dates})
    clusters = cluster_claims([a, same_day, *filler()], semantic=semantic, articles=articles("a", "b", "x"))
    assert any(0 in g and 1 in g for g in clusters.groups)


def test_dated_apart_needs_one_event_and_days_that_cannot_meet() -> None:
    from corroborate.align.claim_features import dated_apart

    a = event_claim("a", "Voss won the seat on Tuesday.", "win", "2026-03-03")
    b = event_claim("b", "Voss won the seat on Tuesday.", "win", "2022-03-01")
    assert dated_apart(a, b)
    assert not dated_apart(a, b.model_copy(update={"dates": (DateMention(text="this week", start=0, end=9, value="2026-W10"),)}))
    assert not dated_apart(a, b.model_copy(update={"dates": (DateMention(text="2022", start=0, end=4, value="2022"),)}))
    assert not dated_apart(a, b.model_copy(update={"predicate": "lose"}))
    assert not dated_apart(a, b.model_copy(update={"dates": ()}))


def _leaving(article: str, text: str, subject: str, date: str | None = None) -> Claim:
    found = event_claim(article, text, "resign", date)
    return found.model_copy(update={"event": "leave", "subject": subject, "actors": (subject,)})


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_voss_stepped_down_on_friday_joins_the_two_outlets_resignation(semantic: bool) -> None:
    """A third outlet's version in its own words ("stepped down"), linked by the event
    (its class, its person, its day) to one of two outlets' versions and each other's
    best match, joins their group though the fitted score finds the pair unlikely; on
    another day it is another act and stays apart."""
    a = _leaving("a", "Mara Voss, the harbour chief, resigned from the Port Board after the audit of the ferry contracts was published.", "Mara Voss")  # fmt: skip
    b = _leaving("b", "Harbour chief Mara Voss quit the Port Board on Friday, hours after auditors published their review of the ferry contracts.", "Mara Voss", "2026-03-06")  # fmt: skip
    text_c = "Voss stepped down on Friday, saying she wanted to spare the board a long fight."
    c = _leaving("c", text_c, "Voss", "2026-03-06")
    clusters = cluster_claims([a, b, c, *filler()], semantic=semantic, articles=articles("a", "b", "c", "x"))
    assert any({0, 1, 2} <= set(g) for g in clusters.groups)
    other_day = _leaving("c", text_c, "Voss", "2025-10-03")
    clusters = cluster_claims([a, b, other_day, *filler()], semantic=semantic, articles=articles("a", "b", "c", "x"))
    assert any({0, 1} <= set(g) for g in clusters.groups)
    assert not any(2 in g and 1 in g for g in clusters.groups)


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_resignation_effective_at_5_pm_joins_by_its_time_of_day(semantic: bool) -> None:
    """One time of day in two articles (few claims give it) is the moment of one act,
    as a figure is; another time leaves the two apart."""
    a = claim("a", "Voss told the board chair in a letter that she was quitting, effective at 5 p.m.")
    b = claim("b", "The harbour chief's resignation took effect Thursday at 5 p.m. Eastern time.")
    clusters = cluster_claims([a, b, *filler()], semantic=semantic, articles=articles("a", "b", "x"))
    assert any(0 in g and 1 in g for g in clusters.groups)
    morning = claim("b", "The harbour chief's resignation took effect Thursday at 9 a.m. Eastern time.")
    clusters = cluster_claims([a, morning, *filler()], semantic=semantic, articles=articles("a", "b", "x"))
    assert not any(0 in g and 1 in g for g in clusters.groups)


def occasion_claim(article: str, text: str, kind: str, subject: str) -> Claim:
    """An occasion as `nlp.claims` states it: the speech verb, the occasion's class as its event."""
    verb = "tell" if " told " in text else "say"
    update = {"rule": "claim.attribution", "event": kind, "subject": subject, "predicate": verb}
    return claim(article, text).model_copy(update=update)


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_said_at_a_rally_here_and_told_400_supporters_are_one_occasion(semantic: bool) -> None:
    """Two outlets naming where one person spoke, in other words, report one occasion;
    another person's appearance is another."""
    a = occasion_claim("a", "Mayor Ines Duarte said at a rally here", "appearance", "Ines Duarte")
    b = occasion_claim("b", "Duarte told about 400 supporters at the county fairgrounds", "appearance", "Duarte")
    c = occasion_claim("c", "Councillor Tom Reyes said at a rally in the harbour district", "appearance", "Tom Reyes")
    people = [Entity(id="e1", name="Ines Duarte", kind="person"), Entity(id="e2", name="Tom Reyes", kind="person")]
    groups = group_claims([a, b, c, *filler()], articles("a", "b", "c", "x"), people, semantic=semantic)
    group = group_of(groups, a)
    assert group is not None and b.id in group.claims and c.id not in group.claims


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_of_two_mentions_of_one_interview_the_one_worded_alike_joins(semantic: bool) -> None:
    """An article naming one interview twice: the other outlet's mention joins the one
    sharing its words ("affiliate", "KHBR-TV"), whichever comes first."""
    first = occasion_claim("b", "Duarte told a local harbor television station earlier on Wednesday", "interview", "Duarte")
    second = occasion_claim("b", "Duarte told Harbor Fox affiliate KHBR-TV", "interview", "Duarte")
    other = occasion_claim("a", "Ms. Duarte told the Fox affiliate KHBR-TV", "interview", "Ines Duarte")
    groups = group_claims([first, second, other, *filler()], articles("a", "b", "x"), [], semantic=semantic)
    group = group_of(groups, other)
    assert group is not None and second.id in group.claims and first.id not in group.claims


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_duarte_said_the_ferry_had_a_one_in_four_chance_of_closing_is_one_statement(semantic: bool) -> None:
    """One speaker giving one figure of one event in two articles states it once, however
    often the story repeats the figure and the speaker: the outlet's report of it and
    another outlet's quotation of her words."""
    said = "Mayor Ines Duarte said on Monday that the ferry service had a one-in-four chance of shutting down by winter"
    a = event_claim("a", said, "shut", by="e1").model_copy(update={"event": "close"})
    b = event_claim("b", "there's a one-in-four chance that we could close", "close", by="e1")
    # The figure and the speaker everywhere in the story: neither tells these two apart.
    others = [
        event_claim(x, f"Duarte said the pier had a one-in-four chance of {what}", verb, by="e1")
        for x, what, verb in (("a", "flooding this spring", "flood"), ("b", "sinking before the repairs", "sink"),
                              ("c", "reopening in May", "reopen"), ("c", "staying shut", "stay"))
    ]  # fmt: skip
    b, *others = (c.model_copy(update={"event": c.predicate}) for c in (b, *others))
    groups = group_claims([a, b, *others, *filler()], articles("a", "b", "c", "x"), [], semantic=semantic)
    group = group_of(groups, a)
    assert group is not None and b.id in group.claims
    assert not any(o.id in group.claims for o in others)


def test_the_flood_killed_17_left_alone_joins_the_two_outlets_whose_sentences_say_more() -> None:
    """ "The flood killed at least 17 people" left alone by average-link, while the two
    other outlets' sentences stating it went to the homes-damaged group ("killed 12
    people and damaged 6,000 homes"): firmly linked with both, it makes a group of the
    three, and they keep their own. Two articles only, a missing link, or a headline
    make none."""
    from corroborate.align.claim_memberships import lone_cliques

    texts = [
        ("a", "The flood killed at least 17 people"),
        ("b", "The flood killed 12 people and damaged 6,000 homes"),
        ("c", "The river crested at 31 feet and the flood killed 17 people and damaged 6,214 homes"),
        ("a", "About 6,200 homes were damaged"),
    ]
    claims = [claim(article, text) for article, text in texts]
    firm = {(0, 1): 1.0, (0, 2): 1.0, (1, 2): 1.0, (1, 3): 1.0, (2, 3): 1.0}
    groups = [{0}, {1, 2, 3}]
    lone_cliques(groups, firm, claims, [False] * len(claims))
    assert groups == [{0, 1, 2}, {1, 2, 3}]
    groups = [{0}, {1, 2, 3}]
    lone_cliques(groups, {pair: v for pair, v in firm.items() if pair != (1, 2)}, claims, [False] * len(claims))
    assert groups == [{0}, {1, 2, 3}]  # b and c are not linked: no clique of three
    groups = [{0}, {1, 2, 3}]
    lone_cliques(groups, firm, claims, [True, False, False, False])
    assert groups == [{0}, {1, 2, 3}]  # a headline restates; it seeds nothing
    groups = [{0}, {1, 3}]
    lone_cliques(groups, {(0, 1): 1.0, (1, 3): 1.0}, claims, [False] * len(claims))
    assert groups == [{0}, {1, 3}]  # two articles only


def test_more_than_300000_borrowers_left_alone_joins_the_two_outlets_312000() -> None:
    """A claim left alone joins the group of two other outlets lacking its article when
    it was compared with each member and is likely the same on average and with one:
    "more than 300,000 borrowers would have been affected" and the two outlets' 312,000.
    Not a group of its own article, nor one it was not compared with throughout, nor
    one unlikely; of two lone claims of one article the likelier joins."""
    from corroborate.align.claim_memberships import attach_lone

    texts = [
        ("a", "Roughly 312,000 borrowers in Dunmore would have had their loans moved under the rule."),
        ("b", "Mr. Farrow said 312,400 Dunmore residents hold federal loans the rule would have moved."),
        ("c", "More than 300,000 Dunmore borrowers would have been affected."),
        ("c", "The rule would have touched about 300,000 people in Dunmore."),
        ("a", "The judge ruled on Tuesday."),
    ]
    claims = [claim(article, text) for article, text in texts]
    chances = {(0, 2): 0.1, (1, 2): 0.8, (0, 3): 0.2, (1, 3): 0.3, (2, 4): 0.9, (3, 4): 0.9}
    everything = set(chances)

    def attached(groups: list[set[int]], compared: set[tuple[int, int]], restating: list[bool] | None = None) -> list[set[int]]:
        chance = lambda a, b: chances.get((a, b), 0.0)  # noqa: E731
        attach_lone(groups, claims, restating or [False] * len(claims), chance, compared, 0.2, 0.3)
        return groups

    assert attached([{0, 1}, {2}, {3}, {4}], everything) == [{0, 1, 2}, {3}, {4}]
    assert attached([{0, 1}, {2}, {4}], everything - {(0, 2)}) == [{0, 1}, {2}, {4}]  # not compared with a
    assert attached([{0, 4}, {1}, {2}], everything) == [{0, 4}, {1}, {2}]  # one article only: no group yet
    assert attached([{0, 1}, {3}], everything) == [{0, 1, 3}]
    assert attached([{0, 1}, {3}], {(0, 3), (1, 3)}, [False, False, False, True, False]) == [{0, 1}, {3}]  # a headline
    low = {**chances, (1, 3): 0.15}
    groups = [{0, 1}, {3}]
    attach_lone(groups, claims, [False] * len(claims), lambda a, b: low.get((a, b), 0.0), everything, 0.2, 0.3)
    assert groups == [{0, 1}, {3}]  # unlikely


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_burned_14212_acres_and_forced_9000_out_joins_the_other_outlets_acres(semantic: bool) -> None:
    """One figure as three outlets give it, each in a sentence stating something else as
    well: the three make a group of their own (each keeps its own group too)."""
    acres = [
        claim("a", "Over the next week the Lark fire burned 14,212 acres and forced about 9,000 people from their homes."),
        claim(
            "b",
            "The county released its long-awaited report on the blaze, which ignited Aug. 3 in Lark Canyon and "
            "scorched more than 14,000 acres before crews contained it.",
        ),
        claim("c", "The fire started on the afternoon of Aug. 3 and went on to burn roughly 14,200 acres."),
    ]
    others = [
        claim("b", "Two people died and some 9,000 residents were forced from their homes."),
        claim("a", "The fire began shortly after 2 p.m. on Aug. 3."),
        claim("c", "Residents said they had seen the danger long before the county released its report."),
    ]
    groups = group_claims([*acres, *others, *filler()], articles("a", "b", "c", "x"), [], semantic=semantic)
    assert any({c.id for c in acres} <= set(g.claims) for g in groups)


def test_a_duration_a_small_count_and_a_race_tell_no_claim_apart() -> None:
    from corroborate.align.figure_pairs import telling_figures

    def telling(text: str) -> list[str]:
        [kept] = telling_figures([claim("a", text)])
        return [q.text for q in kept.quantities]

    assert telling("Ms. Orr, a 21-year veteran of the agency, left over 20 years later.") == []
    assert telling("The request covered 11 counties and 6,200 homes.") == ["6,200 homes"]
    assert telling("She won the 100 meters and ran 400 meters more in training.") == ["400 meters"]


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_appointed_chief_in_2021_by_three_outlets_is_a_group_of_its_own(semantic: bool) -> None:
    """One dated act of a class the lexicon names, given by all three outlets each in a
    sentence stating more: a group of its own. Two outlets only, a date naming a thing
    ("a 2021 ban"), or a report's release day make none."""
    from corroborate.model import DateMention

    def dated(article: str, text: str, when: str, value: str, act: str) -> Claim:
        made = claim(article, text)
        at = text.index(when)
        return made.model_copy(
            update={"dates": (DateMention(text=when, start=at, end=at + len(when), value=value, governor=act),)}
        )

    appointed = [
        dated(
            "a",
            "Ms. Orr, whom the mayor appointed chief in 2021, said she would sue the city over her firing.",
            "2021",
            "2021",
            "appoint",
        ),
        dated(
            "b",
            "Orr was appointed by the mayor in January 2021 after a national search that drew 40 applicants.",
            "January 2021",
            "2021-01",
            "appoint",
        ),
        dated(
            "c",
            "She rose through the ranks for two decades before the mayor tapped her as chief in 2021.",
            "2021",
            "2021",
            "appoint",
        ),
    ]
    others = [
        claim("a", "The union called the firing a political act."),
        claim("b", "Homicides fell during her first two years."),
    ]
    groups = group_claims([*appointed, *others, *filler()], articles("a", "b", "c", "x"), [], semantic=semantic)
    assert any({c.id for c in appointed} <= set(g.claims) for g in groups)

    from corroborate.align.figure_pairs import dated_act_pairs

    assert dated_act_pairs(appointed, 4) == {(0, 1), (0, 2), (1, 2)}
    ban = dated("b", "The agency will reverse a 2021 ban on imports.", "2021", "2021", "reverse")
    released = dated("b", "The report, released in 2021, found the chief had been appointed fairly.", "2021", "2021", "publish")
    assert dated_act_pairs([appointed[0], ban, released], 4) == set()


def test_the_ledger_lists_1862_emails_left_alone_joins_its_one_sure_partner() -> None:
    """ "The inventory, released Monday by the records office, lists 2,314 messages" went
    to the release's group; the other outlet's "The inventory lists 1,862 emails" is
    left alone: with one firmly linked partner this likely, the two make a group (the
    partner keeps its own). Two partners, a lower chance or a headline make none."""
    from corroborate.align.claim_memberships import lone_pairs

    texts = [
        ("a", "The inventory lists 1,862 emails sent or received through the account."),
        ("b", "The inventory, released on Monday by the records office, lists 2,314 messages sent or received."),
        ("c", "The records office released the inventory on Monday."),
        ("c", "The inventory lists 2,300 messages sent through the account."),
    ]
    claims = [claim(article, text) for article, text in texts]
    firm = {(0, 1): 1.0, (1, 2): 1.0}
    sure = {(0, 1): 0.97, (1, 2): 0.9, (0, 3): 0.95}

    def grouped(groups: list[set[int]], links: dict[tuple[int, int], float], restating: list[bool]) -> list[set[int]]:
        lone_pairs(groups, links, claims, restating, lambda a, b: sure.get((a, b), 0.1), 0.9)
        return groups

    assert grouped([{0}, {1, 2}], firm, [False] * 4) == [{0, 1}, {1, 2}]
    assert grouped([{0}, {1, 2}], {(0, 1): 1.0}, [True, False, False, False]) == [{0}, {1, 2}]  # a headline
    two = {**firm, (0, 3): 1.0}
    assert grouped([{0}, {1, 2}, {3}], two, [False] * 4)[0] == {0}  # two sure partners: which one?
    sure[0, 1] = 0.6
    assert grouped([{0}, {1, 2}], firm, [False] * 4) == [{0}, {1, 2}]
