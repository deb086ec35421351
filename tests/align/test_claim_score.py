"""The fitted claim-pair score on hand-made claims: its features, candidates and verdicts."""

from __future__ import annotations

import pytest

from corroborate.align.claim_features import (
    FEATURES,
    MAX_POSTINGS,
    candidate_pairs,
    load_model,
    may_join,
    pair_features,
    story_features,
)
from corroborate.align.claims import group_claims
from corroborate.align.embeddings import embed
from corroborate.model import Claim, DateMention
from corroborate.nlp.quantities import find_quantities
from tests.align.filler import FILLER

_counter = iter(range(10_000))


def claim(article: str, text: str, **fields) -> Claim:
    return Claim(
        id=f"{article}:c{next(_counter)}", article=article, text=text, start=0, end=len(text),
        quantities=tuple(find_quantities(text)), rule="test", **fields,
    )  # fmt: skip


def filler() -> list[Claim]:
    return [claim("x", text) for text in FILLER]


def feature(values: list[float], name: str) -> float:
    return values[FEATURES.index(name)]


def chance(claims: list[Claim], a: int, b: int, semantic: bool) -> float:
    vectors = embed([claims[a].text, claims[b].text])
    cosine = float(vectors[0] @ vectors[1]) if semantic else 0.0
    return load_model(semantic).score(pair_features(story_features(claims), claims, a, b, cosine))


# A paraphrase: one figure, one participant, one event, in other words.
_PARAPHRASE = (
    claim("a", "Governor Halvorsen signed the flood relief bill worth $42 million on Monday.", event="sign", predicate="sign"),
    claim("b", "The $42 million flood relief package became law when Halvorsen signed it.", event="sign", predicate="sign"),
)
# Two events of one story with the same participants: a veto threat, then a signing.
_TWO_EVENTS = (
    claim("a", "Halvorsen threatened last week to veto any increase in the fuel tax.", event="threaten", predicate="threaten"),
    claim("b", "Halvorsen signed the flood relief bill worth $42 million on Monday.", event="sign", predicate="sign"),
)


def test_a_paraphrase_shares_its_figure_participant_and_event() -> None:
    claims = [*_PARAPHRASE, *filler()]
    found = pair_features(story_features(claims), claims, 0, 1)
    assert feature(found, "shared_figure") == 1.0
    assert feature(found, "telling_participants") > 0
    assert feature(found, "same_event") == 1.0


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_a_paraphrase_with_a_shared_figure_and_participant_scores_as_one_claim(semantic: bool) -> None:
    claims = [*_PARAPHRASE, *filler()]
    assert chance(claims, 0, 1, semantic) >= load_model(semantic).threshold


@pytest.mark.parametrize("semantic", [True, False], ids=["with-embeddings", "claims-by-words"])
def test_two_events_with_the_same_participant_score_apart(semantic: bool) -> None:
    claims = [*_TWO_EVENTS, *filler()]
    assert chance(claims, 0, 1, semantic) < load_model(semantic).threshold
    groups = group_claims(claims, semantic=semantic).groups
    assert not any(0 in g and 1 in g for g in groups)


def test_different_dates_and_a_negated_event_count_against() -> None:
    day = DateMention(text="on Monday", start=0, end=9, value="2026-03-02")
    other = DateMention(text="on Friday", start=0, end=9, value="2026-03-06")
    a = claim("a", "The mayor will resign from the council, her office said.", event="leave", predicate="resign", dates=(day,))
    b = claim(
        "b", "The mayor will not resign from the council, her office said.",
        event="leave", predicate="resign", negated=True, dates=(other,),
    )  # fmt: skip
    claims = [a, b, *filler()]
    found = pair_features(story_features(claims), claims, 0, 1)
    assert feature(found, "opposite_event") == 1.0 and feature(found, "same_event") == 0.0
    assert feature(found, "other_dates") == 1.0 and feature(found, "shared_date") == 0.0


def test_a_shared_telling_participant_makes_a_candidate_without_a_shared_word() -> None:
    claims = [
        claim("a", "The train carrying Okonkwo arrived late."),
        claim("b", "Reporters waited for Okonkwo outside."),
        *filler(),
    ]
    assert (0, 1) in candidate_pairs(story_features(claims))


def test_a_word_every_claim_holds_makes_no_candidates() -> None:
    claims = [claim(f"a{n}", f"The reservoir level {n} was measured.") for n in range(MAX_POSTINGS + 5)]
    assert not candidate_pairs(story_features(claims))


def test_both_modes_ship_coefficients_for_every_feature() -> None:
    for semantic in (True, False):
        model = load_model(semantic)
        assert len(model.coefficients) == len(FEATURES)
        assert 0 < model.threshold < 1
    assert load_model(False).coefficients[FEATURES.index("cosine")] == 0.0


def test_two_classes_of_event_or_only_figure_words_may_not_join() -> None:
    claims = [
        claim("a", "The ferry sank 13 nautical miles from the harbour.", predicate="sink"),
        claim("b", "Divers found wreckage some 150 nautical miles off the cape.", predicate="find"),
        claim("c", "The patrol boat was 13 nautical miles out when the call came."),
        claim("d", "A tug stood by 40 nautical miles away all night."),
        *filler(),
    ]
    story = story_features(claims)
    assert not may_join(story, 0, 1)  # sinking and finding: two events
    assert not may_join(story, 2, 3)  # only "nautical miles" in common


def test_a_light_verb_states_an_event_only_through_a_phrase_the_lexicon_knows() -> None:
    from corroborate.align.claim_features import event_key

    on_hold = claim("a", "The council put the pier plan on hold", predicate="put", event="suspend")
    put = claim("b", "The council put the plan to a vote", predicate="put", event="put")
    said = claim("c", "The council said it would vote", predicate="say", event=None)
    assert [event_key(c) for c in (on_hold, put, said)] == ["suspend", None, None]


def test_staying_is_compared_as_not_leaving() -> None:
    """ "is staying in the race" and "refused to step down" state one event (not leaving),
    and "quit the race" its opposite; the claims keep their own words' event."""
    from corroborate.align.claim_features import event_key, negated_event

    staying = claim("a", "Voss is staying in the race", predicate="stay", event="stay")
    refused = claim("b", "Voss refused to step down", predicate="step", event="leave", negated=True, modality="refuse")
    quit_ = claim("c", "Voss quit the race", predicate="quit", event="leave")
    assert [event_key(c) for c in (staying, refused, quit_)] == ["leave", "leave", "leave"]
    assert [negated_event(c) for c in (staying, refused, quit_)] == [True, True, False]
    claims = [staying, refused, quit_, *filler()]
    story = story_features(claims)
    same = pair_features(story, claims, 0, 1)
    opposite = pair_features(story, claims, 0, 2)
    assert (feature(same, "same_event"), feature(same, "opposite_event")) == (1.0, 0.0)
    assert (feature(opposite, "same_event"), feature(opposite, "opposite_event")) == (0.0, 1.0)
