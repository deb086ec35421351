"""Dates in article text, resolved against the publication date when it is known.

Candidates are spaCy's DATE entities (free-text search gives false hits). A
weekday resolves to the latest such day on or before publication; "July 29" to
that day in the publication year (the year before if that would be after
publication); "earlier this month" / "this month" to the month (YYYY-MM);
"yesterday", "today", "last week"; an explicit year or full date as written.
Without a publication date, relative dates stay unresolved (`value` null).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator

from spacy.tokens import Doc, Span

from corroborate.model import DateMention

_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = {
    m: i
    for i, m in enumerate(
        "january february march april may june july august september october november december".split(), start=1
    )
}
_MONTHS |= {m[:3]: i for m, i in list(_MONTHS.items())} | {"sept": 9}
_MONTH_DAY = re.compile(r"\b([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b")
_MONTH_YEAR = re.compile(r"^(?:since\s+|in\s+)?([a-z]+)\.?\s+((?:1[89]|20)\d\d)$")
_YEAR = re.compile(r"^(?:in\s+)?((?:1[89]|20)\d\d)$")


def _published_date(published: str | None) -> dt.date | None:
    if not published:
        return None
    try:
        return dt.date.fromisoformat(published[:10])
    except ValueError:
        return None


def resolve_date(text: str, published: dt.date | None) -> str | None:
    """ISO date (or YYYY-MM, YYYY) for a date phrase, or None when it cannot be pinned down."""
    phrase = text.casefold().strip()
    if (year := _YEAR.match(phrase)) is not None:
        return year.group(1)
    if (month_year := _MONTH_YEAR.match(phrase)) is not None and month_year.group(1) in _MONTHS:
        return f"{month_year.group(2)}-{_MONTHS[month_year.group(1)]:02d}"
    if (match := _MONTH_DAY.search(phrase)) is not None and match.group(1) in _MONTHS:
        month, day = _MONTHS[match.group(1)], int(match.group(2))
        year_text = match.group(3)
        if year_text is None and published is None:
            return None
        year_number = int(year_text) if year_text else published.year  # type: ignore[union-attr]
        try:
            value = dt.date(year_number, month, day)
        except ValueError:
            return None
        if year_text is None and published is not None and value > published:
            value = value.replace(year=value.year - 1)
        return value.isoformat()
    if published is None:
        return None
    for index, name in enumerate(_WEEKDAYS):
        if re.search(rf"\b{name}\b", phrase):
            back = (published.weekday() - index) % 7
            if "last" in phrase and back == 0:
                back = 7
            return (published - dt.timedelta(days=back)).isoformat()
    if "yesterday" in phrase:
        return (published - dt.timedelta(days=1)).isoformat()
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
    return None


def find_dates(doc: Doc, published: str | None, start: int = 0, end: int | None = None) -> Iterator[DateMention]:
    """DATE entities within [start, end), with values resolved against `published`."""
    end = len(doc.text) if end is None else end
    base = _published_date(published)
    for ent in _entities_within(doc, start, end):
        if ent.label_ == "DATE":
            yield DateMention(text=ent.text, start=ent.start_char, end=ent.end_char, value=resolve_date(ent.text, base))


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
