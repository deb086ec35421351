"""Pairing quotation marks, apostrophes told apart, never raising on messy text."""

from __future__ import annotations

import pytest

from corroborate.nlp.quotemarks import find_quote_spans


def quoted(text: str) -> list[str]:
    spans, _ = find_quote_spans(text, 0, len(text))
    return [text[s.start : s.end] for s in spans]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"We are ready," the chief said.', ["We are ready,"]),
        ("“We are ready,” the chief said.", ["We are ready,"]),
        ("'We are ready,' the chief said.", ["We are ready,"]),
        ("The chief called it ‘a mess’ on Monday.", ["a mess"]),
        ("« Nous sommes prêts », a-t-il dit.", [" Nous sommes prêts "]),
        ("„Wir sind bereit“, sagte er.", ["Wir sind bereit"]),
        # apostrophes are not quotation marks
        ("The ferry's engines don't start in winter, the captain's log says.", []),
        ("Rents rose in the '90s and again in '08.", []),
        ("The drivers' cars were towed, the owners' lawyer said.", []),
        # a plural possessive inside a single-quoted quotation does not close it
        ("'The drivers' cars were towed overnight,' she said.", ["The drivers' cars were towed overnight,"]),
        # two single-quoted fragments in one sentence
        ("He said there are 'two piers' that have 'cracked badly' this year.", ["two piers", "cracked badly"]),
        # nested quotes: the outer quotation is the one reported
        ("\"He told me 'stay back' and left,\" she said.", ["He told me 'stay back' and left,"]),
        # quote split by its attribution
        ("“We are ready,” she said. “We have been for weeks.”", ["We are ready,", "We have been for weeks."]),
        # two apostrophes as a double quotation mark (NYT style), with a nested single quote
        ("''We have 'no' plan,'' the chief said.", ["We have 'no' plan,"]),
        ("The campaign was ''taking a close look'' at it.", ["taking a close look"]),
        # mixed marks: a single opening closed by a curly double
        ("'It is not only us. Others are hurt too,” the tenant said.", ["It is not only us. Others are hurt too,"]),
    ],
)
def test_pairs(text: str, expected: list[str]) -> None:
    assert quoted(text) == expected


@pytest.mark.parametrize(
    ("text", "expected", "unpaired"),
    [
        ('He said "this never closes', [], 1),  # a stray opening mid-paragraph: warned, not a quote
        ("A stray ” mark and a lone ' apostrophe", [], 1),
        ('"""""', ["", ""], 1),
        ("''''", [""], 0),  # two NYT-style double marks
        ("“nested “twice” here", ["twice"], 1),
        ("", [], 0),
    ],
)
def test_messy_text_never_raises_and_counts_what_it_cannot_pair(text: str, expected: list[str], unpaired: int) -> None:
    spans, found_unpaired = find_quote_spans(text, 0, len(text))
    assert [text[s.start : s.end] for s in spans] == expected
    assert found_unpaired == unpaired


def test_unclosed_quote_runs_to_paragraph_end_and_is_flagged() -> None:
    text = "“The work starts Monday and runs all winter"
    spans, _ = find_quote_spans(text, 0, len(text))
    assert [text[s.start : s.end] for s in spans] == ["The work starts Monday and runs all winter"]
    assert spans[0].closed is False


def test_stray_closing_mark_is_counted_unpaired() -> None:
    text = "A stray ” here and 'quoted words' there"
    spans, unpaired = find_quote_spans(text, 0, len(text))
    assert [text[s.start : s.end] for s in spans] == ["quoted words"]
    assert unpaired == 1
