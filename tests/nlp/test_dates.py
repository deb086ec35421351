"""Relative dates resolved against the publication date, so two outlets' dates of one
event compare (hand-written phrases and sentences)."""

from __future__ import annotations

import datetime as dt

import pytest

from corroborate.nlp.dates import days_of, find_dates, resolve_date

MONDAY = dt.date(2026, 11, 9)
SUNDAY = dt.date(2026, 11, 15)


@pytest.mark.parametrize(
    ("phrase", "published", "value"),
    [
        ("the weekend", MONDAY, "2026-W45"),  # the Saturday before a Monday paper
        ("over the weekend", MONDAY, "2026-W45"),
        ("this weekend", SUNDAY, "2026-W46"),  # a Sunday paper is in its weekend
        ("next weekend", MONDAY, "2026-W46"),
        ("next week", MONDAY, "2026-W47"),
        ("late September 2016", MONDAY, "2016-09"),
        ("the end of March 2014", MONDAY, "2014-03"),
        ("December 2016, weeks", MONDAY, "2016-12"),  # the NER ran on past the comma
        ("Monday night", SUNDAY, "2026-11-09"),
        ("last night", MONDAY, "2026-11-08"),
        ("the weekend", None, None),
    ],
)
def test_relative_dates_resolve_against_publication(phrase, published, value) -> None:
    assert resolve_date(phrase, published) == value


def test_a_weekend_and_its_saturday_share_a_week() -> None:
    saturday = resolve_date("Saturday", MONDAY)
    assert saturday is not None
    year, week, _ = dt.date.fromisoformat(saturday).isocalendar()
    assert resolve_date("over the weekend", MONDAY) == f"{year}-W{week:02d}"


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The harbour chief left her post Friday at 5 p.m. local time.", [("Friday", "2026-11-13")]),
        ("The council voted on Sunday night to close the pier.", [("Sunday night", "2026-11-15")]),
        ("The pier was closed in December after the storm.", [("December", "2025-12")]),
    ],
)
def test_a_day_named_with_its_hour_is_that_day(text, found, nlp) -> None:
    doc = nlp(text)
    assert [(d.text, d.value) for d in find_dates(doc, "2026-11-15T10:00:00")] == found


@pytest.mark.parametrize(
    ("phrase", "future", "value"),
    [
        ("Friday", True, "2026-11-13"),  # the first Friday on or after a Monday paper
        ("Monday", True, "2026-11-09"),  # its own day
        ("last Monday", True, "2026-11-02"),
        ("December", True, "2026-12"),
        ("October", True, "2027-10"),
        ("March 3", True, "2027-03-03"),
        ("December 2", True, "2026-12-02"),
        ("next month", False, "2026-12"),
        ("next year", False, "2027"),
    ],
)
def test_a_date_of_what_is_yet_to_happen_reads_forward(phrase, future, value) -> None:
    assert resolve_date(phrase, MONDAY, future) == value


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The council will vote on the pier in December.", [("December", "2026-12")]),
        ("The council voted on the pier in December.", [("December", "2025-12")]),
        ("The harbour chief is scheduled to testify Friday.", [("Friday", "2026-11-20")]),
        ("The hearing is set for Friday.", [("Friday", "2026-11-20")]),
        ("The hearing was scheduled for Friday.", [("Friday", "2026-11-13")]),
        ("Judge Ruiz set sentencing for Friday and kept him on bond.", [("Friday", "2026-11-20")]),
        ("The board scheduled a hearing for Friday.", [("Friday", "2026-11-20")]),
        (
            "The harbour chief, in an interview with Coast Radio to air Tuesday morning, defended the closure.",
            [("Tuesday", "2026-11-17")],
        ),
        ("She refused to step down on Tuesday.", [("Tuesday", "2026-11-10")]),
        # A simple present dating a calendar day states a schedule; a weekday may be a
        # headline's past ("Council passes pier plan Tuesday").
        ("The new ferry fare takes effect on March 1.", [("March 1", "2027-03-01")]),
        ("The new ferry fare took effect on March 1.", [("March 1", "2026-03-01")]),
        ("The pier closes in February.", [("February", "2027-02")]),
        ("Council passes pier plan Tuesday.", [("Tuesday", "2026-11-10")]),
    ],
)
def test_a_date_reads_forward_only_for_what_is_yet_to_happen(text, found, nlp) -> None:
    doc = nlp(text)
    assert [(d.text, d.value) for d in find_dates(doc, "2026-11-15T10:00:00")] == found


@pytest.mark.parametrize(
    ("value", "days"),
    [
        ("2026-11-12", (dt.date(2026, 11, 12), dt.date(2026, 11, 12))),
        ("2026-W46", (dt.date(2026, 11, 9), dt.date(2026, 11, 15))),
        ("2026-11", None),  # a month or a year is too coarse for one occasion
        ("2026", None),
        (None, None),
        ("2026-02-30", None),
        ("2026-W60", None),
    ],
)
def test_the_days_a_resolved_date_names(value, days) -> None:
    assert days_of(value) == days


@pytest.mark.model
def test_a_vote_run_into_a_date_is_left_out_of_its_words(nlp) -> None:
    """The NER reads "34 to 16 last month" as one date; its words are "last month"."""
    text = "The bill, which passed the harbour board 34 to 16 last month, would have paid for two ferries."
    [date] = list(find_dates(nlp(text), "2026-11-15T10:00:00"))
    assert (date.text, date.value) == ("last month", "2026-10")
    assert text[date.start : date.end] == "last month"
