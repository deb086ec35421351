"""Publication days and the date window: articles far apart in time are not compared."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import numpy as np

from corroborate.model import Article

UNKNOWN_DAY = np.iinfo(np.int64).min


def publication_day(published: str | None) -> int:
    """Days since year 1 of an ISO 8601 date or datetime; `UNKNOWN_DAY` otherwise.
    (`nlp.dates.published_date` reads the same day, but importing `nlp` loads spaCy,
    which the ingest process must not.)"""
    if not published:
        return int(UNKNOWN_DAY)
    try:
        return dt.date.fromisoformat(published[:10]).toordinal()
    except ValueError:
        return int(UNKNOWN_DAY)


def publication_days(articles: Sequence[Article]) -> np.ndarray:
    return np.array([publication_day(article.published) for article in articles], dtype=np.int64)


def within_window(a_first: np.ndarray, a_last: np.ndarray, b_first: np.ndarray, b_last: np.ndarray, window: int) -> np.ndarray:
    """True where two date ranges are at most `window` days apart, or either is unknown."""
    known = (a_first != UNKNOWN_DAY) & (b_first != UNKNOWN_DAY)
    # Unknown days are zeroed first so the subtraction cannot overflow.
    gap = np.maximum(np.where(known, a_first, 0), np.where(known, b_first, 0)) - np.minimum(
        np.where(known, a_last, 0), np.where(known, b_last, 0)
    )
    return ~known | (gap <= window)
