"""Conflicts between the accounts of one claim: figures, dates and negation (hand-written texts)."""

from __future__ import annotations

import datetime as dt

import pytest

from corroborate.assess.conflicts import find_conflicts
from corroborate.model import Claim, DateMention
from corroborate.nlp.quantities import find_quantities


def account(
    article: str, text: str, predicate: str | None = None, negated: bool = False, day: str | None = None, when: str = "Tuesday"
) -> Claim:
    dates = (DateMention(text=when, start=0, end=len(when), value=day),) if day else ()
    return Claim(
        id=f"{article}:c1", article=article, text=text, start=0, end=len(text), rule="test",
        quantities=tuple(find_quantities(text)), dates=dates, predicate=predicate, negated=negated,
    )  # fmt: skip


def kinds(*claims: Claim) -> list[str]:
    return [c["kind"] for c in find_conflicts(claims)]


def test_a_figure_without_its_unit_is_read_against_the_figure_beside_it() -> None:
    a = account("a", "There were roughly 52,000 arrests last year, a third of the 160,000 arrests in 2000.")
    b = account("b", "Arrests have fallen to 40,000 last year from a peak of 160,000 in 2000.")
    [conflict] = find_conflicts([a, b])
    assert (conflict["a_text"], conflict["b_text"]) == ("roughly 52,000 arrests", "40,000")


def test_a_bare_figure_with_nothing_alike_beside_it_is_no_conflict() -> None:
    a = account("a", "There were roughly 52,000 arrests last year.")
    b = account("b", "The agency hired 40,000 last year.")
    assert kinds(a, b) == []


def test_two_days_for_one_event_conflict() -> None:
    a = account("a", "The mayor resigned on Tuesday.", predicate="resign", day="2026-03-03")
    b = account("b", "The mayor resigned on Monday.", predicate="resign", day="2026-03-02", when="Monday")
    assert kinds(a, b) == ["date"]
    assert kinds(a, account("b", "The mayor resigned on Tuesday.", predicate="resign", day="2026-03-03")) == []


def test_today_that_membership_costs_25000_in_two_articles_of_two_days_is_no_conflict() -> None:
    # The same words read from two publication days say one day: the articles' days differ.
    a = account("a", "Today, that same membership costs $25,000.", predicate="cost", day="2016-03-01", when="Today")
    b = account("b", "Today, that same membership costs $25,000.", predicate="cost", day="2016-03-04", when="Today")
    assert kinds(a, b) == []


def test_the_bailout_after_the_sept_11_2001_attacks_and_after_the_sept_11_attacks_are_no_conflict() -> None:
    # A day without its year took the article's year: it is the day the other dates in full.
    a = account(
        "a", "The act passed after the Sept. 11, 2001, attacks.", predicate="pass", day="2001-09-11", when="Sept. 11, 2001"
    )
    b = account("b", "The act passed after the Sept. 11 attacks.", predicate="pass", day="2016-09-11", when="Sept. 11")
    assert kinds(a, b) == []
    c = account("c", "The act passed on Sept. 12.", predicate="pass", day="2016-09-12", when="Sept. 12")
    assert kinds(a, c) == ["date"]


def test_one_account_negating_the_other_conflicts() -> None:
    a = account("a", "The council approved the harbour budget.", predicate="approve")
    b = account("b", "The council did not approve the harbour budget.", predicate="approve", negated=True)
    assert kinds(a, b) == ["negation"]


def test_a_negation_of_something_else_or_a_hedged_one_is_no_conflict() -> None:
    a = account("a", "The rule only applies to married couples, and not to partners.", predicate="apply")
    b = account("b", "The rule would not apply to partners.", predicate="apply", negated=True)
    assert kinds(a, b) == []  # both say it excludes partners
    c = account("c", "Voters support the harbour amendment.", predicate="support")
    d = account("d", "I don't support civil unions for the council.", predicate="support", negated=True)
    assert kinds(c, d) == []


