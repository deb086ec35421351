"""Quantities as ranges and dates resolved against publication (hand-written phrases)."""

from __future__ import annotations

import datetime as dt

import pytest

from corroborate.model import Quantity
from corroborate.nlp.dates import clock_times, resolve_date
from corroborate.nlp.quantities import disjoint, find_quantities, with_sums


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("there are several buildings on the lot", ("several buildings", 3, None, "buildings", False)),
        ("at least two buildings were emptied", ("at least two buildings", 2, None, "buildings", False)),
        ("more than 40,000 migrants arrived", ("more than 40,000 migrants", 40001, None, "migrants", False)),
        ("it grew into 8million crossings", ("8million crossings", 8_000_000, 8_000_000, "crossings", False)),
        ("about 40,000 vehicles a day", ("about 40,000 vehicles", 40000, 40000, "vehicles", True)),
        ("three to four months of work", ("three to four months", 3, 4, "months", False)),
        ("up to 12 trucks an hour", ("up to 12 trucks", None, 12, "trucks", False)),
        ("fewer than 10 residents stayed", ("fewer than 10 residents", None, 9, "residents", False)),
        ("a dozen boats were damaged", ("a dozen boats", 12, 12, "boats", False)),
        ("it took over several apartment blocks", ("several apartment blocks", 3, None, "apartment blocks", False)),
        # A comparative bound reads as "more than" / "less than".
        # A measure's strict bound moves no step: "above 10 tons" is no "11 tons or more".
        ("it banned trucks heavier than 10 tons", ("heavier than 10 tons", 10, None, "tons", False)),
        ("boats shorter than 20 feet may dock", ("shorter than 20 feet", None, 20, "feet", False)),
        ("more than seven inches of rain fell", ("more than seven inches", 7, None, "inches", False)),
        ("turnout was more than 52 percent", ("more than 52 percent", 52, None, "percent", False)),
        ("it cost more than $400,000 to fix", ("more than $400,000", 400_000, None, "dollars", False)),
        ("more than 20 years on the force", ("more than 20 years", 21, None, "years", False)),
        # A name's possessive before the noun counted: the noun is the unit.
        ("all five of Brightwater’s campuses will close", ("five", 5, 5, "campuses", False)),
        # Spelled compounds are one number, not a range ("twenty-five" is not 20 to 5).
        ("twenty-five officers arrived", ("twenty-five officers", 25, 25, "officers", False)),
        ("one hundred and fifty homes flooded", ("one hundred and fifty homes", 150, 150, "homes", False)),
        ("two hundred people marched", ("two hundred people", 200, 200, "people", False)),
        ("half a million dollars was lost", ("half a million dollars", 500_000, 500_000, "dollars", False)),
        ("no more than 20 cars may park", ("no more than 20 cars", None, 20, "cars", False)),
        ("dozens of armed men stormed in", ("dozens of armed men", 24, None, "armed men", False)),
        ("three armed men stood there", ("three armed men", 3, 3, "armed men", False)),
        ("tens of thousands of people fled", ("tens of thousands of people", 20_000, None, "people", False)),
        ("a handful of buildings stood", ("a handful of buildings", 2, 5, "buildings", False)),
        ("a 100,000-plus crowd gathered", ("100,000-plus crowd", 100_000, None, "crowd", False)),
        # Money and shares carry their unit.
        ("it caused $2 million in damages", ("$2 million", 2_000_000, 2_000_000, "dollars", False)),
        ("more than £5m was raised", ("more than £5m", 5_000_000, None, "pounds", False)),
        ("about 30% of units are empty", ("about 30%", 30, 30, "percent", True)),
        ("30 per cent of voters stayed home", ("30 per cent", 30, 30, "percent", False)),
        # Sports and finance pages' millions, and dollars named by their country.
        ("the club offered a $200MM deal", ("$200MM", 200_000_000, 200_000_000, "dollars", False)),
        ("US$5 million was paid", ("US$5 million", 5_000_000, 5_000_000, "dollars", False)),
        # The same sum converted into another currency is not a second figure.
        ("damage was put at $US1 million ($1.52 million)", ("$US1 million", 1_000_000, 1_000_000, "dollars", False)),
        # A participle before the plural noun counted describes it; a verb alone says what the counted did.
        ("he had taken 41 chartered flights", ("41 chartered flights", 41, 41, "chartered flights", False)),
        ("police seized 12 stolen cars", ("12 stolen cars", 12, 12, "stolen cars", False)),
        ("five died in the crash", ("five", 5, 5, None, False)),
        # A model name is part of what is counted, not a second count.
        ("seven AK-47 assault rifles were found", ("seven AK-47 assault rifles", 7, 7, "ak-47 assault rifles", False)),
        ("the COVID-19 wave closed 20 schools", ("20 schools", 20, 20, "schools", False)),
        ("they recovered 12 AK 47 guns", ("12 AK 47 guns", 12, 12, "ak 47 guns", False)),
        ("the navy seized 14 AK - 47 rifles", ("14 AK - 47 rifles", 14, 14, "ak - 47 rifles", False)),
        ("they also confiscated seven AK-47s, officials said", ("seven AK-47s", 7, 7, "ak-47s", False)),
        # "only" is no bound; a hyphenated unit is a count of it.
        ("officials cited only two times that it happened", ("two times", 2, 2, "times", False)),
        ("after a two-year inquiry", ("two-year", 2, 2, "year", False)),
        ("a 50-minute speech", ("50-minute", 50, 50, "minute", False)),
        # A range, not two years; years as a range are the date finder's.
        ("between 10 and 20 people", ("between 10 and 20 people", 10, 20, "people", False)),
        # The second figure's scale is the first's too, its currency sign repeated or not.
        ("2 to 3 million people fled", ("2 to 3 million people", 2_000_000, 3_000_000, "people", False)),
        ("an offer of $140-$150 million", ("$140-$150 million", 140_000_000, 150_000_000, "dollars", False)),
        ("from 500 to 2 million viewers", ("500 to 2 million viewers", 500, 2_000_000, "viewers", False)),
        ("In 40 years it grew", ("40 years", 40, 40, "years", False)),
        # An article or determiner starting a sentence names nothing ("Flight 370" does).
        ("An 18-year-old man was arrested", ("18-year-old", 18, 18, "year-old", False)),
        ("A 60-day suspension followed", ("60-day", 60, 60, "day", False)),
        ("Last 12 months were hard", ("12 months", 12, 12, "months", False)),
        # One of a whole: the whole is counted, not a unit "six settlements".
        ("it was one of six settlements paid", ("six settlements", 6, 6, "settlements", False)),
        ("one of the two suspects fled", ("two suspects", 2, 2, "suspects", False)),
        ("she was one of several lawmakers who spoke", ("several lawmakers", 3, None, "lawmakers", False)),
    ],
)
def test_quantity_ranges(text, expected) -> None:
    [quantity] = list(find_quantities(text))
    assert text[quantity.start : quantity.end] == quantity.text
    assert (quantity.text, quantity.min, quantity.max, quantity.unit, quantity.approximate) == expected


