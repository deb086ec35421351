"""Checks every analysis of the hardening tests makes: offsets exact, the JSON valid.

`offset_errors` lists every record whose offsets do not index `article.text`
exactly; `schema_errors` lists what the JSON Schema of `corroborate/analysis/1`
rejects. Both return messages rather than raise, so one run reports them all.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import jsonschema

from corroborate.model import Analysis, analysis_json_schema

FAILURE_CODES = frozenset({"extraction_failed"})


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(analysis_json_schema())


def _span_error(texts: dict[str, str], article: str, start: int, end: int, text: str | None, what: str) -> str | None:
    if article not in texts:
        return f"{what}: unknown article {article!r}"
    body = texts[article]
    if not 0 <= start <= end <= len(body):
        return f"{what}: [{start}, {end}) outside article {article!r} of {len(body)} characters"
    if text is not None and body[start:end] != text:
        return f"{what}: article {article!r}[{start}:{end}] is {body[start:end][:60]!r}, the record says {text[:60]!r}"
    return None


def offset_errors(analysis: Analysis) -> list[str]:
    """Every record whose offsets do not give back its text (or lie outside its article)."""
    texts = {article.id: article.text for article in analysis.articles}
    found: list[str | None] = []
    for article in analysis.articles:
        for zone in article.zones:
            found.append(_span_error(texts, article.id, zone.start, zone.end, None, f"zone {zone.kind} of {article.id}"))
    for entity in analysis.entities:
        for mention in entity.mentions:
            found.append(_span_error(texts, mention.article, mention.start, mention.end, mention.text, f"mention of {entity.id}"))
    quotes = {quote.id: quote for quote in analysis.quotes}
    for quote in analysis.quotes:
        found.append(_span_error(texts, quote.article, quote.start, quote.end, quote.text, f"quote {quote.id}"))
        if quote.cue is not None:
            found.append(_span_error(texts, quote.article, quote.cue.start, quote.cue.end, quote.cue.text, f"cue of {quote.id}"))
        if (mention := quote.speaker.mention) is not None:
            found.append(_span_error(texts, quote.article, mention.start, mention.end, mention.text, f"speaker of {quote.id}"))
    for group in analysis.quote_groups:
        for member in group.members:
            quote = quotes.get(member.quote)
            if quote is None:
                found.append(f"group {group.id}: member {member.quote!r} is no quote")
            elif not quote.start <= member.start < member.end <= quote.end:
                found.append(f"group {group.id}: member [{member.start}, {member.end}) outside quote {quote.id}")
    for claim in analysis.claims:
        found.append(_span_error(texts, claim.article, claim.start, claim.end, claim.text, f"claim {claim.id}"))
        for quantity in claim.quantities:
            found.append(
                _span_error(texts, claim.article, quantity.start, quantity.end, quantity.text, f"quantity of {claim.id}")
            )
        for date in claim.dates:
            found.append(_span_error(texts, claim.article, date.start, date.end, date.text, f"date of {claim.id}"))
    for citation in analysis.citations:
        what = f"citation in {citation.article}"
        found.append(_span_error(texts, citation.article, citation.start, citation.end, citation.text, what))
    for copy in analysis.copies:
        found.append(_span_error(texts, copy.article, copy.start, copy.end, None, f"copy in {copy.article}"))
        found.append(_span_error(texts, copy.source, copy.source_start, copy.source_end, None, f"copy source {copy.source}"))
    return [error for error in found if error is not None]


def schema_errors(analysis: Analysis) -> list[str]:
    """What the JSON Schema rejects in the analysis' JSON document (at most 20 messages)."""
    document: Any = json.loads(analysis.to_json(indent=None))
    errors = sorted(_validator().iter_errors(document), key=lambda e: list(e.absolute_path))
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in errors[:20]]


def failure_warnings(analysis: Analysis) -> list[str]:
    """Warnings that mean a stage raised and was caught (the article lost records)."""
    return [f"{w.source}: {w.code}: {w.message}" for w in analysis.warnings if w.code in FAILURE_CODES]


def problems(analysis: Analysis) -> list[str]:
    return failure_warnings(analysis) + offset_errors(analysis) + schema_errors(analysis)
