"""Near figures: one count as each outlet rounds it or names what it counts."""

from __future__ import annotations

from corroborate.align.figure_pairs import near_figure_pairs, tally_pairs
from corroborate.model import Claim
from tests.align.filler import FILLER
from tests.align.test_claim_groups import articles, claim, filler, group_claims, group_of


def _claims(*texts: tuple[str, str]) -> list[Claim]:
    return [claim(article, text) for article, text in texts]


def test_nine_hundred_forty_volunteers_and_more_than_nine_hundred_helpers_are_one_count() -> None:
    """A bound, an approximation and another noun of people count one thing."""
    found = _claims(
        ("a", "The county had 940 volunteers sandbagging the levee."),
        ("b", "More than 900 workers were filling sandbags on the levee."),
        ("c", "Nearly 950 residents stacked sandbags along the levee."),
    )
    assert near_figure_pairs(found, 4) == {(0, 1), (0, 2), (1, 2)}


def test_six_hundred_and_eight_hundred_workers_or_nine_hundred_tons_are_no_one_count() -> None:
    found = _claims(
        ("a", "The plant employs 600 workers on two shifts."),
        ("b", "The plant employs 800 workers on two shifts."),
        ("c", "The plant ships 610 tons of steel a week."),
        ("a", "Exactly 300 employees signed the petition."),
        ("b", "Exactly 320 employees signed the petition."),
    )
    # 600 / 800 are too far apart, tons are no people, and two exact counts that
    # cannot both hold are two figures (the exact-figure rule sees their conflict).
    assert near_figure_pairs(found, 4) == set()


def test_a_near_count_every_outlet_repeats_pairs_nothing() -> None:
    repeated = _claims(*((f"a{n}", f"About {1200 + 10 * n} evacuees slept in the arena.") for n in range(5)))
    assert near_figure_pairs(repeated, 4) == set()
    assert near_figure_pairs(repeated[:2], 4) == {(0, 1)}


def _governed(item: Claim, verb: str) -> Claim:
    return item.model_copy(update={"quantities": tuple(q.model_copy(update={"governor": verb}) for q in item.quantities)})


def test_forty_killed_and_about_forty_two_injured_are_two_counts() -> None:
    killed = claim("a", "The blast killed 40 people at the market.")
    injured = claim("b", "The blast injured about 42 people at the market.")
    assert near_figure_pairs([killed, injured], 4) == {(0, 1)}  # no verb read: may be one count
    assert near_figure_pairs([_governed(killed, "kill"), _governed(injured, "injure")], 4) == set()
    assert near_figure_pairs([_governed(killed, "kill"), _governed(injured, "be")], 4) == {(0, 1)}


def test_nine_hundred_forty_volunteers_and_more_than_nine_hundred_helpers_join_one_group() -> None:
    a = claim("a", "The county had 940 volunteers sandbagging the levee.")
    b = claim("b", "More than 900 workers were stacking sandbags at the levee.")
    filler = [claim("x", text) for text in FILLER]
    groups = group_claims([a, b, *filler], articles("a", "b", "x"), [])
    found = group_of(groups, a)
    assert found is not None and b.id in found.claims


def test_a_figure_with_no_unit_beside_one_with_a_unit_is_no_near_figure() -> None:
    """ "40 of them" (no unit) against "42 volunteers": no crash, no match; a blank unit neither."""
    from corroborate.align.figure_pairs import near_figures

    [counted] = claim("a", "The county had 42 volunteers at the levee.").quantities
    bare = counted.model_copy(update={"unit": None})
    blank = counted.model_copy(update={"unit": " "})
    assert not near_figures(counted, bare) and not near_figures(bare, counted) and not near_figures(counted, blank)
    assert near_figure_pairs([claim("a", "x").model_copy(update={"quantities": (blank,)}), claim("b", "y")], 4) == set()


def test_26_of_the_38_removed_titles_states_26_not_the_38_titles() -> None:
    """The whole a part is taken from ("of the 38 removed titles") is no figure the claim
    states: it joins no claim of 38 titles by that figure; the part still counts."""
    from corroborate.align.figure_pairs import figure_pairs, without_bases

    found = _claims(
        ("a", "The school board voted on Monday to pull 38 titles from its library shelves."),
        ("b", "Of the books, 26 of the 38 removed titles were written by women, the letter said."),
        ("c", "The board pulled 38 titles from the shelves of its libraries on Monday."),
    )
    assert figure_pairs(found, 100, 4) >= {(0, 1), (0, 2)}
    assert figure_pairs(without_bases(found), 100, 4) == {(0, 2)}
    assert [q.text for q in without_bases(found)[1].quantities] == ["26"]


def test_voted_seven_to_two_and_a_six_three_vote_are_one_vote_counted_twice() -> None:
    """Three outlets' tallies of one board's vote pair up, however each words and counts it."""
    found = _claims(
        ("a", "The harbour board voted 7 to 2 on Monday night to close the ferry pier."),
        ("b", "The board closed the ferry pier in a 6-3 vote."),
        ("c", "The pier closure passed 7-2."),
    )
    assert tally_pairs(found) == {(0, 1), (0, 2), (1, 2)}


def test_a_committee_vote_and_the_full_council_vote_are_two_votes() -> None:
    found = _claims(
        ("a", "The finance committee voted 4-1 to send the pier plan to the council."),
        ("b", "The council approved the pier plan 11 to 2 on Tuesday."),
        ("c", "The pier plan passed the council 11-2."),
    )
    assert tally_pairs(found) == {(1, 2)}


def test_an_article_giving_two_votes_of_one_body_pairs_neither() -> None:
    """Which of two same-sized votes another outlet's tally is, the figures cannot tell."""
    found = _claims(
        ("a", "The council voted 6-3 to amend the pier plan, then 8-1 to adopt it."),
        ("b", "The council adopted the pier plan 8 to 1."),
    )
    assert tally_pairs(found) == set()


def test_three_outlets_tallies_of_one_vote_make_a_conflicting_group() -> None:
    a = claim("a", "The harbour board voted 7 to 2 on Monday night to close the ferry pier.")
    b = claim("b", "The board shut the ferry pier in a 6-3 vote.")
    c = claim("c", "The closure passed 7-2.")
    groups = group_claims([a, b, c, *filler()], articles("a", "b", "c", "x"), [])
    found = [g for g in groups if {a.id, b.id, c.id} <= set(g.claims)]
    assert found and found[0].status == "conflicting"