@pytest.mark.parametrize(
    "text",
    [
        "In 2022 crime fell",
        "the 1958 bridge",
        "2:51 PM PT -- an update",
        # Times of day are no counts.
        "his resignation is effective at 5 p.m. on Friday",
        "by 9am the crowd had left",
        "the ferry leaves at 7 o'clock",
        "open from 9 to 11 a.m.",
        "Last updated at 13: 42 GMT",
        # A day of the month is a date; a street block an address.
        "Published on Friday, 27 September 2013",
        "he was shot in the 12200 block of Elm Street",
        "one of them left",
        # Idioms where "one" counts nothing.
        "we have to do it one way or the other",
        "the rivals congratulated one another",
        "at one point the ferry stopped",
        "no one came to the meeting",
        "one-on-one talks resumed",
        "on the one hand, the levy helps",
        "many said so",
        # Ranks and years after a count's place are no counts.
        "the 27th District of Texas",
        "in 2018 after reports emerged",
        # Product, model and event names with digits are no counts.
        "an F-35 fighter jet landed",
        "a Boeing 737 crashed",
        "since the 9/11 attacks",
        "since the 9 / 11 attacks",
        "posted 12 / 16 / 08 at noon",
        "open 24/7",
        "the COVID-19 pandemic",
        "Flight 370 vanished",
        "on Jan. 25, it reopened",
        "from 2010 to 2014 it grew",
        "between 2010 and 2014",
    ],
)
def test_years_times_and_bare_number_words_are_no_quantities(text) -> None:
    assert list(find_quantities(text)) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Republicans hold a 242-190 seat advantage", [("242", 242), ("190", 190)]),
        ("the home side won 20-5", [("20", 20), ("5", 5)]),
        ("a 5 to 3 vote", [("5", 5), ("3", 3)]),
    ],
)
def test_a_score_is_two_counts_not_a_range(text, expected) -> None:
    found = [q for q in find_quantities(text) if q.unit != "tally"]
    assert [(q.text, q.min) for q in found] == expected and all(q.min == q.max and q.unit is None for q in found)