def test_six_rifles_in_one_raid_and_a_total_of_fourteen_so_far_are_no_conflict() -> None:
    # A running total and one occasion's figure measure a whole and a part of it.
    raid = account("a", "During the raid, coastguards seized six rifles from the skiff.")
    total = account("b", "The patrol boat has so far seized a total of 14 rifles in five raids.")
    assert kinds(raid, total) == []
    assert kinds(raid, account("b", "Coastguards seized nine rifles from the skiff during the raid.")) == ["quantity"]


def test_chased_him_for_30_miles_and_15_miles_north_of_detroit_are_two_measures() -> None:
    chase = account("a", "Deputies chased him for 30 miles through two towns.")
    place = account("b", "The office is about 15 miles north of Detroit.")
    assert kinds(chase, place) == []
    assert kinds(chase, account("b", "Police chased the van for 12 miles before it stopped.")) == ["quantity"]


def test_one_million_dollars_and_more_than_one_million_are_no_conflict() -> None:
    # "$1 million" is a round figure: more than a million may be what it rounds.
    a = account("a", "Damage to the church was estimated at $1 million.")
    b = account("b", "The pastor estimates damage to the church at more than $1 million.")
    assert kinds(a, b) == []
    assert kinds(a, account("b", "Damage to the church was estimated at $3 million.")) == ["quantity"]


def test_an_inquiry_begun_two_years_ago_and_more_than_two_years_ago_are_no_conflict() -> None:
    # "More than N" and a round N are one figure told with two precisions.
    a = account("a", "The inquiry into the harbour board began two years ago.")
    b = account("b", "The inquiry into the harbour board began more than two years ago.")
    assert kinds(a, b) == []
    assert kinds(a, account("b", "The inquiry into the harbour board began more than four years ago.")) == ["quantity"]


def test_name_not_released_until_charged_and_released_after_charged_are_no_conflict() -> None:
    a = account("a", "The name of the driver would be released after he is formally charged.", predicate="release")
    b = account("b", "The driver's name will not be released until he is formally charged.", predicate="release", negated=True)
    assert kinds(a, b) == []
    c = account(
        "c", "The name of the driver will not be released after he is formally charged.", predicate="release", negated=True
    )
    assert kinds(a, c) == ["negation"]


def test_none_of_the_letters_were_signed_and_they_were_not_signed_are_no_conflict() -> None:
    """ "None", "nobody", "nothing" negate a sentence as "not" does, with no `neg` word on
    its verb: both accounts deny the same thing."""
    a = account("a", "None of the harbour letters were signed when they were sent.", predicate="sign")
    b = account("b", "The harbour letters were not signed when they were sent.", predicate="sign", negated=True)
    assert kinds(a, b) == []
    c = account("c", "Nobody signed the harbour letters before they were sent.", predicate="sign")
    d = account("d", "The mayor signed the harbour letters before they were sent.", predicate="sign")
    assert kinds(c, account("e", "The mayor did not sign the harbour letters before they were sent.", "sign", True)) == []
    assert kinds(d, account("e", "The mayor did not sign the harbour letters before they were sent.", "sign", True)) == [
        "negation"
    ]


def acting(a: Claim, b: Claim, party_a: str | None, party_b: str | None) -> list[str]:
    """`kinds` of two accounts with the parties who act in each (None: not found)."""
    return kinds(a.model_copy(update={"subject": party_a}), b.model_copy(update={"subject": party_b}))


def test_the_mayor_did_not_sign_and_the_governor_signed_are_no_conflict() -> None:
    """One party's denial and another party's act are two predications, not one negated."""
    a = account("a", "The governor signed the harbour letters before they were sent.", "sign")
    b = account("b", "The mayor did not sign the harbour letters before they were sent.", "sign", True)
    assert acting(a, b, "Ana Reyes", "Bo Lund") == []
    # The same party, or a party not found in one account: a conflict as before.
    assert acting(a, b, "Bo Lund", "Mayor Bo Lund") == ["negation"]
    assert acting(a, b, None, "Bo Lund") == ["negation"]


def test_hadn_t_spaced_as_tokens_and_hadnt_are_no_conflict() -> None:
    """Text rebuilt from tokens spaces a contraction ("hadn ’ t"): the parse finds no
    negation there, but the words still deny what the other account denies."""
    a = account("a", "The harbour case hadn ’ t been submitted as of Tuesday.", predicate="submit")
    b = account("b", "The harbour case hadn't been submitted as of Tuesday.", predicate="submit", negated=True)
    assert kinds(a, b) == []


