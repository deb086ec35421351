"""Shared helpers for the quote tests: build an article from a hand-written text and
extract its quotes, checking every offset on the way."""

from __future__ import annotations

from corroborate.ingest.readers import ReadResult, article_from_text
from corroborate.model import Article
from corroborate.nlp.quotes import QuoteExtraction, extract_quotes


def article_of(text: str, registry) -> Article:
    return article_from_text(
        text, article_id="t", source="t.txt", meta={}, registry=registry, date_origin="front_matter", result=ReadResult()
    )


def extraction_of(text: str, nlp, registry) -> QuoteExtraction:
    """The extraction of `text`, after checking that every quote, mention and cue points at its words."""
    extraction = extract_quotes(nlp(text), article_of(text, registry), registry)
    for quote in extraction.quotes:
        assert text[quote.start : quote.end] == quote.text
        if quote.speaker.mention:
            mention = quote.speaker.mention
            assert text[mention.start : mention.end] == mention.text
        if quote.cue:
            assert text[quote.cue.start : quote.cue.end] == quote.cue.text
    return extraction
