"""For any text, the whole pipeline returns, and every offset it gives is exact.

Hypothesis writes the text (quote marks in any order, control characters, bidi
marks, zero-width joiners, emoji); a few shapes are written out by hand (100
nested quotations, no spaces at all, one line of a megabyte). Each text is one
article analysed through `analyze_articles` with the per-story stages on, then
checked by `tests.hardening.checks`: no caught failure, offsets exact, the JSON
valid against the schema.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, example, given

from corroborate.ingest import OutletRegistry
from corroborate.ingest.readers import ReadResult, article_from_text
from corroborate.model import Analysis, Article
from corroborate.pipeline import analyze_articles
from corroborate.settings import Settings
from tests.hardening.checks import problems
from tests.hardening.conftest import examples, long_only, profile
from tests.hardening.strategies import messy_text
from tests.work import parsed_texts

pytestmark = pytest.mark.model

REGISTRY = OutletRegistry.load()
SETTINGS = Settings()


def _article(text: str, article_id: str = "fuzzed") -> Article:
    return article_from_text(
        text,
        article_id=article_id,
        source=f"{article_id}.txt",
        meta={},
        registry=REGISTRY,
        date_origin="front_matter",
        result=ReadResult(),
    )


def _analysed(text: str) -> Analysis:
    analysis = analyze_articles([_article(text)], SETTINGS, REGISTRY, across=True)
    found = problems(analysis)
    assert not found, found[:5]
    return analysis


@given(messy_text)
@profile(max_examples=examples(50))
@example("\u202e“Olmak,” dedi.\u202c \u200f“שלום”\u200f she said.")
@example("👩‍👩‍👧 “We are 👍🏽 ready,” said Ms. Okafor\u200d.\n\n” stray ” closers ” and ‘ lone ‘ openers")
@example("\x00\x07\x1b said “\x0b\x0c” \ufeff\u2028\u2029 told")
@example('"' * 7 + " said " + "'" * 9)
@example("\ud800")
def test_any_text_is_analysed_with_exact_offsets(nlp: object, text: str) -> None:
    assume(text.strip())
    _analysed(text)


def test_one_hundred_nested_quotations(nlp: object) -> None:
    marks = ["“", '"', "‘", "'"]
    closers = {"“": "”", '"': '"', "‘": "’", "'": "'"}
    opened = [marks[i % 4] for i in range(100)]
    text = "The mayor said " + " ".join(f"{m}level {i}" for i, m in enumerate(opened)) + " core"
    text += "".join(f" end {closers[m]}" for m in reversed(opened)) + ", she said.\n\nThe council agreed."
    _analysed(text)


def test_text_without_any_space(nlp: object) -> None:
    text = "“Wearenotready,”saidthemayor." * 600 + "Budget:$3,000,000.Tuesday." * 300
    _analysed(text)


def test_a_one_megabyte_line_without_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = parsed_texts(monkeypatch)
    analysis = _analysed("x" * 500_000 + "“y”" + "z" * 500_000)
    assert "".join(parsed).strip() == "" and [w.code for w in analysis.warnings] == ["light_analysis"]  # read by its marks alone


@long_only
def test_a_one_megabyte_line_of_words(nlp: object) -> None:
    sentence = "The mayor said “the pier will reopen in May,” and the council said it agreed on Tuesday. "
    _analysed(sentence * (1_000_000 // len(sentence)))
