"""Claims: the factual statements of an article, with who makes them, hedges,
quantities and dates.

Each declarative sentence of the headline, standfirst, body and update zones is a
claim (captions repeat the body; bylines state nothing). `by` is the entity of the
quotation the sentence carries (its speaker, or whom an unnamed speaker speaks for);
null means the outlet states it from its own reporting.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spacy.tokens import Doc

from corroborate.model import Article, Claim, Quote
from corroborate.nlp.dates import find_dates
from corroborate.nlp.quantities import find_quantities, with_sums

_HEDGES = re.compile(
    r"\b(reportedly|allegedly|alleged|purported(?:ly)?|apparently|appears? to|seems? to|may|might|could|possibly|"
    r"believed to|unconfirmed|is said to|are said to|according to)\b",
    re.I,
)
_CLAIM_ZONES = frozenset(["headline", "standfirst", "body", "update"])
_MIN_WORDS = 5


def _speaker_entity(quote: Quote) -> str | None:
    return quote.speaker.entity if quote.speaker.entity and quote.speaker.name else quote.speaker.represents


def extract_claims(doc: Doc, article: Article, quotes: Sequence[Quote]) -> list[Claim]:
    """The claims of one article; `quotes` are its quotations (speakers already linked)."""
    claims: list[Claim] = []
    zones = [z for z in article.zones if z.kind in _CLAIM_ZONES]
    pieces = []
    for sentence in doc.sents:
        # A sentence the parser ran across a paragraph break is cut at the break.
        for zone in zones:
            if zone.end <= sentence.start_char or zone.start >= sentence.end_char:
                continue
            tokens = [t for t in sentence if not t.is_space and zone.start <= t.idx < zone.end]
            if tokens:
                pieces.append(tokens)
    for tokens in pieces:
        start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1])
        text = article.text[start:end]
        words = [t for t in tokens if t.is_alpha]
        if len(words) < _MIN_WORDS or text.rstrip(" '\"”’").endswith("?") or not any(t.pos_ in ("VERB", "AUX") for t in tokens):
            continue
        overlapping = [q for q in quotes if q.start < end and start < q.end]
        carrier = max(overlapping, key=lambda q: min(q.end, end) - max(q.start, start), default=None)
        claims.append(
            Claim(
                id=f"{article.id}:c{len(claims) + 1}",
                article=article.id,
                text=text,
                start=start,
                end=end,
                by=_speaker_entity(carrier) if carrier else None,
                hedges=tuple(dict.fromkeys(m.group(1).casefold() for m in _HEDGES.finditer(text))),
                quantities=tuple(with_sums(article.text, list(find_quantities(article.text, start, end)))),
                dates=tuple(find_dates(doc, article.published, start, end)),
                rule="claim.sentence",
                confidence=0.6 if carrier is None else 0.7,
            )
        )
    return claims
