"""Fast sentence lookup for a token, and what a parsed Doc keeps of itself (`once_per_doc`)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from typing import TypeVar, cast

from spacy.tokens import Doc, Span, Token

_T = TypeVar("_T")
# Where a sentence ends in raw text, whatever the parse joined: a stop (and a closing
# mark) before a capital, or a line break.
SENTENCE_END = re.compile(r"[.!?][\"”’']?\s+(?=[\"“‘']?[A-Z])|\n")


def once_per_doc(doc: Doc, name: str, compute: Callable[[], _T]) -> _T:
    """`compute()`, kept in `doc.user_data` under `name` for the Doc's later asks: what
    several extractors read of one parsed article is worked out once."""
    key = f"corroborate.{name}"
    if key not in doc.user_data:
        doc.user_data[key] = compute()
    return cast(_T, doc.user_data[key])


def doc_text(doc: Doc) -> str:
    """The Doc's text, joined once per Doc: `Doc.text` joins every token's text anew on
    each call."""
    return once_per_doc(doc, "text", lambda: doc.text)


def sentence_of(token: Token) -> Span:
    """The sentence holding `token`. spaCy's `Token.sent` scans every sentence of
    the Doc on each call; this indexes them once per Doc (`once_per_doc`).
    A sentence never runs over a line break: the parser joins a paragraph that ends
    without a stop (or with a quotation's closing mark) to the next one."""
    index = once_per_doc(token.doc, "sentences", lambda: _sentence_index(token.doc))
    sentences, starts = index
    return sentences[bisect_right(starts, token.i) - 1]


def _sentence_index(doc: Doc) -> tuple[list[Span], list[int]]:
    sentences = [piece for sentence in doc.sents for piece in _split_at_paragraphs(sentence)]
    return sentences, [sentence.start for sentence in sentences]


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
