"""Fast sentence lookup for a token."""

from __future__ import annotations

from bisect import bisect_right

from spacy.tokens import Span, Token

_SENTENCES_KEY = "corroborate.sentences"


def sentence_of(token: Token) -> Span:
    """The sentence holding `token`. spaCy's `Token.sent` scans every sentence of
    the Doc on each call; this indexes them once per Doc (cached in `doc.user_data`)."""
    doc = token.doc
    index = doc.user_data.get(_SENTENCES_KEY)
    if index is None:
        sentences = list(doc.sents)
        index = (sentences, [sentence.start for sentence in sentences])
        doc.user_data[_SENTENCES_KEY] = index
    sentences, starts = index
    return sentences[bisect_right(starts, token.i) - 1]
