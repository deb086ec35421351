"""Claims extracted before the story's speakers are linked get `by` from their quotation."""

from __future__ import annotations

import pytest

from corroborate.align.identities import link_claim_speakers, link_speakers, resolve_entities
from corroborate.nlp.claims import extract_claims
from corroborate.nlp.entities import extract_mentions
from corroborate.nlp.quotes import extract_quotes

from .helpers import article_of

pytestmark = pytest.mark.model

TEXT = (
    "Harbour master Ines Kowal said the northern pier will stay closed until March. "
    "The ferry carried about 300 passengers across the bay on Sunday."
)


def test_a_quoted_claim_names_its_quotation_and_takes_its_speaker_later(nlp, registry) -> None:
    article = article_of(TEXT, registry)
    doc = nlp(TEXT)
    quotes = extract_quotes(doc, article, registry).quotes
    early = extract_claims(doc, article, quotes)  # as the batch store extracts them, per article
    carried = [c for c in early if c.quote is not None]
    own = [c for c in early if c.quote is None]
    assert carried and own and all(c.by is None for c in own)
    assert {c.quote for c in carried} <= {q.id for q in quotes}

    entities, _ = resolve_entities(list(extract_mentions(doc, article.id)))
    linked = link_speakers(quotes, entities)
    late = link_claim_speakers(early, linked)
    kowal = next(e.id for e in entities if e.name == "Ines Kowal")
    assert [c.by for c in late if c.quote is not None] == [kowal] * len(carried)
    assert late == extract_claims(doc, article, linked)  # the same claims as extracting after linking
