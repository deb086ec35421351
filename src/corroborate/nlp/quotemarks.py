"""Pair quotation marks in a paragraph, telling single quotes from apostrophes.

Never raises on messy text: marks that cannot be paired are reported back so the
caller can warn and lower its confidence, and the rest of the text still counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DOUBLE_OPEN = "“„«"
_DOUBLE_CLOSE = "”»"
_SINGLE_OPEN = "‘‹"
_SINGLE_CLOSE = "’›"
_DOUBLE_MARK = re.compile("''|[\"" + _DOUBLE_OPEN + _DOUBLE_CLOSE + "]")
_SINGLE_MARK = re.compile("['" + _SINGLE_OPEN + _SINGLE_CLOSE + "]")
_CLOSE_NEXT = set(' \t\n\r\u00a0.,;:!?)]}—–-"”…')
_OPEN_PREV = set(' \t\n\r\u00a0([{—–-"“:')
# Elisions that start with an apostrophe: '90s, 'em, 'cause, 'til, 'n'.
_ELISION = re.compile(r"(\d0s|\d\d\b|em\b|cause\b|til\b|tis\b|twas\b|n\b|bout\b|round\b)", re.I)


@dataclass(frozen=True)
class QuoteSpan:
    """Content between a pair of marks: [start, end) excludes the marks themselves."""

    start: int
    end: int
    mark: str  # the opening mark
    closed: bool = True  # False: closed by the paragraph's end, not by a mark


def _double_marks(text: str, start: int, end: int) -> list[tuple[int, str, int]]:
    """(position, mark, length) of each double mark; `''` (two apostrophes, NYT style) is one straight mark."""
    return [
        (m.start(), '"' if m.group() == "''" else m.group(), m.end() - m.start()) for m in _DOUBLE_MARK.finditer(text, start, end)
    ]


def pair_double(text: str, start: int, end: int, runs_on: bool = False) -> tuple[list[QuoteSpan], list[int]]:
    """Pairs of double marks in text[start:end] and the positions of unpaired marks."""
    spans: list[QuoteSpan] = []
    open_at: int | None = None
    open_mark, open_len = "", 1
    unpaired: list[int] = []
    nested = 0  # curly quotes inside a straight-quoted quotation: “…” within "…"
    for i, ch, length in _double_marks(text, start, end):
        if open_at is not None and open_mark == '"' and ch == "“":
            nested += 1
            continue
        if nested and ch == "”":
            nested -= 1
            continue
        if open_at is None:
            if ch in _DOUBLE_CLOSE and ch != "»":
                unpaired.append(i)  # a closing mark with nothing open
                continue
            open_at, open_mark, open_len = i, ch, length
        elif ch in "“«" and not (open_mark == "„" and ch == "“") and not (open_mark == "»" and ch == "«"):
            unpaired.append(open_at)  # a second opening mark: restart from here
            open_at, open_mark, open_len = i, ch, length
        elif ch == "„":
            unpaired.append(open_at)
            open_at, open_mark, open_len = i, ch, length
        else:
            spans.append(QuoteSpan(open_at + open_len, i, open_mark))
            open_at = None
    if open_at is not None:
        # Left open: a quotation running on into the next paragraph when the mark
        # opens the paragraph, follows "said:" / "said,", or the next paragraph
        # opens with a mark (`runs_on`); otherwise a stray mark.
        before = text[start:open_at]
        content = open_at + open_len
        after_space = not before or before[-1].isspace()
        has_words = content < end and not text[content].isspace() and any(ch.isalnum() for ch in text[content:end])
        opens_speech = has_words and (not before.strip() or runs_on or before.rstrip()[-1] in ":,")
        if after_space and opens_speech:
            spans.append(QuoteSpan(content, end, open_mark, closed=False))
        else:
            unpaired.append(open_at)
    return spans, unpaired


def _single_role(text: str, i: int, end: int) -> str | None:
    """'open', 'close', 'either' or None (an apostrophe) for a single mark at i."""
    ch = text[i]
    prev = text[i - 1] if i > 0 else " "
    nxt = text[i + 1] if i + 1 < end else " "
    if ch in _SINGLE_OPEN:
        return "open"
    if prev.isalnum() and nxt.isalnum():
        return None  # don't, Jurinsky's
    if ch == "'" and (prev == "'" or nxt == "'"):
        return None  # half of a `''` double mark
    if prev in "nN" and i >= 2 and text[i - 2] in "'’":
        return None  # the closing apostrophe of rock 'n' roll
    can_open = (prev in _OPEN_PREV or i == 0) and not nxt.isspace() and nxt != "'"
    can_close = not prev.isspace() and (nxt in _CLOSE_NEXT or nxt in "'’" or i + 1 >= end)
    if can_open and _ELISION.match(text, i + 1):
        return None
    if can_open and can_close:
        return "either"
    if can_open:
        return "open"
    if can_close:
        return "close"
    return None


def pair_single(
    text: str,
    start: int,
    end: int,
    blocked: list[QuoteSpan],
    stray_closers: list[int] = (),  # type: ignore[assignment]
    runs_on: bool = False,
) -> tuple[list[QuoteSpan], int]:
    """Pairs of single marks used as quotation marks outside the `blocked` spans.

    `stray_closers` are unpaired closing double marks: mixed marks ('…”) close a
    single-quoted quotation.
    """
    spans: list[QuoteSpan] = []
    unpaired = 0
    open_at: int | None = None
    # Linear in the paragraph: a mask of the blocked positions (the double-quoted
    # spans with their marks) instead of a scan of every span for every mark.
    blocked_mask = bytearray(end - start + 1)
    for b in blocked:
        low, high = max(start, b.start - 1), min(end, b.end)
        blocked_mask[low - start : high - start + 1] = b"\x01" * (high - low + 1)
    strays = {i for i in stray_closers if start <= i < end}
    marks = {m.start() for m in _SINGLE_MARK.finditer(text, start, end)} | strays
    candidates: list[tuple[int, str]] = []
    for i in sorted(marks):
        if i in strays:
            candidates.append((i, "close"))
        elif not blocked_mask[i - start]:
            role = _single_role(text, i, end)
            if role is not None:
                candidates.append((i, role))
    for index, (i, role) in enumerate(candidates):
        if open_at is None:
            if role in ("open", "either"):
                open_at = i
            elif text[i] not in "”»" and text[i - 1] not in "sS":
                unpaired += 1  # a lone closing mark that is no plural possessive
            continue
        if role == "open":
            continue  # nested or stray opening inside an open quote
        # A plural possessive (gangs' cars) looks like a closing mark: prefer a
        # later candidate when this one follows an 's' and is followed by a word.
        after = text[i + 1 : i + 3]
        following = candidates[index + 1][1] if index + 1 < len(candidates) else None
        later_close = following in ("close", "either")
        if text[i - 1] in "sS" and re.match(r"\s[a-z]", after) and later_close:
            continue
        spans.append(QuoteSpan(open_at + 1, i, text[open_at]))
        open_at = None
    if open_at is not None:
        # An opening mark left open: a quote running to the paragraph end only
        # when it opened the paragraph (multi-paragraph quotes), else a stray mark.
        if text[start:open_at].strip() == "" or runs_on:
            spans.append(QuoteSpan(open_at + 1, end, text[open_at], closed=False))
        else:
            unpaired += 1
    return spans, unpaired


def find_quote_spans(text: str, start: int, end: int, runs_on: bool = False) -> tuple[list[QuoteSpan], int]:
    """Outermost quotations in text[start:end] and the count of unpaired marks.

    `runs_on`: the next paragraph opens with a quotation mark, so a quotation
    opened here and not closed runs on into it (news style for long quotes).
    """
    doubles, stray = pair_double(text, start, end, runs_on)
    singles, unpaired_single = pair_single(text, start, end, doubles, [i for i in stray if text[i] in "”»"], runs_on)
    single_ends = {s.end for s in singles}
    unpaired_double = sum(1 for i in stray if i not in single_ends)
    spans = sorted(doubles + singles, key=lambda s: s.start)
    outer: list[QuoteSpan] = []
    for span in spans:
        if outer and span.start < outer[-1].end:
            continue  # nested inside the previous quotation
        outer.append(span)
    return outer, unpaired_double + unpaired_single


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    """A quotation's span without the spaces and ellipsis before its words, nor the
    spaces and clause punctuation (",;:") after them."""
    while start < end and (text[start].isspace() or text[start] in "…"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;:"):
        end -= 1
    return start, end
