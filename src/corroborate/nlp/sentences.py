"""Fast sentence lookup for a token."""

from __future__ import annotations

import re
from bisect import bisect_right

from spacy.tokens import Doc, Span, Token

_SENTENCES_KEY = "corroborate.sentences"
_TEXT_KEY = "corroborate.text"
# Where a sentence ends in raw text, whatever the parse joined: a stop (and a closing
# mark) before a capital, or a line break.
SENTENCE_END = re.compile(r"[.!?][\"”’']?\s+(?=[\"“‘']?[A-Z])|\n")


def doc_text(doc: Doc) -> str:
    """The Doc's text, joined once per Doc (cached in `doc.user_data`): `Doc.text`
    joins every token's text anew on each call."""
    text = doc.user_data.get(_TEXT_KEY)
    if not isinstance(text, str):
        text = doc.user_data[_TEXT_KEY] = doc.text
    return text


def sentence_of(token: Token) -> Span:
    """The sentence holding `token`. spaCy's `Token.sent` scans every sentence of
    the Doc on each call; this indexes them once per Doc (cached in `doc.user_data`).
    A sentence never runs over a line break: the parser joins a paragraph that ends
    without a stop (or with a quotation's closing mark) to the next one."""
    doc = token.doc
    index = doc.user_data.get(_SENTENCES_KEY)
    if index is None:
        sentences = [piece for sentence in doc.sents for piece in _split_at_paragraphs(sentence)]
        index = (sentences, [sentence.start for sentence in sentences])
        doc.user_data[_SENTENCES_KEY] = index
    sentences, starts = index
    return sentences[bisect_right(starts, token.i) - 1]


def _split_at_paragraphs(sentence: Span) -> list[Span]:
    pieces: list[Span] = []
    start = sentence.start
    for token in sentence:
        if token.is_space and "\n" in token.text and token.i + 1 < sentence.end:
            pieces.append(sentence.doc[start : token.i + 1])
            start = token.i + 1
    pieces.append(sentence.doc[start : sentence.end])
    return pieces


def across_lines(a: Token, b: Token) -> bool:
    """A line break lies between two tokens: a parse that ran one paragraph into the next
    (one without a final stop) hangs the next paragraph's verb on the last one's names."""
    low, high = sorted((a.i, b.i))
    return "\n" in a.doc[low:high].text_with_ws  # the span's text only: `Doc.text` joins the whole Doc


_DASHES = ("—", "--", "–")


def is_dateline(token: Token) -> bool:
    """Whether a token heads a dateline opening its line: in capitals, with a dash in its
    phrase or right after it ("HARBOR CITY, Ore. — ...", "PORT KESSLER, Ohio — ...")."""
    span = list(token.subtree)
    doc = token.doc
    opens_line = span[0].i == 0 or "\n" in doc[span[0].i - 1].text
    after = [doc[span[-1].i + 1]] if span[-1].i + 1 < len(doc) else []
    return opens_line and token.text.isupper() and any(t.text in _DASHES for t in (*span, *after))
