"""The cue helpers on hand-built parses (no model): how far a cue climbs for its subject."""

from __future__ import annotations

import spacy
from spacy.tokens import Doc

from corroborate.nlp.cues import climbed, subject_of


def _parse(words: list[str], heads: list[int], deps: list[str], tags: list[str] | None = None) -> Doc:
    return Doc(spacy.blank("en").vocab, words=words, heads=heads, deps=deps, tags=tags)


def test_a_root_cue_climbs_no_further_than_itself() -> None:
    # "Said nothing ." — the root is its own head: the climb stops there, not four times over
    doc = _parse(["Said", "nothing", "."], [0, 0, 0], ["ROOT", "dobj", "punct"])
    assert [t.i for t in climbed(doc[0])] == [0]


def test_said_adding_that_climbs_to_the_verb_with_a_subject() -> None:
    # "Ames said , adding that it failed ." — "adding" takes the subject of "said"
    words = ["Ames", "said", ",", "adding", "that", "it", "failed", "."]
    heads = [1, 1, 1, 1, 6, 6, 3, 1]
    deps = ["nsubj", "ROOT", "punct", "advcl", "mark", "nsubj", "ccomp", "punct"]
    doc = _parse(words, heads, deps, ["NNP", "VBD", ",", "VBG", "IN", "PRP", "VBD", "."])
    assert [t.i for t in climbed(doc[3])] == [3, 1]
    subject = subject_of(doc[3])
    assert subject is not None and subject.text == "Ames"


def test_the_climb_stops_after_its_steps() -> None:
    # a chain of five verbs: at most four are looked at
    words = ["a", "b", "c", "d", "e"]
    doc = _parse(words, [1, 2, 3, 4, 4], ["conj", "conj", "conj", "conj", "ROOT"])
    assert [t.i for t in climbed(doc[0])] == [0, 1, 2, 3]
