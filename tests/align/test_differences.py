"""Difference classes of two renderings of one utterance (DESIGN.md), on hand-written pairs."""

from __future__ import annotations

import pytest

from corroborate.align.differences import compare, most_severe, stem, word_stem


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        # identical: quote marks, edge punctuation, first-letter case, whitespace
        ("We will reopen the pier in May.", "we will reopen the pier in May", "identical"),
        ("“The dock is safe,”", "'The dock is  safe'", "identical"),
        # formatting: inner punctuation, case, hyphens, brackets, censoring
        ("The dock is safe, the pier is not", "The dock is safe. The pier is not", "formatting"),
        ("a well-run ferry", "a well run ferry", "formatting"),
        ("the plan [for] the dock", "the plan the dock", "formatting"),
        ("that f***ing bridge", "that fucking bridge", "formatting"),
        ("The Ferry Is Late", "the ferry is late", "formatting"),
        ("the harbour work force", "the harbour workforce", "formatting"),
        ("agents of the F.B.I. arrived", "agents of the FBI arrived", "formatting"),
        # minor: function words, contractions, tense and number, fragments, discourse words
        ("we're a victim of a failed policy", "we are the victim of failed policies", "minor"),
        ("the crews pushed out the old pilings", "pushing out", "minor"),
        ("stop trashing their own city", "He really hopes they stop trashing their own city", "minor"),
        ("keep them out because it's not our problem", "keep them out, quite frankly, because it is not our problem", "minor"),
        ("We did everything we could", "We have done everything we can", "minor"),
        ("a one-in-three chance we could lose", "a 1 in 3 chance that we could lose", "minor"),
        ("we're gonna close the pier", "we are going to close the pier", "minor"),
        ("and we will fix that motherf***ing bridge today", "fix that motherfucking bridge", "minor"),
        # substantive: a content word, name or number changed
        ("We will not gamble with anyone's safety", "We will not gamble with people's safety", "substantive"),
        (
            "Whether it's Tren de Aragua, that remains to be seen",
            "Whether it's a trend, a drug war, that remains to be seen",
            "substantive",
        ),
        ("about 40,000 vehicles a day", "about 55,000 vehicles a day", "substantive"),
        ("an organized criminal effort", "an organized criminal enterprise", "substantive"),
        # a negation gained or lost, or a modal moved from may to must or will, turns what is said
        ("We will reopen the pier in May", "We will not reopen the pier in May", "substantive"),
        ("you'll be able to decide that on your own", "you'll have to decide that on your own", "substantive"),
        ("the council may close the pier", "the council will close the pier", "substantive"),
        ("the council should close the pier", "the council can close the pier", "substantive"),
        # (a "will" alone is tense, "not" contracted is "not", "could" / "can" one force)
        ("we will close the pier in May", "we close the pier in May", "minor"),
        ("we did not close the pier", "we didn't close the pier", "minor"),
        ("we could close the pier by May", "we can close the pier by May", "minor"),
        ("this is not only a departure from harbour practice", "this is a departure from harbour practice", "minor"),
        ("the crews left with the ferry passes", "the crews left without the ferry passes", "substantive"),
        # sharing a word or two in order is not one quoting the other
        (
            "And if we don't get it, there should be no deal.",
            "has a clear standard that the deal has got to be good for workers or she should walk away from it",
            "substantive",
        ),
    ],
)
def test_difference_class(a: str, b: str, expected: str) -> None:
    assert compare(a, b).difference == expected
    assert compare(b, a).difference == expected  # symmetric


def test_reported_rewording_is_a_paraphrase_not_an_alteration() -> None:
    a = "expects violent crime to keep falling in the city"
    b = "We know violent crime in the city went down last year"
    assert compare(a, b, reported=True).difference == "paraphrase"
    assert compare(a, b).difference == "substantive"


def test_changed_words_are_named() -> None:
    comparison = compare("We will not gamble with anyone's safety", "We will not gamble with people's safety")
    assert comparison.changed_a == ("anyone's",)
    assert comparison.changed_b == ("people's",)


def test_a_group_takes_its_most_severe_pair() -> None:
    assert most_severe(["identical", "minor", "formatting"]) == "minor"
    assert most_severe(["paraphrase", "substantive"]) == "substantive"
    assert most_severe([]) == "identical"


def test_anything_for_any_is_a_minor_change() -> None:
    assert (
        compare(
            "I don't think it's anything worse than the mayor said", "I don't think it's any worse than the mayor said"
        ).difference
        == "minor"
    )


def test_nothing_for_anything_stays_substantive() -> None:
    assert compare("We knew anything about the leak", "We knew nothing about the leak").difference == "substantive"


