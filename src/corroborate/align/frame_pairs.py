"""Claims of two articles that tell one act in any of their clauses: the same verb (its
class of event), a noun in the same role, and a day or week in that clause on both
sides that can be the same ("which he signed into law on Thursday" / "signed into law by
the governor at a private ceremony last week", in an article of the week after).

A claim's main predicate is compared elsewhere (`claims._event_pairs`); this finds the
act two sentences share when it sits in a side clause of either. The date is what makes
it one occasion: the same act with the same participant recurs ("signed similar
legislation into law in 1993"), and only a day or a week is fine enough to tell the
occasions apart (a month or a year is not).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from corroborate.align.blocking import blocked_pairs
from corroborate.model import Claim, Frame
from corroborate.nlp.dates import days_meet, days_of

__all__ = ["frame_pairs"]


Days = list[tuple[dt.date, dt.date]]


def _days(frame: Frame) -> Days:
    return [days for value in frame.dates if (days := days_of(value)) is not None]


def _one_occasion(a: tuple[Frame, Days], b: tuple[Frame, Days]) -> bool:
    """The same act, a noun in one role, days that overlap."""
    (frame_a, days_a), (frame_b, days_b) = a, b
    if frame_a.predicate != frame_b.predicate or not set(frame_a.arguments) & set(frame_b.arguments):
        return False
    return days_meet(days_a, days_b)


def frame_pairs(claims: Sequence[Claim], max_postings: int) -> set[tuple[int, int]]:
    """Pairs of claims of two articles sharing one dated act (`_one_occasion`), blocked
    on the act: an act found in more than `max_postings` claims makes no pairs."""
    # Each claim's frames with a role filled and a day or week, their days read once.
    dated = [[(f, days) for f in c.frames if f.arguments and (days := _days(f))] for c in claims]
    keys = [{frame.predicate for frame, _ in found} for found in dated]
    found_pairs = set()
    for a, b in blocked_pairs(enumerate(keys), max_postings):
        if claims[a].article == claims[b].article:
            continue
        if any(_one_occasion(x, y) for x in dated[a] for y in dated[b]):
            found_pairs.add((a, b))
    return found_pairs
