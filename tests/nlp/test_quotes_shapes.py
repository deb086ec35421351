"""Cue and speaker choices for quotation shapes the parse misreads, on hand-built parses
(no model) or hand-written texts, each test named after its input."""

from __future__ import annotations

import spacy
from spacy.tokens import Doc

from corroborate.nlp.quotemarks import QuoteSpan
from corroborate.nlp.quotes import _find_cue
from corroborate.nlp.spans import SpanIndex


def _parsed(rows: list[tuple[str, bool, int, str, str, str, str, str]]) -> Doc:
    """A Doc from (word, space after, head, dep, pos, tag, lemma, entity) rows."""
    words, spaces, heads, deps, pos, tags, lemmas, ents = (list(column) for column in zip(*rows, strict=True))
    return Doc(
        spacy.blank("en").vocab, words=words, spaces=spaces, heads=heads, deps=deps, pos=pos, tags=tags, lemmas=lemmas, ents=ents
    )


def _cue_of(doc: Doc) -> str | None:
    text = doc.text
    start, end = text.index("“") + 1, text.index("”")
    cue = _find_cue(doc, text, QuoteSpan(start, end, "“"), (0, len(text)), SpanIndex([(start, end)]))
    return cue.text if cue is not None else None


def test_after_ames_told_the_paper_he_was_quoted_hung_under_was_is_told() -> None:
    # "After Ames told the paper he was “not ready” on it." with "told" parsed as a modifier
    # of "was": the pronoun's clause is what was told, and Ames told it.
    doc = _parsed(
        [
            ("After", True, 2, "mark", "SCONJ", "IN", "after", "O"),
            ("Ames", True, 2, "nsubj", "PROPN", "NNP", "", "B-PERSON"),
            ("told", True, 6, "advcl", "VERB", "VBD", "tell", "O"),
            ("the", True, 4, "det", "DET", "DT", "", "O"),
            ("paper", True, 2, "dobj", "NOUN", "NN", "", "O"),
            ("he", True, 6, "nsubj", "PRON", "PRP", "", "O"),
            ("was", True, 6, "ROOT", "AUX", "VBD", "be", "O"),
            ("“", False, 6, "punct", "PUNCT", "``", "", "O"),
            ("not", True, 9, "neg", "PART", "RB", "", "O"),
            ("ready", False, 6, "acomp", "ADJ", "JJ", "", "O"),
            ("”", True, 6, "punct", "PUNCT", "''", "", "O"),
            ("on", True, 6, "prep", "ADP", "IN", "", "O"),
            ("it", False, 11, "pobj", "PRON", "PRP", "", "O"),
            (".", False, 6, "punct", "PUNCT", ".", "", "O"),
        ]
    )
    assert _cue_of(doc) == "told"


def test_he_told_the_paper_she_was_quoted_keeps_the_clause_verb() -> None:
    # "After he told the paper she was “not ready” …": the teller is a pronoun too, so the
    # clause's own verb stays the cue (who "she" is is the pronoun resolver's business).
    doc = _parsed(
        [
            ("After", True, 2, "mark", "SCONJ", "IN", "after", "O"),
            ("he", True, 2, "nsubj", "PRON", "PRP", "", "O"),
            ("told", True, 6, "advcl", "VERB", "VBD", "tell", "O"),
            ("the", True, 4, "det", "DET", "DT", "", "O"),
            ("paper", True, 2, "dobj", "NOUN", "NN", "", "O"),
            ("she", True, 6, "nsubj", "PRON", "PRP", "", "O"),
            ("was", True, 6, "ROOT", "AUX", "VBD", "be", "O"),
            ("“", False, 6, "punct", "PUNCT", "``", "", "O"),
            ("not", True, 9, "neg", "PART", "RB", "", "O"),
            ("ready", False, 6, "acomp", "ADJ", "JJ", "", "O"),
            ("”", False, 6, "punct", "PUNCT", "''", "", "O"),
            (".", False, 6, "punct", "PUNCT", ".", "", "O"),
        ]
    )
    assert _cue_of(doc) == "was"