def test_fragment_reported_without_marks_is_a_paraphrase_not_minor() -> None:
    # "the plan has been under review for months, he said" against the quoted words
    a = "Under review for months"
    b = "the plan has been under review for months"
    assert compare(a, b, reported=True).difference == "paraphrase"
    assert compare(a, b).difference == "minor"


def test_close_report_of_a_quote_is_a_paraphrase() -> None:
    a = "We are going to reopen the ferry dock this spring"
    b = "they were going to reopen the ferry dock this spring"
    assert compare(a, b, reported=True).difference == "paraphrase"


def test_word_spans_give_offsets_of_curly_quoted_words() -> None:
    from corroborate.align.differences import word_spans

    assert word_spans("We don’t [sail] — ever") == [(0, 2, "we"), (3, 8, "don't"), (10, 14, "sail"), (18, 22, "ever")]


def test_a_leading_and_only_one_outlet_prints_is_where_its_quotation_began() -> None:
    # One outlet runs the sentence on from the one before ("And ..."), the other starts at "I'm".
    assert (
        compare("And I'm being candid, we've got work to do", "I'm being candid -- we've got work to do").difference
        == "formatting"
    )


def test_a_conjunction_both_print_is_compared_as_usual() -> None:
    assert compare("But there is a chance that we could lose", "But there is a chance we could lose").difference == "minor"


# The hand-made inflection table lemminflect replaced: every form keeps its lemma's stem.
_FORMER_TABLE = {
    "did": "do", "done": "do", "does": "do", "went": "go", "gone": "go", "goes": "go", "made": "make",
    "took": "take", "taken": "take", "came": "come", "got": "get", "gotten": "get", "gave": "give",
    "given": "give", "saw": "see", "seen": "see", "knew": "know", "known": "know", "thought": "think",
    "told": "tell", "found": "find", "left": "leave", "kept": "keep", "felt": "feel", "brought": "bring",
    "began": "begin", "begun": "begin", "ran": "run", "wrote": "write", "written": "write", "spoke": "speak",
    "spoken": "speak", "fell": "fall", "fallen": "fall", "held": "hold", "stood": "stand", "lost": "lose",
    "paid": "pay", "met": "meet", "sent": "send", "built": "build", "spent": "spend", "won": "win",
    "led": "lead", "understood": "understand", "said": "say", "says": "say", "men": "man", "women": "woman",
    "people": "person", "children": "child",
}  # fmt: skip


@pytest.mark.parametrize(("form", "lemma"), sorted(_FORMER_TABLE.items()))
def test_stem_reads_an_irregular_form_as_its_lemma(form: str, lemma: str) -> None:
    assert stem(form) == stem(lemma)


def test_stem_of_regular_forms_and_nouns_of_their_own() -> None:
    assert stem("pushing") == stem("pushed") == "push"
    assert stem("policies") == stem("policy")
    assert stem("controlled") == stem("control")  # a doubled consonant the suffix rule misses
    assert stem("media") == "media"  # not "medium"
    assert stem("sought") == stem("seek") != stem("sough")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("losing", "lose"),
        ("filing", "file"),
        ("stopped", "stop"),
        ("used", "use"),
        ("went", "go"),
        ("policies", "policy"),
    ],
)
def test_word_stem_reads_regular_and_irregular_forms_by_their_lemma(a: str, b: str) -> None:
    assert word_stem(a) == word_stem(b)


def test_word_stem_keeps_nouns_of_their_own_and_unknown_words() -> None:
    assert word_stem("media") == "media"
    assert word_stem("zqxed") == stem("zqxed")


def test_we_could_lose_and_we_could_be_losing_is_a_minor_difference() -> None:
    """The suffix rule alone read "losing" as "los" and "lose" as "lose": a content word changed."""
    quoted = compare("there is a chance that we could lose the House", "there is a chance we could be losing the House")
    assert quoted.difference == "minor"


def test_lose_and_win_stay_a_substantive_difference() -> None:
    assert compare("we could lose the House", "we could win the House").difference == "substantive"


def test_stem_caches_stay_bounded_on_a_flood_of_made_up_words() -> None:
    """Stems are cached (a story's claims repeat their words), but hostile text of
    endless new words must not grow the caches without end."""
    from corroborate.align.differences import _irregular_lemma, _lemma

    for n in range(70_000):
        stem(f"zq{n}xed")
        word_stem(f"zq{n}xed")
    for cached in (stem, _irregular_lemma, word_stem, _lemma):
        info = cached.cache_info()
        assert info.maxsize is not None
        assert info.currsize <= info.maxsize
    assert stem("pushed") == "push"  # still right after evictions


def test_not_one_pier_and_not_a_single_pier_is_minor() -> None:
    """ "a single" is "one" spelt out: a change of function words, not of a figure."""
    assert compare("There was not one pier left standing", "There was not a single pier left standing").difference == "minor"
    assert compare("one pier was left", "two piers were left").difference == "substantive"
