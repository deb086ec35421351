"""Dates in article text, resolved against the publication date when it is known.

Candidates are spaCy's DATE entities (free-text search gives false hits). A
weekday resolves to the latest such day on or before publication ("next Friday":
the first after it); "July 29" or "29 July" to that day in the publication year
(the year before if that would be after publication), "July" or "in early July"
to that month the same way (YYYY-MM); "earlier this month" / "this month" to the
month; "yesterday", "today", "tomorrow", "three days ago", "two months ago";
"last week" / "this week" / "next week" to the ISO week (YYYY-Www), "next month"
and "next year" to the month and year, and "the weekend" / "over the weekend" to
the week of the latest weekend on or before publication; "late September 2016" to
the month; an explicit year or full date as written (also 2024-03-01; never
3/1/2024, which reads two ways). A time naming its
day ("Monday night", "last night", "tonight") is read as that day: two outlets
dating one event "Friday" and "Friday at 5 p.m." or "Friday evening" agree. Without
a publication date, relative dates stay unresolved (`value` null). A date of what is
yet to happen ("will vote in November", "an interview to air on Tuesday", "is
scheduled to testify Friday") reads forward: the first such day or month on or after
publication. Times of day ("5 p.m.") are read apart (`clock_times`): no date, but a
detail two accounts of one moment share.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Sequence

from spacy.tokens import Doc, Span, Token

from corroborate.model import DateMention
from corroborate.nlp.lexicon import MONTHS
from corroborate.nlp.quantities import number_value
from corroborate.nlp.sentences import doc_text

_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTH_DAY = re.compile(r"\b([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b")
_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)\.?(?:,?\s+(\d{4}))?\b")
_ISO = re.compile(r"\b((?:1[89]|20)\d\d)-(\d\d)-(\d\d)\b")
_MONTH_ALONE = re.compile(
    r"^(?:(?:in|since|by|until|from|during)\s+)?(?:(?:early|mid|late|the\s+end\s+of|the\s+start\s+of)[\s-]+)?([a-z]+)\.?$"
)
_AGO = re.compile(r"^(?:about\s+|some\s+|nearly\s+)?(an?|[a-z-]+|\d{1,2})\s+(day|week|month|year)s?\s+ago$")
_MONTH_YEAR = re.compile(
    r"^(?:(?:since|in|by|until|from|during)\s+)?(?:(?:early|mid|late|the\s+end\s+of|the\s+start\s+of)[\s-]+)?"
    r"([a-z]+)\.?,?\s+((?:1[89]|20)\d\d)(?:,\s.*)?$"  # (the NER may run on: "December 2016, weeks")
)
_WEEKEND = re.compile(r"^(?:over\s+|during\s+|on\s+)?(the|this|last|past|next)\s+weekend$")
# Times that name their day: read as dates (the hour tells no two outlets' days apart).
_DAY_TIMES = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tonight|last\s+night)\b")
_YEAR = re.compile(r"^(?:in\s+)?((?:1[89]|20)\d\d)$")


def published_date(published: str | None) -> dt.date | None:
    """The day of an ISO publication timestamp, or None."""
    if not published:
        return None
    try:
        return dt.date.fromisoformat(published[:10])
    except ValueError:
        return None


def resolve_date(text: str, published: dt.date | None, future: bool = False) -> str | None:
    """ISO date (or YYYY-MM, YYYY) for a date phrase, or None when it cannot be pinned
    down; `future`: the phrase dates what is yet to happen (a bare day or month reads
    forward from publication)."""
    phrase = text.casefold().strip()
    if (year := _YEAR.match(phrase)) is not None:
        return year.group(1)
    if (month_year := _MONTH_YEAR.match(phrase)) is not None and month_year.group(1) in MONTHS:
        return f"{month_year.group(2)}-{MONTHS[month_year.group(1)]:02d}"
    if (iso := _ISO.search(phrase)) is not None:
        return _iso(_day(int(iso.group(1)), int(iso.group(2)), int(iso.group(3))))
    month_day = _MONTH_DAY.search(phrase)
    if month_day is not None and month_day.group(1) in MONTHS:
        return _day_of_month(MONTHS[month_day.group(1)], int(month_day.group(2)), month_day.group(3), published, future)
    day_month = _DAY_MONTH.search(phrase)
    if day_month is not None and day_month.group(2) in MONTHS:
        return _day_of_month(MONTHS[day_month.group(2)], int(day_month.group(1)), day_month.group(3), published, future)
    if published is None:
        return None
    if (alone := _MONTH_ALONE.match(phrase)) is not None and alone.group(1) in MONTHS:
        month = MONTHS[alone.group(1)]
        if future:
            return f"{published.year + (month < published.month)}-{month:02d}"
        return f"{published.year - (month > published.month)}-{month:02d}"
    if (ago := _AGO.match(phrase)) is not None:
        count = 1 if ago.group(1) in ("a", "an") else number_value(ago.group(1))  # "a week ago", "three days ago"
        return None if count is None else _ago(int(count), ago.group(2), published)
    for index, name in enumerate(_WEEKDAYS):
        if re.search(rf"\b{name}\b", phrase):
            if re.search(r"\bnext\b", phrase):
                return (published + dt.timedelta(days=(index - published.weekday() - 1) % 7 + 1)).isoformat()
            if future and not re.search(r"\blast\b", phrase):
                return (published + dt.timedelta(days=(index - published.weekday()) % 7)).isoformat()
            back = (published.weekday() - index) % 7
            if "last" in phrase and back == 0:
                back = 7
            return (published - dt.timedelta(days=back)).isoformat()
    if "yesterday" in phrase:
        return (published - dt.timedelta(days=1)).isoformat()
    if "tomorrow" in phrase:
        return (published + dt.timedelta(days=1)).isoformat()
    if "last night" in phrase:
        return (published - dt.timedelta(days=1)).isoformat()
    if (weekend := _WEEKEND.match(phrase)) is not None:
        # The latest Saturday on or before publication (a Sunday paper's "this weekend"
        # is the one it is in); "next weekend" the one after.
        saturday = published - dt.timedelta(days=(published.weekday() - 5) % 7)
        if weekend.group(1) == "next":
            saturday += dt.timedelta(days=7)
        week_year, number, _ = saturday.isocalendar()
        return f"{week_year}-W{number:02d}"
    if phrase in ("this week", "earlier this week", "last week", "the past week", "the last week", "next week"):
        shift = 7 if "last" in phrase or "past" in phrase else -7 if "next" in phrase else 0
        week = published - dt.timedelta(days=shift)
        week_year, number, _ = week.isocalendar()
        return f"{week_year}-W{number:02d}"
    if phrase in ("today", "this morning", "tonight", "this afternoon", "this evening"):
        return published.isoformat()
    if "this month" in phrase:
        return published.strftime("%Y-%m")
    if "last month" in phrase:
        first = published.replace(day=1) - dt.timedelta(days=1)
        return first.strftime("%Y-%m")
    if "this year" in phrase:
        return str(published.year)
    if "last year" in phrase:
        return str(published.year - 1)
    if "next year" in phrase:
        return str(published.year + 1)
    if "next month" in phrase:
        following = published.replace(day=28) + dt.timedelta(days=4)
        return following.strftime("%Y-%m")
    return None


_DAY_VALUE = re.compile(r"^(\d{4})-(\d\d)-(\d\d)$")
_WEEK_VALUE = re.compile(r"^(\d{4})-W(\d\d)$")


def days_of(value: str | None) -> tuple[dt.date, dt.date] | None:
    """The first and last day a resolved value to the day or the ISO week names
    ("2015-03-26", "2015-W13"); None for a month, a year or an unresolved date, which
    are too coarse to tell one occasion from another."""
    try:
        if value is None:
            return None
        if (day := _DAY_VALUE.match(value)) is not None:
            first = dt.date(int(day.group(1)), int(day.group(2)), int(day.group(3)))
            return first, first
        if (week := _WEEK_VALUE.match(value)) is not None:
            monday = dt.date.fromisocalendar(int(week.group(1)), int(week.group(2)), 1)
            return monday, monday + dt.timedelta(days=6)
    except ValueError:
        return None
    return None


# A time of day with a.m. or p.m. ("5 p.m.", "10:30am", "about 9:40 p. m." as some feeds space it).
_CLOCK_TIME = re.compile(r"\b(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s?(?P<p>[ap])\.?\s?m\b\.?", re.I)


def clock_times(text: str) -> Iterator[tuple[str, int]]:
    """Each time of day in `text` as "HH:MM" on a 24-hour clock, with its offset:
    "effective at 5 p.m." and "took effect at 5 p.m. Eastern" give "17:00"."""
    for match in _CLOCK_TIME.finditer(text):
        hour = int(match.group("h")) % 12 + (12 if match.group("p").casefold() == "p" else 0)
        yield f"{hour:02d}:{match.group('m') or '00'}", match.start()


def days_meet(a: Sequence[tuple[dt.date, dt.date]], b: Sequence[tuple[dt.date, dt.date]]) -> bool:
    """Whether any span of days in `a` (from `days_of`) overlaps one in `b`: a day and the
    week holding it ("on Saturday" / "over the weekend") can be one occasion."""
    return any(x[0] <= y[1] and y[0] <= x[1] for x in a for y in b)


def _day(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _iso(value: dt.date | None) -> str | None:
    return None if value is None else value.isoformat()


def _day_of_month(month: int, day: int, year_text: str | None, published: dt.date | None, future: bool = False) -> str | None:
    """ "July 29" / "29 July" [2024]: without a year, the latest such day on or before
    publication (`future`: the first on or after it)."""
    if year_text is None and published is None:
        return None
    year = int(year_text) if year_text else published.year  # type: ignore[union-attr]
    value = _day(year, month, day)
    if value is not None and year_text is None and published is not None:
        if future and value < published:
            value = _day(year + 1, month, day)
        elif not future and value > published:
            value = _day(year - 1, month, day)
    return _iso(value)


def _ago(count: int, unit: str, published: dt.date) -> str:
    """ "three days ago" -> the day; "two months ago" -> the month; "a year ago" -> the year."""
    if unit in ("day", "week"):
        return (published - dt.timedelta(days=count * (7 if unit == "week" else 1))).isoformat()
    if unit == "month":
        months = published.year * 12 + published.month - 1 - count
        return f"{months // 12}-{months % 12 + 1:02d}"
    return str(published.year - count)


# A score or tally the NER runs into a date after it ("34 to 16 last month", "52-48 on
# Tuesday"): not part of the date's words.
_LEADING_SCORE = re.compile(
    r"\d{1,3}\s*(?:-|–|to)\s*\d{1,3}\s+(?=(?:last|this|next|earlier|later|early|late|on|in|since)\b)", re.I
)


def find_dates(doc: Doc, published: str | None, start: int = 0, end: int | None = None) -> Iterator[DateMention]:
    """DATE entities within [start, end), with values resolved against `published`."""
    end = len(doc_text(doc)) if end is None else end
    base = published_date(published)
    for ent in _entities_within(doc, start, end):
        if ent.label_ == "DATE" or (ent.label_ == "TIME" and _DAY_TIMES.search(ent.text.casefold())):
            value = _resolved(ent.text, base, yet_to_happen(ent))
            # (a vote the NER ran into the date: "passed 34 to 16 last month")
            offset = score.end() if (score := _LEADING_SCORE.match(ent.text)) is not None else 0
            yield DateMention(text=ent.text[offset:], start=ent.start_char + offset, end=ent.end_char, value=value)


def _resolved(text: str, published: dt.date | None, future: bool) -> str | None:
    """`resolve_date`, None where its arithmetic leaves the calendar (a weekday before 0001-01-01)."""
    try:
        return resolve_date(text, published, future)
    except OverflowError:
        return None


# Verbs whose infinitive is planned, not done ("is scheduled to testify Friday").
_PLANNED = frozenset("schedule set due expect plan slate poise".split())


def yet_to_happen(date: Span) -> bool:
    """Whether a date phrase dates what is yet to happen: its verb takes "will" or
    "shall" ("will vote in November"), or is an infinitive of what a noun is for ("an
    interview to air on Tuesday") or of a plan ("is scheduled to testify Friday", "is
    going to vote Monday", "the hearing is set for Friday", "the judge set sentencing
    for March 14": a plan's day, whenever it was set). A past plan's infinitive
    ("refused to step down Tuesday") and other tenses read back, as before."""
    verb = date.root
    scheduled_for = False  # ("set sentencing for March 14": the day a plan is set for)
    for _ in range(4):
        if verb.pos_ in ("VERB", "AUX") or verb.head.i == verb.i:
            break
        scheduled_for = scheduled_for or (verb.dep_ == "pobj" and verb.head.lower_ == "for")
        verb = verb.head
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    if scheduled_for and verb.lemma_.casefold() in _PLANNED and any(c.dep_ == "dobj" for c in verb.children):
        return True  # (someone setting it now; "the hearing was scheduled for Friday" may be past)
    auxiliaries = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(c.lower_ in ("will", "shall", "'ll") for c in auxiliaries):
        return True
    if _scheduled_present(verb, auxiliaries, date):
        return True
    if verb.lemma_.casefold() in _PLANNED and any(c.lower_ in ("is", "are", "'s", "'re") for c in auxiliaries):
        return True  # ("the hearing is scheduled for Friday")
    if not any(c.lower_ == "to" for c in auxiliaries):
        return False
    if verb.dep_ == "acl":
        return True
    head = verb.head
    return verb.dep_ == "xcomp" and (
        head.lemma_.casefold() in _PLANNED or (head.lemma_.casefold() == "go" and head.tag_ == "VBG")
    )


def _scheduled_present(verb: Token, auxiliaries: list[Token], date: Span) -> bool:
    """ "The revocation takes effect on June 30", "the law applies from July": a simple
    present dating a calendar day or month states a schedule. Not a weekday or another
    relative day (a headline's present tells a past act: "Senate passes bill Tuesday")."""
    if verb.tag_ not in ("VBZ", "VBP") or auxiliaries:
        return False
    text = date.text.casefold()
    if _DAY_TIMES.search(text) is not None:
        return False
    month = _MONTH_DAY.search(text) or _MONTH_ALONE.match(text)
    if month is not None and month.group(1) in MONTHS:
        return True
    day_month = _DAY_MONTH.search(text)
    return day_month is not None and day_month.group(2) in MONTHS


def _entities_within(doc: Doc, start: int, end: int) -> Iterator[Span]:
    """The entities lying wholly inside [start, end), read from the tokens of that range.

    Claims ask once per sentence: a walk over every entity of the article (and
    `doc.text`, built anew on each call) made that quadratic in the article."""
    if end <= start or not len(doc):
        return
    window = doc.char_span(start, min(end, doc[-1].idx + len(doc[-1].text_with_ws)), alignment_mode="expand")
    if window is None:
        return
    index = window.start
    while index < window.end:
        if doc[index].ent_iob_ != "B":
            index += 1
            continue
        stop = index + 1
        while stop < len(doc) and doc[stop].ent_iob_ == "I":
            stop += 1
        entity = Span(doc, index, stop, label=doc[index].ent_type_)
        if start <= entity.start_char and entity.end_char <= end:
            yield entity
        index = stop