def test_two_quarterbacks_passing_yards_are_no_conflict() -> None:
    """Figures of one unit and one verb, but of two parties who act: two measures."""
    a = account("a", "Marlow threw for 364 yards and three touchdowns in the harbour bowl.")
    b = account("b", "Dunne threw for 329 yards and a touchdown in the harbour bowl.")
    assert acting(a, b, "Ty Marlow", "Cal Dunne") == []
    # One party (however named), or a party one account does not name: a conflict as before.
    assert acting(a, b, "Ty Marlow", "Marlow") == ["quantity"]
    assert acting(a, b, None, "Cal Dunne") == ["quantity"]


def test_would_not_have_closed_and_even_if_are_no_denial() -> None:
    """A counterfactual or a conditional negation states no fact against the account
    that the thing happened."""
    a = account("a", "The council closed the harbour road on Monday.", predicate="close")
    b = account("b", "Without the storm the council would not have closed the harbour road.", "close", True)
    c = account("c", "Even if the storm came, the council wouldn't close the harbour road.", "close", True)
    d = account("d", "The council did not close the harbour road on Monday.", predicate="close", negated=True)
    assert kinds(a, b) == [] and kinds(a, c) == []
    assert kinds(a, d) == ["negation"]
    e = account("e", "The council did not close the harbour road, even if the mayor asked it to.", "close", True)
    assert kinds(a, e) == ["negation"]


def governed(claim: Claim, *governors: str | None) -> Claim:
    """The claim with its figures' governing acts set (as extraction reads them from the parse)."""
    figures = tuple(q.model_copy(update={"governor": g}) for q, g in zip(claim.quantities, governors, strict=True))
    return claim.model_copy(update={"quantities": figures})


def test_missed_nine_games_and_started_ten_games_are_no_conflict() -> None:
    """One unit, a word in common, but two acts counted: two measures."""
    a = account("a", "Okafor missed nine games this season with the knee injury.")
    b = account("b", "Okafor started 10 games this season despite the knee injury.")
    assert kinds(governed(a, "miss"), governed(b, "start")) == []
    # One act, or an act one account does not tell (no verb, or a copula): a conflict as before.
    assert kinds(governed(a, "miss"), governed(b, "miss")) == ["quantity"]
    assert kinds(governed(a, "miss"), governed(b, None)) == ["quantity"]
    assert kinds(governed(a, "miss"), governed(b, "be")) == ["quantity"]
    assert kinds(governed(a, "miss"), governed(b, "have")) == []


def test_ten_killed_and_twelve_died_count_the_dead_alike() -> None:
    a = account("a", "The storm killed 10 people in the harbour district.")
    b = account("b", "Twelve people died in the harbour district during the storm.")
    assert kinds(governed(a, "kill"), governed(b, "die")) == ["quantity"]
    c = account("c", "The harbour district, home to 12 people per acre, was hit by the storm.")
    assert kinds(governed(a, "kill"), governed(c, "home")) == []


def test_the_mayor_resigned_on_tuesday_and_the_governor_on_monday_are_no_conflict() -> None:
    """Two parties' acts of one kind on two days are two events, not one dated twice."""
    a = account("a", "The mayor resigned on Tuesday.", predicate="resign", day="2026-03-03")
    b = account("b", "The governor resigned on Monday.", predicate="resign", day="2026-03-02", when="Monday")
    assert acting(a, b, "Bo Lund", "Ana Reyes") == []
    assert acting(a, b, "Bo Lund", "Mayor Bo Lund") == ["date"]
    assert acting(a, b, None, "Ana Reyes") == ["date"]


def test_you_dont_want_to_end_the_game_on_a_sack_negates_no_account_of_it() -> None:
    """A negation stated as a wish, an aim or a possibility states no fact."""
    a = account("a", "The sack on the last play ended the harbour cup final.", "end")
    b = account("b", "You don't want to end the harbour cup final on a sack on the last play.", "end", True)
    assert kinds(a, b.model_copy(update={"modality": "want"})) == []
    assert kinds(a, b) == ["negation"]  # the same words stated as a fact


