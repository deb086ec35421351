"""Events: paraphrased predicates share a class (hand-written sentences)."""

from __future__ import annotations

import pytest

from corroborate.nlp.claims import extract_claims
from corroborate.nlp.events import event_of

from .helpers import article_of


@pytest.mark.parametrize(
    ("predicate", "event"),
    [
        ("resign", "leave"),
        ("quit", "leave"),
        ("step down", "leave"),
        ("put on hold", "suspend"),
        ("suspend", "suspend"),
        ("sack", "fire"),
        ("overturn", "reverse"),
        ("carry", "carry"),
        (None, None),
    ],
)
def test_event_of_a_predicate(predicate, event) -> None:
    assert event_of(predicate) == event


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "predicate", "event"),
    [
        ("The harbour chief stepped down from the board on Friday.", "step", "leave"),
        ("The harbour chief quit the board on Friday afternoon.", "quit", "leave"),
        ("The city council put the pier plan on hold until the spring.", "put", "suspend"),
        ("The city council suspended the pier plan until the spring.", "suspend", "suspend"),
        ("The club paid back the loan to the city last year.", "pay", "repay"),
        ("The ferry carried about 300 passengers across the bay.", "carry", "carry"),
    ],
)
def test_a_claim_carries_the_event_of_its_predicate(text, predicate, event, nlp, registry) -> None:
    [claim] = extract_claims(nlp(text), article_of(text, registry), [])
    assert (claim.predicate, claim.event) == (predicate, event)
