"""The word lists: one place, no word in two lists that the extractors tell apart."""

from __future__ import annotations

from corroborate.nlp import lexicon


def test_a_verb_reports_speech_or_thought_not_both() -> None:
    assert not lexicon.REPORTING_VERBS & lexicon.THOUGHT_VERBS


def test_say_like_verbs_are_reporting_verbs_and_intentions_are_cues() -> None:
    assert lexicon.SAY_LIKE_VERBS <= lexicon.REPORTING_VERBS
    assert lexicon.INTENTION_VERBS <= lexicon.REPORTING_VERBS | lexicon.THOUGHT_VERBS


def test_hedges_are_distinct_alternatives() -> None:
    assert len(set(lexicon.HEDGES)) == len(lexicon.HEDGES)
    assert all("|" not in h or h.count("(") == h.count(")") for h in lexicon.HEDGES)
