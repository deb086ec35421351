"""Frames: each verb of a claim with its roles and the dates of its own clause (hand-written sentences)."""

from __future__ import annotations

import pytest

from corroborate.nlp.claims import extract_claims

from .helpers import article_of

# A Monday: "on Thursday" is 2026-11-12, "last week" 2026-W46.
PUBLISHED = "2026-11-16"


def frames_of(text: str, nlp, registry):
    article = article_of(text, registry).model_copy(update={"published": PUBLISHED})
    [claim] = extract_claims(nlp(text), article, [])
    return {frame.predicate: frame for frame in claim.frames}


@pytest.mark.model
def test_a_side_clause_carries_its_act_roles_and_date(nlp, registry) -> None:
    text = "The mayor defended the harbour toll, which the council approved on Thursday."
    frames = frames_of(text, nlp, registry)
    assert frames["defend"].dates == ()  # the date is the side clause's, not the main verb's
    assert "object:toll" in frames["defend"].arguments
    assert frames["approve"].dates == ("2026-11-12",)
    assert "subject:council" in frames["approve"].arguments


@pytest.mark.model
def test_a_passive_fills_the_roles_of_its_active(nlp, registry) -> None:
    active = frames_of("The governor signed the ferry bill into law on Thursday.", nlp, registry)["sign"]
    passive = frames_of("The ferry bill was signed into law by the governor last week.", nlp, registry)["sign"]
    for role in ("subject:governor", "object:bill", "into:law"):
        assert role in active.arguments and role in passive.arguments
    assert passive.dates == ("2026-W46",)


@pytest.mark.model
def test_a_date_fills_no_role_and_speech_makes_no_frame(nlp, registry) -> None:
    frames = frames_of("The harbour chief said on Friday that the board would close the pier.", nlp, registry)
    assert "say" not in frames
    assert "object:pier" in frames["close"].arguments
    assert not any(argument.endswith(":friday") for frame in frames.values() for argument in frame.arguments)
