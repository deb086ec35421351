"""Properties of quotation-mark pairing (`nlp/quotemarks.py`) on any text.

What "never pairs across an unopened mark" means here, stated on `pair_double`
(double marks) and `find_quote_spans` (both kinds):

1. a closing-only double mark (” with nothing open) never opens a quotation: the
   mark before every double-quoted span is an opening or straight mark;
2. no mark reported unpaired lies inside a quotation or is its closing mark: a
   quotation never runs across a mark the pairing gave up on;
3. a closed span ends at a mark; spans lie inside the paragraph, in order, and the
   outermost spans `find_quote_spans` reports do not overlap;
4. it never raises and takes time linear in the paragraph (10,000 marks in one
   paragraph: well under a second).
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

import corroborate.nlp.quotemarks as quotemarks
from corroborate.nlp.quotemarks import find_quote_spans, pair_double
from tests.hardening.conftest import profile
from tests.hardening.strategies import messy_text
from tests.work import CountingPattern, assert_linear, lines_run

_DOUBLE = '"“”„«»'
_OPENS = '"“„«»'  # » opens a quotation in Danish and Swedish style (»…«)
_SINGLE = "'‘’‹›"


def _window(text: str, data: st.DataObject) -> tuple[int, int]:
    start = data.draw(st.integers(0, len(text)), label="start")
    end = data.draw(st.integers(start, len(text)), label="end")
    return start, end


@profile()
@given(messy_text, st.data())
def test_double_pairing_never_opens_with_a_closing_mark_nor_runs_across_an_unpaired_one(text: str, data: st.DataObject) -> None:
    start, end = _window(text, data)
    spans, unpaired = pair_double(text, start, end, runs_on=data.draw(st.booleans(), label="runs_on"))
    for span in spans:
        assert start <= span.start <= span.end <= end
        opening = span.start - (2 if text[span.start - 2 : span.start] == "''" else 1)
        assert opening >= start
        assert text[opening] in _OPENS or text[opening : opening + 2] == "''", (text, span)
        assert text[opening] != "”", "a closing-only mark opened a quotation"
        if span.closed:
            assert text[span.end] in _DOUBLE or text[span.end : span.end + 2] == "''", (text, span)
        for position in unpaired:
            assert not (opening < position <= span.end and (position < span.end or span.closed)), (text, span, position)
    for position in unpaired:
        assert start <= position < end
        assert text[position] in _DOUBLE or text[position : position + 2] == "''"
    assert [s.start for s in spans] == sorted(s.start for s in spans)


@profile()
@given(messy_text, st.data())
def test_outermost_quotations_lie_in_the_paragraph_in_order_without_overlap(text: str, data: st.DataObject) -> None:
    start, end = _window(text, data)
    spans, unpaired = find_quote_spans(text, start, end, runs_on=data.draw(st.booleans(), label="runs_on"))
    assert unpaired >= 0
    previous_end = start
    for span in spans:
        assert previous_end <= span.start <= span.end <= end, (text, spans)
        assert text[span.start - 1] in _DOUBLE + _SINGLE or text[span.start - 2 : span.start] == "''"
        if span.closed:
            assert text[span.end] in _DOUBLE + _SINGLE, (text, span)
        previous_end = span.end


@profile()
@given(st.integers(1, 100), st.sampled_from(['"', "“", "‘", "'", "«"]))
def test_deeply_nested_marks_return_one_outer_quotation_or_strays(depth: int, mark: str) -> None:
    closing = {'"': '"', "“": "”", "‘": "’", "'": "'", "«": "»"}[mark]
    text = "He said " + (mark + "a ") * depth + "core" + (closing + " b") * depth + "."
    spans, _ = find_quote_spans(text, 0, len(text))
    assert all(0 <= s.start <= s.end <= len(text) for s in spans)
    ordered = sorted(spans, key=lambda s: s.start)
    assert all(a.end <= b.start for a, b in pairwise(ordered))


def _pairing_work(text: str) -> int:
    """Lines of the pairing code run on `text` (its marks are found by regular expressions, in C)."""
    return lines_run(lambda: find_quote_spans(text, 0, len(text)))[1]


def _quotations(count: int) -> str:
    return " ".join(f"He said \"item {i} is ready\" and 'fine {i}' then" for i in range(count))


def test_ten_thousand_quotations_in_one_paragraph_pair_in_linear_work() -> None:
    # Regression: the single-mark pass scanned every double-quoted span for every
    # mark (quadratic): 8,000 quotations in one paragraph took 6 s, now ~0.1 s.
    text = _quotations(5_000)
    spans, _ = find_quote_spans(text, 0, len(text))
    assert len(spans) == 10_000
    assert_linear(lambda count: _pairing_work(_quotations(count)), 1_250)


def test_thousands_of_stray_closing_marks_pair_in_linear_work() -> None:
    # Regression: each stray closing mark was looked up in a list of them (quadratic;
    # that lookup runs in C, so benchmarks/limits.py's `scans` case times it as well).
    assert_linear(lambda count: _pairing_work("” a " * count + '"b'), 5_000)


def test_a_one_megabyte_line_without_marks_is_scanned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scanned = [0]
    for name in ("_DOUBLE_MARK", "_SINGLE_MARK", "_ELISION"):
        monkeypatch.setattr(quotemarks, name, CountingPattern(getattr(quotemarks, name), scanned))
    text = "word " * 200_000
    spans, lines = lines_run(lambda: find_quote_spans(text, 0, len(text)))
    assert spans == ([], 0)
    assert scanned[0] <= 2 * len(text) and lines < 100  # one pass per kind of mark, no work per word
