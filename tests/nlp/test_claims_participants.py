"""Who takes part in a claim, resolved as the article resolves its speakers
(hand-written sentences)."""

from __future__ import annotations

import pytest

from corroborate.model import Claim, Entity
from corroborate.nlp.claims import extract_claims
from corroborate.nlp.participants import link_claim_participants
from corroborate.nlp.quotes import extract_quotes

from .helpers import article_of

TEXT = (
    "Rep. Dana Whitcombe, a Vermont Democrat, resigned from the House on Friday. "
    "The congresswoman had said in March that she would not seek another term. "
    '"I made mistakes and I will pay the money back," Whitcombe said. '
    "Gov. Arlo Pettibone thanked her for her service. "
    "The board fired the harbour master after an audit by the state."
)


@pytest.fixture(scope="module")
def claims(nlp, registry):
    article = article_of(TEXT, registry).model_copy(update={"published": "2026-11-14"})
    doc = nlp(TEXT)
    return extract_claims(doc, article, extract_quotes(doc, article, registry).quotes)


def claim_with(claims, words: str):
    return next(c for c in claims if words in c.text)


@pytest.mark.model
def test_the_subject_of_a_named_sentence_is_the_full_name(claims) -> None:
    claim = claim_with(claims, "resigned from the House")
    assert claim.subject == "Dana Whitcombe"
    assert claim.actors[0] == "Dana Whitcombe"


@pytest.mark.model
def test_a_pronoun_in_reported_speech_is_its_antecedent(claims) -> None:
    claim = claim_with(claims, "seek another term")
    assert claim.subject == "Dana Whitcombe"


@pytest.mark.model
def test_first_person_in_a_quotation_is_its_speaker(claims) -> None:
    claim = claim_with(claims, "I made mistakes")
    assert claim.subject == "Dana Whitcombe"
    assert claim.actors == ("Dana Whitcombe",)


@pytest.mark.model
def test_an_object_pronoun_joins_the_actors(claims) -> None:
    claim = claim_with(claims, "thanked her")
    assert claim.subject == "Arlo Pettibone"
    assert "Dana Whitcombe" in claim.actors


@pytest.mark.model
def test_an_unnamed_subject_is_no_one(claims) -> None:
    claim = claim_with(claims, "harbour master")
    assert claim.subject is None


def test_actors_link_to_the_entities_holding_their_names() -> None:
    claim = Claim(id="a:c1", article="a", text="x", start=0, end=1, actors=("Dana Whitcombe", "Arlo Pettibone", "Nobody"))
    entities = [
        Entity(id="e1", name="Arlo Pettibone", kind="person"),
        Entity(id="e2", name="Dana J. Whitcombe", kind="person", aliases=("Dana Whitcombe", "Whitcombe")),
    ]
    [linked] = link_claim_participants([claim], entities)
    assert linked.entities == ("e2", "e1")
    assert link_claim_participants([linked.model_copy(update={"actors": ()})], entities)[0].entities == ()


@pytest.mark.model
def test_titled_names_are_found_once_per_doc(nlp) -> None:
    from corroborate.nlp.person_names import titled_names

    doc = nlp("Harbour Commissioner Maren Olsgaard opened the pier. Olsgaard thanked the crews.")
    first = [(span.start, span.end) for span in titled_names(doc)]
    assert [(span.start, span.end) for span in titled_names(doc)] == first
    doc.user_data["corroborate.titled_names"] = (doc[0:1],)  # a second call reads the Doc's list
    assert [span.text for span in titled_names(doc)] == ["Harbour"]