def framed(claim: Claim, *arguments: str, actors: tuple[str, ...] = ()) -> Claim:
    """The claim with its main verb's frame (as extraction reads it from the parse)."""
    from corroborate.model import Frame

    frame = Frame(predicate=claim.predicate or "", arguments=arguments)
    return claim.model_copy(update={"frames": (frame,), "actors": actors})


def test_traffic_to_the_islands_is_not_affected_and_many_ports_were_affected_are_no_conflict() -> None:
    """The acts of two parties the accounts name by common nouns that differ."""
    a = account("a", "Ferry traffic to the islands is not affected by the harbour strike.", "affect", True)
    b = account("b", "Many ports were affected by the harbour strike, and ferries ran late.", "affect")
    assert kinds(framed(a, "object:traffic", "by:strike"), framed(b, "object:ports", "by:strike")) == []
    assert kinds(framed(a, "object:ports", "by:strike"), framed(b, "object:ports", "by:strike")) == ["negation"]


def test_okafor_is_not_signed_for_next_season_and_the_other_players_are_is_no_conflict() -> None:
    """One account names who acts, the other names only other people: two parties."""
    a = account("a", "Unlike the other players, Okafor is not signed for the harbour cup next season.", "sign", True)
    b = account("b", "The club's players, Reyes and Lund among them, are signed for the harbour cup next season.", "sign")
    a = framed(a, "object:okafor", actors=("Dee Okafor",)).model_copy(update={"subject": "Dee Okafor"})
    assert kinds(a, framed(b, "object:players", actors=("Ana Reyes", "Bo Lund"))) == []
    # the other account names the same person, or nobody: a conflict as before
    assert kinds(a, framed(b, "object:players", actors=("Ana Reyes", "Dee Okafor"))) == ["negation"]
    assert kinds(a, framed(b, "object:players")) == ["negation"]


def test_ferries_dont_need_a_permit_and_the_mayor_needs_to_sign_one_are_no_conflict() -> None:
    """ "Need", like "have" or "want", names no event of its own (`lexicon.LIGHT_VERBS`)."""
    a = account("a", "Harbour ferries don't need a new permit for the winter crossings.", "need", True)
    b = account("b", "But the mayor still needs to sign the permit for the winter crossings.", "need")
    assert kinds(a, b) == []


def placed(claim: Claim, *places: str) -> Claim:
    return claim.model_copy(update={"places": places})


def test_falling_150_metres_at_mount_cook_and_600_metres_on_mount_sefton_are_no_conflict() -> None:
    """Two places named and none in common: two occasions of one act."""
    a = governed(account("a", "A climber died after falling about 150 metres at Mount Cook."), "fall")
    b = governed(account("b", "A climber fell about 600 metres while climbing on Mount Sefton."), "fall")
    assert kinds(placed(a, "Mount Cook"), placed(b, "Mount Sefton")) == []
    # one place in both (by its last word), or a place in only one: a conflict as before
    assert kinds(placed(a, "Aoraki Mount Cook"), placed(b, "Mt Cook", "Tasman Saddle")) == ["quantity"]
    assert kinds(placed(a, "Mount Cook"), b) == ["quantity"]


def test_okafor_started_nine_games_and_the_others_started_twelve_are_no_conflict() -> None:
    """One account names who acts, the other only other people: two parties' figures;
    an account naming that person in passing ("Okafor's knee") may be of the same."""
    a = governed(account("a", "Okafor started nine games for the harbour club this season."), "start")
    b = governed(account("b", "Reyes and Lund started 12 games for the harbour club this season."), "start")
    a = a.model_copy(update={"subject": "Dee Okafor", "actors": ("Dee Okafor",)})
    assert kinds(a, b.model_copy(update={"actors": ("Ana Reyes", "Bo Lund")})) == []
    c = governed(account("c", "Despite Okafor's knee, the club started 12 games this season."), "start")
    assert kinds(a, c.model_copy(update={"actors": ("Ana Reyes",)})) == ["quantity"]


