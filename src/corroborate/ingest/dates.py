"""Publication dates: keep what the input gave, add an ISO 8601 reading of it."""

from __future__ import annotations

import datetime as dt
import email.utils
import re

_FORMATS = (
    "%B %d, %Y",  # November 12, 2026
    "%b %d, %Y",  # Nov 12, 2026
    "%b. %d, %Y",  # Nov. 12, 2026
    "%d %B %Y",  # 12 November 2026
    "%d %b %Y",  # 12 Nov 2026
    "%Y/%m/%d",
    "%m/%d/%Y",  # US order: the common one in news metadata
    "%Y-%m-%d %H:%M",
    "%Y-%m-%d %H:%M:%S",
)


def to_iso8601(value: object) -> str | None:
    """ISO 8601 for a date or datetime given as text or as a date object; None if unreadable."""
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    if re.fullmatch(r"\d{4}-?\d{2}-?\d{2}", text):
        # A bare date stays a date: we do not invent a time of day.
        try:
            return dt.date.fromisoformat(text).isoformat()
        except ValueError:
            return None
    iso = re.sub(r"Z$", "+00:00", text)
    try:
        parsed: dt.datetime | None = dt.datetime.fromisoformat(iso)
    except ValueError:
        parsed = None
    if parsed is not None:
        # A bare date stays a date: we do not invent a time of day.
        return parsed.date().isoformat() if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) else parsed.isoformat()
    try:
        return email.utils.parsedate_to_datetime(text).isoformat()
    except (TypeError, ValueError, IndexError):
        pass
    cleaned = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text)
    cleaned = re.sub(r"\bSept\b", "Sep", cleaned)  # AP style: Sept. 12, 2026
    cleaned = re.sub(r"^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+", "", cleaned, flags=re.I)
    for fmt in _FORMATS:
        try:
            parsed = dt.datetime.strptime(cleaned, fmt)
        except ValueError:
            continue
        has_time = "%H" in fmt
        return parsed.isoformat() if has_time else parsed.date().isoformat()
    return None


# Content systems fill an unset date with the zero value of their date type: .NET's
# DateTime.MinValue (0001-01-01), the Unix epoch, or 1900-01-01. No news page is that old.
_EARLIEST_REAL = dt.date(1901, 1, 1)
_EPOCH = dt.date(1970, 1, 1)


def is_placeholder(iso: str | None) -> bool:
    """Whether an ISO 8601 date is a content system's 'no date' value, not a publication date."""
    if not iso:
        return False
    try:
        day = dt.date.fromisoformat(iso[:10])
    except ValueError:
        return True  # unreadable as a day: impossible
    return day < _EARLIEST_REAL or day == _EPOCH