@pytest.mark.parametrize(
    ("text", "tally"),
    [
        ("a 5 to 3 vote", ("5 to 3", 5)),
        ("The House vote, 61 to 37, left supporters five votes short.", ("61 to 37", 61)),
        ("The Senate passed the bill 25-8.", ("25-8", 25)),
        ("The court ruled 5-4 on Monday.", ("5-4", 5)),
    ],
)
def test_a_votes_tally_is_one_figure_of_the_votes_for(text, tally) -> None:
    """ "61 to 37" and "64-34" count one thing, the votes for (its two counts read too)."""
    found = [q for q in find_quantities(text) if q.unit == "tally"]
    assert [(q.text, q.min) for q in found] == [tally] and found[0].max == found[0].min


def test_nearly_two_dozen_keck_supply_employees_are_24_employees() -> None:
    [count] = list(find_quantities("Nearly two dozen Keck Industrial Supply employees wrote checks."))
    assert (count.min, count.max, count.unit, count.approximate) == (24, 24, "employees", True)
    assert [q.unit for q in find_quantities("22 Yemeni fishermen")] == ["yemeni fishermen"]


def test_more_than_one_in_five_roads_is_above_20_percent() -> None:
    [share] = list(find_quantities("more than one in five roads are in poor condition"))
    assert (share.min, share.max, share.unit) == (20, None, "percent")


def test_46_percent_to_41_percent_is_two_shares() -> None:
    # "to 41" is no model name ("AK 47") before a unit.
    found = list(find_quantities("voters favored them 46 percent to 41 percent"))
    assert [(q.text, q.min, q.unit) for q in found] == [("46 percent", 46, "percent"), ("41 percent", 41, "percent")]


@pytest.mark.parametrize(
    ("text", "figure", "value", "approximate"),
    [
        ("one in five residents left", "one in five", 20, False),
        ("1 in 4 adults agree", "1 in 4", 25, False),
        ("3 out of 10 voters", "3 out of 10", 30, False),
        ("two out of three voters", "two out of three", 66.7, False),
        ("nine in ten residents", "nine in ten", 90, False),
        ("a two-in-three chance of winning", "two-in-three", 66.7, False),
        ("nearly one in three voters stayed home", "nearly one in three", 33.3, True),
    ],
)
def test_a_share_is_a_percent_not_two_counts(text, figure, value, approximate) -> None:
    """ "1 in 3" and "one-in-three" state one share, comparable with "33 percent"."""
    [quantity] = list(find_quantities(text))
    assert (quantity.text, quantity.min, quantity.max, quantity.unit, quantity.approximate) == (
        figure,
        value,
        value,
        "percent",
        approximate,
    )
    assert text[quantity.start : quantity.end] == figure


@pytest.mark.parametrize(
    ("text", "figure", "low", "high", "approximate"),
    [
        ("two-thirds of the members voted for it", "two-thirds", 66.7, 66.7, False),
        ("one-third of voters stayed home", "one-third", 33.3, 33.3, False),
        ("nearly three-quarters of the board agreed", "nearly three-quarters", 75, 75, True),
        ("a quarter of the budget goes to roads", "a quarter", 25, 25, False),
        ("about half of the 40 members left", "about half", 50, 50, True),
        ("more than half the districts reported", "more than half", 50, None, False),
        ("at least one-fifth of the cost", "at least one-fifth", 20, None, False),
    ],
)
def test_a_fraction_of_a_whole_is_a_percent_not_a_count(text, figure, low, high, approximate) -> None:
    """ "two-thirds of the members" is a share (66.7 percent), not two of anything."""
    found = [q for q in find_quantities(text) if q.unit == "percent"]
    assert [(q.text, q.min, q.max, q.approximate) for q in found] == [(figure, low, high, approximate)]
    assert not [q for q in find_quantities(text) if q.unit != "percent" and q.start < found[0].end]