def test_needs_67_delegates_and_is_71_delegates_short_in_reports_days_apart_are_no_conflict() -> None:
    """A count in reports published days apart is each report's day's: it moved between them."""
    a = account("a", "The senator needs 67 delegates to reach the 2,383 needed to win.")
    b = account("b", "The senator is 71 delegates short of the 2,383 delegates needed to win.")
    days = {"a": dt.date(2016, 6, 1), "b": dt.date(2016, 6, 3)}
    assert [c["kind"] for c in find_conflicts([a, b], days)] == []
    # Reports of one day, or of days unknown, still conflict.
    assert {c["kind"] for c in find_conflicts([a, b], {**days, "b": dt.date(2016, 6, 2)})} == {"quantity"}
    assert set(kinds(a, b)) == {"quantity"}
    # Both dating the count to one day: one occasion, however far apart the reports.
    on_day = {"day": "2016-05-31", "when": "Tuesday"}
    a_dated, b_dated = account("a", a.text, day=on_day["day"]), account("b", b.text, day=on_day["day"])
    assert {c["kind"] for c in find_conflicts([a_dated, b_dated], days)} == {"quantity"}


def test_two_polls_margins_of_error_of_four_and_5_7_points_are_no_conflict() -> None:
    """Each poll states its own margin of error: two of them in one story are two polls,
    not two accounts of one figure. Two accounts of one poll's finding still conflict."""
    a = account("a", "The ferry poll's margin of sampling error was plus or minus four percentage points.")
    b = account("b", "The ferry poll has a margin of error of plus or minus 5.7 percentage points.")
    assert kinds(a, b) == []
    c = account("a", "The ferry poll found 40 percentage points of support for the toll.")
    d = account("b", "The ferry poll found 55 percentage points of support for the toll.")
    assert kinds(c, d) == ["quantity"]


def test_won_eight_of_the_past_nine_races_and_seven_of_the_past_eight_are_no_conflict() -> None:
    """A count over the last N events is taken over a window that moves with each report:
    "the past nine races" and "the past eight races" are two windows."""
    a = account("a", "The harbour crew has won eight of the past nine races this season.")
    b = account("b", "The harbour crew has won seven of the past eight races this season.")
    assert kinds(a, b) == []
    # one window, two counts: still a conflict
    c = account("b", "The harbour crew has won seven of the past nine races this season.")
    assert kinds(a, c) == ["quantity"]


def test_mayor_lee_s_52_percent_and_the_governor_s_27_percent_are_no_conflict() -> None:
    """Neither account names who acts (no subject), and the parties each names are not in
    the other: two parties' figures, not two accounts of one. One party in common, or an
    account naming no one, leaves the figures comparable."""
    lee = account("a", "Mayor Lee has the backing of 52 percent of harbour voters, the ferry poll found.")
    lee = lee.model_copy(update={"actors": ("Ann Lee",)})
    reyes = account("b", "The governor and his deputy each have the backing of 27 percent of harbour voters.")
    reyes = reyes.model_copy(update={"actors": ("Tom Reyes", "Ada Cole")})
    assert kinds(lee, reyes) == []
    # the same party on both sides: one figure, two values
    lee_again = reyes.model_copy(update={"actors": ("Tom Reyes", "Ann Lee")})
    assert kinds(lee, lee_again) == ["quantity"]
    # an account naming no one may be of either party
    nobody = reyes.model_copy(update={"actors": ()})
    assert kinds(lee, nobody) == ["quantity"]


