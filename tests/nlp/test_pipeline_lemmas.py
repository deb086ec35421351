"""The pipeline lemmatises verbs only: the lemmas the extractors read, at a tenth less parse."""

from __future__ import annotations

import pickle

import pytest

from corroborate.nlp.pipeline import VerbLemmas

pytestmark = pytest.mark.model


def test_verbs_keep_their_lemmas_and_other_words_get_none(nlp) -> None:
    doc = nlp("The harbour master told reporters the piers were being repaired, and she says the ferries wait.")
    lemmas = {t.text: t.lemma_ for t in doc}
    assert (lemmas["told"], lemmas["were"], lemmas["repaired"], lemmas["says"], lemmas["wait"]) == (
        "tell", "be", "repair", "say", "wait",
    )  # fmt: skip
    assert lemmas["piers"] == lemmas["ferries"] == lemmas["reporters"] == ""


def test_the_verb_lemmatizer_pickles_for_parallel_parsing(nlp) -> None:
    lemmatize = nlp.get_pipe("lemmatizer").lemmatize
    assert isinstance(lemmatize, VerbLemmas)
    assert isinstance(pickle.loads(pickle.dumps(lemmatize)), VerbLemmas)


def test_abbreviated_ranks_are_one_token(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("They met Sgt. Lena Ortiz, Lt. Dan Cole and Det. Ray Moss.")
    assert {"Sgt.", "Lt.", "Det."} <= {t.text for t in doc}
    assert len(list(doc.sents)) == 1


def test_every_abbreviated_title_a_name_loses_is_one_token(nlp) -> None:  # type: ignore[no-untyped-def]
    """One list (`names.ABBREVIATED_TITLES`) for the tokenizer and for names."""
    from corroborate.nlp.names import ABBREVIATED_TITLES, clean_name

    for title in ABBREVIATED_TITLES:
        doc = nlp(f"“We are ready,” said {title}. Ann Park of the county police.")
        assert f"{title}." in {t.text for t in doc}, title
        assert clean_name(f"{title}. Ann Park") == "Ann Park"
