"""Quotation spans with logarithmic lookups: "is this offset inside a quotation?".

The extractors ask that question for every token, cue and name of an article; a
scan of every quotation each time grows with the square of the article (an
article of 10,000 quotations took minutes). `SpanIndex` is a sorted list of
(start, end) spans that answers in O(log n) and still iterates like the list.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable


class SpanIndex(list[tuple[int, int]]):
    """Sorted (start, end) character spans; `covers` and `overlaps` look them up by bisection."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        super().__init__(sorted(spans))
        self._starts = [start for start, _ in self]
        self._max_end: list[int] = []  # the largest end among the first k+1 spans
        largest = -1
        for _, end in self:
            largest = max(largest, end)
            self._max_end.append(largest)
        self._disjoint = all(self[i][1] <= self[i + 1][0] for i in range(len(self) - 1))

    def covers(self, position: int, slack: int = 1) -> bool:
        """Some span has start - slack <= position < end + slack (its marks count with slack 1)."""
        count = bisect_right(self._starts, position + slack)
        return count > 0 and self._max_end[count - 1] + slack > position

    def contains(self, start: int, end: int, slack: int = 1) -> bool:
        """Some span has start - slack <= `start` and `end` <= end + slack."""
        if not self._disjoint:
            return any(s - slack <= start and end <= e + slack for s, e in self)
        count = bisect_right(self._starts, start + slack)
        return count > 0 and end <= self[count - 1][1] + slack  # disjoint: the last such span ends latest

    def overlaps(self, start: int, end: int) -> bool:
        """Some span shares a character with [start, end)."""
        count = bisect_left(self._starts, end)
        return count > 0 and self._max_end[count - 1] > start


def covered(spans: Iterable[tuple[int, int]], position: int, slack: int = 1) -> bool:
    """`SpanIndex.covers` for any sequence of spans (a scan when it is no index)."""
    if isinstance(spans, SpanIndex):
        return spans.covers(position, slack)
    return any(s - slack <= position < e + slack for s, e in spans)


def overlapped(spans: Iterable[tuple[int, int]], start: int, end: int) -> bool:
    """`SpanIndex.overlaps` for any sequence of spans (a scan when it is no index)."""
    if isinstance(spans, SpanIndex):
        return spans.overlaps(start, end)
    return any(s < end and start < e for s, e in spans)