def test_arrested_four_times_and_three_times_since_october_are_no_conflict() -> None:
    """A count taken since a point in time measures that span: without one, or since
    another point, it measures another. Two counts since one point still conflict, and
    a causal "since" is no point in time."""
    a = account("a", "The ferry captain had been fined four times for speeding in the harbour.")
    b = account("b", "The ferry captain had been fined three times since October for speeding in the harbour.")
    assert kinds(a, b) == []
    c = account("a", "The ferry captain had been fined four times since October for speeding in the harbour.")
    assert kinds(c, b) == ["quantity"]
    d = account("a", "The ferry captain had been fined four times, since he was speeding in the harbour.")
    e = account("b", "The ferry captain had been fined three times, since he was speeding in the harbour.")
    assert kinds(d, e) == ["quantity"]


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        (
            "The ferry captain had been led off the pier 10 minutes earlier.",
            "The ferry captain was off the pier for nine minutes before coming back.",
            [],
        ),
        ("The ferry toll takes effect in about 30 days.", "The ferry toll takes effect nine days before the harbour vote.", []),
        ("The ferry captain died three days later.", "The ferry captain died two days after the crash.", ["quantity"]),
        (
            "The ferry captain was off the pier for 10 minutes before coming back.",
            "The ferry captain was off the pier for nine minutes before coming back.",
            ["quantity"],
        ),
    ],
)
def test_escorted_out_10_minutes_earlier_and_outside_for_nine_minutes_are_no_conflict(
    first: str, second: str, expected: list[str]
) -> None:
    """A length of time is a span ("for nine minutes") or an offset before or after
    another event ("10 minutes earlier", "in about 30 days", "nine days before the
    vote"): a span and an offset, or offsets on two sides, are two measures. Two offsets
    on one side, or two spans, still conflict."""
    assert kinds(account("a", first), account("b", second)) == expected


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("The 61-year-old Ada Cole was hurt on the pier.", "The 35-year-old Tom Cole was hurt on the pier.", []),
        ("By the last lap the 36-year-old Reyes looked tired.", "By the last lap the 32-year-old Lee looked fresh.", []),
        (
            "By the last lap the 36-year-old Reyes looked tired.",
            "By the last lap the 38-year-old Reyes looked tired.",
            ["quantity"],
        ),
    ],
)
def test_the_61_year_old_ada_cole_and_the_35_year_old_tom_cole_are_no_conflict(
    first: str, second: str, expected: list[str]
) -> None:
    """An age describes the person named after it: two names, two people's ages. One
    name with two ages is a conflict."""
    assert kinds(account("a", first), account("b", second)) == expected


def test_a_place_the_other_account_names_in_its_dateline_is_shared() -> None:
    """ "TOLEDO, Ohio — ... injuring 11 others": the NER took the dateline for a name, so
    the places read Toledo / Ohio, apart; the words hold Toledo all the same."""
    a = governed(account("a", "A fire at a Toledo warehouse killed three workers and injured 12 others."), "kill", "injure")
    b = governed(account("b", "TOLEDO, Ohio — A warehouse fire killed three workers and injured 11 others."), "kill", "injure")
    assert kinds(placed(a, "Toledo"), placed(b, "Ohio")) == ["quantity"]
    c = governed(account("c", "A warehouse fire in Dayton killed three workers and injured 11 others."), "kill", "injure")
    assert kinds(placed(a, "Toledo"), placed(c, "Dayton")) == []


def test_two_days_for_one_act_conflict_though_each_account_dates_another_event_too() -> None:
    """ "on Tuesday ordered ... over a 2024 spill" / "on Wednesday ordered ... a 2024 spill":
    the year dates the spill, the days the order; only a second day leaves an account out."""

    def dated(article: str, text: str, *dates: tuple[str, str]) -> Claim:
        found = tuple(DateMention(text=t, start=text.index(t), end=text.index(t) + len(t), value=v) for t, v in dates)
        return account(article, text, "order").model_copy(update={"dates": found})

    a = dated(
        "a", "A jury on Tuesday ordered the ferry line to pay over a 2024 spill.", ("Tuesday", "2026-09-15"), ("2024", "2024")
    )
    b = dated(
        "b", "A jury on Wednesday ordered the ferry line to pay for a 2024 spill.", ("Wednesday", "2026-09-16"), ("2024", "2024")
    )
    assert kinds(a, b) == ["date"]
    c = dated(
        "c", "On Monday a jury on Wednesday ordered the line to pay.", ("Monday", "2026-09-14"), ("Wednesday", "2026-09-16")
    )
    assert kinds(a, c) == []