@pytest.mark.parametrize(
    "text",
    [
        "she won a third term",
        "a quarter century ago",
        "in the third quarter of the year",
        "half an hour",
        "in the first half of 2025",
        "the top half of the income scale",
        "a decade and a half of delays",
        "a quarter of a century ago",
        "a third of a mile away",
    ],
)
def test_an_ordinal_or_a_span_of_time_is_no_fraction(text) -> None:
    assert list(find_quantities(text)) == []


@pytest.mark.parametrize(
    "text", ["a .38-caliber revolver was found", "a 12-gauge shotgun", "a 911 caller reported smoke", "three 911 calls came in"]
)
def test_a_calibre_or_an_emergency_number_is_no_count(text) -> None:
    assert list(find_quantities(text)) == []


def test_calls_after_a_figure_are_counted() -> None:
    """ "12 calls" counts calls ("calls" is a reporting verb too: "she calls it")."""
    assert [(q.text, q.min, q.unit) for q in find_quantities("the office took 12 calls")] == [("12 calls", 12, "calls")]


def test_a_fraction_of_a_measure_is_no_share() -> None:
    """ "less than one-half of 1 percent" is half a percent, not 50 percent nor "one half"."""
    found = [(q.text, q.min, q.max, q.unit) for q in find_quantities("Clinton led by less than one-half of 1 percent.")]
    assert found == [("1 percent", 1, 1, "percent")]


def test_half_a_dozen_is_six() -> None:
    [quantity] = list(find_quantities("half a dozen states sued"))
    assert (quantity.text, quantity.min, quantity.max, quantity.unit) == ("half a dozen states", 6, 6, "states")


@pytest.mark.parametrize(
    ("text", "figure", "low", "high"),
    [
        ("at least a half-dozen mayors objected", "at least a half-dozen mayors", 6, None),
        ("a half dozen towns", "a half dozen towns", 6, 6),
        ("the real number is north of 6,000, she said", "north of 6,000", 6001, None),
        ("a count south of 300 ballots", "south of 300 ballots", None, 299),
    ],
)
def test_a_half_dozen_and_north_of_a_figure(text: str, figure: str, low: float | None, high: float | None) -> None:
    [quantity] = list(find_quantities(text))
    assert (quantity.text, quantity.min, quantity.max) == (figure, low, high)


def test_crashes_rose_to_42_in_2024_is_a_count_and_its_year_not_a_share() -> None:
    found = [(q.text, q.min, q.unit) for q in find_quantities("fatal crashes rose to 42 in 2024, from 29 in 2022.")]
    assert found == [("42", 42, None), ("29", 29, None)]


def test_a_share_in_words_fits_the_same_share_rounded_to_a_percent() -> None:
    """ "one in three" (33.3) and "33 percent", "two-thirds" and "67%": one share rounded."""

    def first(text: str) -> Quantity:
        return next(iter(find_quantities(text)))

    assert not disjoint(first("one in three voters"), first("33 percent of voters"))
    assert not disjoint(first("two-thirds of the voters"), first("67% of the voters"))
    assert disjoint(first("two-thirds of the voters"), first("60% of the voters"))
    assert not disjoint(first("46.1% of the vote"), first("46.14 percent of the vote"))
    assert disjoint(first("46 percent of the vote"), first("41 percent of the vote"))


def test_a_one_in_three_chance_is_the_same_share_spelled_or_in_digits() -> None:
    [spelled] = list(find_quantities("the club had a one-in-three chance of losing the pier"))
    [digits] = list(find_quantities("there is a 1 in 3 chance that we could lose the pier"))
    assert (spelled.min, spelled.unit) == (digits.min, digits.unit) == (33.3, "percent")


