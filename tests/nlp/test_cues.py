"""The cue helpers on real parses of hand-written sentences: how far a cue climbs for its subject."""

from __future__ import annotations

import pytest

from corroborate.nlp.cues import climbed, subject_of

pytestmark = pytest.mark.model


def test_a_root_cue_climbs_no_further_than_itself(nlp) -> None:  # type: ignore[no-untyped-def]
    # the root is its own head: the climb stops there, not four times over
    doc = nlp("Said nothing.")
    assert doc[0].dep_ == "ROOT"
    assert [t.i for t in climbed(doc[0])] == [0]


def test_said_adding_that_climbs_to_the_verb_with_a_subject(nlp) -> None:  # type: ignore[no-untyped-def]
    # "adding" hangs from "said" and takes its subject
    doc = nlp("Ames said, adding that it failed.")
    assert (doc[3].text, doc[3].head.text) == ("adding", "said")
    assert [t.i for t in climbed(doc[3])] == [3, 1]
    subject = subject_of(doc[3])
    assert subject is not None and subject.text == "Ames"


def test_the_climb_stops_after_its_steps(nlp) -> None:  # type: ignore[no-untyped-def]
    # five verbs, each the clause of the one before: from the last, at most four are looked at
    doc = nlp("She said he claimed they knew we thought it rained.")
    verbs = [t.i for t in doc if t.pos_ == "VERB"]
    assert verbs == [1, 3, 5, 7, 9] and all(doc[v].head.i == w for v, w in zip(verbs[1:], verbs, strict=False))
    assert [t.i for t in climbed(doc[9])] == [9, 7, 5, 3]