def _dated(article: str, text: str, predicate: str, *dates: tuple[str, str, str | None]) -> Claim:
    found = tuple(DateMention(text=t, start=text.index(t), end=text.index(t) + len(t), value=v, governor=g) for t, v, g in dates)
    return account(article, text, predicate).model_copy(update={"dates": found})


def test_referred_the_case_in_june_and_in_august_conflict() -> None:
    """Two months for one act conflict; a day is read against a month by its month."""
    june = _dated("a", "The office referred the case to the panel in June.", "refer", ("June", "2023-06", "refer"))
    august = _dated("b", "The office referred the case to the panel in August.", "refer", ("August", "2023-08", "refer"))
    assert kinds(june, august) == ["date"]
    third = _dated("c", "The office referred the case to the panel on June 3.", "refer", ("June 3", "2023-06-03", "refer"))
    assert kinds(june, third) == []
    assert kinds(august, third) == ["date"]


def test_wexley_said_thursday_that_he_was_told_dates_the_saying_not_the_act() -> None:
    """A day a reporting verb governs is when it was said: "said Thursday that ... would
    be asked" against "I was told Tuesday night that ... would be asked" is no conflict."""
    said = _dated(
        "a",
        "Wexley said Thursday that the chief had told him days earlier that the administrator would be asked to resign.",
        "ask",
        ("Thursday", "2019-10-17", "say"),
    )
    told = _dated(
        "b",
        "I was told Tuesday night that the administrator would be asked to resign.",
        "ask",
        ("Tuesday night", "2019-10-15", "tell"),
    )
    assert kinds(said, told) == []
    acted = _dated("c", "The administrator was asked on Monday to resign.", "ask", ("Monday", "2019-10-14", "ask"))
    assert kinds(said, acted) == []


def test_trimming_2_8_billion_a_year_and_28_billion_over_a_decade_are_no_conflict() -> None:
    """A figure per year is a rate; a total over a decade is another measure."""
    a = governed(account("a", "The plan proposed trimming roughly $2.8 billion a year from the subsidies.", "trim"), "trim")
    b = governed(account("b", "The plan proposed trimming $28 billion over a decade from the subsidies.", "trim"), "trim")
    assert kinds(a, b) == []
    c = governed(account("c", "The plan proposed trimming $4.5 billion a year from the subsidies.", "trim"), "trim")
    assert kinds(a, c) == ["quantity"]


def test_the_report_counted_26_charter_flights_and_he_had_taken_41_chartered_flights_conflict() -> None:
    """One counted noun described alike ("charter" / "chartered"); a verb that tallies
    counts another act's figure."""
    a = governed(account("a", "The report counted 26 charter flights between Washington and Ohio."), "count")
    b = governed(account("b", "The report found he had taken 41 chartered flights between Washington and Ohio."), "take")
    assert kinds(a, b) == ["quantity"]
    c = governed(account("c", "Police said 4 unarmed men were held."), "hold")
    d = governed(account("d", "Police said 30 armed men were held."), "hold")
    assert kinds(c, d) == []


def test_carried_the_ward_by_14_percentage_points_and_won_by_nearly_11_points_conflict() -> None:
    """A margin in "percentage points" and in "points" is one unit, and carrying a ward
    is winning it: the two margins cannot both hold."""
    a = account("a", "Ms. Ode carried the ward by 14 percentage points in November 2024")
    b = account("b", "Ode won the ward in 2024 by nearly 11 points")
    a = a.model_copy(update={"quantities": tuple(q.model_copy(update={"governor": "carry"}) for q in a.quantities)})
    b = b.model_copy(update={"quantities": tuple(q.model_copy(update={"governor": "win"}) for q in b.quantities)})
    assert kinds(a, b) == ["quantity"]


def test_a_unit_of_the_word_percentage_alone_is_compared_without_error() -> None:
    from corroborate.assess.conflicts import _one_unit

    assert not _one_unit("percentage", "Percentage") and not _one_unit("percentage", "percentage points")