def test_a_count_before_a_year_is_no_share() -> None:
    """ "160,000 in 2000" is a count and a year; "1 in 4" is a share."""
    [quantity] = list(find_quantities("from a peak of 160,000 in 2000"))
    assert (quantity.text, quantity.min) == ("160,000", 160_000)


def q(low, high, approximate=False) -> Quantity:
    return Quantity(text="x", start=0, end=1, min=low, max=high, unit="months", approximate=approximate)


def test_overlapping_ranges_are_no_conflict_but_disjoint_ones_are() -> None:
    assert not disjoint(q(3, None), q(2, None))  # "several" vs "at least two"
    assert disjoint(q(6, None), q(3, 4))  # "at least six months" vs "three to four months"
    assert not disjoint(q(40000, 40000, approximate=True), q(42000, 42000))
    assert disjoint(q(40000, 40000, approximate=True), q(55001, None))


def money(text: str) -> Quantity:
    [quantity] = list(find_quantities(text))
    return quantity


def test_a_rounded_figure_fits_the_precise_one() -> None:
    assert not disjoint(money("$1.4 billion"), money("$1.375 billion"))  # 1.4 is 1.375 rounded
    assert disjoint(money("$1.4 billion"), money("$1.3 billion"))
    assert not disjoint(money("$84,000"), money("$84,000"))
    assert disjoint(money("$84,000"), money("$86,000"))  # rounding "84,000" moves it 500 at most


def test_more_than_two_years_and_two_years_overlap_but_more_than_four_does_not() -> None:
    [two] = find_quantities("a two-year inquiry")
    [more] = find_quantities("began more than two years ago")
    [four] = find_quantities("began more than four years ago")
    [fewer] = find_quantities("fewer than 20 people")
    [twenty] = find_quantities("20 people")
    assert (more.min, more.max) == (3, None)  # the stored bound stays N + 1
    assert not disjoint(two, more)
    assert disjoint(two, four)
    assert not disjoint(fewer, twenty)


def test_several_countries_and_two_countries_are_no_conflict_but_dozens_and_five_are() -> None:
    [several] = find_quantities("several countries patrol the strait")
    [two] = find_quantities("two countries on its coast")
    [few] = find_quantities("in the next few years")
    [seven] = find_quantities("for the next seven years")
    [dozens] = find_quantities("dozens of boats")
    [five] = find_quantities("five boats")
    assert not disjoint(several, two)
    assert not disjoint(few, seven)
    assert disjoint(dozens, five)
    assert disjoint(money("20 people"), money("21 people"))  # a small count is exact
    assert not disjoint(money("about $8 billion"), money("$8.1 billion"))
    assert not disjoint(money("more than $10,000"), money("at least $10,000"))


PUBLISHED = dt.date(2026, 11, 12)  # a Thursday


@pytest.mark.parametrize(
    ("phrase", "published", "value"),
    [
        ("Wednesday", PUBLISHED, "2026-11-11"),
        ("last Thursday", PUBLISHED, "2026-11-05"),
        ("July 29", PUBLISHED, "2026-07-29"),
        ("December 31", PUBLISHED, "2025-12-31"),
        ("earlier this month", PUBLISHED, "2026-11"),
        ("since December 2022", PUBLISHED, "2022-12"),
        ("yesterday", PUBLISHED, "2026-11-11"),
        ("2019", None, "2019"),
        ("Wednesday", None, None),
        ("next spring", PUBLISHED, None),
        ("next Friday", PUBLISHED, "2026-11-13"),
        ("next Thursday", PUBLISHED, "2026-11-19"),
        ("tomorrow", PUBLISHED, "2026-11-13"),
        ("three days ago", PUBLISHED, "2026-11-09"),
        ("a week ago", PUBLISHED, "2026-11-05"),
        ("twenty-one days ago", PUBLISHED, "2026-10-22"),  # numbers read as quantities read them
        ("two months ago", PUBLISHED, "2026-09"),
        ("last week", PUBLISHED, "2026-W45"),
        ("this week", PUBLISHED, "2026-W46"),
        ("29 July", PUBLISHED, "2026-07-29"),
        ("the 4th of July", PUBLISHED, "2026-07-04"),
        ("3 March 2025", None, "2025-03-03"),
        ("in early July", PUBLISHED, "2026-07"),
        ("December", PUBLISHED, "2025-12"),
        ("2024-03-01", None, "2024-03-01"),
        ("3/1/2024", PUBLISHED, None),  # March 1 or 3 January: reads two ways
        ("30 February", PUBLISHED, None),
    ],
)
def test_dates_resolve_against_publication(phrase, published, value) -> None:
    assert resolve_date(phrase, published) == value


