"""Hypothesis strategies for messy article text and arbitrary inputs."""

from __future__ import annotations

from hypothesis import strategies as st

QUOTE_MARKS = "\"'“”‘’„«»‹›`"
# Control characters, bidi marks (RTL, LTR, embeddings, isolates), zero-width
# characters and joiners, line and paragraph separators, a BOM, replacement char.
ODD_CHARACTERS = (
    "\x00\x01\x07\x08\x0b\x0c\x1b\x7f\x85\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2066\u2067\u2068\u2069\u2028\u2029\ufeff\ufffd\u00a0\u3000"
)
EMOJI = ["😀", "👩‍👩‍👧", "🇺🇸", "👍🏽", "❤️", "🏳️‍🌈"]
WORDS = [
    "said",
    "told",
    "the",
    "mayor",
    "Ms. Okafor",
    "Police",
    "“We",
    "are",
    "ready,”",
    "'90s",
    "don't",
    "—",
    "…",
    "3,000",
    "Tuesday",
]

characters = st.one_of(
    st.sampled_from(QUOTE_MARKS),
    st.sampled_from(ODD_CHARACTERS),
    st.sampled_from(" \n\n\t\r"),
    st.characters(),
)
pieces = st.one_of(st.sampled_from(WORDS), st.sampled_from(EMOJI), st.text(characters, max_size=6))

# Text built from news-like words, quote marks, odd characters and emoji, any order.
messy_text = st.lists(pieces, max_size=80).map(" ".join) | st.text(characters, max_size=300)