def test_the_office_referred_the_case_in_june_and_the_matter_in_august_conflict() -> None:
    """A noun that only refers back ("the case", "the matter") names no party: the two
    accounts date one referral to two months."""
    a = account("a", "The ethics office referred the case to the harbour board in June.", "refer", day="2023-06", when="June")
    b = account("b", "The office referred the matter to the harbour board in August.", "refer", day="2023-08", when="August")
    assert kinds(framed(a, "object:case"), framed(b, "object:matter")) == ["date"]
    assert kinds(framed(a, "object:ferries"), framed(b, "object:barges")) == []  # two things referred


def test_attended_a_briefing_on_feb_27_and_sat_in_on_it_on_feb_28_conflict() -> None:
    """Accounts of one class of event worded with two verbs are compared for their dates."""
    a = account("a", "Senator Pell attended a closed briefing on Feb. 27.", "attend", day="2024-02-27", when="Feb. 27")
    b = account("b", "Senator Pell sat in on a closed briefing on Feb. 28.", "sit", day="2024-02-28", when="Feb. 28")
    assert kinds(a, b) == []  # two predicates the lexicon does not tie
    assert kinds(a.model_copy(update={"event": "attend"}), b.model_copy(update={"event": "attend"})) == ["date"]


def test_the_tax_raised_by_12_cents_and_the_tax_of_24_cents_are_two_measures() -> None:
    """One outlet gives both figures (the rise and the rate now): they measure two things,
    even when a group joins its sentences with another outlet's."""
    a1 = account("a", "The governor vetoed a bill that would have raised the gas tax by 12 cents a gallon.")
    a2 = account("a", "The gas tax is now 24.5 cents a gallon.").model_copy(update={"id": "a:c2"})
    b = account("b", "The bill would have raised the gas tax, now 24.5 cents a gallon, by 12 cents.")
    c = account("c", "The governor vetoed a bill raising the gas tax by 12 cents a gallon.")
    assert kinds(a1, a2, b, c) == []


def test_two_votes_more_than_the_23_needed_is_no_count_of_the_votes() -> None:
    a = account("a", "The bill passed the Senate with 25 votes, two more than the 23 needed to override a veto.")
    b = account("b", "The bill passed the Senate 25 to 8 last month, two votes more than the 23 needed to override a veto.")
    assert kinds(a, b) == []


def test_the_house_passed_it_61_to_37_and_64_34_conflict() -> None:
    a = account("a", "The House vote, 61 to 37, left supporters five votes short in that chamber.")
    b = account("b", "In the House, it passed 64-34, leaving backers two votes short.")
    c = account("c", "It passed the state House 61 to 37.")
    assert [(x["a_text"], x["b_text"]) for x in find_conflicts([a, b, c])] == [
        ("61 to 37", "64-34"),
        ("five votes", "two votes"),
        ("64-34", "61 to 37"),
    ]


def test_a_complaint_filed_in_march_and_one_filed_in_december_conflict() -> None:
    """Dates compare by the act they date: "The case began with a complaint filed in
    March 2017" dates a filing, as "filed a complaint in December 2016" does."""
    a = account("a", "The case began with a complaint filed in March 2017.", predicate="begin", day="2017-03", when="March 2017")
    b = account("b", "The group filed a complaint in December 2016.", predicate="file", day="2016-12", when="December 2016")
    a = a.model_copy(update={"dates": (a.dates[0].model_copy(update={"governor": "file"}),)})
    b = b.model_copy(update={"dates": (b.dates[0].model_copy(update={"governor": "file"}),)})
    assert kinds(a, b) == ["date"]


def _governed(claim: Claim, verb: str) -> Claim:
    return claim.model_copy(update={"quantities": tuple(q.model_copy(update={"governor": verb}) for q in claim.quantities)})


def test_hollis_fired_eight_rounds_and_fired_six_times_conflict() -> None:
    """ "fired six times" counts the firing; "fired eight rounds" what it fired: one measure."""
    a = _governed(account("a", "Officer Hollis fired eight rounds at the car."), "fire")
    b = _governed(account("b", "Officer Hollis fired six times at the car."), "fire")
    assert kinds(a, b) == ["quantity"]
    c = _governed(account("c", "Officer Hollis fired six times at the car."), "shout")
    assert kinds(a, c) == []  # counts under two acts