def test_parts_of_a_count_are_summed() -> None:
    text = "The clip shows three men with handguns and one with a rifle inside."
    quantities = with_sums(text, list(find_quantities(text)))
    total = [q for q in quantities if q.min == 4]
    assert [(q.text, q.max, q.unit) for q in total] == [("three men with handguns and one with a rifle", 4, "men")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A verb after a figure says what the counted did, not what they are.
        ("since the flood, 3,000 died", [("3,000", 3000, None)]),
        ("five fled the harbour", [("five", 5, None)]),
        ("four arrested at the dock", [("four", 4, None)]),
        ("one added that the dock was closed", []),  # a speaker, no count
        ("30 people died", [("30 people", 30, "people")]),
        # A unit reads on to its plural noun: "two Norwegian fishing boats" count boats,
        # not Norwegians, and are no figure of one measure with "11 Norwegian" crew.
        ("the coastguard seized two Norwegian fishing boats", [("two Norwegian fishing boats", 2, "norwegian fishing boats")]),
        ("and freed 22 Norwegian fishermen", [("22 Norwegian fishermen", 22, "norwegian fishermen")]),
        ("three small fishing boats were sunk", [("three small fishing boats", 3, "small fishing boats")]),
        ("of the crew, 11 Norwegian.", [("11 Norwegian", 11, "norwegian")]),
        ("two boats carrying smugglers", [("two boats", 2, "boats")]),
        ("one man was hurt", [("one man", 1, "man")]),
        # A reporting verb's plural noun is counted: "the 37 states", not "37 said".
        ("couples in any of the 37 states that do not recognize them", [("37 states", 37, "states")]),
        ("two reports reached the harbour office", [("two reports", 2, "reports")]),
        ("the log lists 1,862 emails sent or received", [("1,862 emails", 1862, "emails")]),
        ("she posted 40 tweets and 12 messages", [("40 tweets", 40, "tweets"), ("12 messages", 12, "messages")]),
        ("two said the dock was closed", []),  # speakers, no count
        # The part of a whole no figure counts counts the whole's things; a quoted unit is one.
        ("31 of those prior closures remain in force", [("31 of those prior closures", 31, "prior closures")]),
        ('at least 30 "harbour emergencies" in effect', [('at least 30 "harbour emergencies', 30, "harbour emergencies")]),
        ("the council vote was 7\n“Broad support held,” she said", [("7", 7, None)]),  # a quote on the next line
        # A verb's base form after a count is what the counted do.
        ("of the 58 closures, 31 remain in force", [("58 closures", 58, "closures"), ("31", 31, None)]),
    ],
)
def test_the_unit_is_what_the_figure_counts(text, expected) -> None:
    assert [(q.text, q.min, q.unit) for q in find_quantities(text)] == expected


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("effective at 5 p.m.", ["17:00"]),
        ("took effect at 5 p.m. Eastern time", ["17:00"]),
        ("called about 9:40 p. m. Friday (1:40 a.m. ET Saturday)", ["21:40", "01:40"]),
        ("at 12 a.m. and again at 12pm", ["00:00", "12:00"]),
        ("I am sure it was 5 minutes past", []),
        ("he said am I wrong", []),
    ],
)
def test_clock_times_read_a_time_of_day_on_a_24_hour_clock(text: str, times: list[str]) -> None:
    assert [time for time, _ in clock_times(text)] == times


def test_won_by_11_points_fits_won_by_11_4_percentage_points() -> None:
    """A margin in points is a share, rounded to its last digit like a percent."""
    [whole] = list(find_quantities("won the seat by 11 points"))
    [tenths] = list(find_quantities("won the seat by 11.4 percentage points"))
    assert not disjoint(whole, tenths)
    [other] = list(find_quantities("won the seat by 14 points"))
    assert disjoint(other, tenths)
